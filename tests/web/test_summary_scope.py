"""Recording a deal refreshes only this evening's summary rows, from this evening's legs: its
queries neither grow in number nor reach the players' older evenings as the club's history grows."""
import datetime as dt
import random

import pytest
from django.db import connection
from django.db.models import Sum
from django.test.utils import CaptureQueriesContext

from scoring import services
from families.danish.engine.generate import random_deal
from families.danish.engine.interchange import deal_to_dict
from scoring.services.seed import seed_history
from scoring.models import Account, Leg, Player, PlayerEveningSummary

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


def record_queries(club, day):
    """The SQL of recording one deal on a fresh table of ``club``'s first four players."""
    players = list(Player.objects.filter(club=club).order_by("pk")[:4])
    evening = services.evening_create(club=club, date=day)
    table = services.table_create(evening=evening, players=players)
    deal = random_deal(random.Random(3), tuple(p.name for p in players), players[0].name)
    with CaptureQueriesContext(connection) as captured:
        services.deal_record(table=table, outcome=deal_to_dict(deal))
    return evening, [q["sql"] for q in captured.captured_queries]


def test_recording_a_deal_costs_the_same_queries_on_a_longer_history():
    club = seed_history(seasons=1, evenings=1, tables=1, deals=3, seed=4, name_prefix="Kort")[0]
    _evening, short = record_queries(club, dt.date(2026, 11, 20))
    long_club = seed_history(seasons=1, evenings=4, tables=1, deals=6, seed=4, name_prefix="Lang")[0]
    evening, long = record_queries(long_club, dt.date(2026, 11, 20))
    assert len(short) == len(long)
    for row in PlayerEveningSummary.objects.filter(evening=evening):
        legs = Leg.objects.filter(entry__table__evening=evening, player=row.player, account=Account.PLAYER)
        assert row.points == (legs.aggregate(s=Sum("amount"))["s"] or 0)


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's query plan")
def test_the_summary_reads_the_legs_by_entry_not_by_player():
    """The legs' aggregate is planned through this evening's entries (``scoring_leg``'s entry
    index), never through the (player, entry) index that walks each player's whole history."""
    club = seed_history(seasons=1, evenings=2, tables=1, deals=3, seed=5, name_prefix="Plan")[0]
    _evening, queries = record_queries(club, dt.date(2026, 11, 21))
    aggregates = [sql for sql in queries if 'FROM "scoring_leg"' in sql and "SUM(" in sql]
    assert aggregates
    with connection.cursor() as cursor:
        for sql in aggregates:
            cursor.execute(f"EXPLAIN QUERY PLAN {sql}")
            plan = " ".join(str(row[-1]) for row in cursor.fetchall())
            assert "scoring_leg_player_id" not in plan and "scoring_le_player" not in plan, plan
