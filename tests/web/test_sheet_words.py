"""What was played on the sheet (``TableFamily.describe``, ``SheetRow.words``): every family's web
sheet and evening PDF name each deal's game and items in the game's own words — Danish melds,
ultimo, bagud, tout, nolo, last trick, counts and fines (docs/rules/danish.md §3); the old German
cards' Wühlmaus and vole (docs/rules/grosstarock.md §2); Karlsruhe as the seed's closing table
(docs/rules/karlsruhe.md §5.5); Selca in the zapisnik's words (docs/rules/selca.md §14) — in the
table of cells and in the lines of text of a long table (``pdf.LINE_ROWS``)."""
from __future__ import annotations

import json
import subprocess

import pytest
from django.utils import translation

from scoring import pdf, services
from scoring.models import Evening
from scoring.pdf import render_evening_pdf
from scoring.selectors import table_sheet

pytestmark = pytest.mark.django_db


def _json(path):
    return json.loads(path.read_text())


def pdftotext(data: bytes) -> str:
    """The PDF's text as poppler's pdftotext lays it out (-layout: the lines of the page), each run of
    spaces made one."""
    done = subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True)
    return "\n".join(" ".join(line.split()) for line in done.stdout.decode().splitlines())


def closed_evening(club, data: dict) -> Evening:
    table = services.evening_import(club=club, data=data)
    services.evening_close(evening=table.evening)
    return Evening.objects.select_related("club").get(pk=table.evening_id)


GOLDEN = {
    "danish": "four-players-tout-nolo-fines.json",
    "grosstarock": "grosstarock/grosstarock-worked.json",
    "taroc1754": "grosstarock/taroc1754-worked.json",
    "karlsruhe": "karlsruhe/seed-table.json",
    "selca": "selca/worked-examples.json",
}


@pytest.mark.parametrize("name", list(GOLDEN))
def test_show(club, golden_dir, name, monkeypatch):
    evening = closed_evening(club, _json(golden_dir / GOLDEN[name]))
    sheet = table_sheet(evening.tables.get())
    for row in sheet.rows:
        print(row.number, row.description)
    for rows in (pdf.LINE_ROWS, 0):
        monkeypatch.setattr(pdf, "LINE_ROWS", rows)
        print(pdftotext(render_evening_pdf(evening)))
    assert False
