"""A cup series' standings (docs/cups.md): each player's placing in each of the cup's events, read
where it lives, and handed to the engine (scoring/engine/cup.py) with the club's table.

- A tournament: the player's rank in the tournament's standings (``tournament_standings``, read as
  it stands, so a tournament still being played gives placings that may change; the event says so).
  A player who played no round, or was disqualified, has no placing there.
- An ordinary evening (closed): the player's place by his points that evening (his summaries'
  points, every table of the evening together) among the evening's players; equal points share the
  better place and its cup points (``places_by_points``).

Players are their keys: a merged player's placings are the player he is now (two keys of one player
in one event: the better place counts), named as he is called now (docs/names.md)."""
from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, Min

from scoring.engine.cup import CupResult, Placing, cup_standings, places_by_points
from scoring.models import Cup, PlayerEveningSummary, RoundState, TournamentRound

from .members import identities, names_now
from .tournaments import tournament_standings

TOURNAMENT, EVENING = "tournament", "evening"


@dataclass(frozen=True)
class CupEvent:
    """One event of the cup as its standings show it: a tournament (its name, the date of its first
    round) or an evening (its date); ``finished``: a tournament with every round closed, or an evening."""
    kind: str
    pk: int
    name: str
    date: dt.date
    finished: bool = True

    @property
    def key(self) -> tuple[str, int]:
        return (self.kind, self.pk)


@dataclass(frozen=True)
class CupLine:
    player_id: int
    name: str
    rank: int
    total: int
    results: tuple[CupResult | None, ...]     # one per event, in the events' order; None: not there

    @property
    def counted(self) -> int:
        return sum(1 for r in self.results if r is not None and r.counted)

    @property
    def dropped(self) -> int:
        return sum(1 for r in self.results if r is not None and not r.counted)


@dataclass(frozen=True)
class CupStandings:
    cup: Cup
    events: tuple[CupEvent, ...]
    lines: tuple[CupLine, ...]


def cup_events(cup: Cup) -> tuple[CupEvent, ...]:
    """The cup's events in the order they were played: by date (a tournament's is its first round's,
    or the day it was made before any round), tournaments before evenings of one date, then as made."""
    tournaments = list(cup.tournaments.all())
    starts = dict(TournamentRound.objects.filter(tournament__in=tournaments, evening__isnull=False)
                  .values_list("tournament").annotate(Min("evening__date")))
    closed = dict(TournamentRound.objects.filter(tournament__in=tournaments, state=RoundState.CLOSED)
                  .values_list("tournament").annotate(Count("pk")))
    events = [CupEvent(TOURNAMENT, t.pk, t.name, starts.get(t.pk) or t.created_at.date(),
                       closed.get(t.pk, 0) >= t.rounds) for t in tournaments]
    events += [CupEvent(EVENING, e.pk, "", e.date) for e in cup.evenings.all()]
    return tuple(sorted(events, key=lambda e: (e.date, e.kind != TOURNAMENT, e.pk)))


def _tournament_placings(cup: Cup, event: CupEvent, same: dict[int, int]) -> dict[int, int]:
    tournament = cup.tournaments.get(pk=event.pk)
    places: dict[int, int] = {}
    for row in tournament_standings(tournament):
        if row.rank is not None and row.rounds:
            key = same.get(row.player_id, row.player_id)
            places[key] = min(places.get(key, row.rank), row.rank)
    return places


def _evening_placings(cup: Cup) -> dict[int, dict[int, int]]:
    """{evening id: {player key: place}} of the cup's evenings (one query)."""
    same = identities(cup.club_id)
    points: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for evening_id, player_id, value in (PlayerEveningSummary.objects
                                         .filter(evening__in=cup.evenings.all(), closed=True)
                                         .values_list("evening_id", "player_id", "points")):
        points[evening_id][same.get(player_id, player_id)] += value
    return {evening_id: places_by_points(by_player) for evening_id, by_player in points.items()}


def cup_table(cup: Cup) -> CupStandings:
    """The cup's standings: every player with a placing in one of its events, ranked (the engine's
    order; players equal on every result listed by name)."""
    events = cup_events(cup)
    same = identities(cup.club_id)
    evening_places = _evening_placings(cup)
    placings = []
    for event in events:
        places = (_tournament_placings(cup, event, same) if event.kind == TOURNAMENT
                  else evening_places.get(event.pk, {}))
        placings += [Placing(event.key, player, place) for player, place in places.items()]
    names = names_now({p.player for p in placings})
    players = sorted(names, key=lambda pk: (names[pk].casefold(), pk))
    rows = cup_standings([e.key for e in events], placings, tuple(cup.points), cup.best, players)
    lines = tuple(CupLine(row.player, names[row.player], row.rank, row.total,
                          tuple(row.result(e.key) for e in events)) for row in rows)
    return CupStandings(cup, events, lines)
