"""A seeded history written through the import is the history recording its deals one by one
writes: the same evenings, deals, standings and a ledger that checks out, for every family with a
generator. (The benches build long histories this way, in a minute instead of hours.)"""
import pytest

from scoring.engine import families
from scoring.selectors.ledger_audit import ledger_differences
from scoring.models import Evening, JournalEntry, Leg
from scoring.selectors.files import table_to_evening_file
from scoring.selectors.standings import standings
from scoring.services.seed import seed_history

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


def _history(club) -> dict:
    evenings = Evening.objects.filter(club=club).order_by("date", "id")
    files = [table_to_evening_file(table) for evening in evenings for table in evening.tables.order_by("number")]
    for data in files:
        data.pop("date", None)
    rows = [(r.player, r.points, r.amounts, r.evenings, r.deals) for r in standings(club)]
    legs = sorted(Leg.objects.filter(entry__table__evening__club=club).values_list(
        "entry__table__evening__date", "entry__table__number", "entry__deal__number", "entry__kind", "account",
        "player__name", "amount"), key=repr)
    return {"files": files, "standings": rows, "legs": legs,
            "entries": JournalEntry.objects.filter(table__evening__club=club).count()}


@pytest.mark.parametrize("family", [name for name in families.names() if families.family(name).random_deal])
def test_an_imported_history_is_the_recorded_one(family):
    shape = dict(seasons=1, evenings=2, tables=2, deals=7, seed=4, family=family)
    imported = seed_history(name_prefix=f"I-{family}", **shape)[0]
    recorded = seed_history(name_prefix=f"R-{family}", recorded=True, **shape)[0]
    assert _history(imported) == _history(recorded)
    assert _history(imported)["entries"] > 0
    assert ledger_differences(Evening.objects.filter(club__in=(imported, recorded)))[1] == []
