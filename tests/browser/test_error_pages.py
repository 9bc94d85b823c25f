"""The error pages DEBUG changes (400, 404, 500: Django's technical pages with DEBUG on), as deployed:
ours, in the visitor's language, with the site's header and a way back (scoring/views/errors.py).
The 500 page renders with the database down. The client checks see the status and the words; the
browser sees the page on a phone and on a desk (``SHOTS=/dir`` keeps the screenshots)."""
import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import OperationalError, connection
from django.test import Client

from scoring.models import Club, Role
from tests.browser import helpers
from tests.web.conftest import make_user

#: the pages are rendered with the manifest of collected static files, as deployed
pytestmark = pytest.mark.usefixtures("collected_static")

WORDS = {  # each status's heading, and the way back
    ("da", 400): "Ugyldig forespørgsel", ("de", 400): "Ungültige Anfrage",
    ("da", 404): "Siden findes ikke", ("de", 404): "Seite nicht gefunden",
    ("da", 500): "Der opstod en fejl", ("de", 500): "Es ist ein Fehler aufgetreten",
    ("da", "home"): "Til forsiden", ("de", "home"): "Zur Startseite",
    ("da", "back"): "Tilbage til forrige side", ("de", "back"): "Zurück zur vorigen Seite",
}


def assert_error_page(response, status: int, lang: str) -> str:
    html = response.content.decode()
    assert response.status_code == status
    assert f'<html lang="{lang}">' in html and f"<h1>{WORDS[lang, status]}</h1>" in html
    assert 'class="brand" href="/"' in html and f'id="error-home">{WORDS[lang, "home"]}</a>' in html
    assert "Traceback" not in html
    return html


@pytest.mark.parametrize("lang", ["da", "de"])
def test_400_a_request_for_a_host_not_served(db, lang):
    response = Client(HTTP_ACCEPT_LANGUAGE=lang).get("/", HTTP_HOST="not-ours.example")
    html = assert_error_page(response, 400, lang)
    assert 'id="lang-' not in html   # rendered without the request: no picker


@pytest.mark.parametrize("lang", ["da", "de"])
def test_404_an_address_that_is_not_there(db, lang):
    response = Client(HTTP_ACCEPT_LANGUAGE=lang).get("/no-such-page/", HTTP_REFERER="http://testserver/login/")
    html = assert_error_page(response, 404, lang)
    assert f'<a href="http://testserver/login/" id="error-back">{WORDS[lang, "back"]}</a>' in html
    assert 'id="lang-sl"' in html   # the header's picker


@pytest.mark.parametrize("lang", ["da", "de"])
def test_500_with_the_database_down_reads_nothing_from_it(db, lang):
    """A logged-in phone whose session cannot be read: the error is raised before the request has a
    language, so the page takes the browser's; rendering it asks the database nothing."""
    phone = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE=lang)
    phone.force_login(make_user(Club.objects.create(name="Hjemmeklub"), Role.MEMBER))
    asked = []

    def database_down(execute, sql, params, many, context):
        asked.append(sql)
        raise OperationalError("connection to server failed: Connection refused")

    with connection.execute_wrapper(database_down):
        response = phone.get("/")
    assert_error_page(response, 500, lang)
    assert response.headers["Content-Language"] == lang
    assert len(asked) == 1, asked   # the session's read, which failed; the page asked nothing


def test_404_and_500_on_a_phone_and_a_desk(browser, live_server, db, monkeypatch):
    """The 404 page (arrived at from the login page) and the 500 page (the database down under a
    logged-in phone) in Danish and German at 390 and 1280 px: the header, the way back, nothing wider
    than the screen. On the phone in Danish the way back is followed."""
    def database_down(self):
        raise OperationalError("connection to server failed: Connection refused")

    for lang, locale in (("da", "da-DK"), ("de", "de-DE")):
        for width, height in ((390, 844), (1280, 900)):
            context, page = helpers.phone_context(browser, width, height, locale=locale, is_mobile=width < 800)
            page.goto(f"{live_server.url}/no-such-page/", referer=f"{live_server.url}/login/")
            assert page.locator("h1").inner_text() == WORDS[lang, 404]
            assert page.locator("header.top a.brand").is_visible()
            assert page.locator("#error-home").is_visible() and page.locator("#error-back").is_visible()
            helpers.no_sideways_scroll(page)
            helpers.shot(page, f"error-404-{lang}-{width}")
            if (lang, width) == ("da", 390):
                page.click("#error-back")
                page.wait_for_url(f"{live_server.url}/login/")
                assert page.locator("h1").inner_text() == "Log ind"

            context.add_cookies([{"name": "sessionid", "value": "a-session-the-database-cannot-read",
                                  "url": live_server.url}])
            with monkeypatch.context() as patched:
                patched.setattr(SessionStore, "_get_session_from_db", database_down)
                answer = page.goto(f"{live_server.url}/")
            assert answer.status == 500
            assert page.locator("h1").inner_text() == WORDS[lang, 500]
            assert page.locator("header.top a.brand").is_visible() and page.locator("#error-home").is_visible()
            helpers.no_sideways_scroll(page)
            helpers.shot(page, f"error-500-{lang}-{width}")
            context.close()
