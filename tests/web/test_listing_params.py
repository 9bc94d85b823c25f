"""Every listing's GET parameters (page, per_page, sort, filters, export) answer a clean page or
404 for any value, never 500: the club, standings, player, outstanding and payments pages and their exports."""
import json

import pytest

from scoring import services
from scoring.models import Player, Role
from tests.web.conftest import make_user

pytestmark = pytest.mark.django_db

VALUES = ["-1", "0", "999999999999999999999", "abc", "", "\x00", "٣", "a" * 3000]
PARAMS = ["page", "per_page", "sort", "family", "rules", "season", "date_from", "date_to", "include_open", "_export",
          # the second listing of the player page (his transfers) and of the outstanding page (per player)
          "pay-page", "pay-per_page", "pay-sort", "players-page", "players-per_page", "players-sort"]
#: A page's own parameters beside those: the outstanding page's pairs; the payments page has one listing.
OWN = {"outstanding": ["pairs-page", "pairs-per_page", "pairs-sort"]}
ONLY = {"payments": ["page", "per_page", "sort", "_export"]}


@pytest.fixture
def world(club, golden_dir):
    data = json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text())
    table = services.evening_import(club=club, data=data)
    services.evening_close(evening=table.evening)
    tournament = services.tournament_create(club=club, name="Pokal", rules="vlk", rounds=2, round_length=1, seed=1)
    for name in ("Anne", "Bent", "Carl", "Dorte", "Erik", "Finn"):
        services.entrant_register(tournament=tournament, name=name)
    services.round_confirm(round=services.round_draw(tournament=tournament, seed=1))
    return club, Player.objects.filter(club=club).first()


def pages(club, player):
    tournament = club.tournaments.get()
    return [f"/clubs/{club.pk}/", f"/clubs/{club.pk}/standings/", f"/players/{player.pk}/",
            f"/tournaments/{tournament.pk}/standings/", f"/clubs/{club.pk}/outstanding/",
            f"/clubs/{club.pk}/payments/"]


def test_every_parameter_with_every_value_answers_cleanly(client, world):
    club, player = world
    client.force_login(make_user(club, Role.MEMBER))
    client.raise_request_exception = False
    failures = []
    for page in pages(club, player):
        kind = page.rstrip("/").rsplit("/", 1)[-1]
        for param in ONLY.get(kind, PARAMS + OWN.get(kind, [])):
            for value in VALUES:
                response = client.get(page, {param: value})
                if response.status_code not in (200, 404):
                    failures.append((page, param, value[:20], response.status_code))
    assert failures == []


def test_per_page_is_bounded(client, world):
    club, player = world
    client.force_login(make_user(club, Role.MEMBER))
    for page in pages(club, player):
        response = client.get(page, {"per_page": "1000000"})
        assert response.status_code == 200
        assert response.context["table"].paginator.per_page <= 100
    for page, second, prefix in ((f"/players/{player.pk}/", "payments", "pay-"),
                                 (f"/clubs/{club.pk}/outstanding/", "players", "players-")):
        response = client.get(page, {f"{prefix}per_page": "1000000"})
        assert response.status_code == 200
        assert response.context[second].paginator.per_page <= 100


@pytest.mark.parametrize("name", ["scoring:evening_detail", "scoring:player_detail"])
def test_pk_url_is_reverse(name):
    """A listing links its rows by pk_url: what reverse() gives, under any script prefix."""
    from django.urls import reverse, set_script_prefix

    from scoring.reports.listings import pk_url

    for pk in (1, 7, 120034):
        assert pk_url(name, pk) == reverse(name, args=[pk])
    set_script_prefix("/klub/")   # served under a prefix: reversed anew, not kept from before
    try:
        assert pk_url(name, 5) == reverse(name, args=[5]) and pk_url(name, 5).startswith("/klub/")
    finally:
        set_script_prefix("/")
