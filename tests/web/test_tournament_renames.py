"""A person is a key (docs/architecture.md, habit 5; docs/tournaments.md, "The stored draw"): a round's
draw names its players by key, so a rename between the draw and its confirmation, or after a bye,
changes only the name the pages show."""
from __future__ import annotations

from decimal import Decimal

import pytest

from scoring import services
from scoring.models import Club, Seat
from scoring.selectors.tournaments import tournament_standings

from .test_tournaments import make, play_round

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


@pytest.fixture
def club():
    return Club.objects.create(name="Omdøbeklubben", kroner_per_point=Decimal("0.25"))


def test_a_player_renamed_between_the_draw_and_its_confirmation_is_seated_by_key(club):
    tournament = make(club, players=8, rounds=2)
    drawn = services.round_draw(tournament=tournament, seed=4)
    first = club.players.get(name="Spiller 01")
    services.player_rename(player=first, name="Spiller Et")
    # his old name taken by another player: a name-keyed draw would seat the wrong one
    services.player_rename(player=club.players.get(name="Spiller 02"), name="Spiller 01")
    playing = services.round_confirm(round=drawn)
    seated = Seat.objects.filter(table__evening=playing.evening)
    assert {s.player_id for s in seated} == {p for table in drawn.draw["tables"] for p in table}
    assert seated.get(player=first).name == "Spiller Et"


def test_a_rename_after_a_bye_leaves_the_standings_as_they_were(club):
    # five at the old German cards: one table of four and a bye each round; a bye scores the average
    tournament = make(club, players=5, rules="taroc1754", rounds=3, bye_score="average", scoring="places")
    for number in range(1, 4):
        play_round(tournament, seed=number)
    before = {row.player_id: (row.score, row.points, sorted(row.rounds)) for row in tournament_standings(tournament)}
    had_a_bye = next(row for row in tournament_standings(tournament) if any(r.bye for r in row.rounds.values()))
    services.player_rename(player=club.players.get(pk=had_a_bye.player_id), name="Omdøbt")
    after = {row.player_id: (row.score, row.points, sorted(row.rounds)) for row in tournament_standings(tournament)}
    assert after == before
    assert next(row.name for row in tournament_standings(tournament) if row.player_id == had_a_bye.player_id) == "Omdøbt"


def _a_bye_left_unresolved(club):
    """Round 1 of five players at the old German cards played, its bye stored as a name the upgrade
    could not resolve (as migration 0019 leaves one): (the tournament, the round, the bye's player)."""
    tournament = make(club, players=5, rules="taroc1754", rounds=2, bye_score="zero", scoring="places")
    played = play_round(tournament, seed=1)
    bye = played.draw["byes"][0]
    played.draw = {**played.draw, "byes": ["Gammelt navn"], "unresolved": ["Gammelt navn"]}
    played.save(update_fields=["draw"])
    return tournament, played, club.players.get(pk=bye)


def test_a_name_the_upgrade_could_not_resolve_is_listed_and_the_director_assigns_it(keeper_client, club):
    from django.urls import reverse

    from scoring.models import TournamentEvent

    from .test_tournament_pages import post

    tournament, played, player = _a_bye_left_unresolved(club)
    assert 1 not in next(r for r in tournament_standings(tournament) if r.player_id == player.pk).rounds
    detail = reverse("scoring:tournament_detail", args=[tournament.pk])
    page = keeper_client.get(detail).content.decode()
    assert 'id="unresolved"' in page and "Gammelt navn" in page
    # only a registered player not in round 1 already may take it: here the one who had the bye
    assert f'<option value="{player.pk}">{player.name}</option>' in page and page.count("<option") == 1
    assert "ikke tildelt" in keeper_client.get(reverse("scoring:tournament_round", args=[tournament.pk, 1])).content.decode()
    seated = played.draw["tables"][0][0]
    refused = post(keeper_client, detail, reverse("scoring:tournament_assign", args=[tournament.pk]),
                   {"round": 1, "name": "Gammelt navn", "player": seated})
    assert refused.status_code == 422 and "allerede med i runde 1" in refused.content.decode()
    done = post(keeper_client, detail, reverse("scoring:tournament_assign", args=[tournament.pk]),
                {"round": 1, "name": "Gammelt navn", "player": player.pk})
    assert done.status_code == 302
    played.refresh_from_db()
    assert played.draw["byes"] == [player.pk] and "unresolved" not in played.draw
    assert next(r for r in tournament_standings(tournament) if r.player_id == player.pk).rounds[1].bye
    assert 'id="unresolved"' not in keeper_client.get(detail).content.decode()
    assert TournamentEvent.objects.filter(tournament=tournament, kind="assigned", player=player, round=1,
                                          reason="Gammelt navn").exists()


def test_only_a_director_assigns_a_name(client, club):
    from django.urls import reverse

    from scoring.models import Role

    from .conftest import make_user

    tournament, played, player = _a_bye_left_unresolved(club)
    client.force_login(make_user(club, Role.MEMBER))
    page = client.get(reverse("scoring:tournament_detail", args=[tournament.pk])).content.decode()
    assert "Gammelt navn" in page and "tournament_assign" not in page and "<select" not in page
    answer = client.post(reverse("scoring:tournament_assign", args=[tournament.pk]),
                         {"round": 1, "name": "Gammelt navn", "player": player.pk})
    assert answer.status_code == 403
    played.refresh_from_db()
    assert played.draw["byes"] == ["Gammelt navn"]
