"""What was played on every family's sheet (``TableFamily.describe``) in a browser, on a phone's
390×844 and at 1280 wide, in Danish and German: each table's page names its deals' games and items
in the game's own words (the words fold under the row on a phone, never widening the page), and the
evening page of the four tables never scrolls sideways. ``SHOTS=/dir`` keeps the screenshots."""
import json

import pytest
from playwright.sync_api import expect

from scoring import services
from scoring.models import Club, Role
from tests.browser.helpers import no_sideways_scroll, open_page, shot
from tests.conftest import GOLDEN
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FILES = ("four-players-tout-nolo-fines", "grosstarock/grosstarock-worked", "karlsruhe/seed-table",
         "selca/worked-examples")

#: A deal of each table and what its row must say, by page language: the game's words stay, the
#: words around them follow the page (the Danish "10 uden" is the German "10 ohne").
SAID = {
    1: ("#words-3", {"da": "pagat bagud Bent · nolo Bent · 10 uden Carl", "de": "pagat bagud Bent · nolo Bent · 10 ohne Carl"}),
    2: ("#words-3", {"da": "spar konge ultimo Bernd · Wühlmaus Bernd · vole Bernd", "de": "Wühlmaus Bernd · vole Bernd"}),
    3: ("#deal-row-7", {"da": "Sechserbock Spieler 3, Schneider, angesagt III, II, I, im Radl"}),
    4: ("#deal-row-9", {"da": "kralji (nasprotnika) mondfang Cene"}),
}


@pytest.fixture
def evening():
    club = Club.objects.create(name="Alle spil")
    make_user(club, Role.SCOREKEEPER, "skriver")
    first = None
    for name in FILES:
        text = (GOLDEN / f"{name}.json").read_text()
        if name.startswith("grosstarock"):   # other players than the Danish table's, in the same evening
            text = text.replace("Anne", "Agnes").replace("Bent", "Bernd").replace("Carl", "Conrad")
        data = json.loads(text)
        table = services.evening_import(club=club, data=dict(data, date="2026-11-20"),
                                        evening=first.evening if first else None)
        first = first or table
    services.evening_close(evening=first.evening)
    return first.evening


@pytest.mark.parametrize("language", ["da", "de"])
@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)])
def test_every_familys_sheet_says_what_was_played(live_server, browser, evening, width, height, language):
    check_sheets(live_server, browser, evening, width, height, language)


def check_sheets(live_server, browser, evening, width, height, language):
    Club.objects.filter(pk=evening.club_id).update(language=language)
    tables = list(evening.tables.order_by("number"))
    context, page = open_page(browser, live_server, f"/tables/{tables[0].pk}/", "skriver", width, height)
    try:
        for table in tables:
            page.goto(f"{live_server.url}/tables/{table.pk}/")
            where, said = SAID[table.number]
            expect(page.locator(where)).to_contain_text(said.get(language, said["da"]))
            no_sideways_scroll(page)
            page.locator(where).scroll_into_view_if_needed()
            shot(page, f"words-{table.family}-{table.number}-{language}-{width}")
        # the evening page too: a written score's final totals have five columns (on a German
        # phone: Spieler, Geschrieben, Geld (Punkte), Kronen, Tisch)
        page.goto(f"{live_server.url}/evenings/{evening.pk}/")
        no_sideways_scroll(page)
        shot(page, f"words-evening-{language}-{width}", full=True)
    finally:
        context.close()
