"""Marks become payments (``scoring/migrations/0029_payments.py``; docs/money.md, "Payments").

A database made by the code before it (``tests/migration/before_payments/``, built by
``build_payments.py`` with the commit whose transfers were marked paid) is migrated by this code,
which must then answer what the old code did — ``check_ledger``, the standings, every table's
evening file, each player's balance — but for the one thing the migration exists to change: a mark
a correction cleared was money paid, and now counts (Dorte's 11,25 to Anne). The migrated
payments are the marks that were paid money, each confirmed; the mark a later one stands for is
listed for the treasurer. On SQLite the old code's backup, on PostgreSQL its dump.

Beside it, rows written with the models before the migration (``test_marks_become_payments…``): the
rules of which mark is a payment, one case each, and the way back."""
from __future__ import annotations

import datetime as dt
import subprocess
import sys

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.conftest import ROOT
from tests.migration.restore import manage, postgres_dump, sqlite_backup

HERE = ROOT / "tests" / "migration"
BEFORE = HERE / "before_payments"

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.every_database]


def _answers(env: dict) -> dict:
    import json

    result = subprocess.run([sys.executable, str(HERE / "payment_answers.py")], cwd=ROOT, env=env,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def _assert_as_before(answers: dict) -> None:
    import json

    recorded = json.loads((BEFORE / "recorded.json").read_text(encoding="utf-8"))
    for what in ("check_ledger", "standings", "exports", "figures", "cups", "transfers"):
        assert answers[what] == recorded[what], what
    assert answers["check_ledger"] == "ledger ok: 5 table(s) agree with the engine\n"
    # the one change: the 11,25 Dorte paid Anne in March, cleared by the correction and not marked
    # again, was paid; every other balance is as it was
    moved = {"Dorte": "11.25", "Anne": "-11.25"}
    from decimal import Decimal
    expected = {name: {c: str(Decimal(a) + Decimal(moved.get(name, "0"))) if c == "DKK" else a
                       for c, a in amounts.items()} for name, amounts in recorded["outstanding"]["Kassen"].items()}
    assert answers["outstanding"]["Kassen"] == expected
    # each mark that was money paid is a payment, confirmed, by whoever marked it; the 3,75 that
    # the 1,25 marked after the correction stands for is none, and is listed
    assert answers["payments"] == [
        ["Bent", "Anne", 6875, "DKK", "mobilepay", "confirmed", "kasserer"],
        ["Carl", "Anne", 2500, "DKK", "cash", "confirmed", "kasserer"],
        ["Bent", "Anne", 875, "DKK", "cash", "confirmed", "kasserer"],
        ["Dorte", "Anne", 1125, "DKK", "bank", "confirmed", "kasserer"],
        ["Dorte", "Carl", 125, "DKK", "cash", "confirmed", "carl"],
        ["Carl", "Anne", 2500, "EUR", "bank", "confirmed", "kasserer"]]
    assert answers["superseded"] == {"Kassen": [["Dorte", "Carl", 375, 125]]}


@pytest.mark.skipif(connection.vendor != "sqlite", reason="the SQLite backup: on the SQLite run")
def test_an_old_sqlite_backup_with_marks_migrates_to_payments(tmp_path):
    env = sqlite_backup(BEFORE, tmp_path)
    manage(env, "migrate", "--noinput")
    _assert_as_before(_answers(env))


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the PostgreSQL dump: on the PostgreSQL run")
def test_an_old_postgres_dump_with_marks_migrates_to_payments(tmp_path):
    with postgres_dump(BEFORE, tmp_path, "payments") as (env, _psql):
        manage(env, "migrate", "--noinput")
        _assert_as_before(_answers(env))


# The rules, on rows written as the code before wrote them ---------------------------------------------

BEFORE_STATE = [("scoring", "0028_cups")]
AFTER_STATE = [("scoring", "0029_payments")]
T0 = dt.datetime(2026, 3, 5, 19, 0, tzinfo=dt.timezone.utc)


def migrate(targets):
    MigrationExecutor(connection).migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


@pytest.fixture
def old():
    apps = migrate(BEFORE_STATE)
    yield apps
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


class Marks:
    """Marks as ``services.payments`` wrote them before: a "paid" event naming its transfer, the
    transfer pointing at it; "unpaid", "cleared" and "kept" events pointing at the mark."""

    def __init__(self, apps):
        self.Event, self.Transfer = apps.get_model("scoring", "EveningEvent"), apps.get_model("scoring", "EveningTransfer")
        Club, Player, Evening = (apps.get_model("scoring", n) for n in ("Club", "Player", "Evening"))
        self.club = Club.objects.create(name="Regler")
        self.p = {n: Player.objects.create(club=self.club, name=n) for n in ("Anne", "Bent", "Carl", "Dorte")}
        self.evening = Evening.objects.create(club=self.club, date=dt.date(2026, 3, 5), closed_at=T0,
                                              kroner_per_point="0.25", currency="DKK")
        self.hours = 0

    def _event(self, kind, payer, receiver, amount, **fields):
        self.hours += 1
        event = self.Event.objects.create(evening=self.evening, kind=kind, payer=self.p[payer],
                                          receiver=self.p[receiver], amount=amount, family="danish", **fields)
        self.Event.objects.filter(pk=event.pk).update(at=T0 + dt.timedelta(hours=self.hours))
        return event

    def transfer(self, payer, receiver, amount, position):
        return self.Transfer.objects.create(evening=self.evening, club=self.club, date=self.evening.date,
                                            family="danish", position=position, payer=self.p[payer],
                                            receiver=self.p[receiver], amount=amount, currency="DKK")

    def mark(self, transfer, method="cash"):
        event = self._event("paid", transfer.payer.name, transfer.receiver.name, transfer.amount, method=method)
        self.Transfer.objects.filter(pk=transfer.pk).update(mark=event)
        return event

    def follow(self, kind, mark):
        return self._event(kind, mark.payer.name, mark.receiver.name, mark.amount, mark=mark)


def test_marks_become_payments_by_the_rules_and_go_back_to_marks(old):
    m = Marks(old)
    # Bent -> Anne 5,00: marked, held
    held = m.mark(m.transfer("Bent", "Anne", 500, 0))
    # Carl -> Anne 3,00: marked, taken back: no payment
    taken = m.mark(m.transfer("Carl", "Anne", 300, 1))
    m.follow("unpaid", taken)
    m.Transfer.objects.filter(mark=taken).update(mark=None)
    # Dorte -> Anne: 1,25 marked, cleared by a correction, then 2,50 marked: the 2,50 is the whole
    cleared = m.mark(m.transfer("Dorte", "Anne", 125, 2))
    m.follow("cleared", cleared)
    m.Transfer.objects.filter(mark=cleared).delete()
    again = m.mark(m.transfer("Dorte", "Anne", 250, 2))
    # Dorte -> Carl: 4,00 marked, cleared, the transfer now 1,00 and not marked: the 4,00 was paid
    overpaid = m.mark(m.transfer("Dorte", "Carl", 400, 3))
    m.follow("cleared", overpaid)
    m.Transfer.objects.filter(mark=overpaid).delete()
    m.transfer("Dorte", "Carl", 100, 3)
    # Carl -> Bent 2,00: marked, cleared, kept by the next close (the same to the øre): one payment
    kept = m.mark(m.transfer("Carl", "Bent", 200, 4))
    m.follow("cleared", kept)
    m.follow("kept", kept)

    new = migrate(AFTER_STATE)
    Payment = new.get_model("scoring", "Payment")
    found = {p.mark_id: (p.payer.name, p.receiver.name, p.amount, p.status) for p in Payment.objects.all()}
    assert found == {held.pk: ("Bent", "Anne", 500, "confirmed"), again.pk: ("Dorte", "Anne", 250, "confirmed"),
                     overpaid.pk: ("Dorte", "Carl", 400, "confirmed"), kept.pk: ("Carl", "Bent", 200, "confirmed")}
    assert new.get_model("scoring", "ClubEvent").objects.filter(kind="paid").count() == 4

    # what is outstanding now: Dorte's 4,00 paid Carl's 1,00 and 3,00 is her credit with him
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    from scoring.models import Club
    from scoring.selectors.payments import pair_balances, superseded_marks

    club = Club.objects.get(pk=m.club.pk)
    assert [(p.debtor, p.creditor, p.amount, p.credit) for p in pair_balances(club)] == [
        ("Carl", "Anne", 300, 0), ("Carl", "Dorte", 300, 300)]
    [listed] = superseded_marks(club)
    assert (listed.mark.pk, listed.payment.mark_id) == (cleared.pk, again.pk)
    # the treasurer's payments page names it
    from django.test import Client

    from scoring.models import Role
    from tests.web.conftest import make_user

    treasurer = Client()
    treasurer.force_login(make_user(club, Role.ADMIN))
    page = treasurer.get(f"/clubs/{club.pk}/payments/").content.decode()
    assert 'id="superseded"' in page and "Dorte → Anne: <span" in page and "taget som betalt: 2,50 kr." in page

    # and back: each transfer gets the mark that held for it, the payments go
    back = migrate(BEFORE_STATE)
    Transfer = back.get_model("scoring", "EveningTransfer")
    assert dict(Transfer.objects.filter(evening_id=m.evening.pk).values_list("position", "mark_id")) == {
        0: held.pk, 1: None, 2: again.pk, 3: None, 4: kept.pk}
