"""The club's own writes beside its evenings: clearing a member's login lockout, its default language,
its rate per point and its currency."""
from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.currency import log_rate_text
from scoring.engine.money import CURRENCIES
from scoring.language import known as known_language
from scoring.models import Club, ClubEvent, ClubEventKind

from .errors import RecordingError
from .journal import _user


def lockout_clear(*, club: Club, username: str, user=None) -> int:
    """Clear the login failures of ``username``, a member of ``club`` (else ``RecordingError``,
    nothing done), logged in the club's log when there were any. Safe to repeat: a second clear
    finds none, removes none and logs nothing. Returns the failure records removed."""
    from axes.utils import reset

    from scoring import lockouts
    if not lockouts.is_member(club, username):
        raise RecordingError.single("username", _("%(user)s er ikke medlem af klubben.") % {"user": username})
    removed = reset(username=username)
    if removed:
        ClubEvent.objects.create(club=club, kind=ClubEventKind.LOCKOUT_CLEARED, subject=username, count=removed,
                                 user=_user(user))
    return removed


def club_language_set(*, club: Club, language: str) -> None:
    """The club's default language: what its members see until they choose one themselves; it reaches
    each of them at his next login (scoring/language.py)."""
    if known_language(language) is None:
        raise RecordingError.single("language", _("Ukendt sprog."))
    Club.objects.filter(pk=club.pk).update(language=language)


#: The largest rate per point a club may set (``Club.kroner_per_point``: 8 digits, 4 decimals).
RATE_MAX = Decimal("9999.9999")


@transaction.atomic
def club_rate_set(*, club: Club, rate, user=None) -> Club:
    """The club's rate per point (in its currency), from the next close on: an open evening settles at
    it when it is closed, a closed evening keeps the rate frozen at its close
    (``Evening.kroner_per_point``). At least 0, at most ``RATE_MAX``, with at most 4 decimals. Logged
    with the old and the new rate, each with its currency ("0.25 DKK"); the same rate again changes
    and logs nothing."""
    try:
        value = Decimal(str(rate).strip().replace(",", "."))
    except (InvalidOperation, ValueError):
        raise RecordingError.single("kroner_per_point", _("Skriv et tal, fx 0,25.")) from None
    if not value.is_finite() or value < 0 or value > RATE_MAX:
        raise RecordingError.single("kroner_per_point", _("Satsen pr. point skal være mellem 0 og %(max)s.")
                                    % {"max": RATE_MAX})
    if value != value.quantize(Decimal("0.0001")):
        raise RecordingError.single("kroner_per_point", _("Højst fire decimaler."))
    club = Club.objects.select_for_update().get(pk=club.pk)
    if value == club.kroner_per_point:
        return club
    before = club.kroner_per_point
    Club.objects.filter(pk=club.pk).update(kroner_per_point=value)
    club.kroner_per_point = value
    ClubEvent.objects.create(club=club, kind=ClubEventKind.RATE, before=log_rate_text(before, club.currency),
                             after=log_rate_text(value, club.currency), user=_user(user))
    return club


@transaction.atomic
def club_currency_set(*, club: Club, currency, user=None) -> Club:
    """The club's currency (``money.CURRENCIES``), from the next close on, as its rate: an open
    evening's money is in it when it is closed; a closed evening keeps the currency frozen at its
    close (``Evening.currency``), so its amounts are never relabelled. Logged with the old and the
    new currency; the same currency again changes and logs nothing. An unknown currency is refused
    at the field ``currency``, nothing written."""
    if currency not in CURRENCIES:
        raise RecordingError.single("currency", _("Vælg en af valutaerne."))
    club = Club.objects.select_for_update().get(pk=club.pk)
    if currency == club.currency:
        return club
    before = club.currency
    Club.objects.filter(pk=club.pk).update(currency=currency)
    club.currency = currency
    ClubEvent.objects.create(club=club, kind=ClubEventKind.CURRENCY, before=before, after=currency, user=_user(user))
    return club
