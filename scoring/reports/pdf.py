"""PDFs (WeasyPrint), each a function of selector data with no request (docs/architecture.md habit 10).

No resource is fetched while rendering: the templates carry their CSS inline, use the fonts
installed on the machine (DejaVu, then Noto and Noto CJK for what DejaVu lacks: Debian's
fonts-dejavu-core, fonts-noto-core and fonts-noto-cjk, the Makefile's APP_DEBS), and the URL fetcher
refuses every URL.

The evening sheet is laid out in parts of at most ``PART_ROWS`` sheet rows (whole tables, never a
table cut in two), one WeasyPrint document each, and their pages joined with pypdf: WeasyPrint holds
every box of a document in memory until it is written, so one document of a 2,000-deal evening took
over half a gigabyte; a part takes what its rows take and is let go before the next. The parts
are laid out two at a time, half in a helper process (``render_parts``). WeasyPrint lays out and
draws each table cell as a box, so a long table is printed as one line of fixed-width text a row
(``LINE_ROWS``, ``SheetLines``), about a third of the CPU. The pages'
foot ("side 3 af 40") is printed over the joined pages afterwards (``_stamp_footers``), since no
part knows the evening's page count while it is laid out; an evening of one part prints its own.
Each part is laid out without the user-agent rules for list markers, footnotes and notes
(``pdf_worker.LEAN_PSEUDO``), which WeasyPrint otherwise computes a style for at every element.
"""
from __future__ import annotations

import io
import os
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Mapping

from django.template.loader import render_to_string
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring.currency import format_money, format_purse, format_rate
from scoring.numbers import page_language

from scoring.models import Deal, Evening
from scoring.reports.listings import rating_text, standings_columns
from scoring.reports.pdf_worker import refuse_url, write_pdf
from scoring.selectors import SheetRow, TableSheet, evening_summary, written_score
from scoring.selectors.members import shown_name, shown_words
from scoring.selectors.payments import shown_payment, state_of, states_by_payment
from scoring.selectors.standings import _rules_and_family, family_title, table_side
from scoring.table_families import word_with_label, written_words

#: The most sheet rows laid out in one WeasyPrint document (a part of the evening sheet): a
#: table's rows are never split, so a part holds whole tables up to this many rows, or one table.
PART_ROWS = 320

#: The longest word of a player's name that still fits the two columns a player gets on a portrait
#: page, by players at the table; a table with a longer name is printed on a landscape page.
_PORTRAIT_NAME_CHARS = {3: 28, 4: 20, 5: 14}


#: A table of more rows than this is printed as lines of text (``SheetLines``) rather than as a
#: table of cells: WeasyPrint lays out and draws every table cell as a box of its own, about 1 ms of
#: CPU each (12 cells a Danish deal), while a row printed as one line of text costs about a third of
#: the row's cells. An ordinary table (a few dozen deals) keeps the table, whose names and figures are set in
#: the sheet's proportional font.
LINE_ROWS = 80

#: The characters of a line on a page at the sheet's 8 pt in DejaVu Sans Mono (0.602 em a
#: character, 4.82 pt): portrait 186 mm and landscape 273 mm between the margins.
_LINE_CHARS = {False: 109, True: 160}

#: The longest dealer column (the deal's number, the dealer's name and its tag) a line gives, in
#: characters; a longer name is cut short with "…".
_DEALER_CHARS = 30

#: The fewest characters beside a long table's figures that its words are printed in, on the
#: deal's one line (cut short with "…": a line more a deal would cost as much again as the
#: figures' lines; the web sheet and the deal's history have every word); with less room even on
#: a landscape page they go on lines of their own under the figures.
_BESIDE_CHARS = 30

#: The lines of a long table's sheet printed in one table row (``SheetLines.groups``).
_GROUP_ROWS = 4

_no_remote = refuse_url

#: This process's work besides laying out its parts (importing WeasyPrint, reading the evening
#: before, joining and stamping the pages after), as a share of all the parts' work: measured on
#: the 2,000-deal evening at about a fifth: the helper takes four of its seven parts and the two
#: processes spend about the same CPU (with five of the seven the helper spent about 1.5 s more).
OWN_SHARE = 0.2

#: The helper process's time limit, against a helper that hangs: past it the PDF is given up.
HELPER_SECONDS = 300


@dataclass(frozen=True)
class PdfCell:
    net: int
    running: int | None   # None on a voided deal's row: it moves no total
    active: bool


@dataclass(frozen=True)
class PdfRow:
    row: SheetRow
    cells: tuple[PdfCell, ...]
    tag: str = ""         # what the deal was besides a played one (a misdeal, a Radl deal …)
    game: str = ""        # a written score's sheet: the game or kind in the game's words ("tri", "klop" …)
    declarer: str = ""    # ... and who played it (igralec)
    cups: tuple[int, ...] = ()   # each cup the sheet shows after this row (``TableSheet.pots``, by name)
    #: what was played (``TableFamily.describe``), printed under the row: a written score's words
    #: after its game and declarer (which have their columns), every other family's all of them
    words: str = ""
    #: a voided deal's note under its struck-through row: that it was voided and paid back, and why
    #: (``SheetRow.void_reason``), as the web sheet keeps the row and the void page promises
    note: str = ""


@dataclass(frozen=True)
class SheetLines:
    """A long table's sheet as lines of fixed-width text (``LINE_ROWS``), each HTML that is safe to
    print: its two heading lines, one line for each row (with the row's kind, for its rules and
    shading), its totals; ``rules`` is the CSS background that draws the vertical rules between the
    players and before the cups (at character positions), ``tab`` the dealer column's width in
    characters (the line's first tab stop: a name in a wider font still ends there)."""
    names: SafeString
    sub: SafeString
    rows: tuple[tuple[str, SafeString, str], ...]   # (the row's kind, its line, what was played under it)
    totals: SafeString
    rules: str
    tab: int
    chars: int
    #: lines under the totals (a written score's money and its amount, ``PdfTable.money``)
    after: tuple[SafeString, ...] = ()

    @property
    def groups(self) -> list[tuple[tuple[str, SafeString, str], ...]]:
        """The rows a few at a time, one table row each: the lines sit in a table only so that its
        head (the players' names) is printed again on every page, and a table row of a few lines
        costs WeasyPrint little more than the lines alone (a page breaks between groups)."""
        return [self.rows[i:i + _GROUP_ROWS] for i in range(0, len(self.rows), _GROUP_ROWS)]


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
    money: tuple = ()     # a written score's (player, written total, money points, amount) per player
    cup_heads: tuple[str, ...] = ()   # the cups' columns, in the family's words (``TableFamily.pot_words``)
    lines: SheetLines | None = None   # a long table printed as lines of text (``LINE_ROWS``)
    #: a written score's sheet words by role (``table_families.written_words``)
    words: Mapping[str, str] = field(default_factory=dict)

    @property
    def span(self) -> int:
        """The columns of the table of cells (a deal's words span them all, indented past the first)."""
        players = 2 * len(self.sheet.players)
        return players + 4 if self.written else 2 + players + len(self.cup_heads) + int(self.formulas)


def _written_row(sheet: TableSheet, row: SheetRow) -> tuple[str, str, tuple[bool, ...]]:
    """A written-score deal as its sheet writes it (``TableFamily.written_row``: the game or kind in
    the game's words, the declarer, who takes part), the others greyed; a name as seated is shown
    beside the name now (docs/names.md, point 3)."""
    side, players = table_side(sheet.family.name), sheet.players
    if side is None or side.written_row is None:
        return "", "", row.active
    game, declarer, taking_part = side.written_row(players, row.deal.outcome)
    game = shown_words((game,), dict(zip(players, sheet.shown)))[0]   # "pokazal (Ana)": who showed
    return game, sheet.called(declarer) if declarer else "", tuple(p in taking_part for p in players)


def _tag(row: SheetRow) -> str:
    """The deal's kind when it was not simply played (a doubled Radl deal says so in its words,
    ``SheetRow.words``: "im Radl")."""
    tags = {"misdeal": _("fejlgivning"), "scrapped": _("kasseret"), "redeal": _("givet om")}
    return str(tags[row.kind]) if row.kind in tags else ""


def _wrap(text: str, chars: int) -> list[str]:
    """``text`` in lines of at most ``chars`` characters of the mono font, broken between words
    (a word longer than a line is cut into pieces)."""
    import textwrap

    return textwrap.wrap(text, max(chars, 10), break_on_hyphens=False) or [""]


def _width(text: str) -> int:
    """The characters of the mono font ``text`` takes: a wide (East Asian) character is drawn
    from a CJK font about twice a Latin character's width."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _cut(text: str, chars: int) -> str:
    """``text`` cut to ``chars`` characters of the mono font, ending in "…" when cut."""
    if _width(text) <= chars:
        return text
    used = 0
    for i, c in enumerate(text):   # the width so far, one character at a time
        used += _width(c)
        if used > chars - 1:
            return text[:i] + "…"
    return text + "…"


def _cut_whole(text: str, chars: int, names) -> str:
    """``text`` cut as ``_cut`` cuts it, but never inside one of ``names``: a name cut short names
    nobody, or the wrong player ("Zoë Ørst…" of "Zoë Ørsted (Zoë)": docs/names.md, point 3), so the
    cut moves back to before it."""
    cut = _cut(text, chars)
    if cut == text:
        return text
    end, spans = len(cut) - 1, [m.span() for name in names if name for m in re.finditer(re.escape(name), text)]
    while moved := [start for start, stop in spans if start < end < stop]:
        end = min(moved)
    return text[:end].rstrip() + "…"


def _centre(text: str, chars: int) -> str:
    text = _cut(text, chars)
    room = chars - _width(text)
    return " " * (room - room // 2) + text + " " * (room // 2)


def _sheet_lines(sheet: TableSheet, rows: tuple[PdfRow, ...], pots: bool, wide: bool, written: bool = False,
                 money: tuple = (), pot_heads: tuple[str, ...] = ()) -> tuple[SheetLines, bool]:
    """The table's sheet as lines of fixed-width text (``SheetLines``): the deal's number and
    dealer (with its tag), then for each player the net and running total right-aligned in columns
    as wide as the widest figure, sitters-out greyed, then each cup; columns from the lists of
    players and of the sheet's pots. Beside a deal's figures, what was played (``SheetRow.words``,
    with a formula after a dash: "Sechserbock Bernd, Schneider, im Radl — [(8x2)+20]x2=72"), cut to
    the line (``_BESIDE_CHARS``), or wrapped on lines of its own under it where the figures leave
    too little room. A written score (``written``) is headed in its own words
    (``TableFamily.written_words``: Selca's zapisnik, št., delilec, točke, skupaj) and ends with
    its ``money`` lines. The cups are headed by ``pot_heads`` (``TableFamily.pot_words``). Returns
    the lines and whether the page must be landscape."""
    pot_names = tuple(sheet.pots) if pots else ()
    heads = dict(zip(sheet.pots, pot_heads))

    def pot_word(name: str) -> str:
        return heads.get(name) or name

    said_words = written_words(sheet.family.name) if written else {}
    cups = dict(zip(sheet.family.cups, sheet.cups)) if sheet.family is not None else {}
    play, stand = (said_words["points"], said_words["running"]) if written else (pgettext("spillets beløb", "spil"), _("stilling"))
    number_word, dealer_word = (said_words["number"], said_words["dealer"]) if written else ("#", _("Giver"))
    number_w = max([len(str(r.row.number or "")) for r in rows] + [len(number_word) - 1])

    def label(r: PdfRow) -> tuple[str, str]:
        row = r.row
        if row.deal:
            return row.dealer, r.tag
        if row.kind == "opening":
            return str(_("indskud")), ""
        return str(_("deling af kopperne") if pots else _("afslutning")), ""

    labels = [label(r) for r in rows]
    need = max([_width(n) + (len(t) + 1 if t else 0) for n, t in labels] + [len(dealer_word)])
    tab = number_w + 2 + min(need, _DEALER_CHARS) + 2
    net_w = max([len(str(c.net)) + 2 for r in rows for c in r.cells] + [len(play) + 1])
    run_w = max([len(str(c.running)) for r in rows for c in r.cells if c.running is not None]
                + [len(str(t)) for t in sheet.totals]
                + [len(stand)]) + 1
    least = net_w + run_w + 1   # one space before the next rule
    group = max([least] + [_width(p) + 2 for p in sheet.shown])
    pot_w = max([len(str(r.row.pots.get(n, 0))) + 2 for r in rows for n in pot_names]
                + [len(pot_word(n)) + 1 for n in pot_names] + [3])
    chars = tab + group * len(sheet.players) + pot_w * len(pot_names)
    said = [_said(r.row, written) for r in rows]
    # what was played goes beside the figures, on a landscape page if a portrait line leaves too
    # little room for it (a line more a deal would cost as much again as the figures' lines): room
    # for a formula whole and some words before it
    tail = max((len(t) for _w, t in said), default=0)
    wide = wide or chars > _LINE_CHARS[False] or (
        any(w or t for w, t in said) and _LINE_CHARS[False] - chars - 2 < max(_BESIDE_CHARS, tail + _BESIDE_CHARS // 2))
    if chars > _LINE_CHARS[True]:   # names too long even for landscape: the names are cut to fit
        group = max(least, (_LINE_CHARS[True] - tab - pot_w * len(pot_names)) // len(sheet.players))
        chars = tab + group * len(sheet.players) + pot_w * len(pot_names)
    beside = _LINE_CHARS[wide] - chars - 2
    net_w = group - 1 - run_w
    starts = [tab + group * i for i in range(len(sheet.players))] + [tab + group * len(sheet.players)] * bool(pot_names)
    rules = ", ".join(f"linear-gradient(#000, #000) repeat-y {s}ch 0 / 0.6pt 100%" for s in starts)

    def head(first: str, groups: list[str], cells: list[str]) -> SafeString:
        return mark_safe(escape(first) + "\t" + "".join(groups) + "".join(cells))

    names = head(said_words["sheet"] if written and said_words["sheet"] else f"{_('Bord')} {sheet.table.number}",
                 [escape(_centre(p, group - 1)) + " " for p in sheet.shown],
                 [escape(_centre(str(_("Kopper")), pot_w * len(pot_names) - 1)) + " "] if pot_names else [])
    sub = head(f"{number_word:<{number_w + 2}}{dealer_word}",
               [escape(f"{play:>{net_w}}{stand:>{run_w}} ") for _p in sheet.players],
               [escape(f"{pot_word(n):>{pot_w}}") for n in pot_names])
    indent = number_w + 2   # under the dealer's name, when there is no room beside the figures
    lines = []
    # every name a deal's words may hold: the names as seated, the names now, and both as shown
    whole = {*sheet.players, *sheet.shown, *(shown_name(p, n) for p, n in zip(sheet.players, sheet.shown))}
    for r, (name, tag), words in zip(rows, labels, said):
        row = r.row
        mark = "*" if row.deal and row.deal.replaces_id else " "
        number = f"{row.number or '':>{number_w}}{mark} "
        room = min(need, _DEALER_CHARS) - (len(tag) + 1 if tag else 0)
        # the tag in the line's own text: an inline box before the tab would move the tab stops
        text = escape(number) + escape(_cut(name, room)) + (f" {escape(tag)}" if tag else "") + "\t"
        for c in r.cells:
            cell = f"{c.net:>{net_w}}{'' if c.running is None else c.running:>{run_w}} "
            text += cell if c.active else f'<span class="o">{cell}</span>'
        text += "".join(f"{row.pots.get(n, 0):>{pot_w}}" for n in pot_names)
        words, formula = words
        if (words or formula) and beside >= _BESIDE_CHARS:   # beside the figures, on the deal's one line
            # the formula whole, the words before it cut short when they must be (never in a name)
            end = f" — {formula}" if words and formula else formula
            text += "  " + escape((_cut_whole(words, beside - len(end), whole) if words else "") + end)
            words = ""
        elif words or formula:
            words = "\n".join(" " * indent + part for part in _wrap(
                f"{words} — {formula}" if words and formula else words or formula, _LINE_CHARS[wide] - indent))
        under = escape(words)
        if r.note:   # a voided deal: its line (and its words) struck through, the note under them
            note = escape("\n".join(" " * indent + part for part in _wrap(r.note, _LINE_CHARS[wide] - indent)))
            under = mark_safe((f"<s>{under}</s>\n" if words else "") + f'<span class="vn">{note}</span>')
        kind = f"{row.kind} v" if row.voided else row.kind
        lines.append((f"{kind} hw" if under else kind, mark_safe(text), under))
    total_word = _("I alt") if sheet.closed else pgettext("point i alt", "Stilling")
    if written and said_words["sum"]:
        total_word = word_with_label(said_words["sum"], total_word)
    totals = head(f"{'':<{number_w + 2}}{total_word}", [escape(f"{t:>{group - 1}} ") for t in sheet.totals],
                  [escape(f"{cups.get(n, 0):>{pot_w}}") for n in pot_names])
    after = []
    if written and money:
        for word, values in ((str(_("Penge (point)")), [m[2] for m in money]),
                             (str(_("Beløb")), [m[3] for m in money])):
            after.append(head(f"{'':<{number_w + 2}}{_cut(word, tab - number_w - 3)}",
                              [escape(_centre(str(v), group - 1)) + " " for v in values], []))
    return SheetLines(names, sub, tuple(lines), totals, rules, tab, chars, tuple(after)), wide


def _said(row: SheetRow, written: bool) -> tuple[str, str]:
    """What was played as a long table's line says it: the row's words, and its formula, printed
    after a dash ("Sechserbock Bernd, Schneider, im Radl — [(8x2)+20]x2=72"; a written score's
    formula is a text of its own, left to the web sheet)."""
    return row.description, (row.formula if not written else "")


def _pdf_table(sheet: TableSheet, money: dict[str, tuple[int, str]] | None = None) -> PdfTable:
    """One table's sheet for the PDF: a family without pots has no cup columns and no opening or
    split row that moves nothing; a family whose deals carry a formula gets a column for it; a
    written score's sheet names each deal's game and declarer and ends with the money of its
    totals (``money``: player -> (money points, amount)). Under each deal, what was played
    (``SheetRow.words``). A long table of any family is printed as lines of text (``LINE_ROWS``)."""
    pots = bool(sheet.pots)
    written = written_score(sheet.family)
    rows = []
    for row in sheet.lines:   # a voided deal's row too, at its number, struck through (``TableSheet.void_note``)
        if not (pots or row.deal is not None or any(row.net)):
            continue
        game, declarer, active = (_written_row(sheet, row) if written and row.deal
                                  else ("", "", row.active))
        words = row.joiner.join(row.rest) if written else row.description
        running = row.running or (None,) * len(row.net)
        rows.append(PdfRow(row, tuple(PdfCell(n, r, a) for n, r, a in zip(row.net, running, active)),
                           _tag(row), game, declarer, tuple(row.pots.get(name, 0) for name in sheet.pots), words,
                           sheet.void_note(row)))
    rows = tuple(rows)
    longest = max((len(word) for name in sheet.shown for word in name.split()), default=0)
    formulas = any(row.formula for row in sheet.rows) and not written
    extra = 2 if formulas else (1 if written else 0)
    money = money or {}
    side = table_side(sheet.family.name)
    words = side.pot_words if side is not None else {}
    wide = longest > _PORTRAIT_NAME_CHARS.get(len(sheet.players) + extra, 14)
    # the money is the recorded names'; the lines name the players as they are called now
    money_rows = tuple((now, t, *money.get(p, (t, ""))) for p, now, t in zip(sheet.players, sheet.shown, sheet.totals))
    lines = None
    cup_heads = tuple(str(words.get(name, name)) for name in sheet.pots)
    if len(rows) > LINE_ROWS:
        lines, wide = _sheet_lines(sheet, rows, pots, False, written, money_rows, cup_heads)
    return PdfTable(sheet, rows, wide, sheet.table.card.title, pots, formulas, family_title(sheet.family.name),
                    written, money_rows, cup_heads, lines,
                    written_words(sheet.family.name) if written else {})


def render_evening_pdf(evening: Evening) -> bytes:
    """The evening's settlement sheet on A4: each table's deal-by-deal sheet (each player's net and
    running total, sitters-out greyed; the cups after every row and the split for a family with
    cups, each deal's formula for a family that gives one), the final totals, who pays whom in
    points and money — per game family, whose points are never added together — and a signature
    line per player."""

    # a long evening's helper process is started first, so that its start (Python and WeasyPrint
    # imported, about a second) overlaps the reading of the evening and its templates
    helper = (_start_helper() if (os.cpu_count() or 1) >= 2
              and Deal.objects.filter(table__evening=evening).count() > PART_ROWS else None)
    summary = evening_summary(evening)
    lang = page_language()   # amounts and rates as the page's language writes them
    currency = summary.currency
    money = {p: (m, format_money(k, currency, lang)) for g in summary.families
             for (p, _t, k), (_p, m) in zip(g.totals, g.money)}
    tables = [_pdf_table(s, money) for s in summary.sheets]
    # each transfer's state (paid: how, when, by whom; or unpaid), as the evening page shows it
    states = states_by_payment(evening) if evening.closed_at is not None else {}
    table_of = {p: s.table.number for s in summary.sheets for p in s.players}
    # the money is settled by the names the players sat down with; the PDF writes their names now
    now = {p: n for s in summary.sheets for p, n in zip(s.players, s.shown)}
    labels = {t.sheet.family.name: t.label for t in tables}
    context = {
        "evening": evening, "summary": summary,
        "rules": ", ".join(sorted({t.rules for t in tables})),
        "closed": evening.closed_at is not None,
        "several_tables": len(tables) > 1,
        "mixed": summary.mixed, "has_pots": summary.pots,
        # each game family settles on its own: a Danish point is never added to a Karlsruhe point
        "money_groups": [{"label": labels.get(g.name, g.name), "written": g.written,
                          "signatures": written_words(g.name)["signatures"] if g.written else "",
                          "lines": [(now.get(p, p), t, money[p][0], money[p][1], table_of.get(p))
                                    for p, t, _k in g.totals],
                          "payments": [(shown_payment(p, now), format_money(p.kroner, currency, lang),
                                        state_of(states, g.name, p, shown_payment(p, now))) for p in g.payments]}
                         for g in summary.families],
        "totals": [(now.get(p, p), t, format_money(k, currency, lang), table_of.get(p)) for p, t, k in summary.totals],
        # every player signs once, at the end (a zapisnik's too: one signature block per PDF)
        "signers": [p for t in tables for p in t.sheet.shown],
        "payments": [(shown_payment(p, now), format_money(p.kroner, currency, lang)) for p in summary.payments],
        "rate": format_rate(summary.kroner_per_point, currency, lang),
        "corrected": sum(1 for s in summary.sheets for row in s.rows if row.deal and row.deal.replaces_id),
    }
    parts = _parts(tables)
    # an evening of one part knows its page count while it is laid out: it prints its own feet
    # (a second document for the feet and joining the pages cost about a tenth of its time)
    documents = render_parts([render_to_string("scoring/pdf/evening.html", {
        **context, "tables": part, "first": number == 0, "last": number == len(parts) - 1,
        "footers": len(parts) == 1})
        for number, part in enumerate(parts)], helper)
    if len(documents) == 1:
        return documents[0]
    heading = f"{evening.club.name} – {date_format(evening.date, 'DATE_FORMAT')}"
    return _stamp_footers(documents, heading, f"{evening.club.name} {date_format(evening.date, 'SHORT_DATE_FORMAT')}")


def _start_helper():
    """The helper process (``scoring.reports.pdf_worker``), started: it imports WeasyPrint and waits for
    its documents on its standard input."""
    import subprocess
    import sys
    from pathlib import Path

    return subprocess.Popen([sys.executable, "-m", "scoring.reports.pdf_worker"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=Path(__file__).resolve().parents[2])   # the checkout, where ``scoring`` is found


def render_parts(pages: list[str], process=None) -> list[bytes]:
    """Each HTML document's PDF, in order. Several are laid out two at a time: the larger half
    (by size) by one helper process (``scoring.reports.pdf_worker``; ``process`` when already started)
    while this process lays out the rest, so that a long evening takes about half the time on a
    machine of two cores or more, and each process holds only its own parts' boxes. The helper
    takes the larger half: this process also reads the evening before and joins the pages after."""
    if len(pages) == 1 or (os.cpu_count() or 1) < 2:
        if process is not None:   # started for a long evening that is one part after all
            process.communicate(b"[]", timeout=HELPER_SECONDS)
        return [write_pdf(html) for html in pages]
    import json
    import threading

    sizes = [len(html) for html in pages]
    # this process's own work besides its parts, as a share of the parts' size
    helper, mine, load = [], [], [OWN_SHARE * sum(sizes), 0]
    for index in sorted(range(len(pages)), key=lambda i: -sizes[i]):   # the larger first, to the lighter side
        side = 1 if load[1] <= load[0] else 0
        (mine if side == 0 else helper).append(index)
        load[side] += sizes[index]
    helper.sort()
    process = process or _start_helper()
    answer: dict = {}
    thread = threading.Thread(target=lambda: answer.update(zip(
        ("out", "err"), process.communicate(json.dumps([pages[i] for i in helper]).encode(),
                                            timeout=HELPER_SECONDS))), daemon=True)
    thread.start()
    try:
        documents = {index: write_pdf(pages[index]) for index in sorted(mine)}
        thread.join(HELPER_SECONDS)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    if process.returncode != 0 or "out" not in answer:
        raise RuntimeError(f"the PDF helper process failed: {answer.get('err', b'').decode(errors='replace')[-2000:]}")
    out = answer["out"]
    for index in helper:
        length = int.from_bytes(out[:8], "big")
        documents[index], out = out[8:8 + length], out[8 + length:]
    return [documents[i] for i in range(len(pages))]


def _parts(tables: list[PdfTable]) -> list[list[PdfTable]]:
    """The tables in the order printed, cut into parts of at most ``PART_ROWS`` rows of whole
    tables (a longer table alone); an evening without tables is one empty part."""
    parts: list[list[PdfTable]] = [[]]
    rows = 0
    for table in tables:
        if parts[-1] and rows + len(table.rows) > PART_ROWS:
            parts.append([])
            rows = 0
        parts[-1].append(table)
        rows += len(table.rows)
    return parts


def _stamp_footers(documents: list[bytes], heading: str, title: str) -> bytes:
    """The parts' pages joined into one PDF, each with its foot: the evening's heading on the left,
    "side N af M" over all the pages on the right (footers.html, laid out by WeasyPrint once the
    page count is known, in each page's size, and printed over the page)."""
    from pypdf import PdfReader, PdfWriter
    from weasyprint import HTML

    writer = PdfWriter()
    for data in documents:
        writer.append(PdfReader(io.BytesIO(data)))
    pages = [page.mediabox.width > page.mediabox.height for page in writer.pages]
    html = render_to_string("scoring/pdf/footers.html", {"pages": pages, "heading": heading})
    footers = PdfReader(io.BytesIO(HTML(string=html, url_fetcher=_no_remote).write_pdf())).pages
    for page, footer in zip(writer.pages, footers, strict=True):
        page.merge_page(footer)
        page.compress_content_streams()
    writer.add_metadata({"/Title": title, "/Producer": "Tarokklub"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def render_standings_pdf(club, rows: list[dict], evening_filter=None, *, family: str | None = None,
                         family_label: str = "") -> bytes:
    """The standings of one rule set (``family_label`` names it; default: the club's, ``standings.standings_rules``) as an
    A4 landscape PDF, in the evening sheet's look, with the page's columns, stating the evenings it
    covers (season or dates, how many, first and last, whether open evenings are included) and,
    for a club of several families, which family."""
    from django.db.models import Count, Max, Min
    from django.utils import timezone
    from weasyprint import HTML

    lang = page_language()   # amounts and rates as the page's language writes them
    columns = standings_columns(family or _rules_and_family(club, None, None)[1])
    data = evening_filter.form.cleaned_data if evening_filter is not None and evening_filter.is_valid() else {}
    covered = (evening_filter.qs.aggregate(count=Count("id"), first=Min("date"), last=Max("date"))
               if evening_filter is not None and evening_filter.is_valid() else {"count": 0})
    html = render_to_string("scoring/pdf/standings.html", {
        "club": club, "columns": columns, "family_label": family_label, "filters": data,
        "rows": [[(key, _standings_cell(key, r, lang)) for key, _h in columns] for r in rows],
        "covered": covered, "include_open": bool(data.get("include_open")), "printed": timezone.localtime(),
    })
    return HTML(string=html, url_fetcher=_no_remote).write_pdf()


def _standings_cell(key: str, row: dict, lang: str):
    """A standings row's cell in the PDF: money in its currency, the rating with its mark."""
    if key == "amounts":
        return format_purse(row["amounts"], lang)
    if key == "rating":
        return rating_text(row.get("rating"), row.get("rating_provisional", False))
    return row[key]


def render_html_pdf(template: str, context: dict) -> bytes:
    """A small document (a tournament's draw or standings) from its template, with no remote fetches."""
    from weasyprint import HTML

    return HTML(string=render_to_string(template, context), url_fetcher=_no_remote).write_pdf()
