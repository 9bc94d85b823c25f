"""Reading a decoded evening file, for every family: strict JSON decoding and a typed reader that
collects problems (naming deal and field) instead of failing at the first.

``decode`` keeps what a plain ``json.loads`` would hide (a key given twice, a number too long to
convert); ``Reader`` turns a JSON value into the type a field needs or records a problem.
"""
from __future__ import annotations

import json
import re
from datetime import date
from typing import Any, Callable, Collection, NamedTuple

from . import bounds
from .problems import EveningError, Field, Problem, problem

FORMAT = "tarokklub.evening/1"


class Duplicated(dict):
    """A JSON object in which a key was given more than once (``decode``): the reader reports each
    repeated key at its path, so that no value is silently dropped."""

    duplicates: tuple[str, ...] = ()


class LongNumber:
    """A whole number of more than ``bounds.NUMBER_MAX_DIGITS`` digits in the JSON text, left
    unconverted (``decode``): the reader reports it at its field."""

    __slots__ = ("digits",)

    def __init__(self, text: str):
        self.digits = len(text.lstrip("-"))

    def __repr__(self) -> str:
        return f"<a number of {self.digits} digits>"


def _object(pairs: list[tuple[str, Any]]) -> dict:
    obj = dict(pairs)
    if len(obj) == len(pairs):
        return obj
    seen: set[str] = set()
    repeated = [key for key, _ in pairs if key in seen or seen.add(key)]
    obj = Duplicated(pairs)
    obj.duplicates = tuple(dict.fromkeys(repeated))
    return obj


def _int(text: str) -> int | LongNumber:
    return int(text) if len(text) <= bounds.NUMBER_MAX_DIGITS else LongNumber(text)


def decode(text: str) -> Any:
    """``json.loads`` that keeps what a plain decode would hide: an object with a repeated key
    becomes a ``Duplicated`` and a number too long to convert a ``LongNumber`` (both reported by
    ``parse_evening`` at their path). Raises ``ValueError`` / ``RecursionError`` like json.loads."""
    return json.loads(text, object_pairs_hook=_object, parse_int=_int)


def _parts(field: Field) -> tuple[str | int, ...]:
    return field if isinstance(field, tuple) else (field,) if field else ()


class Reader:
    """Typed access to JSON values that records a problem (and returns None) instead of failing.
    ``bounded``: hold names and amounts to ``bounds.py`` (a file from outside). Each field is named
    by its path's parts (``problems.Field``), written as a path only for a problem."""

    def __init__(self, deal: int | None, bounded: bool = False):
        self.deal = deal
        self.problems: list[Problem] = []
        self.bounded = bounded

    def add(self, field: Field, code: str, **params: Any) -> None:
        self.problems.append(problem(self.deal, field, code, **params))

    @property
    def fatal(self) -> int:
        """Problems that leave a value unusable; an unknown key is reported but does not stop
        the rest of the deal from being checked."""
        return sum(1 for p in self.problems if p.code not in _NOT_FATAL)

    def obj(self, value: Any, field: Field, keys: set[str], required: tuple[str, ...] = ()) -> dict | None:
        if not isinstance(value, dict):
            self.add(field or ("deal" if self.deal is not None else "file"), "not_object")
            return None
        self.duplicates(value, field)
        for key in value:
            if key not in keys:
                self.add((*_parts(field), key or chr(34) * 2), "unknown_key", key=str(key))
        for key in required:
            if key not in value:
                self.add((*_parts(field), key), "required")
        return value

    def duplicates(self, value: dict, field: Field) -> None:
        """Each key given twice in ``value``, the object at ``field`` (``Duplicated``)."""
        for key in getattr(value, "duplicates", ()):
            self.add((*_parts(field), key), "duplicate_key")

    def text(self, value: Any, field: Field) -> str | None:
        if not isinstance(value, str):
            self.add(field, "not_text")
            return None
        return value

    def bounded_text(self, text: str, field: Field, max_length: int = bounds.NAME_MAX_LENGTH) -> bool:
        """Whether ``text`` keeps the rules of a name (``bounds.text_problem``); else a problem."""
        found = bounds.text_problem(text, max_length)
        if found is not None:
            self.add(field, found[0], **dict(found[1]))
        return found is None

    def name(self, value: Any, field: Field) -> str | None:
        """A person: text, and in a bounded file a name a form would accept."""
        text = self.text(value, field)
        if text is None or not self.bounded or self.bounded_text(text, field):
            return text
        return None

    def integer(self, value: Any, field: Field) -> int | None:
        if isinstance(value, LongNumber):
            self.add(field, "too_many_digits", digits=value.digits)
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(field, "not_int")
            return None
        return value

    def boolean(self, value: Any, field: Field) -> bool | None:
        if not isinstance(value, bool):
            self.add(field, "not_bool")
            return None
        return value

    def choice(self, value: Any, field: Field, enum_type):
        if isinstance(value, str):
            try:
                return enum_type(value)
            except ValueError:
                pass
        self.add(field, "choice", choices=", ".join(member.value for member in enum_type))
        return None

    def items(self, value: Any, field: Field) -> list:
        if not isinstance(value, list):
            self.add(field, "not_list")
            return []
        return value


_NOT_FATAL = ("unknown_key", "duplicate_key")

# The evening file's top level, for a family whose embedded card is read whole ---------------------

EVENING_KEYS = {"format", "rules", "rate_card", "date", "players", "players_now", "deals"}


class EveningParts(NamedTuple):
    """What ``read_evening`` read; the family builds its ``Evening`` from it."""
    players: tuple[str, ...]
    deals: tuple
    rules: Any
    date: date | None
    card: Any


def read_top(data: Any, *, bounded: bool, max_deals: int | None,
             required: tuple[str, ...]) -> tuple["Reader", dict]:
    """The file's top-level object (docs/format.md) with the file's reader: its keys, ``required``
    among them, a ``format`` of ours; raises ``EveningError`` at once when it is no object or holds
    more than ``max_deals`` deals (refused before any deal is read)."""
    top = Reader(None, bounded)
    root = top.obj(data, "", EVENING_KEYS, required)
    if root is None:
        raise EveningError(top.problems)
    if max_deals is not None and isinstance(root.get("deals"), list) and len(root["deals"]) > max_deals:
        raise EveningError([problem(None, "deals", "too_many_deals", maximum=max_deals, count=len(root["deals"]))])
    if "format" in root and root["format"] != FORMAT:
        top.add("format", "format", expected=FORMAT)
    if "players_now" in root:
        read_players_now(top, root)
    return top, root


def read_players_now(top: "Reader", root: dict) -> None:
    """``players_now`` (docs/format.md): what a club calls each of the file's players now, when that
    is not the name he sat down with (renamed, or merged into another player). Each key one of
    ``players``, each value a name; it tells the reader, and settles nothing."""
    now = root["players_now"]
    if not isinstance(now, dict):
        top.add("players_now", "not_object")
        return
    top.duplicates(now, "players_now")
    seated = set(root["players"]) if isinstance(root.get("players"), list) and all(
        isinstance(p, str) for p in root["players"]) else None
    for key, value in now.items():
        top.name(value, ("players_now", key))
        if seated is not None and key not in seated:
            top.add(("players_now", key), "unknown_key", key=str(key))


def read_evening(data: Any, *, bounded: bool, max_deals: int | None, default_rules: str | None,
                 rate_cards: dict, card_from_dict: Callable[[Any], Any], players_allowed: Collection[int],
                 player_count_code: str, validate_players: Callable[[tuple[str, ...]], list[Problem]],
                 parse_deal: Callable[["Reader", Any], Any],
                 validate_deal: Callable[[tuple[str, ...], int, Any, Any], list[Problem]],
                 date_pattern: re.Pattern | None = None) -> EveningParts:
    """docs/format.md's top level (``format``, ``rules``, ``rate_card``, ``date``, ``players``, ``deals``)
    read strictly, every problem at once; raises ``EveningError``.

    ``rules`` is required unless the family has ``default_rules``; an embedded card is read whole by
    ``card_from_dict`` (held to ``card_within_bounds`` when ``bounded``) and must carry the name of
    ``rules``; a player count not in ``players_allowed`` is ``player_count_code``; each deal is read
    by ``parse_deal`` and, when the seats and the card are sound, checked by ``validate_deal``.
    ``date_pattern``, when given, is the exact shape a date must have besides being a date."""
    required = ("format", "players", "deals") if default_rules is not None else ("format", "rules", "players", "deals")
    top, root = read_top(data, bounded=bounded, max_deals=max_deals, required=required)
    rules = root.get("rules", default_rules)
    rules_ok = ("rules" in root or default_rules is not None) and top.text(rules, "rules") is not None and not (
        bounded and not top.bounded_text(rules, "rules", bounds.CARD_NAME_MAX_LENGTH))
    embedded = None
    if "rate_card" in root:   # a club's own card travels with its evenings
        if not bounded or card_within_bounds(top, root["rate_card"]):
            try:
                embedded = card_from_dict(root["rate_card"])
            except (ValueError, TypeError) as exc:
                field, _sep, message = str(exc).partition(": ")
                top.add(("rate_card", field) if message else "rate_card", "bad_rate_card", detail=message or str(exc))
            else:
                if rules_ok and embedded.name != rules:
                    top.add("rate_card.name", "rate_card_name", name=embedded.name, rules=rules)
    elif rules_ok and rules not in rate_cards:
        top.add("rules", "unknown_rules", name=rules)
    evening_date = None
    if "date" in root:
        if top.text(root["date"], "date") is not None:
            try:
                if date_pattern is not None and not date_pattern.fullmatch(root["date"]):
                    raise ValueError(root["date"])
                evening_date = date.fromisoformat(root["date"])
            except ValueError:
                top.add("date", "not_date")
    players: list[str] = []
    raw_players = root.get("players", [])
    for i, name in enumerate(top.items(raw_players, "players"), 1):
        if top.name(name, ("players", i)) is not None:
            players.append(name)
    if isinstance(raw_players, list) and "players" in root:
        if len(players) == len(raw_players):
            top.problems.extend(validate_players(tuple(players)))
        elif len(raw_players) not in players_allowed:
            top.add("players", player_count_code, count=len(raw_players))
    seats_ok = all(not p.field.startswith("players") for p in top.problems)
    card = embedded or (rate_cards.get(rules) if isinstance(rules, str) else None)
    deals = read_deals(top, root, tuple(players), card if seats_ok else None, parse_deal, validate_deal)
    return EveningParts(tuple(players), deals, rules, evening_date, embedded)


def read_deals(top: Reader, root: dict, players: tuple[str, ...], card: Any,
               parse_deal: Callable[["Reader", Any], Any],
               validate_deal: Callable[[tuple[str, ...], int, Any, Any], list[Problem]]) -> tuple:
    """The file's ``deals``, each read by ``parse_deal`` with a reader of its own and, if ``card``
    (``None`` while the seats are wrong or the card unknown), checked by ``validate_deal``;
    raises ``EveningError`` with ``top``'s problems and every deal's."""
    problems = top.problems
    deals: list = []
    for number, raw in enumerate(top.items(root.get("deals", []), "deals"), 1):
        reader = Reader(number, top.bounded)
        deal = parse_deal(reader, raw)
        problems.extend(reader.problems)
        if deal is not None:
            deals.append(deal)
            if card is not None:
                problems.extend(validate_deal(players, number, deal, card))
    if problems:
        raise EveningError(problems)
    return tuple(deals)


def read_deal(data: Any, number: int, parse_deal: Callable[["Reader", Any], Any]) -> Any:
    """One deal object of an evening file read by the family's ``parse_deal`` (structure only);
    raises ``EveningError`` with every problem found."""
    reader = Reader(number)
    deal = parse_deal(reader, data)
    if reader.problems:
        raise EveningError(reader.problems)
    return deal


def card_within_bounds(r: Reader, raw: Any) -> bool:
    """An embedded card's numbers within the club card page's bounds and of sane size, its name and
    title texts a person may enter, no key twice; problems at ``rate_card.<field>``. The family's
    ``from_dict`` checks the rest."""
    if not isinstance(raw, dict):
        return True      # from_dict says what is wrong with it
    before = len(r.problems)

    def walk(value: Any, field: tuple[str | int, ...]) -> None:
        if isinstance(value, dict):
            r.duplicates(value, field)
            for key, inner in value.items():
                walk(inner, (*field, key))
        elif isinstance(value, list):
            for i, inner in enumerate(value, 1):
                walk(inner, (*field, i))
        elif isinstance(value, LongNumber):
            r.add(field, "too_many_digits", digits=value.digits)
        elif isinstance(value, int) and not isinstance(value, bool) and not 0 <= value <= bounds.CARD_AMOUNT_MAX:
            r.add(field, "number_range", low=0, high=bounds.CARD_AMOUNT_MAX)

    walk(raw, ("rate_card",))
    for key, limit in (("name", bounds.CARD_NAME_MAX_LENGTH), ("title", bounds.CARD_TITLE_MAX_LENGTH)):
        if isinstance(raw.get(key), str):
            r.bounded_text(raw[key], ("rate_card", key), limit)
    return len(r.problems) == before


def evening_dict(evening: Any, deal_to_dict: Callable[[Any], dict]) -> dict:
    """An evening as docs/format.md writes it (any family): ``format``, ``rules``, ``date`` if known, the
    embedded card if any, ``players`` and each deal by the family's ``deal_to_dict``."""
    out: dict[str, Any] = {"format": FORMAT, "rules": evening.rules}
    if evening.date is not None:
        out["date"] = evening.date.isoformat()
    if evening.card is not None:
        out["rate_card"] = evening.card.to_dict()
    out["players"] = list(evening.players)
    out["deals"] = [deal_to_dict(d) for d in evening.deals]
    return out
