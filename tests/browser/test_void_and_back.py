"""Undo and Back at the table, on a 390×844 phone and a 1280 wide screen: "Annullér" on the table
page's latest deal and on the correction page of an earlier one — the confirmation with what is paid
back and each player's total now and after, the reason it asks for, the struck-through row it leaves
and who deals next; and Back after saving a Selca or a Karlsruhe deal, which shows the next deal's
empty form, never one with a player chosen that nobody chose.

``SHOTS=/some/dir`` keeps a screenshot of each step there, to look at."""
import json

import pytest
from playwright.sync_api import expect

from scoring import services
from scoring.models import Club, Deal, Role, Table
from scoring.selectors import table_sheet
from tests.browser import test_karlsruhe_phone as karlsruhe
from tests.browser import test_selca_phone as selca
from tests.browser.helpers import login, no_sideways_scroll, phone_context, shot
from tests.conftest import GOLDEN
from tests.web.conftest import make_user
from tests.web.test_corrections import NAMES, four_deals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [(390, 844), (1280, 900)]


def danish_table(count: int) -> Table:
    club = Club.objects.create(name="VLK")
    make_user(club, Role.SCOREKEEPER, "skriver")
    players = [services.player_get_or_create(club=club, name=n) for n in NAMES]
    table = services.table_create(evening=services.evening_create(club=club, date="2026-11-20"), players=players)
    for deal in four_deals()[:count]:
        services.deal_record(table=table, outcome=deal)
    return table


def totals(table) -> list[int]:
    return list(table_sheet(Table.objects.get(pk=table.pk)).totals)


@pytest.mark.parametrize("width, height", SIZES)
def test_void_the_latest_deal_from_the_table_page(live_server, browser, width, height):
    table = danish_table(3)
    latest = Deal.objects.get(number=3, current=True)
    context, page = phone_context(browser, width, height, is_mobile=width < 800)
    try:
        login(page, live_server, f"/tables/{table.pk}/", "skriver")
        expect(page.locator("#void-last")).to_have_text("Annullér spil 3")
        shot(page, f"void-{width}-table")
        page.click("#void-last")
        page.wait_for_load_state()
        expect(page.locator("h1")).to_have_text("Annullér spil 3 ved bord 1")
        expect(page.locator("#effect-table tbody tr")).to_have_count(4)
        expect(page.locator("#void-next-dealer")).to_have_text(f"Derefter giver {latest.dealer.name}.")
        now = [int(t) for t in page.locator("#effect-table td.effect-now").all_inner_texts()]
        assert now == totals(table)
        after = [int(t.split()[0]) for t in page.locator("#effect-table td.effect-after").all_inner_texts()]
        shot(page, f"void-{width}-confirm", full=True)
        no_sideways_scroll(page)

        page.click("#confirm")                       # no reason: asked for at its field, nothing written
        page.wait_for_load_state()
        expect(page.locator("#void-form .errorlist")).to_be_visible()
        assert not Deal.objects.filter(voided=True).exists()
        shot(page, f"void-{width}-no-reason", full=True)
        page.fill("#id_reason", "Forkert bord")
        with page.expect_navigation():
            page.click("#confirm")
        expect(page.locator(".messages")).to_contain_text("Spil 3 er annulleret.")
        assert totals(table) == after
        expect(page.locator("#voided-row-3")).to_be_visible()
        assert page.locator("#voided-row-3 td.num").first.evaluate(
            "e => getComputedStyle(e).textDecorationLine") == "line-through"
        expect(page.locator("#voided-note-3")).to_contain_text("annulleret")
        expect(page.locator("#void-last")).to_have_text("Annullér spil 2")
        expect(page.locator("#deal-form h2")).to_have_text("Spil 4")
        expect(page.locator("#id_dealer")).to_have_value(latest.dealer.name)   # its dealer deals again
        no_sideways_scroll(page)
        page.locator("#sheet-title").scroll_into_view_if_needed()
        shot(page, f"void-{width}-struck")
    finally:
        context.close()


@pytest.mark.parametrize("width, height", SIZES)
def test_void_an_earlier_deal_from_the_correction_page(live_server, browser, width, height):
    table = danish_table(4)
    second = Deal.objects.get(number=2, current=True)
    context, page = phone_context(browser, width, height, is_mobile=width < 800)
    try:
        login(page, live_server, f"/deals/{second.pk}/edit/", "skriver")
        page.click("#void-deal-link")
        page.wait_for_load_state()
        expect(page.locator("#void-explain")).to_contain_text("De 2 senere spil beregnes igen")
        now = [int(t) for t in page.locator("#effect-table td.effect-now").all_inner_texts()]
        after = [int(t.split()[0]) for t in page.locator("#effect-table td.effect-after").all_inner_texts()]
        assert now == totals(table) and after != now
        no_sideways_scroll(page)
        shot(page, f"void-{width}-earlier-confirm", full=True)
        page.fill("#id_reason", "Spillet talte ikke")
        with page.expect_navigation():
            page.click("#confirm")
        assert totals(table) == after
        assert [int(t) for t in page.locator(f"#sheet-{table.pk} tfoot th.num").all_inner_texts()[:4]] == after
        expect(page.locator("#voided-row-2")).to_be_visible()
        expect(page.locator("#deal-row-3")).to_be_visible()
        expect(page.locator("#deal-form h2")).to_have_text("Spil 5")
        no_sideways_scroll(page)
        page.locator("#voided-row-2").scroll_into_view_if_needed()
        shot(page, f"void-{width}-earlier-struck")
        page.locator("#voided-note-2 .history-link").click()
        page.wait_for_load_state()
        expect(page.locator("main")).to_contain_text("Annulleret")
        expect(page.locator("main")).to_contain_text("Spillet talte ikke")
        no_sideways_scroll(page)
        shot(page, f"void-{width}-history", full=True)
    finally:
        context.close()


def _no_player_chosen(page, players) -> None:
    """No radio of the deal form whose value is a player is checked, and no count is typed."""
    chosen = page.evaluate("""(players) => [...document.querySelectorAll('#deal-form input[type=radio]:checked')]
        .filter(e => players.includes(e.value)).map(e => e.name + '=' + e.value)""", list(players))
    assert chosen == [], chosen
    typed = page.evaluate("""() => [...document.querySelectorAll('#deal-form input[type=number], #deal-form input[type=text]')]
        .filter(e => e.value !== '').map(e => e.name + '=' + e.value)""")
    assert typed == [], typed


@pytest.mark.parametrize("family", ["selca", "karlsruhe"])
def test_back_after_saving_shows_the_next_deals_empty_form(live_server, browser, family):
    if family == "selca":
        data = json.loads((GOLDEN / "selca" / "worked-examples.json").read_text())
        table, user = selca.make_table(data["players"], data["date"]), "zapisnikar"

        def tap(deal):
            selca.tap_deal(page, 1, deal)
    else:
        data = json.loads((GOLDEN / "karlsruhe" / "seed-table.json").read_text())
        club = Club.objects.create(name="Tarock Karlsruhe")
        make_user(club, Role.SCOREKEEPER, "schreiber")
        players = [services.player_get_or_create(club=club, name=n) for n in data["players"]]
        table = services.table_create(evening=services.evening_create(club=club, date=data["date"]),
                                      players=players, rules="karlsruhe")
        user = "schreiber"

        def tap(deal):
            karlsruhe.tap_deal(page, deal)
    context, page = phone_context(browser)
    try:
        login(page, live_server, f"/tables/{table.pk}/", user)
        tap(data["deals"][0])
        with page.expect_navigation():
            page.click("#save")
        expect(page.locator(".messages")).to_contain_text("Spil 1 er gemt.")
        response = page.go_back()
        page.wait_for_load_state()
        assert response is None or "no-store" in (response.headers.get("cache-control") or "")
        expect(page.locator("#deal-form h2")).to_have_text("Spil 2")      # the next deal, not the saved one
        expect(page.locator("#id_dealer")).to_have_value(data["deals"][1]["dealer"])
        _no_player_chosen(page, data["players"])
        no_sideways_scroll(page)
        shot(page, f"back-{family}-390", full=True)
        with page.expect_navigation():
            page.click("#save")                      # sent as it stands: refused at its fields, nothing saved
        assert Deal.objects.filter(table=table).count() == 1
        # voided, the deal stays on the family's sheet struck through, its number kept
        services.deal_void(deal=Deal.objects.get(table=table, number=1), reason="forkert")
        page.goto(f"{live_server.url}/tables/{table.pk}/")
        expect(page.locator("#voided-row-1")).to_be_visible()
        expect(page.locator("#voided-note-1")).to_contain_text("annulleret")
        expect(page.locator("#deal-form h2")).to_have_text("Spil 2")
        expect(page.locator("#id_dealer")).to_have_value(data["deals"][0]["dealer"])   # its dealer deals again
        no_sideways_scroll(page)
        page.locator("#sheet-title").scroll_into_view_if_needed()
        shot(page, f"void-{family}-390-struck")
    finally:
        context.close()


@pytest.mark.parametrize("width, height", SIZES)
def test_back_after_opret_aften_and_sending_again_asks_first(live_server, browser, width, height):
    from scoring.models import Evening
    club = Club.objects.create(name="VLK")
    make_user(club, Role.SCOREKEEPER, "skriver")
    for name in NAMES:
        services.player_get_or_create(club=club, name=name)
    context, page = phone_context(browser, width, height, is_mobile=width < 800)

    def fill():
        for seat, name in enumerate(NAMES, 1):
            page.select_option(f"#id_seat_{seat}", name)
    try:
        login(page, live_server, "/evenings/new/", "skriver")
        fill()
        with page.expect_navigation():
            page.click("#create-evening")
        table = Table.objects.get()
        page.go_back()
        page.wait_for_load_state()
        fill()                                   # the form as it came back, filled and sent again
        with page.expect_navigation():
            page.click("#create-evening")
        expect(page.locator("#same-evening")).to_contain_text("Der er allerede en åben aften i dag med disse spillere")
        assert Evening.objects.count() == 1
        no_sideways_scroll(page)
        shot(page, f"same-evening-{width}")
        page.click("#go-to-same")
        page.wait_for_load_state()
        assert page.url.endswith(f"/tables/{table.pk}/") and Evening.objects.count() == 1
        page.go_back()
        page.wait_for_load_state()
        if not page.locator("#same-evening").count():   # the question page was fetched again: ask again
            fill()
            with page.expect_navigation():
                page.click("#create-evening")
        with page.expect_navigation():
            page.click("#create-anyway")
        assert Evening.objects.count() == 2
    finally:
        context.close()


def test_enter_in_a_field_never_answers_create_anyway(live_server, browser):
    from scoring.models import Evening
    club = Club.objects.create(name="VLK")
    make_user(club, Role.SCOREKEEPER, "skriver")
    for name in NAMES:
        services.player_get_or_create(club=club, name=name)
    context, page = phone_context(browser)
    try:
        login(page, live_server, "/evenings/new/", "skriver")
        for _ in range(2):
            for seat, name in enumerate(NAMES, 1):
                page.select_option(f"#id_seat_{seat}", name)
            with page.expect_navigation():
                page.click("#create-evening")
            if page.locator("#same-evening").count():
                break
            page.goto(f"{live_server.url}/evenings/new/")
        expect(page.locator("#same-evening")).to_be_visible()
        with page.expect_navigation():
            page.locator("#id_new_5").press("Enter")
        expect(page.locator("#same-evening")).to_be_visible()       # asked again, nothing written
        assert Evening.objects.count() == 1
    finally:
        context.close()
