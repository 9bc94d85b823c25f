"""Spreadsheet injection: a player named like a formula is text in every CSV and XLSX
export, never a live formula; numbers, negative ones too, stay numbers."""
import csv
import io

import pytest
from openpyxl import load_workbook

from scoring.models import Player
from scoring.selectors.standings import standings
from tests.web.test_stats_views import PLAYERS, add_evenings

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]
HOSTILE = ("=1+1", "-x", "@SUM(A1)", "\tX",
           "\rX", "+x", '=HYPERLINK("http://example.org","klik")', "=cmd|' /C calc'!A0")
DANGEROUS = ("=", "+", "-", "@", "\t", "\r")


def read_csv(content: bytes, delimiter: str = ";") -> list[list[str]]:
    """A CSV export as a spreadsheet reads it: UTF-8 behind a BOM, Danish ";" unless told."""
    assert content.startswith("\ufeff".encode("utf-8")), "no UTF-8 BOM"
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"), newline=""), delimiter=delimiter))


@pytest.fixture(params=[HOSTILE[:4], HOSTILE[4:]], ids=["first", "rest"])
def hostile_club(club, request):
    add_evenings(club, 1, 3)
    for name, hostile in zip(PLAYERS, request.param):
        Player.objects.filter(club=club, name=name).update(name=hostile)
    club.hostile_names = request.param
    return club


def test_csv_names_are_text_and_points_numbers(keeper_client, hostile_club):
    response = keeper_client.get(f"/clubs/{hostile_club.pk}/standings/?_export=csv")
    rows = read_csv(response.content)[1:]
    names = [row[0] for row in rows]
    assert sorted(names) == sorted("'" + name for name in hostile_club.hostile_names)
    points = [int(row[3]) for row in rows]  # a plain number, no apostrophe
    assert points == [r.points for r in standings(hostile_club)] and min(points) < 0


def test_xlsx_names_are_text_and_points_numbers(keeper_client, hostile_club):
    response = keeper_client.get(f"/clubs/{hostile_club.pk}/standings/?_export=xlsx")
    sheet = load_workbook(io.BytesIO(response.content)).active
    names = [row[0] for row in sheet.iter_rows(min_row=2)]
    assert all(cell.data_type == "s" and not cell.value.startswith(DANGEROUS) for cell in names)
    expected = ("'" + name.replace("\r", "\n") for name in hostile_club.hostile_names)  # XML reads CR as LF
    assert sorted(cell.value for cell in names) == sorted(expected)
    points = [row[3] for row in sheet.iter_rows(min_row=2)]
    assert all(cell.data_type == "n" for cell in points)
    assert [cell.value for cell in points] == [r.points for r in standings(hostile_club)]
    assert min(cell.value for cell in points) < 0


def test_every_listing_export_is_neutralised(keeper_client, hostile_club, monkeypatch):
    """The club's and the player's listings carry no names today; whatever they carry goes
    through the same cell filter."""
    from scoring.reports import listings

    seen = []
    original = listings.spreadsheet_cell
    monkeypatch.setattr(listings, "spreadsheet_cell", lambda value: seen.append(value) or original(value))
    player = Player.objects.filter(club=hostile_club).first()
    for url in (f"/clubs/{hostile_club.pk}/?_export=csv", f"/players/{player.pk}/?_export=xlsx"):
        before = len(seen)
        assert keeper_client.get(url).status_code == 200 and len(seen) > before


@pytest.mark.parametrize("value, expected", [
    ("=1+1", "'=1+1"), ("-x", "'-x"), ("@SUM", "'@SUM"), ("\tX", "'\tX"), ("\rX", "'\rX"), ("+x", "'+x"),
    ("Anne", "Anne"), ("-35", "-35"), ("-8.75", "-8.75"), (-35, -35), (None, None),
])
def test_spreadsheet_cell(value, expected):
    from scoring.reports.listings import spreadsheet_cell

    assert spreadsheet_cell(value) == expected


# Issue 12, item 15: exports that open right in a Danish (and an English) spreadsheet -----------------

@pytest.fixture
def season_club(club):
    """Three closed evenings and one open one (whose "Lukket" is "nej"/False)."""
    import datetime as dt

    from scoring import services
    from families.danish.engine.generate import random_evening
    from scoring.engine.interchange import evening_to_dict

    add_evenings(club, 1, 3)
    data = evening_to_dict(random_evening(9, PLAYERS, deals=6, on=dt.date(2026, 11, 24)))
    services.evening_import(club=club, data=data)
    return club


def english(client):
    from django.conf import settings

    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def test_danish_csv_semicolons_decimal_comma_bom_and_ja_nej(keeper_client, season_club):
    from decimal import Decimal

    rows = standings(season_club)
    records = read_csv(keeper_client.get(f"/clubs/{season_club.pk}/standings/?_export=csv").content)
    assert records[0][:8] == ["Spiller", "Aftener", "Spil", "Point", "Rating", "Foreløbig rating", "Beløb (DKK)",
                              "Gns. pr. spil"]
    assert "Bøder" in records[0] and all(len(r) == 19 for r in records)
    by_name = {r[0]: r for r in records[1:]}
    for row in rows:
        assert by_name[row.player][3] == str(row.points)
        assert by_name[row.player][5] in ("ja", "nej")
        assert by_name[row.player][6] == f"{row.amounts['DKK']:.2f}".replace(".", ",")   # -12,50
        assert by_name[row.player][7] == str(row.average).replace(".", ",")
    assert any("," in by_name[r.player][6] and by_name[r.player][6].startswith("-") for r in rows)
    assert sum(Decimal(r[6].replace(",", ".")) for r in records[1:]) == sum(r.amounts["DKK"] for r in rows)

    anne = Player.objects.get(club=season_club, name="Anne")
    evenings = read_csv(keeper_client.get(f"/players/{anne.pk}/?include_open=on&_export=csv").content)
    assert evenings[0] == ["Dato", "Point", "Beløb (DKK)", "Samlet", "Lukket"]
    assert [r[4] for r in evenings[1:]] == ["ja", "ja", "ja", "nej"]
    assert evenings[1][0] == "02.01.2026" and evenings[-1][0] == "24.11.2026"
    club_rows = read_csv(keeper_client.get(f"/clubs/{season_club.pk}/?_export=csv").content)
    assert club_rows[0] == ["Dato", "Borde", "Kopper delt", "Lukket"] and club_rows[1][3] == "nej"


def test_english_csv_commas_decimal_point_and_yes_no(keeper_client, season_club):
    client = english(keeper_client)
    rows = standings(season_club)
    content = client.get(f"/clubs/{season_club.pk}/standings/?_export=csv").content
    records = read_csv(content, delimiter=",")
    assert records[0][:8] == ["Player", "Evenings", "Deals", "Points", "Rating", "Provisional rating", "Amount (DKK)",
                              "Avg. per deal"]
    by_name = {r[0]: r for r in records[1:]}
    assert all(by_name[r.player][6] == f"{r.amounts['DKK']:.2f}" for r in rows)
    anne = Player.objects.get(club=season_club, name="Anne")
    evenings = read_csv(client.get(f"/players/{anne.pk}/?include_open=on&_export=csv").content, delimiter=",")
    assert [r[4] for r in evenings[1:]] == ["yes", "yes", "yes", "no"]
    assert evenings[1][0] == "2 Jan 2026" and evenings[-1][0] == "24 Nov 2026"


def test_german_csv_semicolons_decimal_comma_and_ja_nein(keeper_client, season_club):
    from django.conf import settings

    keeper_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    rows = standings(season_club)
    records = read_csv(keeper_client.get(f"/clubs/{season_club.pk}/standings/?_export=csv").content)
    assert records[0][:8] == ["Spieler", "Abende", "Spiele", "Punkte", "Wertungszahl", "Vorläufige Wertungszahl",
                              "Betrag (DKK)", "Ø pro Spiel"]
    by_name = {r[0]: r for r in records[1:]}
    assert all(by_name[r.player][6] == f"{r.amounts['DKK']:.2f}".replace(".", ",") for r in rows)
    anne = Player.objects.get(club=season_club, name="Anne")
    evenings = read_csv(keeper_client.get(f"/players/{anne.pk}/?include_open=on&_export=csv").content)
    assert evenings[0] == ["Datum", "Punkte", "Betrag (DKK)", "Gesamt", "Geschlossen"]
    assert [r[4] for r in evenings[1:]] == ["ja", "ja", "ja", "nein"]
    assert evenings[1][0] == "02.01.2026" and evenings[-1][0] == "24.11.2026"


@pytest.mark.parametrize("lang, title, evenings_title", [("da", "Stilling", "Aftener"), ("en", "Standings", "Evenings")])
def test_xlsx_named_sheet_real_numbers_dates_and_booleans(keeper_client, season_club, lang, title, evenings_title):
    import datetime as dt
    from decimal import Decimal

    client = english(keeper_client) if lang == "en" else keeper_client
    rows = standings(season_club)
    book = load_workbook(io.BytesIO(client.get(f"/clubs/{season_club.pk}/standings/?_export=xlsx").content))
    assert book.sheetnames == [title]
    sheet = book[title]
    header = [c.value for c in sheet[1]]
    kroner = header.index("Beløb (DKK)" if lang == "da" else "Amount (DKK)")
    average = header.index("Gns. pr. spil" if lang == "da" else "Avg. per deal")
    provisional = header.index("Foreløbig rating" if lang == "da" else "Provisional rating")
    by_name = {row[0].value: row for row in sheet.iter_rows(min_row=2)}
    for row in rows:
        cells = by_name[row.player]
        # every figure a number, whether the rating is provisional a boolean
        assert all(c.data_type == ("b" if i == provisional else "n") for i, c in enumerate(cells) if i)
        assert Decimal(str(cells[kroner].value)) == row.amounts["DKK"] and cells[kroner].number_format == "#,##0.00"
        assert Decimal(str(cells[average].value)) == row.average

    anne = Player.objects.get(club=season_club, name="Anne")
    book = load_workbook(io.BytesIO(client.get(f"/players/{anne.pk}/?include_open=on&_export=xlsx").content))
    assert book.sheetnames == [evenings_title]
    dates = [r[0] for r in book.active.iter_rows(min_row=2)]
    assert all(c.is_date for c in dates) and dates[-1].value.date() == dt.date(2026, 11, 24)
    assert dates[0].number_format == ("dd.mm.yyyy" if lang == "da" else "d mmm yyyy")
    closed = [r[4] for r in book.active.iter_rows(min_row=2)]
    assert all(c.data_type == "b" for c in closed) and [c.value for c in closed] == [True, True, True, False]


def pdf_lines(content: bytes) -> list[str]:
    from pypdf import PdfReader

    return [line for page in PdfReader(io.BytesIO(content)).pages for line in page.extract_text().splitlines()]


def test_standings_pdf_states_its_evenings_and_keeps_amounts_on_one_line(keeper_client, season_club):
    from scoring.currency import format_money

    # A long name that cannot wrap (the longest a player name may be) takes room from the other columns.
    Player.objects.filter(club=season_club, name="Anne").update(name=("AnneSofieØstergaard" * 4)[:60])
    lines = pdf_lines(keeper_client.get(f"/clubs/{season_club.pk}/standings/pdf/").content)
    scope = " ".join(lines[1:4])
    assert "Alle sæsoner" in scope and "3 aftener (02.01.2026–04.01.2026)" in scope
    assert "kun lukkede aftener" in scope and "udskrevet" in scope
    rows = standings(season_club)
    assert any(r.amounts["DKK"] < 0 for r in rows)
    for row in rows:
        # the rating between the points and the money; "-12,50 kr." whole
        figures, money = f"{row.evenings} {row.deals} {row.points} ", f"{format_money(row.amounts['DKK'], 'DKK')} "
        assert any(figures in line and money in line for line in lines), (figures, money, lines)

    lines = pdf_lines(keeper_client.get(f"/clubs/{season_club.pk}/standings/pdf/?include_open=on"
                                        "&date_from=2026-01-03").content)
    scope = " ".join(lines[1:4])
    assert "datoer 03.01.2026–…" in scope and "3 aftener (03.01.2026–24.11.2026)" in scope
    assert "åbne aftener medregnet" in scope


def test_standings_pdf_names_its_season(keeper_client, season_club):
    import datetime as dt

    from scoring.models import Evening, Season

    season = Season.objects.create(club=season_club, name="Efterår 2026", starts=dt.date(2026, 1, 1),
                                   ends=dt.date(2026, 1, 31))
    assert Evening.objects.filter(season.evenings_q(), club=season_club).exists()   # by its dates
    lines = pdf_lines(keeper_client.get(f"/clubs/{season_club.pk}/standings/pdf/?season={season.pk}").content)
    assert "Sæson Efterår 2026 (01.01.2026–31.01.2026)" in " ".join(lines[1:4])
