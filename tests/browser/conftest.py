"""Browser tests: Playwright driving Debian's Chromium against the app as deployed.

They run under the production settings (tests/settings_production.py: DEBUG off, a secret key, the
manifest storage, WhiteNoise), in a pytest run of their own with the production checks
(scripts/test-suites; alone: ``.venv/bin/python -m pytest -p no:cacheprovider
--ds=tests.settings_production tests/browser``). The static files are collected
once per run, and ``live_server`` is pytest-django's with one change: it serves what gunicorn serves
(tarokklub/wsgi.py's application, WhiteNoise answering /static/ by the hashed names), where
pytest-django's own answers /static/ from the finders under the names as written, so a page that
works only with DEBUG on would pass."""
import os

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

from scoring.models import Club, Role
from tests.browser import helpers
from tests.browser.helpers import DeployedLiveServer, phone_context
from tests.web.conftest import make_user
from tests.web.family_tables import seat

# Playwright's sync API runs an event loop in this thread; the ORM calls the tests make in
# between are ordinary synchronous calls, which Django would otherwise refuse.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session", autouse=True)
def production_settings():
    """These tests mean nothing under the ordinary run's settings (DEBUG on, no manifest)."""
    if settings.DEBUG or "whitenoise.middleware.WhiteNoiseMiddleware" not in settings.MIDDLEWARE:
        pytest.fail("the browser tests run under the production settings: "
                    "pytest --ds=tests.settings_production tests/browser")


@pytest.fixture(scope="session")
def collected_static(tmp_path_factory):
    """``collectstatic`` once per run, into a folder of its own (the storage follows STATIC_ROOT)."""
    root = tmp_path_factory.mktemp("staticfiles")
    with override_settings(STATIC_ROOT=root):
        call_command("collectstatic", interactive=False, verbosity=0)
        yield root


@pytest.fixture(scope="session")
def live_server(collected_static):
    """Started after the collection: WhiteNoise reads STATIC_ROOT's files once, when the application is made."""
    server = DeployedLiveServer("localhost")
    yield server
    server.stop()


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


#: The deployed checks' table (test_deployed_*.py): three players, everyone plays every deal.
NAMES = ("Anne", "Bent", "Carl")


@pytest.fixture
def table(transactional_db):
    """An open evening of a club with one Danish table, and its scorekeeper ``skriver``."""
    club = Club.objects.create(name="Vestjysk Tarokklub")
    make_user(club, Role.SCOREKEEPER, "skriver")
    return seat(club, NAMES, "vlk")
