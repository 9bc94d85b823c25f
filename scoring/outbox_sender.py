"""The sender of the outbox: renders each queued mail of a closed evening (the settlement PDF of
scoring/reports/pdf.py and the player's own statement, in the player's language) and sends it, outside any
request (``manage.py send_evening_mail``; ``make run`` runs it beside the server).

A round (``send_round``) has two steps under one file lock, so that two senders never take the same
mail: ``prepare`` turns every queued ``EveningMail`` into a django-post-office ``Email`` (one
recipient, the statement as text and HTML, the PDF attached: one PDF per evening and language,
shared by the mails that carry it), then post_office's ``send_queued`` hands them to Django's e-mail
backend (the console by default, SMTP from the environment: tarokklub/settings.py) and records each
one sent or failed (a failed one is tried again, ``POST_OFFICE["MAX_RETRIES"]``).

A mail whose evening has been reopened since it was queued waits until the evening is closed again,
so that it carries the final figures.

Each evening and each mail is rendered under its own guard, so that one fault never stops the
outbox of every club (the statement once looked a renamed player up by his name now and ended every
round before any mail was sent): an evening that cannot be summarised gives its problem to each of
its mails and the round goes on with the next evening; a mail that cannot be rendered keeps its
own problem. Either is tried again in the next rounds, ``EveningMail.RENDER_ATTEMPTS`` tries in all, then it
stays failed with its reason (the evening page shows it so; before, *fejlet, prøves igen*). Every
try counts (``EveningMail.render_attempts``); a mail waiting for its reopened evening tries
nothing."""
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
from scoring.selectors import evening_summary
from scoring.selectors.standings import family_title
from scoring.selectors.members import identity_of
from scoring.selectors.statements import Statement, evening_statements
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
        return str(_("Deling") if kind == "split" else _("Åbning"))
    words = {"misdeal": _("fejlgivning"), "scrapped": _("kasseret"), "redeal": _("givet om")}
    label = _("Spil %(n)s") % {"n": number}
    return f"{label} ({words[kind]})" if kind in words else label


@dataclass(frozen=True)
class MailText:
    subject: str
    text: str
    html: str


def statement_context(statement: Statement, evening, rate) -> dict:
    """What the mail's templates print, every amount written out in the active language."""
    lang = translation.get_language()
    currency = evening.money_currency   # frozen with the rate at the close
    return {
        "evening": evening, "club": evening.club.name, "date": date_format(evening.date, "DATE_FORMAT"),
        "s": statement, "game": family_title(statement.family),
        # an opening or a split that moved nothing of his is left out
        "lines": [(_row_label(line.number, line.kind), line.net, line.running, line.active)
                  for line in statement.lines if line.number is not None or line.net],
        "kroner": format_money(statement.kroner, currency, lang),
        # the payments name the players as seated; the mail, as they are called now
        "pays": [(statement.called(p.payee), p.points, format_money(p.kroner, currency, lang))
                 for p in statement.pays],
        "receives": [(statement.called(p.payer), p.points, format_money(p.kroner, currency, lang))
                     for p in statement.receives],
        "rate": format_rate(rate, currency, lang), "pdf": pdf_name(evening),
        # whom he pays what is still open of his transfers, with his reference (docs/money.md)
        "pay": how_to_pay(evening.club, currency, from_cents(open_of_evening(statement.player, evening)),
                          reference(statement.player.pk, evening.date)),
    }


def render_statement(statement: Statement, evening, rate, language: str) -> MailText:
    """The mail of one statement in ``language``: its subject, its text and its HTML."""
    with translation.override(language):
        context = statement_context(statement, evening, rate)
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


def _failed(mails: list[EveningMail], reason: str) -> None:
    """``mails`` failed to render in this round: one try more each, and why."""
    EveningMail.objects.filter(pk__in=[m.pk for m in mails], rendered_at__isnull=True).update(
        problem=reason, render_attempts=F("render_attempts") + 1)


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
        except Exception as exc:   # one evening never stops the other evenings, the other clubs
            log.exception("evening %s could not be summarised for its mails", evening.pk)
            _failed(mails, _reason(exc))
            continue
        done += _prepare_evening(evening, summary.kroner_per_point, statements, mails)
    return done


def _prepare_evening(evening, rate, statements: dict[int, Statement], mails: list[EveningMail]) -> int:
    """Render ``mails`` of ``evening`` (its ``statements`` by the player each stands for now), each
    under its own guard; the number rendered."""
    from post_office.utils import create_attachments

    from scoring.reports.pdf import render_evening_pdf

    attachments: dict[str, object] = {}   # one PDF per language, shared by the mails in it
    done = 0
    for mail in mails:
        try:
            # the player he is now: a mail queued before a merge is the merged player's
            statement = statements.get(identity_of(mail.player).pk)
            if statement is None:
                raise LookupError(f"{mail.player.name} has no seat this evening any more")
            if mail.language not in attachments:
                with translation.override(mail.language):
                    pdf = render_evening_pdf(evening)
                attachments[mail.language] = create_attachments(
                    {pdf_name(evening): {"file": ContentFile(pdf), "mimetype": "application/pdf"}})[0]
            _hand_over(mail, render_statement(statement, evening, rate, mail.language), attachments[mail.language])
            done += 1
        except _Taken:
            continue
        except Exception as exc:   # one mail that cannot be rendered never stops the others
            log.exception("mail %s of evening %s could not be rendered", mail.pk, evening.pk)
            _failed([mail], _reason(exc))
    return done


def _hand_over(mail: EveningMail, text: MailText, attachment) -> None:
    """Put ``mail`` in post_office's queue and mark it rendered (its problem of an earlier try
    cleared), all or nothing; ``_Taken`` when another sender rendered it meanwhile."""
    from post_office import mail as post_office

    with transaction.atomic():
        email = post_office.send(recipients=[mail.address], sender=settings.DEFAULT_FROM_EMAIL,
                                 subject=text.subject, message=text.text, html_message=text.html,
                                 priority="medium")
        email.attachments.add(attachment)
        if EveningMail.objects.filter(pk=mail.pk, rendered_at__isnull=True).update(
                email=email, rendered_at=timezone.now(), problem="",
                render_attempts=F("render_attempts") + 1) != 1:
            raise _Taken


@dataclass(frozen=True)
class Round:
    rendered: int
    sent: int
    failed: int
    requeued: int


def send_round(lock_file: str = LOCK_FILE) -> Round | None:
    """One round of the sender: render what is queued, then send everything post_office has queued.
    None when another sender holds the lock."""
    from post_office.lockfile import FileLock, FileLocked
    from post_office.mail import send_queued

    try:
        with FileLock(lock_file):
            rendered = prepare()
            sent, failed, requeued = send_queued()
            return Round(rendered, sent, failed, requeued)
    except FileLocked:
        log.info("another sender holds %s", lock_file)
        return None
