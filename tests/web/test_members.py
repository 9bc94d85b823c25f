"""The members page and the club's settings: every write through its service, keyed, logged, and
refused at its field with nothing written (403 for a non-admin, 422 for bad input)."""
import json
import uuid
from decimal import Decimal

import pytest

from scoring import services
from scoring.selectors.ledger_audit import ledger_differences
from scoring.models import Club, ClubEvent, ClubEventKind, Player, Role
from scoring.selectors.standings import standings
from tests.web.conftest import make_user

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


@pytest.fixture
def admin_client(client, club):
    client.force_login(make_user(club, Role.ADMIN))
    return client


@pytest.fixture
def member_client(client, club):
    client.force_login(make_user(club, Role.MEMBER))
    return client


def post(client, url, **data):
    return client.post(url, {"submission": uuid.uuid4().hex, **data})


def written():
    return (list(Player.objects.order_by("pk").values_list("name", "email", "user_id", "language", "merged_into_id",
                                                           "retired_at")),
            ClubEvent.objects.count(), list(Club.objects.values_list("kroner_per_point", "currency", "language")))


# Rename ---------------------------------------------------------------------------------------------

def test_rename_shows_the_new_name_on_old_sheets_and_logs_from_what(admin_client, club, four_table):
    anne = Player.objects.get(name="Anne")
    response = post(admin_client, f"/clubs/{club.pk}/members/{anne.pk}/", action="rename", name="Anna Marie")
    assert response.status_code == 302
    assert Player.objects.get(pk=anne.pk).name == "Anna Marie"
    event = ClubEvent.objects.get(kind=ClubEventKind.RENAMED)
    assert (event.player_id, event.before, event.after) == (anne.pk, "Anne", "Anna Marie")
    sheet = admin_client.get(f"/tables/{four_table.pk}/").content.decode()
    assert "Anna Marie" in sheet
    page = admin_client.get(f"/players/{anne.pk}/").content.decode()
    assert "Anne omdøbt til Anna Marie" in page
    # the table still knows him by the name its deals record: a deal names him so and is saved
    assert four_table.seats.get(player=anne).name == "Anne"


@pytest.mark.parametrize("name, field_word", [("", "name"), ("bent", "Bent"), ("   ", "name")])
def test_rename_refused_at_the_name_nothing_written(admin_client, club, four_table, name, field_word):
    anne = Player.objects.get(name="Anne")
    before = written()
    response = post(admin_client, f"/clubs/{club.pk}/members/{anne.pk}/", action="rename", name=name)
    assert response.status_code == 422
    assert 'id="rename"' in response.content.decode() and "errorlist" in response.content.decode()
    assert written() == before


def test_rename_by_a_member_is_403_and_another_clubs_player_404(client, club, four_table):
    member_client = admin_client = client
    member_client.force_login(make_user(club, Role.MEMBER))
    anne = Player.objects.get(name="Anne")
    before = written()
    assert post(member_client, f"/clubs/{club.pk}/members/{anne.pk}/", action="rename", name="X").status_code == 403
    assert member_client.get(f"/clubs/{club.pk}/members/").status_code == 403
    assert written() == before
    other = Club.objects.create(name="Andre")
    stranger = services.player_get_or_create(club=other, name="Zorro")
    admin = make_user(club, Role.ADMIN, "admin-2")
    admin_client.force_login(admin)
    assert post(admin_client, f"/clubs/{club.pk}/members/{stranger.pk}/", action="rename", name="Y").status_code == 404


def test_a_repeated_rename_writes_once(admin_client, club, four_table):
    anne = Player.objects.get(name="Anne")
    key = uuid.uuid4().hex
    data = {"submission": key, "action": "rename", "name": "Annie"}
    assert admin_client.post(f"/clubs/{club.pk}/members/{anne.pk}/", data).status_code == 302
    assert admin_client.post(f"/clubs/{club.pk}/members/{anne.pk}/", data).status_code == 302
    assert ClubEvent.objects.filter(kind=ClubEventKind.RENAMED).count() == 1


def test_a_renamed_player_goes_on_recording_at_his_open_table(club, four_table, golden_dir):
    """The deals name the players as they sat down; a rename mid-evening changes none of that: the
    deals are saved, corrected, closed and re-settled by check_ledger as before."""
    deals = json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text())["deals"]
    services.deal_record(table=four_table, outcome=deals[0])
    services.player_rename(player=Player.objects.get(name="Bent"), name="Benny")
    for deal in deals[1:]:
        services.deal_record(table=four_table, outcome=deal)
    first = four_table.deals.get(number=1, current=True)
    services.deal_correct(deal=first, outcome=deals[0], reason="samme")
    services.evening_close(evening=four_table.evening)
    assert ledger_differences()[1] == []
    assert "Benny" in {r.player for r in standings(club, include_open=True)}


# E-mail and login ----------------------------------------------------------------------------------

def test_email_login_and_language_saved_and_logged_without_the_address(admin_client, club, four_table):
    anne = Player.objects.get(name="Anne")
    member = make_user(club, Role.MEMBER, "anne-login")
    page = admin_client.get(f"/clubs/{club.pk}/members/{anne.pk}/").content.decode()
    assert '<option value="" selected>Klubbens sprog (Dansk)</option>' in page
    response = post(admin_client, f"/clubs/{club.pk}/members/{anne.pk}/", action="contact",
                    email="anne@example.org", login="anne-login", language="de")
    assert response.status_code == 302
    anne.refresh_from_db()
    assert (anne.email, anne.user_id, anne.language) == ("anne@example.org", member.pk, "de")
    event = ClubEvent.objects.get(kind=ClubEventKind.CONTACT)
    assert "anne@example.org" not in f"{event.before}{event.after}{event.subject}"
    assert "anne@example.org" not in admin_client.get(f"/players/{anne.pk}/").content.decode()


@pytest.mark.parametrize("data, field", [
    ({"email": "not-an-address"}, "email"),
    ({"email": "", "login": "nobody-here"}, "login"),
    ({"email": "anne@example.org", "language": "fr"}, "language"),
])
def test_contact_refused_at_its_field(admin_client, club, four_table, data, field):
    anne = Player.objects.get(name="Anne")
    before = written()
    response = post(admin_client, f"/clubs/{club.pk}/members/{anne.pk}/", action="contact", **data)
    assert response.status_code == 422
    assert written() == before
    assert response.context["contact"].errors.get(field)
    with pytest.raises(services.RecordingError) as refused:   # the service's own check, the form's aside
        services.player_contact_set(player=anne, **({"email": "", "login": ""} | data))
    assert refused.value.errors[0].field == field and written() == before


def test_a_login_speaks_for_one_player_of_a_club(admin_client, club, four_table):
    make_user(club, Role.MEMBER, "shared")
    anne, bent = Player.objects.get(name="Anne"), Player.objects.get(name="Bent")
    services.player_contact_set(player=anne, email="", login="shared")
    before = written()
    response = post(admin_client, f"/clubs/{club.pk}/members/{bent.pk}/", action="contact", email="", login="shared")
    assert response.status_code == 422
    assert "Anne" in str(response.context["contact"].errors["login"])
    assert written() == before
    # the service itself refuses another club's user (the form offers only the club's members)
    stranger = Club.objects.create(name="Andre")
    make_user(stranger, Role.MEMBER, "outsider")
    with pytest.raises(services.RecordingError) as refused:
        services.player_contact_set(player=bent, email="", login="outsider")
    assert refused.value.errors[0].field == "login"


# Retire ---------------------------------------------------------------------------------------------

def test_a_retired_player_leaves_the_pickers_and_suggestions_and_can_come_back(admin_client, club, four_table):
    services.evening_close(evening=four_table.evening)
    dorte = Player.objects.get(name="Dorte")
    near = {"club": club.pk, "date": "2026-11-27", "seat_1": "Anne", "seat_2": "Bent", "seat_3": "Carl",
            "new_4": "Dorthe"}
    assert "Dorte?" in post(admin_client, "/evenings/new/", **near).content.decode()   # asked while she plays
    assert post(admin_client, f"/clubs/{club.pk}/members/{dorte.pk}/", action="retire").status_code == 302
    assert Player.objects.get(pk=dorte.pk).retired_at is not None
    page = admin_client.get(f"/evenings/new/?club={club.pk}").content.decode()
    assert '<option value="Dorte"' not in page and '<option value="Anne"' in page
    # a name near hers is no longer asked about ("Mente du Dorte?")
    response = post(admin_client, "/evenings/new/", **near)
    assert "Dorte?" not in response.content.decode()
    # kept in history and standings
    assert "Dorte" in admin_client.get(f"/clubs/{club.pk}/standings/").content.decode()
    assert post(admin_client, f"/clubs/{club.pk}/members/{dorte.pk}/", action="return").status_code == 302
    assert Player.objects.get(pk=dorte.pk).retired_at is None
    assert '<option value="Dorte"' in admin_client.get(f"/evenings/new/?club={club.pk}").content.decode()
    kinds = list(ClubEvent.objects.order_by("pk").values_list("kind", flat=True))
    assert kinds == [ClubEventKind.RETIRED, ClubEventKind.UNRETIRED]


def test_retire_twice_logs_once(club, four_table):
    dorte = Player.objects.get(name="Dorte")
    services.player_retire(player=dorte)
    services.player_retire(player=dorte)
    assert ClubEvent.objects.filter(kind=ClubEventKind.RETIRED).count() == 1


# Merge ----------------------------------------------------------------------------------------------

def test_merge_is_shown_for_review_then_written_and_logged(admin_client, club, four_table):
    services.evening_close(evening=four_table.evening)
    typo = services.player_get_or_create(club=club, name="Bnet")
    other = services.evening_create(club=club, date="2026-11-27")
    services.table_create(evening=other, players=[typo, *Player.objects.filter(name__in=["Anne", "Carl", "Dorte"])])
    bent = Player.objects.get(name="Bent")
    url = f"/clubs/{club.pk}/members/{typo.pk}/"
    response = post(admin_client, url, action="merge", into=bent.pk)
    assert response.status_code == 302 and response["Location"] == f"{url}merge/?into={bent.pk}"
    review = admin_client.get(response["Location"])
    assert review.status_code == 200 and 'id="merge-moves"' in review.content.decode()
    assert Player.objects.get(pk=typo.pk).merged_into_id is None      # nothing written by the review
    done = post(admin_client, f"{url}merge/", into=bent.pk)
    assert done.status_code == 302
    assert Player.objects.get(pk=typo.pk).merged_into_id == bent.pk
    event = ClubEvent.objects.get(kind=ClubEventKind.MERGED)
    assert (event.player_id, event.other_id, event.before, event.after) == (typo.pk, bent.pk, "Bnet", "Bent")
    # gone from the pickers; the sheet where he sat heads him as Bent
    assert '<option value="Bnet"' not in admin_client.get(f"/evenings/new/?club={club.pk}").content.decode()
    table = other.tables.get()
    assert "Bent" in admin_client.get(f"/tables/{table.pk}/").content.decode()


def test_merge_of_players_at_one_table_is_refused_naming_the_evening(admin_client, club, four_table):
    anne, bent = Player.objects.get(name="Anne"), Player.objects.get(name="Bent")
    before = written()
    response = post(admin_client, f"/clubs/{club.pk}/members/{anne.pk}/merge/", into=bent.pk)
    assert response.status_code == 422
    text = response.content.decode()
    assert "merge-problems" in text and "20.11.2026" in text.replace("20.11.26", "20.11.2026")
    assert written() == before


def test_merge_by_a_member_is_403(member_client, club, four_table):
    anne, bent = Player.objects.get(name="Anne"), Player.objects.get(name="Bent")
    before = written()
    assert post(member_client, f"/clubs/{club.pk}/members/{anne.pk}/merge/", into=bent.pk).status_code == 403
    assert written() == before


def test_merge_into_nobody_is_422(admin_client, club, four_table):
    anne = Player.objects.get(name="Anne")
    before = written()
    response = post(admin_client, f"/clubs/{club.pk}/members/{anne.pk}/", action="merge", into="")
    assert response.status_code == 422
    assert response.context["merge"].errors.get("into")
    assert written() == before


# The club's settings ---------------------------------------------------------------------------------

def test_rate_saved_from_the_next_close_and_logged(admin_client, club):
    response = post(admin_client, f"/clubs/{club.pk}/settings/", action="rate", kroner_per_point="0,30")
    assert response.status_code == 302
    assert Club.objects.get(pk=club.pk).kroner_per_point == Decimal("0.30")
    event = ClubEvent.objects.get(kind=ClubEventKind.RATE)
    assert (event.before, event.after) == ("0.25 DKK", "0.3 DKK")     # each rate with its currency
    assert "0,30" in admin_client.get(f"/clubs/{club.pk}/settings/").content.decode()
    # the club's log writes the rates as the page's language writes money, not "0.25 → 0.3"
    assert "0,25 kr. → 0,30 kr." in admin_client.get(f"/clubs/{club.pk}/members/").content.decode()


@pytest.mark.parametrize("rate", ["abc", "-1", "10000", "0,123456", "NaN", "Infinity"])
def test_bad_rate_refused_at_its_field(admin_client, club, rate):
    before = written()
    response = post(admin_client, f"/clubs/{club.pk}/settings/", action="rate", kroner_per_point=rate)
    assert response.status_code == 422
    assert response.context["rate"].errors.get("kroner_per_point")
    assert written() == before


def test_currency_saved_from_the_next_close_and_logged(admin_client, club):
    response = post(admin_client, f"/clubs/{club.pk}/settings/", action="currency", currency="EUR")
    assert response.status_code == 302 and Club.objects.get(pk=club.pk).currency == "EUR"
    event = ClubEvent.objects.get(kind=ClubEventKind.CURRENCY)
    assert (event.before, event.after) == ("DKK", "EUR")
    before = written()
    response = post(admin_client, f"/clubs/{club.pk}/settings/", action="currency", currency="SEK")
    assert response.status_code == 422 and response.context["currency"].errors.get("currency")
    assert written() == before


def test_language_on_the_settings_page(admin_client, club):
    response = post(admin_client, f"/clubs/{club.pk}/settings/", action="language", language="sl")
    assert response.status_code == 302 and Club.objects.get(pk=club.pk).language == "sl"
    before = written()
    response = post(admin_client, f"/clubs/{club.pk}/settings/", action="language", language="xx")
    assert response.status_code == 422 and written() == before


def test_settings_by_a_member_are_403(member_client, club):
    before = written()
    assert post(member_client, f"/clubs/{club.pk}/settings/", action="rate", kroner_per_point="1").status_code == 403
    assert member_client.get(f"/clubs/{club.pk}/settings/").status_code == 403
    assert written() == before


@pytest.mark.parametrize("lang", ["da", "en", "de", "sl"])
def test_members_pages_in_every_language(admin_client, club, four_table, lang):
    admin_client.post("/i18n/setlang/", {"language": lang, "next": "/"})
    anne = Player.objects.get(name="Anne")
    for url in (f"/clubs/{club.pk}/members/", f"/clubs/{club.pk}/members/{anne.pk}/", f"/clubs/{club.pk}/settings/"):
        response = admin_client.get(url)
        assert response.status_code == 200
        assert f'lang="{lang}"' in response.content.decode()


def test_a_new_name_may_not_imitate_a_retired_players(admin_client, club, four_table):
    services.evening_close(evening=four_table.evening)
    services.player_retire(player=Player.objects.get(name="Anne"))
    before = written()
    response = post(admin_client, "/evenings/new/", club=club.pk, date="2026-11-27", seat_1="Bent", seat_2="Carl",
                    seat_3="Dorte", new_4="\u0410nne")   # a Cyrillic А
    assert response.status_code == 422 and "U+0410" in response.content.decode()
    assert written() == before


def test_an_old_name_taken_by_another_player_sits_once_an_evening(club, four_table):
    """Anne renamed, a new player Anne: the open evening's table knows the first by "Anne" still."""
    services.player_rename(player=Player.objects.get(name="Anne"), name="Anne Marie")
    newcomer = services.player_get_or_create(club=club, name="Anne")
    others = [services.player_get_or_create(club=club, name=n) for n in ("Erik", "Frida")]
    with pytest.raises(services.RecordingError) as refused:
        services.table_create(evening=four_table.evening, players=[newcomer, *others])
    assert "Anne" in refused.value.errors[0].message
