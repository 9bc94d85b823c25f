"""The tests' minimal family (tests/minifamily/) on a phone at 390×844: two deals typed into its
deal form, each one's live preview read before it is saved, then the sheet read back — the totals,
each deal's amounts and the family's own pot (the kitty) after each deal; the page never scrolls
sideways. A family the app has never heard of works on the phone like the built-in ones.

``SHOTS=/some/dir`` keeps a screenshot of each step there, to look at."""
import pytest
from playwright.sync_api import expect

from scoring import services
from scoring.models import Club, Deal, Role
from tests.browser.helpers import login, no_sideways_scroll, phone_context, shot
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ("Anna", "Bo", "Cai")
#: (dealer, counts, each player's amount) of the two deals: the winner gets 5 from each other
#: player and pays 1 into the kitty (tests/minifamily/__init__.py, rule 3).
DEALS = (("Anna", {"Anna": 12, "Bo": 40, "Cai": 7}, (-5, 9, -5)),
         ("Bo", {"Anna": 33, "Bo": 0, "Cai": 21}, (9, -5, -5)))


@pytest.fixture
def mini_table():
    club = Club.objects.create(name="Miniklubben")
    make_user(club, Role.SCOREKEEPER, "mini")
    players = [services.player_get_or_create(club=club, name=n) for n in PLAYERS]
    evening = services.evening_create(club=club, date="2026-11-20")
    return services.table_create(evening=evening, players=players, rules="minifamily")


def test_two_deals_of_a_family_added_as_one_folder_recorded_on_a_phone(live_server, browser, mini_table):
    table = mini_table
    context, page = phone_context(browser)
    try:
        login(page, live_server, f"/tables/{table.pk}/", "mini")
        expect(page.locator("#kitty-now")).to_have_text("0")
        shot(page, "mini-390-empty", full=True)
        for number, (dealer, counts, net) in enumerate(DEALS, 1):
            expect(page.locator("#id_dealer")).to_have_value(dealer)   # the next seat deals (rule 1)
            for i, player in enumerate(PLAYERS):
                page.fill(f"#id_count_{i}", str(counts[player]))
            expect(page.locator("#preview-net td")).to_have_text([str(n) for n in net])
            expect(page.locator("#preview-headline")).to_contain_text(f"kitty {number}")   # the shared preview: the winner, the cups after
            no_sideways_scroll(page)
            shot(page, f"mini-390-deal-{number}", full=True)
            with page.expect_navigation():
                page.click("#save")
            expect(page.locator(".messages")).to_contain_text(f"Spil {number} er gemt.")
        stored = [d.outcome for d in Deal.objects.filter(table=table, current=True).order_by("number")]
        assert stored == [{"dealer": dealer, "counts": counts} for dealer, counts, _net in DEALS]

        # the sheet: each deal's amounts, the running totals, the kitty after each deal
        sheet = page.locator(f"#sheet-{table.pk}")
        sheet.scroll_into_view_if_needed()
        for number, (_dealer, _counts, net) in enumerate(DEALS, 1):
            cells = page.locator(f"#deal-row-{number} td.num").all_inner_texts()
            assert [int(t) for t in cells] == [*net, number]
        assert [int(t) for t in page.locator("#running-2 td.num").all_inner_texts()] == [4, 4, -10]
        assert [int(t) for t in sheet.locator("tfoot th.num").all_inner_texts()] == [4, 4, -10, 2]
        assert [int(t) for t in page.locator("#running td").all_inner_texts()] == [4, 4, -10, 2]
        no_sideways_scroll(page)
        shot(page, "mini-390-sheet", full=True)
    finally:
        context.close()
