"""A save at the table on a 390×844 phone is one request (docs/table.md "Offline at the table",
docs/performance.md "A table on a slow phone"): its answer carries the parts of the page the save
changed, swapped in without a reload: the message, the new deal on the sheet, the totals and who
deals next, the next deal's empty form. The preview and the line of the other tables go on working
after it, and the service worker's copy of the page is the page after the save (offline, a reload
shows the sheet with the deal, without the message). The bytes are a client test's
(tests/web/test_save_on_a_slow_phone.py).

``SHOTS=/some/dir`` keeps a screenshot of each step there, to look at."""
import pytest
from playwright.sync_api import expect

from scoring import services
from scoring.models import Club, Deal, Role
from scoring.selectors import table_sheet
from tests.browser.helpers import login, phone_context, shot, wait_until
from tests.browser.test_evening_live import POLL_EVERY_SECOND, record
from tests.web.conftest import make_user
from tests.web.family_tables import seat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("Anne", "Bent", "Carl", "Dorte")

#: True once the service worker controls the page and keeps a copy of it (what a phone has after its
#: first visit; the page seats the form for any dealer itself).
KEPT = """async () => {
    if (!navigator.serviceWorker.controller) return false;
    return Boolean(await (await caches.open('tarokklub-pages')).match(location.href));
}"""
#: The service worker's copy of the page, as text.
COPY = "async () => (await (await caches.open('tarokklub-pages')).match(location.href)).text()"


def type_deal(page, table, dealer: str) -> None:
    """A plain deal of ``dealer``: the first active player owns the pagat (home) and counts 31, the
    second takes the last trick and counts 20."""
    first, second = table.engine.seating(NAMES, dealer).active[:2]
    page.locator("#pagat-owner label", has_text=first).click()
    page.locator("#last-trick label", has_text=second).click()
    page.fill(f"[name='counts.{first}']", "31")
    page.fill(f"[name='counts.{second}']", "20")
    expect(page.locator("#preview-derived")).to_be_visible()   # the preview of both counts has answered
    wait_until(page, "!document.querySelector('.htmx-request')")


def test_a_save_is_one_request_and_the_page_shows_the_next_deal_without_a_reload(live_server, browser):
    club = Club.objects.create(name="Vestjysk Tarokklub")
    make_user(club, Role.SCOREKEEPER, "skriver")
    table = seat(club, NAMES, "vlk")
    other = services.table_create(evening=table.evening, rules="vlk",
                                  players=[services.player_get_or_create(club=club, name=n) for n in ("Eva", "Finn", "Gert")])
    context, page = phone_context(browser)
    context.add_init_script(POLL_EVERY_SECOND)
    login(page, live_server, f"/tables/{table.pk}/", "skriver")
    wait_until(page, f"({KEPT})()")
    type_deal(page, table, "Anne")
    asked = []
    page.on("request", lambda r: None if "/others/" in r.url else asked.append((r.method, r.url)))
    page.evaluate("window.notReloaded = true")

    page.click("#save")

    expect(page.locator(".messages")).to_have_text("Spil 1 er gemt.")
    sheet = table_sheet(table)
    expect(page.locator("#deal-title")).to_have_text("Spil 2")
    expect(page.locator("#table-sheet #deal-row-1")).to_be_visible()
    expect(page.locator("#running td")).to_have_text([str(t) for t in sheet.totals])
    expect(page.locator("#seating")).to_contain_text("GiverBent")
    expect(page.locator("#id_dealer")).to_have_value("Bent")
    expect(page.locator("#void-latest")).to_contain_text("Annullér spil 1")
    expect(page.locator("#preview")).to_contain_text("Betalingerne vises her")
    shot(page, "table-save-1-saved", full=True)
    assert asked == [("POST", f"{live_server.url}/tables/{table.pk}/sync/")]
    assert page.evaluate("window.notReloaded") is True

    record(other)                                       # another table saves: the live line follows
    expect(page.locator("#other-tables")).to_contain_text("Bord 2: 1 spil", timeout=12_000)
    type_deal(page, table, "Bent")                      # the swapped-in form previews and saves
    expect(page.locator("#preview-title")).to_have_text("Spil 2 – betalinger")
    page.click("#save")
    expect(page.locator(".messages")).to_have_text("Spil 2 er gemt.")
    expect(page.locator("#id_dealer")).to_have_value("Carl")
    assert [(d.number, d.dealer.name) for d in Deal.objects.filter(table=table).order_by("number")] == [
        (1, "Anne"), (2, "Bent")]
    assert page.evaluate("window.notReloaded") is True

    # the service worker's copy is the page after the save, without its message
    wait_until(page, f"({COPY})().then((t) => t.includes('id=\"deal-row-2\"'))")
    context.set_offline(True)
    page.reload()
    expect(page.locator("#table-sheet #deal-row-2")).to_be_visible()
    expect(page.locator("#deal-title")).to_have_text("Spil 3")
    expect(page.locator("#id_dealer")).to_have_value("Carl")
    expect(page.locator(".messages")).to_have_count(0)
    shot(page, "table-save-2-offline-copy", full=True)
    context.close()
