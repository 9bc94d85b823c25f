"""The evening page's tables, as the page shows them and its live fragment polls them
(``templates/scoring/partials/_evening_tables.html``): each table's figures before and after the
split of the cups (``TableBlock``), its family's words for them, and its live line (who deals now,
the time of its last deal). Read by the evening page and the close page (``views/evening.py``) and
by the live fragment (``views/live.py``)."""
from __future__ import annotations

from dataclasses import dataclass

from scoring import services
from scoring.models import Evening
from scoring.selectors import EveningSummary, TableSheet, evening_summary, live_tables, written_score
from scoring.selectors.standings import family_title, table_side
from scoring.table_families import written_words


@dataclass(frozen=True)
class PlayerLine:
    """One player of one table: the running total before the split, his share of the cups (once the
    evening is closed, or as a preview on the close page) and the total after it."""
    player: str
    before_split: int
    split: int | None
    total: int


@dataclass(frozen=True)
class TableBlock:
    sheet: TableSheet
    lines: tuple[PlayerLine, ...]
    deal_count: int

    @property
    def pots(self) -> tuple[str, ...]:
        """The table's pots (the Danish cups) with their content now; none for a family without."""
        return tuple(zip(self.sheet.pots, self.sheet.cups))

    @property
    def cups_named(self) -> tuple[tuple[str, int], ...]:
        """Each cup the table shows with its content now, named in the family's words
        (``TableFamily.pot_names``; a pot the family does not name shows its name)."""
        side = table_side(self.sheet.family.name)
        names = side.pot_names if side is not None else {}
        return tuple((str(names.get(pot, pot)), content) for pot, content in zip(self.sheet.pots, self.sheet.cups))

    @property
    def label(self) -> str:
        return family_title(self.sheet.family.name)

    @property
    def written(self) -> bool:
        """A written score's table (its sheet is the zapisnik, its totals what was written)."""
        return written_score(self.sheet.family)

    @property
    def written_word(self) -> str:
        """A written score's sheet by its name in the game (``TableFamily.written_words``), or ""."""
        return written_words(self.sheet.family.name)["sheet"]

    @property
    def has_split(self) -> bool:
        """Whether closing moves anything at this table: a family with cups shares them; any other
        split that moves points (stored, or previewed on the close page) is shown too."""
        return bool(self.sheet.pots) or any(line.split for line in self.lines)


def _split_row(sheet: TableSheet):
    return next((row for row in sheet.rows if row.kind == "split"), None)


def _preview_split(sheet: TableSheet) -> dict[str, int]:
    """What closing would post at an open table: the family's ``settle_split`` with the table's own
    rate card and the state before the next deal, as ``services.evening_close`` posts it."""
    family, card = sheet.family, sheet.table.card
    state = services.table_state(sheet.table)   # read only: the state the close reads
    entry = family.settle_split(sheet.players, state, dict(zip(sheet.players, sheet.totals)), card)
    return {p: entry.net[p] for p in sheet.players}


def table_block(sheet: TableSheet, *, preview_split: bool = False) -> TableBlock:
    """Display rows for one table. A closed table shows the split it stored; with ``preview_split``
    an open table shows what closing would do."""
    split_row = _split_row(sheet)
    if split_row is not None:
        shares = dict(zip(sheet.players, split_row.net))
    elif preview_split:
        shares = _preview_split(sheet)
    else:
        shares = None
    lines = []
    # the totals are the seated names' (the deals'); the box names each player as he is now, as its
    # heading does (docs/names.md)
    for player, now, total in zip(sheet.players, sheet.shown, sheet.totals):
        if shares is None:
            lines.append(PlayerLine(now, total, None, total))
        elif split_row is not None:     # the stored totals already include the split
            lines.append(PlayerLine(now, total - shares[player], shares[player], total))
        else:
            lines.append(PlayerLine(now, total, shares[player], total + shares[player]))
    return TableBlock(sheet, tuple(lines), len(sheet.deals))


@dataclass(frozen=True)
class LiveTable:
    """A table of the evening page: its figures (``TableBlock``) and its live line (``live_tables.TableStatus``:
    the time of its last deal and who deals now)."""
    block: TableBlock
    status: live_tables.TableStatus


def evening_tables(evening: Evening) -> tuple[list[LiveTable], EveningSummary]:
    """The evening page's tables, as the page shows them and its live fragment polls them."""
    summary = evening_summary(evening)
    status = {s.pk: s for s in live_tables.table_statuses(evening, [sheet.table for sheet in summary.sheets])}
    return [LiveTable(table_block(sheet), status[sheet.table.pk]) for sheet in summary.sheets], summary
