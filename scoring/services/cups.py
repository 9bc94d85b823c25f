"""A club's cup series (docs/cups.md): created and changed by a club admin, its tournaments and
ordinary closed evenings added and removed. Nothing of the standings is stored: they are read."""
from __future__ import annotations

import re

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.engine.cup import MAX_PLACE_POINTS, MAX_PLACES
from scoring.models import Club, Cup, Evening, Tournament

from .errors import FieldError, RecordingError

#: The most results a cup may count (no club plays more events in a series).
MAX_BEST = 999


def cup_points_parse(text) -> tuple[int, ...]:
    """The club's table of points per placing as typed ("25,18,15,12,10"; spaces or semicolons do as
    well): whole numbers, the first place's first, never more for a worse place."""
    parts = [p for p in re.split(r"[\s,;]+", str(text or "").strip()) if p]
    if not parts:
        raise RecordingError.single("points", _("Skriv pointene for hver placering, fx 25,18,15,12,10."))
    if len(parts) > MAX_PLACES:
        raise RecordingError.single("points", _("Højst %(n)s placeringer.") % {"n": MAX_PLACES})
    if not all(p.isascii() and p.isdigit() for p in parts):
        raise RecordingError.single("points", _("Kun hele tal fra 0, adskilt af komma, fx 25,18,15,12,10."))
    points = tuple(int(p) for p in parts)
    if max(points) > MAX_PLACE_POINTS:
        raise RecordingError.single("points", _("Højst %(n)s point for en placering.") % {"n": MAX_PLACE_POINTS})
    if any(later > earlier for earlier, later in zip(points, points[1:])):
        raise RecordingError.single("points", _("En dårligere placering kan ikke give flere point end en bedre."))
    return points


def cup_evenings(club: Club):
    """The evenings a cup may hold: the club's closed evenings that are no tournament's round (a
    tournament counts in a cup as a whole)."""
    return Evening.objects.filter(club=club, closed_at__isnull=False, tournament_round__isnull=True)


def cup_save(*, club: Club, name: str, points, best, tournaments=(), evenings=(), cup: Cup | None = None) -> Cup:
    """Create a cup (``cup`` None) or change one: its name, table, best N and its events (the
    tournaments and evenings given are its events afterwards). Every problem at once, nothing written."""
    errors: list[FieldError] = []

    def check(field, work):
        try:
            return work()
        except RecordingError as exc:
            errors.extend(exc.errors)

    name = " ".join(str(name or "").split())
    if not name:
        errors.append(FieldError(None, "name", _("Navnet må ikke være tomt.")))
    elif len(name) > 100:
        errors.append(FieldError(None, "name", _("Navnet er for langt (højst %(n)s tegn).") % {"n": 100}))
    elif Cup.objects.filter(club=club, name=name).exclude(pk=getattr(cup, "pk", None)).exists():
        errors.append(FieldError(None, "name", _("Klubben har allerede en pokalturnering med det navn.")))
    table = check("points", lambda: cup_points_parse(points))
    try:
        best = int(best)
    except (TypeError, ValueError):
        best = 0
    if not 1 <= best <= MAX_BEST:
        errors.append(FieldError(None, "best", _("Skriv et helt tal fra 1 til %(n)s.") % {"n": MAX_BEST}))
    tournament_ids = {int(t) for t in tournaments}
    evening_ids = {int(e) for e in evenings}
    found_tournaments = list(Tournament.objects.filter(club=club, pk__in=tournament_ids))
    found_evenings = list(cup_evenings(club).filter(pk__in=evening_ids))
    if len(found_tournaments) != len(tournament_ids):
        errors.append(FieldError(None, "tournaments", _("Vælg blandt klubbens turneringer.")))
    if len(found_evenings) != len(evening_ids):
        errors.append(FieldError(None, "evenings", _("Vælg blandt klubbens lukkede aftener uden for turneringer.")))
    if errors:
        raise RecordingError(errors)
    with transaction.atomic():
        if cup is None:
            cup = Cup.objects.create(club=club, name=name, points=list(table), best=best)
        else:
            cup.name, cup.points, cup.best = name, list(table), best
            cup.save(update_fields=["name", "points", "best"])
        cup.tournaments.set(found_tournaments)
        cup.evenings.set(found_evenings)
    return cup
