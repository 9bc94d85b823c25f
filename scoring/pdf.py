"""PDFs (WeasyPrint), each a function of selector data with no request (STYLE.md habit 10).

No resource is fetched while rendering: the templates carry their CSS inline, use the fonts
installed on the machine (DejaVu), and the URL fetcher refuses every URL.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.template.loader import render_to_string
from django.utils import translation

from scoring.engine.money import format_kroner

from .models import Evening
from .selectors import SheetRow, TableSheet, evening_summary

#: The longest word of a player's name that still fits the two columns a player gets on a portrait
#: page, by players at the table; a table with a longer name is printed on a landscape page.
_PORTRAIT_NAME_CHARS = {3: 28, 4: 20, 5: 14}


def _no_remote(url: str, *args, **kwargs):
    raise ValueError(f"the PDF may not load {url}")


def _lang() -> str:
    return "en" if (translation.get_language() or "da").startswith("en") else "da"


def plain_decimal(value: Decimal, lang: str = "da") -> str:
    """``0,25`` (Danish) / ``0.25``: a rate as written, without trailing zeros."""
    text = format(Decimal(value).normalize(), "f")
    return text.replace(".", ",") if lang == "da" else text


@dataclass(frozen=True)
class PdfCell:
    net: int
    running: int
    active: bool


@dataclass(frozen=True)
class PdfRow:
    row: SheetRow
    cells: tuple[PdfCell, ...]


@dataclass(frozen=True)
class PdfTable:
    sheet: TableSheet
    rows: tuple[PdfRow, ...]
    wide: bool            # printed on a landscape page
    rules: str            # the title of the rate card the table is played with (its frozen copy)


def _pdf_table(sheet: TableSheet) -> PdfTable:
    rows = tuple(PdfRow(row, tuple(PdfCell(n, r, a) for n, r, a in zip(row.net, row.running, row.active)))
                 for row in sheet.rows)
    longest = max((len(word) for name in sheet.players for word in name.split()), default=0)
    return PdfTable(sheet, rows, longest > _PORTRAIT_NAME_CHARS.get(len(sheet.players), 14),
                    sheet.table.card.title)


def render_evening_pdf(evening: Evening) -> bytes:
    """The evening's settlement sheet on A4: each table's deal-by-deal sheet (each player's net and
    running total, sitters-out greyed, the cups after every row, the split), the final totals, who
    pays whom in points and kroner, and a signature line per player."""
    from weasyprint import HTML

    summary = evening_summary(evening)
    lang = _lang()
    tables = [_pdf_table(s) for s in summary.sheets]
    table_of = {p: s.table.number for s in summary.sheets for p in s.players}
    html = render_to_string("scoring/pdf/evening.html", {
        "evening": evening, "summary": summary, "tables": tables,
        "rules": ", ".join(sorted({t.rules for t in tables})),
        "closed": evening.closed_at is not None,
        "several_tables": len(tables) > 1,
        "totals": [(p, t, format_kroner(k, lang), table_of.get(p)) for p, t, k in summary.totals],
        "payments": [(p, format_kroner(p.kroner, lang)) for p in summary.payments],
        "rate": plain_decimal(summary.kroner_per_point, lang),
        "corrected": sum(1 for s in summary.sheets for row in s.rows if row.deal and row.deal.replaces_id),
    })
    return HTML(string=html, url_fetcher=_no_remote).write_pdf()


def render_standings_pdf(club, rows: list[dict], evening_filter=None) -> bytes:
    """The standings as an A4 landscape PDF, in the evening sheet's look, stating the evenings it covers
    (season or dates, how many, first and last, whether open evenings are included)."""
    from django.db.models import Count, Max, Min
    from django.utils import timezone
    from weasyprint import HTML

    lang = _lang()
    data = evening_filter.form.cleaned_data if evening_filter is not None and evening_filter.is_valid() else {}
    covered = (evening_filter.qs.aggregate(count=Count("id"), first=Min("date"), last=Max("date"))
               if evening_filter is not None and evening_filter.is_valid() else {"count": 0})
    html = render_to_string("scoring/pdf/standings.html", {
        "club": club, "rows": [{**r, "kroner": format_kroner(r["kroner"], lang)} for r in rows], "filters": data,
        "covered": covered, "include_open": bool(data.get("include_open")), "printed": timezone.localtime(),
    })
    return HTML(string=html, url_fetcher=_no_remote).write_pdf()
