"""A club's seasons: a season is its dates (``Season.evenings_q``), so a new season has both and
overlaps no other of the club, and changing a season's dates moves the evenings that fall in or out
of them, as dates say. What was kept from before seasons were read by their dates is settled here:
a season given dates, an evening set to a season by hand handed back to its date."""
from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from scoring.models import Club, Evening, EveningEvent, EveningEventKind, Season

from .errors import RecordingError
from .journal import _user


def _day(value: dt.date) -> str:
    return date_format(value, "SHORT_DATE_FORMAT")


def _checked(club: Club, name: str, starts: dt.date | None, ends: dt.date | None, *, season: Season | None = None
             ) -> str:
    """The season's name as it will be kept; refused, naming the field: no name, a date missing,
    an end before the start, dates that share a day with another season of the club."""
    name = (name or "").strip()
    if not name:
        raise RecordingError.single("name", _("Skriv sæsonens navn."))
    if starts is None:
        raise RecordingError.single("starts", _("En sæson har en startdato: dens aftener er dem, der ligger "
                                                "mellem dens datoer."))
    if ends is None:
        raise RecordingError.single("ends", _("En sæson har en slutdato: dens aftener er dem, der ligger "
                                              "mellem dens datoer."))
    if ends < starts:
        raise RecordingError.single("ends", _("Sæsonen kan ikke slutte, før den starter."))
    others = Season.objects.filter(club=club, starts__lte=ends, ends__gte=starts)
    if season is not None:
        others = others.exclude(pk=season.pk)
    other = others.order_by("starts").first()
    if other is not None:
        # the field whose date lies inside the other season; a season around it: its start
        field = "ends" if other.starts <= ends <= other.ends and not other.starts <= starts <= other.ends else "starts"
        raise RecordingError.single(field, _("Datoerne overlapper sæsonen %(name)s (%(starts)s–%(ends)s); en aften "
                                             "hører til én sæson.") % {"name": other.name, "starts": _day(other.starts),
                                                                       "ends": _day(other.ends)})
    return name


def _saved(season: Season) -> Season:
    try:
        with transaction.atomic():
            season.save()
    except IntegrityError:
        raise RecordingError.single("name", _("Der er allerede en sæson med det navn.")) from None
    return season


@transaction.atomic
def season_create(*, club: Club, name: str, starts: dt.date | None, ends: dt.date | None) -> Season:
    """A new season of ``club`` from ``starts`` to ``ends``: its evenings are those of its dates.
    Refused, nothing written (``_checked``); the club's row is locked, so that two seasons made at
    once cannot overlap each other."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    return _saved(Season(club=club, name=_checked(club, name, starts, ends), starts=starts, ends=ends))


@transaction.atomic
def season_dates_set(*, season: Season, name: str, starts: dt.date | None, ends: dt.date | None) -> Season:
    """A season's name and dates changed (a season kept without dates given them): refused as a new
    season is (``_checked``, another season than itself)."""
    club = Club.objects.select_for_update().get(pk=season.club_id)
    season = Season.objects.get(pk=season.pk)
    season.name, season.starts, season.ends = _checked(club, name, starts, ends, season=season), starts, ends
    return _saved(season)


@transaction.atomic
def evening_season_by_date(*, evening: Evening, user=None) -> Evening:
    """An evening set to a season by hand goes back to the season of its date (none, if no season's
    dates hold it): what an admin does once the season's dates say where it belongs. Logged in the
    evening's log with the season it was set to; one not set by hand is left as it is."""
    evening = Evening.objects.select_for_update(of=("self",)).select_related("season_override").get(pk=evening.pk)
    if evening.season_override is None:
        return evening
    EveningEvent.objects.create(evening=evening, kind=EveningEventKind.SEASON_BY_DATE,
                                reason=evening.season_override.name, user=_user(user))
    Evening.objects.filter(pk=evening.pk).update(season_override=None)
    evening.season_override = None
    return evening
