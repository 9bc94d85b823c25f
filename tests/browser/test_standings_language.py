"""Switch the language, open the standings, a player page with its chart, and download CSV."""
import csv
import datetime as dt
import io

import pytest
from playwright.sync_api import expect

from scoring import services
from families.danish.engine.generate import random_evening
from scoring.engine.interchange import evening_to_dict
from scoring.models import Club, Role
from scoring.selectors.standings import standings
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_language_standings_player_chart_and_csv(live_server, phone):
    club = Club.objects.create(name="VLK")
    make_user(club, Role.MEMBER, "medlem")
    for seed in (1, 2, 3):
        data = evening_to_dict(random_evening(seed, ("Anne", "Bent", "Carl", "Dorte"), 8, dt.date(2026, 10, seed)))
        services.evening_close(evening=services.evening_import(club=club, data=data).evening)
    page = phone
    page.goto(f"{live_server.url}/clubs/{club.pk}/standings/")
    page.fill("#id_username", "medlem")
    page.fill("#id_password", "pw-secret-1")
    page.click("#login-submit")
    expect(page.locator("h1")).to_contain_text("Stilling")
    page.click("#lang-en")
    expect(page.locator("h1")).to_contain_text("Standings")
    expect(page.locator("#standings thead")).to_contain_text("Avg. per deal")

    with page.expect_download() as download_info:
        page.click("text=CSV")
    rows = list(csv.reader(io.StringIO(open(download_info.value.path(), encoding="utf-8-sig").read())))
    assert rows[0][:4] == ["Player", "Evenings", "Deals", "Points"]
    assert [(r[0], int(r[3])) for r in rows[1:]] == [(r.player, r.points) for r in standings(club)]

    page.click("#standings tbody a >> nth=0")
    expect(page.locator(".chart-box:not(#player-rating-chart) svg.chart polyline")).to_have_count(1)
    expect(page.locator("#player-events")).to_contain_text("Pagat ultimo")
    page.click("#lang-da")
    expect(page.locator("#player-events")).to_contain_text("Bedste aften")
