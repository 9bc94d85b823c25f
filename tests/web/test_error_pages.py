"""The error pages that answer the same with DEBUG on or off (scoring/views/errors.py): 403 (a role too
low, a form without its CSRF token), 413 and 503 from the middleware — each in the visitor's language,
with the site's header and a way back. 400, 404 and 500, which DEBUG changes, are checked under the
production settings (tests/browser/test_error_pages.py)."""
import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import OperationalError
from django.test import Client

from scoring.engine import bounds
from scoring.models import Role
from tests.web.conftest import make_user

pytestmark = pytest.mark.django_db

WORDS = {  # the heading, and the way back
    ("da", 403): ("Ingen adgang", "Til forsiden"), ("de", 403): ("Kein Zugriff", "Zur Startseite"),
    ("da", "csrf"): ("Formularen er for gammel", "Til forsiden"),
    ("de", "csrf"): ("Das Formular ist abgelaufen", "Zur Startseite"),
    ("da", 413): ("Filen er for stor", "Til forsiden"), ("de", 413): ("Die Datei ist zu groß", "Zur Startseite"),
    ("da", 503): ("Ikke gemt", "Til forsiden"), ("de", 503): ("Nicht gespeichert", "Zur Startseite"),
}


def assert_error_page(response, status: int, lang: str, kind=None) -> str:
    html = response.content.decode()
    heading, home = WORDS[lang, kind or status]
    assert response.status_code == status
    assert f'<html lang="{lang}">' in html and f"<h1>{heading}</h1>" in html
    assert 'class="brand" href="/"' in html and f'id="error-home">{home}</a>' in html
    return html


@pytest.mark.parametrize("lang", ["da", "de"])
def test_403_a_role_too_low_and_a_form_without_its_token(club, lang):
    member = Client(HTTP_ACCEPT_LANGUAGE=lang)
    member.force_login(make_user(club, Role.MEMBER))
    member.cookies["django_language"] = lang
    came_from = f"http://testserver/clubs/{club.pk}/"
    html = assert_error_page(member.get(f"/clubs/{club.pk}/members/", HTTP_REFERER=came_from), 403, lang)
    assert f'href="{came_from}" id="error-back"' in html and 'id="lang-sl"' in html   # the picker is there
    strict = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE=lang)
    assert_error_page(strict.post("/login/", {"username": "x", "password": "y"}), 403, lang, "csrf")


@pytest.mark.parametrize("lang", ["da", "de"])
def test_413_a_body_too_large_names_the_bound(club, lang):
    phone = Client(HTTP_ACCEPT_LANGUAGE=lang)
    response = phone.generic("POST", "/login/", b"", CONTENT_LENGTH=str(bounds.MAX_REQUEST_BYTES + 1),
                             content_type="application/x-www-form-urlencoded")
    html = assert_error_page(response, 413, lang)
    assert {"da": "en aftenfil må højst fylde 4,0\xa0MB", "de": "4,0\xa0MB"}[lang] in html
    assert 'id="lang-' not in html   # rendered without the request: no picker without its CSRF token


@pytest.mark.parametrize("lang", ["da", "de"])
def test_503_a_write_the_database_cannot_store(club, monkeypatch, lang):
    make_user(club, Role.MEMBER, "anne")

    def refuse(self, *args, **kwargs):
        raise OperationalError("attempt to write a readonly database")
    monkeypatch.setattr(SessionStore, "save", refuse)
    response = Client(HTTP_ACCEPT_LANGUAGE=lang).post("/login/", {"username": "anne", "password": "pw-secret-1"},
                                                      HTTP_REFERER="http://testserver/login/?next=/")
    html = assert_error_page(response, 503, lang)
    assert {"da": "dit input er bevaret", "de": "deine Eingabe"}[lang] in html
    assert 'href="http://testserver/login/?next=/" id="error-back"' in html
