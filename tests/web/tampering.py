"""Tampering with a stored ledger, for the tests that show ``check_ledger`` what it must find: the
database refuses a leg written to a posted entry (migration 0020), so such a test writes it with
those triggers dropped, inside its own transaction, and makes them again before it ends."""
from contextlib import contextmanager
from importlib import import_module

from django.db import connection

_migration = import_module("scoring.migrations.0020_posted_entries")


def _run(sql: str) -> None:
    with connection.cursor() as cursor:
        for statement in (_migration.statements(sql) if connection.vendor == "sqlite" else [sql]):
            cursor.execute(statement)


@contextmanager
def ledger_unguarded():
    create, drop = _migration.triggers(connection.vendor)
    _run(drop)
    try:
        yield
    finally:
        _run(create)
