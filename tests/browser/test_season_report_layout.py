"""The season report page in a browser at a phone's 390×844 and at 1280 wide, in Danish and German
(the longest words): no sideways scroll of the page or of any table box, the transfers opened, the
charts drawn. ``SHOTS=/dir`` keeps the screenshots."""
import pytest

from scoring.models import Player, Role, Season
from scoring.services.seed import seed_history
from tests.browser.helpers import no_sideways_scroll, open_page, shot
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def club():
    club = seed_history(seasons=1, evenings=6, tables=2, deals=12, seed=21, name_prefix="Sæson")[0]
    make_user(club, Role.MEMBER, "medlem")
    # the widest a row gets: a long name
    Player.objects.filter(club=club, name="Anne").update(name="Anne-Sofie Østergaard")
    return club


@pytest.mark.parametrize("width, height, lang", [(390, 844, "da"), (1280, 900, "da"), (390, 844, "de")])
def test_the_report_fits_the_screen(browser, live_server, club, width, height, lang):
    season = Season.objects.get(club=club)
    url = f"/clubs/{club.pk}/season/?season={season.pk}"
    context, page = open_page(browser, live_server, url, "medlem", width, height,
                              locale="de-DE" if lang == "de" else "da-DK")
    if lang != "da":
        context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
        page.goto(f"{live_server.url}{url}")
    assert page.locator("svg.chart").count() >= 4
    assert page.locator("table.season-standings tbody tr").count() == Player.objects.filter(
        club=club, evening_summaries__isnull=False).distinct().count()
    page.click("#season-transfers summary")
    no_sideways_scroll(page)
    box = page.locator("svg.chart").first.bounding_box()
    assert box["width"] <= width and box["x"] >= 0
    shot(page, f"season-{lang}-{width}", full=True)
    context.close()
