"""``manage.py check_ledger`` passes on recorded evenings and names every tampering."""
import json

import pytest
from django.core.management import call_command

from scoring import services
from scoring.models import Club, JournalEntry, Leg
from tests.web.tampering import ledger_unguarded

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.web.urls_for_services"), pytest.mark.every_database]


@pytest.fixture
def table(golden_dir):
    club = Club.objects.create(name="VLK")
    table = services.evening_import(club=club, data=json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text()))
    return table


def run(capsys):
    with pytest.raises(SystemExit) as exit_info:
        call_command("check_ledger")
    return exit_info.value.code, capsys.readouterr()


def test_clean_ledger_passes(table, capsys):
    services.evening_close(evening=table.evening)
    call_command("check_ledger")
    assert "ledger ok: 1 table(s)" in capsys.readouterr().out


def test_a_changed_leg_is_named_with_its_deal(table, capsys):
    entry = JournalEntry.objects.get(table=table, deal__number=3, kind="deal")
    leg = entry.legs.filter(account="player").first()
    with ledger_unguarded():
        Leg.objects.filter(pk=leg.pk).update(amount=leg.amount + 5)
        try:
            code, out = run(capsys)
        finally:
            # PostgreSQL's deferred zero-sum trigger would refuse this entry when the
            # test's transaction checks its constraints; put the leg back first.
            Leg.objects.filter(pk=leg.pk).update(amount=leg.amount)
    assert code == 1
    assert f"table 1, deal 3: entry {entry.pk} sums to 5, not 0" in out.err
    assert "deal 3: stored" in out.err


def test_a_balanced_but_wrong_entry_is_found(table, capsys):
    entry = JournalEntry.objects.get(table=table, deal__number=5, kind="deal")
    legs = list(entry.legs.filter(account="player").order_by("id")[:2])
    with ledger_unguarded():
        Leg.objects.filter(pk=legs[0].pk).update(amount=legs[0].amount + 10)
        Leg.objects.filter(pk=legs[1].pk).update(amount=legs[1].amount - 10)
    code, out = run(capsys)
    assert code == 1 and "deal 5: stored" in out.err and "sums to" not in out.err


def test_a_cup_below_zero_is_found(table, capsys):
    entry = JournalEntry.objects.get(table=table, deal__number=1, kind="deal")
    with ledger_unguarded():
        Leg.objects.create(entry=entry, account="king", amount=-1000)
        Leg.objects.create(entry=entry, account="pagat", amount=1000)
    code, out = run(capsys)
    assert code == 1 and "the king cup holds" in out.err


# No false alarm: a fresh table, a misdeal-only deal, a closed evening of every family and card ----

def every_card():
    """Every card of the built-in families (each has a misdeal; the tests' own family has none)."""
    from scoring.engine.families import built_in
    from scoring.views.evening import playable_families
    return [(family.name, name) for family in playable_families() if family.name in built_in()
            for name in family.rate_cards]


def seated(card):
    from scoring.models import Seat
    from tests.web.family_tables import seat
    club = Club.objects.create(name=f"K-{card}")
    table = seat(club, ["Anne", "Bent", "Carl", "Dorte"], card)
    return table, Seat.objects.filter(table=table).order_by("position").first().player.name


def ok(capsys, tables=1):
    call_command("check_ledger")
    out = capsys.readouterr()
    assert f"ledger ok: {tables} table(s)" in out.out, out.err


@pytest.mark.parametrize("family_name,card", every_card())
def test_a_fresh_table_then_a_misdeal_then_the_close_are_ok_for_every_card(family_name, card, capsys):
    table, dealer = seated(card)
    ok(capsys)
    services.deal_record(table=table, outcome={"dealer": dealer, "kind": "misdeal"})
    ok(capsys)
    services.evening_close(evening=table.evening)
    ok(capsys)


@pytest.mark.parametrize("family_name,card", every_card())
def test_a_closed_fresh_table_is_ok_and_a_changed_summary_is_still_named(family_name, card, capsys):
    from scoring.models import PlayerEveningSummary
    table, _dealer = seated(card)
    services.evening_close(evening=table.evening)
    ok(capsys)
    PlayerEveningSummary.objects.filter(evening=table.evening, player__name="Bent").update(points=7)
    code, out = run(capsys)
    assert code == 1 and "player Bent: the standings summaries differ from the journal (points" in out.err
