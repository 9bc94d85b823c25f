"""The long reports made in the background (``ReportFile``): a page asks for one, the worker
(scoring/worker.py) takes the oldest asked for, makes it and keeps it, or its reason."""
from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from scoring.engine import bounds
from scoring.models import Club, ReportFile
from scoring.selectors.background import books_version, scope_key

from .journal import _user


def report_ask(*, club: Club, scope, kind: str, language: str, user=None) -> ReportFile:
    """Ask the worker for the ``kind`` file of the report of ``scope`` in ``language``, at the state
    of the club's books now; asked for already (by anyone): that one, once more if it failed."""
    key = dict(club=club, kind=kind, scope=scope_key(scope), language=language, books=books_version(club))
    try:
        with transaction.atomic():
            made, created = ReportFile.objects.get_or_create(**key, defaults={"requested_by": _user(user)})
    except IntegrityError:   # asked for at the same moment by another request
        made, created = ReportFile.objects.get(**key), False
    if not created and made.problem and made.attempts >= bounds.REPORT_ATTEMPTS:
        ReportFile.objects.filter(pk=made.pk).update(attempts=0, problem="", started_at=None, finished_at=None,
                                                     requested_at=timezone.now(), requested_by=_user(user))
        made.refresh_from_db()
    return made


def report_take(*, tried=()) -> ReportFile | None:
    """The oldest file asked for that no worker is making (or whose worker has not finished it in
    ``bounds.REPORT_STALE_SECONDS``: killed), taken for this worker; None when there is none. Two
    workers never take the same (the update takes it only if it is still as it was read). ``tried``:
    the files this round tried already (one that failed is tried again in a later round)."""
    stale = timezone.now() - dt.timedelta(seconds=bounds.REPORT_STALE_SECONDS)
    waiting = ReportFile.objects.filter(Q(started_at__isnull=True) | Q(started_at__lt=stale), finished_at__isnull=True,
                                        attempts__lt=bounds.REPORT_ATTEMPTS).exclude(pk__in=list(tried)
                                                                                     ).order_by("requested_at", "id")
    for made in waiting.defer("content")[:10]:
        if ReportFile.objects.filter(pk=made.pk, started_at=made.started_at, finished_at__isnull=True).update(
                started_at=timezone.now(), attempts=made.attempts + 1) == 1:
            return ReportFile.objects.defer("content").get(pk=made.pk)
    return None


def report_done(*, made: ReportFile, content: bytes, name: str) -> None:
    """``made`` is ready: its bytes kept; the files of the same report made at earlier states of the
    books are deleted (nobody is offered them any more)."""
    with transaction.atomic():
        ReportFile.objects.filter(pk=made.pk).update(content=content, name=name, problem="",
                                                     finished_at=timezone.now())
        ReportFile.objects.filter(club_id=made.club_id, kind=made.kind, scope=made.scope, language=made.language,
                                  finished_at__isnull=False).exclude(pk=made.pk).exclude(books=made.books).delete()


def report_failed(*, made: ReportFile, reason: str) -> None:
    """This try at ``made`` failed: its reason kept; tried again until ``bounds.REPORT_ATTEMPTS``."""
    done = made.attempts >= bounds.REPORT_ATTEMPTS
    ReportFile.objects.filter(pk=made.pk).update(problem=reason[:2000], started_at=None,
                                                 finished_at=timezone.now() if done else None)
