"""A name that mixes scripts so that it looks like another name ("Аnne" with a Cyrillic А beside
the member "Anne"): a second player no one can tell apart from the first on a sheet. Only a name
that mixes scripts with confusable letters is compared (confusable-homoglyphs, the Unicode
confusables data): a whole-name skeleton would make the common "Ema" equal "Erna", and a name
written wholly in one script ("Ольга") is nobody's disguise."""
from __future__ import annotations

import functools
import unicodedata
from typing import Iterable

from confusable_homoglyphs import confusables
from django.utils.translation import gettext as _


@functools.lru_cache(maxsize=4096)
def _homoglyphs(char: str) -> frozenset[str]:
    """The characters ``char`` can be confused with (the Unicode confusables data, both ways)."""
    found = confusables.is_confusable(char, greedy=True, preferred_aliases=[]) or []
    return frozenset(h["c"] for entry in found for h in entry["homoglyphs"])


def _looks_like(name: str, other: str) -> list[tuple[str, str]] | None:
    """The (name's, other's) characters that differ, when every one of them is a homoglyph of the
    other's; else None."""
    if len(name) != len(other) or name == other:
        return None
    pairs = [(a, b) for a, b in zip(name, other) if a != b]
    if all(b in _homoglyphs(a) or a in _homoglyphs(b) for a, b in pairs):
        return pairs
    return None


def lookalike(name: str, others: Iterable[str]) -> tuple[str, str] | None:
    """(other, the differing characters described) for the first of ``others`` that ``name``
    imitates by mixing scripts, or None."""
    if not confusables.is_dangerous(name):
        return None
    for other in others:
        pairs = _looks_like(name, other)
        if pairs:
            return other, ", ".join(f"{a} U+{ord(a):04X} {unicodedata.name(a, '')} / {b} U+{ord(b):04X}"
                                    for a, b in pairs)
    return None


def message(name: str, other: str, chars: str) -> str:
    """Why ``name`` is refused: it imitates ``other`` (both spellings named, the letters told)."""
    return (_("%(name)s ligner %(other)s, men er skrevet med tegn fra en anden skrift (%(chars)s); skriv navnet "
              "som %(other)s eller med ét alfabet.") % {"name": name, "other": other, "chars": chars})


def problem(name: str, others: Iterable[str]) -> str | None:
    """The message refusing ``name`` for imitating one of ``others``, or None."""
    found = lookalike(name, others)
    return message(name, *found) if found else None
