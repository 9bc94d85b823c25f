"""Saving a deal on a slow phone (``make bench``'s ``phone_save_s`` and ``phone_save_kb``, docs/performance.md):
Debian's Chromium through Playwright, throttled by Chrome itself over CDP (a 400 ms round trip, 50 KB/s
down and up, the CPU four times slower), against the app as deployed (DEBUG off, the static files
collected into the manifest storage and served by WhiteNoise) on a SQLite database of its own.

It opens the table page of an evening with a few deals at a 4-player Danish table, types the next deal
and taps save; it reports the seconds from the tap to the page's "Spil N er gemt." and the bytes the
phone received meanwhile (the responses' encoded sizes, CDP ``Network.loadingFinished``), and the same
two for opening the page on a phone that has not seen it (its static files not yet kept).

The table page's service worker is blocked: Chrome throttles and counts the page's own requests, and a
worker's fetches are another target's (the first save on a phone is made before the worker is there).

Run by ``manage.py bench`` as a child process (settings are per process: this one's are production's);
by hand: ``.venv/bin/python scripts/bench_phone.py [--runs N] [--json]``. It prints one JSON line last.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: Chrome's throttling (CDP): latency in ms, throughput in bytes a second, the CPU slowed this many times.
LATENCY_MS, BYTES_PER_S, CPU_SLOWDOWN = 400, 50 * 1024, 4
PLAYERS = ("Anne", "Bent", "Carl", "Dorte")
EARLIER_DEALS = 8
PASSWORD = "bench-phone-password-1"
TIMEOUT_MS = 120_000


def production_environment(folder: Path) -> None:
    """The production settings (README "Production") over plain http://localhost, on ``folder``'s database."""
    os.environ.update({
        "DEBUG": "0", "SECRET_KEY": "bench-phone-only-" + "k" * 40, "DJANGO_SETTINGS_MODULE": "tarokklub.settings",
        "SECURE_SSL_REDIRECT": "0", "SESSION_COOKIE_SECURE": "0", "CSRF_COOKIE_SECURE": "0",
        "SECURE_HSTS_SECONDS": "0", "ALLOWED_HOSTS": "localhost,127.0.0.1",
        "DATABASE_URL": f"sqlite:///{folder / 'phone.sqlite3'}",
    })
    sys.path.insert(0, str(ROOT))
    import django
    django.setup()


def table_with_deals(number: int):
    """A new evening's table of ``PLAYERS`` (the default rules) with ``EARLIER_DEALS`` played deals, so
    that the next deal is Anne's again (4 players: the deal passes to the left, §1): its scorekeeper's
    name and the table."""
    import random

    from django.contrib.auth import get_user_model

    from families.danish.engine.generate import random_deal
    from families.danish.engine.interchange import deal_to_dict
    from families.danish.engine.model import DealKind, seating
    from scoring import services
    from scoring.engine import families
    from scoring.models import Club, Membership, Role

    club = Club.objects.create(name=f"Telefonbænk {number}")
    username = f"telefon-{number}"
    user = get_user_model().objects.create_user(username, password=PASSWORD)
    Membership.objects.create(user=user, club=club, role=Role.SCOREKEEPER)
    players = [services.player_get_or_create(club=club, name=name) for name in PLAYERS]
    evening = services.evening_create(club=club, date=f"2026-11-{20 + number:02d}")
    table = services.table_create(evening=evening, players=players, rules=families.default_rules())
    rng, dealer, recorded = random.Random(number), PLAYERS[0], 0
    while recorded < EARLIER_DEALS:
        deal = random_deal(rng, PLAYERS, dealer)
        if deal.kind is not DealKind.PLAYED or deal.passed is not None:
            continue   # an ordinary deal: the next is the left neighbour's
        services.deal_record(table=table, outcome=deal_to_dict(deal))
        dealer, recorded = seating(PLAYERS, dealer).next_dealer, recorded + 1
    return username, table


def type_the_deal(page) -> None:
    """Anne deals, Carl sits out: Bent's pagat home, Dorte takes the last trick, Bent counts 31 and
    Dorte 20 (Anne's is worked out)."""
    page.locator("#pagat-owner label", has_text="Bent").click()
    page.locator("#last-trick label", has_text="Dorte").click()
    page.fill("#id_count_0", "31")
    page.fill("#id_count_1", "20")


def quiet(page, pending: set[str], seconds: float = 1.0) -> None:
    """Wait until no request of the page has been open for ``seconds``."""
    since = time.perf_counter()
    while time.perf_counter() - since < seconds:
        page.wait_for_timeout(100)   # lets Playwright deliver the CDP events
        if pending:
            since = time.perf_counter()


def measure_once(browser, base: str, username: str, table) -> dict:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="da-DK", has_touch=True,
                                  is_mobile=True, service_workers="block")
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        url = f"{base}/tables/{table.pk}/"
        page.goto(url)   # the login page, unthrottled: a phone that logged in earlier
        page.fill("#id_username", username)
        page.fill("#id_password", PASSWORD)
        with page.expect_navigation():
            page.click("#login-submit")
        page.goto("about:blank")
        cdp = context.new_cdp_session(page)
        received: list[int] = []
        pending: set[str] = set()

        def finished(event: dict) -> None:
            pending.discard(event["requestId"])
            received.append(event["encodedDataLength"])

        cdp.on("Network.requestWillBeSent", lambda event: pending.add(event["requestId"]))
        cdp.on("Network.loadingFinished", finished)
        cdp.on("Network.loadingFailed", lambda event: pending.discard(event["requestId"]))
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
        cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": LATENCY_MS,
                                                       "downloadThroughput": BYTES_PER_S,
                                                       "uploadThroughput": BYTES_PER_S})
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})

        start = time.perf_counter()
        page.goto(url, wait_until="load")
        opened_s = time.perf_counter() - start
        opened_bytes = sum(received)

        number = EARLIER_DEALS + 1
        page.locator("#deal-title").filter(has_text=f"Spil {number}").wait_for()
        type_the_deal(page)
        page.locator("#preview-net").wait_for()
        quiet(page, pending)   # the typed deal's previews answered: the save alone is counted
        before = len(received)
        start = time.perf_counter()
        page.click("#save")
        page.locator(".messages", has_text=f"Spil {number} er gemt.").wait_for()
        saved_s = time.perf_counter() - start
        page.wait_for_load_state("load")
        saved_bytes = sum(received[before:])
        return {"open_s": opened_s, "open_bytes": opened_bytes, "save_s": saved_s, "save_bytes": saved_bytes}
    finally:
        context.close()


def measure(runs: int) -> dict:
    from django.core.management import call_command
    from django.core.wsgi import get_wsgi_application
    from django.test import override_settings
    from django.test.testcases import LiveServerThread
    from playwright.sync_api import sync_playwright

    from scoring.models import Deal

    with tempfile.TemporaryDirectory() as static, override_settings(STATIC_ROOT=Path(static)):
        call_command("migrate", verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        tables = [table_with_deals(run) for run in range(1, runs + 1)]
        # The WSGI application as gunicorn serves it, WhiteNoise in its middleware (made after the
        # collection: WhiteNoise reads STATIC_ROOT's files once); no media handler, as in production.
        server = LiveServerThread("localhost", static_handler=lambda _media: get_wsgi_application())
        server.daemon = True
        server.start()
        server.is_ready.wait()
        if server.error:
            raise server.error
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
                try:
                    found = [measure_once(browser, f"http://localhost:{server.port}", username, table)
                             for username, table in tables]
                finally:
                    browser.close()
        finally:
            server.terminate()
        saved = [Deal.objects.filter(table=table, current=True).count() for _, table in tables]
        if saved != [EARLIER_DEALS + 1] * runs:
            raise RuntimeError(f"the deals saved at the tables: {saved}")
    return {
        "phone_save_s": round(statistics.median(f["save_s"] for f in found), 2),
        "phone_save_kb": round(statistics.median(f["save_bytes"] for f in found) / 1024, 1),
        "phone_open_s": round(statistics.median(f["open_s"] for f in found), 2),
        "phone_open_kb": round(statistics.median(f["open_bytes"] for f in found) / 1024, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="tables measured, one save each (the median)")
    parser.add_argument("--json", action="store_true", help="only the JSON line")
    options = parser.parse_args()
    if not os.path.exists(CHROMIUM):
        sys.exit(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")
    with tempfile.TemporaryDirectory() as folder:
        production_environment(Path(folder))
        figures = measure(options.runs)
    if not options.json:
        for key, value in figures.items():
            print(f"  {key:<44}{value!s:>14}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
