"""The minimal family's journal entries (rules 3-4): per deal the winner receives ``win`` from each
other player and pays ``fee`` into the kitty; the split gives the kitty to the lowest total."""
from __future__ import annotations

from typing import Callable, Mapping, Sequence

from scoring.engine.ledger import (
    Entry, EntryKind, IdentityEnum, Posting, Settlement, make_entry, settle_checked, settle_in_turn,
)
from .model import Deal, Evening, Pot, winner
from .rates import RATE_CARDS, RateCard
from .validate import validate_deal, validate_evening

_KITTY = Pot.KITTY


class Reason(IdentityEnum):
    WIN = "win"        # rule 3
    FEE = "fee"        # rule 3
    KITTY = "kitty"    # rule 4


def settle_opening(players: tuple[str, ...], card: RateCard) -> Entry:
    return make_entry(EntryKind.OPENING, None, players, (), pots=(_KITTY,), state=0)


def state_before(players: tuple[str, ...], card: RateCard, pots: Mapping[str, int],
                 earlier: Callable[[], Sequence[Deal]]) -> int:
    """The kitty's content before the next deal, by the pot's name; nothing else carries over."""
    return pots.get(_KITTY.value, 0)


def settle_deal(players: tuple[str, ...], number: int, deal: Deal, state: int, card: RateCard) -> Entry:
    return settle_checked(players, number, deal, state, card, validate_deal=validate_deal,
                          settle_valid_deal=_settle_valid_deal)


def _settle_valid_deal(players: tuple[str, ...], number: int, deal: Deal, state: int, card: RateCard) -> Entry:
    won = winner(players, deal)
    postings = [Posting(p, won, card.win, Reason.WIN) for p in players if p != won]
    postings.append(Posting(won, _KITTY, card.fee, Reason.FEE))
    return make_entry(EntryKind.DEAL, number, players, postings, pots=(_KITTY,), before=(state,),
                      state=state + card.fee, info=(("winner", won),))


def settle_split(players: tuple[str, ...], state: int, running: Mapping[str, int], card: RateCard) -> Entry:
    """The kitty to the lowest total, the earlier seat on a tie (rule 4)."""
    lowest = min(players, key=lambda p: running[p])
    postings = [Posting(_KITTY, lowest, state, Reason.KITTY)] if state else []
    return make_entry(EntryKind.SPLIT, None, players, postings, pots=(_KITTY,), before=(state,), state=0)


def settle_evening(evening: Evening, card: RateCard | None = None, *, validated: bool = False) -> Settlement:
    if card is None:
        card = evening.card or RATE_CARDS[evening.rules]
    return settle_in_turn(evening, card, validate_evening=validate_evening, settle_opening=settle_opening,
                          settle_deal=_settle_valid_deal, settle_split=settle_split, validated=validated)
