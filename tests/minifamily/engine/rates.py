"""The minimal family's one rate card: what the winner receives from each other player and the fee
he pays into the kitty (rule 3)."""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

from scoring.engine.cards import check_card, exact_keys

CARD_KEYS = ("name", "title", "win", "fee")


@dataclass(frozen=True)
class RateCard:
    name: str
    title: str
    win: int = 5
    fee: int = 1

    def __post_init__(self) -> None:
        check_card(self, {}, lambda where: "")

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "title": self.title, "win": self.win, "fee": self.fee}

    @classmethod
    def from_dict(cls, data: Any) -> "RateCard":
        return cls(**exact_keys(data, "", CARD_KEYS))


MINI = RateCard(name="minifamily", title="Mini")
RATE_CARDS: Mapping[str, RateCard] = MappingProxyType({MINI.name: MINI})
DEFAULT_RATE_CARD = MINI
