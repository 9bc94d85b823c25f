"""Each player's figures of one minimal-family deal, derived from its journal entry."""
from __future__ import annotations

from dataclasses import dataclass

from scoring.engine.ledger import Entry
from .model import Deal, winner


@dataclass(frozen=True)
class PlayerDealStats:
    player: str
    active: bool
    net: int
    won: int = 0        # held the highest count (rule 2)


def deal_stats(players: tuple[str, ...], deal: Deal, entry: Entry) -> tuple[PlayerDealStats, ...]:
    top = winner(players, deal)
    return tuple(PlayerDealStats(p, True, entry.net[p], int(p == top)) for p in players)
