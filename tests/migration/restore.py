"""A database made by an older commit (``scripts/make_migration_before.py``), restored for a
migration's test: its SQLite backup unpacked, or its PostgreSQL dump loaded into a scratch
database beside the test database, and ``manage.py`` of this code run on it."""
from __future__ import annotations

import gzip
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from django.db import connection

from tests.conftest import ROOT


def environment(url: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_SETTINGS_MODULE")}
    return {**env, "DATABASE_URL": url}


def manage(env: dict, *args: str) -> str:
    result = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def _unpacked(packed: Path, into: Path) -> Path:
    with gzip.open(packed, "rb") as source, open(into, "wb") as out:
        shutil.copyfileobj(source, out)
    return into


def sqlite_backup(before: Path, tmp_path: Path) -> dict:
    """The environment of ``before``'s SQLite backup, unpacked into ``tmp_path``."""
    return environment(f"sqlite:///{_unpacked(before / 'sqlite.backup.gz', tmp_path / 'restored.sqlite3')}")


@contextmanager
def postgres_dump(before: Path, tmp_path: Path, prefix: str) -> Iterator[tuple[dict, Callable]]:
    """(environment, psql) of ``before``'s plain-SQL dump loaded into a database of its own (named
    ``prefix`` and this process), dropped again at the end; ``psql(sql)`` runs one statement there
    and answers as ``subprocess.run``."""
    from scoring.management.commands.backup import pg_environment, pg_tool

    flags, pg_env = pg_environment()
    info = connection.connection.info
    name = f"{prefix}_{os.getpid()}"
    dump = _unpacked(before / "postgres.sql.gz", tmp_path / "before.sql")
    subprocess.run([pg_tool("dropdb"), "--if-exists", *flags, name], env=pg_env, check=True)
    subprocess.run([pg_tool("createdb"), *flags, name], env=pg_env, check=True)

    def psql(sql: str) -> subprocess.CompletedProcess:
        return subprocess.run([pg_tool("psql"), "-v", "ON_ERROR_STOP=1", *flags, "-d", name, "-c", sql],
                              env=pg_env, capture_output=True, text=True)

    try:
        subprocess.run([pg_tool("psql"), "-q", "-v", "ON_ERROR_STOP=1", *flags, "-d", name, "-f", str(dump)],
                       env=pg_env, check=True, capture_output=True)
        yield environment(f"postgres://{info.user}@/{name}?host={info.host}&port={info.port}"), psql
    finally:
        connection.close()
        subprocess.run([pg_tool("dropdb"), "--if-exists", *flags, name], env=pg_env, check=True)
