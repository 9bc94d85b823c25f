"""Each player's own statement of a closed evening (what his mail tells him: his deals' results, a
voided deal's struck through with its reason as on the printed sheet, his totals, what he pays or
receives and to whom); the outbox's mails of an evening as its page shows them are ``outbox.py``'s.

A statement is read from the evening's settlement (``evening_summary``), never computed anew: his
kroner are his line of the settlement and his payments are the settlement's who-pays-whom, so a
statement agrees with the settlement PDF to the øre.

The settlement names the players as they sat down (``Seat.name``: the sheet's names, the keys of
its totals and its payments); a player renamed or merged since is called otherwise now. A statement
therefore finds each seated player by his seat's key, never by his name now (STYLE habit 5), and
keeps the names now beside the seated ones for the mail to print."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from scoring.engine.money import Payment
from scoring.models import Player

from .members import identity_of
from .settlement import EveningSummary
from .sheets import SheetRow, TableSheet


@dataclass(frozen=True)
class StatementLine:
    """One row of his table's sheet, as it touched him: the deal's number (None for the opening and
    the split), its kind, whether he played it (not sitting out), his result and his total after it.
    A voided deal keeps its line, as the printed sheet keeps its row: his result as it stood, no
    total after it (it moves none: a voided deal pays nothing), and why it was voided (the mail
    words it in its family's words and the reader's language, ``table_families.void_note``)."""
    number: int | None
    kind: str
    active: bool
    net: int
    running: int | None
    voided: bool = False
    void_reason: str = ""


@dataclass(frozen=True)
class Statement:
    player: Player                 # the player he stands for now (a merged duplicate: the one he was merged into)
    name: str                      # as seated (the sheet's name: the key of its totals and payments)
    table: int                     # his table's number
    family: str                    # his table's game family (engine name)
    written: bool                  # a written score: his money points are not his points
    lines: tuple[StatementLine, ...]
    points: int                    # his total on the sheet (after the split)
    money_points: int              # the points his money is reckoned from (``Family.money``)
    kroner: Decimal                # his kroner: + receives, - pays (the settlement's own figure)
    pays: tuple[Payment, ...]      # the payments he makes
    receives: tuple[Payment, ...]  # the payments made to him
    #: {a name as seated at his family's tables: that player's name now}: the payments name the
    #: players as seated, his mail names them as they are called now
    names_now: Mapping[str, str] = field(default_factory=dict, compare=False)

    @property
    def name_now(self) -> str:
        """His name now: the mail greets him by it."""
        return self.player.name

    def called(self, seated: str) -> str:
        """The name now of the player seated as ``seated`` at one of his family's tables."""
        return self.names_now.get(seated, seated)

    @property
    def deals(self) -> int:
        """The deals that stand (a voided one is no deal of the evening's any more)."""
        return sum(1 for line in self.lines if line.number is not None and not line.voided)

    @property
    def played(self) -> int:
        return sum(1 for line in self.lines if line.number is not None and line.active and not line.voided)


def _line(row: SheetRow, at: int, written: bool) -> StatementLine:
    # a written score writes points by the game played (docs/rules/selca.md), which the seating's
    # "active" does not tell: its statement never says that he sat out
    active = row.active[at] or written
    if row.voided:
        return StatementLine(row.number, row.kind, active, row.net[at], None, True, row.void_reason)
    return StatementLine(row.number, row.kind, active, row.net[at], row.running[at])


def _seated(sheet: TableSheet) -> dict[str, Player]:
    """{the name a player sat down with at ``sheet``'s table: the player he stands for now}, each
    seat found by its player's key (``TableSheet.seat_names``), never by his name now."""
    return {sheet.seat_names[seat.player_id]: identity_of(seat.player) for seat in sheet.table.seats.all()}


def evening_statements(summary: EveningSummary) -> list[Statement]:
    """Every seated player's statement, in table and seat order, keyed to the player he stands for now."""
    statements = []
    for group in summary.families:
        kroner = {name: amount for name, _points, amount in group.totals}
        money = dict(group.money)
        # the group's payments run between its tables: each seated name of the group and its name now
        names_now = {name: now for sheet in group.sheets for name, now in zip(sheet.players, sheet.shown)}
        for sheet in group.sheets:
            seats = _seated(sheet)
            for at, name in enumerate(sheet.players):
                statements.append(Statement(
                    player=seats[name], name=name, table=sheet.table.number, family=group.name,
                    written=group.written,
                    # every row of the printed sheet, a voided deal's at its number (``TableSheet.lines``)
                    lines=tuple(_line(row, at, group.written) for row in sheet.lines),
                    points=sheet.totals[at], money_points=money.get(name, sheet.totals[at]),
                    kroner=kroner[name],
                    pays=tuple(p for p in group.payments if p.payer == name),
                    receives=tuple(p for p in group.payments if p.payee == name), names_now=names_now))
    return statements
