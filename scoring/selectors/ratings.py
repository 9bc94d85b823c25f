"""A club's ratings per rule set (docs/rating.md): the closed evenings' tables read as they stand
and handed to the engine's pure rating (``engine/rating.py``), which computes them again from the
club's first evening. Every table of a closed evening of the rule set counts, a tournament's
rounds too, whether or not they count in the standings. Three queries, however long the history,
and two when nothing changed since the last page asked (``history_key``)."""
from __future__ import annotations

import datetime as dt
from collections import OrderedDict
from decimal import Decimal
from dataclasses import dataclass

from django.db.models import Count

from scoring.engine import rating as engine_rating
from scoring.models import Club, Deal, Evening, Player, PlayerEveningSummary, Seat

from .members import identity, names_now
from .standings import played_kinds


def rated_tables(club: Club, rules: str, family: str) -> list[engine_rating.RatedTable]:
    """The ``rules``' tables of the club's closed evenings as the rating reads them: each player
    (as he is now: ``members.identity``) with his points that evening (his summary: a player sits
    at one table an evening) and the deals he held cards in, and the deals played at the table."""
    closed = {"table__evening__club": club, "table__evening__closed_at__isnull": False,
              "table__family": family, "table__rules": rules}
    results = {(player_id, evening_id): (points, deals) for player_id, evening_id, points, deals in
               PlayerEveningSummary.objects.filter(club=club, closed=True, family=family, rules=rules)
               .values_list(identity(), "evening_id", "points", "deals")}
    played = dict(Deal.objects.filter(current=True, voided=False, kind__in=played_kinds(family), **closed)
                  .order_by().values_list("table_id").annotate(n=Count("id")))
    tables: dict[int, dict] = {}
    for table_id, number, evening_id, date, created, player_id in (
            Seat.objects.filter(**closed).order_by("table_id", "position").values_list(
                "table_id", "table__number", "table__evening_id", "table__evening__date",
                "table__evening__created_at", identity())):
        table = tables.setdefault(table_id, {"order": (date, created, evening_id, number), "evening": evening_id,
                                             "date": date, "places": []})
        points, deals = results.get((player_id, evening_id), (0, 0))
        table["places"].append(engine_rating.Place(player_id, points, deals))
    return [engine_rating.RatedTable(t["order"], t["evening"], t["date"], tuple(t["places"]), played.get(table_id, 0))
            for table_id, t in tables.items()]


#: The ratings of the last few histories rated, in this process, by what they were rated from:
#: ``history_key``. Reading the tables of a long history costs a third of the standings page and
#: rating them more (docs/performance.md: ``ratings_read_ms``, ``ratings_rate_ms`` on the
#: 45,000-deal history, the standings' budget missed without it), so a page asks first whether
#: anything the ratings are made of may have changed.
_RATED: OrderedDict[tuple, engine_rating.Ratings] = OrderedDict()
_KEPT = 16


def history_key(club: Club, rules: str, family: str) -> tuple:
    """What a club's ratings are made of, in short (two small queries): every closed evening with
    the moment it was closed, and every merged player with whom he was merged into. A closed
    evening is read-only: its deals, seats and points change only after a reopening, and closing it
    again gives it a new ``closed_at`` (``services.evening_close``); a reopened evening leaves the
    list; a merge changes a player's key. So the same key means the same tables."""
    closed = tuple(Evening.objects.filter(club=club, closed_at__isnull=False).order_by("pk")
                   .values_list("pk", "closed_at"))
    merged = tuple(Player.objects.filter(club=club, merged_into__isnull=False).order_by("pk")
                   .values_list("pk", "merged_into_id"))
    return (club.pk, rules, family, closed, merged)


def club_ratings(club: Club, rules: str, family: str) -> engine_rating.Ratings:
    """Every player's rating at the ``rules``' tables of the club, computed from the first evening
    (kept for a page that asks again while nothing it is made of changed: ``history_key``)."""
    key = history_key(club, rules, family)
    if key in _RATED:
        _RATED.move_to_end(key)
        return _RATED[key]
    found = _RATED[key] = engine_rating.ratings(rated_tables(club, rules, family))
    while len(_RATED) > _KEPT:
        _RATED.popitem(last=False)
    return found


@dataclass(frozen=True)
class RatingRow:
    """A player's rating as a page, an export or the command shows it."""
    player_id: int
    player: str
    rating: float            # the conservative number, one decimal
    provisional: bool
    evenings: int
    mu: float
    sigma: float


def rating_rows(ratings: engine_rating.Ratings, until: dt.date | None = None) -> list[RatingRow]:
    """The players' ratings after the evenings up to ``until`` (all: ``None``), best first, each
    named as he is called now."""
    found = ratings.at(until)
    names = names_now(set(found))
    rows = [RatingRow(player, names[player], r.shown, r.provisional, r.evenings, round(r.mu, 3), round(r.sigma, 3))
            for player, r in found.items()]
    return sorted(rows, key=lambda r: (r.provisional, -r.rating, r.player))


def rating_history(ratings: engine_rating.Ratings, player_id: int,
                   until: dt.date | None = None) -> list[engine_rating.RatingStep]:
    """The player's rating after each of his evenings up to ``until``, oldest first."""
    return [step for step in ratings.history.get(player_id, ()) if until is None or step.date <= until]


def last_date(evenings) -> dt.date | None:
    """The date of the last of ``evenings`` (a query set), the rating's cut-off for a page that
    shows them; ``None`` when there is none."""
    return evenings.order_by("-date").values_list("date", flat=True).first()



def rating_cells(rating: engine_rating.Rating | None) -> dict:
    """A standings row's rating cells: the number (one decimal, as a ``Decimal`` for the exports) and
    whether it is provisional; none for a player without a rating."""
    if rating is None:
        return {"rating": None, "rating_provisional": False}
    return {"rating": Decimal(str(rating.shown)), "rating_provisional": rating.provisional}


def standings_ratings(club: Club, rules: str, family: str, evenings) -> dict[int, engine_rating.Rating]:
    """{player id: rating} as it stood after the last of ``evenings`` (the evenings a standings page
    shows), of the ``rules``."""
    return club_ratings(club, rules, family).at(last_date(evenings))
