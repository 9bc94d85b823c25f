"""When two player names are the same person's. Pure Python, no Django.

A person types a name on a phone: "bent " next to the member "Bent" is Bent, not a second player.
``tidy`` trims a typed name and collapses its inner spaces (what a person means; the name rule of
``bounds.name_problem`` is then checked on the result, not repeated here); ``fold`` is the key two
names are compared by: case-folded, Unicode NFKD with the combining marks removed ("bent", "BENT",
"Bént" and "Bent" all fold to "bent"; "ø" and "æ" are letters of their own and stay).

``match`` compares a new name with the club's names: an exact match (equal folds) is that player;
a near match — folds one edit apart (a letter changed, added or dropped, or two neighbouring letters
swapped: "Bnet", "Benth", "Ben" for "Bent"), two edits when the shorter has more than seven letters
("Kristoffer", "Kristopher"), or the shorter the first word(s) of the longer ("Bent H", "Bent
Hansen"), the shorter of at least 3 letters ("Xa" is not near "Ya") — is asked about ("Mente du
Bent?") before anything is written. Two edits in a short name make a different common name, not a
slip: "Søren" and "Karen", "Ema" and "Erna", "Hans" and "Jens" are never asked about.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Iterable

#: A near match needs at least this many letters in the shorter fold ("B" or "Xa" is near nothing).
PREFIX_MIN = 3
#: Names of up to this many letters (the shorter fold) are near at one edit; longer ones at two.
ONE_EDIT_MAX = 7
#: At most this many near matches are offered.
MAX_SUGGESTIONS = 3


def tidy(name: str) -> str:
    """The typed name trimmed, each run of spaces (any Unicode space separator) one plain space.
    Control and format characters are left for ``bounds.name_problem`` to refuse."""
    words, word = [], []
    for char in name:
        if unicodedata.category(char) == "Zs" or char == " ":
            if word:
                words.append("".join(word))
                word = []
        else:
            word.append(char)
    if word:
        words.append("".join(word))
    return " ".join(words).strip()


def fold(name: str) -> str:
    """The key two names are compared by: tidied, case-folded, NFKD without combining marks."""
    decomposed = unicodedata.normalize("NFKD", tidy(name).casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def distance(a: str, b: str) -> int:
    """Edits (insert, delete, replace, swap of two neighbouring letters) from ``a`` to ``b``: the
    optimal string alignment distance."""
    if a == b:
        return 0
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def near(a: str, b: str) -> bool:
    """Whether two (different) folds are near enough to ask whether they are one person."""
    if a == b:
        return False
    shorter = min(len(a), len(b))
    if shorter < PREFIX_MIN:                 # "Xa" and "Ya" are two names, not a typing slip
        return False
    if _first_words(a, b):
        return True
    return distance(a, b) <= (1 if shorter <= ONE_EDIT_MAX else 2)


def _first_words(a: str, b: str) -> bool:
    """Whether the shorter fold is the whole first word(s) of the longer ("bent" of "bent hansen")."""
    short, long = sorted((a, b), key=len)
    return long.startswith(short + " ")


def _closeness(a: str, b: str) -> int:
    """How near two near folds are, for the order of the question: first words first, then by edits."""
    return 0 if _first_words(a, b) else distance(a, b)


@dataclass(frozen=True)
class Match:
    """What a new name is among the club's: ``exact`` the name it is (equal folds), else the
    ``near`` names to ask about, nearest first."""
    exact: str | None
    near: tuple[str, ...] = ()


def match(name: str, names: Iterable[str]) -> Match:
    """``name`` compared with ``names``. Of names with equal folds the one written exactly as
    typed (after ``tidy``) wins, else the first."""
    typed, key = tidy(name), fold(name)
    names = list(names)
    same = [n for n in names if fold(n) == key]
    if same:
        return Match(typed if typed in same else same[0])
    scored = sorted((_closeness(key, fold(n)), i, n) for i, n in enumerate(names) if near(key, fold(n)))
    return Match(None, tuple(n for _d, _i, n in scored[:MAX_SUGGESTIONS]))
