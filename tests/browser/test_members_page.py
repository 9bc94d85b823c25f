"""A club admin's members page on a 390×844 phone and a 1280 wide screen: rename a player, retire
one, merge a typo's duplicate after reviewing what moves, and set the club's rate per point.

``SHOTS=/some/dir`` keeps a screenshot of each step there, to look at."""
import json

import pytest
from playwright.sync_api import expect

from scoring import services
from scoring.models import Club, Player, Role
from tests.browser.helpers import login, no_sideways_scroll, phone_context, shot
from tests.web.conftest import make_user
from tests.web.test_members_merge import _renamed

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [(390, 844), (1280, 900)]


def _club(golden_dir) -> Club:
    """Two closed evenings of the golden file: one with Bent, one with the typo Bnet."""
    club = Club.objects.create(name="Tarokklubben Pagat")
    make_user(club, Role.ADMIN, "formand")
    make_user(club, Role.MEMBER, "bent.hansen")
    data = json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text())
    for date, name in (("2026-11-05", "Bent"), ("2026-11-12", "Bnet")):
        evening = services.evening_create(club=club, date=date)
        services.evening_import(club=club, evening=evening, data=_renamed(data, "Bent", name),
                                answers={"Bnet": None} if name == "Bnet" else None)   # the typo, kept apart
        services.evening_close(evening=evening)
    services.player_get_or_create(club=club, name="Kristoffer Vilhelmsen-Bjerregaard")
    return club


@pytest.mark.parametrize("width, height", SIZES)
def test_the_admin_renames_retires_merges_and_sets_the_rate(live_server, browser, golden_dir, width, height):
    club = _club(golden_dir)
    bent, typo = Player.objects.get(name="Bent"), Player.objects.get(name="Bnet")
    context, page = phone_context(browser, width, height, is_mobile=width < 800)
    try:
        login(page, live_server, f"/clubs/{club.pk}/", "formand")
        page.click("#members-link")
        expect(page.locator("#members-active .member-name")).to_contain_text(["Anne", "Bent", "Bnet"])
        no_sideways_scroll(page)
        shot(page, f"members-{width}-list", full=True)

        # merge the typo: reviewed first, then written
        page.click("#members-active a:has-text('Bnet')")
        page.select_option("#merge select", label="Bent")
        page.click("#merge button")
        expect(page.locator("#merge-moves")).to_contain_text("Bnet")
        expect(page.locator("#merge-moves")).to_contain_text("bagefter")
        no_sideways_scroll(page)
        shot(page, f"members-{width}-merge-review", full=True)
        assert Player.objects.get(pk=typo.pk).merged_into_id is None
        page.click("#confirm-merge")
        expect(page.locator("ul.messages")).to_contain_text("Bnet er lagt sammen med Bent")
        assert Player.objects.get(pk=typo.pk).merged_into_id == bent.pk

        # rename Bent and link his login
        page.fill("#rename input[name=name]", "Bent Hansen")
        page.click("#rename button")
        expect(page.locator("ul.messages")).to_contain_text("Bent hedder nu Bent Hansen")
        page.fill("#contact input[name=email]", "bent@example.org")
        page.select_option("#contact select[name=login]", "bent.hansen")
        page.click("#contact button")
        expect(page.locator("ul.messages")).to_contain_text("E-mail, login og sprog er gemt")
        no_sideways_scroll(page)
        shot(page, f"members-{width}-player", full=True)

        # a bad address is refused at its field, nothing saved
        page.fill("#contact input[name=email]", "bent@example")   # the browser accepts it, the server not
        page.click("#contact button")
        expect(page.locator("#contact .errorlist")).to_be_visible()
        assert Player.objects.get(pk=bent.pk).email == "bent@example.org"

        # retire Dorte
        page.goto(f"{live_server.url}/clubs/{club.pk}/members/")
        page.click("#members-active a:has-text('Dorte')")
        page.click("#retire button")
        expect(page.locator("ul.messages")).to_contain_text("Udtrådt: Dorte står ikke længere")
        page.goto(f"{live_server.url}/clubs/{club.pk}/members/")
        expect(page.locator("#members-retired")).to_contain_text("Dorte")
        expect(page.locator("#members-merged")).to_contain_text("lagt sammen med Bent Hansen")
        expect(page.locator("#club-log")).to_contain_text("Bent omdøbt til Bent Hansen")
        no_sideways_scroll(page)
        shot(page, f"members-{width}-after", full=True)

        # the player page: one player, both evenings, and what happened to his name
        page.goto(f"{live_server.url}/players/{typo.pk}/")
        expect(page.locator("h1")).to_contain_text("Bent Hansen")
        expect(page.locator("#player-events")).to_contain_text("2")
        page.click("#player-log summary")
        expect(page.locator("#player-log")).to_contain_text("Bent omdøbt til Bent Hansen")
        no_sideways_scroll(page)
        shot(page, f"members-{width}-player-page", full=True)

        # the club's rate per point
        page.goto(f"{live_server.url}/clubs/{club.pk}/")
        page.click("#club-settings-link")
        page.fill("#rate input[name=kroner_per_point]", "abc")
        page.click("#rate button")
        expect(page.locator("#rate .errorlist")).to_be_visible()
        page.fill("#rate input[name=kroner_per_point]", "0,50")
        page.click("#rate button")
        expect(page.locator("ul.messages")).to_contain_text("Satsen er gemt")
        expect(page.locator("#rate input[name=kroner_per_point]")).to_have_value("0,50")
        no_sideways_scroll(page)
        shot(page, f"members-{width}-settings", full=True)
    finally:
        context.close()
