"""``python manage.py backup OUT``: a consistent copy of the database.

SQLite: the online backup API (a single file, safe while the app runs). Restore: stop the app and
put the file in place of the database file (or point ``DATABASE_URL`` at it).
PostgreSQL: ``pg_dump`` in its custom format. Restore: ``createdb NEW`` then
``pg_restore --no-owner -d NEW OUT`` and point ``DATABASE_URL`` at NEW.
After a restore, ``python manage.py check_ledger`` must report the ledger ok.
"""
import glob
import os
import shutil
import sqlite3
import subprocess

from django.core.management.base import BaseCommand, CommandError
from django.db import connection


def pg_tool(name: str) -> str:
    """The PostgreSQL client ``name`` matching the server's major version where several exist."""
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version_num")
        major = int(cursor.fetchone()[0]) // 10000
    for candidate in (f"/usr/lib/postgresql/{major}/bin/{name}", shutil.which(name)):
        if candidate and os.path.exists(candidate):
            return candidate
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if found:
        return found[-1]
    raise CommandError(f"{name} is not installed (Debian package postgresql-client)")


def pg_environment() -> tuple[list[str], dict]:
    """Connection flags for the client tools: where the open connection really goes."""
    connection.ensure_connection()
    info = connection.connection.info
    env = dict(os.environ)
    if connection.settings_dict.get("PASSWORD"):
        env["PGPASSWORD"] = connection.settings_dict["PASSWORD"]
    return ["-h", info.host, "-p", str(info.port), "-U", info.user], env


#: The first bytes of a file each database's backup writes: an existing target is overwritten only
#: when it is such a backup already, never a file of another kind named by mistake.
BACKUP_HEADERS = {"sqlite": b"SQLite format 3\x00", "postgresql": b"PGDMP"}


def target_problem(out: str, vendor: str) -> str | None:
    """Why ``out`` cannot take a backup (one line), or None: its folder must exist, and an existing
    file there must be an earlier backup of the same kind."""
    folder = os.path.dirname(os.path.abspath(out))
    if not os.path.isdir(folder):
        return f"the folder {folder} does not exist; create it first"
    if os.path.isdir(out):
        return f"{out} is a folder; name the backup file"
    if os.path.exists(out):
        header = BACKUP_HEADERS.get(vendor, b"")
        with open(out, "rb") as existing:
            start = existing.read(len(header))
        if os.path.getsize(out) and start != header:
            return f"{out} exists and is not a {vendor} backup; refusing to overwrite it"
    return None


class Command(BaseCommand):
    help = "Write a consistent backup of the database to OUT (see the module docstring for restoring)."

    def add_arguments(self, parser):
        parser.add_argument("out")

    def handle(self, *args, **options):
        out = options["out"]
        problem = target_problem(out, connection.vendor)
        if problem:
            raise CommandError(problem, returncode=2)
        if connection.vendor == "sqlite":
            connection.ensure_connection()
            target = sqlite3.connect(out)
            try:
                with target:
                    connection.connection.backup(target)
            finally:
                target.close()
        elif connection.vendor == "postgresql":
            flags, env = pg_environment()
            result = subprocess.run([pg_tool("pg_dump"), "--format=custom", "--no-owner", "-f", out, *flags,
                                     connection.connection.info.dbname], env=env, capture_output=True, text=True)
            if result.returncode != 0:
                raise CommandError(f"pg_dump failed: {result.stderr.strip()}")
        else:
            raise CommandError(f"no backup for the {connection.vendor} database")
        self.stdout.write(f"backup written to {out} ({os.path.getsize(out)} bytes)")
