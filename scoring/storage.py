"""A database that cannot be written (disk full, read-only) is not a race: trying again at once
will not help and the person's input must be kept. ``submissions.write`` turns such an error into
``StorageError`` (503, the input kept, logged at ERROR); ``middleware.UnwritableDatabaseMiddleware``
answers one raised anywhere else (a login, a session) with the same words. Reads go on working
wherever the database can still be read: nothing here touches a request that does not write."""
from __future__ import annotations

import logging

from django.db import DatabaseError
from django.utils.translation import gettext as _

from scoring import services

log = logging.getLogger(__name__)

#: SQLite's words for a database it cannot write (sqlite3 reports them as OperationalError).
SQLITE_UNWRITABLE = ("database or disk is full", "attempt to write a readonly database", "disk i/o error")
#: PostgreSQL's SQLSTATEs: disk_full, read_only_sql_transaction, io_error, insufficient_resources.
POSTGRES_UNWRITABLE = frozenset({"53100", "25006", "58030", "53000"})


class StorageError(services.BusyError):
    """The database refused a write because it cannot store anything now; nothing saved."""

    http_status = 503


def message() -> str:
    return _("Serveren kan ikke gemme lige nu — dit input er bevaret.")


def is_unwritable(exc: BaseException) -> bool:
    """Whether ``exc`` (or the driver's error under it) says the database cannot be written."""
    if not isinstance(exc, DatabaseError):
        return False
    for error in (exc, exc.__cause__):
        if error is None:
            continue
        state = getattr(error, "sqlstate", None) or getattr(error, "pgcode", None)
        if state in POSTGRES_UNWRITABLE:
            return True
        text = str(error).lower()
        if any(words in text for words in SQLITE_UNWRITABLE):
            return True
    return False


def refused(action: str, exc: BaseException) -> StorageError:
    """The error a write raises when the database cannot store it, logged at ERROR."""
    log.error("%s could not be saved: the database cannot be written (%s)", action, exc)
    return StorageError.single("", message())
