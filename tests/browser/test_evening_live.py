"""The evening live in a real browser, at 390×844 and 1280 wide: the evening page open at the
treasurer's, a deal saved at a table by another phone, and the page shows it within 5 s without a
reload (its deals, the time of the last one, the totals, the cups, who deals now); the table page's
line of the other tables follows too; a lost network and an expired session each say so and keep
what is shown; unchanged polls are answered 304. A Danish table with cups, a Danish table of three
and a Selca table (a written score, no cups) play side by side.

``SHOTS=/some/dir`` keeps a screenshot of each step there, to look at."""
import datetime as dt
import importlib
import random

import pytest
from playwright.sync_api import expect

from scoring import services
from scoring.engine.families import engine_package
from scoring.models import Club, Role, Table
from scoring.selectors import table_sheet
from tests.browser import helpers
from tests.browser.helpers import no_sideways_scroll, shot, wait_until
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Past one poll (5 s, or a second here: ``polls_every_second``) and a slow render, never a timing
#: that is asserted.
WITHIN_A_POLL = 12_000

#: The pages poll every 5 s (``hx-trigger="every 5s"``); these tests wait for several polls each, so
#: their pages poll every second: the attribute is rewritten before htmx reads it (htmx, a deferred
#: script, starts on DOMContentLoaded after this listener, which Playwright adds before any script
#: of the page). What a poll does is the same at either pace.
POLL_EVERY_SECOND = """document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll('[hx-trigger="every 5s"]').forEach((e) => e.setAttribute("hx-trigger", "every 1s"));
});"""


@pytest.fixture(autouse=True)
def polls_every_second(browser):
    original = browser.new_context   # the conftest's, which watches the Content-Security-Policy

    def new_context(*args, **kwargs):
        context = original(*args, **kwargs)
        context.add_init_script(POLL_EVERY_SECOND)
        return context

    browser.new_context = new_context
    yield
    browser.new_context = original


@pytest.fixture
def club():
    return Club.objects.create(name="Vestjysk Tarokklub")


def seat(evening, names, rules: str | None = None) -> Table:
    players = [services.player_get_or_create(club=evening.club, name=n) for n in names]
    return services.table_create(evening=evening, players=players, **({"rules": rules} if rules else {}))


def record(table: Table, count: int = 1, seed: int = 1) -> None:
    """``count`` random deals of the table's family, each dealt by the dealer the sheet expects: what
    another phone at that table saves."""
    rng = random.Random(seed)
    for _ in range(count):
        table.refresh_from_db()
        sheet = table_sheet(table)
        family = table.engine
        generate = importlib.import_module(f"{engine_package(family.name)}.generate")
        deal = generate.random_deal(rng, sheet.players, sheet.next_seating().dealer, table.card)
        services.deal_record(table=table, outcome=family.deal_to_dict(deal))


@pytest.fixture
def evening(club):
    evening = services.evening_create(club=club, date=dt.date(2026, 11, 20))
    first = seat(evening, ("Kristoffer", "Margrethe", "Sebastian", "Johannes"))
    seat(evening, ("Anne", "Bent", "Carl"))
    seat(evening, ("Ana", "Bojan", "Cene", "Darja"), rules="selca")
    record(first, 4)
    return evening


def section(page, number: int):
    return page.locator(f"#table-{number}")


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_the_evening_page_shows_another_tables_save_within_a_poll(live_server, browser, club, evening, width,
                                                                   height):
    make_user(club, Role.MEMBER, "kasserer")
    context, page = helpers.open_page(browser, live_server, f"/evenings/{evening.pk}/", "kasserer", width, height)
    polls = []   # (the ETag the browser asked with, the ETag of the answer it used)
    page.on("response", lambda r: polls.append((r.request.all_headers().get("if-none-match"), r.all_headers().get("etag")))
            if "/live/" in r.url else None)
    expect(page.locator('#evening-live[hx-trigger="every 1s"]')).to_have_count(1)   # polls_every_second took
    expect(section(page, 1).locator(".deal-count")).to_have_text("4 spil")
    expect(section(page, 2).locator(".deal-count")).to_have_text("0 spil")
    expect(section(page, 2).locator(".dealer-now")).to_have_text("Anne giver")
    shot(page, f"evening-live-{width}-before", full=True)
    no_sideways_scroll(page)

    second = Table.objects.get(evening=evening, number=2)
    record(second, 2, seed=3)                              # another phone saves at table 2
    sheet = table_sheet(Table.objects.get(pk=second.pk))
    block = section(page, 2)
    expect(block.locator(".deal-count")).to_have_text("2 spil", timeout=WITHIN_A_POLL)
    expect(block.locator(".dealer-now")).to_have_text(f"{sheet.next_seating().dealer} giver")
    expect(block.locator(".last-deal")).to_contain_text("sidst ")
    expect(block.locator("table.table-totals tbody td.num")).to_have_text([str(t) for t in sheet.totals])
    expect(block.locator(".live-line")).to_contain_text(f"kongekop {sheet.cups[0]}")
    shot(page, f"evening-live-{width}-after", full=True)
    no_sideways_scroll(page)

    third = Table.objects.get(evening=evening, number=3)
    record(third, 1, seed=5)                               # the Selca table: a written score, no cups
    expect(section(page, 3).locator(".deal-count")).to_have_text("1 spil", timeout=WITHIN_A_POLL)
    expect(section(page, 3).locator(".live-line")).not_to_contain_text("kongekop")
    # nothing changed for a while: the browser asks with the ETag it has and the server answers 304
    # (the browser then hands htmx its kept copy, which Playwright reports as that copy's 200), and
    # the page is left as it is (a mark put on it stays)
    page.evaluate("document.querySelector('#table-1').dataset.mark = 'kept'; window.pollsSinceMark = 0;"
                  "document.addEventListener('htmx:afterRequest', () => { window.pollsSinceMark += 1; })")
    wait_until(page, "window.pollsSinceMark >= 1", timeout=WITHIN_A_POLL)
    # Playwright hands ``polls`` its entries when their headers have been read, which under load is
    # later than the swap they led to: wait for a poll that asked with the ETag the page now shows
    # and was answered with it, wherever it falls in the list
    shown = page.locator("#evening-live").get_attribute("data-etag")
    waited = 0
    while (shown, shown) not in polls:
        assert waited < WITHIN_A_POLL, (shown, polls)
        page.wait_for_timeout(100)
        waited += 100
    expect(page.locator("#table-1[data-mark=kept]")).to_have_count(1)
    expect(page.locator("[data-live-note]:visible")).to_have_count(0)
    context.close()


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_the_table_page_line_of_the_other_tables_follows_them(live_server, browser, club, evening, width, height):
    make_user(club, Role.SCOREKEEPER, "skriver")
    first = Table.objects.get(evening=evening, number=1)
    context, page = helpers.open_page(browser, live_server, f"/tables/{first.pk}/", "skriver", width, height)
    line = page.locator("#other-tables")
    expect(line).to_have_attribute("hx-trigger", "every 1s")   # polls_every_second took
    expect(line.locator(".other-table")).to_have_count(2)
    expect(line.locator('[data-table="2"]')).to_have_text("Bord 2: 0 spil, Anne giver")
    shot(page, f"table-others-{width}-before")
    no_sideways_scroll(page)
    record(Table.objects.get(evening=evening, number=2), 3, seed=7)
    expect(line.locator('[data-table="2"]')).to_contain_text("Bord 2: 3 spil, ", timeout=WITHIN_A_POLL)
    expect(line.locator('[data-table="2"]')).to_contain_text(", sidst ")
    shot(page, f"table-others-{width}-after")
    no_sideways_scroll(page)
    context.close()


def test_a_lost_network_and_an_expired_session_say_so_and_keep_the_page(live_server, browser, club, evening):
    make_user(club, Role.MEMBER, "kasserer")
    context, page = helpers.open_page(browser, live_server, f"/evenings/{evening.pk}/", "kasserer")
    lost, login = page.locator('[data-live-note="lost"]'), page.locator('[data-live-note="login"]')
    expect(lost).to_be_hidden()
    context.set_offline(True)
    expect(lost).to_be_visible(timeout=WITHIN_A_POLL)
    expect(section(page, 1).locator(".deal-count")).to_have_text("4 spil")     # what was shown stays
    shot(page, "evening-live-390-offline")
    context.set_offline(False)
    record(Table.objects.get(evening=evening, number=2), 1)
    expect(section(page, 2).locator(".deal-count")).to_have_text("1 spil", timeout=WITHIN_A_POLL)
    expect(lost).to_be_hidden()

    context.clear_cookies()                                 # the session is gone
    expect(login).to_be_visible(timeout=WITHIN_A_POLL)
    expect(section(page, 1).locator(".deal-count")).to_have_text("4 spil")
    expect(login.locator("a")).to_have_attribute("href", f"/login/?next=/evenings/{evening.pk}/")
    shot(page, "evening-live-390-logged-out")
    context.close()


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_the_close_confirmation_names_the_idle_tables(live_server, browser, club, evening, width, height):
    make_user(club, Role.SCOREKEEPER, "skriver")
    context, page = helpers.open_page(browser, live_server, f"/evenings/{evening.pk}/close/", "skriver", width, height)
    box = page.locator("#idle-tables")
    expect(box).to_contain_text("Er alle borde færdige?")
    expect(box.locator("li")).to_have_text(["Bord 2: ingen spil.", "Bord 3: ingen spil."])
    shot(page, f"close-{width}-idle")
    no_sideways_scroll(page)
    with page.expect_navigation():
        page.click("#lang-en")
    expect(box).to_contain_text("Have all tables finished?")
    expect(box.locator("li")).to_have_text(["Table 2: no deals.", "Table 3: no deals."])
    page.goto(f"{live_server.url}/evenings/{evening.pk}/")
    expect(section(page, 1).locator(".live-line")).to_contain_text("4 deals")
    expect(section(page, 1).locator(".dealer-now")).to_have_text("Kristoffer deals")
    shot(page, f"evening-live-{width}-english", full=True)
    no_sideways_scroll(page)
    context.close()
