"""A rating per rule set: each table of a closed evening ranks its players by the evening's points
there, and a multiplayer rating (openskill's Plackett–Luce model) learns from those rankings, table
after table in the order they were played (docs/rating.md).

Pure: the ratings are a function of the tables alone. Nothing is kept between two calls, so a
corrected deal, a voided one, a reopened evening or a merge of two players gives exactly the
ratings the club would have had if it had always been so: the caller reads the tables as they
stand and the ratings are computed again from the first evening.

Each player's move at a table is scaled by his share of the table's deals (the deals he held cards
in, of the deals played there): openskill's own ``weights`` are rescaled within each team to
``weight_bounds`` and a team of one player always gets the upper bound, so they cannot say that a
player sat out two deals of five. The scaling is done here, on the mean and on the variance.
"""
from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, field
from typing import Hashable, Iterable, Mapping

from openskill.models import PlackettLuce

#: A player's rating is provisional until it rests on this many evenings.
SETTLED_AFTER = 3
#: The conservative number is the mean less this many standard deviations (openskill's ``ordinal``).
CAUTION = 3.0


@dataclass(frozen=True)
class Place:
    """One player at one table: his key, his points there that evening (what ranks him) and the
    deals he held cards in."""
    player: Hashable
    points: int
    deals: int


@dataclass(frozen=True)
class RatedTable:
    """A table of a closed evening as the rating reads it. ``order`` places it in the club's history
    (the evening's date, the order the evenings of one date were created in, the table's number);
    ``deals`` is the number of deals played at it."""
    order: tuple
    evening: Hashable
    date: dt.date
    places: tuple[Place, ...]
    deals: int


@dataclass(frozen=True)
class Rating:
    """A player's rating: openskill's mean and standard deviation, and the evenings it rests on."""
    mu: float
    sigma: float
    evenings: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative number: the mean less three standard deviations (0 for a new player)."""
        return self.mu - CAUTION * self.sigma

    @property
    def shown(self) -> float:
        """The number as the pages show it: one decimal."""
        return round(self.ordinal, 1)

    @property
    def provisional(self) -> bool:
        return self.evenings < SETTLED_AFTER


@dataclass(frozen=True)
class RatingStep:
    """A player's rating after one evening."""
    evening: Hashable
    date: dt.date
    rating: Rating


@dataclass(frozen=True)
class Ratings:
    """Every player's rating after the last table, and after each of his evenings."""
    players: Mapping[Hashable, Rating] = field(default_factory=dict)
    history: Mapping[Hashable, tuple[RatingStep, ...]] = field(default_factory=dict)

    def at(self, date: dt.date | None) -> dict[Hashable, Rating]:
        """Each player's rating after the evenings up to and including ``date`` (``None``: all)."""
        if date is None:
            return dict(self.players)
        found = {}
        for player, steps in self.history.items():
            before = [step for step in steps if step.date <= date]
            if before:
                found[player] = before[-1].rating
        return found


def _model() -> PlackettLuce:
    # openskill's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300): a new player's ordinal is 0
    return PlackettLuce()


def new_rating() -> Rating:
    model = _model()
    return Rating(model.mu, model.sigma, 0)


def table_ranks(places: tuple[Place, ...]) -> list[int]:
    """Each place's rank at its table, 1 for the most points; equal points share a rank."""
    return [1 + sum(other.points > place.points for other in places) for place in places]


def rate_table(table: RatedTable, before: Mapping[Hashable, Rating], model: PlackettLuce | None = None
               ) -> dict[Hashable, Rating]:
    """The ratings of ``table``'s players after it (those who held cards in none of its deals, or a
    table of fewer than two such players, move not at all): openskill's update for the ranking by
    points, each player's move in mean and variance scaled by his share of the table's deals."""
    model = model or _model()
    places = tuple(p for p in table.places if p.deals > 0) if table.deals > 0 else ()
    if len(places) < 2:
        return {}
    start = [before.get(p.player) or new_rating() for p in places]
    teams = model.rate([[model.rating(r.mu, r.sigma)] for r in start], ranks=table_ranks(places))
    after = {}
    for place, old, (new,) in zip(places, start, teams):
        share = min(place.deals / table.deals, 1.0)
        variance = old.sigma ** 2 + share * (new.sigma ** 2 - old.sigma ** 2)
        after[place.player] = Rating(old.mu + share * (new.mu - old.mu), math.sqrt(variance), old.evenings + 1)
    return after


def ratings(tables: Iterable[RatedTable]) -> Ratings:
    """Every player's rating over ``tables``, taken in the order they were played (``order``),
    whatever order they come in."""
    model = _model()
    now: dict[Hashable, Rating] = {}
    history: dict[Hashable, list[RatingStep]] = {}
    for table in sorted(tables, key=lambda t: t.order):
        for player, rating in rate_table(table, now, model).items():
            now[player] = rating
            history.setdefault(player, []).append(RatingStep(table.evening, table.date, rating))
    return Ratings(now, {player: tuple(steps) for player, steps in history.items()})
