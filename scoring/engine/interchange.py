"""The evening file ``tarokklub.evening/1`` (docs/format.md) for every family: read the text, pick the
family from the file's ``rules`` (``families.family_of_file``) and let it read the rest; write an
evening back with its family's writer. Writing then reading gives the same evening.

Each family's reader is strict (unknown and repeated keys are errors) and collects every problem of
a file, naming deal and field, into one ``EveningError``.
"""
from __future__ import annotations

import json
from typing import Any

from .families import Family, family_of_file, family_of_rules, family_of_card
from .problems import EveningError, problem
from .reading import FORMAT, decode

__all__ = ["FORMAT", "decode", "family_of", "parse_evening", "loads", "load", "evening_to_dict", "dumps"]


def parse_evening(data: Any, *, bounded: bool = True, max_deals: int | None = None):
    """The evening of a decoded file, read by its family; raises ``EveningError``.

    ``bounded`` holds the file to ``bounds.py`` (a file from outside; ``False`` re-reads what the
    app itself stored). A file of more than ``max_deals`` deals is refused before any deal is read."""
    return family_of_file(data).parse_evening(data, bounded=bounded, max_deals=max_deals)


def loads(text: str, *, max_deals: int | None = None):
    """Parse the text of an evening file (``decode``); invalid JSON is an ``EveningError`` too."""
    try:
        data = decode(text)
    except (ValueError, RecursionError) as exc:
        raise EveningError([problem(None, "file", "not_json", detail=str(exc)[:200])]) from None
    return parse_evening(data, max_deals=max_deals)


def load(path):
    with open(path, encoding="utf-8") as handle:
        return loads(handle.read())


def family_of(evening: Any) -> Family:
    """The family of a parsed evening: the one of its card if it carries one, else of its rules."""
    if getattr(evening, "card", None) is not None:
        return family_of_card(evening.card)
    found = family_of_rules(evening.rules)
    if found is None:
        raise KeyError(f"unknown rules {evening.rules!r}")
    return found


def evening_to_dict(evening: Any) -> dict:
    return family_of(evening).evening_to_dict(evening)


def dumps(evening: Any) -> str:
    return json.dumps(evening_to_dict(evening), ensure_ascii=False, indent=1) + "\n"
