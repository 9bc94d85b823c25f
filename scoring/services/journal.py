"""What every write posts: journal entries with their legs, posted last (``entries_write``: pots by
name, checked against the family's declared pots), deal versions through one function
(``deal_versions_post``: recording, correcting, voiding, importing), and the table's players, pots
and state that the next settlement starts from."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import F, Sum

from scoring.engine.families import Family
from scoring.engine.ledger import LedgerError
from scoring.models import Account, Deal, EntryKind, JournalEntry, Leg, Player, PlayerDealStat, Table

from .summaries import summary_refresh


def _info_json(entry) -> str:
    """The family's facts about a deal (``Entry.facts``) as stored with its journal entry."""
    facts = entry.facts
    return json.dumps(facts, ensure_ascii=False) if facts else ""


def _pots_after(family: Family, contents: dict[str, int]) -> dict[str, int]:
    """A journal entry's stored pots after it (``JournalEntry.pots_after``): each pot the family
    declares (``Family.pots``), by its name; {} for a family without pots."""
    return {pot: contents.get(pot, 0) for pot in family.pots}


def _pot_account(family: Family, account) -> str:
    """The stored account of a leg on one of the family's pots: the pot's name, which must be one
    the family declares (``Family.pots``); the model itself knows no family's pots."""
    name = getattr(account, "value", account)
    if name not in family.pots:
        raise LedgerError(f"refusing to post to {name!r}, which the {family.name} family has no pot for")
    return name


def entries_write(entries: list[tuple[JournalEntry, list[tuple]]]) -> list[JournalEntry]:
    """Every journal entry is written here, in the order the database holds (migration 0020): the
    entries, then their legs (``(account, player id, amount)`` each), then the entries' final
    ``posted`` write, which the database refuses for an entry whose legs do not sum to zero; after
    it no leg of theirs can be written. A few statements however many entries (an import's)."""
    saved = JournalEntry.objects.bulk_create([entry for entry, _legs in entries])
    _insert_rows(Leg, ("entry", "account", "player", "amount"),
                 [(entry.pk, *leg) for entry, legs in entries for leg in legs])
    JournalEntry.objects.filter(pk__in=[entry.pk for entry in saved]).update(posted=True)
    for entry in saved:
        entry.posted = True
    return saved


def _legs(family: Family, entry, players: dict[str, Player]) -> list[tuple]:
    """An engine entry's legs as stored, ``(account, player id, amount)``; refused unless they sum to zero."""
    legs = [(account, amount) for account, amount in entry.legs if amount]
    if sum(amount for _, amount in legs) != 0:
        raise LedgerError(f"refusing to save an entry that sums to {sum(a for _, a in legs)}")
    return [(Account.PLAYER, players[account].pk, amount) if isinstance(account, str)
            else (_pot_account(family, account), None, amount) for account, amount in legs]


def _entry(table: Table, kind: str, entry, players: dict[str, Player], **fields) -> tuple[JournalEntry, list[tuple]]:
    """An engine entry (``ledger.py``'s protocol, any family) as an unsaved journal entry and its legs."""
    family = table.engine
    return (JournalEntry(table=table, kind=kind, info_json=_info_json(entry),
                         pots_after=_pots_after(family, entry.pot_contents), **fields), _legs(family, entry, players))


def _reversal(entry: JournalEntry, pots_after: dict[str, int]) -> tuple[JournalEntry, list[tuple]]:
    """The mirror image of ``entry`` (its legs read); the original stays untouched (docs/architecture.md habit 4)."""
    return (JournalEntry(table=entry.table, kind=EntryKind.REVERSAL, deal=entry.deal, reverses=entry,
                         pots_after=_pots_after(entry.table.engine, pots_after)),
            [(leg.account, leg.player_id, -leg.amount) for leg in entry.legs.all()])


def _post(table: Table, entry, kind: str, players: dict[str, Player]) -> JournalEntry:
    """Post an entry of no deal (a table's opening, an evening's split)."""
    return entries_write([_entry(table, kind, entry, players)])[0]


def _reverse(entry: JournalEntry, pots_after: dict[str, int]) -> JournalEntry:
    """Post the reversal of an entry of no deal (a split, when the evening is reopened)."""
    return entries_write([_reversal(entry, pots_after)])[0]


@dataclass(frozen=True)
class Version:
    """One deal version to post (``deal_versions_post``): its row — a new one, or a current deal
    settled anew after a correction or a void — with the engine's deal and entry (none for a void)
    and, when worked out already, the players' figures (default: the family's ``deal_stats``)."""

    row: Deal
    deal: Any = None
    entry: Any = None
    stats: tuple | None = None


def deal_versions_post(table: Table, players: dict[str, Player], versions: list[Version], *,
                       reversing: list[tuple[JournalEntry, dict[str, int]]] = (), replaced: Deal | None = None) -> None:
    """THE write path of deal versions: recording, correcting, voiding and importing all post here,
    already settled in memory, in a few statements however many versions (an import's). In order:
    ``replaced`` is no longer current; the new version rows; the entries in ``reversing`` reversed
    (newest first, each with the pots after it) and each version's entry posted, a deal's entry
    posted again naming the one it ``supersedes`` (docs/architecture.md, the ledger's invariants);
    the players' figures of each version (rewritten for a deal settled anew); the table's version,
    one more per new row; the evening's summaries of ``players``."""
    family = table.engine
    if replaced is not None:
        Deal.objects.filter(pk=replaced.pk).update(current=False)
    again = [v.row for v in versions if v.row.pk is not None]
    new = Deal.objects.bulk_create([v.row for v in versions if v.row.pk is None])
    superseded = {entry.deal_id: entry for entry, _pots in reversing if entry.kind == EntryKind.DEAL}
    entries_write([_reversal(entry, pots) for entry, pots in reversing] + [
        _entry(table, EntryKind.DEAL, v.entry, players, deal=v.row, supersedes=superseded.get(v.row.pk))
        for v in versions if v.entry is not None])
    if again:
        PlayerDealStat.objects.filter(deal__in=again).delete()
    _insert_rows(PlayerDealStat, ("deal", "player", "evening", "rules", "active", "net", "figures"), [
        (v.row.pk, players[figures.player].pk, table.evening_id, table.rules, figures.active, figures.net,
         json.dumps(family.stored_figures(figures), ensure_ascii=False))
        for v in versions if v.entry is not None
        for figures in (v.stats if v.stats is not None else family.deal_stats(tuple(players), v.deal, v.entry))])
    Table.objects.filter(pk=table.pk).update(version=F("version") + len(new))
    summary_refresh(table.evening, players.values())


def _insert_rows(model, fields: tuple[str, ...], rows: list[tuple]) -> None:
    """INSERT many rows of plain values, for the thousands of small rows of an import (legs,
    per-deal figures), where a model instance per row costs more than the database does: on
    PostgreSQL one ``COPY`` (its row triggers fire as for an INSERT), elsewhere one ``executemany``.
    ``fields`` name model fields; every other column must have a default in the database (for these
    two models every column but the id is given)."""
    if not rows:
        return
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    columns = ", ".join(quote(model._meta.get_field(name).column) for name in fields)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":   # psycopg 3: 10x faster than INSERT for 5,000 rows
            with cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        else:
            cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES ({', '.join(['%s'] * len(fields))})", rows)


def table_players(table: Table) -> dict[str, Player]:
    """The table's players by the names they sat down with (``Seat.name``: the names its deals
    record, whatever a player is called now), in seat order."""
    return {seat.name or seat.player.name: seat.player
            for seat in table.seats.select_related("player").order_by("position")}


def table_pots(table: Table) -> dict[str, int]:
    """The pots' content by name (the Danish cups): the sum of every pot leg ever posted on the
    table; empty for a family without pots."""
    if not table.engine.pots:
        return {}
    sums = dict(Leg.objects.filter(entry__table=table).exclude(account=Account.PLAYER)
                .values_list("account").annotate(total=Sum("amount")).values_list("account", "total"))
    return {pot: sums.get(pot) or 0 for pot in table.engine.pots}


def _minus(pots: dict[str, int], moved: dict[str, int]) -> dict[str, int]:
    return {pot: content - moved.get(pot, 0) for pot, content in pots.items()}


def table_state(table: Table, number: int | None = None, pots: dict[str, int] | None = None, *,
                players: tuple[str, ...] | None = None):
    """What the family's next deal needs from the ones before (the Danish cups, the Karlsruhe
    Radl): before deal ``number`` (default: after the last current deal), from ``pots`` (default:
    the pots now) and, the current deals before it (for a family whose state is read from them).
    ``players``: the table's names (``table_players``), when the caller has read them already."""
    family = table.engine

    def earlier():
        rows = table.deals.filter(current=True).order_by("number")
        if number is not None:
            rows = rows.filter(number__lt=number)
        return [family.parse_deal(row.outcome, row.number, table.card) for row in rows]

    return family.state_before(tuple(table_players(table)) if players is None else players, table.card,
                               table_pots(table) if pots is None else pots, earlier)


def _pot_movement(entry: JournalEntry) -> dict[str, int]:
    """What ``entry`` moved into each pot, by the pot's name."""
    return {leg.account: leg.amount for leg in entry.legs.all() if leg.account != Account.PLAYER}


def _outcome_json(family: Family, deal) -> str:
    return json.dumps(family.deal_to_dict(deal), ensure_ascii=False)


def _user(user):
    return user if (user is not None and getattr(user, "is_authenticated", False)) else None
