"""A table on a slow phone (``make bench``'s ``phone_*`` figures, docs/performance.md): Debian's Chromium
through Playwright, throttled by Chrome itself over CDP (a 400 ms round trip, 50 KB/s down and up, the
CPU four times slower), against the app as deployed (DEBUG off, the static files collected into the
manifest storage and served by WhiteNoise) on a SQLite database of its own.

For each table (an evening with a few deals at a 4-player Danish table) it measures:

- ``phone_open_s``, ``phone_open_kb``: opening the table page on a phone that has not seen it (its
  static files not yet kept, no service worker): until the page's ``load``, and the bytes received.
- ``phone_save_s``, ``phone_save_kb``: the next deal typed, the tap on "Gem spil" to the frame that
  shows "Spil N er gemt.", both taken in the page (Playwright's own waiting polls every 0.5 s); and the
  bytes sent and received meanwhile (the requests' headers and bodies, the responses' encoded sizes,
  CDP ``Network.loadingFinished``).
- ``phone_open_warm_s``, ``phone_open_warm_kb``: the second visit, the service worker installed and its
  caches filled (the page, its files, each dealer's form): until the page's ``load``, and the bytes the
  worker received (it asks the network for the page first). The worker is throttled as the page is
  (its network; Chrome slows no worker's CPU).

The save is measured with the service worker blocked: Chrome throttles and counts a page's own requests,
and a worker's are another target's (the first save on a phone may be made before the worker is there;
the worker never touches a POST).

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


def quiet(page, pending: set[str], seconds: float = 1.0, limit: float = 20.0) -> None:
    """Wait until no request of the page has been open for ``seconds``, at most ``limit`` seconds (a
    poll of the other tables, every 5 s, has now and then been seen never to end)."""
    since = start = time.perf_counter()
    while time.perf_counter() - since < seconds:
        if time.perf_counter() - start > limit:
            print(f"bench_phone: {len(pending)} request(s) still open after {limit:g} s", file=sys.stderr)
            return
        page.wait_for_timeout(100)   # lets Playwright deliver the CDP events
        if pending:
            since = time.perf_counter()


#: In every page of the phone, before the page's own scripts (an init script): the moment of the tap on
#: "Gem spil" and that of the frame that first shows the saved message, kept in sessionStorage (across
#: a page load, as before a save answered with its parts) once ``bench-expect`` names the message.
SAVE_CLOCK = """(() => {
  document.addEventListener("pointerdown", (e) => {
    if (e.target.closest && e.target.closest("#save")) sessionStorage.setItem("bench-tap", String(performance.timeOrigin + e.timeStamp));
  }, true);
  const watch = () => {
    const expected = sessionStorage.getItem("bench-expect");
    if (!expected) return;
    const seen = new MutationObserver(() => {
      const box = document.querySelector(".messages");
      if (!box || !box.textContent.includes(expected)) return;
      seen.disconnect();
      requestAnimationFrame(() => sessionStorage.setItem("bench-shown", String(performance.timeOrigin + performance.now())));
    });
    seen.observe(document, { childList: true, subtree: true, characterData: true });
  };
  window.benchWatch = watch;
  watch();
})();"""

#: Once the service worker controls the page and keeps it (the page seats the form for any dealer
#: itself, docs/table.md "Offline at the table"; ``names`` is asked for by the callers and unused).
KEPT = """async (names) => {
    if (!navigator.serviceWorker.controller) return false;
    return Boolean(await (await caches.open('tarokklub-pages')).match(location.href));
}"""
LOADED_S = "performance.getEntriesByType('navigation')[0].loadEventEnd / 1000"
NETWORK = {"offline": False, "latency": LATENCY_MS, "downloadThroughput": BYTES_PER_S, "uploadThroughput": BYTES_PER_S}


def logged_in(browser, base: str, username: str, url: str, **options):
    """A phone's context logged in, unthrottled (a phone that logged in earlier; the login page leaves
    the static files in its cache): (context, page)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="da-DK", has_touch=True,
                                  is_mobile=True, **options)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(url)
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.click("#login-submit")
    return context, page


class Traffic:
    """The page's requests over CDP, throttled: the bytes sent (headers and body) and received (the
    encoded sizes) of each, and the ones still open."""

    def __init__(self, context, page):
        self.sent, self.received, self.pending = [], [], set()
        cdp = context.new_cdp_session(page)
        cdp.on("Network.requestWillBeSent", self.started)
        cdp.on("Network.requestWillBeSentExtraInfo", lambda e: self.sent.append(
            sum(len(f"{k}: {v}\r\n") for k, v in e["headers"].items())))
        cdp.on("Network.loadingFinished", self.finished)
        cdp.on("Network.loadingFailed", lambda e: self.pending.discard(e["requestId"]))
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
        cdp.send("Network.emulateNetworkConditions", NETWORK)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})

    def started(self, event: dict) -> None:
        if event.get("type") == "Document":   # a page loaded: the last one's requests end unreported
            self.pending.clear()
        self.pending.add(event["requestId"])
        self.sent.append(len(event["request"].get("postData", "").encode()))

    def finished(self, event: dict) -> None:
        self.pending.discard(event["requestId"])
        self.received.append(event["encodedDataLength"])

    def mark(self) -> tuple[int, int]:
        return len(self.sent), len(self.received)

    def since(self, mark: tuple[int, int]) -> int:
        return sum(self.sent[mark[0]:]) + sum(self.received[mark[1]:])


def open_and_save(browser, base: str, username: str, table) -> dict:
    """The first visit (no service worker) and a save."""
    url = f"{base}/tables/{table.pk}/"
    context, page = logged_in(browser, base, username, url, service_workers="block")
    try:
        context.add_init_script(SAVE_CLOCK)
        page.goto("about:blank")
        traffic = Traffic(context, page)
        page.goto(url, wait_until="load")
        opened_s, opened_bytes = page.evaluate(LOADED_S), sum(traffic.received)

        number = EARLIER_DEALS + 1
        page.locator("#deal-title").filter(has_text=f"Spil {number}").wait_for()
        type_the_deal(page)
        page.locator("#preview-net").wait_for()
        quiet(page, traffic.pending)   # the typed deal's previews answered: the save alone is counted
        message = f"Spil {number} er gemt."
        page.evaluate("(m) => { sessionStorage.setItem('bench-expect', m); window.benchWatch(); }", message)
        mark = traffic.mark()
        page.click("#save")
        page.locator(".messages", has_text=message).wait_for()
        shown = "sessionStorage.getItem('bench-shown')"
        for _ in range(TIMEOUT_MS // 50):
            if page.evaluate(shown) is not None:
                break
            page.wait_for_timeout(50)
        else:
            raise RuntimeError(f"no frame showed {message!r}")
        saved_s = (float(page.evaluate(shown)) - float(page.evaluate("sessionStorage.getItem('bench-tap')"))) / 1000
        page.wait_for_load_state("load")
        quiet(page, traffic.pending)
        return {"open_s": opened_s, "open_bytes": opened_bytes, "save_s": saved_s, "save_bytes": traffic.since(mark)}
    finally:
        context.close()


def worker_throttled(browser, page) -> list[int]:
    """Throttle the network of the page's service worker as the page's (Chrome throttles each target
    on its own; Playwright opens no session on a worker, so the browser's session attaches to it):
    the encoded sizes of what the worker receives from now on."""
    session = browser.new_browser_cdp_session()
    worker = next(t for t in session.send("Target.getTargets")["targetInfos"] if t["type"] == "service_worker")
    received: list[int] = []
    answers: list[dict] = []

    def message(event: dict) -> None:
        sent = json.loads(event["message"])
        if sent.get("method") == "Network.loadingFinished":
            received.append(sent["params"]["encodedDataLength"])
        elif "id" in sent:
            answers.append(sent)

    session.on("Target.receivedMessageFromTarget", message)
    target = session.send("Target.attachToTarget", {"targetId": worker["targetId"], "flatten": False})["sessionId"]
    for number, (method, params) in enumerate((("Network.enable", {}), ("Network.setCacheDisabled", {"cacheDisabled": False}),
                                               ("Network.emulateNetworkConditions", NETWORK))):
        session.send("Target.sendMessageToTarget", {"sessionId": target, "message": json.dumps(
            {"id": number + 1, "method": method, "params": params})})
    for _ in range(100):   # the worker's answers, delivered while Playwright waits
        if len(answers) == 3:
            break
        page.wait_for_timeout(50)
    if len(answers) != 3 or any("error" in a for a in answers):
        raise RuntimeError(f"the service worker was not throttled: {answers}")
    return received


def open_warm(browser, base: str, username: str, table) -> dict:
    """The second visit: the service worker installed and its caches filled."""
    url = f"{base}/tables/{table.pk}/"
    context, page = logged_in(browser, base, username, url)
    try:
        for _visit in range(3):   # a page the worker claimed only while it loaded was not kept: again
            page.goto(url, wait_until="load")
            for _ in range(100):
                if page.evaluate(KEPT, list(PLAYERS)):
                    break
                page.wait_for_timeout(100)
            else:
                continue
            break
        else:
            raise RuntimeError("the service worker did not keep the page")
        page.goto("about:blank")
        traffic = Traffic(context, page)
        worker = worker_throttled(browser, page)
        page.goto(url, wait_until="load")
        opened_s = page.evaluate(LOADED_S)
        quiet(page, traffic.pending)
        return {"warm_s": opened_s, "warm_bytes": sum(traffic.received) + sum(worker)}
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
                    base = f"http://localhost:{server.port}"
                    found = [open_and_save(browser, base, username, table) | open_warm(browser, base, username, table)
                             for username, table in tables]
                finally:
                    browser.close()
        finally:
            server.terminate()
        saved = [Deal.objects.filter(table=table, current=True).count() for _, table in tables]
        if saved != [EARLIER_DEALS + 1] * runs:
            raise RuntimeError(f"the deals saved at the tables: {saved}")
    def median(key: str, scale: float = 1) -> float:
        return round(statistics.median(f[key] for f in found) / scale, 2 if scale == 1 else 1)

    return {
        "phone_save_s": median("save_s"), "phone_save_kb": median("save_bytes", 1024),
        "phone_open_s": median("open_s"), "phone_open_kb": median("open_bytes", 1024),
        "phone_open_warm_s": median("warm_s"), "phone_open_warm_kb": median("warm_bytes", 1024),
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
