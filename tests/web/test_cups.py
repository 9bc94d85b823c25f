"""A cup series' pages and command (docs/cups.md): an admin makes and changes a cup, bad input is
refused by field with nothing written, a member reads and may not write; the standings page marks
each dropped result, prints and exports; ``manage.py cup_standings`` says the same by player key."""
from __future__ import annotations

import datetime as dt
import io
import json
import random
import re
import subprocess

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from scoring import services
from scoring.engine import families
from scoring.engine.cup import place_points, places_by_points
from scoring.models import Cup, PlayerEveningSummary, Role
from scoring.selectors.tournaments import tournament_standings

from .conftest import make_user

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]
NAMES = ("Anne", "Bent", "Carl", "Dorte")
TABLE = [25, 18, 15, 12]


def play(table, deals: int, rng: random.Random) -> None:
    game = families.family(table.family)
    seated = tuple(table.seats.order_by("position").values_list("player__name", flat=True))
    for _ in range(deals):
        services.deal_record(table=table, outcome=game.deal_to_dict(game.random_deal(rng, seated, seated[0], table.card)))
        table.refresh_from_db()


@pytest.fixture
def events(club):
    """A tournament of one round (one table of the four) and a closed evening of the same four."""
    rng = random.Random(11)
    tournament = services.tournament_create(club=club, name="Forårsturneringen", rules="vlk", rounds=1,
                                            round_length=2, seed=5)
    for name in NAMES:
        services.entrant_register(tournament=tournament, name=name)
    drawn = services.round_confirm(round=services.round_draw(tournament=tournament, seed=5),
                                   date=dt.date(2026, 4, 18))
    play(drawn.evening.tables.get(), 2, rng)
    services.round_close(round=drawn)
    evening = services.evening_create(club=club, date="2026-05-07")
    play(services.table_create(evening=evening, players=[club.players.get(name=n) for n in NAMES]), 3, rng)
    services.evening_close(evening=evening)
    return tournament, evening


@pytest.fixture
def admin_client(client, club):
    client.force_login(make_user(club, Role.ADMIN))
    return client


def form_key(client, url) -> str:
    return re.findall(r'name="submission" value="([0-9a-f]{32})"', client.get(url).content.decode())[0]


def expected(tournament, evening) -> dict[int, tuple[int, int]]:
    """{player key: (tournament points, evening points)} by the table, from where each placing lives."""
    ranks = {row.player_id: row.rank for row in tournament_standings(tournament)}
    places = places_by_points(dict(PlayerEveningSummary.objects.filter(evening=evening)
                                   .values_list("player_id", "points")))
    return {pk: (place_points(ranks[pk], TABLE), place_points(places[pk], TABLE)) for pk in ranks}


def test_an_admin_makes_and_changes_a_cup_and_bad_input_names_the_field(admin_client, club, events):
    tournament, evening = events
    new = reverse("scoring:cup_new", args=[club.pk])
    data = {"name": "Pokalen 2026", "points": "25, 18, 15, 12", "best": "1",
            "tournaments": [tournament.pk], "evenings": [evening.pk]}
    for field, value, words in (("points", "25,x", "Kun hele tal"), ("points", "10,18", "dårligere placering"),
                                ("best", "0", "best"), ("evenings", [tournament.round_set.get().evening_id], "evenings")):
        bad = admin_client.post(new, {**data, field: value, "submission": form_key(admin_client, new)})
        assert bad.status_code == 422 and words in bad.content.decode(), field
        assert f'id="id_{field}' in bad.content.decode() or field in ("evenings",)
    assert not Cup.objects.exists()
    made = admin_client.post(new, {**data, "submission": form_key(admin_client, new)})
    cup = Cup.objects.get()
    assert made.status_code == 302 and made.url == reverse("scoring:cup_standings", args=[cup.pk])
    assert (cup.points, cup.best, list(cup.evenings.all()), list(cup.tournaments.all())) == (
        TABLE, 1, [evening], [tournament])
    edit = reverse("scoring:cup_edit", args=[cup.pk])
    assert 'value="25,18,15,12"' in admin_client.get(edit).content.decode()
    changed = admin_client.post(edit, {**data, "evenings": [], "best": "2", "submission": form_key(admin_client, edit)})
    cup.refresh_from_db()
    assert changed.status_code == 302 and cup.best == 2 and not cup.evenings.exists()


def test_a_member_reads_the_cup_but_may_not_make_or_change_one(client, club, events):
    cup = services.cup_save(club=club, name="Pokalen", points="3,2,1", best=1, tournaments=[events[0].pk])
    client.force_login(make_user(club, Role.MEMBER))
    assert client.get(reverse("scoring:cup_standings", args=[cup.pk])).status_code == 200
    assert client.get(reverse("scoring:cup_new", args=[club.pk])).status_code == 403
    refused = client.post(reverse("scoring:cup_edit", args=[cup.pk]), {"name": "Min pokal", "points": "9", "best": "1"})
    assert refused.status_code == 403 and Cup.objects.get().name == "Pokalen"


def test_the_standings_mark_each_dropped_result_print_and_export(admin_client, club, events):
    tournament, evening = events
    cup = services.cup_save(club=club, name="Pokalen", points="25,18,15,12", best=1,
                            tournaments=[tournament.pk], evenings=[evening.pk])
    url = reverse("scoring:cup_standings", args=[cup.pk])
    html = admin_client.get(url).content.decode()
    for pk, (first, second) in expected(tournament, evening).items():
        row = html[html.find(f"/players/{pk}/"):]
        row = row[:row.find("</tr>")]
        kept, dropped = (first, second) if first >= second else (second, first)
        assert f">{kept}</span>" in row and 'class="dropped"' in row and f"({dropped})</s>" in row, pk
        # the total right after the player, before the events (what a phone shows without scrolling)
        assert re.search(rf'</a></td>\s*<td class="num">{kept}</td>', row), row
    assert "tæller det tidligste" in html and "deler den bedste placering" in html
    csv = admin_client.get(url + "?_export=csv").content.decode("utf-8-sig").splitlines()
    assert csv[0].split(";")[2] == "Pokalpoint" and all("(" in line for line in csv[1:])
    assert admin_client.get(url + "?_export=xlsx").status_code == 200
    pdf = admin_client.get(reverse("scoring:cup_standings_pdf", args=[cup.pk]))
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf.content, capture_output=True,
                          check=True).stdout.decode()
    assert pdf["Content-Type"] == "application/pdf" and all(name in text for name in NAMES)
    assert "Forårsturneringen" in text and "tæller ikke" in text


def test_the_command_prints_the_standings_by_key_and_names_a_bad_argument(club, events):
    tournament, evening = events
    cup = services.cup_save(club=club, name="Pokalen", points="25,18,15,12", best=1,
                            tournaments=[tournament.pk], evenings=[evening.pk])
    out = io.StringIO()
    call_command("cup_standings", "--club", str(club.pk), "--cup", "Pokalen", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert {p["player_id"]: p["total"] for p in data["players"]} == {
        pk: max(points) for pk, points in expected(tournament, evening).items()}
    assert [e["kind"] for e in data["events"]] == ["tournament", "evening"] and data["best"] == cup.best
    for args, named in ((("--club", "x", "--cup", "Pokalen"), "--club"), (("--club", "999", "--cup", "Pokalen"), "--club"),
                        (("--club", str(club.pk), "--cup", "Nej"), "--cup")):
        with pytest.raises(CommandError) as error:
            call_command("cup_standings", *args, stdout=io.StringIO())
        assert error.value.returncode == 2 and str(error.value).startswith(named)
