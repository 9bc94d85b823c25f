"""The minimal family's deal object in the evening file: ``{"dealer": name, "counts": {name: n}}``
(the file's top level is read and written by the defaults, ``family_of_modules``)."""
from __future__ import annotations

from typing import Any

from scoring.engine.reading import Reader
from .model import Deal


def deal_from(r: Reader, raw: Any) -> Deal | None:
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
