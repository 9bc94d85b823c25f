"""The minimal family's deal object in the evening file: ``{"dealer": name, "counts": {name: n}}``."""
from __future__ import annotations

from typing import Any

from scoring.engine.reading import Reader, evening_dict, read_deal, read_evening
from .model import PLAYERS, Deal, Evening
from .rates import RATE_CARDS, RateCard
from .validate import validate_deal, validate_players


def parse_evening(data: Any, *, bounded: bool = True, max_deals: int | None = None) -> Evening:
    return Evening(*read_evening(
        data, bounded=bounded, max_deals=max_deals, default_rules=None, rate_cards=RATE_CARDS,
        card_from_dict=RateCard.from_dict, players_allowed=PLAYERS, player_count_code="minifamily_player_count",
        validate_players=validate_players, parse_deal=_parse_deal, validate_deal=validate_deal))


def parse_deal(data: Any, number: int = 1, card: RateCard | None = None) -> Deal:
    return read_deal(data, number, _parse_deal)


def _parse_deal(r: Reader, raw: Any) -> Deal | None:
    before = r.fatal
    d = r.obj(raw, "", {"dealer", "counts"}, ("dealer", "counts"))
    if d is None:
        return None
    dealer = r.name(d["dealer"], "dealer") if "dealer" in d else None
    counts: list[tuple[str, int]] = []
    raw_counts = d.get("counts")
    if "counts" in d and not isinstance(raw_counts, dict):
        r.add("counts", "not_object")
    elif isinstance(raw_counts, dict):
        r.duplicates(raw_counts, "counts.")
        for name, raw_count in raw_counts.items():
            if (count := r.integer(raw_count, f"counts.{name}")) is not None:
                counts.append((name, count))
    if r.fatal != before or dealer is None:
        return None
    return Deal(dealer, tuple(counts))


def deal_to_dict(deal: Deal) -> dict:
    return {"dealer": deal.dealer, "counts": dict(deal.counts)}


def evening_to_dict(evening: Evening) -> dict:
    return evening_dict(evening, deal_to_dict)
