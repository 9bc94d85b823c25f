"""The Karlsruhe family in the ledger: the family-blind services record, correct, void,
close, import and export a Karlsruhe table exactly as the engine settles it, with no cups."""
import io
import json

import pytest
from django.core.management import call_command

from scoring import services
from scoring.engine.families import family
from scoring.engine.interchange import parse_evening
from scoring.engine.settle import settle_evening
from scoring.models import Account, JournalEntry, Leg, PlayerEveningSummary
from scoring.selectors import table_sheet, table_to_evening_file
from tests.conftest import GOLDEN as GOLDEN_DIR

pytestmark = pytest.mark.every_database

GOLDEN = GOLDEN_DIR / "karlsruhe"


@pytest.fixture
def seed():
    return json.loads((GOLDEN / "seed-table.json").read_text())


@pytest.fixture
def expected():
    return json.loads((GOLDEN / "seed-table.expected.json").read_text())


def _karlsruhe_table(club, names=("Spieler 1", "Spieler 2", "Spieler 3", "Spieler 4")):
    players = [services.player_get_or_create(club=club, name=n) for n in names]
    evening = services.evening_create(club=club, date="2026-11-20")
    return services.table_create(evening=evening, players=players, rules="karlsruhe")


def _running(sheet):
    return [dict(zip(sheet.players, row.running)) for row in sheet.rows if row.number is not None]


def test_a_karlsruhe_table_plays_the_karlsruhe_family_with_no_cups(club):
    table = _karlsruhe_table(club)
    assert table.family == "karlsruhe" and table.card == family("karlsruhe").rate_card("karlsruhe")
    assert services.table_pots(table) == {}
    assert not Leg.objects.filter(entry__table=table).exclude(account=Account.PLAYER).exists()


def test_the_seed_recorded_deal_by_deal_reproduces_the_seed_table(club, seed, expected):
    table = _karlsruhe_table(club)
    for deal in seed["deals"]:
        services.deal_record(table=table, outcome=deal)
    sheet = table_sheet(table)
    assert [row.formula for row in sheet.rows if row.number] == [d["formula"] for d in expected["deals"]]
    assert [bool(row.info["radl"]) for row in sheet.rows if row.number] == [d["radl"] for d in expected["deals"]]
    running, total = [], dict.fromkeys(expected["players"], 0)
    for d in expected["deals"]:
        total = {p: total[p] + d["net"][p] for p in total}
        running.append(total)
    assert _running(sheet) == running
    assert dict(zip(sheet.players, sheet.totals)) == expected["totals"]
    assert not Leg.objects.filter(entry__table=table).exclude(account=Account.PLAYER).exists()


def test_importing_the_seed_writes_what_recording_it_writes(club, seed):
    imported = services.evening_import(club=club, data=seed)
    recorded = _karlsruhe_table(club, ("Spieler 1", "Spieler 2", "Spieler 3", "Spieler 4"))
    for deal in seed["deals"]:
        services.deal_record(table=recorded, outcome=deal)

    def ledger(table):
        return [(e.kind, e.info_json, sorted((leg.account, leg.player_id, leg.amount) for leg in e.legs.all()))
                for e in JournalEntry.objects.filter(table=table).order_by("id")]
    assert imported.family == "karlsruhe"
    assert ledger(imported) == ledger(recorded)


def test_export_gives_back_the_imported_file(club, seed):
    table = services.evening_import(club=club, data=seed)
    exported = table_to_evening_file(table)
    assert parse_evening(exported) == parse_evening(seed)
    assert exported["rules"] == "karlsruhe" and "rate_card" not in exported


def test_correcting_the_fahrer_re_derives_the_radl_of_every_later_deal(club, seed):
    """docs/rules/karlsruhe.md §10: the Radl derives from the history; correcting deal 3 from a Fahrer
    to a Königsrufer takes deals 4-7 out of the Radl, and the ledger agrees with settling the
    corrected evening whole."""
    table = services.evening_import(club=club, data=seed)
    deal3 = table.deals.get(number=3, current=True)
    corrected = {"dealer": "Spieler 3", "game": "koenigsrufer", "declarer": "Spieler 4", "called_king": "hearts",
                 "partner": "Spieler 1", "declarers_count": 120}
    services.deal_correct(deal=deal3, outcome=corrected, reason="Fahrer was a Rufer")
    sheet = table_sheet(table)
    assert [bool(row.info["radl"]) for row in sheet.rows if row.number] == [False] * 9
    seed["deals"][2] = corrected
    whole = settle_evening(parse_evening(seed))
    assert sheet.totals == tuple(t for _, t in whole.totals)
    assert [row.formula for row in sheet.rows if row.number] == [e.facts["formula"] for e in whole.deals]


def test_voiding_the_last_deal_and_recording_again_keeps_the_radl(club, seed):
    table = _karlsruhe_table(club)
    for deal in seed["deals"][:4]:
        services.deal_record(table=table, outcome=deal)
    services.deal_void(deal=table.deals.get(number=4, current=True), reason="typo")
    services.deal_record(table=table, outcome=seed["deals"][3])
    sheet = table_sheet(table)
    assert [row.formula for row in sheet.rows if row.number] == ["2", "4", "2", "8x2=16"]


def test_an_impossible_deal_is_refused_naming_deal_and_field_and_nothing_is_written(club, seed):
    table = _karlsruhe_table(club)
    before = JournalEntry.objects.count()
    bad = {"dealer": "Spieler 1", "game": "koenigsrufer", "declarer": "Spieler 2", "called_king": "clubs",
           "declarers_count": 114}   # partner missing (docs/rules/karlsruhe.md §9)
    with pytest.raises(services.RecordingError) as caught:
        services.deal_record(table=table, outcome=bad)
    assert [(e.deal, e.field) for e in caught.value.errors] == [(1, "partner")]
    assert JournalEntry.objects.count() == before and not table.deals.exists()


def test_a_karlsruhe_table_seats_four_or_five(club):
    players = [services.player_get_or_create(club=club, name=n) for n in ("A1", "B2", "C3")]
    evening = services.evening_create(club=club, date="2026-11-21")
    with pytest.raises(services.RecordingError) as caught:
        services.table_create(evening=evening, players=players, rules="karlsruhe")
    assert [e.field for e in caught.value.errors] == ["players"]
    assert not evening.tables.exists()


def test_closing_pays_points_at_the_rate_and_the_ledger_checks_out(club, seed):
    table = services.evening_import(club=club, data=seed)
    services.evening_close(evening=table.evening)
    summaries = {s.player.name: s for s in PlayerEveningSummary.objects.filter(evening=table.evening)}
    assert {n: s.points for n, s in summaries.items()} == {"Spieler 1": -256, "Spieler 2": -168,
                                                           "Spieler 3": 368, "Spieler 4": 56}
    assert {s.family for s in summaries.values()} == {"karlsruhe"}
    assert summaries["Spieler 1"].kroner == -64 and summaries["Spieler 3"].kroner == 92   # 0.25 kr a point
    call_command("check_ledger")


def test_the_correction_page_shows_the_karlsruhe_seating(keeper_client, club, seed):
    """The correction page takes the seating of the table's family: Karlsruhe has no middlehand."""
    table = services.evening_import(club=club, data=seed)
    deal = table.deals.get(number=5, current=True)
    page = keeper_client.get(f"/deals/{deal.pk}/edit/").content.decode()
    assert 'id="seating"' in page and "Mellemhånd" not in page


def test_the_history_and_the_evening_log_speak_the_deals_family(keeper_client, club, seed):
    """A Karlsruhe deal's history page and the evening's log use the family's own words (the game,
    declarer, count), not the Danish deal's."""
    table = services.evening_import(club=club, data=seed)
    deal = table.deals.get(number=7, current=True)
    services.deal_correct(deal=deal, outcome={**seed["deals"][6], "declarers_count": 160}, reason="recount")
    history = keeper_client.get(f"/deals/{deal.pk}/history/").content.decode()
    assert "Sechserbock" in history
    log = keeper_client.get(f"/evenings/{table.evening_id}/log/").content.decode()
    assert "Punkte" in log   # the correction, as the family says the count


def _upload(data):
    handle = io.BytesIO(json.dumps(data, ensure_ascii=False).encode())
    handle.name = "aften.json"
    return handle


def test_an_import_error_names_the_files_field_and_says_the_count_in_punkte(keeper_client, seed):
    """The file keeps its thirds (docs/format.md); its error also says them in Punkte and Blätter
    (docs/rules/karlsruhe.md §3), and nothing is written."""
    seed["deals"][0]["declarers_count"] = 210
    fahrer = next(i for i, deal in enumerate(seed["deals"]) if deal.get("game") == "fahrer")
    first = next(iter(seed["deals"][fahrer]["counts"]))
    seed["deals"][fahrer]["counts"][first] -= 3
    before = JournalEntry.objects.count()
    response = keeper_client.post("/evenings/import/", {"file": _upload(seed)})
    assert response.status_code == 422
    problems = response.context["problems"]
    assert ("spil 1: declarers_count: skal være fra 1 til 209 tredjedele = 0 Punkte 1 Blatt til "
            "69 Punkte 2 Blätter, ikke 210 = 70 Punkte") in problems
    assert (f"spil {fahrer + 1}: counts: tallene giver 207 tredjedele = 69 Punkte; de skal give 210 = 70 Punkte"
            in problems)
    assert JournalEntry.objects.count() == before
