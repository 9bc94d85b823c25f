"""The rules the Danish texts still held, tapped on a phone (docs/rules/danish.md §7.4): at an
aeldre1900 table a free redeal hides the play and shows who asked, a misdeal shows the dealer's
"let it pass" box, a forfeited ultimo is a chip per active player; each recorded through the form
with the preview's amounts, never scrolling sideways at 390 or at 1280 wide, nor with the rows of a
cup's contents replaced open.

``SHOTS=/some/dir`` keeps a screenshot of each step there, to look at."""

import pytest
from playwright.sync_api import expect

from scoring import services
from scoring.models import Club, Deal, Role
from tests.browser.helpers import no_sideways_scroll, open_page, shot, wait_until
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ("Anne", "Bent", "Carl", "Dorte")


def chip(scope, text: str) -> None:
    scope.locator("label").filter(has_text=text).first.click()


@pytest.fixture
def old_table():
    club = Club.objects.create(name="Gammel Tarok")
    make_user(club, Role.SCOREKEEPER, "skriver")
    players = [services.player_get_or_create(club=club, name=n) for n in PLAYERS]
    evening = services.evening_create(club=club, date="2026-11-20")
    return services.table_create(evening=evening, players=players, rules="aeldre1900")


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)], ids=["phone", "wide"])
def test_a_redeal_a_passed_misdeal_and_a_forfeited_ultimo_tapped(live_server, browser, old_table, width, height):
    context, page = open_page(browser, live_server, f"/tables/{old_table.pk}/", "skriver", width, height)
    no_sideways_scroll(page)
    expect(page.locator("#asked-by")).to_be_hidden()
    expect(page.locator("#passed")).to_be_hidden()

    # 1. Anne deals; Bent had no tarok and asks for a new deal: nothing is paid
    chip(page.locator("#kind"), "givet om")
    expect(page.locator("#asked-by")).to_be_visible()
    expect(page.locator("#why-redeal")).to_be_visible()
    expect(page.locator(".play-fields")).to_be_hidden()
    page.select_option("#id_asked_by", "Bent")
    expect(page.locator("#preview-net tr").nth(1)).to_have_text("00008080")   # the players, then the cups unchanged
    no_sideways_scroll(page)
    shot(page, f"rules-{width}-redeal", full=True)
    with page.expect_navigation():
        page.click("#save")
    assert Deal.objects.get(table=old_table, number=1).outcome == {"dealer": "Anne", "kind": "redeal", "asked_by": "Bent"}
    expect(page.locator("#id_dealer")).to_have_value("Anne")      # the same dealer deals again

    # 2. Anne misdeals and lets the deal pass instead of paying the fine: only the fee
    chip(page.locator("#kind"), "fejlgivning")
    expect(page.locator("#passed")).to_be_visible()
    expect(page.locator("#why-misdeal")).to_be_visible()
    page.locator("#passed input").check()
    expect(page.locator("#why-passed")).to_be_visible()
    expect(page.locator("#why-misdeal")).to_be_hidden()
    expect(page.locator("#preview-net tr").nth(1)).to_have_text("-100008585")   # the fee into each cup
    shot(page, f"rules-{width}-passed")
    with page.expect_navigation():
        page.click("#save")
    assert Deal.objects.get(table=old_table, number=2).outcome["passed"] is True

    # 3. Bent deals (Dorte sits out); Carl's pagat takes the last trick, but he melded too late
    with page.expect_response(lambda r: "/form/" in r.url):     # the form rebuilt for the dealer (htmx)
        page.select_option("#id_dealer", "Bent")
    wait_until(page, "!document.querySelector('.htmx-request')")   # and swapped in
    expect(page.locator("#seating")).to_contain_text("GiverBent")
    chip(page.locator("#kind"), "spillet")
    chip(page.locator("#pagat-owner"), "Carl")
    chip(page.locator("#pagat-fate"), "ultimo")
    chip(page.locator("#last-trick"), "Carl")
    if page.locator("#tout-nolo").get_attribute("open") is None:
        page.locator("#tout-nolo > summary").click()
    chip(page.locator("#ultimo-forfeited"), "Carl")
    page.fill("#id_count_0", "26")
    page.fill("#id_count_1", "26")
    net = page.locator("#preview-net")
    expect(net).to_be_visible(timeout=15_000)   # the preview of the rebuilt form
    expect(net.locator("tr").nth(1)).to_contain_text("-10")
    postings = page.locator("#preview-postings")
    expect(postings).not_to_contain_text("ultimo")
    no_sideways_scroll(page)
    shot(page, f"rules-{width}-forfeit", full=True)
    with page.expect_navigation():
        page.click("#save")
    assert Deal.objects.get(table=old_table, number=3).outcome["ultimo_forfeited"] == ["Carl"]
    no_sideways_scroll(page)
    shot(page, f"rules-{width}-sheet", full=True)

    # 4. the rows of a cup's contents replaced, under the fines: who, which cup, into it or to whom
    page.locator("#fines > summary").click()
    expect(page.locator("#cup-fine-1 select")).to_have_count(3)
    no_sideways_scroll(page)
    shot(page, f"rules-{width}-cup-fines", full=True)
    context.close()
