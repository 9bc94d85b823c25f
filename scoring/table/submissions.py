"""One-time submission keys: a double tap, a retry after a lost response or a form sent
again never writes twice.

Every writing form carries a hidden ``submission`` key, made when the form is rendered
(``{% submission_field %}``, a uuid4). A writing view is decorated with ``@once`` and does its
write through ``write(request, action, work, url)``: the key is claimed (a ``Submission`` row,
unique key) first thing in the same short transaction as the write, so both commit or neither. A
repeat of an applied key answers with the first result — a redirect to where the first request
went — instead of writing again or showing a conflict: at once when the key is already stored, and,
when the first request is still running, as soon as it commits (the repeat waits on the key: on
SQLite at BEGIN IMMEDIATE, on PostgreSQL at the insert into the unique index, then finds it).

A race the database reports — a deadlock, a serialization failure, "database is locked" after the
busy timeout, a unique key taken by a concurrent write — rolls the whole transaction back and the
write is tried again from the start; if it still fails, ``services.BusyError`` (409, the user's
input kept, nothing saved). A database that cannot be written at all (full, read-only: SQLite's
OperationalError, PostgreSQL's InternalError; ``storage.is_unwritable``) is no race: it is not tried
again but refused with ``storage.StorageError``, which every writing view shows at its form with what
was typed, answered 503 by ``@once``.

A request without a key (a hand-made request, a page rendered before keys existed) is written once
per request, as before. Keys are kept for ``KEEP`` (7 days) and pruned whenever a new evening is
created; a form re-sent after that is treated as new (its table version has long gone stale).
"""
from __future__ import annotations

import datetime as dt
import functools
import logging
import random
import time
import uuid
from typing import Callable, TypeVar

from django.contrib import messages
from django.db import DatabaseError, IntegrityError, OperationalError, transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import services, storage

from scoring.models import Submission

log = logging.getLogger(__name__)

FIELD = "submission"
KEEP = dt.timedelta(days=7)
ATTEMPTS = 4                       # tries of a write that lost a race (deadlock, busy, unique key)
PRUNE_ON = ("evening_new", "evening_import")   # writes that also drop keys older than KEEP

T = TypeVar("T")


def new_key() -> str:
    return uuid.uuid4().hex


def parse_key(text) -> uuid.UUID | None:
    """A key as text (a form's, or one the phone's queue made: any well-formed UUID), or None."""
    try:
        return uuid.UUID(str(text or "").strip())
    except ValueError:
        return None


def key_of(request) -> uuid.UUID | None:
    """The submission key the form carried, or None (missing or not a key at all)."""
    return parse_key(request.POST.get(FIELD, ""))


def bound_to(done: Submission, user, action: str, written_at: int | None, table_id: int) -> bool:
    """Whether an applied key may answer with its first result for ``user`` at table ``table_id``:
    a key the phone made is accepted from the user's own session only and is bound to the table its
    write went to (``written_at``); a key used by another user, for another action or at another
    table is refused, never answered with someone else's result."""
    return done.user_id == getattr(user, "pk", None) and done.action == action and written_at == table_id


def applied(request) -> Submission | None:
    """The stored submission of the request's key, if it was applied already."""
    key = key_of(request) if request.method == "POST" else None
    return Submission.objects.filter(key=key).first() if key is not None else None


def answer(request, done: Submission) -> HttpResponse:
    """The first result again: where the first request went, with a word that nothing was doubled."""
    if done.user_id is not None and done.user_id != request.user.pk:
        return render(request, "scoring/message.html",
                      {"message": _("Formularen er allerede sendt af en anden; hent siden igen.")}, status=409)
    messages.info(request, _("Det var allerede gemt – her er resultatet; intet er gemt to gange."))
    return redirect(done.result_url or "scoring:home")


class Repeated(Exception):
    """The request's key was applied by another request meanwhile (caught by ``@once``)."""

    def __init__(self, done: Submission):
        super().__init__(str(done.key))
        self.done = done


def once(view):
    """Decorate a writing view: a POST whose key was applied already answers with the first result;
    so does one that finds out during its own write, or that a check before the write refused
    because the first request had just done it (an evening closed by the first tap)."""

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method != "POST":
            return view(request, *args, **kwargs)
        done = applied(request)
        if done is not None:
            return answer(request, done)
        try:
            response = view(request, *args, **kwargs)
        except Repeated as repeat:
            return answer(request, repeat.done)
        except services.BusyError as exc:   # a view that keeps no input of its own: say so plainly
            return render(request, "scoring/message.html", {"message": exc.errors[0].message},
                          status=exc.http_status)
        if getattr(request, "_submission_unwritable", False):
            return _unwritable(response)
        if not getattr(request, "_submission_written", False) and key_of(request) is not None:
            done = applied(request)
            if done is not None:
                return answer(request, done)
        return response

    return wrapper


def write(request, action: str, work: Callable[[], T], url: Callable[[T], str] | str) -> T:
    """Run ``work`` (the service calls of one write) once for the request's submission key, in one
    transaction with the key's claim; retry it when it loses a race. Raises what ``work`` raises
    (``RecordingError`` …: nothing written), ``Repeated`` when the key was applied by another
    request, ``services.BusyError`` when the races did not stop. Called outside any transaction, so
    that each try starts afresh (and, on SQLite, takes the write lock at its BEGIN)."""
    key = key_of(request)
    user = request.user if getattr(request.user, "is_authenticated", False) else None
    for attempt in range(1, ATTEMPTS + 1):
        try:
            with transaction.atomic():
                claim = _claim(key, user, action) if key is not None else None
                result = work()
                if claim is not None:
                    Submission.objects.filter(pk=claim.pk).update(
                        result_url=url if isinstance(url, str) else url(result),
                        object_id=getattr(result, "pk", None))
                if action in PRUNE_ON:
                    prune()
            request._submission_written = True
            return result
        except _Taken:
            done = Submission.objects.filter(key=key).first()
            if done is not None:
                raise Repeated(done) from None
            # the first request rolled back after all: this one may write
        except DatabaseError as exc:
            # not a race: another try cannot help (storage.py). SQLite says so with an
            # OperationalError, PostgreSQL's read-only transaction with an InternalError.
            if storage.is_unwritable(exc):
                request._submission_unwritable = True
                raise storage.refused(action, exc) from exc
            if not isinstance(exc, (OperationalError, IntegrityError)):
                raise
            log.warning("%s lost a race (attempt %s of %s): %s", action, attempt, ATTEMPTS, exc)
            if attempt == ATTEMPTS or (isinstance(exc, IntegrityError) and attempt >= 2):
                raise _busy() from exc
        time.sleep(random.uniform(0.01, 0.05) * attempt)
    raise _busy()


def _unwritable(response: HttpResponse) -> HttpResponse:
    """The page a view answered after the database refused its write: its form again, with what was
    typed and ``storage.message`` beside it, whatever status the view gives a refused write (422 at
    most forms); the status says that nothing could be stored (503). A redirect (a form of buttons
    only, its message carried to the next page) stays one."""
    if 400 <= response.status_code < 500:
        response.status_code = storage.StorageError.http_status
    return response


def _busy() -> services.BusyError:
    return services.BusyError.single("", _("Der var travlt ved bordene, og intet blev gemt. Prøv igen – dine "
                                           "indtastninger er bevaret."))


class _Taken(Exception):
    pass


def _claim(key: uuid.UUID, user, action: str) -> Submission:
    try:
        return Submission.objects.create(key=key, user=user, action=action)
    except IntegrityError:
        raise _Taken from None   # rolls the transaction back; nothing else was written yet


def prune(now: dt.datetime | None = None) -> int:
    """Forget keys older than KEEP."""
    deleted, _by_model = Submission.objects.filter(created_at__lt=(now or timezone.now()) - KEEP).delete()
    return deleted
