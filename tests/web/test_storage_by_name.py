"""Storage that knows no family (docs/architecture.md, Storage): a leg's account is a pot the
table's family declares (or a player), the pots after each entry and every player's figures of a
deal are stored by name, the rule set rides on both summaries, and the pages read the figures by
name without settling a deal again."""
import json

import pytest
from django.core.management import call_command

from scoring import services
from scoring.engine import families
from scoring.engine.ledger import LedgerError
from scoring.engine.settle import settle_evening
from scoring.models import Account, Club, JournalEntry, Leg, PlayerDealStat, PlayerEveningSummary
from scoring.services.journal import _pot_account
from scoring.selectors import table_sheet
from scoring.selectors.history import family_figures, largest_cups_won

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.web.urls_for_services"), pytest.mark.every_database]


@pytest.fixture
def golden_club():
    return Club.objects.create(name="Golden")


def _import(club, golden_dir, name: str):
    return services.evening_import(club=club, data=json.loads((golden_dir / f"{name}.json").read_text()))


@pytest.mark.parametrize("name, pots", [
    ("four-players-tout-nolo-fines", {"king", "pagat"}),
    ("karlsruhe/seed-table", set()),
    ("selca/four-players", {"sheet"}),
])
def test_the_pots_after_each_entry_are_stored_by_the_familys_names(golden_club, golden_dir, name, pots):
    """Every entry stores each pot its family declares (``Family.pots``), by name: the sum of the
    pot's legs so far; a leg is posted only to a declared pot."""
    table = _import(golden_club, golden_dir, name)
    services.evening_close(evening=table.evening)
    assert set(families.family(table.family).pots) == pots
    running = dict.fromkeys(pots, 0)
    for entry in JournalEntry.objects.filter(table=table).order_by("pk"):
        for leg in entry.legs.exclude(account=Account.PLAYER):
            running[leg.account] += leg.amount
        assert entry.pots_after == running
    accounts = set(Leg.objects.filter(entry__table=table).values_list("account", flat=True))
    assert accounts <= {Account.PLAYER, *pots}


def test_a_leg_on_a_pot_the_family_does_not_declare_is_refused():
    with pytest.raises(LedgerError, match="karlsruhe family has no pot"):
        _pot_account(families.family("karlsruhe"), "king")
    assert _pot_account(families.family("selca"), "sheet") == "sheet"


@pytest.mark.parametrize("name", ["random-42", "karlsruhe/seed-table", "selca/worked-examples"])
def test_each_players_figures_are_the_familys_own_by_name(golden_club, golden_dir, name):
    """A deal's stored figures are the family's ``deal_stats`` by name (0s left out), with the
    table's rule set; the evening's summary sums them by name."""
    table = _import(golden_club, golden_dir, name)
    family = table.engine
    data = json.loads((golden_dir / f"{name}.json").read_text())
    evening = family.parse_evening(data)
    settlement = settle_evening(evening)
    summed: dict[str, dict[str, int]] = {p: {} for p in settlement.players}
    for number, (deal, entry) in enumerate(zip(evening.deals, settlement.deals), 1):
        for figures in family.deal_stats(settlement.players, deal, entry):
            row = PlayerDealStat.objects.get(deal__table=table, deal__number=number, player__name=figures.player)
            expected = {n: getattr(figures, n) for n in family.figures if getattr(figures, n)}
            assert (row.active, row.net, row.figures, row.rules) == (figures.active, figures.net, expected, table.rules)
            for n, v in expected.items():
                summed[figures.player][n] = summed[figures.player].get(n, 0) + v
    for summary in PlayerEveningSummary.objects.filter(evening=table.evening).select_related("player"):
        assert summary.figures == summed[summary.player.name]
        assert (summary.family, summary.rules) == (table.family, table.rules)
    assert any(summed.values())


def test_a_correction_brings_the_later_deals_figures_up_to_date(golden_club, golden_dir):
    """The Karlsruhe Radl of the later deals changes with a corrected Fahrer: their stored figures
    follow (``check_ledger`` compares every current deal's figures with the engine's)."""
    table = _import(golden_club, golden_dir, "karlsruhe/seed-table")
    radl_before = sum(s.figures.get("radl", 0) for s in PlayerDealStat.objects.filter(deal__table=table))
    deal3 = table.deals.get(number=3, current=True)
    services.deal_correct(deal=deal3, reason="Fahrer was a Rufer", outcome={
        "dealer": "Spieler 3", "game": "koenigsrufer", "declarer": "Spieler 4", "called_king": "hearts",
        "partner": "Spieler 1", "declarers_count": 120})
    current = PlayerDealStat.objects.filter(deal__table=table, deal__current=True)
    assert radl_before > 0 and sum(s.figures.get("radl", 0) for s in current) == 0
    call_command("check_ledger")


def test_the_player_page_reads_the_stored_figures_in_one_query(golden_club, golden_dir,
                                                               django_assert_num_queries):
    """A family's own figures (the player page) are read by name from the per-deal rows: one query,
    nothing settled again; the declared games come from the deals as recorded."""
    table = _import(golden_club, golden_dir, "selca/four-players")
    player = table.seats.order_by("position").first().player
    with django_assert_num_queries(1):
        figures = family_figures(player, golden_club.evenings.all(), "selca")
    names = [n for n in families.family("selca").figures if not n.startswith("declarer")]
    assert [name for name, _ in figures.counts] == names
    assert figures.deals > 0 and sum(declared for _, declared, _, _ in figures.games) == sum(
        s.figures.get("declarer", 0) for s in PlayerDealStat.objects.filter(player=player, active=True))
    assert family_figures(player, golden_club.evenings.all(), "danish") is None


def test_the_largest_cups_are_read_by_name(golden_club, golden_dir):
    table = _import(golden_club, golden_dir, "random-42")
    won = sorted((s.figures["cup_won"] for s in PlayerDealStat.objects.filter(deal__table=table)
                  if s.figures.get("cup_won")), reverse=True)
    assert [c.amount for c in largest_cups_won(golden_club.evenings.all(), limit=3)] == won[:3]


def test_check_ledger_names_a_tampered_figure_a_pot_of_another_family_and_a_wrong_rule_set(golden_club, golden_dir, capsys):
    table = _import(golden_club, golden_dir, "selca/four-players")
    row = PlayerDealStat.objects.filter(deal__table=table, deal__number=2).order_by("pk").first()
    PlayerDealStat.objects.filter(pk=row.pk).update(figures={**row.figures, "valat": 1})
    entry = JournalEntry.objects.get(table=table, deal__number=3, kind="deal")
    JournalEntry.objects.filter(pk=entry.pk).update(pots_after={**entry.pots_after, "king": 5})
    PlayerEveningSummary.objects.filter(player=row.player).update(rules="vlk")
    with pytest.raises(SystemExit):
        call_command("check_ledger")
    err = capsys.readouterr().err
    assert f"deal 2: {row.player.name}'s figures stored" in err
    assert "deal 3: pots stored for 'king', which the selca family has no pot for" in err
    assert f"player {row.player.name}: the summary says rule set 'vlk', the table plays '{table.rules}'" in err


def test_the_sheet_reads_the_pots_by_name(golden_club, golden_dir):
    table = _import(golden_club, golden_dir, "four-players-tout-nolo-fines")
    sheet = table_sheet(table)
    last = JournalEntry.objects.filter(table=table).order_by("-pk").first()
    assert sheet.cups == (last.pots_after["king"], last.pots_after["pagat"])
    assert [(r.pots.get("king", 0), r.pots.get("pagat", 0)) for r in sheet.rows] == [
        (e.pots_after["king"], e.pots_after["pagat"]) for e in JournalEntry.objects.filter(table=table).order_by("pk")]
