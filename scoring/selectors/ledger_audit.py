"""The ledger check: re-settle every stored table with its game family's engine and compare with
the journal. Family-blind: each table is read and settled by its own family (``Table.engine``), and
the cups are compared only where the family has them (the Danish ones; a written score's sheet
account is no cup: every entry balancing against it is checked like any other). Every pot is
read by its name (``JournalEntry.pots_after``), and each player's stored figures of every current
deal (``PlayerDealStat.figures``) must be the family's ``deal_stats`` of the engine's settlement."""
from __future__ import annotations

from django.db.models import Count, Sum

from scoring.engine.ledger import cup_contents
from scoring.engine.problems import EveningError

from scoring.models import (
    Club, EntryKind, Evening, JournalEntry, Leg, PlayerDealStat, PlayerEveningSummary, Seat, Table
)
from .files import table_to_evening_file
from .sheets import table_sheet
from .standings import standings, standings_from_journal


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
    found += _chain_differences(where, table)
    family = table.engine
    cups = family.cups_of(table.card)   # the cups this table's card plays with
    pot_totals = (Leg.objects.filter(entry__table=table).exclude(account="player")
                  .values("account").annotate(total=Sum("amount")).values_list("account", "total"))
    for account, total in pot_totals:
        if account not in family.pots:
            found.append(f"{where}: a leg on {account!r}, which the {family.name} family has no pot for")
        elif total < 0 and account in cups:
            found.append(f"{where}: the {account} cup holds {total}")
    try:
        # What the app stored stays readable: the bounds of bounds.py hold files from outside.
        evening = family.parse_evening(table_to_evening_file(table), bounded=False)
        settlement = family.settle_evening(evening)
    except EveningError as exc:
        return found + [f"{where}: {line}" for line in exc.lines()]
    found += _figure_differences(where, table, family, evening, settlement)
    sheet = table_sheet(table)
    rows = {row.label: row for row in sheet.rows}
    # The file numbers the standing deals 1, 2, 3 …; the sheet keeps their numbers (a voided deal's
    # number is skipped, never reused): the engine's n-th deal is the sheet's n-th deal row.
    numbers = [row.label for row in sheet.rows if row.number is not None]
    expected = [("opening", settlement.opening)] + [
        (numbers[i] if i < len(numbers) else f"{e.number} (engine)", e) for i, e in enumerate(settlement.deals)]
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
        stored, engine = _stored_cups(cups, row), cup_contents(entry)
        if any(stored[cup] != engine.get(cup, 0) for cup in cups):
            found.append(f"{where}, {name}: cups stored {'/'.join(str(stored[c]) for c in cups)}, "
                         f"engine {'/'.join(str(engine.get(c, 0)) for c in cups)}")
        if any(stored[cup] < 0 for cup in cups):
            found.append(f"{where}, {name}: a cup below zero")
        if not cups and any(row.pots.get(cup, 0) for cup in family.cups):
            found.append(f"{where}, {name}: cups stored {dict(row.pots)} at a table without cups")
        found += _pot_differences(f"{where}, {name}", family, row.pots, entry.pot_contents, cups)
    extra = set(rows) - {label for label, _ in expected}
    found += [f"{where}, {label}: stored entry the engine does not produce" for label in sorted(extra)]
    return found


def _chain_differences(where: str, table: Table) -> list[str]:
    """What the database holds (migration 0020), read again: every entry posted; a deal's entry
    posted again supersedes an entry of the same deal that is reversed; at most one of a deal's
    entries stands (not reversed)."""
    entries = JournalEntry.objects.filter(table=table)
    found = [f"{where}: entry {pk} is not posted" for pk in entries.filter(posted=False).values_list("pk", flat=True)]
    for pk, deal, number, old_deal, old_kind, reversed_by in (
            entries.filter(supersedes__isnull=False).order_by("pk").values_list(
                "pk", "deal_id", "deal__number", "supersedes__deal_id", "supersedes__kind", "supersedes__reversed_by")):
        if old_deal != deal or old_kind != EntryKind.DEAL or reversed_by is None:
            found.append(f"{where}, deal {number}: entry {pk} supersedes an entry that is not this deal's, "
                         f"reversed")
    found += [f"{where}, deal {number}: {count} entries stand, not one" for number, count in (
        entries.filter(kind=EntryKind.DEAL, reversed_by__isnull=True).values("deal").annotate(count=Count("pk"))
        .filter(count__gt=1).values_list("deal__number", "count"))]
    return found


def _figure_differences(where: str, table: Table, family, evening, settlement) -> list[str]:
    """Each player's stored figures of every current deal (``PlayerDealStat``: active, net and the
    family's figures by name) against the family's ``deal_stats`` of the engine's settlement."""
    names = dict(table.seats.values_list("player_id", "name"))   # the names the table's deals record
    stored = {(number, names.get(player_id)): (active, net, figures) for number, player_id, active, net, figures in
              PlayerDealStat.objects.filter(deal__table=table, deal__current=True)
              .values_list("deal__number", "player_id", "active", "net", "figures")}
    # the engine's n-th deal is the n-th current deal by number (a number may be skipped)
    numbers = sorted({number for number, _name in stored})
    found = []
    for number, deal, entry in zip(numbers, evening.deals, settlement.deals):
        for figures in family.deal_stats(settlement.players, deal, entry):
            want = (figures.active, figures.net, family.stored_figures(figures))
            got = stored.get((number, figures.player))
            if got != want:
                found.append(f"{where}, deal {number}: {figures.player}'s figures stored {got}, engine {want}")
    return found


def _stored_cups(cups, row) -> dict[str, int]:
    """Each of the table's cups after a stored row, by its name (``JournalEntry.pots_after``)."""
    return {cup: row.pots.get(cup, 0) for cup in cups}


def _pot_differences(where: str, family, stored, engine: dict[str, int], cups) -> list[str]:
    """A stored row's pots by name against the engine's entry: a pot the family does not declare,
    a declared pot missing, and the content of every pot that is not a cup (a written score's
    sheet; the cups are compared above)."""
    found = [f"{where}: pots stored for {pot!r}, which the {family.name} family has no pot for"
             for pot in sorted(set(stored) - set(family.pots))]
    found += [f"{where}: no pot {pot!r} stored" for pot in family.pots if pot not in stored]
    found += [f"{where}: pot {pot} stored {stored[pot]}, engine {engine.get(pot, 0)}"
              for pot in family.pots if pot in stored and pot not in cups and pot not in family.cups
              and stored[pot] != engine.get(pot, 0)]
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
    """The per-evening summaries the standings read must equal re-summing the journal, family by
    family (each summary row's family and rule set must be its player's table's)."""

    found = []
    seated = dict(((e, p), (f, r)) for e, p, f, r in Seat.objects.filter(table__evening__in=evenings)
                  .values_list("table__evening_id", "player_id", "table__family", "table__rules"))
    for summary in (PlayerEveningSummary.objects.filter(evening__in=evenings)
                    .select_related("player").order_by("evening_id", "player_id")):
        family, rules = seated.get((summary.evening_id, summary.player_id), (None, None))
        if family is not None and family != summary.family:
            found.append(f"evening {summary.evening_id}, player {summary.player.name}: the summary says "
                         f"{summary.family}, the table plays {family}")
        if rules is not None and rules != summary.rules:
            found.append(f"evening {summary.evening_id}, player {summary.player.name}: the summary says "
                         f"rule set {summary.rules!r}, the table plays {rules!r}")
    for club in Club.objects.filter(evenings__in=evenings).distinct():
        club_evenings = evenings.filter(club=club)
        rule_sets = sorted(set(Table.objects.filter(evening__in=club_evenings).values_list("family", "rules")))
        for family, rules in rule_sets:   # standings are per rule set
            fast = {row.player_id: row for row in standings(club, evenings=club_evenings, family=family, rules=rules)}
            slow = {row.player_id: row for row in standings_from_journal(club, evenings=club_evenings, family=family,
                                                                         rules=rules)}
            for player_id in sorted(set(fast) | set(slow)):
                summary, journal = fast.get(player_id), slow.get(player_id)
                if summary != journal:
                    name = (summary or journal).player
                    fields = [f for f in ("points", "amounts", "evenings", "deals")
                              if getattr(summary, f, None) != getattr(journal, f, None)]
                    found.append(f"club {club.name}, {family} {rules}, player {name}: the standings summaries differ "
                                 f"from the journal ({', '.join(fields) or 'event figures'})")
    return found
