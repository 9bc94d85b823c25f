"""Season standings and player statistics (issue 4): read-only selectors.

Points come from the journal (every leg a player ever got, reversals included, so corrections
cancel out); event counts from the per-deal figures the engine wrote with each entry. A fixed
number of queries, whatever the number of evenings or deals.
"""
from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from django.db.models import Count, Max, Min, Q, Sum

from scoring.engine.money import evening_kroner, kroner

from .models import Account, Club, Evening, Leg, Player, PlayerDealStat, PlayerEveningSummary, Seat, Season

EVENT_FIELDS = ("pagat_ultimo", "king_ultimo", "pagat_bagud", "king_bagud", "tout", "nolo", "last_trick",
                "meld_points", "fines")


@dataclass(frozen=True)
class StandingRow:
    player_id: int
    player: str
    evenings: int
    deals: int
    points: int
    kroner: Decimal
    average: Decimal | None        # points per deal played, one decimal
    pagat_ultimo: int
    king_ultimo: int
    pagat_bagud: int
    king_bagud: int
    tout: int
    nolo: int
    last_trick: int
    meld_points: int
    fines: int
    best_evening: int | None
    worst_evening: int | None


def standings_evenings(club: Club, *, season: Season | None = None, date_from: dt.date | None = None,
                       date_to: dt.date | None = None, include_open: bool = False):
    evenings = Evening.objects.filter(club=club)
    if season is not None:
        evenings = evenings.filter(season=season)
    if date_from is not None:
        evenings = evenings.filter(date__gte=date_from)
    if date_to is not None:
        evenings = evenings.filter(date__lte=date_to)
    if not include_open:
        evenings = evenings.filter(closed_at__isnull=False)
    return evenings


def evening_points(evenings) -> dict[int, dict[int, int]]:
    """{player id: {evening id: points}} over ``evenings``, from the journal (one query)."""
    rows = (Leg.objects.filter(account=Account.PLAYER, entry__table__evening__in=evenings)
            .values_list("player_id", "entry__table__evening_id").annotate(total=Sum("amount")))
    points: dict[int, dict[int, int]] = defaultdict(dict)
    for player_id, evening_id, total in rows:
        points[player_id][evening_id] = total
    return points


def standings(club: Club, evenings=None, **filters) -> list[StandingRow]:
    """One row per player over ``evenings`` (default: ``standings_evenings(club, **filters)``),
    from the per-evening summaries: one aggregate query, however long the history, and one for the
    open evenings' provisional kroner."""
    if evenings is None:
        evenings = standings_evenings(club, **filters)
    summaries = PlayerEveningSummary.objects.filter(evening__in=evenings)
    rows = (summaries.values("player_id", "player__name")
            .annotate(evenings=Count("id"), total=Sum("points"), played=Sum("deals"), best=Max("points"),
                      worst=Min("points"), closed_kroner=Sum("kroner", filter=Q(closed=True)),
                      **{f: Sum(f) for f in EVENT_FIELDS}))
    open_kroner: dict[int, Decimal] = defaultdict(Decimal)
    for player_id, points, frozen in summaries.filter(closed=False).values_list(
            "player_id", "points", "evening__kroner_per_point"):
        open_kroner[player_id] += kroner(points, club.kroner_per_point if frozen is None else frozen)
    result = [_row(r["player_id"], r["player__name"], r["evenings"], r["played"] or 0, r["total"] or 0,
                   (r["closed_kroner"] or Decimal("0.00")) + open_kroner[r["player_id"]],
                   {f: r[f] or 0 for f in EVENT_FIELDS}, r["best"], r["worst"]) for r in rows]
    result.sort(key=lambda r: (-r.points, r.player))
    return result


def _row(player_id, name, evenings, deals, total, amount, events, best, worst) -> StandingRow:
    return StandingRow(
        player_id=player_id, player=name, evenings=evenings, deals=deals, points=total,
        kroner=amount + Decimal("0.00"),
        average=(Decimal(total) / deals).quantize(Decimal("0.1"), ROUND_HALF_UP) if deals else None,
        **events, best_evening=best, worst_evening=worst)


def standings_from_journal(club: Club, evenings=None, **filters) -> list[StandingRow]:
    """The same standings re-summed from every leg and per-deal row (the check on the summaries):
    a closed evening's kroner re-settled from its journal totals, an open one's at its rate."""
    if evenings is None:
        evenings = standings_evenings(club, **filters)
    points = evening_points(evenings)
    amounts = _journal_kroner(club, evenings, points)
    figures = {
        row["player_id"]: row for row in
        PlayerDealStat.objects.filter(evening__in=evenings, deal__current=True)
        .values("player_id", "player__name")
        .annotate(deals=Count("id", filter=Q(active=True, deal__kind="played")), **{f: Sum(f) for f in EVENT_FIELDS})
    }
    names = dict(Player.objects.filter(pk__in=set(points) | set(figures)).values_list("pk", "name"))
    rows = []
    for player_id in set(points) | set(figures):  # a player seated at a table with no deal yet has legs only
        row = figures.get(player_id, {})
        per_evening = points.get(player_id, {})
        rows.append(_row(player_id, names[player_id], len(per_evening), row.get("deals") or 0,
                         sum(per_evening.values()), sum(amounts[player_id].values(), Decimal("0.00")),
                         {f: row.get(f) or 0 for f in EVENT_FIELDS},
                         max(per_evening.values()) if per_evening else None,
                         min(per_evening.values()) if per_evening else None))
    rows.sort(key=lambda r: (-r.points, r.player))
    return rows


def _journal_kroner(club: Club, evenings, points: dict[int, dict[int, int]]) -> dict[int, dict[int, Decimal]]:
    """{player id: {evening id: kroner}} from the journal's points: closed evenings settled anew by
    ``money.evening_kroner`` (table and seat order), open ones at the evening's rate."""
    seated: dict[int, list[int]] = defaultdict(list)
    for evening_id, player_id in (Seat.objects.filter(table__evening__in=evenings)
                                  .order_by("table__evening_id", "table__number", "position")
                                  .values_list("table__evening_id", "player_id")):
        seated[evening_id].append(player_id)
    result: dict[int, dict[int, Decimal]] = defaultdict(dict)
    for evening in evenings.select_related("club"):
        totals = tuple((str(p), points.get(p, {}).get(evening.pk, 0)) for p in seated[evening.pk])
        amounts, _payments = evening_kroner(totals, evening.rate, settled=evening.is_closed and bool(totals))
        for player_id, amount in amounts.items():
            result[int(player_id)][evening.pk] = amount
    return result


@dataclass(frozen=True)
class PlayerEvening:
    evening_id: int
    date: dt.date
    closed: bool
    points: int
    kroner: Decimal
    cumulative: int


def player_evenings(player, evenings) -> list[PlayerEvening]:
    """The player's result per evening, oldest first, with the running sum (one query)."""
    rows, running = [], 0
    for summary in PlayerEveningSummary.objects.filter(player=player, evening__in=evenings).select_related("evening__club").order_by("date", "evening_id"):
        running += summary.points
        rows.append(PlayerEvening(summary.evening_id, summary.date, summary.closed, summary.points,
                                  summary_kroner(summary), running))
    return rows


def summary_kroner(summary: PlayerEveningSummary) -> Decimal:
    """A player's kroner for one evening: frozen at the close, else his points at the evening's rate."""
    if summary.kroner is not None:
        return summary.kroner
    return kroner(summary.points, summary.evening.rate)


@dataclass(frozen=True)
class CupWin:
    date: dt.date
    evening_id: int
    player: str
    amount: int
    tout: bool


def largest_cups_won(evenings, limit: int = 5) -> list[CupWin]:
    """The largest cups taken in one deal by an ultimo or a tout (one query)."""
    rows = (PlayerDealStat.objects.filter(evening__in=evenings, deal__current=True, cup_won__gt=0)
            .select_related("player", "evening").order_by("-cup_won", "evening__date")[:limit])
    return [CupWin(r.evening.date, r.evening_id, r.player.name, r.cup_won, bool(r.tout)) for r in rows]
