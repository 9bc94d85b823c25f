"""What the family tables' web tests share: a table seated for a family, the rows a deal writes,
and the deal form's data as the table page posts it."""
from scoring import services
from scoring.models import Deal, JournalEntry, Leg, Table


def seat(club, names, rules: str, date: str = "2026-11-20") -> Table:
    """A new evening of ``club`` on ``date`` with one table of ``names`` playing ``rules``."""
    players = [services.player_get_or_create(club=club, name=n) for n in names]
    evening = services.evening_create(club=club, date=date)
    return services.table_create(evening=evening, players=players, rules=rules)


def rows() -> tuple[int, int, int]:
    """What is written: deals, journal entries, legs."""
    return (Deal.objects.count(), JournalEntry.objects.count(), Leg.objects.count())


def form_data(table, kind: str, fields: dict) -> dict:
    """The form's POST: the table's current version, the ``kind`` unless ``fields`` say another,
    and ``fields`` (a None leaves the field out). The dealer is confirmed: these tests name the
    dealers of the rules' examples, not the sheet's rotation (tests/web/test_sync.py checks that a
    dealer the sheet does not expect needs the confirmation)."""
    data = {"version": Table.objects.get(pk=table.pk).version, "kind": kind, "confirm_dealer": "1"}
    data.update(fields)
    return {k: v for k, v in data.items() if v is not None}
