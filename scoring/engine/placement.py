"""Placement points: what a place at a tournament table is worth (docs/tournaments.md, "Standings").

Pure (no Django). Each table ranks its players by the points its money gives them (the family's
``money``); a scheme says what each place is worth at a table of n; tied players share the points of
the places they hold together. Two schemes, stored on each tournament (a tournament keeps the one it
was played with):

- ``scaled`` (**placement points, equal at every table**): the first gets 12, the last 0, the places
  between evenly spaced — 12, 6, 0 at three; 12, 8, 4, 0 at four; 12, 9, 6, 3, 0 at five. A seat is
  worth 6 on average at every size, so a player's total does not depend on the size of the tables the
  draw gave him (12 is the smallest top that spaces three, four and five places in whole points).
- ``places`` (**n − 1 … 0**, the scheme of the tournaments before): n − 1 for the first down to 0 —
  a seat is worth 1 on average at a table of three, 1½ at four and 2 at five.

An **adjusted** table (a round closed with a table unfinished, the director's choice with a reason:
docs/tournaments.md, "Closing a round") scores as if its players had all tied: each gets the average
of the places, the seat's average (6 at every size in ``scaled``), and no raw points.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Hashable, Iterable, Mapping

#: ``scaled``'s points for the first at every table size.
SCALED_TOP = 12


@dataclass(frozen=True)
class Scheme:
    """A placement scheme: ``top`` is what the first gets at every size (``None``: n − 1 at a
    table of n), the last always 0, the places between evenly spaced."""
    name: str
    top: int | None

    def places(self, size: int) -> tuple[Fraction, ...]:
        """The points of each place at a table of ``size``, first to last."""
        steps = max(size - 1, 1)
        top = steps if self.top is None else self.top
        return tuple(Fraction(top * (steps - place), steps) for place in range(size))

    def seat_average(self, size: int) -> Fraction:
        """What a seat at a table of ``size`` is worth on average (what every player of an adjusted
        table gets)."""
        return sum(self.places(size), Fraction(0)) / size


SCHEMES = {"scaled": Scheme("scaled", SCALED_TOP), "places": Scheme("places", None)}


def scheme(name: str) -> Scheme:
    return SCHEMES[name]


def table_scores(scheme: Scheme, points: Mapping[Hashable, int]) -> dict[Hashable, Fraction]:
    """Each player's placement points at his table from its ``points`` (more is better): tied
    players share the points of the places they hold together (two tied first at a table of four
    share 12 + 8 in ``scaled``: 10 each; 3 + 2 in ``places``: 2½ each)."""
    worth = scheme.places(len(points))
    ordered = sorted(points.values(), reverse=True)
    out = {}
    for who, value in points.items():
        first, tied = ordered.index(value), ordered.count(value)
        out[who] = sum(worth[first:first + tied], Fraction(0)) / tied
    return out


def adjusted_scores(scheme: Scheme | None, players: Iterable[Hashable]) -> dict[Hashable, Fraction]:
    """An adjusted table: every player as if all had tied (``scheme`` None: raw points, 0 each)."""
    players = list(players)
    if scheme is None:
        return {who: Fraction(0) for who in players}
    return table_scores(scheme, dict.fromkeys(players, 0))


@dataclass(frozen=True)
class Place:
    """A player's place in the standings: ``rank`` (shared where still tied), and whether the tie-break
    decided it (``by_points``: another player has the same total and the raw points set them apart)."""
    rank: int
    by_points: bool


def ranking(totals: Mapping[Hashable, tuple[Fraction, int]]) -> dict[Hashable, Place]:
    """The places of ``totals`` ({who: (total, raw points)}), in the documented order of the
    tie-breaks (docs/tournaments.md, "Tie-breaks"): the higher total; then, between equal totals, the
    more raw points; players equal in both share the place (the next place skips: 1, 2, 2, 4)."""
    ordered = sorted(totals, key=lambda who: (-totals[who][0], -totals[who][1]))
    by_total: dict[Fraction, set[int]] = {}
    for who in ordered:
        by_total.setdefault(totals[who][0], set()).add(totals[who][1])
    out, rank, previous = {}, 0, None
    for position, who in enumerate(ordered, start=1):
        if totals[who] != previous:
            rank, previous = position, totals[who]
        out[who] = Place(rank, len(by_total[totals[who][0]]) > 1)
    return out
