"""Reading a decoded evening file, for every family: strict JSON decoding and a typed reader that
collects problems (naming deal and field) instead of failing at the first.

``decode`` keeps what a plain ``json.loads`` would hide (a key given twice, a number too long to
convert); ``Reader`` turns a JSON value into the type a field needs or records a problem.
"""
from __future__ import annotations

import json
from typing import Any

from . import bounds
from .problems import Problem, problem

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


class Reader:
    """Typed access to JSON values that records a problem (and returns None) instead of failing.
    ``bounded``: hold names and amounts to ``bounds.py`` (a file from outside)."""

    def __init__(self, deal: int | None, bounded: bool = False, names: dict | None = None):
        self.deal = deal
        self.problems: list[Problem] = []
        self.bounded = bounded
        self.names = names if names is not None else {}   # name -> its bounds problem, once per file

    def add(self, field: str, code: str, **params: Any) -> None:
        self.problems.append(problem(self.deal, field, code, **params))

    @property
    def fatal(self) -> int:
        """Problems that leave a value unusable; an unknown key is reported but does not stop
        the rest of the deal from being checked."""
        return sum(1 for p in self.problems if p.code not in _NOT_FATAL)

    def obj(self, value: Any, field: str, keys: set[str], required: tuple[str, ...] = ()) -> dict | None:
        if not isinstance(value, dict):
            self.add(field or ("deal" if self.deal is not None else "file"), "not_object")
            return None
        prefix = f"{field}." if field else ""
        self.duplicates(value, prefix)
        for key in value:
            if key not in keys:
                self.add(f"{prefix}{key or chr(34) * 2}", "unknown_key", key=str(key))
        for key in required:
            if key not in value:
                self.add(f"{prefix}{key}", "required")
        return value

    def duplicates(self, value: dict, prefix: str) -> None:
        for key in getattr(value, "duplicates", ()):
            self.add(f"{prefix}{key}", "duplicate_key")

    def text(self, value: Any, field: str) -> str | None:
        if not isinstance(value, str):
            self.add(field, "not_text")
            return None
        return value

    def bounded_text(self, text: str, field: str, max_length: int = bounds.NAME_MAX_LENGTH) -> bool:
        """Whether ``text`` keeps the rules of a name (``bounds.text_problem``); else a problem."""
        key = (text, max_length)
        if key not in self.names:
            self.names[key] = bounds.text_problem(text, max_length)
        found = self.names[key]
        if found is not None:
            self.add(field, found[0], **dict(found[1]))
        return found is None

    def name(self, value: Any, field: str) -> str | None:
        """A person: text, and in a bounded file a name a form would accept."""
        text = self.text(value, field)
        if text is None or not self.bounded or self.bounded_text(text, field):
            return text
        return None

    def integer(self, value: Any, field: str) -> int | None:
        if isinstance(value, LongNumber):
            self.add(field, "too_many_digits", digits=value.digits)
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(field, "not_int")
            return None
        return value

    def boolean(self, value: Any, field: str) -> bool | None:
        if not isinstance(value, bool):
            self.add(field, "not_bool")
            return None
        return value

    def choice(self, value: Any, field: str, enum_type):
        values = [e.value for e in enum_type]
        if isinstance(value, str) and value in values:
            return enum_type(value)
        self.add(field, "choice", choices=", ".join(values))
        return None

    def items(self, value: Any, field: str) -> list:
        if not isinstance(value, list):
            self.add(field, "not_list")
            return []
        return value


_NOT_FATAL = ("unknown_key", "duplicate_key")
