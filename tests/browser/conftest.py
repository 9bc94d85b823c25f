"""Browser tests: Playwright driving Debian's Chromium against pytest-django's live server."""
import os

import pytest

from tests.browser import helpers
from tests.browser.helpers import phone_context

# Playwright's sync API runs an event loop in this thread; the ORM calls the tests make in
# between are ordinary synchronous calls, which Django would otherwise refuse.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def no_csp_violation(browser):
    """Every browser test fails on a Content-Security-Policy violation in any page it opened: each
    context the browser makes reports them (helpers.watch_csp), whatever the test clicked.

    Every context a test opened is closed when it ends, whether the test closed it or not: a table
    page left open keeps polling the live server, and a request still running when pytest-django
    empties the database deadlocks its TRUNCATE on PostgreSQL (and leaves the next test the rows).
    pytest-django's own autouse fixture is set up before this one, so it empties the database
    after this one has closed the pages."""
    original = browser.new_context
    opened = []

    def new_context(*args, **kwargs):
        context = helpers.watch_csp(original(*args, **kwargs))
        opened.append(context)
        return context

    helpers.CSP_VIOLATIONS.clear()
    browser.new_context = new_context
    try:
        yield
    finally:
        browser.new_context = original
        for context in opened:
            try:
                context.close()
            except Exception:   # already closed by the test, or the browser went away with it
                pass
    assert helpers.CSP_VIOLATIONS == [], sorted(set(helpers.CSP_VIOLATIONS))


def _phone_page(browser, width: int, height: int):
    return phone_context(browser, width, height, accept_downloads=True)


@pytest.fixture
def phone(browser):
    """A page in a 360 px wide phone-sized window (the narrowest phone we fit), downloads allowed."""
    context, page = _phone_page(browser, 360, 780)
    yield page
    context.close()


@pytest.fixture
def phone390(browser):
    """A page on a 390×844 phone screen, the size the table pages are tested at."""
    context, page = _phone_page(browser, 390, 844)
    yield page
    context.close()
