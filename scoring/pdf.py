"""PDFs (WeasyPrint), each a function of selector data with no request (docs/architecture.md habit 10).

No resource is fetched while rendering: the templates carry their CSS inline, use the fonts
installed on the machine (DejaVu), and the URL fetcher refuses every URL.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from scoring.numbers import format_kroner, page_language, plain_decimal

from .models import Evening
from .selectors import SheetRow, TableSheet, evening_summary, written_score

#: The longest word of a player's name that still fits the two columns a player gets on a portrait
#: page, by players at the table; a table with a longer name is printed on a landscape page.
_PORTRAIT_NAME_CHARS = {3: 28, 4: 20, 5: 14}


def _no_remote(url: str, *args, **kwargs):
    raise ValueError(f"the PDF may not load {url}")


@dataclass(frozen=True)
class PdfCell:
    net: int
    running: int
    active: bool


@dataclass(frozen=True)
class PdfRow:
    row: SheetRow
    cells: tuple[PdfCell, ...]
    tag: str = ""         # what the deal was besides a played one (a misdeal, a Radl deal …)
    game: str = ""        # a written score's sheet: the game or kind in the game's words ("tri", "klop" …)
    declarer: str = ""    # ... and who played it (igralec)
    cups: tuple[int, ...] = ()   # each cup the sheet shows after this row (``TableSheet.pots``, by name)


@dataclass(frozen=True)
class PdfTable:
    sheet: TableSheet
    rows: tuple[PdfRow, ...]
    wide: bool            # printed on a landscape page
    rules: str            # the title of the rate card the table is played with (its frozen copy)
    pots: bool = True     # the family has pots (the Danish cups): their columns are printed
    formulas: bool = False   # the family gives each deal a formula (Karlsruhe): its column is printed
    label: str = ""       # the game family, as the pages name it
    written: bool = False    # a written score (Selca's zapisnik): printed as its own sheet
    money: tuple = ()     # a written score's (player, written total, money points, kroner) per player
    cup_heads: tuple[str, ...] = ()   # the cups' columns, in the family's words (``TableFamily.pot_words``)


def _written_row(family: str, players: tuple[str, ...], row: SheetRow) -> tuple[str, str, tuple[bool, ...]]:
    """A written-score deal as its sheet writes it (``TableFamily.written_row``: the game or kind in
    the game's words, the declarer, who takes part), the others greyed."""
    from .selectors.standings import table_side

    side = table_side(family)
    if side is None or side.written_row is None:
        return "", "", row.active
    game, declarer, taking_part = side.written_row(players, row.deal.outcome)
    return game, declarer, tuple(p in taking_part for p in players)


def _tag(row: SheetRow) -> str:
    """The deal's kind when it was not simply played, and a doubled (Radl) deal."""
    tags = {"misdeal": _("fejlgivning"), "scrapped": _("kasseret"), "redeal": _("givet om")}
    words = [str(tags[row.kind])] if row.kind in tags else []
    if (row.info or {}).get("radl"):
        words.append("Radl")
    return ", ".join(words)


def _pdf_table(sheet: TableSheet, money: dict[str, tuple[int, str]] | None = None) -> PdfTable:
    """One table's sheet for the PDF: a family without pots has no cup columns and no opening or
    split row that moves nothing; a family whose deals carry a formula gets a column for it; a
    written score's sheet names each deal's game and declarer and ends with the money of its
    totals (``money``: player -> (money points, kroner))."""
    from .selectors.standings import family_title, table_side

    pots = bool(sheet.pots)
    written = written_score(sheet.family)
    rows = []
    for row in sheet.rows:
        if not (pots or row.deal is not None or any(row.net)):
            continue
        game, declarer, active = (_written_row(sheet.family.name, sheet.players, row) if written and row.deal
                                  else ("", "", row.active))
        rows.append(PdfRow(row, tuple(PdfCell(n, r, a) for n, r, a in zip(row.net, row.running, active)),
                           _tag(row), game, declarer, tuple(row.pots.get(name, 0) for name in sheet.pots)))
    rows = tuple(rows)
    longest = max((len(word) for name in sheet.players for word in name.split()), default=0)
    formulas = any(row.formula for row in sheet.rows) and not written
    extra = 2 if formulas else (1 if written else 0)
    money = money or {}
    side = table_side(sheet.family.name)
    words = side.pot_words if side is not None else {}
    return PdfTable(sheet, rows, longest > _PORTRAIT_NAME_CHARS.get(len(sheet.players) + extra, 14),
                    sheet.table.card.title, pots, formulas, family_title(sheet.family.name), written,
                    tuple((p, t, *money.get(p, (t, ""))) for p, t in zip(sheet.players, sheet.totals)),
                    tuple(str(words.get(name, name)) for name in sheet.pots))


def render_evening_pdf(evening: Evening) -> bytes:
    """The evening's settlement sheet on A4: each table's deal-by-deal sheet (each player's net and
    running total, sitters-out greyed; the cups after every row and the split for a family with
    cups, each deal's formula for a family that gives one), the final totals, who pays whom in
    points and kroner — per game family, whose points are never added together — and a signature
    line per player."""
    from weasyprint import HTML

    summary = evening_summary(evening)
    lang = page_language()   # amounts and rates as the page's language writes them
    money = {p: (m, format_kroner(k, lang)) for g in summary.families
             for (p, _t, k), (_p, m) in zip(g.totals, g.money)}
    tables = [_pdf_table(s, money) for s in summary.sheets]
    table_of = {p: s.table.number for s in summary.sheets for p in s.players}
    labels = {t.sheet.family.name: t.label for t in tables}
    html = render_to_string("scoring/pdf/evening.html", {
        "evening": evening, "summary": summary, "tables": tables,
        "rules": ", ".join(sorted({t.rules for t in tables})),
        "closed": evening.closed_at is not None,
        "several_tables": len(tables) > 1,
        "mixed": summary.mixed, "has_pots": summary.pots,
        # each game family settles on its own: a Danish point is never added to a Karlsruhe point
        "money_groups": [{"label": labels.get(g.name, g.name), "written": g.written,
                          "lines": [(p, t, money[p][0], money[p][1], table_of.get(p)) for p, t, _k in g.totals],
                          "payments": [(p, format_kroner(p.kroner, lang)) for p in g.payments]}
                         for g in summary.families],
        "totals": [(p, t, format_kroner(k, lang), table_of.get(p)) for p, t, k in summary.totals],
        # every player signs once, at the end (a zapisnik's too: one signature block per PDF)
        "signers": [p for t in tables for p in t.sheet.players],
        "payments": [(p, format_kroner(p.kroner, lang)) for p in summary.payments],
        "rate": plain_decimal(summary.kroner_per_point, lang),
        "corrected": sum(1 for s in summary.sheets for row in s.rows if row.deal and row.deal.replaces_id),
    })
    return HTML(string=html, url_fetcher=_no_remote).write_pdf()


def render_standings_pdf(club, rows: list[dict], evening_filter=None, *, family: str | None = None,
                         family_label: str = "") -> bytes:
    """The standings of one game family (default: the club's, ``standings.standings_family``) as an
    A4 landscape PDF, in the evening sheet's look, with the page's columns, stating the evenings it
    covers (season or dates, how many, first and last, whether open evenings are included) and,
    for a club of several families, which family."""
    from django.db.models import Count, Max, Min
    from django.utils import timezone
    from weasyprint import HTML

    from .selectors.standings import standings_family
    from .listings import standings_columns

    lang = page_language()   # amounts and rates as the page's language writes them
    columns = standings_columns(family or standings_family(club))
    data = evening_filter.form.cleaned_data if evening_filter is not None and evening_filter.is_valid() else {}
    covered = (evening_filter.qs.aggregate(count=Count("id"), first=Min("date"), last=Max("date"))
               if evening_filter is not None and evening_filter.is_valid() else {"count": 0})
    html = render_to_string("scoring/pdf/standings.html", {
        "club": club, "columns": columns, "family_label": family_label, "filters": data,
        "rows": [[(key, format_kroner(r["kroner"], lang) if key == "kroner" else r[key]) for key, _h in columns]
                 for r in rows],
        "covered": covered, "include_open": bool(data.get("include_open")), "printed": timezone.localtime(),
    })
    return HTML(string=html, url_fetcher=_no_remote).write_pdf()
