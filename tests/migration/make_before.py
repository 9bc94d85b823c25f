"""Rebuild the migration test's data (``tests/migration/before/``) with the code of an older commit.

    .venv/bin/python tests/migration/make_before.py COMMIT_OR_CHECKOUT [--postgres]

The test of the storage migration (``tests/migration/test_storage_migration.py``) needs a database
made by the code *before* the migration, and what that code answered about it. This script checks
out ``COMMIT`` (a ``git worktree`` in a temporary directory, or an existing checkout given as a
path), and with that code, on SQLite:

1. ``migrate``, then builds a representative club (``--build``, below, run inside the old code):
   ``seed_demo`` (Danish, Karlsruhe and Selca tables, a closed and an open evening) and a second
   club with every golden evening of ``tests/golden`` imported, corrections of each family, voids,
   closed, reopened and open evenings, a misdeal-only deal, and a table played with a club card;
2. takes ``manage.py backup`` of it: ``before/sqlite.backup.gz`` (a SQLite file, gzipped);
3. records ``check_ledger``, ``standings --json`` of every club and family (closed evenings, and with
   ``--include-open``), ``export_evening`` of every table, and what the player and club pages read
   of the per-deal figures (each player's ``family_figures``, each club's ``largest_cups_won``):
   ``before/recorded.json``.

With ``--postgres`` (run it under ``scripts/with-postgres``, which sets ``DATABASE_URL``) it builds
the same club on PostgreSQL and writes a plain-SQL dump, ``before/postgres.sql.gz``, and checks that
PostgreSQL's answers equal the recorded ones.

The artefacts were made from commit 10854d9 (the last commit before the storage by name):

    .venv/bin/python tests/migration/make_before.py 10854d9
    PGPORT=5444 scripts/with-postgres .venv/bin/python tests/migration/make_before.py 10854d9 --postgres
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

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
BEFORE = HERE / "before"
PYTHON = sys.executable


def manage(checkout: Path, env: dict, *args: str) -> str:
    result = subprocess.run([PYTHON, "manage.py", *args], cwd=checkout, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
    return result.stdout


def record(code: Path, env: dict) -> dict:
    """What the code at ``code`` answers about the database of ``env`` (``recording``)."""
    result = subprocess.run([PYTHON, str(Path(__file__).resolve()), "--record"], cwd=code, env=env,
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"--record failed:\n{result.stderr}")
    return json.loads(result.stdout)


def recording() -> dict:
    """(Inside the code to ask.) ``check_ledger``'s output (its differences, when there are any),
    ``standings --json`` of every club and family it played (closed evenings, and with
    ``--include-open``), ``export_evening`` of every table, and what the player and club pages
    read of the per-deal figures (``pages``)."""
    import django
    django.setup()
    from io import StringIO

    from django.core.management import call_command

    from scoring.models import Club, Table
    from scoring.standings import club_families

    def command(*args: str) -> str:
        out, err = StringIO(), StringIO()
        try:
            call_command(*args, stdout=out, stderr=err)
        except SystemExit:
            return out.getvalue() + err.getvalue()
        return out.getvalue()

    standings = {}
    for club in Club.objects.order_by("name"):
        for family in club_families(club):
            for extra in ((), ("--include-open",)):
                key = f"{club.name}|{family}|{'open' if extra else 'closed'}"
                standings[key] = json.loads(command("standings", "--json", "--club", club.name, "--family", family,
                                                    *extra))
    exports = {f"{evening}/{table}": json.loads(command("export_evening", str(evening), "--table", str(table)))
               for evening, table in Table.objects.order_by("evening_id", "number").values_list("evening_id",
                                                                                                 "number")}
    return {"check_ledger": command("check_ledger"), "standings": standings, "exports": exports, **pages()}


def pages() -> dict:
    """(Inside the code to ask.) What the player and club pages read from the per-deal figures: each
    player's own figures of every family he played (``standings.family_figures``, over every
    evening of his club) and each club's largest cups won (``standings.largest_cups_won``)."""
    from dataclasses import asdict

    from scoring.models import Club, Evening, Player
    from scoring.standings import family_figures, largest_cups_won, player_families

    figures = {}
    for player in Player.objects.select_related("club").order_by("club__name", "name"):
        evenings = Evening.objects.filter(club=player.club)
        for family in player_families(player):
            found = family_figures(player, evenings, family)
            if found is not None:
                figures[f"{player.club.name}|{player.name}|{family}"] = json.loads(json.dumps(asdict(found)))
    cups = {club.name: [{**asdict(c), "date": str(c.date)} for c in largest_cups_won(Evening.objects.filter(club=club))]
            for club in Club.objects.order_by("name")}
    return {"figures": figures, "cups": cups}


def build() -> None:
    """(Inside the old code.) The representative club: see the module's docstring."""
    import django
    django.setup()
    from decimal import Decimal

    from django.core.management import call_command

    from scoring import services
    from scoring.models import Club, ClubRateCard, Season

    call_command("seed_demo", stdout=open(os.devnull, "w"))
    club = Club.objects.create(name="Golden", kroner_per_point=Decimal("0.50"))
    Season.objects.create(club=club, name="2026")
    golden = ROOT / "tests" / "golden"
    files = sorted(p for p in golden.rglob("*.json") if not p.name.endswith(".expected.json"))
    tables = {}
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        tables[path.stem] = services.evening_import(club=club, data=data)

    def deal(table, number):
        return table.deals.get(number=number, current=True)

    # Danish: deal 2 corrected to a misdeal (the cups of every later deal re-settled), the last voided, closed
    basic = tables["three-players-basic"]
    second = deal(basic, 2)
    services.deal_correct(deal=second, outcome={"dealer": second.outcome["dealer"], "kind": "misdeal"},
                          reason="fejlgivning")
    services.deal_void(deal=basic.deals.filter(current=True).order_by("-number").first(), reason="forkert bord")
    services.evening_close(evening=basic.evening)
    # Danish: a correction that changes nothing but re-posts, closed, then reopened (the split reversed)
    double = tables["five-players-double-bagud"]
    first = deal(double, 1)
    services.deal_correct(deal=first, outcome=first.outcome, reason="samme spil")
    services.evening_close(evening=double.evening)
    services.evening_reopen(evening=double.evening, reason="forkert beløb")
    for name in ("four-players-tout-nolo-fines", "random-42", "grosstarock-worked", "taroc1754-worked"):
        services.evening_close(evening=tables[name].evening)
    # Karlsruhe: the count of deal 7 corrected (the Radl of the later deals kept), the last voided, closed
    seed = tables["seed-table"]
    seventh = deal(seed, 7)
    services.deal_correct(deal=seventh, outcome={**seventh.outcome, "declarers_count": 160}, reason="recount")
    services.deal_void(deal=seed.deals.filter(current=True).order_by("-number").first(), reason="typo")
    services.evening_close(evening=seed.evening)
    # Selca: deal 1 corrected to a misdeal, closed; the worked examples left open
    four = tables["four-players"]
    one = deal(four, 1)
    services.deal_correct(deal=one, outcome={"dealer": one.outcome["dealer"], "kind": "misdeal"}, reason="test")
    services.evening_close(evening=four.evening)
    # A misdeal-only table (Danish), closed
    players = [services.player_get_or_create(club=club, name=n) for n in ("Anne", "Bent", "Carl")]
    evening = services.evening_create(club=club, date="2026-12-01")
    table = services.table_create(evening=evening, players=players, rules="vlk")
    services.deal_record(table=table, outcome={"dealer": "Anne", "kind": "misdeal"})
    services.evening_close(evening=evening)
    # A club card (the VLK card with another opening) as the club's default, a table played with it
    # deal by deal, closed; and a Karlsruhe club card, left open
    from scoring.engine import families
    vlk = families.family("danish").rate_card("vlk").to_dict()
    data = {**vlk, "name": f"{club.pk}-own", "title": "Klubbens VLK", "opening_per_cup": vlk["opening_per_cup"] + 5}
    own = ClubRateCard.objects.create(club=club, name=data["name"], based_on="vlk", family="danish",
                                      data=json.dumps(data, ensure_ascii=False))
    club.default_card = own
    club.save()
    evening = services.evening_create(club=club, date="2026-12-08", season=Season.objects.get(club=club))
    table = services.table_create(evening=evening, players=players)
    for outcome in json.loads((golden / "three-players-basic.json").read_text(encoding="utf-8"))["deals"]:
        services.deal_record(table=table, outcome=outcome)
    services.evening_close(evening=evening)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("commit", nargs="?")
    parser.add_argument("--postgres", action="store_true")
    parser.add_argument("--build", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--record", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.build or args.record:   # inside the code to ask: its directory is the working directory
        sys.path.insert(0, os.getcwd())
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokklub.settings")
        if args.build:
            build()
        else:
            print(json.dumps(recording(), ensure_ascii=False))
        return
    with tempfile.TemporaryDirectory() as tmp:
        checkout = Path(args.commit)
        if not checkout.is_dir():
            checkout = Path(tmp) / "checkout"
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(checkout), args.commit],
                           check=True, capture_output=True)
        try:
            run(checkout, Path(tmp), postgres=args.postgres)
        finally:
            if checkout.parent == Path(tmp):
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(checkout)], check=True)


def run(checkout: Path, tmp: Path, *, postgres: bool) -> None:
    BEFORE.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env["PYTHONHASHSEED"] = "0"
    if not postgres:
        env["DATABASE_URL"] = f"sqlite:///{tmp / 'before.sqlite3'}"
    elif not env.get("DATABASE_URL", "").startswith("postgres"):
        raise SystemExit("--postgres: run under scripts/with-postgres")
    manage(checkout, env, "migrate", "--noinput")
    subprocess.run([PYTHON, str(Path(__file__).resolve()), "--build"], cwd=checkout, env=env, check=True)
    recorded = record(checkout, env)
    if postgres:
        wanted = json.loads((BEFORE / "recorded.json").read_text(encoding="utf-8"))
        if recorded != wanted:
            raise SystemExit("PostgreSQL answers differently from SQLite; nothing written")
        dump(env)
    else:
        backup = tmp / "sqlite.backup"
        manage(checkout, env, "backup", str(backup))
        with open(backup, "rb") as raw, gzip.GzipFile(BEFORE / "sqlite.backup.gz", "wb", mtime=0) as packed:
            packed.write(raw.read())
        (BEFORE / "recorded.json").write_text(json.dumps(recorded, ensure_ascii=False, indent=1) + "\n",
                                              encoding="utf-8")


def dump(env: dict) -> None:
    """A plain-SQL dump of the whole database (schema and data, no owners)."""
    import glob
    tool = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_dump"))[-1]
    text = subprocess.run([tool, "--format=plain", "--no-owner", "--no-privileges", "--dbname", env["DATABASE_URL"]],
                          check=True, env=env, capture_output=True, text=True).stdout
    # A newer pg_dump may set a parameter an older server does not know; none is needed here.
    text = "\n".join(line for line in text.splitlines() if not line.startswith("SET transaction_timeout")) + "\n"
    with gzip.GzipFile(BEFORE / "postgres.sql.gz", "wb", mtime=0) as packed:
        packed.write(text.encode("utf-8"))


if __name__ == "__main__":
    main()
