"""Queueing a closed evening's sheet for its players (the outbox, ``EveningMail``): the request only
queues; the sender (scoring/outbox_sender.py) renders and sends outside any request."""
from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.engine.bounds import one_mailbox
from scoring.language import player_language
from scoring.selectors.members import evening_members, identity, identity_of
from scoring.selectors.outbox import evening_outbox, outdated_mails, sheet_version
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
    done = set(EveningMail.objects.filter(evening=evening, kind=kind, current=True).values_list(identity(), flat=True))
    new = [p for p in with_address if p.pk not in done]
    now = timezone.now()
    EveningMail.objects.bulk_create([
        EveningMail(evening=evening, player=p, kind=kind, address=p.email.strip(), language=player_language(p),
                    queued_at=now, queued_by=_user(user)) for p in new])
    if new:
        EveningEvent.objects.create(evening=evening, kind=EveningEventKind.MAILED, count=len(new), user=_user(user))
    return MailQueued(tuple(p.name for p in new), len(with_address) - len(new),
                      tuple(p.name for p in players if not p.email.strip()))


class NotFailedError(RecordingError):
    """Only a mail that failed is sent again by hand (one waiting or tried again goes by itself)."""

    http_status = 409


def _again(mail: EveningMail, *, corrected: bool, user) -> EveningMail:
    """A new current mail in ``mail``'s place, to its player's address and language as they are now
    (``mail`` kept, no longer current, as the record of what was tried)."""
    player = identity_of(mail.player)
    address = player.email.strip()
    if not address:
        raise NoAddressError.single("email", _("%(name)s har ingen e-mailadresse; en klubadministrator kan "
                                               "skrive den på spillersiden.") % {"name": player.name})
    if not one_mailbox(address):
        raise NoAddressError.single("email", _("%(name)s' adresse er ikke én modtager; ret den på spillersiden.")
                                    % {"name": player.name})
    EveningMail.objects.filter(pk=mail.pk).update(current=False)
    return EveningMail.objects.create(
        evening_id=mail.evening_id, player=player, kind=mail.kind, address=address, language=player_language(player),
        queued_at=timezone.now(), queued_by=_user(user), replaces=mail, corrected=corrected)


@transaction.atomic
def evening_mail_again(*, mail: EveningMail, user=None) -> EveningMail:
    """Send a failed mail of a closed evening again, to its player's address as it is now (an
    admin corrected it after the server refused the old one): a new mail in its place, logged.
    Refused, nothing written: an evening not closed; a mail that has not failed or was sent again
    already; a player without an address, or with one that is not one recipient."""
    evening = _lock_evening(mail.evening_id)
    if evening.closed_at is None:
        raise NotClosedError.single("", _("Aftenen er ikke lukket; arket sendes først, når aftenen er lukket."))
    line = next((line for line in evening_outbox(evening) if line.mail_id == mail.pk), None)
    if line is None or line.state != "failed":
        raise NotFailedError.single("", _("Kun en mail, der er fejlet, kan sendes igen."))
    again = _again(mail, corrected=mail.corrected, user=user)
    EveningEvent.objects.create(evening=evening, kind=EveningEventKind.MAILED_AGAIN, count=1, user=_user(user))
    return again


@transaction.atomic
def evening_mail_corrected(*, evening: Evening, user=None) -> MailQueued:
    """Send the evening's sheet as it is now, marked as corrected, to every player who holds an
    outdated one (``statements.outdated_mails``: his mail went out before the evening was reopened,
    corrected and closed again), logged as one event with their number; a player without an
    address now is named, not sent to. Refused, nothing written: an evening that is not closed."""
    evening = _lock_evening(evening.pk)
    if evening.closed_at is None:
        raise NotClosedError.single("", _("Aftenen er ikke lukket; arket sendes først, når aftenen er lukket."))
    sent, without = [], []
    for mail in outdated_mails(evening, sheet_version(evening)):
        player = identity_of(mail.player)
        if not player.email.strip() or not one_mailbox(player.email.strip()):
            without.append(player.name)
            continue
        _again(mail, corrected=True, user=user)
        sent.append(player.name)
    if sent:
        EveningEvent.objects.create(evening=evening, kind=EveningEventKind.MAILED_AGAIN, count=len(sent),
                                    user=_user(user))
    return MailQueued(tuple(sent), 0, tuple(without))
