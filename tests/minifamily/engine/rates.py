"""The minimal family's one rate card: what the winner receives from each other player and the fee
he pays into the kitty (rule 3)."""
from __future__ import annotations

from dataclasses import dataclass

from scoring.engine.cards import WholeNumbersCard


@dataclass(frozen=True)
class RateCard(WholeNumbersCard):
    name: str
    title: str
    win: int = 5
    fee: int = 1


DEFAULT_RATE_CARD = RateCard(name="minifamily", title="Mini")
