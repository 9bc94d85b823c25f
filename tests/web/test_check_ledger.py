"""``manage.py check_ledger`` passes on recorded evenings and names every tampering."""
import json

import pytest
from django.core.management import call_command

from scoring import services
from scoring.models import Club, JournalEntry, Leg

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.web.urls_for_services")]


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
    Leg.objects.filter(pk=legs[0].pk).update(amount=legs[0].amount + 10)
    Leg.objects.filter(pk=legs[1].pk).update(amount=legs[1].amount - 10)
    code, out = run(capsys)
    assert code == 1 and "deal 5: stored" in out.err and "sums to" not in out.err


def test_a_cup_below_zero_is_found(table, capsys):
    entry = JournalEntry.objects.get(table=table, deal__number=1, kind="deal")
    Leg.objects.create(entry=entry, account="king", amount=-1000)
    Leg.objects.create(entry=entry, account="pagat", amount=1000)
    code, out = run(capsys)
    assert code == 1 and "the king cup holds" in out.err
