"""Seasons by their dates (``scoring/migrations/0026_seasons_by_date.py``) on a database made by the
code before it (``tests/migration/before_seasons/``, ``scripts/make_migration_before.py --build tests/migration/build_seasons.py``:
seasons with and without dates, two overlapping, evenings picked for a season their dates disagree
with, an import that picked none; ``build_seasons.py``). Migrated by this code, it answers what the
old code recorded wherever nothing disagreed — ``check_ledger``, the standings, every evening file,
and each season's report and ``standings --season`` — and the season "2026" now holds the imported
evening its dates hold; what the dates cannot settle is kept by hand and listed for the admin, never
moved. On SQLite the old code's backup, on PostgreSQL its plain-SQL dump (the way back, to the code
before and forwards again: ``test_storage_migration.py``, from further back)."""
import json
import subprocess
import sys

import pytest
from django.db import connection

from tests.conftest import ROOT

from .restore import manage, postgres_dump, sqlite_backup
from .test_storage_migration import _answers

BEFORE = ROOT / "tests" / "migration" / "before_seasons"
CLUB = "Sæsonklub"

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.every_database]


def _recorded() -> dict:
    return json.loads((BEFORE / "recorded.json").read_text(encoding="utf-8"))


def _to_settle(env: dict) -> dict:
    result = subprocess.run([sys.executable, str(ROOT / "tests" / "migration" / "answers.py"), "--unsettled"],
                            cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)[CLUB]


def _assert_by_dates(env: dict) -> None:
    answers, recorded = _answers(env), _recorded()
    for key in ("check_ledger", "standings", "exports"):
        assert answers[key] == recorded[key], key
    assert answers["check_ledger"] == "ledger ok: 8 table(s) agree with the engine\n"
    seasons, before = answers["seasons"], recorded["seasons"]
    # nothing disagreed: as the old code read them (the evenings kept by hand where their dates
    # disagree, or where two seasons' dates hold them)
    for name in ("2025", "Vinter 24/25", "Gammel"):
        assert seasons[f"{CLUB}|{name}"] == before[f"{CLUB}|{name}"], name
    assert before[f"{CLUB}|2025"]["evenings"] == ["2025-03-10", "2025-09-15", "2026-03-05"]
    # "2026": the evening picked for it, and the import its dates hold (no one could pick a season for it)
    now, then = seasons[f"{CLUB}|2026"], before[f"{CLUB}|2026"]
    assert then["evenings"] == ["2026-02-10"] and now["evenings"] == ["2026-02-10", "2026-05-21"]
    added = [t for t in now["transfers"] if t not in then["transfers"]]
    assert added and all(t[0] == "2026-05-21" for t in added) and len(now["transfers"]) == len(then["transfers"]) + len(added)
    evenings = [sum(row["evenings"] for row in rows["standings"]["vlk"]) for rows in (then, now)]
    assert evenings[1] == evenings[0] + 3   # the import's three players, an evening more each
    # what the dates do not settle, listed for the admin to settle
    assert _to_settle(env) == {
        "undated": ["Gammel"],
        "overlaps": [["Vinter 24/25", "2025"]],
        "by_hand": [["2024-06-01", "Gammel", None],        # a season without dates
                    ["2025-03-10", "2025", None],          # two seasons' dates hold it
                    ["2026-03-05", "2025", "2026"]],       # its dates say 2026
    }


def test_the_recorded_database_holds_what_the_migration_settles():
    recorded = _recorded()
    assert set(recorded["seasons"]) == {f"{CLUB}|{n}" for n in ("2025", "2026", "Vinter 24/25", "Gammel")}
    assert (BEFORE / "sqlite.backup.gz").stat().st_size + (BEFORE / "postgres.sql.gz").stat().st_size < 150_000


@pytest.mark.skipif(connection.vendor != "sqlite", reason="the SQLite backup: on the SQLite run")
def test_an_old_sqlite_backup_migrates_to_seasons_by_date(tmp_path):
    env = sqlite_backup(BEFORE, tmp_path)
    manage(env, "migrate", "--noinput")
    _assert_by_dates(env)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the PostgreSQL dump: on the PostgreSQL run")
def test_an_old_postgres_dump_migrates_to_seasons_by_date(tmp_path):
    with postgres_dump(BEFORE, tmp_path, "seasons") as (env, _psql):
        manage(env, "migrate", "--noinput")
        _assert_by_dates(env)
