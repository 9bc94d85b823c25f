"""Slovenian Tarok "po Selško" (RULES-selca.md): 3 or 4 at a table (at 4 the dealer rests), a
written score ("zapisnik"): each deal writes points, winners +, losers −, not zero-sum; the ledger
balances them with the family's one pot, the sheet, which is never a cup; money at the end is §11's
rule on the totals. The family's ``FAMILY`` answers the protocol of ``families.py``.

The modules, each the one place of its rules: ``model`` (the deal and evening, seats, counts in
thirds), ``rates`` (every number), ``validate`` (§12), ``settle`` (§3-§9 and §11: items, who is
written what, klop, formula, entries, money), ``interchange`` (§14), ``stats`` (per-player figures),
``generate`` (random valid deals), ``problems`` (the family's message codes)."""
from __future__ import annotations

from typing import Any, Mapping

from ..families import Family
from ..ledger import holds
from . import interchange, model, problems, rates, settle, stats, validate

#: The family's own message codes (Danish, English), registered when ``problems`` is imported.
CODES = problems.CATALOGUE


def _card_base(card: Any) -> rates.RateCard | None:
    """A club's copy may change any number: every Selca card is a copy of the built-in one."""
    return rates.SELCA if isinstance(card, rates.RateCard) else None


def _owns_card(data: Any) -> bool:
    """A card of the Selca shape (a club's copy under a name of its own)."""
    return isinstance(data, Mapping) and "poeni_step" in data and "izkupicek_21" in data


FAMILY = Family(
    name="selca",
    players=validate.PLAYERS,
    pots=tuple(pot.value for pot in model.Pot),
    cups=tuple(pot.value for pot in model.Pot if holds(pot)),
    cups_of=lambda card: tuple(pot.value for pot in model.Pot if holds(pot)),
    needs_history=False,
    rate_cards=rates.RATE_CARDS,
    default_card=rates.DEFAULT_RATE_CARD,
    card_from_dict=rates.RateCard.from_dict,
    owns_card=_owns_card,
    card_base=_card_base,
    parse_evening=interchange.parse_evening,
    parse_deal=interchange.parse_deal,
    deal_to_dict=interchange.deal_to_dict,
    evening_to_dict=interchange.evening_to_dict,
    validate_players=validate.validate_players,
    validate_deal=validate.validate_deal,
    settle_opening=settle.settle_opening,
    settle_deal=settle.settle_deal,
    settle_split=settle.settle_split,
    state_before=settle.state_before,
    settle_evening=settle.settle_evening,
    make_evening=model.Evening,
    seating=model.seating,
    dealer_after=model.dealer_after,
    deal_stats=stats.deal_stats,
    money=settle.money,
    played_kinds=("game", "klop"),     # §3, §8: not a misdeal or a shown hand (§9)
    summary_figures=(),
)
