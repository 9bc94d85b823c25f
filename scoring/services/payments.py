"""Who has paid: the transfers of a closed evening's "who pays whom" and their marks.

A transfer (``EveningTransfer``) is written by the close from the journal, as the evening page shows
it, and removed by a reopening. A mark is an event of the evening's log (``EveningEventKind.PAID``,
``UNPAID``) naming its transfer by payer, receiver, amount in hundredths (øre, cents: the evening's
currency) and game family. A reopening clears every mark that holds (a ``PAID_CLEARED`` event
each, the marks stay in the log); the next close keeps a cleared mark only for a transfer that is the
same to the hundredth (a ``PAID_KEPT`` event pointing to the first mark), and every other transfer is
unpaid, to be asked again."""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.engine.money import to_cents
from scoring.models import Evening, EveningEvent, EveningEventKind, EveningTransfer, PaymentMethod

from .errors import RecordingError
from .journal import _user
from .locks import _lock_evening
from .summaries import closed_payments

#: The longest note and reason a mark takes (a line or two, as the other reasons of the log).
NOTE_MAX_LENGTH = 500


def identity(family: str, payer_id: int, receiver_id: int, amount: int) -> tuple[str, int, int, int]:
    """What makes two transfers the same transfer: the same game family's settlement, the same
    payer and receiver and the same amount to the hundredth (of the evening's one currency)."""
    return family, payer_id, receiver_id, amount


def transfers_write(evening: Evening, user=None) -> list[EveningTransfer]:
    """The closed ``evening``'s transfers, computed from the journal as the page shows them, each
    with the mark it keeps: a mark the last reopening cleared holds again for a transfer the same
    to the hundredth (``identity``); every other transfer is unpaid. Each is in the evening's
    currency (frozen by the close before). Called by ``evening_close`` inside
    its transaction, after the summaries."""
    _kroner, payments = closed_payments(evening)
    EveningTransfer.objects.filter(evening=evening).delete()
    cleared = _cleared_by_last_reopening(evening)
    made = []
    for position, (family, payment) in enumerate(payments):
        key = identity(family, int(payment.payer), int(payment.payee), to_cents(payment.kroner))
        transfer = EveningTransfer(evening=evening, club_id=evening.club_id, date=evening.date, family=family,
                                   position=position, payer_id=key[1], receiver_id=key[2], amount=key[3],
                                   currency=evening.money_currency)
        held = cleared.get(key)
        if held:   # the same transfer as before the reopening: its mark holds, logged as kept
            first = held.pop(0)
            transfer.mark_id = first.mark_id
            _log(evening, EveningEventKind.PAID_KEPT, transfer, user, mark_id=first.mark_id)
        made.append(transfer)
    return EveningTransfer.objects.bulk_create(made)


def _cleared_by_last_reopening(evening: Evening) -> dict[tuple, list[EveningEvent]]:
    """The marks the evening's last reopening cleared, by their transfer's ``identity`` (two
    transfers may be the same: each keeps one mark)."""
    last = (EveningEvent.objects.filter(evening=evening, kind=EveningEventKind.REOPENED)
            .order_by("-at", "-id").values_list("id", flat=True).first())
    if last is None:
        return {}
    found: dict[tuple, list[EveningEvent]] = {}
    for event in EveningEvent.objects.filter(evening=evening, kind=EveningEventKind.PAID_CLEARED,
                                             id__gt=last).order_by("id"):
        found.setdefault(identity(event.family, event.payer_id, event.receiver_id, event.amount), []).append(event)
    return found


def transfers_clear(evening: Evening, user=None, reason: str = "") -> int:
    """Before a reopening: every mark that holds is cleared (a ``PAID_CLEARED`` event each, the
    mark itself stays in the log) and the transfers are removed; the number of marks cleared.
    Called by ``evening_reopen`` inside its transaction."""
    transfers = list(EveningTransfer.objects.filter(evening=evening, mark__isnull=False).order_by("position"))
    for transfer in transfers:
        _log(evening, EveningEventKind.PAID_CLEARED, transfer, user, mark_id=transfer.mark_id, reason=reason)
    EveningTransfer.objects.filter(evening=evening).delete()
    return len(transfers)


def _log(evening: Evening, kind: str, transfer: EveningTransfer, user, **fields) -> EveningEvent:
    return EveningEvent.objects.create(
        evening=evening, kind=kind, user=_user(user), payer_id=transfer.payer_id, receiver_id=transfer.receiver_id,
        amount=transfer.amount, family=transfer.family, **fields)


def _locked_transfer(transfer_id: int) -> EveningTransfer:
    """The transfer, read again under its evening's lock (a reopening may have removed it)."""
    evening_id = EveningTransfer.objects.filter(pk=transfer_id).values_list("evening_id", flat=True).first()
    if evening_id is None:
        raise RecordingError.single("transfer", _("Overførslen findes ikke længere; aftenen er genåbnet."))
    evening = _lock_evening(evening_id)
    transfer = EveningTransfer.objects.filter(pk=transfer_id).first()
    if transfer is None or evening.closed_at is None:
        raise RecordingError.single("transfer", _("Overførslen findes ikke længere; aftenen er genåbnet."))
    transfer.evening = evening
    return transfer


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


@transaction.atomic
def payment_mark(*, transfer: EveningTransfer | int, method: str, note: str = "", user=None) -> EveningEvent:
    """Mark a transfer paid (how: one of ``PaymentMethod.of_currency`` of its currency; an optional
    note): a ``PAID`` event in the evening's log, by ``user`` now. Refused, nothing written: a method
    that is not one of the choices (field ``method``: MobilePay for a transfer in euro), a note too
    long (``note``), a transfer already marked paid or gone with a reopening (``transfer``)."""
    if method not in PaymentMethod.values:
        raise RecordingError.single("method", _("Vælg, hvordan der er betalt."))
    note = _text(note, "note", _("Note"), required=False)
    transfer = _locked_transfer(getattr(transfer, "pk", transfer))
    if method not in dict(PaymentMethod.of_currency(transfer.currency)):
        raise RecordingError.single("method", _("%(method)s kan ikke bruges til et beløb i %(currency)s.")
                                    % {"method": PaymentMethod(method).label, "currency": transfer.currency})
    if transfer.mark_id is not None:
        raise RecordingError.single("transfer", _("Overførslen er allerede markeret som betalt."))
    event = _log(transfer.evening, EveningEventKind.PAID, transfer, user, method=method, note=note)
    EveningTransfer.objects.filter(pk=transfer.pk).update(mark=event)
    return event


@transaction.atomic
def payment_unmark(*, transfer: EveningTransfer | int, reason: str, user=None) -> EveningEvent:
    """Take a transfer's paid mark back, with a reason: an ``UNPAID`` event naming the mark (which
    stays in the log). Refused, nothing written: no reason or one too long (field ``reason``), a
    transfer that is not marked paid (``transfer``)."""
    reason = _text(reason, "reason", _("Begrundelse"), required=True)
    transfer = _locked_transfer(getattr(transfer, "pk", transfer))
    if transfer.mark_id is None:
        raise RecordingError.single("transfer", _("Overførslen er ikke markeret som betalt."))
    event = _log(transfer.evening, EveningEventKind.UNPAID, transfer, user, mark_id=transfer.mark_id, reason=reason)
    EveningTransfer.objects.filter(pk=transfer.pk).update(mark=None)
    return event
