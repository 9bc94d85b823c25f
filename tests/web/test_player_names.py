"""Issue 12, item 9: "bent " next to the member Bent is Bent; "Bnet" asks "Mente du Bent?" first.

Typed names are tidied and compared by ``names.fold`` with the club's players: an equal fold is that
player (no second player), a near one is a question answered with one tap before anything is
written (the form shown again with a new one-time key), "it is a new player" creates it."""
import json
import re

import pytest

from scoring import services
from scoring.models import Evening, Player, Seat, Submission, Table

pytestmark = pytest.mark.django_db

KEY = "0f0e0d0c-0b0a-4908-8706-050403020100"


@pytest.fixture
def members(club):
    return [services.player_get_or_create(club=club, name=n) for n in ("Anne", "Bent", "Carl")]


def names(club) -> list[str]:
    return sorted(Player.objects.filter(club=club).values_list("name", flat=True))


def seated(table: Table) -> list[str]:
    return [s.player.name for s in table.seats.order_by("position")]


def written() -> tuple[int, int, int, int]:
    return Evening.objects.count(), Table.objects.count(), Seat.objects.count(), Submission.objects.count()


def key_on(html: str) -> str:
    return re.search(r'name="submission" value="([0-9a-f]+)"', html).group(1)


def new_evening(club, **seats):
    return {"club": club.pk, "date": "2026-11-24", "submission": KEY, "seat_1": "Anne", **seats}


# The service -------------------------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["bent ", "BENT", "Bént", " bent", "Be\u0301nt"])
def test_player_get_or_create_finds_bent_for_names_that_fold_equal(club, members, typed):
    assert services.player_get_or_create(club=club, name=typed) == members[1]
    assert names(club) == ["Anne", "Bent", "Carl"]


def test_player_get_or_create_tidies_a_new_name_and_keeps_near_names_new(club, members):
    assert services.player_get_or_create(club=club, name="  Bent   Hansen ").name == "Bent Hansen"
    assert services.player_get_or_create(club=club, name="Bnet").name == "Bnet"     # the forms ask first


CYRILLIC_A, CYRILLIC_ES, CYRILLIC_IE = "\u0410", "\u0421", "\u0435"


@pytest.mark.parametrize("typed, imitated", [(CYRILLIC_A + "nne", "Anne"), (CYRILLIC_ES + "arl", "Carl"),
                                             ("B" + CYRILLIC_IE + "nt", "Bent")])
def test_player_get_or_create_refuses_a_lookalike_of_a_club_player(club, members, typed, imitated):
    """Every path that creates a player goes through the service, so the service refuses it."""
    with pytest.raises(services.RecordingError) as refused:
        services.player_get_or_create(club=club, name=typed)
    assert refused.value.errors[0].field == "name" and f"ligner {imitated}" in refused.value.errors[0].message
    assert names(club) == ["Anne", "Bent", "Carl"]


def test_a_lookalike_of_a_merged_players_name_is_refused_too(club, members):
    bnet = services.player_get_or_create(club=club, name="Bnet")
    services.player_merge(duplicate=bnet, into=members[1])
    with pytest.raises(services.RecordingError):
        services.player_get_or_create(club=club, name="Bn" + CYRILLIC_IE + "t")


# Ny aften and Nyt bord ---------------------------------------------------------------------------

def test_a_near_name_never_proposes_a_player_seated_at_the_table(keeper_client, club, members):
    """"Ursual" is near Ursula, but Ursula sits at the table: proposing her would seat her twice."""
    services.player_get_or_create(club=club, name="Ursula")
    for n, seats in enumerate(({"seat_2": "Ursula", "new_3": "Ursual"}, {"new_2": "Ursual", "seat_3": "Ursula"})):
        fresh = {"submission": KEY[:-1] + str(n), "date": f"2026-11-2{n}"}
        response = keeper_client.post("/evenings/new/", {**new_evening(club, **seats, seat_4="Carl"), **fresh})
        assert "Mente du Ursula?" not in response.content.decode()
        assert response.status_code == 302
        assert sorted(seated(Table.objects.latest("pk"))) == ["Anne", "Carl", "Ursual", "Ursula"]
    assert Table.objects.count() == 2
    # a free near name is still asked about beside the seated one
    html = keeper_client.post("/evenings/new/", {**new_evening(club, seat_2="Ursula", new_3="Bnet", seat_4="Carl"),
                                                 "submission": KEY[:-1] + "9", "date": "2026-11-29"}).content.decode()
    assert "Mente du Bent?" in html


@pytest.mark.parametrize("typed", ["bent ", "BENT", "Bént", "bent"])
def test_new_evening_seats_the_member_bent_for_a_typed_bent(keeper_client, club, members, typed):
    response = keeper_client.post("/evenings/new/", new_evening(club, new_2=typed, seat_3="Carl", new_4="Dorte"))
    assert response.status_code == 302
    assert seated(Table.objects.get()) == ["Anne", "Bent", "Carl", "Dorte"]
    assert names(club) == ["Anne", "Bent", "Carl", "Dorte"]


def test_inner_spaces_of_a_new_name_are_collapsed(keeper_client, club, members):
    response = keeper_client.post("/evenings/new/", new_evening(club, new_2="  Dorte   Nielsen ", seat_3="Carl"))
    assert response.status_code == 302 and "Dorte Nielsen" in names(club)


def test_a_typed_bent_next_to_the_chosen_bent_is_one_player_twice(keeper_client, club, members):
    response = keeper_client.post("/evenings/new/", new_evening(club, seat_2="Bent", new_3="bent ", seat_4="Carl"))
    assert response.status_code == 422 and "En spiller kan kun sidde ét sted ved bordet." in response.content.decode()
    assert written() == (0, 0, 0, 0)


@pytest.mark.parametrize("typed", ["Bnet", "Benth", "bemt"])
def test_a_near_name_asks_mente_du_bent_and_writes_nothing(keeper_client, club, members, typed):
    response = keeper_client.post("/evenings/new/", new_evening(club, new_2=typed, seat_3="Carl", new_4="Dorte"))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Mente du Bent?" in html
    assert 'name="answer_2" value="use:Bent"' in html and 'name="answer_2" value="new"' in html
    assert written() == (0, 0, 0, 0) and names(club) == ["Anne", "Bent", "Carl"]
    assert key_on(html).replace("-", "") != KEY.replace("-", "")      # a new key: nothing was written


def test_answering_use_bent_seats_bent(keeper_client, club, members):
    response = keeper_client.post("/evenings/new/", new_evening(club, new_2="Bnet", seat_3="Carl", new_4="Dorte",
                                                                answer_2="use:Bent"))
    assert response.status_code == 302
    assert seated(Table.objects.get()) == ["Anne", "Bent", "Carl", "Dorte"]
    assert names(club) == ["Anne", "Bent", "Carl", "Dorte"]


def test_answering_it_is_a_new_player_creates_it(keeper_client, club, members):
    response = keeper_client.post("/evenings/new/", new_evening(club, new_2="Bnet", seat_3="Carl", new_4="Dorte",
                                                                answer_2="new"))
    assert response.status_code == 302
    assert seated(Table.objects.get()) == ["Anne", "Bnet", "Carl", "Dorte"]
    assert names(club) == ["Anne", "Bent", "Bnet", "Carl", "Dorte"]


def test_two_questions_the_answered_one_is_remembered(keeper_client, club, members):
    data = new_evening(club, new_2="Bnet", new_3="Crl", new_4="Dorte", answer_2="new")
    html = keeper_client.post("/evenings/new/", data).content.decode()
    assert "Mente du Carl?" in html and "Mente du Bent?" not in html and written() == (0, 0, 0, 0)
    assert 'name="sure_2" value="Bnet"' in html
    response = keeper_client.post("/evenings/new/", {**new_evening(club, new_2="Bnet", new_3="Crl", new_4="Dorte"),
                                                     "sure_2": "Bnet", "answer_3": "use:Carl"})
    assert response.status_code == 302 and seated(Table.objects.get()) == ["Anne", "Bnet", "Carl", "Dorte"]


def test_a_changed_name_after_the_answer_is_asked_about_again(keeper_client, club, members):
    html = keeper_client.post("/evenings/new/", {**new_evening(club, new_2="Benth", seat_3="Carl"),
                                                 "sure_2": "Bnet"}).content.decode()
    assert "Mente du Bent?" in html and written() == (0, 0, 0, 0)


def test_new_table_uses_bent_for_bent_and_asks_for_bnet(keeper_client, club, members):
    evening = services.evening_create(club=club, date="2026-11-24")
    services.player_get_or_create(club=club, name="Dorte")
    before = Player.objects.count()
    html = keeper_client.post(f"/evenings/{evening.pk}/tables/new/",
                              {"submission": KEY, "new_1": "bnet", "seat_2": "Carl", "seat_3": "Dorte"}).content.decode()
    assert "Mente du Bent?" in html and Table.objects.count() == 0 and Player.objects.count() == before
    response = keeper_client.post(f"/evenings/{evening.pk}/tables/new/",
                                  {"submission": KEY, "new_1": "BENT ", "seat_2": "Carl", "seat_3": "Dorte"})
    assert response.status_code == 302 and seated(Table.objects.get()) == ["Bent", "Carl", "Dorte"]
    assert Player.objects.count() == before


def test_the_question_in_english(keeper_client, club, members):
    keeper_client.cookies["django_language"] = "en"
    html = keeper_client.post("/evenings/new/", new_evening(club, new_2="Bnet", seat_3="Carl", new_4="Dorte"),
                              HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Did you mean Bent?" in html and "Mente du" not in html


# The club's players page -------------------------------------------------------------------------

def test_club_players_page_refuses_bent_and_asks_for_bnet(client, club, members):
    from tests.web.conftest import make_user
    from scoring.models import Role
    client.force_login(make_user(club, Role.ADMIN))
    url = f"/clubs/{club.pk}/players/"
    for typed in ("bent ", "Bént"):
        response = client.post(url, {"name": typed, "submission": KEY})
        assert response.status_code == 422 and "Der er allerede en spiller med det navn" in response.content.decode()
    html = client.post(url, {"name": "Bnet", "submission": KEY}).content.decode()
    assert "Mente du Bent?" in html and names(club) == ["Anne", "Bent", "Carl"] and Submission.objects.count() == 0
    response = client.post(url, {"name": "Bnet", "submission": KEY, "answer": "new"})
    assert response.status_code == 302 and names(club) == ["Anne", "Bent", "Bnet", "Carl"]


def test_club_players_page_never_creates_a_lookalike(client, club, members):
    from tests.web.conftest import make_user
    from scoring.models import Role
    client.force_login(make_user(club, Role.ADMIN))
    url = f"/clubs/{club.pk}/players/"
    for answer in ({}, {"answer": "new"}):
        response = client.post(url, {"name": CYRILLIC_A + "nne", "submission": KEY, **answer})
        assert response.status_code in (200, 422) and names(club) == ["Anne", "Bent", "Carl"]
    assert response.status_code == 422 and "ligner Anne" in response.content.decode()
    assert Submission.objects.count() == 0


def test_tournament_registration_refuses_a_lookalike(keeper_client, club, members):
    from scoring.models import Entrant
    tournament = services.tournament_create(club=club, name="Pokal", rules="vlk", rounds=1, round_length=1, seed=1)
    page = keeper_client.get(f"/tournaments/{tournament.pk}/")
    response = keeper_client.post(f"/tournaments/{tournament.pk}/players/",
                                  {"name": CYRILLIC_ES + "arl", "submission": key_on(page.content.decode())})
    assert response.status_code == 422 and "ligner Carl" in response.content.decode()
    assert names(club) == ["Anne", "Bent", "Carl"] and not Entrant.objects.exists()


# The importer keeps the file's names -------------------------------------------------------------

def test_import_refuses_a_name_that_folds_equal_to_a_club_player(club, members, golden_dir):
    text = (golden_dir / "four-players-tout-nolo-fines.json").read_text().replace('"Bent"', '"bent"')
    with pytest.raises(services.RecordingError) as err:
        services.evening_import(club=club, data=json.loads(text))
    assert "bent i filen er klubbens spiller Bent" in str(err.value)
    assert names(club) == ["Anne", "Bent", "Carl"] and written() == (0, 0, 0, 0)


def test_import_with_the_club_spelling_uses_the_player(club, members, golden_dir):
    table = services.evening_import(club=club, data=json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text()))
    assert seated(table) == ["Anne", "Bent", "Carl", "Dorte"] and names(club) == ["Anne", "Bent", "Carl", "Dorte"]
