"""The season report's files made by the worker in the background (``ReportFile``, scoring/worker.py):
each kind of file the page offers, and how one is made — the same bytes a request makes of a shorter
scope (``reports.season``), in the language it was asked in."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Callable

from django.http import QueryDict
from django.utils import translation
from django.utils.translation import gettext_lazy

from .season import file_name, render_season_pdf, season_export


@dataclass(frozen=True)
class Kind:
    label: object
    content_type: str
    render: Callable
    ext: str


CSV = "text/csv; charset=utf-8"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

#: Each file of the report by the name a page asks for it by (``?kind=``).
KINDS = {
    "pdf": Kind("PDF", "application/pdf", render_season_pdf, "pdf"),
    "xlsx": Kind("XLSX", XLSX, lambda report: season_export(report, "xlsx"), "xlsx"),
    "evenings": Kind(gettext_lazy("Aftener (CSV)"), CSV, lambda report: season_export(report, "csv", "evenings"),
                     "evenings.csv"),
    "transfers": Kind(gettext_lazy("Overførsler (CSV)"), CSV, lambda report: season_export(report, "csv", "transfers"),
                      "transfers.csv"),
}


def make(made) -> tuple[bytes, str]:
    """The bytes and the file name of ``made`` (a ``ReportFile``), its scope read again now."""
    from scoring.selectors.season import season_report, season_scope

    query = QueryDict(made.scope)

    def day(name):
        return dt.date.fromisoformat(query[name]) if query.get(name) else None

    scope = season_scope(made.club, season=query.get("season") or None, date_from=day("date_from"),
                         date_to=day("date_to"))
    kind = KINDS[made.kind]
    with translation.override(made.language):
        return kind.render(season_report(scope)), file_name(scope, kind.ext)
