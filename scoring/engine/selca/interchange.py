"""The Selca family's evening file ``tarokklub.evening/1`` (FORMAT.md, RULES-selca.md §14): strict
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
from datetime import date
from typing import Any

from .. import bounds
from ..problems import EveningError, problem
from ..reading import FORMAT, LongNumber, Reader
from .model import Announcement, Deal, Evening, Kind, Kontra, KontraLevel, Mondfang, Pagatfonk, Side
from .rates import RATE_CARDS, RateCard
from .validate import DEAL_FIELDS, PLAYERS, validate_deal, validate_players

_EVENING_KEYS = {"format", "rules", "rate_card", "date", "players", "deals"}
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
    top = Reader(None, bounded)
    root = top.obj(data, "", _EVENING_KEYS, ("format", "rules", "players", "deals"))
    if root is None:
        raise EveningError(top.problems)
    if max_deals is not None and isinstance(root.get("deals"), list) and len(root["deals"]) > max_deals:
        raise EveningError([problem(None, "deals", "too_many_deals", maximum=max_deals, count=len(root["deals"]))])
    if "format" in root and root["format"] != FORMAT:
        top.add("format", "format", expected=FORMAT)
    rules = root.get("rules")
    rules_ok = "rules" in root and top.text(rules, "rules") is not None and not (
        bounded and not top.bounded_text(rules, "rules", bounds.CARD_NAME_MAX_LENGTH))
    embedded = None
    if "rate_card" in root:   # a club's own card travels with its evenings
        if not bounded or _card_within_bounds(top, root["rate_card"]):
            try:
                embedded = RateCard.from_dict(root["rate_card"])
            except (ValueError, TypeError) as exc:
                field, _sep, message = str(exc).partition(": ")
                top.add(f"rate_card.{field}" if message else "rate_card", "bad_rate_card", detail=message or str(exc))
            else:
                if rules_ok and embedded.name != rules:
                    top.add("rate_card.name", "rate_card_name", name=embedded.name, rules=rules)
    elif rules_ok and rules not in RATE_CARDS:
        top.add("rules", "unknown_rules", name=rules)
    evening_date = None
    if "date" in root:
        if top.text(root["date"], "date") is not None:
            try:
                if not _DATE.fullmatch(root["date"]):
                    raise ValueError(root["date"])
                evening_date = date.fromisoformat(root["date"])
            except ValueError:
                top.add("date", "not_date")
    players: list[str] = []
    raw_players = root.get("players", [])
    for i, name in enumerate(top.items(raw_players, "players"), 1):
        if top.name(name, f"players[{i}]") is not None:
            players.append(name)
    if isinstance(raw_players, list) and "players" in root:
        if len(players) == len(raw_players):
            top.problems.extend(validate_players(tuple(players)))
        elif len(raw_players) not in PLAYERS:
            top.add("players", "selca_player_count", count=len(raw_players))
    seats_ok = all(not p.field.startswith("players") for p in top.problems)
    card = embedded or (RATE_CARDS.get(rules) if isinstance(rules, str) else None)
    problems = top.problems
    deals: list[Deal] = []
    for number, raw in enumerate(top.items(root.get("deals", []), "deals"), 1):
        reader = Reader(number, bounded, top.names)
        deal = _parse_deal(reader, raw)
        problems.extend(reader.problems)
        if deal is not None:
            deals.append(deal)
            if seats_ok and card is not None:
                problems.extend(validate_deal(tuple(players), number, deal, card))
    if problems:
        raise EveningError(problems)
    return Evening(tuple(players), tuple(deals), rules, evening_date, embedded)


def parse_deal(data: Any, number: int = 1, card: RateCard | None = None) -> Deal:
    """One deal object of an evening file (structure only: it reads the same with every card of the
    family, so ``card`` is not needed); raises ``EveningError``."""
    reader = Reader(number)
    deal = _parse_deal(reader, data)
    if reader.problems:
        raise EveningError(reader.problems)
    return deal


def _parse_deal(r: Reader, raw: Any) -> Deal | None:
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
        pair = _pair(r, d["mondfang"], "mondfang", ("owner", "by"))
        value["mondfang"] = None if pair is None else Mondfang(*pair)
    if "pagatfonk" in d:
        pair = _pair(r, d["pagatfonk"], "pagatfonk", ("skis", "pagat"))
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


def _pair(r: Reader, raw: Any, at: str, keys: tuple[str, str]) -> tuple[str, str] | None:
    """``mondfang`` (owner, by) or ``pagatfonk`` (skis, pagat): two players, both required."""
    o = r.obj(raw, at, set(keys), keys)
    if o is None:
        return None
    names = [r.name(o[key], f"{at}.{key}") if key in o else None for key in keys]
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
            value[item] = r.choice(o[item], f"kontra.{item}", KontraLevel)
    return None if any(v is None for v in value.values()) else Kontra(**value)


def _counts(r: Reader, raw: Any) -> tuple[tuple[str, int], ...] | None:
    """``counts``: each player at the table to his count in thirds (§8); §12 checks the rest."""
    if not isinstance(raw, dict):
        r.add("counts", "not_object")
        return None
    r.duplicates(raw, "counts.")
    counts, ok = [], True
    for name, raw_count in raw.items():
        if r.bounded and not r.bounded_text(name, f"counts.{name}"):
            ok = False
            continue
        count = r.integer(raw_count, f"counts.{name}")
        if count is None:
            ok = False
        else:
            counts.append((name, count))
    return tuple(counts) if ok else None


def _card_within_bounds(r: Reader, raw: Any) -> bool:
    """An embedded card's numbers within the club card page's bounds and of sane size, its name and
    title texts a person may enter, no key twice; problems at ``rate_card.<field>``. ``from_dict``
    checks the rest."""
    if not isinstance(raw, dict):
        return True      # from_dict says what is wrong with it
    before = len(r.problems)

    def walk(value: Any, field: str) -> None:
        if isinstance(value, dict):
            r.duplicates(value, f"{field}.")
            for key, inner in value.items():
                walk(inner, f"{field}.{key}")
        elif isinstance(value, list):
            for i, inner in enumerate(value, 1):
                walk(inner, f"{field}[{i}]")
        elif isinstance(value, LongNumber):
            r.add(field, "too_many_digits", digits=value.digits)
        elif isinstance(value, int) and not isinstance(value, bool) and not 0 <= value <= bounds.CARD_AMOUNT_MAX:
            r.add(field, "number_range", low=0, high=bounds.CARD_AMOUNT_MAX)

    walk(raw, "rate_card")
    for key, limit in (("name", bounds.CARD_NAME_MAX_LENGTH), ("title", bounds.CARD_TITLE_MAX_LENGTH)):
        if isinstance(raw.get(key), str):
            r.bounded_text(raw[key], f"rate_card.{key}", limit)
    return len(r.problems) == before


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


def evening_to_dict(evening: Evening) -> dict:
    out: dict[str, Any] = {"format": FORMAT, "rules": evening.rules}
    if evening.date is not None:
        out["date"] = evening.date.isoformat()
    if evening.card is not None:
        out["rate_card"] = evening.card.to_dict()
    out["players"] = list(evening.players)
    out["deals"] = [deal_to_dict(d) for d in evening.deals]
    return out
