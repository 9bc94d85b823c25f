"""The evenings that count in a club's standings: one place, read by the standings and by a
merge's preview (which counts as the standings count)."""
from __future__ import annotations

import datetime as dt

from scoring.models import Club, Evening, Season


def standings_source(club: Club):
    """The club's evenings whose tables count in its standings: all but a tournament's rounds that
    its director kept out (``Evening.counts_in_standings``)."""
    return Evening.objects.filter(club=club, counts_in_standings=True)


def standings_evenings(club: Club, *, season: Season | None = None, date_from: dt.date | None = None,
                       date_to: dt.date | None = None, include_open: bool = False):
    evenings = standings_source(club)
    if season is not None:   # by its dates (``Season.evenings_q``)
        evenings = evenings.filter(season.evenings_q())
    if date_from is not None:
        evenings = evenings.filter(date__gte=date_from)
    if date_to is not None:
        evenings = evenings.filter(date__lte=date_to)
    if not include_open:
        evenings = evenings.filter(closed_at__isnull=False)
    return evenings
