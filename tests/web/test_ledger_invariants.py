"""The ledger's invariants held by the database itself, on SQLite and PostgreSQL alike (migration
0020, docs/architecture.md "The ledger's invariants"), and the one write path every deal version
takes (``services.journal.deal_versions_post``)."""
import json

import pytest
from django.db import DatabaseError, connection, transaction

from scoring import services
from scoring.selectors.ledger_audit import ledger_differences
from scoring.models import Deal, EntryKind, JournalEntry, Leg, Table

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


@pytest.fixture
def table(club, golden_dir):
    return services.evening_import(club=club, data=json.loads((golden_dir / "three-players-basic.json").read_text()))


def refused(write, match):
    with pytest.raises(DatabaseError, match=match):
        with transaction.atomic():
            write()


def test_a_leg_written_to_a_posted_entry_is_refused(table):
    entry = JournalEntry.objects.filter(table=table, kind=EntryKind.DEAL).first()
    leg = entry.legs.first()
    assert entry.posted
    already = "already posted"
    refused(lambda: Leg.objects.create(entry=entry, account="player", player=leg.player, amount=0), already)
    refused(lambda: Leg.objects.filter(pk=leg.pk).update(amount=leg.amount + 1), already)
    try:   # PostgreSQL refuses it; SQLite skips it (migration 0020: Django's flush on SQLite)
        with transaction.atomic():
            Leg.objects.filter(pk=leg.pk).delete()
    except DatabaseError as refusal:
        assert already in str(refusal)
    assert Leg.objects.filter(pk=leg.pk).exists()
    other = JournalEntry.objects.create(table=table, kind=EntryKind.OPENING)   # not posted: a leg may move to it
    refused(lambda: Leg.objects.filter(pk=leg.pk).update(entry=other), already)


def test_an_entry_whose_legs_do_not_sum_to_zero_cannot_be_posted(table):
    player = table.seats.first().player
    entry = JournalEntry.objects.create(table=table, kind=EntryKind.OPENING)
    Leg.objects.create(entry=entry, account="player", player=player, amount=5)
    refused(lambda: JournalEntry.objects.filter(pk=entry.pk).update(posted=True), "does not sum to zero")
    Leg.objects.create(entry=entry, account="player", player=player, amount=-5)
    JournalEntry.objects.filter(pk=entry.pk).update(posted=True)   # balanced: posted
    refused(lambda: JournalEntry.objects.filter(pk=entry.pk).update(posted=False), "stays posted")


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's deferred trigger")
def test_postgres_refuses_an_unbalanced_entry_at_commit_even_unposted(table):
    entry = JournalEntry.objects.create(table=table, kind=EntryKind.OPENING)

    def unbalanced():
        Leg.objects.create(entry=entry, account="player", player=table.seats.first().player, amount=5)
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    refused(unbalanced, "does not sum to zero")


def test_a_second_first_deal_entry_for_one_deal_is_refused(table):
    deal = Deal.objects.filter(table=table).first()
    refused(lambda: JournalEntry.objects.create(table=table, kind=EntryKind.DEAL, deal=deal),
            "UNIQUE|unique|entry_one_first_deal_entry_per_deal")
    first = JournalEntry.objects.get(deal=deal, kind=EntryKind.DEAL)
    refused(lambda: JournalEntry.objects.create(table=table, kind=EntryKind.DEAL, deal=deal, supersedes=first)
            and JournalEntry.objects.create(table=table, kind=EntryKind.DEAL, deal=deal, supersedes=first),
            "UNIQUE|unique|supersedes")   # a line, never a fork


def test_record_correct_void_and_import_post_through_the_one_write_path(club, golden_dir, monkeypatch):
    from scoring.services import deals, imports, journal
    written = []

    def spy(table, players, versions, **kwargs):
        written.extend(v.row for v in versions)
        return journal.deal_versions_post(table, players, versions, **kwargs)
    monkeypatch.setattr(deals, "deal_versions_post", spy)
    monkeypatch.setattr(imports, "deal_versions_post", spy)

    data = json.loads((golden_dir / "three-players-basic.json").read_text())
    table = services.evening_import(club=club, data=dict(data, deals=data["deals"][:3]))
    for outcome in data["deals"][3:5]:
        services.deal_record(table=table, outcome=outcome)
    first = Deal.objects.get(table=table, number=1)
    services.deal_correct(deal=first, outcome=data["deals"][0] | {"last_trick": "Carl"}, reason="typo")
    services.deal_void(deal=Deal.objects.get(table=table, number=2, current=True), reason="misdealt")

    assert {d.pk for d in written} == set(Deal.objects.filter(table=table).values_list("pk", flat=True))
    assert not JournalEntry.objects.filter(posted=False).exists()
    for deal in Deal.objects.filter(table=table):   # exactly one first entry, a line of successors
        chain = JournalEntry.objects.filter(deal=deal, kind=EntryKind.DEAL)
        assert chain.filter(supersedes__isnull=True).count() == (0 if deal.voided else 1)
        assert chain.filter(reversed_by__isnull=True).count() == (1 if deal.current else 0)
    assert Table.objects.get(pk=table.pk).version == 3 + 2 + 1 + 1
    assert ledger_differences() == (1, [])
