"""Spreadsheet injection (issue 11): a player named like a formula is text in every CSV and XLSX
export, never a live formula; numbers, negative ones too, stay numbers."""
import csv
import io

import pytest
from openpyxl import load_workbook

from scoring.models import Player
from scoring.standings import standings
from tests.web.test_stats_views import PLAYERS, add_evenings

pytestmark = pytest.mark.django_db
HOSTILE = ("=1+1", "-x", "@SUM(A1)", "\tX",
           "\rX", "+x", '=HYPERLINK("http://example.org","klik")', "=cmd|' /C calc'!A0")
DANGEROUS = ("=", "+", "-", "@", "\t", "\r")


@pytest.fixture(params=[HOSTILE[:4], HOSTILE[4:]], ids=["first", "rest"])
def hostile_club(club, request):
    add_evenings(club, 1, 3)
    for name, hostile in zip(PLAYERS, request.param):
        Player.objects.filter(club=club, name=name).update(name=hostile)
    club.hostile_names = request.param
    return club


def test_csv_names_are_text_and_points_numbers(keeper_client, hostile_club):
    response = keeper_client.get(f"/clubs/{hostile_club.pk}/standings/?_export=csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8"), newline="")))[1:]
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
    from scoring import tables

    seen = []
    original = tables.spreadsheet_cell
    monkeypatch.setattr(tables, "spreadsheet_cell", lambda value: seen.append(value) or original(value))
    player = Player.objects.filter(club=hostile_club).first()
    for url in (f"/clubs/{hostile_club.pk}/?_export=csv", f"/players/{player.pk}/?_export=xlsx"):
        before = len(seen)
        assert keeper_client.get(url).status_code == 200 and len(seen) > before


@pytest.mark.parametrize("value, expected", [
    ("=1+1", "'=1+1"), ("-x", "'-x"), ("@SUM", "'@SUM"), ("\tX", "'\tX"), ("\rX", "'\rX"), ("+x", "'+x"),
    ("Anne", "Anne"), ("-35", "-35"), ("-8.75", "-8.75"), (-35, -35), (None, None),
])
def test_spreadsheet_cell(value, expected):
    from scoring.tables import spreadsheet_cell

    assert spreadsheet_cell(value) == expected
