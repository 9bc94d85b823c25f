"""Issue 14: a written-score family (Selca, docs/rules/selca.md) on the pages around the table.

A club plays Danish Tarok and Slovenian Tarok "po Selško". A Selca deal *writes* points (winners +,
losers −, not zero-sum); money comes at the end from the pairwise differences of the totals
(docs/rules/selca.md §11: ``money_i = n·T_i − ΣT``) at the club's rate. So the Selca standings rank the
written totals and value them through the money, open evenings too; the evening page, the close
page and the PDF show the zapisnik, the money and who pays whom, never a cup; the player page
shows the engine's Selca figures; check_ledger agrees with all of it. The expected numbers are the
goldens' (``tests/golden/selca/*.expected.json``: ``totals``, ``money``, ``transfers``).
"""
import csv
import io
import json
import re
from decimal import Decimal

import pytest
from django.core.management import call_command

from scoring import services
from scoring.engine.interchange import parse_evening
from scoring.engine.money import Purse
from scoring.engine.settle import settle_evening
from scoring.selectors.ledger_audit import ledger_differences
from scoring.models import Evening, Player, PlayerEveningSummary
from scoring.reports.pdf import render_evening_pdf
from scoring.selectors.history import family_figures, player_evenings
from scoring.selectors.standings import standings, standings_from_journal
from tests.web.conftest import make_user
from tests.web.test_pdf import pdf_text

pytestmark = pytest.mark.django_db

RATE = Decimal("0.25")   # the club fixture's kroner per point
DANISH = {"Anne", "Bent", "Carl", "Dorte"}


def _json(path):
    return json.loads(path.read_text())


@pytest.fixture
def worked(golden_dir):
    return _json(golden_dir / "selca" / "worked-examples.json"), _json(golden_dir / "selca" / "worked-examples.expected.json")


@pytest.fixture
def four(golden_dir):
    return _json(golden_dir / "selca" / "four-players.json"), _json(golden_dir / "selca" / "four-players.expected.json")


@pytest.fixture
def both(club, golden_dir, worked) -> Evening:
    """A closed evening, 20.11.2026: a Danish table (1, the golden four-players-tout-nolo-fines) and
    the Selca worked examples (table 2: Ana, Bojan, Cene)."""
    danish = services.evening_import(club=club, data=_json(golden_dir / "four-players-tout-nolo-fines.json"))
    services.evening_import(club=club, data=worked[0], evening=danish.evening)
    services.evening_close(evening=danish.evening)
    return Evening.objects.select_related("club").get(pk=danish.evening_id)


@pytest.fixture
def open_selca(club, four) -> Evening:
    """An open Selca evening, 21.11.2026: the four-players golden (Ana, Bojan, Cene, Darja)."""
    return services.evening_import(club=club, data=four[0]).evening


@pytest.fixture
def member_client(client, club):
    client.force_login(make_user(club, "admin"))
    return client


def html(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


def text_of(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


# Standings ---------------------------------------------------------------------------------------

def test_the_standings_keep_danish_and_selca_apart(club, both, open_selca):
    danish = standings(club, family="danish", include_open=True)
    selca = standings(club, family="selca", include_open=True)
    assert {r.player for r in danish} == DANISH
    assert {r.player for r in selca} == {"Ana", "Bojan", "Cene", "Darja"}


def test_the_selca_standings_rank_the_written_totals(club, both, worked):
    rows = standings(club, family="selca")
    assert {r.player: r.points for r in rows} == worked[1]["totals"]   # a written total, never a Danish point
    assert [r.points for r in rows] == sorted((r.points for r in rows), reverse=True)


def test_a_closed_selca_evenings_kroner_are_its_money_at_the_rate(club, both, worked):
    """§11: the kroner are the pairwise differences of the totals (the golden's ``money``) × the
    rate, frozen at the close; the money column shows those points."""
    rows = {r.player: r for r in standings(club, family="selca")}
    for name, money in worked[1]["money"].items():
        assert rows[name].money == money
        assert rows[name].amounts == Purse.of("DKK", Decimal(money) * RATE)   # Ana: -383 × 0,25 = -95,75 kr.
    assert rows["Ana"].amounts["DKK"] == Decimal("-95.75") and rows["Ana"].points == -145


def test_an_open_selca_evenings_kroner_are_its_money_at_the_rate(club, both, open_selca, worked, four):
    rows = {r.player: r for r in standings(club, family="selca", include_open=True)}
    for name in ("Ana", "Bojan", "Cene", "Darja"):
        money = worked[1]["money"].get(name, 0) + four[1]["money"][name]
        assert rows[name].money == money
        assert rows[name].amounts == Purse.of("DKK", Decimal(money) * RATE)
        assert rows[name].points == worked[1]["totals"].get(name, 0) + four[1]["totals"][name]
    # Darja wrote -29 yet wins 18 × 0,25 kr.: the money is not the points
    assert rows["Darja"].points == -29 and rows["Darja"].amounts == Purse.of("DKK", Decimal("4.50"))
    assert rows == {r.player: r for r in standings_from_journal(club, family="selca", include_open=True)}


def test_the_selca_standings_count_games_and_klops_as_deals_played(club, both, worked):
    # at a table of three everyone holds cards in every game and klop (§1); a misdeal or a shown
    # hand is no deal played (§9)
    games_and_klops = sum(1 for d in worked[0]["deals"] if d["kind"] in ("game", "klop"))
    played = dict.fromkeys(worked[0]["players"], games_and_klops)
    rows = {r.player: r for r in standings(club, family="selca")}
    assert {name: rows[name].deals for name in played} == played and games_and_klops == 13
    assert rows["Bojan"].average == (Decimal(66) / played["Bojan"]).quantize(Decimal("0.1"))


def test_check_ledger_is_clean_with_open_and_closed_selca_evenings(club, both, open_selca, capsys):
    count, found = ledger_differences()
    assert count == 3 and found == []
    call_command("check_ledger")
    assert "ledger ok" in capsys.readouterr().out


def test_check_ledger_finds_a_selca_summary_whose_kroner_are_its_points(club, both):
    """The check compares the summaries with the journal's money: kroner that are points × rate
    (not the pairwise differences) are reported."""
    summary = PlayerEveningSummary.objects.get(evening=both, player__name="Ana")
    PlayerEveningSummary.objects.filter(pk=summary.pk).update(kroner=Decimal(summary.points) * RATE)
    _count, found = ledger_differences()
    assert any("selca, player Ana" in line and "amounts" in line for line in found)


def test_the_selca_standings_page_speaks_its_own_words(member_client, club, both, open_selca):
    page = html(member_client.get(f"/clubs/{club.pk}/standings/?family=selca&include_open=on"))
    table = text_of(page[page.index('id="standings"'):])
    assert "Skrevet" in table and "Penge (point)" in table
    assert "Pagat ultimo" not in table and "Meldepoint" not in table and "Anne" not in table
    assert "Darja" in table and "4,50 kr." in table
    danish = text_of(html(member_client.get(f"/clubs/{club.pk}/standings/?family=danish")))
    assert "Ana " not in danish and "Skrevet" not in danish and "Penge (point)" not in danish


def test_the_selca_standings_exports_and_pdf(member_client, club, both, worked):
    rows = list(csv.reader(io.StringIO(member_client.get(
        f"/clubs/{club.pk}/standings/?family=selca&_export=csv").content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0] == ["Spiller", "Aftener", "Spil", "Skrevet", "Rating", "Foreløbig rating", "Penge (point)",
                       "Beløb (DKK)", "Gns. pr. spil", "Bedste aften", "Værste aften"]
    assert rows[1][:4] + rows[1][5:8] == ["Bojan", "1", "13", "66", "ja", "250", "62,50"]
    xlsx = member_client.get(f"/clubs/{club.pk}/standings/?family=selca&_export=xlsx")
    assert xlsx["Content-Disposition"] == f'attachment; filename="stilling-{club.pk}-selca.xlsx"'
    text = pdf_text(member_client.get(f"/clubs/{club.pk}/standings/pdf/?family=selca").content)
    assert "Tarok (po Selško)" in text and "Skrevet" in text and "Bojan 1 13 66 " in text and " 250 62,50 kr." in text
    assert "Anne" not in text


def test_the_standings_command_of_selca(club, both, open_selca, capsys):
    call_command("standings", "--club", "VLK", "--family", "selca", "--json")
    rows = {r["player"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows["Ana"]["points"] == -145 and rows["Ana"]["money"] == -383 and rows["Ana"]["amounts"] == {"DKK": "-95.75"}
    assert "pagat_ultimo" not in rows["Ana"] and "Darja" not in rows   # closed evenings only
    call_command("standings", "--club", "VLK", "--family", "selca", "--include-open")
    out = capsys.readouterr().out
    assert "written" in out and "money" in out
    assert re.search(r"Darja\s+1\s+10\s+-29\s+18\s+4\.50 DKK", out)


# The player page ---------------------------------------------------------------------------------

def test_a_selca_player_page_shows_the_engines_figures(member_client, club, both, worked):
    bojan = Player.objects.get(club=club, name="Bojan")
    figures = family_figures(bojan, Evening.objects.filter(club=club), "selca")
    deals = worked[0]["deals"]
    declared = [d for d in deals if d.get("declarer") == "Bojan"]
    assert figures.declared == len(declared) == 2
    assert [(g, n) for g, n, _w, _l in figures.games] == [("3", 2)]          # two games of tri
    counts = dict(figures.counts)
    assert counts["klop"] == sum(1 for d in deals if d["kind"] == "klop")
    assert counts["renons"] == sum(1 for d in deals if "Bojan" in d.get("renons", []))
    page = text_of(html(member_client.get(f"/players/{bojan.pk}/?family=selca")))
    assert "Spil som spilfører" in page and "tri 2 2 0" in page
    assert "Klop 3" in page and "Klop tabt 1" in page and "Pagatfonk 1" in page
    assert "Skrevet 66" in page and "Penge (point) 250" in page and "62,50 kr." in page
    assert "three won" not in page and "Pagat ultimo" not in page


def test_a_selca_players_evenings_and_their_export(member_client, club, both, open_selca, four):
    darja = Player.objects.get(club=club, name="Darja")
    [evening] = player_evenings(darja, Evening.objects.filter(club=club), "selca")
    assert (evening.points, evening.money, evening.kroner) == (-29, 18, Decimal("4.50"))   # open: its money
    rows = list(csv.reader(io.StringIO(member_client.get(
        f"/players/{darja.pk}/?family=selca&include_open=on&_export=csv").content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0] == ["Dato", "Skrevet", "Penge (point)", "Beløb (DKK)", "Samlet", "Lukket"]
    assert rows[1][1:] == ["-29", "18", "4,50", "-29", "nej"]
    anne = Player.objects.get(club=club, name="Anne")
    rows = list(csv.reader(io.StringIO(member_client.get(
        f"/players/{anne.pk}/?_export=csv").content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0] == ["Dato", "Point", "Beløb (DKK)", "Samlet", "Lukket"]   # Danish: the points are the money


# The evening page, the close page ------------------------------------------------------------------

def test_the_evening_page_shows_the_zapisnik_and_the_money_per_family(member_client, both, worked):
    page = html(member_client.get(f"/evenings/{both.pk}/"))
    table = text_of(page[page.index('id="table-2"'):page.index("</section>", page.index('id="table-2"'))])
    assert "Zapisnik" in table and "Skrevet" in table and "Ana -145" in table and "kongekop" not in table
    money = text_of(page[page.index('id="money-selca"'):])
    for name, points in worked[1]["money"].items():
        assert f"{name} {worked[1]['totals'][name]} {points} " in money
    for t in worked[1]["transfers"]:   # who pays whom: the money's fewest payments at the rate
        kroner = f"{Decimal(t['points']) * RATE:.2f}".replace(".", ",")
        assert f"{t['from']} → {t['to']}: {t['points']} point ({kroner} kr.)" in money
    danish = text_of(page[page.index('id="money-danish"'):page.index('id="money-selca"')])
    assert "Penge (point)" not in danish and "Anne 320 80,00 kr." in danish


def test_the_close_page_previews_the_selca_money(member_client, open_selca, four):
    page = html(member_client.get(f"/evenings/{open_selca.pk}/close/"))
    text = text_of(page)
    assert "Zapisnik" in text and "kongekop" not in text and "kopperne" not in text
    for name, points in four[1]["money"].items():
        kroner = f"{Decimal(points) * RATE:.2f}".replace(".", ",")
        assert f"{name} {four[1]['totals'][name]} {points} {kroner} kr." in text
    for t in four[1]["transfers"]:
        assert f"{t['from']} → {t['to']}: {t['points']} point" in text


# The zapisnik PDF --------------------------------------------------------------------------------

def test_the_zapisnik_pdf_prints_the_sheet_in_slovenian_words(both, worked):
    text = pdf_text(render_evening_pdf(both))
    for word in ("Zapisnik", "št.", "delilec", "igra", "licitator", "točke", "skupaj", "Skupaj", "Podpisi",
                 "tri", "dve", "ena", "klop", "zatala", "pokazane karte"):
        assert word in text, word
    settlement = settle_evening(parse_evening(worked[0]))
    players = settlement.players
    running = dict.fromkeys(players, 0)
    lines = text.splitlines()
    for number, (deal, entry) in enumerate(zip(parse_evening(worked[0]).deals, settlement.deals), 1):
        cells = []
        for p in players:
            running[p] += entry.net[p]
            cells += [str(entry.net[p]), str(running[p])]
        # the deal's row: number, dealer … then each player's written points and running total
        assert any(line.startswith(f"{number} {deal.dealer} ") and line.endswith(" ".join(cells)) for line in lines), number
    assert " ".join(str(worked[1]["totals"][p]) for p in players) in text
    assert "Penge (point) " + " ".join(str(worked[1]["money"][p]) for p in players) in text
    assert "Beløb -95,75 kr. 62,50 kr. 33,25 kr." in text
    assert "Ana Bojan 250 62,50 kr." in text and "Ana Cene 133 33,25 kr." in text   # who pays whom
    assert "Kopper" not in text.split("Zapisnik")[1].split("Slutresultat")[0]


def test_the_closed_evening_pdf_has_one_signature_block(both, worked):
    """The zapisnik's players sign once, with the evening's other players: one Underskrifter ·
    Podpisi, one line per player."""
    text = pdf_text(render_evening_pdf(both))
    assert text.count("Podpisi") == 1 and text.count("Underskrifter") == 1
    assert text.count("Vi har set") == 1
    signatures = text[text.index("Underskrifter"):]
    for player in settle_evening(parse_evening(worked[0])).players:
        assert signatures.count(player) == 1, player


def test_the_zapisnik_pdf_of_an_open_evening_is_provisional(open_selca, four):
    text = pdf_text(render_evening_pdf(Evening.objects.select_related("club").get(pk=open_selca.pk)))
    assert "Foreløbig – aftenen er ikke lukket." in text and "Podpisi" not in text
    assert "Penge (point) 238 -514 258 18" in text and "Afregnes, når aftenen er lukket." in text


# English -----------------------------------------------------------------------------------------

def test_the_written_score_pages_in_english(member_client, club, both):
    member_client.cookies["django_language"] = "en"
    page = text_of(html(member_client.get(f"/clubs/{club.pk}/standings/?family=selca")))
    assert "Written" in page and "Money (points)" in page and "Skrevet" not in page
    page = text_of(html(member_client.get(f"/evenings/{both.pk}/")))
    assert "Zapisnik" in page and "The money is the differences" in page


# Queries -----------------------------------------------------------------------------------------

def test_the_selca_pages_query_count_does_not_grow_with_history(client, worked, four, golden_dir):
    """Standings, player page and evening page of a written score: a fixed number of queries however
    many evenings, open or closed (the money of each table from one query of the seats)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from scoring.models import Club

    counts = []
    for name, evenings in (("Lille", 1), ("Stor", 4)):
        club = Club.objects.create(name=name, kroner_per_point=RATE)
        for day in range(evenings):
            table = services.evening_import(club=club, data=dict(worked[0], date=f"2026-11-{day + 1:02d}"))
            services.evening_close(evening=table.evening)
            services.evening_import(club=club, data=dict(four[0], date=f"2026-12-{day + 1:02d}"))
        client.force_login(make_user(club, "admin", f"admin-{name}"))
        player = Player.objects.get(club=club, name="Bojan")
        evening = Evening.objects.filter(club=club, closed_at__isnull=False).order_by("-date").first()
        seen = []
        for url in (f"/players/{player.pk}/", f"/players/{player.pk}/?include_open=on",
                    f"/clubs/{club.pk}/standings/", f"/clubs/{club.pk}/standings/?include_open=on",
                    f"/clubs/{club.pk}/", f"/evenings/{evening.pk}/"):
            client.get(url)   # warm (sessions, caches)
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url).status_code == 200
            seen.append(len(queries))
        counts.append(seen)
    assert counts[0] == counts[1]
