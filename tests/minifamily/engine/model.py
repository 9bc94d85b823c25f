"""The minimal family's deal, evening and seats (tests/minifamily/__init__.py, rules 1-2)."""
from __future__ import annotations

import datetime
from dataclasses import dataclass

from scoring.engine.ledger import IdentityEnum

#: The highest count a player may hold (rule 2).
MAX_COUNT = 100
PLAYERS = (2, 3, 4)


class Pot(IdentityEnum):
    """The family's own account besides the players: the kitty the winner's fee goes into (rule 3)."""

    KITTY = "kitty"


class DealKind(IdentityEnum):
    """Every deal is played: the family has no misdeal (the evening file's ``kind``, never written)."""

    PLAYED = "played"


@dataclass(frozen=True)
class Deal:
    dealer: str
    counts: tuple[tuple[str, int], ...] = ()
    kind: DealKind = DealKind.PLAYED

    @property
    def count_map(self) -> dict[str, int]:
        return dict(self.counts)


@dataclass(frozen=True)
class Evening:
    players: tuple[str, ...]
    deals: tuple[Deal, ...] = ()
    rules: str = "minifamily"
    date: datetime.date | None = None
    card: object | None = None


@dataclass(frozen=True)
class Seating:
    dealer: str
    forehand: str
    active: tuple[str, ...]
    sitting_out: tuple[str, ...]
    next_dealer: str


def dealer_after(players: tuple[str, ...], dealer: str, kind: str) -> str:
    """The next seat deals after every deal (rule 1)."""
    return players[(players.index(dealer) + 1) % len(players)]


def seating(players: tuple[str, ...], dealer: str) -> Seating:
    """Everyone plays; the one left of the dealer leads (rule 1)."""
    if len(players) not in PLAYERS:
        raise ValueError(f"a mini table seats 2 to 4 players, not {len(players)}")
    if dealer not in players:
        raise ValueError(f"{dealer!r} does not sit at this table")
    forehand = dealer_after(players, dealer, "played")
    return Seating(dealer, forehand, tuple(players), (), forehand)


def winner(players: tuple[str, ...], deal: Deal) -> str:
    """The player with the single highest count (rule 2; a valid deal has one)."""
    counts = deal.count_map
    return max(players, key=lambda p: counts[p])
