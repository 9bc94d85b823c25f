"""The worker: what the app does outside any request, one round after another (``manage.py worker``;
``make run`` runs it beside the server, production as a service or from a timer: docs/operations.md).
A round sends the outbox's mails (scoring/outbox_sender.py) and then makes the long reports asked
for (``ReportFile``: a season report too long for a request, scoring/reports/background.py), the
oldest first, each under its own guard: a report that cannot be made keeps its reason, tried again
``bounds.REPORT_ATTEMPTS`` times in all, and never stops the mails or the other reports."""
from __future__ import annotations

import logging
from dataclasses import dataclass

from scoring import outbox_sender

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Done:
    mail: outbox_sender.Round | None   # None: another worker held the outbox
    reports: int = 0
    reports_failed: int = 0


def make_reports(limit: int = 20) -> tuple[int, int]:
    """Make the report files asked for, at most ``limit`` in a round (the mails come first again in
    the next); (made, failed)."""
    from scoring.reports.background import make
    from scoring.services.reports import report_done, report_failed, report_take

    made = failed = 0
    tried: list[int] = []
    for _ in range(limit):
        asked = report_take(tried=tried)
        if asked is None:
            break
        tried.append(asked.pk)
        try:
            content, name = make(asked)
        except Exception as exc:   # one report never stops the mails or the other reports
            log.exception("report file %s could not be made", asked.pk)
            report_failed(made=asked, reason=f"{type(exc).__name__}: {exc}")
            failed += 1
            continue
        report_done(made=asked, content=content, name=name)
        made += 1
    return made, failed


def work_round() -> Done:
    """One round: the outbox (its lock file: ``outbox_sender.LOCK_FILE``), then the reports."""
    mail = outbox_sender.send_round(outbox_sender.LOCK_FILE)
    made, failed = make_reports()
    return Done(mail, made, failed)
