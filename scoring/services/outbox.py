"""Queueing a closed evening's sheet for its players (the outbox, ``EveningMail``): the request only
queues; the sender (scoring/outbox_sender.py) renders and sends outside any request."""
from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.language import player_language
from scoring.selectors.members import evening_members, identity
from scoring.models import EveningEvent, EveningEventKind, EveningMail, EveningMailKind, Evening

from .errors import RecordingError
from .journal import _user
from .locks import _lock_evening


class NotClosedError(RecordingError):
    """Only a closed evening's sheet is final; an open one is not sent."""

    http_status = 409


class NoAddressError(RecordingError):
    """None of the evening's players has an e-mail address: there is no one to send to."""

    http_status = 422


@dataclass(frozen=True)
class MailQueued:
    """What one request queued: the players newly queued, and how many were queued before (a
    second send queues nothing twice) or have no address."""
    queued: tuple[str, ...]
    before: int
    without_address: tuple[str, ...]


@transaction.atomic
def evening_mail_queue(*, evening: Evening, user=None, kind: str = EveningMailKind.SHEET) -> MailQueued:
    """Queue the evening's sheet for every player with an address who has none queued of this kind
    yet (keyed by evening, player and kind), logged as one event with their number. Refused,
    nothing written: an evening that is not closed; an evening none of whose players has an address."""
    evening = _lock_evening(evening.pk)   # against a reopening at the same moment
    if evening.closed_at is None:
        raise NotClosedError.single("", _("Aftenen er ikke lukket; arket sendes først, når aftenen er lukket."))
    players = evening_members(evening)
    with_address = [p for p in players if p.email.strip()]
    if not with_address:
        raise NoAddressError.single("email", _("Ingen af aftenens spillere har en e-mailadresse; "
                                               "en klubadministrator kan skrive dem på spillersiden."))
    # a mail queued before a merge is the merged player's (his own, or his duplicate's)
    done = set(EveningMail.objects.filter(evening=evening, kind=kind).values_list(identity(), flat=True))
    new = [p for p in with_address if p.pk not in done]
    now = timezone.now()
    EveningMail.objects.bulk_create([
        EveningMail(evening=evening, player=p, kind=kind, address=p.email.strip(), language=player_language(p),
                    queued_at=now, queued_by=_user(user)) for p in new])
    if new:
        EveningEvent.objects.create(evening=evening, kind=EveningEventKind.MAILED, count=len(new), user=_user(user))
    return MailQueued(tuple(p.name for p in new), len(with_address) - len(new),
                      tuple(p.name for p in players if not p.email.strip()))
