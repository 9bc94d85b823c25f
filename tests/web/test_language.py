"""The page's language (scoring/language.py): the picker's choice on this phone, else the user's own
choice kept for him, else his club's default set by a club admin, else the browser's, else Danish."""
import pytest
from django.conf import settings
from django.test import Client

from scoring.language import SESSION_KEY
from scoring.models import Club, LanguageChoice, Role
from tests.web.conftest import make_user


def page_language(client, url="/") -> str:
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return response.headers["Content-Language"]


@pytest.fixture
def admin(club):
    return make_user(club, Role.ADMIN, "admin")


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_picker_offers_the_four_languages_each_in_its_own_name(club):
    html = logged_in(make_user(club, Role.MEMBER)).get("/").content.decode()
    # the page is Danish, so the picker offers the three others
    for code, name in (("en", "English"), ("de", "Deutsch"), ("sl", "Slovenščina")):
        assert f'id="lang-{code}">{name}</button>' in html, code
    assert 'id="lang-da"' not in html


def test_a_member_who_has_not_chosen_gets_his_clubs_default(club):
    member = make_user(club, Role.MEMBER)
    assert page_language(logged_in(member)) == "da"
    club.language = "de"
    club.save()
    client = logged_in(member)          # the club's default reaches him at his next login
    assert page_language(client) == "de"
    assert "Tabelle" in client.get(f"/clubs/{club.pk}/").content.decode()


def test_a_users_choice_is_kept_for_him_and_beats_the_clubs_default(club):
    Club.objects.filter(pk=club.pk).update(language="de")
    member = make_user(club, Role.MEMBER)
    phone = logged_in(member)
    response = phone.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302 and response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME]["max-age"] == 365 * 24 * 60 * 60
    assert page_language(phone) == "en"
    assert LanguageChoice.objects.get(user=member).language == "en"
    other_phone = logged_in(member)     # no cookie there: his own choice, not the club's German
    assert page_language(other_phone) == "en"


def test_a_choice_made_on_the_login_page_is_kept_when_he_logs_in(club):
    member = make_user(club, Role.MEMBER, "anna")
    phone = Client()
    assert phone.post("/i18n/setlang/", {"language": "de", "next": "/login/"}).status_code == 302
    assert phone.get("/login/").headers["Content-Language"] == "de"
    assert phone.post("/login/", {"username": "anna", "password": "pw-secret-1"}).status_code == 302
    assert LanguageChoice.objects.get(user=member).language == "de"
    assert page_language(logged_in(member)) == "de"


def test_logging_out_forgets_the_login_but_not_the_phones_choice(club):
    member = make_user(club, Role.MEMBER)
    phone = logged_in(member)
    phone.post("/i18n/setlang/", {"language": "de", "next": "/"})
    phone.post("/logout/")
    assert phone.get("/login/").headers["Content-Language"] == "de"     # the cookie stays on the phone


@pytest.mark.parametrize("accept, language, word", [
    ("de-DE,de;q=0.9,en;q=0.8", "de", "Anmelden"), ("sl-SI", "sl", "Prijava"),
    ("fr-FR,fr;q=0.9,en;q=0.5", "en", "Log in"), ("fr-FR", "da", "Log ind"), ("", "da", "Log ind"),
])
def test_a_new_phone_gets_the_login_page_in_its_browsers_language(db, accept, language, word):
    response = Client(HTTP_ACCEPT_LANGUAGE=accept).get("/login/")
    assert response.headers["Content-Language"] == language
    assert f"<h1>{word}</h1>" in response.content.decode()
    assert "Accept-Language" in response.headers["Vary"]   # no cache serves it to a phone of another language


def test_the_phones_choice_and_the_logins_language_beat_the_browsers(club):
    Club.objects.filter(pk=club.pk).update(language="de")
    make_user(club, Role.MEMBER, "anna")
    phone = Client(HTTP_ACCEPT_LANGUAGE="en")
    phone.cookies[settings.LANGUAGE_COOKIE_NAME] = "sl"
    assert phone.get("/login/").headers["Content-Language"] == "sl"
    del phone.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert phone.post("/login/", {"username": "anna", "password": "pw-secret-1"}).status_code == 302
    page = phone.get("/")
    assert page.headers["Content-Language"] == "de"   # the club's, though the browser asks for English
    assert "Accept-Language" not in page.headers.get("Vary", "")
    phone.post("/logout/")
    # the login page after logging out speaks the language the phone was just in
    assert phone.get("/login/").headers["Content-Language"] == "de"


def test_an_unknown_language_changes_nothing(club):
    member = make_user(club, Role.MEMBER)
    phone = logged_in(member)
    phone.post("/i18n/setlang/", {"language": "xx", "next": "/"})
    assert page_language(phone) == "da" and not LanguageChoice.objects.exists()
    phone.cookies[settings.LANGUAGE_COOKIE_NAME] = "xx"
    assert page_language(phone) == "da"
    session = phone.session
    session[SESSION_KEY] = "klingon"
    session.save()
    assert page_language(phone) == "da"


def test_a_club_admin_sets_the_clubs_default_language(club, admin):
    client = logged_in(admin)
    page = client.get(f"/clubs/{club.pk}/language/")
    assert page.status_code == 200 and 'value="de"' in page.content.decode()
    assert f'href="/clubs/{club.pk}/language/"' in client.get(f"/clubs/{club.pk}/").content.decode()
    response = client.post(f"/clubs/{club.pk}/language/", {"language": "de"})
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.language == "de"
    assert page_language(logged_in(make_user(club, Role.SCOREKEEPER))) == "de"


def test_the_admin_who_has_not_chosen_sees_the_new_default_at_once_and_one_who_has_keeps_his(club, admin):
    client = logged_in(admin)
    response = client.post(f"/clubs/{club.pk}/language/", {"language": "de"}, follow=True)
    assert response.headers["Content-Language"] == "de"
    assert "Die Sprache des Clubs ist gespeichert." in response.content.decode()
    LanguageChoice.objects.create(user=admin, language="en")
    client = logged_in(admin)
    response = client.post(f"/clubs/{club.pk}/language/", {"language": "da"}, follow=True)
    assert response.headers["Content-Language"] == "en"
    assert "The club&#x27;s language is saved." in response.content.decode()


def test_a_wrong_language_is_refused_at_its_field_and_nothing_is_written(club, admin):
    client = logged_in(admin)
    response = client.post(f"/clubs/{club.pk}/language/", {"language": "fr"})
    assert response.status_code == 422
    assert 'name="language"' in response.content.decode() and "errorlist" in response.content.decode()
    club.refresh_from_db()
    assert club.language == "da"


def test_only_a_club_admin_sets_the_language(club):
    keeper = logged_in(make_user(club, Role.SCOREKEEPER))
    assert keeper.post(f"/clubs/{club.pk}/language/", {"language": "de"}).status_code == 403
    club.refresh_from_db()
    assert club.language == "da"


def test_a_new_club_speaks_danish():
    assert Club._meta.get_field("language").default == "da"



@pytest.mark.parametrize("page", ["da", "en", "de", "sl", "de-at"])
def test_the_engines_own_texts_are_in_the_page_language(page):
    from django.utils import translation

    from scoring.engine.problems import problem
    from scoring.language import engine_language

    with translation.override(page):
        assert engine_language() == page[:2]
        message = problem(None, "", "required").message(engine_language())
    assert message == {"da": "skal udfyldes", "en": "is required", "de": "muss ausgefüllt werden",
                       "sl": "obvezen podatek"}[page[:2]]
