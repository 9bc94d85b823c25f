"""Danish Tarok (docs/rules/danish.md): the VLK, DTF 2011 and older rule-book cards, three active players and
two cups. The family's ``FAMILY`` answers the protocol of ``families.py``."""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from scoring.engine.families import card_with_keys, family_of_modules
from . import generate, interchange, model, rates, settle, stats, validate
from .settle import Cups


def _state_before(players: tuple[str, ...], card: rates.RateCard, pots: Mapping[str, int],
                  earlier: Callable[[], Sequence[Any]]) -> Cups:
    """A Danish deal needs only the cups' content before it (docs/rules/danish.md §2)."""
    return Cups(king=pots.get("king", 0), pagat=pots.get("pagat", 0))


def _dealer_after(players: tuple[str, ...], dealer: str, kind: str) -> str:
    """docs/rules/danish.md §1: the deal passes on (a misdeal too, §11a); a scrapped deal and a free
    redeal (§7.4) are dealt again by the same dealer."""
    return dealer if kind in ("scrapped", "redeal") else model.seating(players, dealer).next_dealer


def _card_seats(card: rates.RateCard) -> tuple[int, ...]:
    """Three up to the card's ``max_players`` (the old German cards: three only)."""
    return tuple(n for n in (3, 4, 5) if n <= card.max_players)


def _tournament_table(card: rates.RateCard) -> int:
    """The old German cards are three-handed games (docs/rules/grosstarock.md §1): a tournament
    seats them in threes; the Danish cards in fours, one sitting out each deal."""
    old_german = card.name in rates.OLD_GERMAN_CARDS or any(
        interchange.card_fixed_fields(card) == interchange.card_fixed_fields(base)
        for base in rates.OLD_GERMAN_CARDS.values())
    return 3 if old_german else 4


def _cups_of(card: rates.RateCard) -> tuple[str, ...]:
    """The two cups, unless the card never puts anything into them (``RateCard.has_cups``)."""
    return ("king", "pagat") if card.has_cups else ()


FAMILY = family_of_modules(
    "danish", rank=1, interchange=interchange, model=model, rates=rates, settle=settle, stats=stats, validate=validate,
    players=(3, 4, 5),
    pots=("king", "pagat"),
    cups=("king", "pagat"),
    cups_of=_cups_of,
    rate_cards=rates.ALL_RATE_CARDS,
    owns_card=card_with_keys("opening_per_cup"),
    card_base=interchange.card_base,
    earlier_cards=rates.EARLIER_EDITIONS,
    state_before=_state_before,
    dealer_after=_dealer_after,
    random_deal=generate.random_deal,
    card_seats=_card_seats,
    tournament_table=_tournament_table,
    summary_figures=("pagat_ultimo", "king_ultimo", "pagat_bagud", "king_bagud", "tout", "nolo", "last_trick",
                     "meld_points", "fines"),
    cup_won_figure="cup_won",
)
