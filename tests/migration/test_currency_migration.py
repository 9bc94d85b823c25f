"""The club's currency (``scoring/migrations/0022_currency.py``; docs/money.md) on a database as the
code before it wrote one: taken back to 0021, rows written with that state's models (a club; an
evening closed at its frozen rate, one closed and reopened, one never closed; a tournament's round
whose rate was frozen when it was drawn; a closed evening's transfer and its mark), then migrated
forwards: every club and every frozen evening is in kroner, every transfer too, the evening never
closed takes the club's currency at its close, and nothing else of any row has changed. Run on
SQLite and on PostgreSQL alike (it touches the database)."""
from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.forms.models import model_to_dict

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.every_database]

BEFORE = [("scoring", "0021_import_drafts")]
AFTER = [("scoring", "0022_currency")]
T0 = dt.datetime(2026, 10, 1, 19, 0, tzinfo=dt.timezone.utc)


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


@pytest.fixture
def old():
    apps = migrate(BEFORE)
    yield apps
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def rows(apps) -> dict:
    """Every column of every row the migration touches, by model and key."""
    return {name: {row.pk: model_to_dict(row) for row in apps.get_model("scoring", name).objects.all()}
            for name in ("Club", "Evening", "EveningTransfer", "EveningEvent")}


def test_every_club_and_every_book_kept_so_far_is_in_kroner_and_nothing_else_changes(old):
    model = {name: old.get_model("scoring", name) for name in ("Club", "Player", "Evening", "EveningEvent",
                                                               "EveningTransfer")}
    club = model["Club"].objects.create(name="Gammel klub", kroner_per_point=Decimal("0.10"), language="de")
    anne, bent = (model["Player"].objects.create(club=club, name=name) for name in ("Anne", "Bent"))

    def evening(day, **fields):
        return model["Evening"].objects.create(club=club, date=dt.date(2026, 10, day), **fields)
    closed = evening(1, closed_at=T0, kroner_per_point=Decimal("0.25"))
    reopened = evening(2, kroner_per_point=Decimal("0.50"))          # closed once, open again
    never = evening(3)                                               # never closed: no rate frozen
    drawn = evening(4, kroner_per_point=Decimal("0"), counts_in_standings=False)   # a tournament's round
    mark = model["EveningEvent"].objects.create(evening=closed, kind="paid", payer=bent, receiver=anne,
                                                amount=750, family="danish", method="mobilepay")
    model["EveningTransfer"].objects.create(evening=closed, club=club, date=closed.date, family="danish",
                                            position=0, payer=bent, receiver=anne, amount=750, mark=mark)
    before = rows(old)

    new = migrate(AFTER)
    after = rows(new)
    assert after["Club"][club.pk].pop("currency") == "DKK"        # a German club's books too: kroner, as kept
    assert {pk: row.pop("currency") for pk, row in after["Evening"].items()} == {
        closed.pk: "DKK", reopened.pk: "DKK", never.pk: None, drawn.pk: "DKK"}
    assert [row.pop("currency") for row in after["EveningTransfer"].values()] == ["DKK"]
    assert after == before                                         # the rates, the amounts, the mark: as they were
    Evening = new.get_model("scoring", "Evening")
    assert Evening.objects.get(pk=never.pk).kroner_per_point is None
