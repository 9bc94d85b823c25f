"""Club overview, season standings and player pages, with CSV/XLSX/PDF exports (issue 4)."""
from __future__ import annotations

from dataclasses import asdict

from django.db.models import Count, Sum
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django_tables2 import RequestConfig

from scoring import access

from .charts import cumulative_svg
from .filters import EveningFilter
from .models import Account, Club, Evening, Leg, Player
from .standings import largest_cups_won, player_evenings, standings
from .tables import EveningsTable, PlayerEveningsTable, SpreadsheetExport, StandingsTable

EXPORT_FORMATS = ("csv", "xlsx")


def _club(request, pk: int) -> Club:
    club = get_object_or_404(Club, pk=pk)
    access.require(request.user, club)
    return club


def _export(request, table, name: str):
    fmt = request.GET.get("_export")
    if fmt in EXPORT_FORMATS:
        return SpreadsheetExport(fmt, table, exclude_columns=()).response(f"{name}.{fmt}")
    return None


def _standings_context(request, club: Club):
    evening_filter = EveningFilter(request.GET, queryset=Evening.objects.filter(club=club), club=club)
    evenings = evening_filter.qs if evening_filter.is_valid() else Evening.objects.none()
    rows = [asdict(r) for r in standings(club, evenings=evenings)]
    return evening_filter, rows


@require_GET
def standings_view(request, pk: int):
    club = _club(request, pk)
    evening_filter, rows = _standings_context(request, club)
    table = StandingsTable(rows)
    RequestConfig(request, paginate={"per_page": 25}).configure(table)
    return _export(request, table, f"stilling-{club.pk}") or render(
        request, "scoring/standings.html", {"club": club, "filter": evening_filter, "table": table,
                                            "query": request.GET.urlencode()})


@require_GET
def standings_pdf(request, pk: int):
    from .pdf import render_standings_pdf

    club = _club(request, pk)
    evening_filter, rows = _standings_context(request, club)
    response = HttpResponse(render_standings_pdf(club, rows, evening_filter), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="stilling-{club.pk}.pdf"'
    return response


@require_GET
def player_detail(request, pk: int):
    player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
    access.require(request.user, player.club_id)
    club = player.club
    evening_filter = EveningFilter(request.GET, queryset=Evening.objects.filter(club=club), club=club)
    evenings = evening_filter.qs if evening_filter.is_valid() else Evening.objects.none()
    history = player_evenings(player, evenings)
    row = next((r for r in standings(club, evenings=evenings) if r.player_id == player.pk), None)
    table = PlayerEveningsTable(history)
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    chart = cumulative_svg([(date_format(e.date, "SHORT_DATE_FORMAT"), e.cumulative) for e in history],
                           title=_("Samlede point for %(name)s") % {"name": player.name})
    return _export(request, table, f"spiller-{player.pk}") or render(
        request, "scoring/player_detail.html", {"player": player, "club": club, "row": row, "table": table,
                                                "chart": chart, "filter": evening_filter})


@require_GET
def club_detail(request, pk: int):
    club = _club(request, pk)
    evening_filter = EveningFilter(request.GET, queryset=Evening.objects.filter(club=club), club=club)
    evenings = evening_filter.qs if evening_filter.is_valid() else Evening.objects.none()
    all_evenings = Evening.objects.filter(club=club)
    shared = dict(Leg.objects.filter(entry__table__evening__in=all_evenings, entry__kind="split",
                                     entry__reversed_by__isnull=True,  # a reopening reversed the earlier split
                                     account=Account.PLAYER).values_list("entry__table__evening_id")
                  .annotate(total=Sum("amount")))
    listing = [{"id": e.pk, "date": e.date, "tables_count": e.tables_count, "cups_shared": shared.get(e.pk, 0),
                "closed": e.closed_at is not None}
               for e in all_evenings.annotate(tables_count=Count("tables")).order_by("-date", "-id")]
    table = EveningsTable(listing)
    RequestConfig(request, paginate={"per_page": 20}).configure(table)
    leaders = standings(club, evenings=evenings)[:5]
    return _export(request, table, f"aftener-{club.pk}") or render(request, "scoring/club_detail.html", {
        "club": club, "table": table, "leaders": leaders, "cups": largest_cups_won(evenings),
        "filter": evening_filter, "can_admin": access.can(request.user, club, "admin")})
