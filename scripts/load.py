"""Bounded load test (``make load``): gunicorn + PostgreSQL on loopback, 20 tables recording deals
concurrently over HTTP for 60 seconds, each like a phone: log in, load the table page, post the
deal form, follow the redirect. Reports deals recorded, errors, p50/p95 latency, then runs
``check_ledger``. Only 127.0.0.1 is contacted; every loop is bounded in time and stops by itself.

Run it through scripts/with-postgres (make load does), which provides DATABASE_URL; or with
DATABASE_URL=sqlite:////tmp/load.sqlite3 to load SQLite with the same workers (figures in
bench/load-sqlite.json). Each post carries the form's one-time submission key, as a browser's does.
"""
from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
ENV = {**os.environ, "DEBUG": "0", "SECRET_KEY": "load-test-only-" + "k" * 40, "ALLOWED_HOSTS": "127.0.0.1",
       "SECURE_SSL_REDIRECT": "0", "SESSION_COOKIE_SECURE": "0", "CSRF_COOKIE_SECURE": "0",
       "DJANGO_SETTINGS_MODULE": "tarokklub.settings", "CONN_MAX_AGE": "60"}
PASSWORD = "load-test-password-1"


def prepare(tables: int) -> list[tuple[int, tuple[str, ...]]]:
    os.environ.update(ENV)
    import django
    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from scoring import services
    from scoring.models import Club, Membership, Role

    call_command("migrate", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)
    club = Club.objects.create(name=f"Belastning {int(time.time())}")
    user = get_user_model().objects.create_user(f"load-{club.pk}", password=PASSWORD)
    Membership.objects.create(user=user, club=club, role=Role.SCOREKEEPER)
    evening = services.evening_create(club=club, date="2026-11-20")
    made = []
    for t in range(tables):
        players = [services.player_get_or_create(club=club, name=f"S{t + 1}-{n}") for n in ("A", "B", "C", "D")]
        table = services.table_create(evening=evening, players=players)
        made.append((table.pk, tuple(p.name for p in players)))
    return user.username, made


class Phone:
    def __init__(self, base: str, username: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        page = self.get("/login/")
        self.post("/login/", {"username": username, "password": PASSWORD,
                              "csrfmiddlewaretoken": self.token(page)})

    def token(self, html: str) -> str:
        return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=30) as response:
            return response.read().decode()

    def post(self, path: str, data: dict) -> tuple[int, str]:
        body = urllib.parse.urlencode(data, doseq=True).encode()
        request = urllib.request.Request(self.base + path, data=body, headers={"Referer": self.base + path})
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode(errors="replace")


def form_data(players, outcome: dict, version: int) -> dict:
    from scoring.forms import DealForm, initial_from_outcome
    dealer, initial = initial_from_outcome(players, outcome, version)
    form = DealForm(players, dealer=dealer, initial=initial)
    data = {}
    for name in form.fields:
        value = form[name].value()
        if value not in (None, ""):
            data[name] = value
    return data


def run_table(base, username, table_id, players, deadline, seed, results, lock):
    from families.danish.engine.generate import random_deal
    from families.danish.engine.interchange import deal_to_dict
    from families.danish.engine.model import seating

    rng = random.Random(seed)
    phone = Phone(base, username)
    dealer = players[0]
    while time.monotonic() < deadline:
        page = phone.get(f"/tables/{table_id}/")
        version = int(re.search(r'name="version" value="(\d+)"', page).group(1))
        deal = random_deal(rng, players, dealer)
        data = form_data(players, deal_to_dict(deal), version)
        data["csrfmiddlewaretoken"] = phone.token(page)
        data["submission"] = re.search(r'name="submission" value="([0-9a-f]+)"', page).group(1)
        start = time.perf_counter()
        status, body = phone.post(f"/tables/{table_id}/", data)
        elapsed = time.perf_counter() - start
        ok = status == 200 and "er gemt" in body   # the redirect was followed to the page with the message
        with lock:
            results["latencies"].append(elapsed)
            results["statuses"][status] = results["statuses"].get(status, 0) + 1
            if ok:
                results["recorded"] += 1
            else:
                results["errors"] += 1
                results["samples"].append((status, body[:300]))
        if ok and deal.kind.value != "scrapped":
            dealer = seating(players, dealer).next_dealer


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith(("postgres", "sqlite:")):
        sys.exit("load: run through scripts/with-postgres (make load), or set DATABASE_URL=sqlite:////tmp/….sqlite3")
    sqlite = os.environ["DATABASE_URL"].startswith("sqlite:")
    username, tables = prepare(args.tables)
    base = f"http://127.0.0.1:{args.port}"
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "tarokklub.wsgi", "--bind", f"127.0.0.1:{args.port}",
                               "--workers", str(args.workers), "--threads", "2", "--timeout", "60",
                               "--log-level", "warning"], cwd=ROOT, env=ENV, start_new_session=True)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/login/", timeout=2).read()
                break
            except OSError:
                time.sleep(0.2)
        results = {"latencies": [], "recorded": 0, "errors": 0, "samples": [], "statuses": {}}
        lock = threading.Lock()
        deadline = time.monotonic() + args.seconds
        threads = [threading.Thread(target=run_table, args=(base, username, pk, players, deadline, i, results, lock))
                   for i, (pk, players) in enumerate(tables)]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(args.seconds + 60)
        elapsed = time.monotonic() - started
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(30)
    latencies = sorted(results["latencies"])
    ledger = subprocess.run([sys.executable, "manage.py", "check_ledger"], cwd=ROOT, env=ENV, capture_output=True,
                            text=True)
    report = {
        "database": "sqlite" if sqlite else "postgresql",
        "tables": args.tables, "seconds": round(elapsed, 1), "gunicorn_workers": args.workers,
        "deals_recorded": results["recorded"], "errors": results["errors"],
        "responses_by_status": {str(k): v for k, v in sorted(results["statuses"].items())},
        "deals_per_second": round(results["recorded"] / elapsed, 1),
        "latency_ms_p50": round(statistics.median(latencies) * 1000, 1) if latencies else None,
        "latency_ms_p95": round(latencies[max(0, int(len(latencies) * 0.95) - 1)] * 1000, 1) if latencies else None,
        "check_ledger": (ledger.stdout + ledger.stderr).strip().splitlines()[-1:],
        "check_ledger_exit": ledger.returncode,
    }
    print(json.dumps(report, indent=1))
    for status, body in results["samples"][:3]:
        print("error sample:", status, body.replace("\n", " ")[:200], file=sys.stderr)
    (ROOT / "bench").mkdir(exist_ok=True)
    (ROOT / "bench" / ("load-sqlite.json" if sqlite else "load.json")).write_text(json.dumps(report, indent=1) + "\n")
    sys.exit(0 if results["errors"] == 0 and ledger.returncode == 0 else 1)


if __name__ == "__main__":
    main()
