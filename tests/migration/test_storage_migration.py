"""The storage migration (``scoring/migrations/0009_storage_by_name.py``) carries every evening across.

A database made by the code before it (``tests/migration/before/``, rebuilt by ``scripts/make_migration_before.py``:
the demo club and every golden evening of every family, with corrections, voids, a reopening, a
misdeal-only deal, a club card, closed and open evenings) is migrated by this code, which must then
answer exactly what the old code recorded: ``check_ledger`` clean, the standings of every club and
family, every table's evening file, and the figures the player and club pages read. On SQLite the
database is the old code's ``manage.py backup`` (a backup taken before the migration restores and
migrates); on PostgreSQL its plain-SQL dump, restored with ``psql``, and the zero-sum trigger still
refuses an entry that does not balance."""
import json
import subprocess
import sys

import pytest
from django.db import connection

from tests.conftest import ROOT

from .restore import manage, postgres_dump, sqlite_backup

HERE = ROOT / "tests" / "migration"
BEFORE = HERE / "before"

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.every_database]


def _recorded() -> dict:
    return json.loads((BEFORE / "recorded.json").read_text(encoding="utf-8"))


def _answers(env: dict) -> dict:
    """What this code answers about the database of ``env`` (``tests/migration/answers.py``)."""
    result = subprocess.run([sys.executable, str(HERE / "answers.py")], cwd=ROOT, env=env,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


#: A standings row's columns that add up over rule sets (a player sits at one table an evening).
ADDITIVE = {"evenings", "deals", "points", "kroner", "pagat_ultimo", "king_ultimo", "pagat_bagud", "king_bagud",
            "tout", "nolo", "last_trick", "meld_points", "fines"}


def _per_family(answers: dict) -> dict[str, list[list[dict]]]:
    """The new code answers standings per rule set (``club|family|rules|mode``); the old code
    answered per family (``club|family|mode``), adding the family's rule sets together. Grouped
    back by the old key."""
    grouped: dict[str, list[list[dict]]] = {}
    for key, rows in answers["standings"].items():
        club, family, _rules, mode = key.split("|")
        grouped.setdefault(f"{club}|{family}|{mode}", []).append([_in_kroner(row) for row in rows])
    return grouped


def _in_kroner(row: dict) -> dict:
    """A row as the old code answered it: today's money per currency (``amounts``) is, for every
    book kept before there were currencies, kroner alone (migration 0022), the old ``kroner``."""
    row = dict(row)
    amounts = row.pop("amounts")
    assert set(amounts) == {"DKK"}, amounts
    return {**row, "kroner": amounts["DKK"]}


def _summed(row_sets: list[list[dict]]) -> dict[int, dict]:
    """Each player's additive columns summed over the rule sets (kroner as decimals)."""
    from decimal import Decimal
    total: dict[int, dict] = {}
    for rows in row_sets:
        for row in rows:
            mine = total.setdefault(row["player_id"], {"player": row["player"]})
            for name in ADDITIVE & row.keys():
                value = Decimal(row[name]) if name == "kroner" else row[name]
                mine[name] = mine.get(name, 0) + value
    return total


def _assert_same(answers: dict, recorded: dict) -> None:
    assert answers["check_ledger"] == recorded["check_ledger"] == "ledger ok: 18 table(s) agree with the engine\n"
    grouped = _per_family(answers)
    assert grouped.keys() == recorded["standings"].keys()
    for key, rows in recorded["standings"].items():
        if len(grouped[key]) == 1:        # one rule set played: the very rows the old code answered
            assert grouped[key][0] == rows, key
        else:                             # several: each player's sums are the old family-wide row's
            from decimal import Decimal
            old = {row["player_id"]: {"player": row["player"], **{n: Decimal(row[n]) if n == "kroner" else row[n]
                                                                     for n in ADDITIVE & row.keys()}} for row in rows}
            assert _summed(grouped[key]) == old, key
    assert answers["exports"] == recorded["exports"]
    assert answers["figures"] == recorded["figures"]
    assert _cups_as_recorded(answers["cups"]) == recorded["cups"]


def _cups_as_recorded(cups: dict) -> dict:
    """Today's largest cups in the shape the recorded code answered them: it stored whether a tout
    won the cup (``tout``), today's reader gives the family's word for how (``how``: "tout" or
    "ultimo", the Danish table side's ``cup_won_word``)."""
    def old(row: dict) -> dict:
        row = dict(row)
        how = row.pop("how")
        assert how in ("tout", "ultimo"), how
        return {**row, "tout": how == "tout"}
    return {club: [old(row) for row in rows] for club, rows in cups.items()}


def test_the_recorded_database_covers_what_the_migration_moves():
    """The old database holds what is worth carrying: every family, both kinds of pot, corrections,
    voids, a reopened evening, closed and open evenings, a club card."""
    recorded = _recorded()
    assert {key.split("|")[1] for key in recorded["standings"]} == {"danish", "karlsruhe", "selca"}
    files = recorded["exports"].values()
    assert any("rate_card" in f for f in files)                                 # a club's own card
    assert any(deal.get("kind") == "misdeal" for f in files for deal in f["deals"])
    assert recorded["figures"] and recorded["cups"]["Golden"]
    assert (BEFORE / "sqlite.backup.gz").stat().st_size + (BEFORE / "postgres.sql.gz").stat().st_size < 300_000


@pytest.mark.skipif(connection.vendor != "sqlite", reason="the SQLite backup: on the SQLite run")
def test_an_old_sqlite_backup_restores_migrates_and_answers_as_before(tmp_path):
    env = sqlite_backup(BEFORE, tmp_path)
    manage(env, "migrate", "--noinput")
    recorded = _recorded()
    _assert_same(_answers(env), recorded)
    # and back: the old columns filled again from the names, then forwards once more
    manage(env, "migrate", "scoring", "0008", "--noinput")
    manage(env, "migrate", "--noinput")
    _assert_same(_answers(env), recorded)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the PostgreSQL dump: on the PostgreSQL run")
def test_an_old_postgres_dump_restores_migrates_and_answers_as_before(tmp_path):
    with postgres_dump(BEFORE, tmp_path, "before") as (env, psql):
        manage(env, "migrate", "--noinput")
        _assert_same(_answers(env), _recorded())
        # the zero-sum triggers stand: a leg on a posted entry is refused (0020), and one that
        # unbalances an entry not yet posted at commit (0002)
        for sql, refusal in (("INSERT INTO scoring_leg (entry_id, account, amount) "
                              "SELECT max(id), 'king', 5 FROM scoring_journalentry", "already posted"),
                             ("BEGIN; INSERT INTO scoring_journalentry (table_id, kind, pots_after, info_json, "
                              "created_at, posted) SELECT table_id, 'opening', '{}', '', now(), false "
                              "FROM scoring_journalentry LIMIT 1; INSERT INTO scoring_leg (entry_id, account, amount) "
                              "SELECT max(id), 'king', 5 FROM scoring_journalentry; COMMIT;", "does not sum to zero")):
            result = psql(sql)
            assert result.returncode != 0 and refusal in result.stderr, result.stderr
