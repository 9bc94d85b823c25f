"""The outbox of an evening as its page and the services read it: each current mail's state (why it
failed, whether it carries an outdated sheet), and the version of the evening's sheet a mail is
rendered from. Reads the models only (the services that send again read it too)."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from scoring.models import Deal, EveningMail, Table

from .members import identity_of


def sheet_version(evening) -> str:
    """What the evening's settlement sheet is made of, as a short text that changes with it: its
    tables and their deals as they stand (a correction or a void makes a new version of a deal,
    ``Deal.current``; the rate and the currency are frozen at the first close, before any mail). A
    mail rendered from another version carries an outdated sheet (``EveningMail.sheet``); a
    reopening closed again with nothing changed keeps the version. Two queries."""
    tables = list(Table.objects.filter(evening=evening).order_by("pk").values_list("pk", flat=True))
    deals = list(Deal.objects.filter(table__evening=evening, current=True).order_by("pk").values_list("pk", flat=True))
    text = f"{tables}|{deals}"
    return hashlib.sha1(text.encode()).hexdigest()


@dataclass(frozen=True)
class OutboxLine:
    """A mail of the evening as its page shows it: to whom (the player's name only: an address is
    never shown on a page), its state (``queued``, ``retrying``, ``sent`` or ``failed``; ``cleared`` once the outbox has
    forgotten it), since when, why it failed (the renderer's problem or the mail server's answer),
    whether it carries the sheet again after a correction, and whether the sheet it carried is
    outdated (the evening corrected since)."""
    player: str
    state: str
    at: object
    reason: str = ""
    mail_id: int = 0
    player_id: int = 0
    corrected: bool = False
    outdated: bool = False


def outbox_state(mail: EveningMail) -> tuple[str, object, str]:
    """The state of one outbox mail, its time and why it failed: queued until the sender has
    rendered it and sent it; post_office's status after that (a failed try that will be tried again
    reads ``retrying``, with the mail server's answer). A mail the sender could not render reads
    ``retrying`` while it has tries left, then ``failed`` with its problem (scoring/outbox_sender.py)."""
    from post_office.models import STATUS

    if mail.problem and mail.rendered_at is None:
        if mail.render_attempts >= EveningMail.RENDER_ATTEMPTS:
            return "failed", mail.queued_at, mail.problem
        return "retrying", mail.queued_at, mail.problem
    email = mail.email
    if email is None and mail.rendered_at is not None:   # deleted by post_office's cleanup_mail since
        return "cleared", mail.rendered_at, ""
    if email is None:
        return "queued", mail.queued_at, ""
    if email.status == STATUS.sent:
        return "sent", email.last_updated, ""
    if email.status == STATUS.failed:
        return "failed", email.last_updated, _server_answer(email)
    if email.status == STATUS.requeued:
        return "retrying", email.last_updated, _server_answer(email)
    return "queued", mail.queued_at, ""


def _server_answer(email) -> str:
    """Why the mail server refused ``email`` the last time (post_office's log of the failure,
    prefetched by ``evening_outbox``)."""
    logs = sorted(email.logs.all(), key=lambda log: (log.date, log.pk))
    return logs[-1].message if logs else ""


def delivered(state: str) -> bool:
    """Whether a mail in ``state`` reached the mail server: the player holds its sheet."""
    return state in ("sent", "cleared")


def evening_outbox(evening, version: str | None = None) -> list[OutboxLine]:
    """The evening's current mails (one per player and kind: a mail sent again stands in the place
    of the one before), one line each, in the order they were queued. ``version``: the evening's
    ``sheet_version`` when the caller has it."""
    if version is None:
        version = sheet_version(evening)
    mails = (EveningMail.objects.filter(evening=evening, current=True)
             .select_related("player__merged_into", "email").prefetch_related("email__logs").order_by("id"))
    lines = []
    for m in mails:
        state, at, reason = outbox_state(m)
        # the player's name now: a mail queued before a rename or a merge is his all the same
        player = identity_of(m.player)
        lines.append(OutboxLine(player.name, state, at, reason, m.pk, player.pk, m.corrected,
                                delivered(state) and m.sheet != version))
    return lines


def outdated_mails(evening, version: str | None = None) -> list[EveningMail]:
    """The evening's current mails that reached their players with another version of its sheet
    than the one it has now (reopened, corrected and closed again since): the players who hold an
    outdated sheet. One place for the page and the service that sends them the new one."""
    by_id = {line.mail_id: line for line in evening_outbox(evening, version)}
    return [m for m in EveningMail.objects.filter(pk__in=[i for i, line in by_id.items() if line.outdated])
            .select_related("player__merged_into").order_by("id")]
