"""The season report as the page, the A4 PDF and the year-end export show it: the selector's report
(``selectors/season.py``) written out in the page's language, with its charts drawn as SVG here on
the server (``charts.py``). The page, the PDF and ``manage.py season_report`` share this one
context, so they show the same figures."""
from __future__ import annotations

import io
import re
from decimal import Decimal

import django_tables2 as tables
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _, gettext_lazy, pgettext_lazy

from scoring.reports.charts import bars_svg, columns_svg
from scoring.currency import format_money, format_purse
from scoring.engine.money import Purse
from scoring.reports.listings import MoneyColumn, SpreadsheetExport, TypedDateColumn
from scoring.numbers import format_number, page_language
from scoring.selectors.season import Scope, SeasonReport
from scoring.selectors.standings import figure_heading, family_title


def scope_title(scope: Scope) -> str:
    """What the report covers, as its heading says it: the season's name (and its dates), or the dates."""
    def day(value):
        return date_format(value, "SHORT_DATE_FORMAT") if value else "…"

    if scope.season is not None:
        season = scope.season
        dates = f" ({day(season.starts)}–{day(season.ends)})" if season.starts or season.ends else ""
        return _("Sæson %(name)s") % {"name": season.name} + dates
    return _("Aftener %(first)s–%(last)s") % {"first": day(scope.date_from), "last": day(scope.date_to)}


def file_name(scope: Scope, ext: str) -> str:
    """The report's file name: the club, then the season's name or the dates (letters, digits and dashes)."""
    what = scope.season.name if scope.season is not None else \
        f"{scope.date_from or ''}-{scope.date_to or ''}".strip("-")
    word = re.sub(r"[^A-Za-z0-9_-]+", "-", what).strip("-") or "season"
    return f"saeson-{scope.club.pk}-{word}.{ext}"


def report_context(report: SeasonReport, *, transfers: bool = True) -> dict:
    """Everything the page and the PDF print, each amount in the page's language. Without
    ``transfers`` (the page of a report too long for a request) the list of every transfer is left
    to the exports: it is most of a long report's words."""
    lang = page_language()

    def day(value):
        return date_format(value, "SHORT_DATE_FORMAT")

    def kr(amount, currency=None):
        """An evening's amount in its currency, or a sum over evenings (a purse) per currency."""
        if amount is None:
            return "—"
        return format_purse(amount, lang) if isinstance(amount, Purse) else format_money(amount, currency, lang)

    rule_sets = []
    for rs in report.rule_sets:
        money_column = rs.written
        rows = [{"player": r.player, "player_id": r.player_id, "evenings": r.evenings, "deals": r.deals,
                 "points": r.points, "money": r.money, "kroner": kr(r.amounts),
                 "average": format_number(r.average, lang) if r.average is not None else "—",
                 "best": r.best_evening, "worst": r.worst_evening} for r in rs.rows]
        chart = bars_svg([(r.player, r.points, format_number(r.points, lang, grouping=True)) for r in rs.rows],
                         title=_("Point pr. spiller · %(rules)s") % {"rules": rs.title}) if rs.rows else ""
        cups_chart = ""
        if rs.cups:
            cups_chart = columns_svg(
                [day(c.date) for c in rs.cups],
                [(_("Vundet i spil"), [c.won for c in rs.cups]), (_("Delt ved lukning"), [c.shared for c in rs.cups])],
                title=_("Kopperne aften for aften · %(rules)s") % {"rules": rs.title})
        rule_sets.append({
            "rules": rs.rules, "family": rs.family, "title": rs.title, "family_title": family_title(rs.family),
            "rows": rows, "written": money_column, "evenings": rs.evenings, "chart": chart,
            "highlights": rs.highlights, "best": _result(rs.best, kr, day), "worst": _result(rs.worst, kr, day),
            "cups": [{"date": day(c.date), "evening_id": c.evening_id, "won": c.won, "shared": c.shared}
                     for c in rs.cups],
            "cups_won": sum(c.won for c in rs.cups), "cups_shared": sum(c.shared for c in rs.cups),
            "cups_chart": cups_chart,
            "largest_cup": rs.largest_cup and {"player": rs.largest_cup.player, "amount": rs.largest_cup.amount,
                                               "date": day(rs.largest_cup.date), "evening_id": rs.largest_cup.evening_id,
                                               "how": rs.largest_cup.how},
            "figures": [figure_heading(rs.family, h.name) for h in rs.highlights],
        })
    players = [{"player": p.player, "player_id": p.player_id, "evenings": p.evenings, "deals": p.deals,
                "paid": kr(p.paid), "received": kr(p.received), "kroner": kr(p.amounts)} for p in report.players]
    # one chart per currency: an amount in kroner is never drawn beside one in euro on one scale
    currencies = list(report.moved) or [report.scope.club.currency]
    several = len(currencies) > 1
    money_charts = [bars_svg([(p.player, p.amounts[c], kr(p.amounts[c], c)) for p in report.players if c in p.amounts],
                             title=_("Penge pr. spiller") + (f" ({c})" if several else ""))
                    for c in currencies] if report.players else []
    moved_charts = [columns_svg([day(e.date) for e in report.evenings if e.currency == c],
                                [(_("Penge flyttet"), [e.moved for e in report.evenings if e.currency == c])],
                                title=_("Penge flyttet aften for aften") + (f" ({c})" if several else ""),
                                fmt=lambda v: format_number(round(Decimal(v)), lang, grouping=True))
                    for c in currencies] if report.evenings else []
    return {
        "club": report.scope.club, "scope": report.scope, "scope_title": scope_title(report.scope),
        "first": report.first and day(report.first), "last": report.last and day(report.last),
        "evening_count": len(report.evenings), "rule_sets": rule_sets, "players": players,
        "evenings": [{"evening_id": e.evening_id, "date": day(e.date), "tables": e.tables, "players": e.players,
                      "deals": e.deals, "rule_sets": ", ".join(e.rule_sets), "moved": kr(e.moved, e.currency)}
                     for e in report.evenings],
        "transfers": [{"evening_id": t.evening_id, "date": day(t.date), "payer": t.payer, "payee": t.payee,
                       "kroner": kr(t.kroner, t.currency), "paid": t.paid, "family": family_title(t.family)}
                      for t in report.transfers] if transfers else None,
        "moved": kr(report.moved), "transfer_count": len(report.transfers),
        "busiest": [{"date": day(b.date), "evening_id": b.evening_id, "moved": kr(b.moved, b.currency)}
                    for b in report.busiest if b.moved],
        "money_charts": money_charts, "moved_charts": moved_charts,
        "deal_count": sum(e.deals for e in report.evenings),
    }


def _result(result, kr, day):
    if result is None:
        return None
    return {"player": result.player, "points": result.points, "kroner": kr(result.kroner, result.currency),
            "date": day(result.date),
            "evening_id": result.evening_id}


def render_season_pdf(report: SeasonReport) -> bytes:
    """The report as an A4 PDF for the general assembly (charts inline as SVG; nothing fetched)."""
    from scoring.reports.pdf_worker import write_pdf

    html = render_to_string("scoring/pdf/season.html", {**report_context(report), "printed": timezone.localtime()})
    return write_pdf(html)


# The year-end export -----------------------------------------------------------------------------

class SeasonEveningsTable(tables.Table):
    """Every evening of the report, for the club's books."""
    date = TypedDateColumn(verbose_name=gettext_lazy("Dato"), short=True)
    evening_id = tables.Column(verbose_name=gettext_lazy("Aften nr."))
    season = tables.Column(verbose_name=gettext_lazy("Sæson"))
    rule_sets = tables.Column(verbose_name=gettext_lazy("Regelsæt"))
    tables_count = tables.Column(verbose_name=gettext_lazy("Borde"))
    players = tables.Column(verbose_name=gettext_lazy("Spillere"))
    deals = tables.Column(verbose_name=gettext_lazy("Spil"))
    currency = tables.Column(verbose_name=gettext_lazy("Valuta"))
    rate = tables.Column(verbose_name=gettext_lazy("Sats pr. point"))
    moved = MoneyColumn(verbose_name=gettext_lazy("Penge flyttet"))

    class Meta:
        sheet_title = gettext_lazy("Aftener")


class SeasonTransfersTable(tables.Table):
    """Every transfer of every evening, paid or not (the paid marks, where they are kept)."""
    date = TypedDateColumn(verbose_name=gettext_lazy("Dato"), short=True)
    evening_id = tables.Column(verbose_name=gettext_lazy("Aften nr."))
    game = tables.Column(verbose_name=pgettext_lazy("spillet", "Spil"))
    payer = tables.Column(verbose_name=gettext_lazy("Betaler"))
    payee = tables.Column(verbose_name=gettext_lazy("Modtager"))
    points = tables.Column(verbose_name=gettext_lazy("Point"))
    kroner = MoneyColumn(verbose_name=gettext_lazy("Beløb"))
    paid = tables.Column(verbose_name=gettext_lazy("Betalt"))

    class Meta:
        sheet_title = gettext_lazy("Overførsler")


#: The export's sheets by the name a link asks for (``?sheet=``): a CSV holds one, an XLSX both.
SHEETS = ("evenings", "transfers")


def export_tables(report: SeasonReport) -> dict[str, tables.Table]:
    evenings = [{"date": e.date, "evening_id": e.evening_id, "season": e.season, "rule_sets": ", ".join(e.rule_sets),
                 "tables_count": e.tables, "players": e.players, "deals": e.deals, "currency": e.currency,
                 "rate": e.rate, "moved": e.moved} for e in report.evenings]
    transfers = [{"date": t.date, "evening_id": t.evening_id, "game": family_title(t.family), "payer": t.payer,
                  "payee": t.payee, "points": t.points, "kroner": t.kroner, "currency": t.currency, "paid": t.paid}
                 for t in report.transfers]
    return {"evenings": SeasonEveningsTable(evenings), "transfers": SeasonTransfersTable(transfers)}


def season_export(report: SeasonReport, fmt: str, sheet: str = "transfers") -> bytes:
    """The year-end export: a CSV of one sheet (``sheet``), or an XLSX of both, each sheet as the
    app's other exports write it (``listings.SpreadsheetExport``: the language's separators and
    dates, formula-safe text)."""
    made = export_tables(report)
    if fmt == "csv":
        return SpreadsheetExport("csv", made[sheet]).export()
    from openpyxl import Workbook

    book = Workbook()
    book.remove(book.active)
    for name in SHEETS:   # the rates keep their four decimals
        SpreadsheetExport("xlsx", made[name]).write_sheet(book, other_decimals="0.0000")
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
