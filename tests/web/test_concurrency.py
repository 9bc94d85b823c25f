"""Writes under concurrency: threads posting to the live server, each thread a phone
with its own session, on a file SQLite database (tests/conftest.py) or on PostgreSQL.

Every scenario asserts: no response ≥ 500, every acknowledged write stored exactly once (a repeated
submission key answers with the first result), and ``check_ledger`` clean. The figures of each
scenario (requests, responses by status, deals stored, duration) are printed (``pytest -s``)."""
from __future__ import annotations

import http.client
import http.cookies
import random
import re
import threading
import time
import urllib.parse
from collections import Counter
from dataclasses import dataclass

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection, connections
from django.test import Client

from scoring import services
from families.danish.engine.generate import random_deal
from families.danish.engine.interchange import deal_to_dict
from families.danish.forms import DealForm, initial_from_outcome
from scoring.models import Deal, Evening, EveningEvent, Role, Table
from tests.web.conftest import make_user

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.every_database]

TABLES = 6
TREES = ("Ahorn", "Birk", "Ceder", "Daddel", "Elm", "Fyr")  # one word per new table, far from each other


# A phone: its own session, no redirects followed ------------------------------------------------

@dataclass
class Reply:
    status: int
    location: str
    body: str


class Phone:
    def __init__(self, live_server, user):
        client = Client()
        client.force_login(user)
        self.cookies = {settings.SESSION_COOKIE_NAME: client.cookies[settings.SESSION_COOKIE_NAME].value}
        url = urllib.parse.urlsplit(live_server.url)
        self.host, self.port = url.hostname, url.port

    def request(self, method: str, path: str, data: dict | None = None) -> Reply:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if data is not None:
            body = urllib.parse.urlencode(data, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn = http.client.HTTPConnection(self.host, self.port, timeout=120)
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            text = response.read().decode("utf-8", "replace")
            for header in response.msg.get_all("Set-Cookie") or []:
                cookie = http.cookies.SimpleCookie(header)
                for key, morsel in cookie.items():
                    self.cookies[key] = morsel.value
            return Reply(response.status, response.getheader("Location") or "", text)
        finally:
            conn.close()

    def get(self, path: str) -> Reply:
        return self.request("GET", path)

    def post(self, path: str, data: dict) -> Reply:
        return self.request("POST", path, data)


def hidden(html: str, name: str) -> str:
    found = re.search(rf'<input type="hidden" name="{name}" value="([^"]*)"', html)
    return found.group(1) if found else ""


def page_form(html: str) -> dict:
    """What every form of the page carries: the CSRF token and the one-time submission key."""
    data = {"csrfmiddlewaretoken": hidden(html, "csrfmiddlewaretoken")}
    if hidden(html, "submission"):
        data["submission"] = hidden(html, "submission")
    return data


def deal_data(html: str, players: tuple[str, ...], rng: random.Random) -> dict:
    """A random valid deal as the table page's form posts it, dealt by the dealer the page proposes."""
    dealer = re.search(r'<option value="([^"]+)" selected>', html).group(1)
    dealer_, initial = initial_from_outcome(players, deal_to_dict(random_deal(rng, players, dealer)), 0)
    form = DealForm(players, dealer=dealer_, initial=initial)
    data = {name: form[name].value() for name in form.fields if form[name].value() not in (None, "")}
    data["version"] = hidden(html, "version")
    return {**data, **page_form(html)}


# Running phones at once ------------------------------------------------------------------------

class Tally:
    """Responses by status, and the figures printed per scenario."""

    def __init__(self, name: str):
        self.name, self.statuses, self.lock, self.started = name, Counter(), threading.Lock(), time.monotonic()
        self.bad: list[str] = []

    def add(self, reply: Reply) -> Reply:
        with self.lock:
            self.statuses[reply.status] += 1
            if reply.status >= 500:
                self.bad.append(reply.body[:400])
        return reply

    def report(self, **figures) -> None:
        seconds = time.monotonic() - self.started
        print(f"\n[{connection.vendor}] {self.name}: {sum(self.statuses.values())} requests, "
              f"statuses {dict(sorted(self.statuses.items()))}, "
              + ", ".join(f"{k} {v}" for k, v in figures.items()) + f", {seconds:.1f} s")
        assert not self.bad, self.bad[:2]


def at_once(count: int, work) -> list:
    """Run ``work(i)`` in ``count`` threads released together; exceptions are returned, not lost."""
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def run(i):
        try:
            barrier.wait()
            results[i] = work(i)
        except Exception as exc:   # asserted on by the caller
            results[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    errors = [r for r in results if isinstance(r, Exception)]
    assert not errors, errors
    return results


def ledger_clean() -> None:
    call_command("check_ledger")   # exits 1 (SystemExit) on any difference


# Fixtures ---------------------------------------------------------------------------------------

@pytest.fixture
def evening_of_tables(club):
    """An open evening with six 4-player tables and no deals: [(table, players)]."""
    evening = services.evening_create(club=club, date="2026-11-24")
    made = []
    for t in range(TABLES):
        players = [services.player_get_or_create(club=club, name=f"B{t + 1}{n}") for n in ("Anne", "Bent", "Carl", "Dorte")]
        table = services.table_create(evening=evening, players=players)
        made.append((table, tuple(p.name for p in players)))
    return made


@pytest.fixture
def keeper(club):
    return make_user(club, Role.SCOREKEEPER, "live-keeper")


# The scenarios ----------------------------------------------------------------------------------

DEALS_EACH = 6


def test_six_tables_save_at_once(live_server, evening_of_tables, keeper):
    tally = Tally("6 tables saving at once")

    def phone_at(i):
        table, players = evening_of_tables[i]
        phone, rng, saved = Phone(live_server, keeper), random.Random(i), 0
        for _ in range(DEALS_EACH):
            page = phone.get(f"/tables/{table.pk}/")
            reply = tally.add(phone.post(f"/tables/{table.pk}/", deal_data(page.body, players, rng)))
            saved += reply.status == 302 and reply.location == f"/tables/{table.pk}/"
        return saved

    acknowledged = at_once(TABLES, phone_at)
    stored = Deal.objects.filter(current=True).count()
    tally.report(acknowledged=sum(acknowledged), deals_stored=stored)
    assert stored == sum(acknowledged) == TABLES * DEALS_EACH
    for table, _players in evening_of_tables:
        numbers = sorted(Deal.objects.filter(table=table, current=True).values_list("number", flat=True))
        assert numbers == list(range(1, DEALS_EACH + 1))
    ledger_clean()


def test_double_taps_and_retries_save_each_deal_once(live_server, evening_of_tables, keeper):
    """Each round at each table: the same form (one submission key) sent twice at once (a double
    tap), then once more after both answered (a retry after a lost response): one deal."""
    tally = Tally("double taps + retries, 6 tables")
    rounds = 3

    def phone_at(i):
        table, players = evening_of_tables[i]
        phone, rng = Phone(live_server, keeper), random.Random(100 + i)
        for _ in range(rounds):
            page = phone.get(f"/tables/{table.pk}/")
            data = deal_data(page.body, players, rng)
            taps = []
            threads = [threading.Thread(target=lambda: taps.append(tally.add(phone.post(f"/tables/{table.pk}/", data))))
                       for _ in range(2)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(120)
            retry = tally.add(phone.post(f"/tables/{table.pk}/", data))
            for reply in taps + [retry]:
                assert reply.status == 302 and reply.location == f"/tables/{table.pk}/", (reply.status, reply.body[:300])
        return rounds

    acknowledged = sum(at_once(TABLES, phone_at))
    stored = Deal.objects.filter(current=True).count()
    tally.report(keys=acknowledged, deals_stored=stored)
    assert stored == acknowledged == TABLES * rounds
    ledger_clean()


def test_a_correction_races_a_save(live_server, evening_of_tables, keeper):
    """At each table one phone corrects the latest deal while another records the next one, from the
    same version: one of them wins, the other gets the 409 page with its input; nothing doubled."""
    tally = Tally("correction racing a save, 6 tables")
    for i, (table, players) in enumerate(evening_of_tables):
        services.deal_record(table=table, outcome=deal_to_dict(random_deal(random.Random(i), players, players[0])))
    rounds = 3
    wins = Counter()

    def pair_at(i):
        table, players = evening_of_tables[i]
        corrector, recorder, rng = Phone(live_server, keeper), Phone(live_server, keeper), random.Random(200 + i)
        for _ in range(rounds):
            latest = Deal.objects.filter(table=table, current=True).order_by("-number").first()
            edit = corrector.get(f"/deals/{latest.pk}/edit/")
            page = recorder.get(f"/tables/{table.pk}/")
            assert hidden(edit.body, "version") == hidden(page.body, "version")
            correction = {**deal_data(edit.body, players, rng), "editing": str(latest.number)}   # same dealer
            record = deal_data(page.body, players, rng)
            replies = {}

            def send(who, path, data):
                replies[who] = tally.add((corrector if who == "correct" else recorder).post(path, data))

            threads = [threading.Thread(target=send, args=("correct", f"/deals/{latest.pk}/edit/", correction)),
                       threading.Thread(target=send, args=("record", f"/tables/{table.pk}/", record))]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(120)
            statuses = sorted(r.status for r in replies.values())
            assert statuses == [302, 409], {k: (r.status, r.body[:200]) for k, r in replies.items()}
            winner = next(k for k, r in replies.items() if r.status == 302)
            loser = replies["record" if winner == "correct" else "correct"]
            assert 'id="stale"' in loser.body or "kan ikke længere rettes" in loser.body
            with tally.lock:
                wins[winner] += 1
        return rounds

    at_once(TABLES, pair_at)
    stored = Deal.objects.filter(current=True).count()
    tally.report(corrections_won=wins["correct"], saves_won=wins["record"], deals_stored=stored)
    assert stored == TABLES + wins["record"]
    assert EveningEvent.objects.filter(kind="corrected").count() == wins["correct"]
    ledger_clean()


def test_closing_races_saves(live_server, evening_of_tables, keeper, club):
    """Six phones keep recording while a seventh closes the evening, its close tapped twice: every
    save is either stored (302) or refused as closed (403), the evening is closed once, and the split
    covers every stored deal."""
    tally = Tally("close racing saves, 6 tables")
    evening = evening_of_tables[0][0].evening
    go = threading.Event()

    def phone_at(i):
        if i == TABLES:   # the closer: waits for the first saves, then taps twice
            go.wait(60)
            phone = Phone(live_server, keeper)
            data = page_form(phone.get(f"/evenings/{evening.pk}/close/").body)
            replies = []
            taps = [threading.Thread(target=lambda: replies.append(tally.add(phone.post(
                f"/evenings/{evening.pk}/close/", data)))) for _ in range(2)]
            for thread in taps:
                thread.start()
            for thread in taps:
                thread.join(120)
            for reply in replies:
                assert reply.status == 302 and reply.location == f"/evenings/{evening.pk}/", reply.status
            return 0
        table, players = evening_of_tables[i]
        phone, rng, saved = Phone(live_server, keeper), random.Random(300 + i), 0
        for n in range(12):
            page = phone.get(f"/tables/{table.pk}/")
            if "deal-form" not in page.body:
                break
            reply = tally.add(phone.post(f"/tables/{table.pk}/", deal_data(page.body, players, rng)))
            assert reply.status in (302, 403), (reply.status, reply.body[:300])
            if reply.status == 302:
                saved += 1
            else:
                assert "Aftenen er lukket" in reply.body
                break
            if n == 1:
                go.set()
        return saved

    acknowledged = sum(at_once(TABLES + 1, phone_at))
    stored = Deal.objects.filter(current=True).count()
    tally.report(acknowledged=acknowledged, deals_stored=stored)
    assert stored == acknowledged
    assert Evening.objects.get(pk=evening.pk).closed_at is not None
    assert EveningEvent.objects.filter(evening=evening, kind="closed").count() == 1
    ledger_clean()


def test_new_tables_and_evenings_at_once(live_server, evening_of_tables, keeper, club):
    """Six new tables at one evening at once get six numbers; "Ny aften" tapped twice makes one
    evening; two phones seating the same new player at once: one table, one clear refusal."""
    tally = Tally("new tables / Ny aften at once")
    evening = evening_of_tables[0][0].evening

    def new_table(i):
        phone = Phone(live_server, keeper)
        data = page_form(phone.get(f"/evenings/{evening.pk}/tables/new/").body)
        # names far apart: a name one letter from another table's new player would be asked about
        # ("Mente du …?") whenever that table happened to be saved first
        data.update({f"new_{n + 1}": f"{TREES[i]} {colour}" for n, colour in enumerate(("Rød", "Gul", "Blå"))})
        return tally.add(phone.post(f"/evenings/{evening.pk}/tables/new/", data))

    replies = at_once(TABLES, new_table)
    assert [r.status for r in replies] == [302] * TABLES, [(r.status, r.body[:300]) for r in replies]
    numbers = sorted(Table.objects.filter(evening=evening).values_list("number", flat=True))
    assert numbers == list(range(1, 2 * TABLES + 1))

    def same_player(i):
        phone = Phone(live_server, keeper)
        data = page_form(phone.get(f"/evenings/{evening.pk}/tables/new/").body)
        data.update({"new_1": "Samme", "new_2": ("Hugo", "Ingrid")[i], "new_3": ("Jørgen", "Klaus")[i]})
        return tally.add(phone.post(f"/evenings/{evening.pk}/tables/new/", data))

    replies = at_once(2, same_player)
    assert sorted(r.status for r in replies) == [302, 422], [(r.status, r.body[:300]) for r in replies]
    assert "sidder allerede ved et andet bord" in next(r.body for r in replies if r.status == 422)

    phone = Phone(live_server, keeper)
    data = page_form(phone.get("/evenings/new/").body)
    data.update({"club": str(club.pk), "date": "2026-11-25", "new_1": "Xa", "new_2": "Xb", "new_3": "Xc"})
    evenings_before = Evening.objects.count()
    replies = at_once(2, lambda i: tally.add(phone.post("/evenings/new/", data)))
    retry = tally.add(phone.post("/evenings/new/", data))
    assert [r.status for r in replies + [retry]] == [302] * 3, [(r.status, r.body[:300]) for r in replies]
    assert len({r.location for r in replies + [retry]}) == 1
    assert Evening.objects.count() == evenings_before + 1
    tally.report(tables=Table.objects.count(), evenings=Evening.objects.count())
    ledger_clean()
