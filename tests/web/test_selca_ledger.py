"""The Selca family in the ledger: a written score, not payments. Each deal's entry
writes points to the players against the table's sheet account (double entry, the sheet taking
the other side); the money of a closed evening comes from the pairwise differences of the totals
(docs/rules/selca.md §11) at the club's rate."""
import io
import json
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.db.models import Sum

from scoring import services
from scoring.engine.interchange import parse_evening
from scoring.engine.settle import settle_evening
from scoring.models import Account, JournalEntry, Leg, PlayerEveningSummary
from scoring.selectors import table_sheet, table_to_evening_file
from tests.conftest import GOLDEN as GOLDEN_DIR

pytestmark = pytest.mark.every_database

GOLDEN = GOLDEN_DIR / "selca"


@pytest.fixture(params=["worked-examples", "four-players"])
def golden(request):
    return (json.loads((GOLDEN / f"{request.param}.json").read_text()),
            json.loads((GOLDEN / f"{request.param}.expected.json").read_text()))


def test_an_imported_selca_evening_writes_the_golden_score(club, golden):
    data, expected = golden
    table = services.evening_import(club=club, data=data)
    assert table.family == "selca"
    sheet = table_sheet(table)
    assert [dict(zip(sheet.players, row.net)) for row in sheet.rows if row.number] == [d["net"] for d in expected["deals"]]
    assert dict(zip(sheet.players, sheet.totals)) == expected["totals"]
    assert sheet.pots == ()   # the sheet account is no cup


def test_every_entry_balances_against_the_sheet_account(club, golden):
    data, expected = golden
    table = services.evening_import(club=club, data=data)
    for entry in JournalEntry.objects.filter(table=table):
        assert sum(leg.amount for leg in entry.legs.all()) == 0
    written = Leg.objects.filter(entry__table=table, account=Account.PLAYER).aggregate(s=Sum("amount"))["s"]
    sheet = Leg.objects.filter(entry__table=table, account="sheet").aggregate(s=Sum("amount"))["s"]
    assert written == sum(expected["totals"].values()) and sheet == -written


def test_recording_deal_by_deal_writes_what_the_import_writes(club, golden):
    data, _expected = golden
    imported = services.evening_import(club=club, data=data)
    players = [services.player_get_or_create(club=club, name=n) for n in data["players"]]
    evening = services.evening_create(club=club, date="2026-11-21")
    recorded = services.table_create(evening=evening, players=players, rules="selca")
    for deal in data["deals"]:
        services.deal_record(table=recorded, outcome=deal)

    def ledger(table):
        return [(e.kind, sorted((leg.account, leg.player_id, leg.amount) for leg in e.legs.all()))
                for e in JournalEntry.objects.filter(table=table).order_by("id")]
    assert ledger(imported) == ledger(recorded)
    assert table_to_evening_file(recorded)["deals"] == table_to_evening_file(imported)["deals"]


def test_export_gives_back_the_imported_file(club, golden):
    data, _expected = golden
    table = services.evening_import(club=club, data=data)
    assert parse_evening(table_to_evening_file(table)) == parse_evening(data)


def test_closing_pays_the_pairwise_differences_at_the_club_rate(club, golden):
    data, expected = golden
    table = services.evening_import(club=club, data=data)
    services.evening_close(evening=table.evening)
    summaries = {s.player.name: s for s in PlayerEveningSummary.objects.filter(evening=table.evening)}
    assert {n: s.points for n, s in summaries.items()} == expected["totals"]   # the written score
    assert {s.family for s in summaries.values()} == {"selca"}
    kroner = {n: s.kroner for n, s in summaries.items()}
    assert sum(kroner.values()) == 0
    for name, money in expected["money"].items():   # 0.25 kr a point, paid by the fewest transfers
        assert abs(kroner[name] - Decimal(money) * Decimal("0.25")) <= Decimal("0.01") * len(kroner)
    call_command("check_ledger")


def test_a_correction_rewrites_only_the_corrected_deal(club, golden):
    data, _expected = golden
    table = services.evening_import(club=club, data=data)
    first = table.deals.get(number=1, current=True)
    services.deal_correct(deal=first, outcome={"dealer": first.outcome["dealer"], "kind": "misdeal"}, reason="test")
    data["deals"][0] = {"dealer": first.outcome["dealer"], "kind": "misdeal"}
    whole = settle_evening(parse_evening(data))
    assert table_sheet(table).totals == tuple(t for _, t in whole.totals)


def test_the_history_page_says_what_was_written_not_paid(keeper_client, club, golden):
    data, _expected = golden
    table = services.evening_import(club=club, data=data)
    deal = table.deals.get(number=1, current=True)
    page = keeper_client.get(f"/deals/{deal.pk}/history/").content.decode()
    assert "Skrevet i zapisnik" in page and "Betalinger" not in page


def test_an_import_error_names_the_files_field_and_says_the_count_in_tocke(keeper_client):
    """The file keeps its thirds (docs/format.md); its error also says them in točke
    (docs/rules/selca.md §2), and nothing is written."""
    data = json.loads((GOLDEN / "worked-examples.json").read_text())
    data["deals"][0]["count"] = 211
    data["deals"][1]["counts"]["Cene"] = 41
    handle = io.BytesIO(json.dumps(data, ensure_ascii=False).encode())
    handle.name = "aften.json"
    before = JournalEntry.objects.count()
    response = keeper_client.post("/evenings/import/", {"file": handle})
    assert response.status_code == 422
    problems = response.context["problems"]
    assert "spil 1: count: skal være fra 0 til 210 tredjedele = 0 točk til 70 točk, ikke 211 = 70 in 1 platelc" in problems
    assert "spil 2: counts: tallene giver 209 tredjedele = 69 in 2 platelca; de skal give 210 = 70 točk" in problems
    assert JournalEntry.objects.count() == before
