"""A club admin sees his club's members' login lockouts (django-axes) and clears one: safe to repeat,
logged in the club's log; another club's users are never shown and cannot be cleared."""
import uuid
from decimal import Decimal

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.test import Client

from scoring.models import Club, ClubEvent, Membership, Role
from tests.web.conftest import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick_hashes(settings):
    """Dozens of logins per test: the cheap hasher (what is tested is the lockout, not the hash)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def fail_logins(username: str, times: int = settings.AXES_FAILURE_LIMIT, address: str = "203.0.113.7") -> None:
    client = Client(REMOTE_ADDR=address)
    for _ in range(times):
        client.post("/login/", {"username": username, "password": "wrong"})


@pytest.fixture
def other_club(db):
    return Club.objects.create(name="Andet", kroner_per_point=Decimal("0.25"))


@pytest.fixture
def admin_client(client, club):
    client.force_login(make_user(club, Role.ADMIN, "formand"))
    return client


def page(client, club):
    return client.get(f"/clubs/{club.pk}/lockouts/")


def clear(client, club, username, key=None):
    return client.post(f"/clubs/{club.pk}/lockouts/", {"username": username, "submission": str(key or uuid.uuid4())})


def test_the_admin_sees_his_members_lockouts_and_not_other_clubs(admin_client, club, other_club):
    make_user(club, Role.SCOREKEEPER, "skriver")
    make_user(club, Role.MEMBER, "anne")
    make_user(other_club, Role.SCOREKEEPER, "fremmed")
    fail_logins("skriver")
    fail_logins("anne", times=settings.AXES_FAILURE_LIMIT - 1)   # not locked yet
    fail_logins("fremmed")
    fail_logins("ukendt")                                          # no user at all
    response = page(admin_client, club)
    assert response.status_code == 200
    assert [lock.username for lock in response.context["lockouts"]] == ["skriver"]
    lock = response.context["lockouts"][0]
    assert lock.failures == settings.AXES_FAILURE_LIMIT and lock.addresses == ("203.0.113.7",)
    assert lock.until - lock.since == settings.AXES_COOLOFF_TIME
    html = response.content.decode()
    assert "skriver" in html and "203.0.113.7" in html
    assert "fremmed" not in html and "ukendt" not in html


def test_the_club_page_links_to_it_for_an_admin(admin_client, club):
    assert f"/clubs/{club.pk}/lockouts/" in admin_client.get(f"/clubs/{club.pk}/").content.decode()
    assert f"/clubs/{club.pk}/lockouts/" in admin_client.get(f"/clubs/{club.pk}/players/").content.decode()


def test_an_address_that_failed_often_locks_a_member_with_failures_of_his_own(admin_client, club):
    make_user(club, Role.MEMBER, "anne")
    fail_logins("anne", times=1, address="198.51.100.9")
    for n in range(settings.LOGIN_ADDRESS_FAILURE_LIMIT // 4):
        fail_logins(f"gæt{n}", times=4, address="198.51.100.9")
    assert [lock.username for lock in page(admin_client, club).context["lockouts"]] == ["anne"]


def test_clearing_works_once_and_twice_and_is_logged_once(admin_client, club):
    make_user(club, Role.SCOREKEEPER, "skriver")
    fail_logins("skriver")
    assert Client(REMOTE_ADDR="203.0.113.7").post(
        "/login/", {"username": "skriver", "password": "pw-secret-1"}).status_code == 429   # locked
    key = uuid.uuid4()
    response = clear(admin_client, club, "skriver", key)
    assert response.status_code == 302 and response["Location"] == f"/clubs/{club.pk}/lockouts/"
    assert not AccessAttempt.objects.filter(username="skriver").exists()
    assert page(admin_client, club).context["lockouts"] == []
    assert clear(admin_client, club, "skriver", key).status_code == 302    # the same form again
    assert clear(admin_client, club, "skriver").status_code == 302         # a fresh form: nothing to clear
    events = list(ClubEvent.objects.filter(club=club))
    assert [(e.kind, e.subject, e.user.username) for e in events] == [("unlocked", "skriver", "formand")]
    assert "skriver" in page(admin_client, club).content.decode()   # in the club's log
    response = Client(REMOTE_ADDR="203.0.113.7").post("/login/", {"username": "skriver", "password": "pw-secret-1"})
    assert response.status_code == 302   # logs in again


def test_another_clubs_user_cannot_be_cleared(admin_client, club, other_club):
    make_user(other_club, Role.SCOREKEEPER, "fremmed")
    fail_logins("fremmed")
    assert clear(admin_client, club, "fremmed").status_code == 404
    assert clear(admin_client, club, "ukendt").status_code == 404
    assert AccessAttempt.objects.filter(username="fremmed").exists()
    assert not ClubEvent.objects.exists()
    assert page(admin_client, other_club).status_code == 404   # not his club's page either


@pytest.mark.parametrize("role", [Role.MEMBER, Role.SCOREKEEPER])
def test_a_member_who_is_not_admin_is_refused(client, club, role):
    make_user(club, Role.SCOREKEEPER, "skriver")
    fail_logins("skriver")
    client.force_login(make_user(club, role, "almindelig"))
    assert page(client, club).status_code == 403
    assert clear(client, club, "skriver").status_code == 403
    assert AccessAttempt.objects.filter(username="skriver").exists()


def test_an_admin_of_two_clubs_sees_each_clubs_own(client, club, other_club):
    admin = make_user(club, Role.ADMIN, "formand")
    Membership.objects.create(user=admin, club=other_club, role=Role.ADMIN)
    make_user(club, Role.MEMBER, "anne")
    make_user(other_club, Role.MEMBER, "bent")
    fail_logins("anne")
    fail_logins("bent")
    client.force_login(admin)
    assert [lock.username for lock in page(client, club).context["lockouts"]] == ["anne"]
    assert [lock.username for lock in page(client, other_club).context["lockouts"]] == ["bent"]


def test_the_page_in_english(admin_client, club):
    make_user(club, Role.SCOREKEEPER, "skriver")
    fail_logins("skriver")
    admin_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = page(admin_client, club).content.decode()
    assert "Locked-out logins" in html and "Clear the lockout of skriver" in html
    assert f"{settings.AXES_FAILURE_LIMIT} failed attempts" in html
    response = clear(admin_client, club, "skriver")
    assert "skriver can log in again." in admin_client.get(response["Location"]).content.decode()
