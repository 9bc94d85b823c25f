"""The evening live: what the evening page and the table page show of every table while the evening
is played, read cheaply enough to be polled every few seconds by every phone (selectors read,
STYLE.md §5).

Two reads, one for each kind of poll:

* ``evening_state`` is the one small query an unchanged poll costs: the evening's club, whether it is
  closed and a token of its tables' versions. Every write to a table bumps its ``version``
  (``services``: a deal saved, corrected or voided, an import, the close and a reopening), versions
  never go down and tables are never deleted, so (tables, highest table id, sum of versions,
  closed_at) changes with every write and only then: an equal token means an equal page.
* ``table_statuses`` is what a changed poll reads for each table without its journal: the deals
  that stand, the time of the latest write and who deals now, by the sheet's own rule
  (``TableSheet.next_seating``).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import hashlib
from django.db import connection
from django.db.models import Prefetch

from scoring.models import Deal, Evening, Seat, Table

from .members import identity_of
from .sheets import seating_after, table_seats

#: A table with no deal saved for this long is named before the evening is closed: it may have
#: finished, or its scorekeeper may have stopped recording.
IDLE_AFTER = dt.timedelta(minutes=15)

#: The largest id a row can have (a 64-bit signed key).
BIGGEST_ID = 2 ** 63 - 1


@dataclass(frozen=True)
class EveningState:
    """What an unchanged poll reads: the evening, its club (for the access check) and its token."""
    pk: int
    club_id: int
    closed: bool
    token: str

    def etag(self, *parts) -> str:
        """A weak ETag of this state and of what else the fragment's markup depends on (the
        language, what the user may do, which fragment), quoted as HTTP wants it. Weak: compressed,
        the same fragment is other bytes each time (random padding), and GZipMiddleware would weaken
        a strong tag on a compressed answer only, never the page's (``live.js``'s ``data-etag``)."""
        text = "|".join(str(p) for p in (self.token, *parts))
        return 'W/"' + hashlib.blake2b(text.encode(), digest_size=12).hexdigest() + '"'


def evening_state(evening_pk: int | None = None, *, table_pk: int | None = None) -> EveningState | None:
    """The state of the evening ``evening_pk`` (or of the evening of the table ``table_pk``) in one
    query; None when there is no such evening or table. Plain SQL: it runs on every poll of every
    phone, and the ORM's building of an aggregate query costs more than the query itself (``manage.py
    bench``, ``evening_poll_unchanged_ms_median``)."""
    wanted = evening_pk if table_pk is None else table_pk
    if not 0 < wanted <= BIGGEST_ID:   # no such row; a larger number would not even bind (SQLite)
        return None
    evening, table = Evening._meta.db_table, Table._meta.db_table
    which = "%s" if table_pk is None else f"(SELECT evening_id FROM {table} WHERE id = %s)"
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT e.id, e.club_id, e.created_at, e.closed_at, COUNT(t.id), MAX(t.id), SUM(t.version) "
            f"FROM {evening} e LEFT JOIN {table} t ON t.evening_id = e.id WHERE e.id = {which} "
            f"GROUP BY e.id, e.club_id, e.created_at, e.closed_at",
            [wanted])
        row = cursor.fetchone()
    if row is None:
        return None
    pk, club_id, created_at, closed_at, count, last_table, versions = row
    # the times as the database gives them (text or datetimes): the token only has to change with
    # them; the evening's id and creation make it one evening's token (the rendered fragments are
    # shared by that token, views.live)
    token = f"{pk}:{created_at}:{count}:{last_table}:{versions}:{closed_at or ''}"
    return EveningState(pk, club_id, closed_at is not None, token)


@dataclass(frozen=True)
class TableStatus:
    """One table of the evening as the live lines show it."""
    pk: int
    number: int
    players: tuple[str, ...]
    deals: int                     # the deals that stand (a voided one is not counted)
    last_at: dt.datetime | None    # the latest deal saved, corrected or voided; None before the first
    dealer: str | None             # who deals now; None once the evening is closed

    def idle_for(self, now: dt.datetime) -> dt.timedelta | None:
        """How long since the table's latest deal; None for a table without one."""
        return None if self.last_at is None else now - self.last_at


def table_statuses(evening: Evening, tables=None) -> list[TableStatus]:
    """Every table of ``evening`` in number order (or of ``tables``, the evening's tables with their
    seats already read): three queries whatever the history, none of them reading the journal."""
    if tables is None:
        tables = list(Table.objects.filter(evening=evening).order_by("number").prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player__merged_into"))))
    # Plain rows, not Deal objects: a poll after each save reads every deal of the evening, and
    # making a model (and its dealer's) of each row was most of its time (``manage.py bench``,
    # ``table_others_poll_changed_ms_median``). Per table: the deals that stand, the last of them
    # (its dealer's name and its kind: all the dealing rule reads) and the latest write.
    standing: dict[int, int] = {t.pk: 0 for t in tables}
    last: dict[int, tuple[int, str]] = {}
    last_at: dict[int, dt.datetime] = {}
    rows = (Deal.objects.filter(table__evening=evening).order_by("number", "id")
            .values_list("table_id", "kind", "current", "voided", "recorded_at", "dealer_id"))
    for table_id, kind, current, voided, recorded_at, dealer in rows:
        if table_id not in standing:
            continue
        if current and not voided:
            standing[table_id] += 1
            last[table_id] = (dealer, kind)
        if table_id not in last_at or recorded_at > last_at[table_id]:
            last_at[table_id] = recorded_at
    closed = evening.closed_at is not None
    out = []
    for table in tables:
        # the dealer by his seat (his key), the table's rule on the names as seated, and the line
        # names him as he is called now (docs/names.md)
        seats = table_seats(table)
        players = tuple(seat.name or seat.player.name for seat in seats)
        seated = {seat.player_id: name for seat, name in zip(seats, players)}
        now = {name: identity_of(seat.player).name for seat, name in zip(seats, players)}
        dealer = None
        if not closed and players:
            # the sheet's own rule for who deals next, on the deals that stand (no journal needed)
            dealer_id, kind = last.get(table.pk, (None, None))
            dealer = seating_after(table.engine, players, seated.get(dealer_id), kind).dealer
            dealer = now.get(dealer, dealer)
        out.append(TableStatus(table.pk, table.number, players, standing[table.pk], last_at.get(table.pk), dealer))
    return out


def idle_tables(statuses: list[TableStatus], now: dt.datetime, after: dt.timedelta = IDLE_AFTER
                ) -> tuple[list[TableStatus], list[TableStatus]]:
    """The tables to name before closing: (those whose latest deal is ``after`` old or older, those
    with no deal standing at all)."""
    quiet = [s for s in statuses if s.deals and s.last_at is not None and now - s.last_at >= after]
    empty = [s for s in statuses if not s.deals]
    return quiet, empty
