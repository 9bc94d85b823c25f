"""Payments between players and the transfers they pay (docs/money.md, "Payments").

A transfer (``EveningTransfer``) is written by the close from the journal, as the evening page shows
it, and removed by a reopening: nothing paid is stored on it. A payment (``Payment``) is money one
player gave another, of any amount, recorded here and allocated to the pair's transfers oldest first
when it is read (``selectors.payments``, ``engine.allocation``): a correction, a void or a reopening
changes what is still open, never what was paid. A payment recorded by its payer waits for the
receiver or the treasurer to confirm or dispute it; one recorded by the receiver or the treasurer is
confirmed at once (``access.confirmed_at_once``). Every step — recorded, confirmed, disputed, undone
with a reason — is a line of the club's log, written in the step's own transaction."""
from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import access
from scoring.currency import format_money
from scoring.engine.bounds import PAYMENT_MAX_CENTS
from scoring.engine.money import CURRENCIES, AmountError, from_cents, parse_cents, to_cents
from scoring.numbers import format_number
from scoring.models import (
    Club, ClubEvent, ClubEventKind, Evening, EveningTransfer, Payment, PaymentMethod, PaymentStatus, Player
)
from scoring.selectors.members import identity_of
from scoring.selectors.payments import pair_balance

from .errors import RecordingError
from .journal import _user
from .summaries import closed_payments

#: The longest note and reason a payment takes (a line or two, as the other reasons of the logs).
NOTE_MAX_LENGTH = 500
#: The earliest day a payment may be dated (a typo of a year is refused, not stored).
EARLIEST = dt.date(2000, 1, 1)


# The transfers of a closed evening -------------------------------------------------------------------

def transfers_write(evening: Evening) -> list[EveningTransfer]:
    """The closed ``evening``'s transfers, computed from the journal as the page shows it, each in the
    evening's currency (frozen by the close before). Called by ``evening_close`` inside its
    transaction, after the summaries; what is paid of them is the pair's payments' to allocate."""
    _kroner, payments = closed_payments(evening)
    EveningTransfer.objects.filter(evening=evening).delete()
    return EveningTransfer.objects.bulk_create([
        EveningTransfer(evening=evening, club_id=evening.club_id, date=evening.date, family=family,
                        position=position, payer_id=int(payment.payer), receiver_id=int(payment.payee),
                        amount=to_cents(payment.kroner), currency=evening.money_currency)
        for position, (family, payment) in enumerate(payments)])


def transfers_clear(evening: Evening) -> int:
    """Before a reopening: the evening's transfers go (the next close writes them anew); no payment
    goes with them. The number removed. Called by ``evening_reopen`` inside its transaction."""
    removed, _by_model = EveningTransfer.objects.filter(evening=evening).delete()
    return removed


# What a payment is made of -----------------------------------------------------------------------------

def _text(value, field: str, label: str, *, required: bool) -> str:
    text = (value or "").strip()
    if required and not text:
        raise RecordingError.single(field, _("Skriv en begrundelse."))
    if len(text) > NOTE_MAX_LENGTH:
        raise RecordingError.single(field, _("%(field)s må højst være %(max)s tegn.")
                                    % {"field": label, "max": NOTE_MAX_LENGTH})
    if any(ord(c) < 32 and c not in "\n\r\t" for c in text):
        raise RecordingError.single(field, _("%(field)s indeholder tegn, der ikke kan gemmes.") % {"field": label})
    return text


def _player(club: Club, key, field: str) -> Player:
    """The club's player ``key`` (his id) as he is now (a merged duplicate: the one he was merged into)."""
    try:
        pk = int(str(getattr(key, "pk", key)).strip())
    except (TypeError, ValueError):
        pk = None
    found = Player.objects.filter(club=club, pk=pk).select_related("merged_into").first() if pk else None
    if found is None:
        raise RecordingError.single(field, _("Vælg betaleren.") if field == "payer" else _("Vælg modtageren."))
    return identity_of(found)


def amount_cents(value, field: str = "amount") -> int:
    """A payment's amount as typed ("12,50") or as whole hundredths (an int) in hundredths, more
    than 0 and at most ``PAYMENT_MAX_CENTS``; else refused at ``field``."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(from_cents(value))
    try:
        return parse_cents(value or "", most=PAYMENT_MAX_CENTS)
    except AmountError as exc:
        message = {"positive": _("Beløbet skal være større end 0."),
                   "large": _("Beløbet må højst være %(max)s.") % {
                       "max": format_number(from_cents(PAYMENT_MAX_CENTS), decimal_pos=2, grouping=True)},
                   }.get(exc.kind, _("Skriv beløbet med cifre og højst to decimaler, fx 12,50."))
        raise RecordingError.single(field, message) from None


def _day(value) -> dt.date:
    if value in (None, ""):
        return timezone.localdate()
    try:
        day = value if isinstance(value, dt.date) else dt.date.fromisoformat(str(value).strip())
    except ValueError:
        raise RecordingError.single("paid_on", _("Skriv datoen som åååå-mm-dd.")) from None
    if day > timezone.localdate():
        raise RecordingError.single("paid_on", _("Datoen ligger i fremtiden."))
    if day < EARLIEST:
        raise RecordingError.single("paid_on", _("Datoen ligger for langt tilbage."))
    return day


def _method(method: str, currency: str) -> str:
    if currency not in CURRENCIES:
        raise RecordingError.single("currency", _("Vælg en af valutaerne."))
    if method not in PaymentMethod.values:
        raise RecordingError.single("method", _("Vælg, hvordan der er betalt."))
    if method not in dict(PaymentMethod.of_currency(currency)):
        raise RecordingError.single("method", _("%(method)s kan ikke bruges til et beløb i %(currency)s.")
                                    % {"method": PaymentMethod(method).label, "currency": currency})
    return method


def _log(payment: Payment, kind: str, user, reason: str = "") -> ClubEvent:
    return ClubEvent.objects.create(club_id=payment.club_id, kind=kind, player_id=payment.payer_id,
                                    other_id=payment.receiver_id, payment=payment, user=_user(user), reason=reason)


# Recording ----------------------------------------------------------------------------------------------

@transaction.atomic
def payment_record(*, club: Club, payer, receiver, amount, currency: str, method: str, paid_on=None,
                   note: str = "", user=None, settles: bool = False) -> Payment:
    """Record that ``payer`` gave ``receiver`` ``amount`` (text as typed, or hundredths) in
    ``currency``, how (``method``: one of ``PaymentMethod.of_currency``), on ``paid_on`` (today
    when not given), with an optional note. Confirmed at once when ``user`` is the receiver or the
    treasurer, else waiting for them; logged. Refused, nothing written: a player not of the club or
    the same twice (fields ``payer``/``receiver``), an amount that is not one (``amount``), an
    unknown currency or a method it cannot be paid by (``currency``/``method``), a day in the
    future (``paid_on``), a note too long; a user who may not record it (``PermissionDenied``)."""
    club = Club.objects.select_for_update().get(pk=club.pk)   # one payment write of the club at a time
    payer, receiver = _player(club, payer, "payer"), _player(club, receiver, "receiver")
    if payer.pk == receiver.pk:
        raise RecordingError.single("receiver", _("Betaler og modtager skal være to forskellige spillere."))
    cents = amount_cents(amount)
    method = _method(method, currency)
    day = _day(paid_on)
    note = _text(note, "note", _("Note"), required=False)
    if user is not None and not access.may_record_payment(user, club.pk, payer, receiver):
        raise PermissionDenied
    now = timezone.now()
    confirmed = access.confirmed_at_once(user, club.pk, receiver)
    payment = Payment.objects.create(
        club=club, payer=payer, receiver=receiver, amount=cents, currency=currency, method=method, paid_on=day,
        note=note, settles=settles, recorded_by=_user(user), recorded_at=now,
        status=PaymentStatus.CONFIRMED if confirmed else PaymentStatus.PENDING,
        decided_by=_user(user) if confirmed else None, decided_at=now if confirmed else None)
    _log(payment, ClubEventKind.PAID, user)
    return payment


@transaction.atomic
def payment_settle_up(*, club: Club, player, other, currency: str, method: str, expected=None, paid_on=None,
                      note: str = "", user=None) -> Payment:
    """Settle up: one payment of the whole balance between ``player`` and ``other`` in ``currency``,
    from whichever owes to the other (``selectors.payments.pair_balance``, read under the club's lock).
    ``expected`` (hundredths, as the page showed it, the one who owes positive when ``player`` owes)
    must still be the balance, or it is refused at ``amount`` with the balance now; nothing owed
    either way is refused at ``other``."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    a, b = _player(club, player, "payer"), _player(club, other, "receiver")
    if a.pk == b.pk:
        raise RecordingError.single("receiver", _("Betaler og modtager skal være to forskellige spillere."))
    if currency not in CURRENCIES:
        raise RecordingError.single("currency", _("Vælg en af valutaerne."))
    owes = pair_balance(club, a.pk, b.pk, currency)
    if owes == 0:
        raise RecordingError.single("receiver", _("%(a)s og %(b)s skylder ikke hinanden noget i %(currency)s.")
                                    % {"a": a.name, "b": b.name, "currency": currency})
    if expected is not None and str(expected).strip() not in ("", str(owes)):
        raise RecordingError.single("amount", _("Saldoen er ændret, siden siden blev vist: %(debtor)s → "
                                                "%(creditor)s: %(amount)s. Se efter og gør op igen.") % {
            "debtor": (a if owes > 0 else b).name, "creditor": (b if owes > 0 else a).name,
            "amount": format_money(from_cents(abs(owes)), currency)})
    debtor, creditor = (a, b) if owes > 0 else (b, a)
    return payment_record(club=club, payer=debtor.pk, receiver=creditor.pk, amount=abs(owes), currency=currency,
                          method=method, paid_on=paid_on, note=note, user=user, settles=True)


# Its later steps ------------------------------------------------------------------------------------------

def _locked(payment: Payment | int) -> Payment:
    return (Payment.objects.select_for_update(of=("self",)).select_related("payer__merged_into", "receiver__merged_into")
            .get(pk=getattr(payment, "pk", payment)))


@transaction.atomic
def payment_confirm(*, payment: Payment | int, user=None) -> Payment:
    """The receiver or the treasurer says the money came: a payment waiting (or disputed: the
    treasurer settles a dispute either way) is confirmed, logged. Refused at ``payment``: one
    confirmed already or undone; ``PermissionDenied`` for anyone else."""
    payment = _locked(payment)
    if user is not None and not access.may_decide_payment(user, payment):
        raise PermissionDenied
    if payment.undone_at is not None:
        raise RecordingError.single("payment", _("Betalingen er fortrudt."))
    if payment.status == PaymentStatus.CONFIRMED:
        raise RecordingError.single("payment", _("Betalingen er allerede bekræftet."))
    Payment.objects.filter(pk=payment.pk).update(status=PaymentStatus.CONFIRMED, decided_by=_user(user),
                                                 decided_at=timezone.now())
    _log(payment, ClubEventKind.PAYMENT_CONFIRMED, user)
    payment.refresh_from_db()
    return payment


@transaction.atomic
def payment_dispute(*, payment: Payment | int, reason: str, user=None) -> Payment:
    """The receiver or the treasurer says the money did not come, with a reason: a waiting payment is
    disputed and no longer counts (logged). Refused: no reason (``reason``), a payment not waiting
    (``payment``); ``PermissionDenied`` for anyone else."""
    reason = _text(reason, "reason", _("Begrundelse"), required=True)
    payment = _locked(payment)
    if user is not None and not access.may_decide_payment(user, payment):
        raise PermissionDenied
    if payment.undone_at is not None or payment.status != PaymentStatus.PENDING:
        raise RecordingError.single("payment", _("Kun en betaling, der afventer bekræftelse, kan bestrides."))
    Payment.objects.filter(pk=payment.pk).update(status=PaymentStatus.DISPUTED, decided_by=_user(user),
                                                 decided_at=timezone.now())
    _log(payment, ClubEventKind.PAYMENT_DISPUTED, user, reason)
    payment.refresh_from_db()
    return payment


@transaction.atomic
def payment_undo(*, payment: Payment | int, reason: str, user=None) -> Payment:
    """Take a payment back, with a reason (recorded by mistake, twice, the wrong amount): it no
    longer counts, stays listed as undone, and the undoing is logged. Refused: no reason
    (``reason``), a payment undone already (``payment``); ``PermissionDenied`` for anyone but whoever
    recorded it and the treasurer."""
    reason = _text(reason, "reason", _("Begrundelse"), required=True)
    payment = _locked(payment)
    if user is not None and not access.may_undo_payment(user, payment):
        raise PermissionDenied
    if payment.undone_at is not None:
        raise RecordingError.single("payment", _("Betalingen er allerede fortrudt."))
    Payment.objects.filter(pk=payment.pk).update(undone_at=timezone.now(), undone_by=_user(user), undo_reason=reason)
    _log(payment, ClubEventKind.PAYMENT_UNDONE, user, reason)
    payment.refresh_from_db()
    return payment
