"""The tournament pages: a director creates, registers, draws, confirms, records at the round's
ordinary tables and closes; members read; outsiders see nothing; bad input is refused by field with
nothing written; every write is keyed; standings as page, PDF, CSV and XLSX."""
from __future__ import annotations

import datetime as dt
import io
import random
import re
import subprocess
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from scoring import services
from scoring.engine import families
from scoring.models import (
    Club, Deal, Entrant, PendingDeal, Role, RoundState, Table, Tournament, TournamentEvent, TournamentRound
)
from scoring.selectors.tournaments import table_progress

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
            "scoring": "scaled", "bye_score": "average", "kroner_per_point": "0", "length_counts": "games"}
    bad = post(keeper_client, page, page, {**data, "rounds": "0"})
    assert bad.status_code == 422 and "rounds" in bad.content.decode() and not Tournament.objects.exists()
    made = post(keeper_client, page, page, data)
    tournament = Tournament.objects.get()
    assert made.status_code == 302 and made.url == reverse("scoring:tournament_detail", args=[tournament.pk])
    assert (tournament.family, tournament.scoring, tournament.rounds) == ("selca", "scaled", 4)
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


def play_table(table, rng):
    """Deals at ``table`` (the services, as the phone's form records them) until it has played the
    round's length (a misdeal is no game)."""
    game = families.family(table.family)
    seated = tuple(table.seats.order_by("position").values_list("player__name", flat=True))
    dealer = seated[0]
    round = table.evening.tournament_round
    while not table_progress(round, table)[0].complete:
        deal = game.random_deal(rng, seated, dealer, table.card)
        services.deal_record(table=table, outcome=game.deal_to_dict(deal))
        dealer = game.dealer_after(seated, dealer, deal.kind.value)


def test_a_round_from_draw_to_close_through_the_pages(keeper_client, tournament, club):
    detail = reverse("scoring:tournament_detail", args=[tournament.pk])
    drawn = post(keeper_client, detail, reverse("scoring:tournament_draw", args=[tournament.pk]))
    round_url = reverse("scoring:tournament_round", args=[tournament.pk, 1])
    assert drawn.url == round_url
    page = keeper_client.get(round_url).content.decode()
    assert "Bord 1" in page and "Bord 2" in page and "par der mødes igen: 0" in page
    first_seed = TournamentRound.objects.get().seed
    redraw = reverse("scoring:tournament_round_redraw", args=[tournament.pk, 1])
    post(keeper_client, round_url, redraw, {"seed": first_seed})
    seed = TournamentRound.objects.get().seed
    assert seed != first_seed
    # a confirmation from a page that showed the draw before: refused, the draw that stands shown
    confirm = reverse("scoring:tournament_round_confirm", args=[tournament.pk, 1])
    stale = post(keeper_client, round_url, confirm, {"seed": first_seed, "date": "2026-05-02"})
    assert stale.status_code == 409 and f"lodtrækning nr. {seed}" in stale.content.decode()
    bad = post(keeper_client, round_url, confirm, {"seed": seed, "date": "2. maj"})
    assert bad.status_code == 422 and "Spilles den" in bad.content.decode()
    assert TournamentRound.objects.get().state == RoundState.DRAWN
    confirmed = post(keeper_client, round_url, confirm, {"seed": seed, "date": "2026-05-02"})
    assert confirmed.status_code == 302
    played = TournamentRound.objects.get()
    assert played.state == RoundState.PLAYING and played.evening.tables.count() == 2
    assert played.evening.date == dt.date(2026, 5, 2)
    close = reverse("scoring:tournament_round_close", args=[tournament.pk, 1])
    refused = post(keeper_client, round_url, close)
    assert refused.status_code == 422 and "bord 1 (0 af 1)" in refused.content.decode()
    first, second = Table.objects.filter(evening=played.evening).order_by("number")
    # the phone's ordinary form: the table page records the round's deal like any other, and names the round
    table_page = keeper_client.get(reverse("scoring:table_detail", args=[first.pk])).content.decode()
    assert "Klubmesterskab" in table_page and "Runde 1" in table_page
    play_table(first, random.Random(5))
    no_reason = post(keeper_client, round_url, close, {"ruling_2": "counted", "reason_2": ""})
    assert no_reason.status_code == 422 and "Bord 2: skriv en begrundelse." in no_reason.content.decode()
    closed = post(keeper_client, round_url, close, {"ruling_2": "counted", "reason_2": "Syg spiller"})
    assert closed.status_code == 302 and TournamentRound.objects.get().state == RoundState.CLOSED
    standings = keeper_client.get(reverse("scoring:tournament_standings", args=[tournament.pk])).content.decode()
    assert all(f"Spiller {i}" in standings for i in range(1, 9)) and "R1" in standings and "afbrudt" in standings


def test_a_player_s_undo_through_the_page_needs_a_reason_and_names_it(keeper_client, tournament, club):
    detail = reverse("scoring:tournament_detail", args=[tournament.pk])
    player = club.players.get(name="Spiller 3")
    absent = reverse("scoring:tournament_absent", args=[tournament.pk])
    refused = post(keeper_client, detail, absent, {"player": player.pk, "reason": ""})
    assert refused.status_code == 422 and "Begrundelse" in refused.content.decode()
    assert post(keeper_client, detail, absent, {"player": player.pk, "reason": "Kommer kl. 21"}).status_code == 302
    assert "fraværende i runde 1" in keeper_client.get(detail).content.decode()
    gone = post(keeper_client, detail, reverse("scoring:tournament_unregister", args=[tournament.pk]),
                {"player": player.pk, "reason": "Tastefejl"})
    assert gone.status_code == 302 and not Entrant.objects.filter(tournament=tournament, player=player).exists()


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
    # the reason is the director's: a member sees the status, not why
    member = Client()
    member.force_login(make_user(club, Role.MEMBER, "medlem2"))
    page = member.get(detail).content.decode()
    assert "diskvalificeret" in page and "Gentaget renons" not in page
    back = post(keeper_client, detail, reverse("scoring:tournament_reinstate", args=[tournament.pk]),
                {"player": player.pk, "reason": "Kommissionen omgjorde"})
    assert back.status_code == 302 and Entrant.objects.get(player=player).status == "active"


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
    services.round_confirm(round=TournamentRound.objects.get(), date=dt.date(2026, 5, 9))
    drawn = TournamentRound.objects.get().draw

    def pdf_text(name):
        got = keeper_client.get(reverse(f"scoring:{name}", args=[tournament.pk, 1]))
        assert got["Content-Type"] == "application/pdf"
        return subprocess.run(["pdftotext", "-layout", "-", "-"], input=got.content, capture_output=True,
                              check=True).stdout.decode()

    # name → table, sorted by name; one score sheet a table: players in dealing order, first dealer,
    # length, columns, signatures
    players = dict(tournament.club.players.values_list("pk", "name"))
    expected = {players[key]: str(table) for table, keys in enumerate(drawn["tables"], start=1) for key in keys}
    names = pdf_text("tournament_round_names_pdf")
    assert "9. maj 2026" in names and dict(re.findall(r"(Spiller \d)\s+Bord (\d+)", names)) == expected
    page = keeper_client.get(reverse("scoring:tournament_round", args=[tournament.pk, 1])).content.decode()
    listed = re.findall(r"<li>(Spiller \d) · bord (\d+)</li>", page)
    assert listed == sorted(expected.items())
    sheets = pdf_text("tournament_round_sheets_pdf")
    assert sheets.count("Klubmesterskab – Runde 1 – Bord") == 2 and sheets.count("giver først") >= 2
    assert "Underskrifter" in sheets and "1 spil pr. bord" in sheets and "Giver" in sheets
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
    assert keeper_client.get(standings + "?round=1").status_code == 200
    assert keeper_client.get(standings + "?round=x").status_code == 404


#: a word of each page in each language: the list, the tournament, the round, the standings
WORDS = {"da": ("Ny turnering", "Diskvalificér", "Godkend lodtrækningen", "Uafgjort"),
         "en": ("New tournament", "Disqualify", "Confirm the draw", "Ties"),
         "de": ("Neues Turnier", "Disqualifizieren", "Auslosung bestätigen", "Gleichstand"),
         "sl": ("Nov turnir", "Diskvalificiraj", "Potrdi žreb", "Izenačenje")}


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


def test_a_deal_past_the_round_s_length_waits_for_the_director(keeper_client, club):
    """The table page names the round and says when its length is played; a further deal, from the
    form or from a phone's queue, is kept outside the ledger (the same key twice: once), the round
    does not close while one waits, and the director keeps or drops each with a reason."""
    t = services.tournament_create(club=club, name="Pokal", rules="vlk", rounds=1, round_length=1, seed=3)
    for name in ("Anne", "Bent", "Carl", "Dorte"):
        services.entrant_register(tournament=t, name=name)
    drawn = services.round_draw(tournament=t, seed=1)
    playing = services.round_confirm(round=drawn, shown_seed=drawn.seed)
    table = playing.evening.tables.get()
    seated = list(table.seats.order_by("position").values_list("player__name", flat=True))
    services.deal_record(table=table, outcome={"dealer": seated[0], "kind": "misdeal"})   # no game: no length
    play_table(table, random.Random(1))
    page = keeper_client.get(reverse("scoring:table_detail", args=[table.pk])).content.decode()
    assert "Pokal — Runde 1" in page and 'id="round-played"' in page and 'id="to-close"' not in page
    deals = Deal.objects.filter(table=table).count()

    def misdeal(key):
        table.refresh_from_db()
        return {"version": table.version, "number": deals + 1, "submission": key, "kind": "misdeal",
                "dealer": seated[1], "confirm_dealer": "1"}

    key = str(uuid.uuid4())
    sync = f"/tables/{table.pk}/sync/"
    for _ in range(2):     # a lost answer, sent again: one pending deal
        answer = keeper_client.post(sync, misdeal(key))
        assert answer.status_code == 202 and answer.json()["status"] == "pending"
    form = keeper_client.post(reverse("scoring:table_detail", args=[table.pk]), misdeal(str(uuid.uuid4())))
    assert form.status_code == 302
    assert Deal.objects.filter(table=table).count() == deals and PendingDeal.objects.filter(table=table).count() == 2
    round_url = reverse("scoring:tournament_round", args=[t.pk, 1])
    refused = post(keeper_client, round_url, reverse("scoring:tournament_round_close", args=[t.pk, 1]))
    assert refused.status_code == 422 and "venter på din afgørelse ved bord 1" in refused.content.decode()
    first, second = PendingDeal.objects.filter(table=table).order_by("pk")
    keep = reverse("scoring:tournament_pending_keep", args=[first.pk])
    assert post(keeper_client, round_url, keep, {"reason": ""}).status_code == 422
    assert post(keeper_client, round_url, keep, {"reason": "Aftalt ved bordet"}).status_code == 302
    drop = reverse("scoring:tournament_pending_drop", args=[second.pk])
    assert post(keeper_client, round_url, drop, {"reason": "Sendt to gange"}).status_code == 302
    first.refresh_from_db()
    assert first.state == "kept" and first.deal.number == deals + 1 and Deal.objects.filter(table=table).count() == deals + 1
    assert PendingDeal.objects.get(pk=second.pk).state == "dropped"
    assert post(keeper_client, round_url, reverse("scoring:tournament_round_close", args=[t.pk, 1])).status_code == 302
    kinds = set(TournamentEvent.objects.filter(tournament=t).values_list("kind", flat=True))
    assert {"deal_kept", "deal_dropped"} <= kinds
