"""The tournament pages: a director creates, registers, draws, confirms, records at the round's
ordinary tables and closes; members read; outsiders see nothing; bad input is refused by field with
nothing written; every write is keyed; standings as page, PDF, CSV and XLSX."""
from __future__ import annotations

import io
import random
import re
import subprocess

import pytest
from django.urls import reverse

from scoring import services
from scoring.engine import families
from scoring.models import Club, Deal, Entrant, Role, RoundState, Table, Tournament, TournamentRound

from .conftest import make_user

pytestmark = pytest.mark.django_db


def key(response) -> str:
    found = re.findall(r'name="submission" value="([0-9a-f]{32})"', response.content.decode())
    assert found, "no submission key on the page"
    return found[0]


def post(client, page_url, url, data=None):
    """Post ``data`` to ``url`` with a fresh key from the page at ``page_url``."""
    return client.post(url, {**(data or {}), "submission": key(client.get(page_url))})


@pytest.fixture
def tournament(club):
    t = services.tournament_create(club=club, name="Klubmesterskab", rules="vlk", rounds=3, round_length=1, seed=3)
    for i in range(1, 9):
        services.entrant_register(tournament=t, name=f"Spiller {i}")
    return t


def test_a_director_creates_a_tournament_and_bad_input_names_the_field(keeper_client, club):
    page = reverse("scoring:tournament_list", args=[club.pk])
    data = {"name": "Pokalen", "rules": "selca", "rounds": "4", "round_length_kind": "deals", "round_length": "12",
            "scoring": "places", "bye_score": "average", "kroner_per_point": "0"}
    bad = post(keeper_client, page, page, {**data, "rounds": "0"})
    assert bad.status_code == 422 and "rounds" in bad.content.decode() and not Tournament.objects.exists()
    made = post(keeper_client, page, page, data)
    tournament = Tournament.objects.get()
    assert made.status_code == 302 and made.url == reverse("scoring:tournament_detail", args=[tournament.pk])
    assert (tournament.family, tournament.scoring, tournament.rounds) == ("selca", "places", 4)
    twice = post(keeper_client, page, page, data)
    assert twice.status_code == 422 and Tournament.objects.count() == 1


def test_the_same_form_sent_twice_writes_once(keeper_client, tournament):
    detail = reverse("scoring:tournament_detail", args=[tournament.pk])
    submission = key(keeper_client.get(detail))
    url = reverse("scoring:tournament_draw", args=[tournament.pk])
    first = keeper_client.post(url, {"submission": submission})
    again = keeper_client.post(url, {"submission": submission})
    assert first.status_code == 302 and again.status_code == 302 and again.url == first.url
    assert TournamentRound.objects.get(tournament=tournament).seed == TournamentRound.objects.get().seed


def test_a_round_from_draw_to_close_through_the_pages(keeper_client, tournament, club):
    detail = reverse("scoring:tournament_detail", args=[tournament.pk])
    drawn = post(keeper_client, detail, reverse("scoring:tournament_draw", args=[tournament.pk]))
    round_url = reverse("scoring:tournament_round", args=[tournament.pk, 1])
    assert drawn.url == round_url
    page = keeper_client.get(round_url).content.decode()
    assert "Bord 1" in page and "Bord 2" in page and "par der mødes igen: 0" in page
    first_seed = TournamentRound.objects.get().seed
    post(keeper_client, round_url, reverse("scoring:tournament_draw", args=[tournament.pk]))
    assert TournamentRound.objects.get().seed != first_seed
    confirmed = post(keeper_client, round_url, reverse("scoring:tournament_round_confirm", args=[tournament.pk, 1]))
    assert confirmed.status_code == 302
    played = TournamentRound.objects.get()
    assert played.state == RoundState.PLAYING and played.evening.tables.count() == 2
    refused = post(keeper_client, round_url, reverse("scoring:tournament_round_close", args=[tournament.pk, 1]))
    assert refused.status_code == 422 and "bord 1 (0 af 1)" in refused.content.decode()
    rng = random.Random(5)
    for table in Table.objects.filter(evening=played.evening):
        game = families.family(table.family)
        seated = tuple(table.seats.order_by("position").values_list("player__name", flat=True))
        # the phone's ordinary form: the table page records the round's deal like any other
        assert keeper_client.get(reverse("scoring:table_detail", args=[table.pk])).status_code == 200
        services.deal_record(table=table, outcome=game.deal_to_dict(game.random_deal(rng, seated, seated[0], table.card)))
    closed = post(keeper_client, round_url, reverse("scoring:tournament_round_close", args=[tournament.pk, 1]))
    assert closed.status_code == 302 and TournamentRound.objects.get().state == RoundState.CLOSED
    standings = keeper_client.get(reverse("scoring:tournament_standings", args=[tournament.pk])).content.decode()
    assert all(f"Spiller {i}" in standings for i in range(1, 9)) and "R1" in standings
    assert Deal.objects.filter(table__evening=played.evening).count() == 2


def test_registering_twice_and_leaving_without_a_reason_are_refused(keeper_client, tournament, club):
    detail = reverse("scoring:tournament_detail", args=[tournament.pk])
    twice = post(keeper_client, detail, reverse("scoring:tournament_register", args=[tournament.pk]),
                 {"name": "Spiller 1"})
    assert twice.status_code == 422 and "Spiller 1 er allerede tilmeldt" in twice.content.decode()
    assert Entrant.objects.filter(tournament=tournament).count() == 8
    player = club.players.get(name="Spiller 2")
    no_reason = post(keeper_client, detail, reverse("scoring:tournament_leave", args=[tournament.pk]),
                     {"player": player.pk, "reason": ""})
    assert no_reason.status_code == 422 and Entrant.objects.get(player=player).status == "active"
    out = post(keeper_client, detail, reverse("scoring:tournament_leave", args=[tournament.pk]),
               {"player": player.pk, "disqualify": "1", "reason": "Gentaget renons"})
    assert out.status_code == 302 and Entrant.objects.get(player=player).status == "disqualified"
    assert "Gentaget renons" in keeper_client.get(detail).content.decode()


def test_members_read_but_do_not_write_and_outsiders_see_nothing(client, tournament, club):
    member = make_user(club, Role.MEMBER)
    client.force_login(member)
    detail = reverse("scoring:tournament_detail", args=[tournament.pk])
    page = client.get(detail)
    assert page.status_code == 200 and "draw-form" not in page.content.decode()
    assert client.post(reverse("scoring:tournament_draw", args=[tournament.pk])).status_code == 403
    assert client.post(reverse("scoring:tournament_list", args=[club.pk]), {"name": "X"}).status_code == 403
    other = Club.objects.create(name="Andre")
    client.force_login(make_user(other, Role.ADMIN, "fremmed"))
    for url in (detail, reverse("scoring:tournament_standings", args=[tournament.pk]),
                reverse("scoring:tournament_list", args=[club.pk])):
        assert client.get(url).status_code == 404
    assert client.post(reverse("scoring:tournament_draw", args=[tournament.pk])).status_code == 404
    assert not TournamentRound.objects.exists()


def test_the_draw_and_the_standings_print_and_export(keeper_client, tournament):
    services.round_draw(tournament=tournament, seed=9)
    pdf = keeper_client.get(reverse("scoring:tournament_round_pdf", args=[tournament.pk, 1]))
    assert pdf["Content-Type"] == "application/pdf"
    text = subprocess.run(["pdftotext", "-", "-"], input=pdf.content, capture_output=True, check=True).stdout.decode()
    assert "Runde 1" in text and "Bord 2" in text and "Spiller 8" in text
    services.round_confirm(round=TournamentRound.objects.get())
    standings = reverse("scoring:tournament_standings", args=[tournament.pk])
    page = keeper_client.get(standings).content.decode()
    assert "foreløbig" in page
    csv = keeper_client.get(standings + "?_export=csv")
    assert csv.status_code == 200 and "Spiller 1" in csv.content.decode("utf-8-sig")
    xlsx = keeper_client.get(standings + "?_export=xlsx")
    from openpyxl import load_workbook
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    assert sheet["B1"].value == "Spiller" and sheet.max_row == 9
    text = subprocess.run(["pdftotext", "-", "-"], input=keeper_client.get(
        reverse("scoring:tournament_standings_pdf", args=[tournament.pk])).content, capture_output=True,
        check=True).stdout.decode()
    assert "Klubmesterskab" in text and "Spiller 5" in text


#: a word of each page in each language: the list, the tournament, the round, the standings
WORDS = {"da": ("Ny turnering", "Træk fra / diskvalificér", "Godkend lodtrækningen", "Uafgjort"),
         "en": ("New tournament", "Withdraw / disqualify", "Confirm the draw", "Ties"),
         "de": ("Neues Turnier", "Zurückziehen / disqualifizieren", "Auslosung bestätigen", "Gleichstand"),
         "sl": ("Nov turnir", "Odstop / diskvalifikacija", "Potrdi žreb", "Izenačenje")}


@pytest.mark.parametrize("language", sorted(WORDS))
def test_every_tournament_page_speaks_the_four_languages(keeper_client, tournament, language):
    from django.conf import settings
    keeper_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    services.round_draw(tournament=tournament, seed=1)
    for url, word in zip((reverse("scoring:tournament_list", args=[tournament.club_id]),
                          reverse("scoring:tournament_detail", args=[tournament.pk]),
                          reverse("scoring:tournament_round", args=[tournament.pk, 1]),
                          reverse("scoring:tournament_standings", args=[tournament.pk])), WORDS[language]):
        response = keeper_client.get(url)
        assert response.status_code == 200 and word in response.content.decode(), (url, word)


def test_the_command_prints_the_standings_and_refuses_bad_input_with_status_2():
    from django.core.management import call_command

    club = Club.objects.create(name="Kommandoklubben")
    t = services.tournament_create(club=club, name="Pokal", rules="vlk", rounds=2, round_length=1, seed=3)
    for i in range(1, 9):
        services.entrant_register(tournament=t, name=f"Spiller {i}")
    services.round_confirm(round=services.round_draw(tournament=t, seed=1))
    out = io.StringIO()
    call_command("tournament_standings", str(t.pk), stdout=out)
    text = out.getvalue()
    assert "Pokal" in text and "R1" in text and all(f"Spiller {i}" in text for i in range(1, 9))
    out = io.StringIO()
    call_command("tournament_standings", str(t.pk), "--csv", "--round", "1", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0] == "rank,player,status,R1,total,points" and len(lines) == 9
    from django.core.management.base import CommandError
    for args in (("999999",), ("x",), (str(t.pk), "--round", "3"), (str(t.pk), "--round", "y")):
        with pytest.raises(CommandError) as refused:
            call_command("tournament_standings", *args)
        assert refused.value.returncode == 2
