"""Issue 12, items 13 and 14 in a browser: the standings page at 390×844 and 1280×900 (the columns that
matter fit, the rest behind "Vis alle kolonner" and scrolled inside their box with a visible hint, no
sideways scrolling of the page) and the chart legible on a phone. Screenshots go to /tmp/shots/E/."""
import datetime as dt
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoring import services
from families.danish.engine.generate import random_evening
from scoring.engine.interchange import evening_to_dict
from scoring.models import Club, Player, Role
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/shots/E")
PLAYERS = ("Anne", "Bent", "Carl", "Dorte")



def club_with_evenings(closed: int = 3, open_deals: int = 0) -> Club:
    club = Club.objects.create(name="VLK")
    make_user(club, Role.SCOREKEEPER, "skriver")
    for seed in range(1, closed + 1):
        data = evening_to_dict(random_evening(seed, PLAYERS, 8, dt.date(2026, 10, seed)))
        services.evening_close(evening=services.evening_import(club=club, data=data).evening)
    # Long names and a large loss: the widest a standings row gets in a club.
    Player.objects.filter(club=club, name="Anne").update(name="Anne-Sofie Østergaard")
    if open_deals:
        data = evening_to_dict(random_evening(7, PLAYERS, open_deals, dt.date(2026, 11, 24)))
        club.open_table = services.evening_import(club=club, data=data)
    return club


def open_page(browser, live_server, width: int, height: int, lang: str = "da"):
    context = browser.new_context(viewport={"width": width, "height": height}, locale="da-DK",
                                  has_touch=width < 600, is_mobile=width < 600)
    if lang != "da":
        context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", "skriver")
    page.fill("#id_password", "pw-secret-1")
    with page.expect_navigation():           # the session cookie is set before the next page is asked for
        page.click("#login-submit")
    return context, page


def page_overflow(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def inside_viewport(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5


HEADERS = {"da": ["Spiller", "Aftener", "Spil", "Point", "Rating", "Beløb"],
           "en": ["Player", "Evenings", "Deals", "Points", "Rating", "Amount"]}


@pytest.mark.parametrize("width, height, lang", [(390, 844, "da"), (390, 844, "en"), (1280, 900, "da")])
def test_standings_columns_that_matter_fit_the_rest_toggled_and_scrolled(live_server, browser, width, height, lang):
    club = club_with_evenings()
    context, page = open_page(browser, live_server, width, height, lang)
    try:
        page.goto(f"{live_server.url}/clubs/{club.pk}/standings/")
        expect(page.locator("#standings tbody tr")).to_have_count(4)
        page.screenshot(path=str(SHOTS / f"standings-{width}-{lang}.png"), full_page=True)
        assert page_overflow(page) <= 0
        # The columns that matter are all shown, inside the viewport, with no scrolling of their box.
        headers = page.locator("#standings thead th:visible")
        assert [" ".join(t.split()) for t in headers.all_inner_texts()] == HEADERS[lang]
        assert headers.count() == 6
        assert page.evaluate("(() => { const b = document.getElementById('standings-box');"
                             " return b.scrollWidth <= b.clientWidth + 1; })()")
        assert inside_viewport(page, "#standings thead th:visible >> nth=5")
        expect(page.locator("#scroll-hint")).to_be_hidden()
        # A negative amount stays on one line.
        lines = page.evaluate("""[...document.querySelectorAll('#standings td.kr')].map(td => {
            const range = document.createRange(); range.selectNodeContents(td);
            return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size; })""")
        assert lines and set(lines) == {1}, lines

        page.check("#all-columns")
        expect(page.locator("#standings thead th:visible")).to_have_count(18)
        page.screenshot(path=str(SHOTS / f"standings-{width}-{lang}-all.png"), full_page=True)
        assert page_overflow(page) <= 0           # the page itself never scrolls sideways
        overflows = page.evaluate("(() => { const b = document.getElementById('standings-box');"
                                  " return b.scrollWidth > b.clientWidth + 1; })()")
        if width < 600:
            assert overflows
        if overflows:                            # then a hint says so, in sight
            expect(page.locator("#scroll-hint")).to_be_visible()
            assert inside_viewport(page, "#scroll-hint")
        else:
            expect(page.locator("#scroll-hint")).to_be_hidden()
    finally:
        context.close()


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)])
def test_player_chart_labels_are_legible(live_server, browser, width, height):
    club = club_with_evenings(closed=5)
    anne = Player.objects.get(club=club, name="Anne-Sofie Østergaard")
    context, page = open_page(browser, live_server, width, height)
    try:
        page.goto(f"{live_server.url}/players/{anne.pk}/")
        expect(page.locator(".chart-box:not(#player-rating-chart) svg.chart polyline")).to_have_count(1)
        page.screenshot(path=str(SHOTS / f"player-{width}.png"), full_page=True)
        sizes = page.evaluate("""(() => { const svg = document.querySelector('svg.chart');
            const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
            return [...svg.querySelectorAll('text')].map(t => parseFloat(t.getAttribute('font-size')) * scale); })()""")
        assert len(sizes) == 4 and min(sizes) >= 11 and max(sizes) <= 20, sizes
        labels = [t.text_content() for t in page.locator("svg.chart text").all()]
        assert "01.10.2026" in labels and "05.10.2026" in labels     # the language's dates
        assert page_overflow(page) <= 0
    finally:
        context.close()
