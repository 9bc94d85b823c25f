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
from django.utils.html import format_html
from django.utils.http import urlencode
from django.utils import formats
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


def rating_text(value, provisional: bool) -> str:
    """A rating as a page or PDF writes it: one decimal in the page's language, "foreløbig" beside a
    rating that rests on fewer than three evenings (docs/rating.md); "—" for none."""
    if value is None:
        return "—"
    shown = formats.number_format(value, 1, use_l10n=True)
    return f"{shown} ({_('foreløbig')})" if provisional else shown


class RatingColumn(NumberColumn):
    """A player's rating beside his points: the number, marked when provisional; a number in exports
    (whether it is provisional is its own column there, ``rating_provisional``)."""

    def render(self, value, record):
        text = rating_text(value, False)
        if record.get("rating_provisional"):
            return format_html('{} <span class="tag provisional">{}</span>', text, _("foreløbig"))
        return text


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
    # beside the points: the rating after the last evening shown (docs/rating.md)
    rating = RatingColumn(verbose_name=_("Rating"), default=None)
    rating_provisional = TypedBooleanColumn(verbose_name=_("Foreløbig rating"), visible=False, default=False)
    money = NumberColumn(verbose_name=_("Penge (point)"))
    amounts = MoneyColumn(verbose_name=_("Beløb"))
    # among the rest since the rating stands beside the points: a phone's 390 px holds six columns
    average = NumberColumn(verbose_name=_("Gns. pr. spil"), extra=True)
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
        sequence = ("player", "evenings", "deals", "points", "rating", "rating_provisional", "money", "amounts", "...")


def _standings_class(family: str):
    return WrittenScoreStandingsTable if written_score(family) else StandingsTable


def _standings_excluded(family: str) -> list[str]:
    """The columns a family's standings leave out: the money column where money is the points (a
    family whose deals are payments)."""
    return [] if written_score(family) else ["money"]


#: The standings' own columns before and after the family's figures.
_LEADING = ("player", "evenings", "deals", "points", "rating", "rating_provisional", "money", "amounts", "average")
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


class StateColumn(tables.Column):
    """A transfer's state in words (``TransferState.words``), from the states the table was given
    (``states``: {transfer id: its state}, computed for the page's rows)."""
    empty_values = ()

    def render(self, record, table):
        state = table.states.get(record.pk)
        return state.words if state is not None else ""

    def value(self, record, table):
        return self.render(record, table)


class PairColumn(tables.Column):
    """Who pays whom, in one cell ("Bent → Anne"), of a ``TransferState`` (the players named now)."""
    empty_values = ()

    def render(self, record):
        return f"{record.payer} → {record.receiver}"

    def value(self, record):
        return self.render(record)


#: A column a phone leaves out (app.css: ``.wide``), the rest of its row fitting 360 px.
WIDE = {"th": {"class": "num wide"}, "td": {"class": "num kr wide"}}


class OutstandingTable(tables.Table):
    """The club's transfers with something still to pay, across evenings (``payments.outstanding_transfers``:
    ``TransferState`` rows, the players named as they are now): what each was, what is paid of it
    (or set off against the pair's transfers the other way), what is missing."""
    date = TypedDateColumn(verbose_name=_("Dato"), short=True, linkify=_evening_link)
    pair = PairColumn(verbose_name=_("Overførsel"), orderable=False, attrs={"th": {"class": "text"},
                                                                             "td": {"class": "text"}})
    amount = MoneyColumn(verbose_name=_("Beløb"), cents=True, attrs=WIDE)
    covered = MoneyColumn(verbose_name=_("Betalt"), cents=True, attrs=WIDE)
    open = MoneyColumn(verbose_name=_("Mangler"), cents=True)

    class Meta:
        attrs = {"class": "outstanding", "id": "outstanding"}
        sheet_title = _("Udestående")


class PairLinksColumn(tables.Column):
    """A pair in one cell, each player linked to his page ("Bent → Anne"). Rendered here, not by a
    template: a template column renders the page's whole context (its context processors) per cell."""
    empty_values = ()

    def render(self, record):
        return format_html('<a href="{}">{}</a> → <a href="{}">{}</a>',
                           pk_url("scoring:player_detail", record["debtor_id"]), record["debtor"],
                           pk_url("scoring:player_detail", record["creditor_id"]), record["creditor"])


class SettleColumn(tables.Column):
    """"Gør op" for who may settle the pair (the row's ``settle_url``), and what of the balance is an
    overpayment to be paid back or credited."""
    empty_values = ()

    def render(self, record):
        button = format_html('<a class="button small settle-link" href="{}">{}</a>', record["settle_url"],
                             _("Gør op")) if record.get("settle_url") else ""
        credit = format_html('<span class="muted credit-note">{}</span>', _("heraf %(credit)s for meget betalt")
                             % {"credit": record["credit_text"]}) if record.get("credit") else ""
        return format_html("{}{}", button, credit)


class PairsTable(tables.Table):
    """What each pair of players owes the other across evenings, net, per currency
    (``payments.pair_balances``), with the page's "Gør op" for those who may settle it. The page
    shows the pair in one cell ("Bent → Anne", a phone's width); an export has a column each."""
    pair = PairLinksColumn(verbose_name=_("Hvem"), orderable=False, exclude_from_export=True,
                           attrs={"th": {"class": "text"}, "td": {"class": "player text"}})
    debtor = tables.Column(verbose_name=_("Betaler"), visible=False)
    creditor = tables.Column(verbose_name=_("Modtager"), visible=False)
    amount = MoneyColumn(verbose_name=_("Beløb"), cents=True)
    settle = SettleColumn(verbose_name="", orderable=False, exclude_from_export=True)

    class Meta:
        attrs = {"class": "outstanding-pairs", "id": "outstanding-pairs"}
        sheet_title = _("Udestående")
        sequence = ("pair", "debtor", "creditor", "amount", "settle")


class OutstandingPlayersTable(tables.Table):
    """Each player's balances summed (``payments.outstanding_by_player``): what he owes, is owed and
    the balance, each per currency, every pair netted first."""
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
    transfer = TransferColumn(verbose_name=_("Overførsel"), accessor="pk", orderable=False,
                              attrs={"th": {"class": "text"}, "td": {"class": "text"}})
    amount = MoneyColumn(verbose_name=_("Beløb"), cents=True)
    state = StateColumn(verbose_name=_("Status"), accessor="pk", orderable=False,
                        attrs={"td": {"class": "payment-state"}})

    class Meta:
        attrs = {"class": "player-payments", "id": "player-payments"}
        sheet_title = _("Overførsler")

    def __init__(self, data, *, states_of, **kwargs):
        """``states_of(rows)``: {transfer id: its state} of the rows a page shows (computed once the
        page is known: ``payments.player_states``)."""
        super().__init__(data, **kwargs)
        self._states_of = states_of

    @functools.cached_property
    def states(self) -> dict:
        rows = self.page.object_list if hasattr(self, "page") else self.data
        return self._states_of([row.record if hasattr(row, "record") else row for row in rows])


class PaymentStatusColumn(tables.Column):
    """A payment's status in words: confirmed, waiting for the receiver, disputed, or undone."""
    empty_values = ()

    def render(self, record):
        if record.undone_at is not None:
            return str(_("fortrudt"))
        return str(record.get_status_display())

    def value(self, record):
        return self.render(record)


class PaymentsTable(tables.Table):
    """The club's payments, newest first (``payments.club_payments``), each linked to its page."""
    paid_on = TypedDateColumn(verbose_name=_("Dato"), short=True,
                              linkify=lambda record: pk_url("scoring:payment_detail", record.pk))
    transfer = TransferColumn(verbose_name=_("Betaling"), accessor="pk", orderable=False,
                              attrs={"th": {"class": "text"}, "td": {"class": "text"}})
    amount = MoneyColumn(verbose_name=_("Beløb"), cents=True)
    method = tables.Column(verbose_name=_("Betalt med"), accessor="get_method_display", orderable=False,
                           attrs={"th": {"class": "text wide"}, "td": {"class": "text wide"}})
    status = PaymentStatusColumn(verbose_name=_("Status"), accessor="pk", orderable=False,
                                 attrs={"th": {"class": "text"}, "td": {"class": "payment-status"}})
    recorded_by = tables.Column(verbose_name=_("Registreret af"), accessor="recorded_by__username",
                                default="—", orderable=False, attrs={"th": {"class": "text wide"},
                                                                     "td": {"class": "text wide"}})

    class Meta:
        attrs = {"class": "payments", "id": "payments"}
        sheet_title = _("Betalinger")


class CupResultColumn(tables.Column):
    """One event's cup points of a player (``selectors.cups``): counted as the number, dropped in
    parentheses ("(8)", and struck through on the page), nothing where he did not place."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("attrs", {"th": {"class": "num"}, "td": {"class": "num"}})
        kwargs.setdefault("default", "")
        super().__init__(*args, **kwargs)

    def render(self, value):
        if value.counted:
            return format_html('<span title="{}">{}</span>', _("%(n)s. plads") % {"n": value.place}, value.points)
        return format_html('<s class="dropped" title="{}">({})</s>', _("%(n)s. plads, tæller ikke") % {
            "n": value.place}, value.points)

    def value(self, value):
        return value.points if value.counted else f"({value.points})"


class CupStandingsTable(tables.Table):
    """A cup's standings: rank, player, the total counted, a column per event (``cup_standings_table``)."""
    rank = tables.Column(verbose_name=_("Nr."), attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    name = tables.Column(verbose_name=_("Spiller"), attrs={"td": {"class": "name"}, "th": {"class": "name"}},
                         linkify=lambda record: pk_url("scoring:player_detail", record["player_id"]))
    total = NumberColumn(verbose_name=_("Pokalpoint"))

    class Meta:
        orderable = False
        sheet_title = _("Pokal")
        attrs = {"class": "standings cup", "id": "cup-standings"}


def cup_standings_table(standings, **kwargs) -> CupStandingsTable:
    """A column per event of the cup (``event_1`` …, headed by the tournament's name or the evening's
    date) after the player's total, which a phone shows without scrolling, as the standings show the
    points first."""
    rows = [{"rank": line.rank, "name": line.name, "player_id": line.player_id, "total": line.total,
             **{f"event_{i}": result for i, result in enumerate(line.results, start=1) if result is not None}}
            for line in standings.lines]
    names = [f"event_{i}" for i in range(1, len(standings.events) + 1)]
    extra = [(name, CupResultColumn(verbose_name=event.name or formats.date_format(event.date, "SHORT_DATE_FORMAT")))
             for name, event in zip(names, standings.events)]
    return CupStandingsTable(rows, extra_columns=extra, sequence=("rank", "name", "total", *names), **kwargs)
