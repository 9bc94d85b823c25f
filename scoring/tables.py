"""django-tables2 tables: one per listing (STYLE.md habit 9), each exportable as CSV and XLSX."""
import re

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django_tables2.export import TableExport

#: What a spreadsheet reads as the start of a formula (OWASP, "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"-?[0-9]+([.,][0-9]+)*")


def spreadsheet_cell(value):
    """A text cell that a spreadsheet would run as a formula gets a leading apostrophe, the way a
    spreadsheet marks text itself; numbers, and text that is just a number such as "-35", are kept."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


class SpreadsheetExport(TableExport):
    """TableExport whose cells are safe to open in a spreadsheet (see :func:`spreadsheet_cell`).
    tablib 3.10 cannot do it: CSV has no escaping, and XLSX's ``escape=True`` only drops a leading
    "=" (and changes the text)."""

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None):
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        dataset.headers = [spreadsheet_cell(h) for h in dataset.headers or []]
        rows = [[spreadsheet_cell(cell) for cell in row] for row in dataset]
        del dataset[:]
        dataset.extend(rows)
        return dataset


class StandingsTable(tables.Table):
    player = tables.Column(verbose_name=_("Spiller"), linkify=lambda record: reverse(
        "scoring:player_detail", args=[record["player_id"]]))
    evenings = tables.Column(verbose_name=_("Aftener"))
    deals = tables.Column(verbose_name=_("Spil"))
    points = tables.Column(verbose_name=_("Point"))
    kroner = tables.Column(verbose_name=_("Kroner"))
    average = tables.Column(verbose_name=_("Gns. pr. spil"))
    pagat_ultimo = tables.Column(verbose_name=_("Pagat ultimo"))
    king_ultimo = tables.Column(verbose_name=_("Konge ultimo"))
    pagat_bagud = tables.Column(verbose_name=_("Pagat bagud"))
    king_bagud = tables.Column(verbose_name=_("Konge bagud"))
    tout = tables.Column(verbose_name="Tout")
    nolo = tables.Column(verbose_name="Nolo")
    last_trick = tables.Column(verbose_name=_("Sidste stik"))
    meld_points = tables.Column(verbose_name=_("Meldepoint"))
    fines = tables.Column(verbose_name=_("Bøder"))
    best_evening = tables.Column(verbose_name=_("Bedste aften"))
    worst_evening = tables.Column(verbose_name=_("Værste aften"))

    class Meta:
        attrs = {"class": "standings", "id": "standings"}
        order_by = ("-points",)
        exclude = ()


class PlayerEveningsTable(tables.Table):
    date = tables.DateColumn(verbose_name=_("Dato"), short=True, linkify=lambda record: reverse(
        "scoring:evening_detail", args=[record.evening_id]))
    points = tables.Column(verbose_name=_("Point"))
    kroner = tables.Column(verbose_name=_("Kroner"))
    cumulative = tables.Column(verbose_name=_("Samlet"))
    closed = tables.BooleanColumn(verbose_name=_("Lukket"))

    class Meta:
        attrs = {"class": "player-evenings", "id": "player-evenings"}
        orderable = True


class EveningsTable(tables.Table):
    date = tables.DateColumn(verbose_name=_("Dato"), short=True, linkify=lambda record: reverse(
        "scoring:evening_detail", args=[record["id"]]))
    tables_count = tables.Column(verbose_name=_("Borde"))
    cups_shared = tables.Column(verbose_name=_("Kopper delt"))
    closed = tables.BooleanColumn(verbose_name=_("Lukket"))

    class Meta:
        attrs = {"class": "evenings", "id": "club-evenings"}
