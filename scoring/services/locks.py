"""Locks and the checks made under them. One order for every service that writes: the evening row
first, then table rows (by id), so no two writes ever wait on each other in a circle. A deal at a
table (record, correct, void) holds its evening FOR SHARE, so the tables of an evening record side by
side, then its table FOR UPDATE; closing, reopening and a new table hold the evening alone (FOR NO KEY
UPDATE): a close waits for the deals being saved, a deal saved after it finds the evening closed, and
new tables get their numbers one after the other. SQLite has one writer at a time (BEGIN IMMEDIATE,
see settings.py) and no row locks."""
from __future__ import annotations

from django.db import connection
from django.utils.translation import gettext as _

from scoring.models import Evening, Table

from .errors import EveningClosedError, StaleTableError


def _lock_evening(evening_id: int, *, shared: bool = False) -> Evening:
    if shared and connection.vendor == "postgresql":
        name = connection.ops.quote_name(Evening._meta.db_table)
        return Evening.objects.raw(f"SELECT * FROM {name} WHERE id = %s FOR SHARE", [evening_id])[0]
    return Evening.objects.select_for_update(no_key=True).get(pk=evening_id)


def _locked(table: Table, evening: Evening) -> Table:
    """The table row, locked after its evening (``_lock_evening``)."""
    locked = Table.objects.select_for_update(of=("self",)).get(pk=table.pk)
    locked.evening = evening
    return locked


def _check_open(evening: Evening) -> None:
    if evening.closed_at is not None:
        raise EveningClosedError.single("", _("Aftenen er lukket; den kan ikke ændres."))


def _check_version(table: Table, expected_version: int | None) -> None:
    if expected_version is not None and table.version != expected_version:
        raise StaleTableError.single(
            "", _("En anden har registreret et spil ved bordet – her er arket nu; dine indtastninger er bevaret."))


def _writable_table(table: Table, expected_version: int | None) -> Table:
    """The table locked for a change of its deals: its evening locked (shared) and open, the table
    row locked after it and still at the version the phone loaded."""
    evening = _lock_evening(table.evening_id, shared=True)
    _check_open(evening)
    locked = _locked(table, evening)
    _check_version(locked, expected_version)
    return locked
