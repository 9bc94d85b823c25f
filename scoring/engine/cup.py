"""A cup series (docs/cups.md): the club's table of points per placing turns each player's placing
in each event of the cup into cup points, the best N of them count, and the players are ordered by
what counts.

Pure: the caller reads the placings (a tournament's final rank, an evening's place by its points:
``places_by_points``) and hands them here with the events in the order they were played.

- A placing beyond the table's end earns 0 (a table of ten places gives the 11th nothing).
- The best N count. Of two results with equal points where only one can count, the earlier event's
  counts and the later one is dropped.
- The order: the most cup points counted first; between equal totals, the counted results compared
  best first (the higher best result goes ahead, then the higher second best …); then every result,
  dropped ones too, compared the same way. Players still equal share the rank and keep the order
  they were given in (the caller gives them by name).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Iterable, Mapping, Sequence

#: Bounds on what a club may set: the places its table gives points for, and the points of one place.
MAX_PLACES = 100
MAX_PLACE_POINTS = 10_000


@dataclass(frozen=True)
class Placing:
    """One player's placing (1 is first) in one event of the cup."""
    event: Hashable
    player: Hashable
    place: int


@dataclass(frozen=True)
class CupResult:
    """A placing as the cup counts it: the cup points it earns and whether they count (among the best N)."""
    event: Hashable
    place: int
    points: int
    counted: bool


@dataclass(frozen=True)
class CupRow:
    player: Hashable
    rank: int
    total: int
    results: tuple[CupResult, ...]          # in the events' order

    def result(self, event: Hashable) -> CupResult | None:
        return next((r for r in self.results if r.event == event), None)


def places_by_points(points: Mapping[Hashable, int]) -> dict[Hashable, int]:
    """Places by points, the most first; equal points share the better place, and the places after
    them are skipped (two tied second are both 2nd, the next is 4th)."""
    ordered = sorted(points.values(), reverse=True)
    return {player: ordered.index(value) + 1 for player, value in points.items()}


def place_points(place: int, table: Sequence[int]) -> int:
    """The cup points of a placing by the club's table (``table[0]`` for first); beyond it, 0."""
    return table[place - 1] if 1 <= place <= len(table) else 0


def counted_results(results: Sequence[CupResult], best: int) -> tuple[CupResult, ...]:
    """``results`` (in the events' order) with the best ``best`` marked counted: the most points first,
    and of equal points the earlier event's (the later one is dropped)."""
    order = sorted(range(len(results)), key=lambda i: (-results[i].points, i))
    keep = set(order[:best])
    return tuple(CupResult(r.event, r.place, r.points, i in keep) for i, r in enumerate(results))


def cup_standings(events: Sequence[Hashable], placings: Iterable[Placing], table: Sequence[int], best: int,
                  players: Sequence[Hashable] = ()) -> tuple[CupRow, ...]:
    """Every player with a placing, ranked (the module's docstring). ``events`` in the order played;
    ``players`` the order in which equal players are listed (those not in it after, in order of
    their first placing)."""
    position = {event: i for i, event in enumerate(events)}
    by_player: dict[Hashable, list[CupResult]] = {}
    for p in sorted(placings, key=lambda p: position[p.event]):
        by_player.setdefault(p.player, []).append(CupResult(p.event, p.place, place_points(p.place, table), False))
    listed = [p for p in players if p in by_player] + [p for p in by_player if p not in set(players)]
    rows = []
    for player in listed:
        results = counted_results(by_player[player], best)
        rows.append((player, results))

    def key(item):
        _player, results = item
        counted = sorted((r.points for r in results if r.counted), reverse=True)
        every = sorted((r.points for r in results), reverse=True)
        return (-sum(counted), [-x for x in counted], [-x for x in every])

    ordered = sorted(rows, key=key)       # stable: equal players keep the order given
    out, previous, rank = [], None, 0
    for i, item in enumerate(ordered, start=1):
        if key(item) != previous:
            rank, previous = i, key(item)
        player, results = item
        out.append(CupRow(player, rank, sum(r.points for r in results if r.counted), results))
    return tuple(out)
