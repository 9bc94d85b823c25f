"""PostgreSQL only: the zero-sum trigger and concurrent recording with real threads."""
import json
import threading

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.utils import InternalError

from scoring import services
from scoring.selectors.ledger_audit import ledger_differences
from scoring.models import Club, Deal, JournalEntry, Leg, Table
from tests.web.tampering import ledger_unguarded

pytestmark = [pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL (make test runs it)"),
              pytest.mark.every_database]


@pytest.mark.django_db
def test_trigger_refuses_an_entry_that_does_not_sum_to_zero(golden_dir):
    club = Club.objects.create(name="VLK")
    table = services.evening_import(club=club, data=json.loads((golden_dir / "three-players-basic.json").read_text()))
    leg = Leg.objects.filter(entry__table=table).first()
    with pytest.raises((IntegrityError, InternalError), match="does not sum to zero"), ledger_unguarded():
        with transaction.atomic():   # past the posted entry's guard (migration 0020): the deferred trigger
            Leg.objects.filter(pk=leg.pk).update(amount=leg.amount + 5)
            with connection.cursor() as cursor:
                cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def _in_threads(count, work):
    barrier = threading.Barrier(count)
    results = [None] * count

    def run(i):
        from django.db import connections
        try:
            barrier.wait()
            results[i] = work(i)
        except Exception as exc:   # collected and asserted on below
            results[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


@pytest.mark.django_db(transaction=True)
def test_two_phones_at_one_table_one_wins_nothing_lost_or_doubled(golden_dir):
    data = json.loads((golden_dir / "three-players-basic.json").read_text())
    club = Club.objects.create(name="VLK")
    first = dict(data, deals=data["deals"][:2])
    table = services.evening_import(club=club, data=first)
    version = Table.objects.get(pk=table.pk).version
    outcomes = [data["deals"][2], data["deals"][2]]

    results = _in_threads(2, lambda i: services.deal_record(table=table, outcome=outcomes[i], expected_version=version))
    winners = [r for r in results if isinstance(r, Deal)]
    losers = [r for r in results if isinstance(r, services.StaleTableError)]
    assert len(winners) == 1 and len(losers) == 1, results
    assert Deal.objects.filter(table=table, current=True).count() == 3
    assert ledger_differences() == (1, [])


@pytest.mark.django_db(transaction=True)
def test_many_tables_and_phones_record_at_once(golden_dir):
    data = json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text())
    club = Club.objects.create(name="VLK")
    evening = services.evening_import(club=club, data=dict(data, deals=[])).evening
    tables = [Table.objects.get(evening=evening)]
    for n in range(3):
        names = [f"{p}{n}" for p in data["players"]]
        players = [services.player_get_or_create(club=club, name=name) for name in names]
        tables.append(services.table_create(evening=evening, players=players))

    def work(i):
        table = tables[i % len(tables)]
        recorded = 0
        names = [s.player.name for s in table.seats.select_related("player").order_by("position")]
        rename = dict(zip(data["players"], names))
        for deal in data["deals"]:
            outcome = json.loads(json.dumps(deal))
            text = json.dumps(outcome)
            for old, new in rename.items():
                text = text.replace(f'"{old}"', f'"{new}"')
            services.deal_record(table=table, outcome=json.loads(text))   # no version: both phones append
            recorded += 1
        return recorded

    results = _in_threads(8, work)
    assert results == [len(data["deals"])] * 8, results
    for table in tables:
        assert Deal.objects.filter(table=table, current=True).count() == 2 * len(data["deals"])
        numbers = list(Deal.objects.filter(table=table, current=True).values_list("number", flat=True))
        assert sorted(numbers) == list(range(1, 2 * len(data["deals"]) + 1))
    assert ledger_differences() == (len(tables), [])
    assert JournalEntry.objects.filter(kind="deal").count() == 8 * len(data["deals"])
