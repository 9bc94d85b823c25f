"""A database that cannot be written, for real (scoring/storage.py): on PostgreSQL a read-only
transaction (what a read-only role or a standby gives: psycopg's InternalError, SQLSTATE 25006), on
SQLite ``PRAGMA query_only`` ("attempt to write a readonly database"). Every writing form comes back
with what was typed and the words that nothing was stored, answered 503; reads go on working."""
import uuid

import pytest
from django.db import connection, transaction

from scoring import services
from scoring.models import Club, Role, Tournament
from scoring.selectors import table_sheet
from scoring.table_families import table_family
from tests.web.conftest import make_user
from tests.web.family_tables import seat
from tests.web.test_sync import plain

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]

SAYS = "kan ikke gemme lige nu"   # storage.message()
NAMES = ("Anne", "Bent", "Carl", "Dorte")


def set_read_only(on: bool) -> None:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            if on:
                cursor.execute("SET TRANSACTION READ ONLY")
        else:
            cursor.execute(f"PRAGMA query_only = {'ON' if on else 'OFF'}")


@pytest.fixture
def read_only():
    """The database refuses every write from here on. In a savepoint of the test's transaction, so that
    PostgreSQL's setting goes with it (the teardown's deferred checks must still run)."""
    savepoint = transaction.savepoint()
    set_read_only(True)
    yield
    transaction.savepoint_rollback(savepoint)
    set_read_only(False)


@pytest.fixture
def read_only_later(request):
    return lambda: request.getfixturevalue("read_only")


def seating(names) -> dict:
    data = {"date": "2026-11-21"}
    for i, name in enumerate(names, start=1):
        data[f"new_{i}"] = data[f"sure_{i}"] = name
    return data


def recorded(club):
    """A table with one deal, recorded from what its form reads of a plain deal's POST."""
    table = seat(club, NAMES, "vlk")
    form = table_family(table.family).make_form(table, table_sheet(table), data=plain(table))
    assert form.is_valid(), form.errors
    return table, services.deal_record(table=table, outcome=form.to_outcome())


def closed_evening(club):
    table, _deal = recorded(club)
    services.evening_close(evening=table.evening)
    return table.evening


# Each writing form: (its URL and what is posted, made from the club), and how the typed input shows.
FORMS = {
    "evening_new": (lambda club: ("/evenings/new/", seating(["Ingeborg", *NAMES[1:]])), 'value="Ingeborg"'),
    "table_new": (lambda club: (f"/evenings/{seat(club, NAMES, 'vlk').evening_id}/tables/new/",
                                seating(["Ingeborg", "Jens", "Karen"])), 'value="Ingeborg"'),
    "deal_record": (lambda club: ((t := seat(club, NAMES, "vlk")) and f"/tables/{t.pk}/", plain(t, **{"counts.Bent": "37"})),
                    'value="37"'),
    "deal_correct": (lambda club: ((d := recorded(club)[1]) and f"/deals/{d.pk}/edit/",
                                   plain(d.table, **{"counts.Bent": "37"})), 'value="37"'),
    "deal_void": (lambda club: ((d := recorded(club)[1]) and f"/deals/{d.pk}/void/",
                                {"reason": "Givet af den forkerte", "version": d.table.version}),
                  "Givet af den forkerte</textarea>"),
    "evening_reopen": (lambda club: (f"/evenings/{closed_evening(club).pk}/reopen/", {"reason": "Glemt et spil"}),
                       "Glemt et spil</textarea>"),
    "player_new": (lambda club: (f"/clubs/{club.pk}/players/", {"name": "Ingeborg"}), 'value="Ingeborg"'),
    "season_new": (lambda club: (f"/clubs/{club.pk}/seasons/",
                                 {"name": "Forår 2031", "starts": "2031-01-01", "ends": "2031-06-30"}),
                   'value="Forår 2031"'),
    "player_rename": (lambda club: (f"/clubs/{club.pk}/members/{services.player_get_or_create(club=club, name='Anne').pk}/",
                                    {"action": "rename", "name": "Ingeborg"}), 'value="Ingeborg"'),
    "club_rate": (lambda club: (f"/clubs/{club.pk}/settings/", {"action": "rate", "kroner_per_point": "0,37"}),
                  'value="0,37"'),
    "tournament_new": (lambda club: (f"/clubs/{club.pk}/tournaments/", {
        "name": "Påskepokalen", "rules": "vlk", "rounds": "3", "round_length_kind": "deals", "round_length": "12",
        "scoring": "points", "bye_score": "zero", "kroner_per_point": "0"}), 'value="Påskepokalen"'),
    "tournament_register": (lambda club: (f"/tournaments/{tournament(club).pk}/players/", {"name": "Ingeborg"}),
                            'value="Ingeborg"'),
    "payment_record": (lambda club: ((t := closed_evening(club).transfers.first())
                                     and f"/clubs/{club.pk}/payments/new/?transfer={t.pk}",
                                     {"payer": t.payer_id, "receiver": t.receiver_id, "amount": "1,25",
                                      "currency": "DKK", "method": "cash", "paid_on": "2026-01-01",
                                      "note": "Til kassereren"}), 'value="Til kassereren"'),
}


def tournament(club) -> Tournament:
    return services.tournament_create(club=club, name="Pokalen", rules="vlk", rounds=3, round_length_kind="deals",
                                      round_length=12, scoring="points", bye_score="zero", kroner_per_point=0)


@pytest.mark.parametrize("name", FORMS)
def test_every_writing_form_keeps_what_was_typed_when_the_database_cannot_write(client, name, request):
    club = Club.objects.create(name="VLK")
    client.force_login(make_user(club, Role.ADMIN))
    make, typed = FORMS[name]
    url, data = make(club)
    assert typed not in client.get(url).content.decode()   # reads work; the value is the one typed
    request.getfixturevalue("read_only")
    response = client.post(url, {**data, "submission": str(uuid.uuid4())})
    html = response.content.decode()
    assert response.status_code == 503, (response.status_code, html[-1500:])
    assert SAYS in html and typed in html, html[-3000:]
    assert "<form" in html



@pytest.mark.parametrize("who", ["member", "anonymous with a session", "anonymous"])
def test_the_language_picker_works_on_this_phone_when_the_database_cannot_write(client, who, read_only_later):
    """The choice is the language cookie's (scoring/language.py); the login's copy of it cannot be kept.
    An existing session's save failing used to answer 400, a new one's 500."""
    club = Club.objects.create(name="VLK")
    if who == "member":
        client.force_login(make_user(club, Role.ADMIN))
    elif who == "anonymous with a session":
        client.post("/i18n/setlang/", {"language": "de", "next": "/login/"})
        assert client.session.session_key
    read_only_later()
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/login/"})
    assert response.status_code == 302 and response["Location"] == "/login/"
    assert client.get("/login/")["Content-Language"] == "en"
