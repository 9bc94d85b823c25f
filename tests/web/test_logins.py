"""Login throttling: one counter per username as Django logs it in, the admin login
counted with the site's, the client's address taken from a trusted proxy only, and a correct
password never refused for a user with no failures of his own."""
import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.utils import timezone

from scoring.models import Role
from tests.web.conftest import make_user

pytestmark = pytest.mark.django_db
PASSWORD = "pw-secret-1"
PROXY = "10.0.0.5"


@pytest.fixture
def victim(club):
    return make_user(club, Role.MEMBER, "victim")


def attempt(username, password="wrong", path="/login/", client=None, **extra):
    return (client or Client()).post(path, {"username": username, "password": password}, **extra)


def logged_in(response) -> bool:
    return response.status_code == 302 and "_auth_user_id" in response.wsgi_request.session


def test_whitespace_and_full_width_variants_count_against_the_user(victim):
    """Django logs `" victim "` and `ｖｉｃｔｉｍ` in as `victim` (UsernameField strips and applies NFKC),
    so their failures are victim's failures."""
    for variant in (" victim ", "ｖｉｃｔｉｍ", "victim\t", "\u3000ｖictim"):
        assert attempt(variant).status_code == 200
    response = attempt(" ｖｉｃｔｉｍ ")
    assert response.status_code == 429 and "For mange mislykkede forsøg" in response.content.decode()
    refused = attempt("victim", PASSWORD)  # the right password, but the username is locked
    assert refused.status_code == 429 and not logged_in(refused)


def test_a_variant_logs_in_as_the_user(victim):
    assert logged_in(attempt(" ｖｉｃｔｉｍ ", PASSWORD))


def test_another_users_success_does_not_clear_the_users_failures(club, victim):
    """`Victim` is another user (usernames are case-sensitive, as the backend matches them): his
    login clears his own failures, never victim's."""
    make_user(club, Role.MEMBER, "Victim")
    for _ in range(4):
        assert attempt("victim").status_code == 200
    assert logged_in(attempt("Victim", PASSWORD))
    assert attempt("victim").status_code == 429
    assert not logged_in(attempt("victim", PASSWORD))


def test_the_users_own_success_clears_his_failures(victim):
    for _ in range(4):
        attempt("victim")
    assert logged_in(attempt(" victim", PASSWORD))
    for _ in range(4):
        assert attempt("victim").status_code == 200
    assert logged_in(attempt("victim", PASSWORD))


def test_admin_login_is_throttled(club):
    admin = make_user(club, Role.ADMIN, "klubadmin")
    get_user_model().objects.filter(pk=admin.pk).update(is_staff=True)
    for _ in range(4):
        assert attempt("klubadmin", path="/admin/login/").status_code == 200
    assert attempt(" klubadmin", path="/admin/login/").status_code == 429
    client = Client()
    refused = attempt("klubadmin", PASSWORD, path="/admin/login/?next=/admin/", client=client)
    assert refused.status_code == 429 and "For mange mislykkede forsøg" in refused.content.decode()
    assert "_auth_user_id" not in client.session
    assert attempt("klubadmin", PASSWORD).status_code == 429  # one counter for both login pages


def test_admin_failures_count_on_the_site_login(club):
    make_user(club, Role.ADMIN, "klubadmin")
    for _ in range(3):
        attempt("klubadmin", path="/admin/login/")
    attempt("klubadmin")
    assert attempt("klubadmin").status_code == 429


def spray(address, failures=20):
    """Failures of other usernames from one address, as axes records them (faster than logging in
    that often; test_an_address_with_many_failures_locks_… makes them by logging in)."""
    AccessAttempt.objects.create(username="nobody", ip_address=address, user_agent="", http_accept="",
                                 path_info="/login/", get_data="", post_data="",
                                 failures_since_start=failures, attempt_time=timezone.now())


def recorded_addresses():
    return set(AccessAttempt.objects.values_list("ip_address", flat=True))


def test_correct_password_from_an_address_with_many_failures(victim):
    """Everyone behind one proxy shares its address: other people's failures there never lock
    out a user who has no failures of his own."""
    spray(PROXY, 100)
    assert logged_in(attempt("victim", PASSWORD, REMOTE_ADDR=PROXY))


def test_an_address_with_many_failures_locks_users_with_failures_of_their_own(victim):
    for n in range(20):
        attempt(f"nobody-{n}", REMOTE_ADDR="192.0.2.9")
    assert attempt("victim", REMOTE_ADDR="192.0.2.9").status_code == 429
    assert not logged_in(attempt("victim", PASSWORD, REMOTE_ADDR="192.0.2.9"))
    assert logged_in(attempt("victim", PASSWORD, REMOTE_ADDR="192.0.2.10"))  # fewer than 5 of his own


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_behind_a_trusted_proxy_clients_are_told_apart_by_x_forwarded_for(victim):
    attempt("nobody", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.7")
    assert recorded_addresses() == {"203.0.113.7"}
    spray("203.0.113.7")
    other_client = {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "198.51.100.1, 203.0.113.8"}
    assert attempt("victim", **other_client).status_code == 200  # a mistype of his own
    assert logged_in(attempt("victim", PASSWORD, **other_client))
    assert attempt("victim", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.7").status_code == 429


@override_settings(TRUSTED_PROXIES=["10.0.0.0/8"])
def test_trusted_proxies_may_be_networks_and_chains(victim):
    attempt("victim", REMOTE_ADDR="10.1.2.3", HTTP_X_FORWARDED_FOR="1.2.3.4, 203.0.113.7, 10.9.9.9")
    assert recorded_addresses() == {"203.0.113.7"}


def test_without_trusted_proxies_x_forwarded_for_is_ignored(victim):
    attempt("nobody", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.7")
    assert recorded_addresses() == {PROXY}
    spray(PROXY)
    assert attempt("victim", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.8").status_code == 429
    assert not logged_in(attempt("victim", PASSWORD, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.8"))


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_x_forwarded_for_from_an_untrusted_address_is_ignored(victim):
    attempt("victim", REMOTE_ADDR="192.0.2.44", HTTP_X_FORWARDED_FOR="203.0.113.7")
    assert recorded_addresses() == {"192.0.2.44"}


def test_the_lockout_page_speaks_the_chosen_language(victim):
    client = Client()
    client.cookies["django_language"] = "en"
    for _ in range(5):
        response = attempt("victim", client=client)
    assert response.status_code == 429
    assert "Too many failed attempts. Wait a quarter of an hour" in response.content.decode()
