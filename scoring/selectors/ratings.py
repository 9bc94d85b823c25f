"""A club's ratings per rule set (docs/rating.md): the closed evenings' tables read as they stand
and handed to the engine's pure rating (``engine/rating.py``), which computes them again from the
club's first evening. Every table of a closed evening of the rule set counts, a tournament's
rounds too, whether or not they count in the standings. Three queries, however long the history."""
from __future__ import annotations

import datetime as dt
from decimal import Decimal
from dataclasses import dataclass

from django.db.models import Count

from scoring.engine import rating as engine_rating
from scoring.models import Club, Deal, PlayerEveningSummary, Seat

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


def club_ratings(club: Club, rules: str, family: str) -> engine_rating.Ratings:
    """Every player's rating at the ``rules``' tables of the club, computed from the first evening."""
    return engine_rating.ratings(rated_tables(club, rules, family))


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
