"""The club's own writes beside its evenings: clearing a member's login lockout, its default language,
and its logged settings — its rate per point, its currency and how it is paid (``_logged_setting``)."""
from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils.translation import gettext as _

from scoring import paying
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


def _logged_setting(club: Club, kind: str, values: dict, shown: Callable[[Club], str], user) -> Club:
    """The one way a club setting is changed and logged: the club locked, ``values`` ({field: the new
    value}) written, and a line of ``kind`` in the club's log with the setting before and after as
    ``shown`` writes it; the same values again change and log nothing. Called inside the setter's
    transaction, after the values are checked."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    if all(getattr(club, field) == value for field, value in values.items()):
        return club
    before = shown(club)
    Club.objects.filter(pk=club.pk).update(**values)
    for field, value in values.items():
        setattr(club, field, value)
    ClubEvent.objects.create(club=club, kind=kind, before=before[:150], after=shown(club)[:150], user=_user(user))
    return club


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
    return _logged_setting(club, ClubEventKind.RATE, {"kroner_per_point": value},
                           lambda c: log_rate_text(c.kroner_per_point, c.currency), user)


@transaction.atomic
def club_currency_set(*, club: Club, currency, user=None) -> Club:
    """The club's currency (``money.CURRENCIES``), from the next close on, as its rate: an open
    evening's money is in it when it is closed; a closed evening keeps the currency frozen at its
    close (``Evening.currency``), so its amounts are never relabelled. Logged with the old and the
    new currency; the same currency again changes and logs nothing. An unknown currency is refused
    at the field ``currency``, nothing written."""
    if currency not in CURRENCIES:
        raise RecordingError.single("currency", _("Vælg en af valutaerne."))
    return _logged_setting(club, ClubEventKind.CURRENCY, {"currency": currency}, lambda c: c.currency, user)


@transaction.atomic
def club_payment_details_set(*, club: Club, holder: str = "", reg: str = "", account: str = "",
                             mobilepay: str = "", iban: str = "", bic: str = "", user=None) -> Club:
    """How the club is paid (``paying.checked``: a reg.-nr. and konto, a MobilePay number, an IBAN
    checked by schwifty and its BIC, the holder beside any of them); all empty: none. Logged with
    the details before and after; the same again changes and logs nothing. A detail that is not one
    is refused at its field (``pay_iban`` …), nothing written."""
    try:
        details = paying.checked(holder, reg, account, mobilepay, iban, bic)
    except paying.DetailError as exc:
        raise RecordingError.single(exc.field, exc.message) from None
    return _logged_setting(club, ClubEventKind.PAY_DETAILS, details.fields(),
                           lambda c: paying.Details.of(c).text(), user)
