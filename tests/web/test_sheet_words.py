"""What was played on the sheet (``TableFamily.describe``, ``SheetRow.words``): every family's web
sheet and evening PDF name each deal's game and items in the game's own words — Danish melds,
ultimo, bagud, tout, nolo, last trick, counts and fines (docs/rules/danish.md §3); the old German
cards' Wühlmaus and vole (docs/rules/grosstarock.md §2); Karlsruhe as the seed's closing table
(docs/rules/karlsruhe.md §5.5); Selca in the zapisnik's words (docs/rules/selca.md §14) — in the
table of cells and in the lines of text of a long table (``pdf.LINE_ROWS``)."""
from __future__ import annotations

import json
import re
import subprocess
from html import unescape

import pytest
from django.utils import translation

from scoring import services
from scoring.reports import pdf
from scoring.models import Evening
from scoring.reports.pdf import render_evening_pdf
from scoring.selectors import table_sheet
from tests.web.conftest import make_user

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


def golden(golden_dir, name: str) -> dict:
    return _json(golden_dir / name)


def words(evening) -> dict[int, str]:
    return {row.number: row.description for row in table_sheet(evening.tables.get()).rows if row.number}


# describe() of each family, on the golden evenings ------------------------------------------------

def test_danish_words_name_ultimo_bagud_tout_nolo_melds_last_trick_counts_and_fines(club, golden_dir):
    """docs/rules/danish.md §3: the recorded items of each deal, the player after each item; the
    last trick only where it is paid (§3.3.4: not with a tout or a nolo), an ultimo its player had
    lost the right to as forspildt (§3.3.2: a missed meld)."""
    said = words(closed_evening(club, golden(golden_dir, "four-players-tout-nolo-fines.json")))
    assert said[1] == "tout Anne · tælling Anne 78, Dorte 0"
    assert said[2] == ""   # a misdeal without a fine: the sheet's tag says it
    assert said[3] == "pagat bagud Bent · nolo Bent · 10 uden Carl"
    assert said[4] == "forkert antal kort Anne"
    assert said[5] == ("pagat ultimo Anne (forspildt) · glemt melding Anne · spillet uden for tur Carl · "
                       "sidste stik Anne · tælling Anne 30, Dorte 22")
    assert said[6] == "anden bøde (15) Anne · sidste stik Dorte · tælling Anne 27, Bent 27, Dorte 24"


def test_old_german_words_say_wuehlmaus_and_vole_on_grosstarock(club, golden_dir):
    """docs/rules/grosstarock.md §2-§3: the tout is the Wühlmaus of [D]'s bonus table; an announced
    vole is won by the Wühlmaus and lost by anyone else; an announced nolo likewise."""
    said = words(closed_evening(club, golden(golden_dir, "grosstarock/grosstarock-worked.json")))
    assert said[3].startswith("pagat lagt bort Carl · spar konge ultimo Bent · Wühlmaus Bent · vole Bent · "
                              "6 honnører Bent")
    assert "vole tabt Carl" in said[4] and "Wühlmaus" not in said[4]
    assert said[5].startswith("ruder konge ultimo Bent · meldt nolo Carl · 18 ladoner Anne")
    assert said[6].startswith("Wühlmaus tabt Bent · nolo tabt Anne · fire knægte Bent")
    assert said[8] == "anden bøde (10) Bent"
    assert said[15].endswith("nolo Carl · nolo tabt Bent · 3 honnører Anne · 16 ladoner Carl · anden bøde (6) Bent")
    assert "tout" not in " ".join(said.values())


def test_taroc1754_words_name_melds_and_nolo(club, golden_dir):
    data = golden(golden_dir, "grosstarock/taroc1754-worked.json")
    said = words(closed_evening(club, data))
    for number, deal in enumerate(data["deals"], 1):
        for meld in deal.get("melds", ()):
            assert meld["player"] in said[number]
        if deal.get("nolo"):
            assert f"nolo {deal['nolo']}" in said[number], number
        assert "Wühlmaus" not in said[number] and "vole" not in said[number]


def test_karlsruhe_words_are_the_seed_tables(club, golden_dir):
    """docs/rules/karlsruhe.md, the seed's table T1-T9: "Sechserbock, Schneider, III II I announced,
    im Radl"; the declarer after the game, the partner after a +."""
    said = words(closed_evening(club, golden(golden_dir, "karlsruhe/seed-table.json")))
    assert said == {
        1: "Königsrufer Spieler 2 + Spieler 1", 2: "Solorufer Spieler 3 + Spieler 1", 3: "Fahrer",
        4: "Sechserbock Spieler 4, im Radl", 5: "Dreier Spieler 3, Pagat ult., im Radl",
        6: "Bettel ouvert Spieler 2, im Radl",
        7: "Sechserbock Spieler 3, Schneider, angesagt III, II, I, im Radl",
        8: "Dreier Spieler 4, Valat", 9: "Königsrufer Spieler 1 + Spieler 3, König abgefangen",
    }


def test_karlsruhe_words_of_kontra_failed_birds_and_the_opponents(club):
    from families.karlsruhe import words as kw
    from families.karlsruhe.engine.rates import DEFAULT_RATE_CARD

    players = ("Anna", "Bernd", "Clara", "Dieter")
    deal = {"dealer": "Anna", "game": "dreier", "declarer": "Bernd", "declarers_count": 40,
            "bonuses": {"pagat": {"side": "declarers", "announced": True, "won": False},
                        "uhu": {"side": "opponents", "won": True}, "trull": {"side": "opponents", "won": True}},
            "kontra": {"game": "re", "pagat": "kontra"}}
    assert kw.sheet_words(deal, players, DEFAULT_RATE_CARD, {}) == (
        "Dreier Bernd", "Schneider", "Uhu Gegner", "angesagt I tabt", "große Trull Gegner", "Re", "Contra Pagat")
    with translation.override("en"):
        assert "angesagt I lost" in kw.sheet_words(deal, players, DEFAULT_RATE_CARD, {})
    assert kw.sheet_words({"dealer": "Anna", "kind": "redeal"}, players, DEFAULT_RATE_CARD, {}) == ()


def test_selca_words_are_the_zapisniks(club, golden_dir):
    """docs/rules/selca.md §3-§9: the game and its declarer, then what else was written for."""
    said = words(closed_evening(club, golden(golden_dir, "selca/worked-examples.json")))
    assert said[1] == "tri Bojan · kralji"
    assert said[2] == "klop · Ana 34, Bojan 22, Cene 14"
    assert said[4] == "zatala" and said[7] == "pokazane karte (Ana)"
    assert said[5] == "tri Cene · valat · pagat ultimo · kralji · trula"
    assert said[8] == "tri Bojan · kontra · sub (pagat) · pagat napovedan"
    assert said[9] == "dve Cene · pagat ultimo (nasprotnika) · kralji (nasprotnika) · mondfang Cene"
    assert said[10] == "ena Ana · valat podrt · kralji"
    assert said[11] == "tri Cene · pagatfonk Ana · renons Bojan"


def test_the_words_are_the_games_and_the_interface_around_them_the_pages():
    """The game's words stay; only the words around them follow the page's language."""
    from families.danish import words as dw
    from families.danish.engine.rates import GROSSTAROCK, VLK

    deal = {"dealer": "Anne", "pagat": {"owner": "Anne", "fate": "ultimo"}, "last_trick": "Anne",
            "tout": "Bent", "melds": [{"player": "Carl", "kind": "taroks", "count": 11, "pagat": True}],
            "announced_vole": {"player": "Carl", "before_trick": 3}}
    players = ("Anne", "Bent", "Carl")
    assert dw.describe(deal, players, VLK, {}) == ("tout Bent", "vole tabt Carl", "11 med Carl")
    with translation.override("de"):
        said = dw.describe(deal, players, GROSSTAROCK, {})
    assert said[0] == "pagat ultimo Anne" and said[1] == "Wühlmaus Bent" and "vole" in said[2]
    assert said[2] != "vole tabt Carl" and "tabt" not in " ".join(said)


def test_the_older_books_own_cases_are_named():
    """A forfeited ultimo, the pagat laid away, a misdeal let pass and who asked for a free redeal
    (docs/rules/danish.md §7.4). A forfeited ultimo is not listed as paid, nor the last trick it
    was in (§7.2: paid only once the pagat and every king have fallen)."""
    from families.danish import words as dw
    from families.danish.engine.rates import AELDRE1900

    players = ("Anne", "Bent", "Carl")
    forfeited = {"dealer": "Carl", "pagat": {"owner": "Bent", "fate": "home"},
                 "kings": {"hearts": {"owner": "Anne", "fate": "ultimo"}}, "last_trick": "Anne",
                 "ultimo_forfeited": ["Anne", "Bent"]}
    assert dw.describe(forfeited, players, AELDRE1900, {}) == (
        "hjerter konge ultimo Anne (forspildt)", "forspildt ultimo Bent")
    laid_away = {"dealer": "Carl", "pagat": {"owner": "Carl", "fate": "discarded"}, "last_trick": "Anne"}
    assert dw.describe(laid_away, players, AELDRE1900, {}) == ("pagat lagt bort Carl", "sidste stik Anne")
    assert dw.describe({"dealer": "Anne", "kind": "misdeal", "passed": True}, players, AELDRE1900, {}) == (
        "fejlgivningen gik videre uden bøde",)
    with translation.override("de"):
        assert dw.describe({"dealer": "Anne", "kind": "redeal", "asked_by": "Carl"}, players, AELDRE1900, {}) == (
            "Neugeben verlangt von Carl",)


# The web sheets --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["four-players-tout-nolo-fines.json", "grosstarock/grosstarock-worked.json",
                                  "karlsruhe/seed-table.json", "selca/worked-examples.json"])
def test_the_web_sheet_shows_each_deals_words(client, club, golden_dir, name):
    evening = closed_evening(club, golden(golden_dir, name))
    client.force_login(make_user(club, "member"))
    html = client.get(f"/tables/{evening.tables.get().pk}/").content.decode()
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())
    for number, said in words(evening).items():
        for item in said.replace(" · ", "|").replace(", ", "|").split("|"):
            if item:
                assert item in text, (number, item)


# The evening PDF --------------------------------------------------------------------------------

def printed_with(lines: list[str], row: str, words: str) -> bool:
    """Whether a deal's row of figures (``row``: how its line starts) is printed with ``words``
    right after it: on the line under it (a table of cells), or beside the figures on the deal's
    one line (a long table's lines of text), there cut short with "…" before a formula if the line
    has no room for them all, yet never to fewer than a dozen characters."""
    if f" {row} {words} " in " " + " ".join(lines) + " ":
        return True
    line = next((line for line in lines if line.startswith(row + " ")), "")
    said = line[len(row):].strip()
    head, dash, formula = said.partition("… — ") if "… — " in said else (said.removesuffix("…"), "", "")
    cut = said.endswith("…") or bool(dash)
    return cut and len(head) >= 12 and words.startswith(head) and words.endswith(f" — {formula}" if dash else "")


@pytest.mark.parametrize("line_rows", [pdf.LINE_ROWS, 0], ids=["cells", "lines"])
def test_the_pdf_prints_each_deals_words_under_its_row(club, golden_dir, monkeypatch, line_rows):
    """Danish: under each deal's line of figures, its words (cells or lines of text)."""
    monkeypatch.setattr(pdf, "LINE_ROWS", line_rows)
    evening = closed_evening(club, golden(golden_dir, "four-players-tout-nolo-fines.json"))
    lines = pdftotext(render_evening_pdf(evening)).splitlines()
    assert printed_with(lines, "1 Anne 360 320 -160 -200 -40 -80 -160 -200 80 80",
                        "tout Anne · tælling Anne 78, Dorte 0")
    assert printed_with(lines, "3 Carl 0 320 -160 -380 35 -45 15 -185 100 190",
                        "pagat bagud Bent · nolo Bent · 10 uden Carl")
    assert printed_with(lines, "6 Anne -65 200 -25 -405 0 -105 50 -180 200 290",
                        "anden bøde (15) Anne · sidste stik Dorte · tælling Anne 27, Bent 27, Dorte 24")
    assert printed_with(lines, "2 Bent fejlgivning 0 320 -20 -220 0 -80 0 -200 90 90", "3 Carl")


@pytest.mark.parametrize("line_rows", [pdf.LINE_ROWS, 0], ids=["cells", "lines"])
def test_the_pdf_of_grosstarock_says_wuehlmaus_and_vole(club, golden_dir, monkeypatch, line_rows):
    monkeypatch.setattr(pdf, "LINE_ROWS", line_rows)
    evening = closed_evening(club, golden(golden_dir, "grosstarock/grosstarock-worked.json"))
    text = pdftotext(render_evening_pdf(evening))
    lines = text.splitlines()
    assert printed_with(lines, "3 Carl -158 -175 311 364 -153 -189",
                        "pagat lagt bort Carl · spar konge ultimo Bent · Wühlmaus Bent")
    flat = " ".join(text.split())
    if line_rows:   # the whole words under each row (lines of text cut them short to the line)
        assert "vole tabt Carl" in flat and "meldt nolo Carl" in flat
    assert flat.count("Wühlmaus") >= 3 and "tout" not in flat   # a line cut short may lose one


def test_the_long_karlsruhe_table_is_printed_as_lines_with_the_seeds_words(club, golden_dir, monkeypatch):
    """A long Karlsruhe table (over ``LINE_ROWS``) is printed as lines of text too: under each deal
    its words and formula as the seed's table writes them."""
    monkeypatch.setattr(pdf, "LINE_ROWS", 0)
    evening = closed_evening(club, golden(golden_dir, "karlsruhe/seed-table.json"))
    lines = pdftotext(render_evening_pdf(evening)).splitlines()
    assert "Regnestykke" not in lines   # no column of formulas: each is printed after its words
    assert printed_with(lines, "7 Spieler 3 -128 -192 -128 -104 384 432 -128 -136",
                        "Sechserbock Spieler 3, Schneider, angesagt III, II, I, im Radl — [(8x2)+20+16+12]x2=128")
    assert printed_with(lines, "5 Spieler 1 -28 -40 -28 -48 84 72 -28 16",
                        "Dreier Spieler 3, Pagat ult., im Radl — (8+6)x2=28")
    assert "I alt -256 -168 368 56" in lines


def test_the_short_karlsruhe_table_keeps_its_formula_column_and_words_under_each_row(club, golden_dir):
    evening = closed_evening(club, golden(golden_dir, "karlsruhe/seed-table.json"))
    document = render_evening_pdf(evening)
    lines = pdftotext(document).splitlines()
    row = lines.index("7 Spieler 3 -128 -192 -128 -104 384 432 -128 -136 [(8x2)+20+16+12]x2=128")
    assert lines[row + 1] == "Sechserbock Spieler 3, Schneider, angesagt III, II, I, im Radl"


@pytest.mark.parametrize("line_rows", [pdf.LINE_ROWS, 0], ids=["cells", "lines"])
def test_the_zapisnik_pdf_names_what_was_written_for(club, golden_dir, monkeypatch, line_rows):
    """Selca: the zapisnik's words under each deal; a long zapisnik as lines of text, in its own
    words (št., delilec, točke, skupaj), with its money and its amount under the sum."""
    monkeypatch.setattr(pdf, "LINE_ROWS", line_rows)
    evening = closed_evening(club, golden(golden_dir, "selca/worked-examples.json"))
    lines = pdftotext(render_evening_pdf(evening)).splitlines()
    if line_rows:
        assert printed_with(lines, "8 Ana tri Bojan -36 -75 36 28 -36 -22",
                            "kontra · sub (pagat) · pagat napovedan")
        assert printed_with(lines, "9 Bojan dve Cene 10 -65 10 38 -11 -33",
                            "pagat ultimo (nasprotnika) · kralji (nasprotnika) · mondfang Cene")
    else:
        assert "št. delilec točke skupaj točke skupaj točke skupaj" in lines
        assert printed_with(lines, "8 Ana -36 -75 36 28 -36 -22",
                            "tri Bojan · kontra · sub (pagat) · pagat napovedan")
        assert printed_with(lines, "9 Bojan 10 -65 10 38 -11 -33",
                            "dve Cene · pagat ultimo (nasprotnika) · kralji (nasprotnika) · mondfang Cene")
        assert "Skupaj (I alt) -145 66 27" in lines
        assert "Penge (point) -383 250 133" in lines
        assert "Beløb -95,75 kr. 62,50 kr. 33,25 kr." in lines


# The protocol's default and its guard ------------------------------------------------------------

def test_a_family_without_describe_shows_no_words_and_a_broken_deal_object_none():
    """``TableFamily.describe`` defaults to no words (``no_words``); a deal object a family's
    function cannot read shows none rather than fail the sheet."""
    from scoring.table_families import TableFamily, table_family

    mini = table_family("minifamily")
    assert mini.words({"dealer": "Anne", "counts": {"Anne": 7, "Bent": 42, "Carl": 3}}, ("Anne", "Bent", "Carl"),
                      None) == ("Bent 42", "Anne 7, Carl 3")
    assert TableFamily.describe(mini, {"dealer": "Anne", "counts": {"Anne": 1}}, ("Anne",), None, {}) == ()
    karlsruhe = table_family("karlsruhe")
    assert karlsruhe.words({"game": "dreier", "declarer": "Anna", "bonuses": "?"}, ("Anna",), None) == ()
    assert karlsruhe.describe_joiner == ", " and mini.describe_joiner == " · "
