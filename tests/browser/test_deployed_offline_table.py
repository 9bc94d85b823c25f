"""The table page without network as deployed (docs/table.md "Offline at the table"), on a 390×844 phone:
once the service worker controls the page, a reload with the network cut shows the table page and
its form from the worker's caches, with its stylesheets and scripts, not the browser's "no internet"
page; nothing reaches the server."""
import pytest
from playwright.sync_api import expect

from tests.browser import helpers
from tests.browser.helpers import login, phone_context, shot, wait_until

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("transactional_db")]


@pytest.fixture
def phone(browser):
    """A 390×844 phone whose pages report Content-Security-Policy violations (helpers.watch_csp);
    closed before the database is emptied, so that no poll of the page is still running then."""
    helpers.CSP_VIOLATIONS.clear()
    context, page = phone_context(browser, 390, 844)
    helpers.watch_csp(context)
    yield context, page
    context.close()
    assert helpers.CSP_VIOLATIONS == [], sorted(set(helpers.CSP_VIOLATIONS))


def kept(page) -> None:
    """Wait until the service worker controls the page and keeps the page itself (table-sync.js asks
    for it once the worker has taken over: the first load came before the worker was there)."""
    wait_until(page, "navigator.serviceWorker.controller !== null")
    wait_until(page, "caches.open('tarokklub-pages').then((cache) => cache.match(location.href)).then(Boolean)")


#: Every static file the page loaded that the worker's cache lacks. The check is the cache's, not a
#: reload's: a reload would also find the files in the browser's HTTP cache (WhiteNoise lets a hashed
#: file be kept for good), which a phone may have emptied since.
NOT_KEPT = """async () => {
    const cache = await caches.open('tarokklub-static');
    const urls = [...document.querySelectorAll('script[src], link[rel=stylesheet], link[rel=icon]')]
        .map((element) => element.src || element.href);
    const found = await Promise.all(urls.map((url) => cache.match(url)));
    return urls.filter((_url, i) => !found[i]);
}"""


def test_a_table_page_reloaded_without_network_shows_the_table_from_the_service_worker(live_server, table, phone):
    context, page = phone
    url = f"/tables/{table.pk}/"
    login(page, live_server, url, "skriver")
    kept(page)
    assert page.evaluate(NOT_KEPT) == []

    context.set_offline(True)
    asked = len(live_server.paths)
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    response = page.reload()
    expect(page.locator("#deal-form")).to_be_visible()
    expect(page.locator("#deal-title")).to_have_text("Spil 1")
    shot(page, "production-offline-reload")

    assert response is not None and response.from_service_worker and response.status == 200
    assert live_server.paths[asked:] == [], "the offline reload reached the server"
    assert [url for url in failed if "/static/" in url] == []
    # the stylesheets applied and the scripts ran, from the worker's cache
    assert page.evaluate("""[...document.querySelectorAll('link[rel=stylesheet]')]
        .every((link) => link.sheet !== null && link.sheet.cssRules.length > 0)""")
    assert page.evaluate("typeof window.htmx === 'object' && typeof window.idbKeyval === 'object'")

    tab = context.new_page()                 # a new tab without network: the same page, the same way
    tab.goto(f"{live_server.url}{url}")
    expect(tab.locator("#deal-form")).to_be_visible()
    assert live_server.paths[asked:] == []
