"""django-tables2 tables: one per listing (docs/architecture.md habit 9), each exportable as CSV and XLSX."""
import csv
import datetime as dt
import functools
import io
import re
from decimal import Decimal

import django_tables2 as tables
from django.http import HttpResponse
from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.encoding import force_str
from django.utils.http import urlencode
from django.utils import formats, timezone
from django.utils.translation import gettext_lazy as _

from scoring.currency import format_purse
from scoring.engine.money import Purse, from_cents
from scoring.numbers import format_number, page_language
from scoring.selectors.standings import event_fields, figure_heading, written_score
from scoring.selectors.tournaments import format_score

#: What a spreadsheet reads as the start of a formula (OWASP, "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"-?[0-9]+([.,][0-9]+)*")


#: a number no page's primary key reaches: where the key goes in a reversed URL
_KEY_MARK = 987_654_321_012_345


@functools.lru_cache(maxsize=64)
def _url_around_key(name: str, prefix: str, urlconf) -> tuple[str, str]:
    head, tail = reverse(name, args=[_KEY_MARK], urlconf=urlconf).split(str(_KEY_MARK))
    return head, tail


def pk_url(name: str, pk: int) -> str:
    """``reverse(name, args=[pk])`` for a URL whose one argument is an integer key, reversed once per
    URL name (and script prefix and URL configuration): a listing links each of its rows, and a
    ``reverse`` for each asks the resolver again for the same pattern."""
    head, tail = _url_around_key(name, get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF)
    return f"{head}{int(pk)}{tail}"


def spreadsheet_cell(value):
    """A text cell that a spreadsheet would run as a formula gets a leading apostrophe, the way a
    spreadsheet marks text itself; numbers, and text that is just a number such as "-35", are kept."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


def xlsx_date_format(lang: str) -> str:
    """The language's SHORT_DATE_FORMAT (tarokklub/formats) as an Excel number format."""
    codes = {"d": "dd", "j": "d", "m": "mm", "n": "m", "M": "mmm", "F": "mmmm", "Y": "yyyy", "y": "yy"}
    return "".join(codes.get(c, c) for c in formats.get_format("SHORT_DATE_FORMAT", lang))


#: Money's number format in XLSX: two decimals, thousands grouped (the currency is in the heading).
MONEY_FORMAT = "#,##0.00"

#: Booleans in a CSV export, a spreadsheet convention of the language like its separators.
YES_NO = {"da": {True: "ja", False: "nej"}, "en": {True: "yes", False: "no"}, "de": {True: "ja", False: "nein"},
          "sl": {True: "da", False: "ne"}}


def csv_value(value, lang: str):
    """A cell of a CSV export in the language's spreadsheet conventions: Danish "ja"/"nej", decimal
    comma and dates as 24.11.2026; English "yes"/"no", decimal point and dates as 24 Nov 2026."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return YES_NO[lang][value]
    if isinstance(value, (Decimal, float)):
        return format_number(format(value, "f"), lang)
    if isinstance(value, dt.date):
        return formats.date_format(value, "SHORT_DATE_FORMAT", use_l10n=True)
    return value


class SpreadsheetExport:
    """A table as a spreadsheet that opens right in the user's language.

    CSV: UTF-8 with a BOM (Excel reads "Bøder" right only then); Danish with ";" between cells, a
    decimal comma and "ja"/"nej" (what Danish Excel expects), English with "," a decimal point and
    "yes"/"no". XLSX: one sheet named after the table ("Stilling"/"Standings"), dates as dates,
    numbers as numbers, booleans as booleans. Every text cell goes through :func:`spreadsheet_cell`
    (tablib cannot do it — CSV has no escaping, XLSX's ``escape=True`` only drops a "=").

    Money (a ``MoneyColumn``) is a number with two decimals, one column per currency, its code in
    the heading ("Beløb (DKK)"; a club that changed its currency gets "Beløb (EUR)" beside it, each
    amount in its own): "13,60" in a Danish CSV, a two-decimal number format ``#,##0.00`` in XLSX
    (docs/money.md)."""

    CONTENT_TYPES = {"csv": "text/csv; charset=utf-8",
                     "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}

    def __init__(self, export_format: str, table, exclude_columns=(), *, sheet_title: str = ""):
        if export_format not in self.CONTENT_TYPES:
            raise TypeError(f"export format {export_format!r} is not supported")
        self.format, self.table, self.exclude = export_format, table, tuple(exclude_columns)
        self.money_columns: set[int] = set()   # the places of the money columns (``rows``)
        self.sheet_title = str(sheet_title or getattr(table.Meta, "sheet_title", "") or "Ark")
        self.lang = page_language()

    def rows(self) -> list[list]:
        """The header and the rows, each cell a typed value (date, bool, int, Decimal, str); each
        money column one column per currency (``money_columns``: their places)."""
        columns = [c for c in self.table.columns.iterall()
                   if not (c.column.exclude_from_export or c.name in self.exclude)]
        head: list = []
        cells: list = []          # per column: how to read a row's cell(s)
        self.money_columns = set()
        body = [[row.get_cell_value(c.name) for c in columns] for row in self.table.rows]
        for i, column in enumerate(columns):
            title = force_str(column.header)
            if isinstance(column.column, MoneyColumn):
                found = Purse({code: 0 for row in body if isinstance(row[i], Purse) for code in row[i]})
                for code in found or (None,):
                    self.money_columns.add(len(head))
                    head.append(f"{title} ({code})" if code else title)
                    cells.append((i, code))
            else:
                head.append(title)
                cells.append((i, False))

        def cell(row, i, code):
            value = row[i]
            if code is False:
                return force_str(value, strings_only=True)
            return value.get(code) if isinstance(value, Purse) and code else None
        return [[spreadsheet_cell(h) for h in head]] + [
            [spreadsheet_cell(cell(row, i, code)) for i, code in cells] for row in body]

    def export(self) -> bytes:
        rows = self.rows()
        if self.format == "csv":
            out = io.StringIO()
            # a decimal comma needs another separator between cells, as the language's spreadsheets use
            comma = formats.get_format("DECIMAL_SEPARATOR", self.lang) == ","
            writer = csv.writer(out, delimiter=";" if comma else ",", lineterminator="\r\n")
            writer.writerows([csv_value(cell, self.lang) for cell in row] for row in rows)
            return ("\ufeff" + out.getvalue()).encode("utf-8")
        return self._xlsx(rows)

    def _xlsx(self, rows) -> bytes:
        from openpyxl import Workbook

        book = Workbook()
        book.remove(book.active)
        self.write_sheet(book, rows)
        out = io.BytesIO()
        book.save(out)
        return out.getvalue()

    def write_sheet(self, book, rows=None, *, other_decimals: str = "0.0") -> None:
        """The table as a new sheet of the openpyxl ``book``, named after it: a bold header, dates
        as dates, money as amounts with two decimals (``#,##0.00``) and any other decimal in
        ``other_decimals``."""
        from openpyxl.styles import Font

        sheet = book.create_sheet(re.sub(r"[\\/*?:\[\]]", " ", self.sheet_title)[:31])
        date_format = xlsx_date_format(self.lang)
        for row in self.rows() if rows is None else rows:
            sheet.append(row)
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        for row in sheet.iter_rows(min_row=2):
            for i, cell in enumerate(row):
                if isinstance(cell.value, (dt.date, dt.datetime)):
                    cell.number_format = date_format
                elif i in self.money_columns:
                    cell.number_format = MONEY_FORMAT
                elif isinstance(cell.value, Decimal):
                    cell.number_format = other_decimals
        sheet.freeze_panes = "B2"

    def response(self, filename: str) -> HttpResponse:
        response = HttpResponse(self.export(), content_type=self.CONTENT_TYPES[self.format])
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


class TypedDateColumn(tables.DateColumn):
    """A date shown in the language's SHORT_DATE_FORMAT, exported as a date.

    Rendered as the ``date`` filter renders it, without django-tables2's template: its DateColumn
    compiles a template for every cell, which on a page of 50 evenings cost more than the rest of the
    row."""

    def __init__(self, *args, short: bool = True, **kwargs):
        # class "date": kept on one line on a narrow phone (app.css), never "13.11.2/026"
        kwargs.setdefault("attrs", {"td": {"class": "date"}})
        super().__init__(*args, short=short, **kwargs)
        self.date_format = "SHORT_DATE_FORMAT" if short else "DATE_FORMAT"

    def render(self, value, bound_column):
        # what the column's template gives: the date in the language's format, else the default
        return formats.date_format(value, self.date_format) or bound_column.default

    def value(self, value, **kwargs):
        return value


class TypedBooleanColumn(tables.BooleanColumn):
    """A yes/no mark on the page, a real boolean in an export."""

    def value(self, record, value, bound_column):
        return bool(self._get_bool_value(record, value, bound_column))


class MoneyColumn(tables.Column):
    """Money on one line, in its currency and the page's language (scoring/currency.py); in an
    export a number with two decimals per currency (``SpreadsheetExport``). A cell is a sum over
    evenings (``money.Purse``) or one evening's amount, whose currency the row names (its
    ``currency``); ``cents``: the amount is stored in hundredths (``EveningTransfer.amount``)."""

    def __init__(self, *args, cents: bool = False, **kwargs):
        kwargs.setdefault("attrs", {"th": {"class": "num"}, "td": {"class": "num kr"}})
        super().__init__(*args, **kwargs)
        self.cents = cents

    def purse(self, value, record) -> Purse:
        if isinstance(value, Purse):
            return value
        currency = record["currency"] if isinstance(record, dict) else record.currency
        return Purse.of(currency, from_cents(value) if self.cents else value)

    def render(self, value, record):
        return format_purse(self.purse(value, record), page_language())

    def value(self, value, record):
        return self.purse(value, record)


class NumberColumn(tables.Column):
    """A number right-aligned, a decimal with the language's separator; a number in exports."""

    def __init__(self, *args, extra: bool = False, **kwargs):
        classes = "num extra" if extra else "num"
        kwargs.setdefault("attrs", {"th": {"class": classes}, "td": {"class": classes}})
        super().__init__(*args, **kwargs)

    def render(self, value):
        return formats.number_format(value, use_l10n=True) if isinstance(value, Decimal) else value

    def value(self, value):
        return value


def _player_link(record) -> str:
    """The player's page, of the rule set the standings show (a row's ``rules``, where given)."""
    url = pk_url("scoring:player_detail", record["player_id"])
    return f"{url}?{urlencode({'rules': record['rules']})}" if record.get("rules") else url


class StandingsTable(tables.Table):
    """The standings: the columns that matter first; the rest (class "extra") are hidden on the page
    until "Vis alle kolonner" is ticked, and always in the exports and the PDF."""
    player = tables.Column(verbose_name=_("Spiller"), attrs={"td": {"class": "player"}},
                           linkify=lambda record: _player_link(record))
    evenings = NumberColumn(verbose_name=_("Aftener"))
    deals = NumberColumn(verbose_name=_("Spil"))
    points = NumberColumn(verbose_name=_("Point"))
    money = NumberColumn(verbose_name=_("Penge (point)"))
    amounts = MoneyColumn(verbose_name=_("Beløb"))
    average = NumberColumn(verbose_name=_("Gns. pr. spil"))
    # here, between the average and the best evening: the family's own figures (``standings_table``)
    best_evening = NumberColumn(verbose_name=_("Bedste aften"), extra=True)
    worst_evening = NumberColumn(verbose_name=_("Værste aften"), extra=True)

    class Meta:
        attrs = {"class": "standings", "id": "standings"}
        order_by = ("-points",)
        exclude = ()
        sheet_title = _("Stilling")


class WrittenScoreStandingsTable(StandingsTable):
    """The standings of a written-score family (docs/rules/selca.md Decision: each deal writes points;
    money comes at the end from the pairwise differences of the totals): the points are what was
    written ("Skrevet"), the money column the points the money is."""
    points = NumberColumn(verbose_name=_("Skrevet"))
    money = NumberColumn(verbose_name=_("Penge (point)"))

    class Meta(StandingsTable.Meta):
        sequence = ("player", "evenings", "deals", "points", "money", "amounts", "...")


def _standings_class(family: str):
    return WrittenScoreStandingsTable if written_score(family) else StandingsTable


def _standings_excluded(family: str) -> list[str]:
    """The columns a family's standings leave out: the money column where money is the points (a
    family whose deals are payments)."""
    return [] if written_score(family) else ["money"]


#: The standings' own columns before and after the family's figures.
_LEADING = ("player", "evenings", "deals", "points", "money", "amounts", "average")
_TRAILING = ("best_evening", "worst_evening")


def standings_table(rows, family: str, **kwargs) -> StandingsTable:
    """The standings of one game family: a column for each figure the family declares for them
    (``standings.event_fields``, headed by the family's word for it, read from the rows by name),
    a written score's in its own words with its money; the page, the CSV/XLSX and the PDF show the
    same columns."""
    figures = event_fields(family)
    extra = [(name, NumberColumn(verbose_name=figure_heading(family, name), extra=True)) for name in figures]
    return _standings_class(family)(rows, exclude=_standings_excluded(family), extra_columns=extra,
                                    sequence=(*_LEADING, *figures, *_TRAILING), **kwargs)


def standings_columns(family: str) -> list[tuple[str, str]]:
    """(key, heading) of each column of a family's standings, in the table's order (the PDF)."""
    excluded = set(_standings_excluded(family))
    table = standings_table([], family)
    return [(column.name, str(column.header)) for column in table.columns if column.name not in excluded]


class PlayerEveningsTable(tables.Table):
    """A player's evenings of one family; a written score's with the money of each evening
    (``player_evenings_table``)."""
    date = TypedDateColumn(verbose_name=_("Dato"), short=True, linkify=lambda record: pk_url(
        "scoring:evening_detail", record.evening_id))
    points = NumberColumn(verbose_name=_("Point"))
    money = NumberColumn(verbose_name=_("Penge (point)"))
    kroner = MoneyColumn(verbose_name=_("Beløb"))
    cumulative = NumberColumn(verbose_name=_("Samlet"))
    closed = TypedBooleanColumn(verbose_name=_("Lukket"))

    class Meta:
        attrs = {"class": "player-evenings", "id": "player-evenings"}
        orderable = True
        sheet_title = _("Aftener")


class WrittenScorePlayerEveningsTable(PlayerEveningsTable):
    points = NumberColumn(verbose_name=_("Skrevet"))

    class Meta(PlayerEveningsTable.Meta):
        sequence = ("date", "points", "money", "kroner", "...")


def player_evenings_table(history, family: str) -> PlayerEveningsTable:
    """The player's evenings: a written score's points are what was written ("Skrevet") and its
    money is shown beside them; a family whose deals are payments has no money column."""
    if written_score(family):
        return WrittenScorePlayerEveningsTable(history)
    return PlayerEveningsTable(history, exclude=("money",))


class EveningsTable(tables.Table):
    date = TypedDateColumn(verbose_name=_("Dato"), short=True, linkify=lambda record: pk_url(
        "scoring:evening_detail", record["id"]))
    # a tournament's round is named by it ("Forårsturneringen — runde 2"); an ordinary evening by its date
    name = tables.Column(verbose_name=_("Navn"), default="")
    tables_count = NumberColumn(verbose_name=_("Borde"))
    cups_shared = NumberColumn(verbose_name=_("Kopper delt"))
    closed = TypedBooleanColumn(verbose_name=_("Lukket"))

    class Meta:
        attrs = {"class": "evenings", "id": "club-evenings"}
        sheet_title = _("Aftener")


class ScoreColumn(tables.Column):
    """A tournament score: whole or half points ("2½" on the page), a decimal number in exports."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("attrs", {"th": {"class": "num"}, "td": {"class": "num"}})
        super().__init__(*args, **kwargs)

    def render(self, value):
        return format_score(value) if not isinstance(value, str) else value

    def value(self, value):
        return value if isinstance(value, str) else Decimal(value.numerator) / Decimal(value.denominator)


class RankColumn(tables.Column):
    """A place in the tournament's standings, marked * where the tie-break (the raw points) decided it;
    the number alone in exports."""

    def render(self, value, record):
        return f"{value}*" if record.get("by_points") else value

    def value(self, value, record):
        return value


class TournamentStandingsTable(tables.Table):
    """A tournament's standings (``selectors.tournaments``): place, player, his status, each round's
    score (a bye, an absence, a ruling marked), the total and the raw points that break ties
    (``tournament_standings_table``: each heading says what its column is)."""
    rank = RankColumn(verbose_name=_("Plads"), default="–", attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    name = tables.Column(verbose_name=_("Spiller"), attrs={"td": {"class": "name"}, "th": {"class": "name"}},
                         linkify=lambda record: pk_url("scoring:player_detail", record["player_id"]))
    status = tables.Column(verbose_name=_("Status"), default="")
    score = ScoreColumn(verbose_name=_("I alt"))
    points = NumberColumn(verbose_name=_("Bordpoint"))

    class Meta:
        orderable = False
        sheet_title = _("Turnering")
        attrs = {"class": "standings tournament"}


def tournament_standings_table(rows, rounds: int, scheme: str = "points", export: bool = False,
                               **kwargs) -> TournamentStandingsTable:
    """A column per round played or being played (``round_1`` …), between the player and the total.
    The page's headings are short, its legend says what each is; an export, read without it, names
    the total by what it sums (placement points or points, the tournament's ``scheme``)."""
    extra = [(f"round_{n}", ScoreColumn(verbose_name=_("R%(n)s") % {"n": n}, default="")) for n in range(1, rounds + 1)]
    if export:
        total = _("Point i alt") if scheme == "points" else _("Placeringspoint i alt")
        extra.append(("score", ScoreColumn(verbose_name=total)))
    return TournamentStandingsTable(rows, extra_columns=extra, sequence=(
        "rank", "name", "status", *(f"round_{n}" for n in range(1, rounds + 1)), "score", "points"), **kwargs)


def _evening_link(record) -> str:
    return pk_url("scoring:evening_detail", record.evening_id) + "#payments"


def _payment_state(record) -> str:
    """A transfer's state in words: paid (how, when, by whom) or unpaid."""
    from django.utils.formats import date_format

    mark = record.mark
    if mark is None:
        return str(_("ubetalt"))
    who = mark.user.get_username() if mark.user is not None else "—"
    return (f"{_('betalt')} · {mark.get_method_display()} · "
            f"{date_format(timezone.localtime(mark.at), 'SHORT_DATE_FORMAT')} · {who}")


class StateColumn(tables.Column):
    """A transfer's state; an unpaid one (no mark) is rendered too, as "ubetalt"."""
    empty_values = ()

    def render(self, record):
        return _payment_state(record)

    def value(self, record):
        return _payment_state(record)


class OutstandingTable(tables.Table):
    """The club's unpaid transfers across evenings (``payments.outstanding_transfers``)."""
    date = TypedDateColumn(verbose_name=_("Dato"), short=True, linkify=_evening_link)
    # the players they stand for now (``payments.outstanding_transfers``' names, docs/names.md)
    payer = tables.Column(verbose_name=_("Betaler"), accessor="payer_now", order_by=("payer_now",))
    receiver = tables.Column(verbose_name=_("Modtager"), accessor="receiver_now", order_by=("receiver_now",))
    amount = MoneyColumn(verbose_name=_("Beløb"), cents=True)

    class Meta:
        attrs = {"class": "outstanding", "id": "outstanding"}
        sheet_title = _("Udestående")


class OutstandingPlayersTable(tables.Table):
    """Each player's unpaid transfers summed (``payments.outstanding_by_player``): what he owes,
    is owed and the balance, each per currency."""
    player = tables.Column(verbose_name=_("Spiller"), attrs={"td": {"class": "player"}},
                           linkify=lambda record: pk_url("scoring:player_detail", record["player_id"]))
    owes = MoneyColumn(verbose_name=_("Skylder"))
    owed = MoneyColumn(verbose_name=_("Har til gode"))
    balance = MoneyColumn(verbose_name=_("Saldo"))

    class Meta:
        attrs = {"class": "outstanding-players", "id": "outstanding-players"}
        order_by = ("balance",)
        sheet_title = _("Udestående")


class TransferColumn(tables.Column):
    """Who pays whom, in one cell ("Bent → Anne"), so that the player's transfers fit a phone."""
    empty_values = ()

    def render(self, record):
        return f"{record.payer_now} → {record.receiver_now}"

    def value(self, record):
        return self.render(record)


class PlayerPaymentsTable(tables.Table):
    """A player's transfers evening by evening: whom he pays or who pays him, and whether it is paid."""
    date = TypedDateColumn(verbose_name=_("Dato"), short=True, linkify=_evening_link)
    transfer = TransferColumn(verbose_name=_("Overførsel"), accessor="pk", orderable=False)
    amount = MoneyColumn(verbose_name=_("Beløb"), cents=True)
    state = StateColumn(verbose_name=_("Status"), accessor="mark", orderable=False,
                        attrs={"td": {"class": "payment-state"}})

    class Meta:
        attrs = {"class": "player-payments", "id": "player-payments"}
        sheet_title = _("Betalinger")
