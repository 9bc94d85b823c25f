"""An evening's settlement: every table's sheet grouped by game family and each family's money,
settled at the evening's rate."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q

from scoring.engine.families import Family
from scoring.engine.money import DEFAULT_CURRENCY, Payment, evening_kroner
from scoring.models import EntryKind, Evening, JournalEntry

from .sheets import SHEET_ENTRIES, TableSheet, player_legs, table_sheet, written_score


@dataclass(frozen=True)
class FamilySettlement:
    """The tables of one game family in an evening and their money: points of different families
    are different units, so each family's tables settle among themselves (docs/rules/karlsruhe.md: money
    is points × the club's rate, applied once to the evening's totals — per family)."""
    family: Family
    sheets: tuple[TableSheet, ...]
    totals: tuple[tuple[str, int, Decimal], ...]   # player, points, kroner (table and seat order)
    payments: tuple[Payment, ...]
    #: player, money points (``Family.money`` of his table's totals: a payment family's totals
    #: themselves, a written score's pairwise differences), in the order of ``totals``
    money: tuple[tuple[str, int], ...] = ()

    @property
    def name(self) -> str:
        return self.family.name

    @property
    def written(self) -> bool:
        """A written-score family (its money is not its points, ``written_score``)."""
        return written_score(self.family)

    @property
    def pots(self) -> tuple[str, ...]:
        """The family's cups (the pots the sheet shows), as ``TableSheet.pots``."""
        return self.family.cups


@dataclass(frozen=True)
class EveningSummary:
    evening: Evening
    sheets: tuple[TableSheet, ...]
    totals: tuple[tuple[str, int, Decimal], ...]   # player, points, kroner (seat order, table order)
    payments: tuple[Payment, ...]
    kroner_per_point: Decimal
    families: tuple[FamilySettlement, ...] = ()    # the sheets by game family, each settled on its own
    currency: str = DEFAULT_CURRENCY               # of every amount above (``Evening.money_currency``)

    @property
    def mixed(self) -> bool:
        """Tables of more than one game family this evening (their points are never added)."""
        return len(self.families) > 1

    @property
    def pots(self) -> bool:
        """Whether any table of the evening has pots (the Danish cups)."""
        return any(s.pots for s in self.sheets)


def family_groups(sheets) -> list[tuple[Family, list]]:
    """``sheets`` (in table order) grouped by game family, the families in order of their first
    table (as ``services`` settles a closed evening's kroner)."""
    groups: dict[str, tuple[Family, list]] = {}
    for sheet in sheets:
        groups.setdefault(sheet.family.name, (sheet.family, []))[1].append(sheet)
    return list(groups.values())


def evening_summary(evening: Evening) -> EveningSummary:
    """Every table's sheet, each player's total and who pays whom, in points and kroner. Each
    table's totals become money by its family's rule (``Family.money``) and the money is settled per
    game family: a Danish point is never added to a Karlsruhe point, so the tables of each family pay
    among themselves (``families``; ``totals`` and ``payments`` list them all, family after family)."""
    tables = list(evening.tables.prefetch_related("seats__player").order_by("number"))
    entries = defaultdict(list)
    for entry in (JournalEntry.objects.filter(SHEET_ENTRIES, table__evening=evening)
                  .exclude(kind=EntryKind.REVERSAL).select_related("deal", "deal__dealer")):
        entries[entry.table_id].append(entry)
    legs = player_legs(Q(entry__table__evening=evening))
    sheets = tuple(table_sheet(t, entries[t.id], legs) for t in tables)
    rate = evening.rate
    closed = evening.closed_at is not None  # before the split the cups still hold points
    groups = []
    for family, family_sheets in family_groups(sheets):
        totals = tuple((p, t) for s in family_sheets for p, t in zip(s.players, s.totals))
        # each table's totals become money by its family's rule (``Family.money``), as the close does
        money = tuple(line for s in family_sheets for line in family.money(tuple(zip(s.players, s.totals))))
        amounts, payments = evening_kroner(money, rate, settled=closed and bool(money))
        groups.append(FamilySettlement(family, tuple(family_sheets),
                                       tuple((p, t, amounts[p]) for p, t in totals), payments, money))
    return EveningSummary(
        evening=evening, sheets=sheets,
        totals=tuple(line for g in groups for line in g.totals),
        payments=tuple(p for g in groups for p in g.payments),
        kroner_per_point=rate,
        families=tuple(groups),
        currency=evening.money_currency,
    )
