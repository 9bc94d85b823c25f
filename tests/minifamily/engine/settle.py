"""The minimal family's journal entries (rules 3-4): per deal the winner receives ``win`` from each
other player and pays ``fee`` into the kitty; the split gives the kitty to the lowest total. The
state between deals is the default, the pots' contents by name (``{"kitty": n}``)."""
from __future__ import annotations

from typing import Mapping

from scoring.engine.ledger import Entry, EntryKind, IdentityEnum, Posting, make_entry
from .model import Deal, Pot, winner
from .rates import RateCard

class Reason(IdentityEnum):
    WIN = "win"        # rule 3
    FEE = "fee"        # rule 3
    KITTY = "kitty"    # rule 4


def settle_opening(players: tuple[str, ...], card: RateCard) -> Entry:
    return make_entry(EntryKind.OPENING, None, players, (), pots=(Pot.KITTY,), state={"kitty": 0})


def settle_valid_deal(players: tuple[str, ...], number: int, deal: Deal, state: Mapping[str, int],
                      card: RateCard) -> Entry:
    won, kitty = winner(players, deal), state["kitty"]
    postings = [Posting(p, won, card.win, Reason.WIN) for p in players if p != won]
    postings.append(Posting(won, Pot.KITTY, card.fee, Reason.FEE))
    return make_entry(EntryKind.DEAL, number, players, postings, pots=(Pot.KITTY,), before=(kitty,),
                      state={"kitty": kitty + card.fee}, info=(("winner", won),))


def settle_split(players: tuple[str, ...], state: Mapping[str, int], running: Mapping[str, int],
                 card: RateCard) -> Entry:
    """The kitty to the lowest total, the earlier seat on a tie (rule 4)."""
    lowest, kitty = min(players, key=lambda p: running[p]), state["kitty"]
    postings = [Posting(Pot.KITTY, lowest, kitty, Reason.KITTY)] if kitty else []
    return make_entry(EntryKind.SPLIT, None, players, postings, pots=(Pot.KITTY,), before=(kitty,), state={"kitty": 0})
