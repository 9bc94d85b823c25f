"""The table page on a phone (items 1, 3, 4, 5, 6 and 8), as a person sees it at 390×844
(and 360 wide): the sheet of a five-player table with long-ish names and a dozen deals fits the
screen with every "Ret" inside it, the preview says what it shows, a deal that cannot have counts
hides them and says why, every problem of the form shows at once next to its field, a new dealer
keeps what still fits and says what was cleared, the count fields stay aligned, and the page leads
to the evening, its close and the standings.

``SHOTS=/some/dir`` keeps a screenshot of each step there, to look at."""
import datetime as dt

import pytest
from playwright.sync_api import expect

from scoring import services
from families.danish.engine.generate import random_evening
from scoring.engine.interchange import evening_to_dict
from scoring.models import Club, Deal, Role, Table
from tests.browser import helpers
from tests.browser.helpers import no_sideways_scroll, shot
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("Kristoffer", "Margrethe", "Sebastian", "Johannes", "Frederikke")


@pytest.fixture
def club():
    return Club.objects.create(name="Vestjysk Tarokklub")


def open_page(browser, live_server, url: str, username: str, width: int = 390, height: int = 844,
              locale: str = "da-DK"):
    """``url`` on a phone of ``width``×``height``, logged in as ``username``: the page."""
    return helpers.open_page(browser, live_server, url, username, width, height, locale=locale)[1]


def five_table(club, deals: int = 12) -> Table:
    """An open evening: one table of five long-ish names and ``deals`` deals (misdeals and
    scrapped deals among them, as the generator deals them)."""
    evening = random_evening(7, NAMES, deals, dt.date(2026, 11, 20))
    return services.evening_import(club=club, data=evening_to_dict(evening))


def inside_viewport(page, locator) -> dict:
    box = locator.bounding_box()
    width = page.evaluate("innerWidth")
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (box, width)
    return box


# Item 1: the sheet fits the phone, Ret and ⋯ on every row ----------------------------------------

@pytest.mark.parametrize("width", [390, 360])
def test_the_sheet_of_five_long_names_fits_the_phone_with_every_ret_inside(live_server, browser, club, width):
    make_user(club, Role.SCOREKEEPER, "skriver")
    table = five_table(club)
    deals = list(Deal.objects.filter(table=table, current=True).order_by("number"))
    assert len(deals) == 12
    page = open_page(browser, live_server, f"/tables/{table.pk}/", "skriver", width=width)
    shot(page, f"sheet-{width}-top")
    no_sideways_scroll(page)

    latest, earlier = page.locator("#edit-last"), page.locator("#edit-3")
    expect(latest).to_have_attribute("href", f"/deals/{deals[-1].pk}/edit/")
    expect(earlier).to_have_attribute("href", f"/deals/{deals[2].pk}/edit/")
    expect(page.locator("a.edit-link")).to_have_count(12)          # every deal of the open evening
    expect(page.locator("a.history-link")).to_have_count(12)
    for link in (latest, earlier):
        link.scroll_into_view_if_needed()
        inside_viewport(page, link)
    earlier.scroll_into_view_if_needed()
    shot(page, f"sheet-{width}-rows")
    for link in page.locator("a.edit-link, a.history-link").all():
        inside_viewport(page, link)
    # the cups are K and P, every shortened name is explained under the sheet
    heads = page.locator("table.sheet thead th").all_inner_texts()
    assert heads[1:6] == ["Kris.", "Marg.", "Seba.", "Joha.", "Fred."] and heads[6:8] == ["K", "P"]
    legend = page.locator("#sheet-legend").inner_text()
    for label, name in zip(heads[1:6], NAMES):
        assert f"{label} {name}" in legend
    assert "K kongekop" in legend and "P pagatkop" in legend
    expect(page.locator("table.sheet thead abbr").first).to_have_attribute("title", "Kristoffer")

    # in English too ("Edit", "Standings", "Close the evening" are longer words)
    page.click("#lang-en")
    expect(page.locator("#edit-last")).to_have_text("Edit")
    shot(page, f"sheet-{width}-en", full=True)
    no_sideways_scroll(page)
    for link in (page.locator("#edit-last"), page.locator("#edit-3")):
        link.scroll_into_view_if_needed()
        inside_viewport(page, link)
    expect(page.locator("#sheet-legend")).to_contain_text("K king cup")
    page.click("#lang-da")

    # ⋯ opens the deal's history, Ret the correction of an earlier deal
    page.locator("#history-3").click()
    expect(page).to_have_url(f"{live_server.url}/deals/{deals[2].pk}/history/")
    page.go_back()
    page.locator("#edit-3").click()
    expect(page).to_have_url(f"{live_server.url}/deals/{deals[2].pk}/edit/")


def test_a_member_reads_the_sheet_with_the_history_links_and_no_ret(live_server, browser, club):
    make_user(club, Role.MEMBER, "medlem")
    table = five_table(club, deals=4)
    page = open_page(browser, live_server, f"/tables/{table.pk}/", "medlem", width=360)
    no_sideways_scroll(page)
    expect(page.locator("a.edit-link")).to_have_count(0)
    expect(page.locator("a.history-link")).to_have_count(4)
    expect(page.locator("#to-close")).to_have_count(0)


# Items 3–6: the deal form ----------------------------------------------------------------------

@pytest.fixture
def four(club):
    """Anne, Bent, Carl, Dorte at an open evening; Anne deals first, Carl sits out."""
    make_user(club, Role.SCOREKEEPER, "skriver")
    players = [services.player_get_or_create(club=club, name=n) for n in ("Anne", "Bent", "Carl", "Dorte")]
    return services.table_create(evening=services.evening_create(club=club, date="2026-11-20"), players=players)


def chip(page, group: str, name: str) -> None:
    page.locator(f"#{group} label", has_text=name).click()


def test_the_preview_says_it_shows_the_payments_of_the_deal(live_server, browser, four):
    page = open_page(browser, live_server, f"/tables/{four.pk}/", "skriver")
    chip(page, "pagat-owner", "Bent")
    chip(page, "last-trick", "Dorte")
    page.fill("#id_count_0", "31")
    page.fill("#id_count_1", "20")
    expect(page.locator("#preview-title")).to_have_text("Spil 1 – betalinger")
    shot(page, "preview-da")
    no_sideways_scroll(page)
    page.click("#lang-en")
    chip(page, "pagat-owner", "Bent")
    chip(page, "last-trick", "Dorte")
    page.fill("#id_count_0", "31")
    page.fill("#id_count_1", "20")
    expect(page.locator("#preview-title")).to_have_text("Deal 1 – payments")


def test_a_nolo_or_a_void_deal_hides_the_counts_and_says_why(live_server, browser, four):
    page = open_page(browser, live_server, f"/tables/{four.pk}/", "skriver")
    counting = page.locator("fieldset.counting")
    expect(page.locator(".count-hint")).to_be_visible()
    for why in ("#why-nolo", "#why-misdeal", "#why-scrapped"):
        expect(page.locator(why)).to_be_hidden()
    chip(page, "pagat-owner", "Anne")
    chip(page, "last-trick", "Dorte")
    page.fill("#id_count_0", "31")               # typed before the nolo was chosen
    page.fill("#id_count_1", "20")
    page.click("text=Tout / nolo")
    page.select_option("#id_nolo", "Bent")
    expect(page.locator("#why-nolo")).to_have_text("Ingen tælling efter nolo.")
    for hidden in (".count-hint", "#id_count_0", "#id_count_1", "#id_count_2"):
        expect(counting.locator(hidden)).to_be_hidden()
    expect(page.locator("#preview-net")).to_be_visible()     # the hidden counts are not sent on
    expect(page.locator("#preview-postings")).not_to_contain_text("tælling")
    shot(page, "nolo")
    with page.expect_navigation():
        page.click("#save")
    assert Deal.objects.get().outcome == {"dealer": "Anne", "pagat": {"owner": "Anne", "fate": "home"},
                                          "last_trick": "Dorte", "nolo": "Bent"}

    # the next deal: a misdeal, then a scrapped deal, each says why there is nothing to count
    chip(page, "kind", "fejlgivning")
    expect(page.locator("#why-misdeal")).to_be_visible()
    expect(page.locator("#why-misdeal")).to_contain_text("ingen tælling")
    expect(counting).to_be_hidden()
    chip(page, "kind", "kasseret")
    expect(page.locator("#why-scrapped")).to_be_visible()
    expect(page.locator("#why-misdeal")).to_be_hidden()
    expect(counting).to_be_hidden()
    chip(page, "kind", "spillet")
    expect(counting.locator("#id_count_0")).to_be_visible()


def test_every_problem_of_the_form_shows_at_once_next_to_its_field(live_server, browser, four):
    """A meld row half filled is the form's own problem, a missing last trick and counts that add up
    to too much are the rules': all three at once, in the preview and after "Gem spil"."""
    page = open_page(browser, live_server, f"/tables/{four.pk}/", "skriver")
    page.click("text=Meldinger")
    page.select_option("#id_meld_1_player", "Bent")
    chip(page, "pagat-owner", "Bent")
    page.fill("#id_count_0", "60")
    page.fill("#id_count_1", "30")
    problems = page.locator("#preview-problems")
    expect(problems).to_contain_text("Vælg både melder og melding.")
    expect(problems).to_contain_text("Sidste stik: skal udfyldes")
    expect(problems).to_contain_text("de to tal giver 90; højst 77")
    page.click("#save")
    expect(page.locator("#not-saved")).to_be_visible()
    expect(page.locator('[data-field="meld_1_kind"] .errorlist')).to_have_text("Vælg både melder og melding.")
    expect(page.locator('[data-field="last_trick"] .errorlist')).to_have_text("skal udfyldes")
    expect(page.locator('[data-field="counts"] .errorlist.section')).to_contain_text("de to tal giver 90; højst 77")
    expect(page.locator("#preview-problems")).to_contain_text("Vælg både melder og melding.")  # asked again on load
    shot(page, "all-problems", full=True)
    assert not Deal.objects.exists()


def test_a_new_dealer_keeps_what_fits_and_says_what_was_cleared(live_server, browser, four):
    page = open_page(browser, live_server, f"/tables/{four.pk}/", "skriver")
    version = page.locator('#form-body input[name="version"]').input_value()
    key = page.locator('#deal-form input[name="submission"]').input_value()
    chip(page, "pagat-owner", "Bent")
    chip(page, "last-trick", "Anne")
    page.fill("#id_count_0", "31")                   # Bent
    page.fill("#id_count_2", "20")                   # Anne, the dealer
    page.click("text=Meldinger")
    page.select_option("#id_meld_1_player", "Dorte")
    page.select_option("#id_meld_1_kind", "taroks:10:0")
    page.select_option("#id_dealer", "Carl")         # Carl deals: Anne sits out, Dorte leads
    expect(page.locator("#seating")).to_contain_text("Sidder overAnne")
    cleared = page.locator("#dealer-cleared")
    expect(cleared).to_have_text("Anne sidder over nu; ryddet: Sidste stik, Tælling.")
    shot(page, "dealer-cleared")
    expect(page.locator("#pagat-owner input[value=Bent]")).to_be_checked()        # Bent still plays
    expect(page.locator('input[name="counts.Bent"]')).to_have_value("31")
    expect(page.locator("#id_meld_1_player")).to_have_value("Dorte")
    expect(page.locator("#id_meld_1_kind")).to_have_value("taroks:10:0")
    expect(page.locator('input[name="counts.Anne"]')).to_have_count(0)
    # the version the phone loaded and the one-time key go through the rebuilt form untouched
    assert page.locator('#form-body input[name="version"]').input_value() == version
    assert page.locator('#deal-form input[name="submission"]').input_value() == key
    chip(page, "last-trick", "Carl")
    page.fill('input[name="counts.Carl"]', "20")
    expect(page.locator("#preview-net")).to_be_visible()
    # Carl is not the dealer the sheet expects (Anne): saving needs the tick beside the picker
    expect(page.locator("#confirm-dealer")).to_be_visible()
    page.check("#confirm-dealer input")
    with page.expect_navigation():
        page.click("#save")
    deal = Deal.objects.get()
    assert deal.outcome["dealer"] == "Carl" and deal.outcome["counts"] == {"Bent": 31, "Carl": 20}


def test_a_count_with_an_error_stays_under_its_name_in_line_with_the_others(live_server, browser, four):
    page = open_page(browser, live_server, f"/tables/{four.pk}/", "skriver")
    chip(page, "pagat-owner", "Bent")
    chip(page, "last-trick", "Dorte")
    page.fill("#id_count_0", "0")
    page.fill("#id_count_1", "20")
    page.click("#save")
    error = page.locator('[data-field="counts.Bent"] .errorlist')
    expect(error).to_have_text("skal være mellem 1 og 78")
    page.locator("fieldset.counting").scroll_into_view_if_needed()
    shot(page, "count-error")
    boxes = [page.locator(f"#id_count_{i}").bounding_box() for i in range(3)]
    assert len({round(b["y"], 1) for b in boxes}) == 1, boxes                        # one line
    for i, box in enumerate(boxes):
        name = page.locator(f"label.count:has(#id_count_{i}) > span").bounding_box()
        assert name["y"] + name["height"] <= box["y"] + 0.5, (i, name, box)          # under its name
    assert error.bounding_box()["y"] >= boxes[0]["y"] + boxes[0]["height"] - 0.5     # the error under it


# Item 8: navigation ---------------------------------------------------------------------------

def test_the_table_page_leads_to_the_evening_its_close_and_the_standings(live_server, browser, four):
    page = open_page(browser, live_server, f"/tables/{four.pk}/", "skriver", width=360)
    header = page.locator("header.top")
    assert header.bounding_box()["height"] <= 90                                    # compact on a phone
    no_sideways_scroll(page)
    for link in ("#nav-standings", "#to-evening", "#to-close"):
        inside_viewport(page, page.locator(link))
    expect(page.locator("#to-evening")).to_contain_text("Aftenen 20.11.2026")
    shot(page, "navigation")
    page.click("#to-evening")
    expect(page).to_have_url(f"{live_server.url}/evenings/{four.evening_id}/")
    page.go_back()
    page.click("#to-close")
    expect(page).to_have_url(f"{live_server.url}/evenings/{four.evening_id}/close/")
    expect(page.locator("#confirm-close")).to_be_visible()
    page.click("#nav-standings")
    expect(page).to_have_url(f"{live_server.url}/clubs/{four.evening.club_id}/standings/")
    expect(page.locator("#nav-standings")).to_have_attribute("aria-current", "page")
    page.click("#lang-en")
    expect(page.locator("#nav-standings")).to_have_text("Standings")
    page.goto(f"{live_server.url}/tables/{four.pk}/")
    expect(page.locator("#to-evening")).to_contain_text("Evening")
    expect(page.locator("#to-close")).to_have_text("Close the evening")
