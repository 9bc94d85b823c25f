"""A club admin's lockouts page on a 390×844 phone and a 1280 wide screen: his locked-out members
with since when, the failures and the address, a button that clears one, and the club's log.

``SHOTS=/some/dir`` keeps a screenshot of each step there, to look at."""
import pytest
from axes.models import AccessAttempt
from django.conf import settings
from playwright.sync_api import expect

from scoring.models import Club, Role
from tests.browser.helpers import login, no_sideways_scroll, phone_context, shot
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [(390, 844), (1280, 900)]


def locked(username: str, address: str) -> None:
    AccessAttempt.objects.create(username=username, ip_address=address, user_agent="phone", http_accept="*/*",
                                 path_info="/login/", get_data="", post_data="",
                                 failures_since_start=settings.AXES_FAILURE_LIMIT)


@pytest.mark.parametrize("width, height", SIZES)
def test_the_admin_clears_a_members_lockout(live_server, browser, width, height):
    club = Club.objects.create(name="Tarokklubben Pagat")
    other = Club.objects.create(name="Andet")
    make_user(club, Role.ADMIN, "formand")
    make_user(club, Role.SCOREKEEPER, "skriver-torsdag")
    make_user(club, Role.MEMBER, "anne.kristensen")
    make_user(other, Role.MEMBER, "fremmed")
    locked("skriver-torsdag", "203.0.113.7")
    locked("anne.kristensen", "2001:db8:85a3::8a2e:370:7334")
    locked("fremmed", "198.51.100.9")
    context, page = phone_context(browser, width, height, is_mobile=width < 800)
    try:
        login(page, live_server, f"/clubs/{club.pk}/", "formand")
        page.click(f"a[href='/clubs/{club.pk}/lockouts/']")
        expect(page.locator("#lockouts .username")).to_have_text(["anne.kristensen", "skriver-torsdag"])
        expect(page.locator("#lockouts")).to_contain_text("2001:db8:85a3::8a2e:370:7334")
        expect(page.locator("body")).not_to_contain_text("fremmed")
        no_sideways_scroll(page)
        shot(page, f"lockouts-{width}-list", full=True)
        page.click("button:has-text('Ophæv udelåsningen af skriver-torsdag')")
        expect(page.locator("ul.messages")).to_contain_text(
            "skriver-torsdag kan logge ind igen")
        expect(page.locator("#lockouts .username")).to_have_text(["anne.kristensen"])
        expect(page.locator("#club-log")).to_contain_text("skriver-torsdag")
        expect(page.locator("#club-log")).to_contain_text("formand")
        no_sideways_scroll(page)
        shot(page, f"lockouts-{width}-cleared", full=True)
        assert not AccessAttempt.objects.filter(username="skriver-torsdag").exists()
    finally:
        context.close()
