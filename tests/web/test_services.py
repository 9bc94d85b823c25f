"""Services: recording, correcting and closing keep every journal entry at zero sum and equal to
the engine's settlement of the exported evening file."""
import copy
import json
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.db.models import Sum

from scoring import selectors, services
from scoring.engine.interchange import parse_evening
from scoring.engine.ledger import cup_contents
from scoring.engine.settle import settle_evening
from scoring.models import Club, Deal, Evening, JournalEntry, Leg, Player, Table
from tests.conftest import golden_files

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.web.urls_for_services"), pytest.mark.every_database]
GOLDEN = golden_files()


def row_counts():
    return {m.__name__: m.objects.count() for m in (Club, Player, Evening, Table, Deal, JournalEntry, Leg)}


def assert_ledger_matches_engine(table):
    """Every entry sums to zero, and the sheet equals the engine's settlement of the export."""
    for entry in JournalEntry.objects.filter(table=table):
        assert entry.legs.aggregate(s=Sum("amount"))["s"] in (0, None), entry.kind
    exported = selectors.table_to_evening_file(table)
    settlement = settle_evening(parse_evening(exported))
    sheet = selectors.table_sheet(table)
    deal_rows = [r for r in sheet.rows if r.kind not in ("opening", "split")]
    assert len(deal_rows) == len(settlement.deals)
    for row, entry in zip(deal_rows, settlement.deals):
        assert row.net == tuple(entry.net[p] for p in settlement.players)
        cups = cup_contents(entry)   # the Danish cups; a family without cups stores 0 (the demo's Karlsruhe tables)
        assert (row.pots.get("king", 0), row.pots.get("pagat", 0)) == (cups.get("king", 0), cups.get("pagat", 0))
    assert sheet.rows[0].net == tuple(settlement.opening.net[p] for p in settlement.players)
    return settlement, sheet


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_import_records_every_deal_like_the_engine(club, path):
    table = services.evening_import(club=club, data=json.loads(path.read_text()))
    settlement, sheet = assert_ledger_matches_engine(table)
    services.evening_close(evening=table.evening)
    table.evening.refresh_from_db()
    sheet = selectors.table_sheet(table)
    assert sheet.rows[-1].kind == "split"
    assert sheet.rows[-1].net == tuple(settlement.split.net[p] for p in settlement.players)
    assert sheet.totals == tuple(t for _, t in settlement.totals)
    assert sheet.cups == (0, 0)
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    assert dict(zip(sheet.players, sheet.totals)) == expected["totals"]


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_export_import_export_is_the_same_file(club, path):
    first = selectors.table_to_evening_file(services.evening_import(club=club, data=json.loads(path.read_text())))
    second = selectors.table_to_evening_file(services.evening_import(club=club, data=first))
    assert first == second
    assert parse_evening(first) == parse_evening(json.loads(path.read_text()))


def test_recording_deal_by_deal_equals_the_engine(club, golden_dir):
    data = json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text())
    players = [services.player_get_or_create(club=club, name=n) for n in data["players"]]
    evening = services.evening_create(club=club, date=parse_evening(data).date)
    table = services.table_create(evening=evening, players=players)
    for number, deal in enumerate(data["deals"], 1):
        services.deal_record(table=table, outcome=deal)
        assert Deal.objects.filter(table=table, current=True).count() == number
        assert_ledger_matches_engine(table)


def test_invalid_deal_is_refused_and_nothing_is_written(club, golden_dir):
    table = services.evening_import(club=club, data=json.loads((golden_dir / "three-players-basic.json").read_text()))
    before = row_counts()
    bad = {"dealer": "Anne", "pagat": {"owner": "Bent", "fate": "home"}, "last_trick": "Bent",
           "counts": {"Anne": 50, "Bent": 40}, "kings": {"hearts": {"owner": "Zoe", "fate": "lost"}}}
    with pytest.raises(services.RecordingError) as err:
        services.deal_record(table=table, outcome=bad)
    fields = {(e.deal, e.field) for e in err.value.errors}
    assert fields == {(6, "kings.hearts.owner"), (6, "counts")}
    assert row_counts() == before


def test_invalid_import_changes_nothing(club, golden_dir):
    data = json.loads((golden_dir / "random-42.json").read_text())
    data["deals"][7]["counts"] = {"Anne": 50, "Bent": 20}   # dealer Anne: Bent, opposite, sits out
    before = row_counts()
    with pytest.raises(services.RecordingError) as err:
        services.evening_import(club=club, data=data)
    assert [str(e) for e in err.value.errors] == ["spil 8: counts.Bent: Bent sidder over i dette spil"]
    assert row_counts() == before


def test_correction_reverses_and_resettles_every_later_deal(club, golden_dir):
    data = json.loads((golden_dir / "three-players-basic.json").read_text())
    table = services.evening_import(club=club, data=data)
    entries_before = JournalEntry.objects.filter(table=table).count()
    old = Deal.objects.get(table=table, number=3, current=True)
    corrected = copy.deepcopy(data["deals"][2])
    corrected["pagat"]["fate"] = "home"          # no ultimo after all: the pagat cup is not emptied
    new = services.deal_correct(deal=old, outcome=corrected)
    old.refresh_from_db()
    assert not old.current and new.replaces == old and new.number == 3
    # deals 3, 4, 5 were reversed (3 reversals) and posted anew (3 entries); nothing was deleted
    assert JournalEntry.objects.filter(table=table).count() == entries_before + 6
    assert JournalEntry.objects.filter(table=table, kind="reversal").count() == 3
    data["deals"][2] = corrected
    settlement, sheet = assert_ledger_matches_engine(table)
    assert settlement == settle_evening(parse_evening(data))
    # the cups no longer refund after deal 3: the pagat cup keeps 75 + …
    assert (sheet.rows[3].pots.get("king", 0), sheet.rows[3].pots.get("pagat", 0)) == (85, 75)


def test_invalid_correction_writes_nothing(club, golden_dir):
    table = services.evening_import(club=club, data=json.loads((golden_dir / "three-players-basic.json").read_text()))
    before = row_counts()
    deal = Deal.objects.get(table=table, number=5)
    with pytest.raises(services.RecordingError):
        services.deal_correct(deal=deal, outcome={"dealer": "Bent", "pagat": {"owner": "Bent", "fate": "home"}})
    assert row_counts() == before


def test_closed_evening_is_read_only(club, golden_dir):
    data = json.loads((golden_dir / "three-players-basic.json").read_text())
    table = services.evening_import(club=club, data=data)
    services.evening_close(evening=table.evening)
    before = row_counts()
    with pytest.raises(services.RecordingError):
        services.deal_record(table=table, outcome=data["deals"][0])
    with pytest.raises(services.RecordingError):
        services.deal_correct(deal=Deal.objects.get(table=table, number=1), outcome=data["deals"][0])
    with pytest.raises(services.RecordingError):
        services.evening_close(evening=table.evening)
    assert row_counts() == before


def test_stale_version_is_refused(club, golden_dir):
    data = json.loads((golden_dir / "three-players-basic.json").read_text())
    table = services.evening_import(club=club, data=data)
    version = Table.objects.get(pk=table.pk).version
    services.deal_record(table=table, outcome=data["deals"][0], expected_version=version)
    with pytest.raises(services.StaleTableError):
        services.deal_record(table=table, outcome=data["deals"][1], expected_version=version)


def test_a_player_sits_at_one_table_per_evening(club):
    players = [services.player_get_or_create(club=club, name=n) for n in ("A", "B", "C", "D", "E", "F")]
    evening = services.evening_create(club=club, date="2026-11-20")
    services.table_create(evening=evening, players=players[:3])
    with pytest.raises(services.RecordingError):
        services.table_create(evening=evening, players=players[2:5])
    with pytest.raises(services.RecordingError):
        services.table_create(evening=evening, players=players[3:5])   # only two players
    assert services.table_create(evening=evening, players=players[3:]).number == 2


def test_evening_summary_pays_in_points_and_kroner(club, golden_dir):
    table = services.evening_import(club=club, data=json.loads((golden_dir / "three-players-basic.json").read_text()))
    services.evening_close(evening=table.evening)
    summary = selectors.evening_summary(Evening.objects.get(pk=table.evening_id))
    # totals Anne 135, Bent -35, Carl -100 at 0.25 kr per point
    assert [(p, t, k) for p, t, k in summary.totals] == [
        ("Anne", 135, Decimal("33.75")), ("Bent", -35, Decimal("-8.75")), ("Carl", -100, Decimal("-25.00"))]
    assert [(p.payer, p.payee, p.points, p.kroner) for p in summary.payments] == [
        ("Carl", "Anne", 100, Decimal("25.00")), ("Bent", "Anne", 35, Decimal("8.75"))]


def test_seed_demo_creates_valid_evenings_once():
    call_command("seed_demo")
    call_command("seed_demo")
    club = Club.objects.get(name="Demo Tarokklub")
    assert club.evenings.count() == 2
    assert club.evenings.filter(closed_at__isnull=True).count() == 1
    for table in Table.objects.filter(evening__club=club):
        assert_ledger_matches_engine(table)
