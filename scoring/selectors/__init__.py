"""Selectors read (docs/architecture.md §5): query functions that shape stored data for views, PDFs and
commands. Every amount shown comes from the stored journal, which the engine produced.

One module per noun: ``sheets`` (a table's sheet), ``settlement`` (an evening's money), ``files`` (a
table as an evening file), ``standings`` (a club's standings), ``history`` (a player's evenings and
figures, the largest cups) and ``live_tables`` (what the evening's polls read). The sheet, settlement and file reads are named here too
(``selectors.table_sheet``)."""
from .files import SAME_EVENING_WINDOW, same_open_evening, table_to_evening_file
from .settlement import EveningSummary, FamilySettlement, evening_summary, family_groups
from .sheets import SHEET_ENTRIES, SheetRow, TableSheet, table_player_names, table_sheet, written_score

__all__ = [
    "SAME_EVENING_WINDOW", "SHEET_ENTRIES", "EveningSummary", "FamilySettlement", "SheetRow", "TableSheet",
    "evening_summary", "family_groups", "same_open_evening", "table_player_names", "table_sheet",
    "table_to_evening_file", "written_score",
]
