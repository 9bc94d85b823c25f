"""Every view for each role and for a user of another club: 403/404, never data; anonymous users
see nothing but the login page; CSRF on every state change."""
import json

import pytest
from django.test import Client

from scoring import services
from scoring.models import Club, Deal, Evening, JournalEntry, Leg, Role
from tests.web.conftest import make_user

pytestmark = pytest.mark.django_db
RANK = {None: 0, Role.MEMBER: 1, Role.SCOREKEEPER: 2, Role.ADMIN: 3}


@pytest.fixture
def world(golden_dir):
    club = Club.objects.create(name="Hjemmeklub")
    other = Club.objects.create(name="Naboklub")
    data = json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text())
    open_table = services.evening_import(club=club, data=data)
    closed_table = services.evening_import(club=club, data=data)
    services.evening_close(evening=closed_table.evening)
    deal = Deal.objects.filter(table=open_table, current=True).order_by("-number").first()
    player = open_table.seats.first().player
    users = {role: make_user(club, role) for role in (Role.MEMBER, Role.SCOREKEEPER, Role.ADMIN)}
    users["outsider"] = make_user(other, Role.ADMIN, "outsider")
    return {"club": club, "open": open_table, "closed": closed_table, "deal": deal, "player": player,
            "users": users}


def views(w):
    """(method, url, role needed) for every club-scoped view."""
    t, e, c, d = w["open"], w["open"].evening, w["club"], w["deal"]
    ce = w["closed"].evening
    return [
        ("get", f"/evenings/{e.pk}/", Role.MEMBER),
        ("get", f"/evenings/{e.pk}/tables/new/", Role.SCOREKEEPER),
        ("get", f"/evenings/{e.pk}/tables/import/", Role.SCOREKEEPER),
        ("get", f"/evenings/{e.pk}/close/", Role.SCOREKEEPER),
        ("get", f"/evenings/{e.pk}/pdf/", Role.MEMBER),
        ("get", f"/evenings/{e.pk}/log/", Role.MEMBER),
        ("get", f"/evenings/{ce.pk}/reopen/", Role.ADMIN),
        ("get", f"/tables/{t.pk}/", Role.MEMBER),
        ("get", f"/tables/{t.pk}/form/", Role.SCOREKEEPER),
        ("post", f"/tables/{t.pk}/preview/", Role.SCOREKEEPER),
        ("get", f"/tables/{t.pk}/export/", Role.MEMBER),
        ("get", f"/deals/{d.pk}/edit/", Role.SCOREKEEPER),
        ("get", f"/deals/{d.pk}/void/", Role.SCOREKEEPER),
        ("get", f"/deals/{d.pk}/history/", Role.MEMBER),
        ("get", f"/clubs/{c.pk}/", Role.MEMBER),
        ("get", f"/clubs/{c.pk}/standings/", Role.MEMBER),
        ("get", f"/clubs/{c.pk}/standings/?_export=csv", Role.MEMBER),
        ("get", f"/clubs/{c.pk}/standings/pdf/", Role.MEMBER),
        ("get", f"/players/{w['player'].pk}/", Role.MEMBER),
        ("get", f"/clubs/{c.pk}/players/", Role.ADMIN),
        ("get", f"/clubs/{c.pk}/seasons/", Role.ADMIN),
        ("get", f"/clubs/{c.pk}/language/", Role.ADMIN),
    ]


@pytest.mark.parametrize("who", [Role.MEMBER, Role.SCOREKEEPER, Role.ADMIN, "outsider", "anonymous"])
def test_every_view_for_every_role(world, who):
    client = Client()
    if who != "anonymous":
        client.force_login(world["users"][who])
    for method, url, needed in views(world):
        response = getattr(client, method)(url)
        if who == "anonymous":
            assert response.status_code == 302 and response["Location"].startswith("/login/"), url
        elif who == "outsider":
            assert response.status_code == 404, url
        elif RANK[who] >= RANK[needed]:
            assert response.status_code == 200, (url, who, response.status_code)
        else:
            assert response.status_code == 403, (url, who)
        if response.status_code in (302, 403, 404):
            body = response.content.decode(errors="replace")
            if who in RANK:   # the error page's header names the clubs he belongs to, as every page does
                body = body.split("</header>")[-1]
            assert "Anne" not in body and "Hjemmeklub" not in body, (url, who)


def test_home_lists_only_own_clubs(world):
    client = Client()
    client.force_login(world["users"]["outsider"])
    html = client.get("/").content.decode()
    assert "Hjemmeklub" not in html and "Naboklub" in html


def test_writes_by_members_and_outsiders_change_nothing(world):
    table = world["open"]
    counts = lambda: (Deal.objects.count(), JournalEntry.objects.count(), Leg.objects.count(), Evening.objects.count())
    before = counts()
    deal_data = {"version": table.version, "kind": "misdeal", "dealer": "Anne"}
    for who in (Role.MEMBER, "outsider"):
        client = Client()
        client.force_login(world["users"][who])
        assert client.post(f"/tables/{table.pk}/", deal_data).status_code in (403, 404)
        assert client.post(f"/evenings/{table.evening_id}/close/").status_code in (403, 404)
        assert client.post(f"/deals/{world['deal'].pk}/void/", {"reason": "x"}).status_code in (403, 404)
        assert client.post(f"/evenings/{world['closed'].evening_id}/reopen/", {"reason": "x"}).status_code in (403, 404)
    assert counts() == before


def test_scorekeeper_cannot_reopen_but_admin_can_with_a_reason(world):
    evening = world["closed"].evening
    keeper = Client()
    keeper.force_login(world["users"][Role.SCOREKEEPER])
    assert keeper.post(f"/evenings/{evening.pk}/reopen/", {"reason": "fejl"}).status_code == 403
    admin = Client()
    admin.force_login(world["users"][Role.ADMIN])
    assert admin.post(f"/evenings/{evening.pk}/reopen/", {"reason": ""}).status_code == 422
    assert admin.post(f"/evenings/{evening.pk}/reopen/", {"reason": "Forkert tælling i spil 3"}).status_code == 302
    evening.refresh_from_db()
    assert evening.closed_at is None
    assert evening.events.filter(kind="reopened", reason="Forkert tælling i spil 3").exists()


@pytest.mark.parametrize("url_of", [
    lambda w: f"/tables/{w['open'].pk}/", lambda w: f"/evenings/{w['open'].evening_id}/close/",
    lambda w: f"/deals/{w['deal'].pk}/void/", lambda w: f"/tables/{w['open'].pk}/preview/",
    lambda w: "/evenings/new/", lambda w: f"/deals/{w['deal'].pk}/edit/",
])
def test_csrf_is_required_on_state_changes(world, url_of):
    client = Client(enforce_csrf_checks=True)
    client.force_login(world["users"][Role.ADMIN])
    before = (Deal.objects.count(), JournalEntry.objects.count())
    assert client.post(url_of(world), {"reason": "x", "kind": "misdeal", "dealer": "Anne"}).status_code == 403
    assert (Deal.objects.count(), JournalEntry.objects.count()) == before


def test_login_is_throttled(world):
    client = Client()
    username = world["users"][Role.MEMBER].username
    for _ in range(4):
        assert client.post("/login/", {"username": username, "password": "wrong"}).status_code == 200
    fifth = client.post("/login/", {"username": username, "password": "wrong"})
    assert fifth.status_code == 429 and "For mange mislykkede forsøg" in fifth.content.decode()
    response = client.post("/login/", {"username": username, "password": "pw-secret-1"})  # right, but too late
    assert response.status_code == 429 and "For mange mislykkede forsøg" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_login_works(world):
    client = Client()
    user = world["users"][Role.MEMBER]
    response = client.post("/login/", {"username": user.username, "password": "pw-secret-1"})
    assert response.status_code == 302
    assert client.get(f"/clubs/{world['club'].pk}/").status_code == 200
