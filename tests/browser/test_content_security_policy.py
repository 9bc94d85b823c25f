"""The Content-Security-Policy (django-csp, tarokklub/settings.py) in a browser: every kind of page,
at a phone's 390×844 and at 1280 wide, loads with the policy in force and reports no violation (no
inline script, no inline style, no eval left). The conftest fails any browser test on a violation;
this one makes sure every page type is opened at least once. Screenshots: /tmp/shots/CSP/."""
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from scoring.models import ClubRateCard, Deal, Player, Role
from tests.browser import helpers
from tests.browser.helpers import PASSWORD, no_sideways_scroll, phone_context, settled, wait_until
from tests.browser.test_standings_layout import club_with_evenings
from tests.web.conftest import make_user
from tests.web.family_tables import seat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/shots/CSP")


def every_page(club) -> dict[str, str]:
    """One address of each kind of page a member, scorekeeper or club admin opens."""
    table = club.open_table
    deal = Deal.objects.filter(table=table, current=True).last()
    karlsruhe = seat(club, ("Anne", "Bent", "Carl", "Dorte"), "karlsruhe", "2026-11-25")
    selca = seat(club, ("Anne", "Bent", "Carl"), "selca", "2026-11-26")
    grosstarock = seat(club, ("Anne", "Bent", "Carl"), "taroc1754", "2026-11-27")
    admin = Client()
    admin.force_login(get_user_model().objects.get(username="formand"))
    assert admin.post(f"/clubs/{club.pk}/cards/", {"action": "copy", "source": "vlk"}).status_code == 302
    card = ClubRateCard.objects.get(club=club)
    return {
        "home": "/", "evening-new": "/evenings/new/", "evening-import": "/evenings/import/",
        "evening": f"/evenings/{table.evening_id}/", "evening-log": f"/evenings/{table.evening_id}/log/",
        "evening-close": f"/evenings/{table.evening_id}/close/", "table-new": f"/evenings/{table.evening_id}/tables/new/",
        "table-danish": f"/tables/{table.pk}/", "table-karlsruhe": f"/tables/{karlsruhe.pk}/",
        "table-selca": f"/tables/{selca.pk}/", "table-taroc1754": f"/tables/{grosstarock.pk}/",
        "correction": f"/deals/{deal.pk}/edit/", "void": f"/deals/{deal.pk}/void/",
        "history": f"/deals/{deal.pk}/history/",
        "standings": f"/clubs/{club.pk}/standings/", "player": f"/players/{Player.objects.get(club=club, name='Bent').pk}/",
        "club": f"/clubs/{club.pk}/", "club-players": f"/clubs/{club.pk}/players/",
        "club-seasons": f"/clubs/{club.pk}/seasons/", "club-cards": f"/clubs/{club.pk}/cards/",
        "club-card": f"/clubs/{club.pk}/cards/{card.pk}/", "health": "/health/",
    }


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)])
def test_every_page_loads_under_the_policy_with_no_violation(live_server, browser, width, height):
    club = club_with_evenings(closed=2, open_deals=6)
    make_user(club, Role.ADMIN, "formand")
    pages = every_page(club)
    context, page = phone_context(browser, width, height, is_mobile=width < 600)
    try:
        page.goto(f"{live_server.url}/login/")
        page.screenshot(path=str(SHOTS / f"login-{width}.png"))
        header = page.request.get(f"{live_server.url}/login/").headers["content-security-policy"]
        assert "script-src 'self'" in header and "style-src 'self'" in header and "unsafe" not in header
        page.fill("#id_username", "formand")
        page.fill("#id_password", PASSWORD)
        with page.expect_navigation():
            page.click("#login-submit")
        for name, url in pages.items():
            answer = page.goto(live_server.url + url)
            assert answer.status == 200, (name, answer.status)
            assert "content-security-policy" in answer.headers, name
            settled(page)     # the requests a page makes once loaded (htmx "load", the service worker)
            page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)
            if width < 600 and name != "health":
                no_sideways_scroll(page)
        assert helpers.CSP_VIOLATIONS == []
    finally:
        context.close()


def test_an_inline_script_would_be_reported(live_server, browser):
    """The watch itself works: a page that breaks the policy is caught (a script injected by hand)."""
    context, page = phone_context(browser, 390, 844)
    try:
        page.goto(f"{live_server.url}/login/")
        page.evaluate("""() => { window.violations = 0;
                                 document.addEventListener("securitypolicyviolation", () => { window.violations += 1; });
                                 const s = document.createElement("script"); s.textContent = "window.ran = 1";
                                 document.body.append(s); document.body.setAttribute("style", "color: red"); }""")
        # both reported in the page; the console lines written before reach Playwright before this answer
        wait_until(page, "window.violations >= 2")
        assert page.evaluate("window.ran") is None
        assert any("script-src" in v for v in helpers.CSP_VIOLATIONS)
        assert any("style-src" in v for v in helpers.CSP_VIOLATIONS)
    finally:
        context.close()
        helpers.CSP_VIOLATIONS.clear()      # expected here: the conftest's check must not fail this test


def test_the_admin_pages_load_under_the_policy(live_server, browser):
    """Django's admin, for the operator's superuser: the index, a ledger list with its filters and a row."""
    club = club_with_evenings(closed=1, open_deals=2)
    get_user_model().objects.create_superuser("root", password=PASSWORD)
    deal = Deal.objects.filter(table=club.open_table).first()
    context, page = phone_context(browser, 1280, 900, is_mobile=False)
    try:
        page.goto(f"{live_server.url}/admin/login/")
        page.fill("#id_username", "root")
        page.fill("#id_password", PASSWORD)
        with page.expect_navigation():
            page.click("input[type=submit]")
        for name, url in {"admin": "/admin/", "admin-deals": "/admin/scoring/deal/",
                          "admin-deal": f"/admin/scoring/deal/{deal.pk}/change/",
                          "admin-club": f"/admin/scoring/club/{club.pk}/change/"}.items():
            assert page.goto(live_server.url + url).status == 200, name
            settled(page)
            page.screenshot(path=str(SHOTS / f"{name}-1280.png"))
        assert helpers.CSP_VIOLATIONS == []
    finally:
        context.close()
