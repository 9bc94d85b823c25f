"""Standings, player and club pages: the engine's numbers, exports, constant query counts, languages."""
import csv
import datetime as dt
import io
import json

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from openpyxl import load_workbook

from scoring import services
from families.danish.engine.generate import random_evening
from scoring.engine.interchange import evening_to_dict
from scoring.models import Player
from scoring.selectors.standings import standings

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]
PLAYERS = ("Anne", "Bent", "Carl", "Dorte")


def add_evenings(club, start, count, deals=10):
    for seed in range(start, start + count):
        data = evening_to_dict(random_evening(seed, PLAYERS if seed % 2 else PLAYERS[:3], deals=deals,
                                              on=dt.date(2026, 1, 1) + dt.timedelta(days=seed)))
        table = services.evening_import(club=club, data=data)
        services.evening_close(evening=table.evening)


def query_count(client, url):
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_query_counts_do_not_grow_with_history(keeper_client, club):
    add_evenings(club, 1, 2, deals=5)
    anne = Player.objects.get(club=club, name="Anne")
    urls = [f"/clubs/{club.pk}/standings/", f"/players/{anne.pk}/", f"/clubs/{club.pk}/",
            f"/clubs/{club.pk}/standings/?include_open=on&date_from=2026-01-01"]
    small = [query_count(keeper_client, url) for url in urls]
    add_evenings(club, 3, 6, deals=25)
    large = [query_count(keeper_client, url) for url in urls]
    assert small == large
    # the player page: 19 (his transfers' page; his transfers and payments, allocated: two; whom he
    # owes and who owes him, and their logins: two; his log; the rating's two: whether the club's
    # closed evenings and merges are those it was last rated from)
    assert max(large) <= 19


def test_standings_page_and_command_show_the_same_numbers(keeper_client, club, capsys):
    add_evenings(club, 1, 4)
    rows = standings(club)
    response = keeper_client.get(f"/clubs/{club.pk}/standings/")
    table = response.context["table"]
    assert [(r.record["player"], r.record["points"]) for r in table.paginated_rows] == [(r.player, r.points) for r in rows]
    call_command("standings", "--json")
    printed = json.loads(capsys.readouterr().out)
    assert [(r["player"], r["points"], r["deals"], r["evenings"]) for r in printed] == [
        (r.player, r.points, r.deals, r.evenings) for r in rows]
    assert sum(r["points"] for r in printed) == 0


def test_csv_and_xlsx_exports(keeper_client, club):
    add_evenings(club, 1, 3)
    rows = standings(club)
    response = keeper_client.get(f"/clubs/{club.pk}/standings/?_export=csv")
    assert response.status_code == 200 and "text/csv" in response["Content-Type"]
    records = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert records[0][:4] == ["Spiller", "Aftener", "Spil", "Point"]
    assert [(r[0], int(r[3])) for r in records[1:]] == [(r.player, r.points) for r in rows]
    response = keeper_client.get(f"/clubs/{club.pk}/standings/?_export=xlsx")
    sheet = load_workbook(io.BytesIO(response.content)).active
    assert [c.value for c in sheet[1]][:4] == ["Spiller", "Aftener", "Spil", "Point"]
    assert sheet.max_row == len(rows) + 1
    anne = Player.objects.get(club=club, name="Anne")
    assert keeper_client.get(f"/players/{anne.pk}/?_export=csv").status_code == 200
    assert keeper_client.get(f"/clubs/{club.pk}/?_export=xlsx").status_code == 200


def test_standings_pdf(keeper_client, club):
    from pypdf import PdfReader
    add_evenings(club, 1, 2)
    response = keeper_client.get(f"/clubs/{club.pk}/standings/pdf/")
    text = PdfReader(io.BytesIO(response.content)).pages[0].extract_text()
    top = standings(club)[0]
    assert "Stilling" in text and f"{top.player} {top.evenings} {top.deals} {top.points}" in text


def test_player_page_has_chart_and_events(keeper_client, club):
    add_evenings(club, 1, 3)
    anne = Player.objects.get(club=club, name="Anne")
    response = keeper_client.get(f"/players/{anne.pk}/")
    html = response.content.decode()
    assert "<svg" in html and "<polyline" in html
    row = response.context["row"]
    assert row.points == next(r.points for r in standings(club) if r.player == "Anne")
    history = [r.record for r in response.context["table"].rows]
    assert history[-1].cumulative == row.points


def test_english_on_request_danish_by_default(keeper_client, club):
    add_evenings(club, 1, 1)
    assert "Stilling" in keeper_client.get(f"/clubs/{club.pk}/standings/").content.decode()
    keeper_client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    html = keeper_client.get(f"/clubs/{club.pk}/standings/").content.decode()
    assert "Standings" in html and "Avg. per deal" in html and "Pagat ultimo" in html
    assert '<html lang="en">' in html


def test_date_and_season_filters(keeper_client, club):
    add_evenings(club, 1, 4)
    all_points = {r.player: r.points for r in standings(club)}
    later = keeper_client.get(f"/clubs/{club.pk}/standings/?date_from=2026-01-04").context["table"]
    later_points = {r.record["player"]: r.record["points"] for r in later.rows}
    assert later_points != all_points and sum(later_points.values()) == 0


def test_a_request_in_english_leaves_the_threads_language_as_it_was(keeper_client, club):
    from django.urls import reverse
    from django.utils import translation
    keeper_client.cookies["django_language"] = "en"
    with translation.override("da"):
        response = keeper_client.get(reverse("scoring:home"))
        assert response.headers["Content-Language"] == "en"
        assert translation.get_language() == "da"
