"""What fits where, in a real browser at a phone's 390×844 and at 1280 wide: a player's name is cut
("Kris.") only on the narrow screen and whole where there is room, a sheet's tag ("fejlgivning") is
never cut, and the login page's two fields are equally tall.

``SHOTS=/some/dir`` keeps a screenshot of each page there, to look at."""
import datetime as dt

import pytest

from families.danish.engine.generate import random_evening
from scoring import services
from scoring.engine.interchange import evening_to_dict
from scoring.models import Club, Role
from tests.browser import helpers
from tests.browser.helpers import no_sideways_scroll, shot
from tests.browser.test_table_phone import NAMES
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HEADS = "() => [...document.querySelectorAll('table.sheet thead th.name')].map(th => th.innerText.trim())"
CUT_TAGS = """() => [...document.querySelectorAll('table.sheet .tag')]
    .filter(t => t.getClientRects().length && t.scrollWidth > t.clientWidth + 1).map(t => t.innerText)"""


@pytest.mark.parametrize("width", [390, 1280])
def test_names_are_cut_only_where_the_width_needs_it_and_tags_never(live_server, browser, width):
    club = Club.objects.create(name="Vestjysk Tarokklub")
    make_user(club, Role.SCOREKEEPER, "skriver")
    # the generator's seed 1 deals a misdeal and two scrapped deals among twelve
    table = services.evening_import(club=club, data=evening_to_dict(random_evening(1, NAMES, 12, dt.date(2026, 11, 20))))
    context, page = helpers.open_page(browser, live_server, f"/tables/{table.pk}/", "skriver", width, 900,
                                      is_mobile=width < 600)
    try:
        heads = page.evaluate(HEADS)
        if width == 1280:
            assert heads == list(NAMES)                   # "Kristoffer", not "Kris."
        else:
            assert heads == ["Kris.", "Marg.", "Seba.", "Joha.", "Fred."]
            no_sideways_scroll(page)
        tags = page.locator("table.sheet .tag")
        assert {"fejlgivning", "kasseret"} <= set(tags.all_inner_texts())
        assert page.evaluate(CUT_TAGS) == []
        shot(page, f"fits-sheet-{width}", full=True)
    finally:
        context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_login_fields_are_equally_tall(live_server, browser, width):
    context, page = helpers.phone_context(browser, width, 900, is_mobile=width < 600)
    try:
        page.goto(f"{live_server.url}/login/")
        user, password = (page.locator(s).bounding_box()["height"] for s in ("#id_username", "#id_password"))
        assert user >= 44 and password == user
        shot(page, f"fits-login-{width}")
    finally:
        context.close()
