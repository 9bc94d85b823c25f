"""The sender of the outbox: renders each queued mail of a closed evening (the settlement PDF of
scoring/reports/pdf.py and the player's own statement, in the player's language, with what of it is
paid already) and sends it, outside any request (``manage.py send_evening_mail``, a round of the
worker: scoring/worker.py; ``make run`` runs it beside the server).

A round (``send_round``) has three steps under one file lock, so that two senders never take the
same mail:

1. ``withdraw``: a mail rendered but not sent yet that no longer says what it would now (its evening
   reopened, its sheet corrected since, or its player's address changed) goes back to be rendered
   again, so that what is sent is the sheet as it stands, to the address as it stands;
2. ``prepare`` turns every queued ``EveningMail`` into a django-post-office ``Email`` (one
   recipient, the statement as text and HTML, the PDF attached: one PDF per evening and language,
   shared by the mails that carry it);
3. ``deliver`` hands them to Django's e-mail backend (the console by default, SMTP from the
   environment: tarokklub/settings.py) one at a time, and marks each sent the moment the mail
   server has accepted it, before the next is tried. A ``kill -9`` of the sender at any moment
   therefore sends no mail twice but the one in flight: a mail the server had accepted when the
   process died before its mark (the ``UPDATE`` of its status) is sent again by the next round,
   and only that one (post_office's own ``send_queued`` marks a whole batch sent after the batch,
   so a kill in the middle sent every accepted mail of the batch again). A mail the server refused
   for good (a 5xx: no such mailbox) fails at once with the server's answer, which the evening page
   shows; one refused for the moment (the server away, a 4xx) is tried again
   ``POST_OFFICE["MAX_RETRIES"]`` times, ``RETRY_INTERVAL`` apart.

Each evening and each mail is rendered under its own guard, so that one fault never stops the
outbox of every club (the statement once looked a renamed player up by his name now and ended every
round before any mail was sent): an evening that cannot be summarised gives its problem to each of
its mails and the round goes on with the next evening; a mail that cannot be rendered keeps its
own problem. Either is tried again in the next rounds, ``EveningMail.RENDER_ATTEMPTS`` tries in all, then it
stays failed with its reason (the evening page shows it so; before, *fejlet, prøves igen*). Every
try counts (``EveningMail.render_attempts``); a mail waiting for its reopened evening tries
nothing. An address that is not one recipient (``bounds.one_mailbox``) is never handed to the mail
store, which would split it at its commas: the mail fails at once, naming why."""
from __future__ import annotations

import logging
import os
import tempfile
from dataclasses import dataclass
from itertools import groupby

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import F
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from scoring.models import EveningMail
from scoring.currency import format_money, format_rate
from scoring.engine.bounds import one_mailbox
from scoring.selectors import evening_summary
from scoring.selectors.payments import shown_payment, state_of, states_by_payment
from scoring.selectors.standings import family_title
from scoring.selectors.members import identity_of
from scoring.selectors.outbox import sheet_version
from scoring.selectors.statements import Statement, evening_statements
from scoring.table_families import void_note
from scoring.selectors.payments import open_of_evening
from scoring.paying import how_to_pay, reference
from scoring.engine.money import from_cents

log = logging.getLogger(__name__)

#: The file lock of a round: one sender at a time takes the outbox.
LOCK_FILE = os.path.join(tempfile.gettempdir(), "tarokklub-mail")


def pdf_name(evening) -> str:
    """The attached settlement PDF's file name (the evening page's PDF link gives the same name)."""
    return f"tarok-{evening.date:%Y-%m-%d}-aften-{evening.pk}.pdf"


def _row_label(number: int | None, kind: str) -> str:
    if number is None:
        return str(_("Deling") if kind == "split" else _("Indskud"))
    words = {"misdeal": _("fejlgivning"), "scrapped": _("kasseret"), "redeal": _("givet om")}
    label = _("Spil %(n)s") % {"n": number}
    return f"{label} ({words[kind]})" if kind in words else label


@dataclass(frozen=True)
class MailText:
    subject: str
    text: str
    html: str


def paid_text(state) -> str:
    """A transfer's state as the mail says it, in the words of the pages (``TransferState.words``):
    paid, part paid with how much, or unpaid; "" where none is known."""
    return "" if state is None else state.words


def statement_context(statement: Statement, evening, rate, states: dict | None = None, corrected: bool = False
                      ) -> dict:
    """What the mail's templates print, every amount written out in the active language.
    ``states``: the evening's transfers with what is paid of them (``payments.states_by_payment``,
    read once per evening), each payment of the statement shown with its own; ``corrected``: the
    sheet sent again after the evening was corrected."""
    lang = translation.get_language()
    currency = evening.money_currency   # frozen with the rate at the close
    states = {key: list(found) for key, found in (states or {}).items()}   # each state taken once

    def paid(payment) -> str:
        return paid_text(state_of(states, statement.family, shown_payment(payment, statement.names_now), payment))

    return {
        "evening": evening, "club": evening.club.name, "date": date_format(evening.date, "DATE_FORMAT"),
        "s": statement, "game": family_title(statement.family), "corrected": corrected,
        # an opening or a split that moved nothing of his is left out; a voided deal is kept at its
        # number with its note (struck through, as on the printed sheet: it moves no total)
        "lines": [{"label": _row_label(line.number, line.kind), "net": line.net, "running": line.running,
                   "active": line.active, "void": void_note(statement.family, line.void_reason) if line.voided else ""}
                  for line in statement.lines if line.number is not None or line.net],
        "kroner": format_money(statement.kroner, currency, lang),
        # the payments name the players as seated; the mail, as they are called now
        "pays": [(statement.called(p.payee), p.points, format_money(p.kroner, currency, lang), paid(p))
                 for p in statement.pays],
        "receives": [(statement.called(p.payer), p.points, format_money(p.kroner, currency, lang), paid(p))
                     for p in statement.receives],
        "rate": format_rate(rate, currency, lang), "pdf": pdf_name(evening),
        # whom he pays what is still open of his transfers, with his reference (docs/money.md)
        "pay": how_to_pay(evening.club, currency, from_cents(open_of_evening(statement.player, evening)),
                          reference(statement.player.pk, evening.date)),
    }


def render_statement(statement: Statement, evening, rate, language: str, states: dict | None = None,
                     corrected: bool = False) -> MailText:
    """The mail of one statement in ``language``: its subject, its text and its HTML."""
    with translation.override(language):
        context = statement_context(statement, evening, rate, states, corrected)
        subject = " ".join(render_to_string("scoring/mail/subject.txt", context).split())
        return MailText(subject, render_to_string("scoring/mail/statement.txt", context),
                        render_to_string("scoring/mail/statement.html", context))


class _Taken(Exception):
    """Another sender rendered the mail meanwhile: this one's work is rolled back."""


def _pending():
    """The mails to render: not rendered yet, tries left, their evening closed (a reopened one waits)."""
    return (EveningMail.objects.filter(rendered_at__isnull=True, render_attempts__lt=EveningMail.RENDER_ATTEMPTS,
                                       evening__closed_at__isnull=False)
            .select_related("evening__club", "player__merged_into").order_by("evening_id", "id"))


def _reason(exc: Exception) -> str:
    """A failure as its mail's ``problem`` (a bare ``KeyError``'s text is only the key)."""
    return f"{type(exc).__name__}: {exc}"[:500]


def _failed(mails: list[EveningMail], reason: str, *, for_good: bool = False) -> None:
    """``mails`` failed to render in this round: one try more each (every try at once ``for_good``:
    a fault no later round can mend), and why."""
    attempts = EveningMail.RENDER_ATTEMPTS if for_good else F("render_attempts") + 1
    EveningMail.objects.filter(pk__in=[m.pk for m in mails], rendered_at__isnull=True).update(
        problem=reason, render_attempts=attempts)


def address_now(mail: EveningMail) -> str:
    """Where ``mail`` goes: the address of the player it is for as it is now (a merged player's, the
    one he was merged into; none: the address it was queued for)."""
    return identity_of(mail.player).email.strip() or mail.address


class AddressError(ValueError):
    """The address is not one recipient (``bounds.one_mailbox``): no round can send it."""


def prepare() -> int:
    """Render every queued mail of a closed evening into post_office's queue; the number rendered.
    Each evening under its own guard (the module's docstring): one that cannot be summarised is
    its mails' problem, and the round goes on with the next."""
    done = 0
    for _evening_id, mails in groupby(_pending(), key=lambda m: m.evening_id):
        mails = list(mails)
        evening = mails[0].evening
        try:
            summary = evening_summary(evening)
            statements = {s.player.pk: s for s in evening_statements(summary)}
            states = states_by_payment(evening)
            version = sheet_version(evening)
        except Exception as exc:   # one evening never stops the other evenings, the other clubs
            log.exception("evening %s could not be summarised for its mails", evening.pk)
            _failed(mails, _reason(exc))
            continue
        done += _prepare_evening(evening, summary.kroner_per_point, statements, states, version, mails)
    return done


def _prepare_evening(evening, rate, statements: dict[int, Statement], states: dict, version: str,
                     mails: list[EveningMail]) -> int:
    """Render ``mails`` of ``evening`` (its ``statements`` by the player each stands for now, what
    is paid of its transfers, its sheet's ``version``), each under its own guard; the number rendered."""
    from post_office.utils import create_attachments

    from scoring.reports.pdf import render_evening_pdf

    attachments: dict[str, object] = {}   # one PDF per language, shared by the mails in it
    done = 0
    for mail in mails:
        try:
            address = address_now(mail)
            if not one_mailbox(address):
                raise AddressError(_("Adressen er ikke én modtager (anførselstegn, komma eller semikolon); "
                                     "ret den på spillersiden."))
            # the player he is now: a mail queued before a merge is the merged player's
            statement = statements.get(identity_of(mail.player).pk)
            if statement is None:
                raise LookupError(f"{mail.player.name} has no seat this evening any more")
            if mail.language not in attachments:
                with translation.override(mail.language):
                    pdf = render_evening_pdf(evening)
                attachments[mail.language] = create_attachments(
                    {pdf_name(evening): {"file": ContentFile(pdf), "mimetype": "application/pdf"}})[0]
            text = render_statement(statement, evening, rate, mail.language, states, mail.corrected)
            _hand_over(mail, address, version, text, attachments[mail.language])
            done += 1
        except _Taken:
            continue
        except AddressError as exc:   # never tried again: the address must be corrected first
            _failed([mail], str(exc), for_good=True)
        except Exception as exc:   # one mail that cannot be rendered never stops the others
            log.exception("mail %s of evening %s could not be rendered", mail.pk, evening.pk)
            _failed([mail], _reason(exc))
    return done


def _hand_over(mail: EveningMail, address: str, version: str, text: MailText, attachment) -> None:
    """Put ``mail`` in post_office's queue to ``address`` and mark it rendered from the sheet's
    ``version`` (its problem of an earlier try cleared), all or nothing; ``_Taken`` when another
    sender rendered it meanwhile."""
    from post_office import mail as post_office

    with transaction.atomic():
        email = post_office.send(recipients=[address], sender=settings.DEFAULT_FROM_EMAIL,
                                 subject=text.subject, message=text.text, html_message=text.html,
                                 priority="medium")
        email.attachments.add(attachment)
        if EveningMail.objects.filter(pk=mail.pk, rendered_at__isnull=True).update(
                email=email, address=address, sheet=version, rendered_at=timezone.now(), problem="",
                render_attempts=F("render_attempts") + 1) != 1:
            raise _Taken


def withdraw() -> int:
    """Every mail rendered but not sent yet that no longer says what it would now — its evening
    reopened, its sheet corrected since it was rendered, its player's address changed — back to be
    rendered again (its ``Email`` deleted, untouched if it went meanwhile); the number withdrawn.
    A reopened evening's mails are rendered again once it is closed (``_pending``)."""
    from post_office.models import STATUS, Email

    waiting = (EveningMail.objects.filter(email__status__in=[STATUS.queued, STATUS.requeued])
               .select_related("evening", "player__merged_into"))
    versions: dict[int, str] = {}
    done = 0
    for mail in waiting:
        evening = mail.evening
        if evening.closed_at is not None:
            if evening.pk not in versions:
                versions[evening.pk] = sheet_version(evening)
            if mail.sheet == versions[evening.pk] and address_now(mail) == mail.address:
                continue
        with transaction.atomic():
            gone = Email.objects.filter(pk=mail.email_id, status__in=[STATUS.queued, STATUS.requeued]).delete()[0]
            if gone:
                EveningMail.objects.filter(pk=mail.pk).update(email=None, rendered_at=None, sheet="", problem="",
                                                              render_attempts=0)
                done += 1
    return done


#: The answers of a mail server after which a mail is never tried again as it is: a 5xx
#: (RFC 5321 §4.2.1, "permanent negative completion": the mailbox does not exist, the message is
#: refused). Anything else (the server away, a 4xx) may pass and is tried again.
def for_good(exc: Exception) -> bool:
    import smtplib

    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return bool(exc.recipients) and all(code >= 500 for code, _msg in exc.recipients.values())
    return isinstance(exc, smtplib.SMTPResponseException) and exc.smtp_code >= 500


def server_answer(exc: Exception) -> str:
    """What the mail server said, as the evening page shows it: "550 5.1.1 No such user" (its code
    and its text), else the error's own words."""
    import smtplib

    def said(code, text) -> str:
        return f"{code} {text.decode(errors='replace') if isinstance(text, bytes) else text}".strip()

    if isinstance(exc, smtplib.SMTPRecipientsRefused) and exc.recipients:
        return "; ".join(said(code, text) for code, text in exc.recipients.values())[:500]
    if isinstance(exc, smtplib.SMTPResponseException):
        return said(exc.smtp_code, exc.smtp_error)[:500]
    return _reason(exc)


def deliver() -> tuple[int, int, int]:
    """Send what post_office has queued, one mail at a time over one connection, each marked sent
    the moment the server accepted it (the module's docstring); (sent, failed, to be tried again)."""
    from post_office.connections import connections
    from post_office.mail import get_queued
    from post_office.models import STATUS, Email, Log
    from post_office.settings import get_default_mailer, get_max_retries, get_retry_timedelta

    sent = failed = requeued = 0
    try:
        for email in get_queued():
            connection = connections[email.backend_alias or get_default_mailer()]
            try:
                connection.open()   # one connection for the round: opened once, kept across the mails
                email.dispatch(commit=False, disconnect_after_delivery=False, connection=connection)
            except Exception as exc:
                log.warning("mail %s was refused: %s", email.pk, exc)
                _close_quietly(connection)   # the next mail opens a fresh connection
                again = not for_good(exc) and (email.number_of_retries or 0) < get_max_retries()
                Email.objects.filter(pk=email.pk).update(
                    status=STATUS.requeued if again else STATUS.failed, last_updated=timezone.now(),
                    number_of_retries=(email.number_of_retries or 0) + int(again),
                    scheduled_time=timezone.now() + get_retry_timedelta() if again else email.scheduled_time)
                Log.objects.create(email=email, status=STATUS.failed, message=server_answer(exc),
                                   exception_type=type(exc).__name__)
                requeued, failed = requeued + int(again), failed + int(not again)
                continue
            # accepted by the server: marked now, before the next mail is tried (a kill between the
            # two sends this one again, and only this one)
            Email.objects.filter(pk=email.pk).update(status=STATUS.sent, last_updated=timezone.now())
            sent += 1
    finally:
        connections.close()
    return sent, failed, requeued


def _close_quietly(connection) -> None:
    try:
        connection.close()
    except Exception:   # a connection that broke cannot be closed either
        log.info("the mail connection could not be closed", exc_info=True)


@dataclass(frozen=True)
class Round:
    rendered: int
    sent: int
    failed: int
    requeued: int
    withdrawn: int = 0


def send_round(lock_file: str = LOCK_FILE) -> Round | None:
    """One round of the sender: withdraw what no longer holds, render what is queued, then send
    everything post_office has queued, one by one. None when another sender holds the lock."""
    from post_office.lockfile import FileLock, FileLocked

    try:
        with FileLock(lock_file):
            withdrawn = withdraw()
            rendered = prepare()
            sent, failed, requeued = deliver()
            return Round(rendered, sent, failed, requeued, withdrawn)
    except FileLocked:
        log.info("another sender holds %s", lock_file)
        return None
