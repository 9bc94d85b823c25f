"""The Selca family's evening file ``tarokklub.evening/1`` (docs/format.md, docs/rules/selca.md §14): strict
reading and writing.

Reading collects every problem of a file (structure first, then §12 for each deal whose structure
is sound) and raises one ``EveningError``. Unknown keys are errors at every level, ``null`` is
never a value, a whole number is an integer (``106.0`` and ``true`` are refused), a key given
twice is an error (``reading.decode`` keeps both). Writing then reading gives the same ``Evening``:
a deal keeps exactly the fields it was given.

A file from outside is held to ``bounds.py`` (``bounded=True``, the default): names a form would
accept, an embedded card's amounts within the club pages' limits.
"""
from __future__ import annotations

import re
from typing import Any

from scoring.engine.problems import Path
from scoring.engine.reading import Reader, read_deal, read_evening
from .model import Announcement, Deal, Evening, Kind, Kontra, KontraLevel, Mondfang, Pagatfonk, Side
from .rates import RATE_CARDS, RateCard
from .validate import DEAL_FIELDS, PLAYERS, validate_deal, validate_players

_DEAL_KEYS = {"dealer", "kind", *DEAL_FIELDS}
_SIDES = ("kings", "trula", "pagat_ultimo", "pagat_lost")
_NAMES = ("shown_by", "declarer")
_INTEGERS = ("game", "count")
#: §14: ``date`` is ``YYYY-MM-DD`` exactly (``date.fromisoformat`` alone would take "20261120" too).
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)


def parse_evening(data: Any, *, bounded: bool = True, max_deals: int | None = None) -> Evening:
    """An ``Evening`` from decoded JSON; raises ``EveningError`` listing every problem.

    ``bounded`` holds the file to ``bounds.py`` (a file from outside; ``False`` re-reads what the
    app itself stored). A file of more than ``max_deals`` deals is refused before any deal is read."""
    return Evening(*read_evening(
        data, bounded=bounded, max_deals=max_deals, default_rules=None, rate_cards=RATE_CARDS,
        card_from_dict=RateCard.from_dict, players_allowed=PLAYERS, player_count_code="selca_player_count",
        validate_players=validate_players, parse_deal=_parse_deal, validate_deal=validate_deal,
        date_pattern=_DATE))


def parse_deal(data: Any, number: int = 1, card: RateCard | None = None) -> Deal:
    """One deal object of an evening file (structure only: it reads the same with every card of the
    family, so ``card`` is not needed); raises ``EveningError``."""
    return read_deal(data, number, _parse_deal)


def _parse_deal(r: Reader, raw: Any) -> Deal | None:
    """The deal of ``raw``, or every problem of it at its field."""
    before = r.fatal
    d = r.obj(raw, "", _DEAL_KEYS, ("dealer", "kind"))
    if d is None:
        return None
    value: dict[str, Any] = {}
    if "dealer" in d:
        value["dealer"] = r.name(d["dealer"], "dealer")
    if "kind" in d:
        value["kind"] = r.choice(d["kind"], "kind", Kind)
    for key in _NAMES:
        if key in d:
            value[key] = r.name(d[key], key)
    for key in _INTEGERS:
        if key in d:
            value[key] = r.integer(d[key], key)
    for key in _SIDES:
        if key in d:
            value[key] = r.choice(d[key], key, Side)
    if "announced" in d:
        items = [r.choice(item, "announced", Announcement) for item in r.items(d["announced"], "announced")]
        value["announced"] = None if not isinstance(d["announced"], list) or None in items else tuple(items)
    if "valat" in d:
        value["valat"] = r.boolean(d["valat"], "valat")
    if "mondfang" in d:
        pair = _pair(r, d["mondfang"], ("mondfang",), ("owner", "by"))
        value["mondfang"] = None if pair is None else Mondfang(*pair)
    if "pagatfonk" in d:
        pair = _pair(r, d["pagatfonk"], ("pagatfonk",), ("skis", "pagat"))
        value["pagatfonk"] = None if pair is None else Pagatfonk(*pair)
    if "kontra" in d:
        value["kontra"] = _kontra(r, d["kontra"])
    if "renons" in d:
        names = [r.name(item, "renons") for item in r.items(d["renons"], "renons")]
        value["renons"] = None if not isinstance(d["renons"], list) or None in names else tuple(names)
    if "counts" in d:
        value["counts"] = _counts(r, d["counts"])
    if r.fatal != before or any(v is None for v in value.values()):
        return None
    return Deal(**value)


def _pair(r: Reader, raw: Any, at: Path, keys: tuple[str, str]) -> tuple[str, str] | None:
    """``mondfang`` (owner, by) or ``pagatfonk`` (skis, pagat): two players, both required."""
    o = r.obj(raw, at, set(keys), keys)
    if o is None:
        return None
    names = [r.name(o[key], (*at, key)) if key in o else None for key in keys]
    return None if None in names else (names[0], names[1])


def _kontra(r: Reader, raw: Any) -> Kontra | None:
    """``kontra``: ``by`` and the last word on each item said (§5); §12 checks the rest."""
    o = r.obj(raw, "kontra", {"by", "game", "pagat", "valat"})
    if o is None:
        return None
    value: dict[str, Any] = {}
    if "by" in o:
        value["by"] = r.name(o["by"], "kontra.by")
    for item in ("game", "pagat", "valat"):
        if item in o:
            value[item] = r.choice(o[item], ("kontra", item), KontraLevel)
    return None if any(v is None for v in value.values()) else Kontra(**value)


def _counts(r: Reader, raw: Any) -> tuple[tuple[str, int], ...] | None:
    """``counts``: each player at the table to his count in thirds (§8); §12 checks the rest."""
    if not isinstance(raw, dict):
        r.add("counts", "not_object")
        return None
    r.duplicates(raw, "counts")
    counts, ok = [], True
    for name, raw_count in raw.items():
        if r.bounded and not r.bounded_text(name, ("counts", name)):
            ok = False
            continue
        count = r.integer(raw_count, ("counts", name))
        if count is None:
            ok = False
        else:
            counts.append((name, count))
    return tuple(counts) if ok else None


# Writing ---------------------------------------------------------------------------------------

def deal_to_dict(deal: Deal) -> dict:
    """A deal as §14 writes it: exactly the fields it has."""
    out: dict[str, Any] = {"dealer": deal.dealer}
    if deal.kind is not None:
        out["kind"] = deal.kind.value
    for key in (*_NAMES, *_INTEGERS):
        if getattr(deal, key) is not None:
            out[key] = getattr(deal, key)
    for key in _SIDES:
        if getattr(deal, key) is not None:
            out[key] = getattr(deal, key).value
    if deal.announced is not None:
        out["announced"] = [a.value for a in deal.announced]
    if deal.valat is not None:
        out["valat"] = deal.valat
    if deal.mondfang is not None:
        out["mondfang"] = {"owner": deal.mondfang.owner, "by": deal.mondfang.by}
    if deal.pagatfonk is not None:
        out["pagatfonk"] = {"skis": deal.pagatfonk.skis, "pagat": deal.pagatfonk.pagat}
    if deal.kontra is not None:
        kontra = deal.kontra
        out["kontra"] = {**({"by": kontra.by} if kontra.by is not None else {}),
                         **{item: level.value for item, level in kontra.items}}
    if deal.renons is not None:
        out["renons"] = list(deal.renons)
    if deal.counts is not None:
        out["counts"] = dict(deal.counts)
    return out
