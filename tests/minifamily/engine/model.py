"""The minimal family's deal and its pot (tests/minifamily/__init__.py, rules 1-3); everyone plays
and the next seat deals (rule 1): the default seats (``families.seating_in_turn``)."""
from __future__ import annotations

from dataclasses import dataclass

from scoring.engine.families import PlayedKind
from scoring.engine.ledger import IdentityEnum

#: The highest count a player may hold (rule 2).
MAX_COUNT = 100


class Pot(IdentityEnum):
    """The family's own account besides the players: the kitty the winner's fee goes into (rule 3)."""

    KITTY = "kitty"


@dataclass(frozen=True)
class Deal:
    dealer: str
    counts: tuple[tuple[str, int], ...] = ()
    kind: PlayedKind = PlayedKind.PLAYED    # every deal is played: no misdeal


def winner(players: tuple[str, ...], deal: Deal) -> str:
    """The player with the single highest count (rule 2; a valid deal has one)."""
    counts = dict(deal.counts)
    return max(players, key=lambda p: counts[p])
