"""Rebuild the migration test's data (``tests/migration/before/``) with the code of an older commit.

    .venv/bin/python scripts/make_migration_before.py COMMIT_OR_CHECKOUT [--postgres]

The test of the storage migration (``tests/migration/test_storage_migration.py``) needs a database
made by the code *before* the migration, and what that code answered about it. This script checks
out ``COMMIT`` (a ``git worktree`` in a temporary directory, or an existing checkout given as a
path), and with that code, on SQLite:

1. ``migrate``, then builds a representative club (``tests/migration/build.py``, run in the old code):
   ``seed_demo`` (Danish, Karlsruhe and Selca tables, a closed and an open evening) and a second
   club with every golden evening of ``tests/golden`` imported, corrections of each family, voids,
   closed, reopened and open evenings, a misdeal-only deal, and a table played with a club card;
2. takes ``manage.py backup`` of it: ``before/sqlite.backup.gz`` (a SQLite file, gzipped);
3. records ``check_ledger``, ``standings --json`` of every club and family (closed evenings, and with
   ``--include-open``), ``export_evening`` of every table, and what the player and club pages read
   of the per-deal figures (each player's ``family_figures``, each club's ``largest_cups_won``):
   ``before/recorded.json`` (``tests/migration/answers.py``, run in the old code).

With ``--postgres`` (run it under ``scripts/with-postgres``, which sets ``DATABASE_URL``) it builds
the same club on PostgreSQL and writes a plain-SQL dump, ``before/postgres.sql.gz``, and checks that
PostgreSQL's answers equal the recorded ones.

The artefacts were made from commit 10854d9 (the last commit before the storage by name):

    .venv/bin/python scripts/make_migration_before.py 10854d9
    PGPORT=5444 scripts/with-postgres .venv/bin/python scripts/make_migration_before.py 10854d9 --postgres

Another migration's test gives its own club, answers and folder (``--build``, ``--answers``,
``--into``); the payments' (``test_payments_migration.py``) were made from commit bf2b6ef, the last
commit whose transfers were marked paid:

    ARGS="--build tests/migration/build_payments.py --answers tests/migration/payment_answers.py
          --into tests/migration/before_payments"
    .venv/bin/python scripts/make_migration_before.py bf2b6ef $ARGS
    PGPORT=5461 scripts/with-postgres .venv/bin/python scripts/make_migration_before.py bf2b6ef $ARGS --postgres

The seasons' (``test_seasons_migration.py``: seasons with and without dates, overlapping, evenings
picked for a season that their dates disagree with, an import that picked none) were made from
commit bf2b6ef too, the last before seasons were read by their dates:

    ARGS="--build tests/migration/build_seasons.py --into tests/migration/before_seasons"
    .venv/bin/python scripts/make_migration_before.py bf2b6ef $ARGS
    scripts/with-postgres .venv/bin/python scripts/make_migration_before.py bf2b6ef $ARGS --postgres
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "tests" / "migration"
PYTHON = sys.executable
BEFORE = HERE / "before"


def manage(checkout: Path, env: dict, *args: str) -> str:
    result = subprocess.run([PYTHON, "manage.py", *args], cwd=checkout, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
    return result.stdout


def record(code: Path, env: dict, answers: Path = HERE / "answers.py") -> dict:
    """What the code at ``code`` answers about the database of ``env`` (``tests/migration/answers.py``)."""
    result = subprocess.run([PYTHON, str(answers)], cwd=code, env=env,
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"answers.py failed:\n{result.stderr}")
    return json.loads(result.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("commit")
    parser.add_argument("--postgres", action="store_true")
    parser.add_argument("--build", type=Path, default=HERE / "build.py", help="the script that builds the club")
    parser.add_argument("--answers", type=Path, default=HERE / "answers.py", help="the script that records answers")
    parser.add_argument("--into", type=Path, default=BEFORE, help="the folder of the artefacts")
    args = parser.parse_args()
    scripts = (args.build.resolve(), args.answers.resolve(), args.into.resolve())
    with tempfile.TemporaryDirectory() as tmp:
        checkout = Path(args.commit)
        if not checkout.is_dir():
            checkout = Path(tmp) / "checkout"
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(checkout), args.commit],
                           check=True, capture_output=True)
        try:
            run(checkout, Path(tmp), postgres=args.postgres, scripts=scripts)
        finally:
            if checkout.parent == Path(tmp):
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(checkout)], check=True)


def run(checkout: Path, tmp: Path, *, postgres: bool,
        scripts: tuple[Path, Path, Path] = (HERE / "build.py", HERE / "answers.py", BEFORE)) -> None:
    build, answers, into = scripts
    into.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env["PYTHONHASHSEED"] = "0"
    if not postgres:
        env["DATABASE_URL"] = f"sqlite:///{tmp / 'before.sqlite3'}"
    elif not env.get("DATABASE_URL", "").startswith("postgres"):
        raise SystemExit("--postgres: run under scripts/with-postgres")
    manage(checkout, env, "migrate", "--noinput")
    subprocess.run([PYTHON, str(build)], cwd=checkout, env=env, check=True)
    recorded = record(checkout, env, answers)
    if postgres:
        wanted = json.loads((into / "recorded.json").read_text(encoding="utf-8"))
        if recorded != wanted:
            raise SystemExit("PostgreSQL answers differently from SQLite; nothing written")
        dump(env, into)
    else:
        backup = tmp / "sqlite.backup"
        manage(checkout, env, "backup", str(backup))
        with open(backup, "rb") as raw, gzip.GzipFile(into / "sqlite.backup.gz", "wb", mtime=0) as packed:
            packed.write(raw.read())
        (into / "recorded.json").write_text(json.dumps(recorded, ensure_ascii=False, indent=1) + "\n",
                                              encoding="utf-8")


def dump(env: dict, into: Path = BEFORE) -> None:
    """A plain-SQL dump of the whole database (schema and data, no owners)."""
    import glob
    tool = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_dump"))[-1]
    text = subprocess.run([tool, "--format=plain", "--no-owner", "--no-privileges", "--dbname", env["DATABASE_URL"]],
                          check=True, env=env, capture_output=True, text=True).stdout
    # A newer pg_dump may set a parameter an older server does not know; none is needed here.
    text = "\n".join(line for line in text.splitlines() if not line.startswith("SET transaction_timeout")) + "\n"
    with gzip.GzipFile(into / "postgres.sql.gz", "wb", mtime=0) as packed:
        packed.write(text.encode("utf-8"))


if __name__ == "__main__":
    main()
