"""The ledger check: re-settle every stored table with the engine and compare with the journal."""
from __future__ import annotations

from django.db.models import Sum

from scoring.engine.interchange import parse_evening
from scoring.engine.problems import EveningError
from scoring.engine.settle import settle_evening

from .models import Club, Evening, JournalEntry, Leg, Table
from .selectors import table_sheet, table_to_evening_file


def table_differences(table: Table) -> list[str]:
    """Every way the stored journal of ``table`` differs from the engine's settlement of it."""
    where = f"evening {table.evening_id} ({table.evening.date}), table {table.number}"
    found: list[str] = []
    unbalanced = (Leg.objects.filter(entry__table=table).values("entry").annotate(total=Sum("amount"))
                  .exclude(total=0).values_list("entry", "total"))
    for entry_id, total in unbalanced:
        entry = JournalEntry.objects.select_related("deal").get(pk=entry_id)
        label = f"deal {entry.deal.number}" if entry.deal else entry.kind
        found.append(f"{where}, {label}: entry {entry_id} sums to {total}, not 0")
    cup_totals = (Leg.objects.filter(entry__table=table).exclude(account="player")
                  .values("account").annotate(total=Sum("amount")).values_list("account", "total"))
    for account, total in cup_totals:
        if total < 0:
            found.append(f"{where}: the {account} cup holds {total}")
    try:
        # What the app stored stays readable: the bounds of bounds.py hold files from outside.
        settlement = settle_evening(parse_evening(table_to_evening_file(table), bounded=False))
    except EveningError as exc:
        return found + [f"{where}: {line}" for line in exc.lines()]
    sheet = table_sheet(table)
    rows = {row.label: row for row in sheet.rows}
    expected = [("opening", settlement.opening)] + [(str(e.number), e) for e in settlement.deals]
    if table.evening.closed_at is not None:
        expected.append(("split", settlement.split))
    for label, entry in expected:
        row = rows.get(label)
        name = label if label in ("opening", "split") else f"deal {label}"
        if row is None:
            found.append(f"{where}, {name}: no stored entry")
            continue
        want = tuple(entry.net[p] for p in settlement.players)
        if row.net != want:
            found.append(f"{where}, {name}: stored {dict(zip(sheet.players, row.net))}, "
                         f"engine {dict(zip(settlement.players, want))}")
        if (row.king_cup, row.pagat_cup) != (entry.cups.king, entry.cups.pagat):
            found.append(f"{where}, {name}: cups stored {row.king_cup}/{row.pagat_cup}, "
                         f"engine {entry.cups.king}/{entry.cups.pagat}")
        if row.king_cup < 0 or row.pagat_cup < 0:
            found.append(f"{where}, {name}: a cup below zero")
    extra = set(rows) - {label for label, _ in expected}
    found += [f"{where}, {label}: stored entry the engine does not produce" for label in sorted(extra)]
    return found


def ledger_differences(evenings=None) -> tuple[int, list[str]]:
    """(tables checked, differences) over ``evenings`` (default: all)."""
    evenings = Evening.objects.all() if evenings is None else evenings
    tables = Table.objects.filter(evening__in=evenings).select_related("evening").order_by("evening_id", "number")
    found: list[str] = []
    count = 0
    for table in tables:
        count += 1
        found += table_differences(table)
    found += summary_differences(evenings)
    return count, found


def summary_differences(evenings) -> list[str]:
    """The per-evening summaries the standings read must equal re-summing the journal."""
    from .standings import standings, standings_from_journal

    found = []
    for club in Club.objects.filter(evenings__in=evenings).distinct():
        club_evenings = evenings.filter(club=club)
        fast = {row.player_id: row for row in standings(club, evenings=club_evenings)}
        slow = {row.player_id: row for row in standings_from_journal(club, evenings=club_evenings)}
        for player_id in sorted(set(fast) | set(slow)):
            summary, journal = fast.get(player_id), slow.get(player_id)
            if summary != journal:
                name = (summary or journal).player
                fields = [f for f in ("points", "kroner", "evenings", "deals") if getattr(summary, f, None) != getattr(journal, f, None)]
                found.append(f"club {club.name}, player {name}: the standings summaries differ from the journal"
                             f" ({', '.join(fields) or 'event figures'})")
    return found
