"""``python manage.py bench [--quick] [--only CASE …] [--json]``: the figures a person meets (docs/performance.md):
recording a deal (and on a long history), the table page, saving a deal on a slow phone, the evening's
polls, the evening and season PDFs, import, standings and the tournament pages; measured on a throw-away
test database of the configured backend, compared with their budgets (flagged, never asserted), printed as one table and
merged into ``bench/results.json`` under the backend's name (not with ``--only``: a part of the figures)."""
from __future__ import annotations

import datetime as dt
import json
import statistics
import time
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import connection
from django.test import Client, override_settings

BUDGETS = {
    "record_deal_ms_median": ("<=", 50.0),
    "record_deal_to_empty_ratio": ("<=", 1.5),   # recording costs the same on a long history
    "pdf_160_deals_s": ("<=", 3.0),
    # the evening PDF at the evening bound (2,000 deals), in a process of its own (bench_pdf)
    "pdf_2000_deals_s": ("<=", 10.0),
    "pdf_2000_deals_peak_mb": ("<=", 400.0),
    # the season report's A4 PDF of one season (50 evenings) of the long history, through its URL
    "season_pdf_50_evenings_s": ("<=", 5.0),
    # the season report of the whole history (ten years, 500 evenings, 45,000 deals): its page and its
    # PDF's link hold a request at most 10 s (the PDF is made by the worker, scoring/worker.py: its
    # figure beside, ``season_pdf_ten_years_background_s``; it took 58 s in the request before)
    "season_page_ten_years_s": ("<=", 10.0),
    "season_pdf_ten_years_request_s": ("<=", 10.0),
    # the tournament standings' A4 PDF of 200 players over 30 rounds, through its URL
    "tournament_standings_pdf_200_players_30_rounds_s": ("<=", 5.0),
    "import_to_settle_ratio": ("<=", 10.0),   # importing a file costs at most 10x settling it
    "standings_to_floor_ratio": ("<=", 3.0),
    # The evening live: 30 phones polling every 5 s (6 polls a second) cost under 5 % of one core,
    # so one unchanged poll under 50 ms / 6 = 8.3 ms
    "evening_poll_unchanged_ms_median": ("<=", 8.3),
    "evening_poll_30_phones_core_percent": ("<=", 5.0),
    # A slow phone at the table (scripts/bench_phone.py: 400 ms round trip, 50 KB/s, CPU 4x slower):
    # the tap on "Gem spil" to "Spil N er gemt." in one request and its answer, and the second visit
    # of a table page with the service worker's caches filled
    "phone_save_s": ("<=", 1.0),
    "phone_save_kb": ("<=", 15.0),
    "phone_open_warm_s": ("<=", 1.5),
    # every rating of the rule set computed again from the first evening (docs/rating.md), on the
    # 45,000-deal history: read from the database and rated, as a standings page does it
    "ratings_45000_deals_s": ("<=", 2.0),
    # a season of the long history (50 evenings, 4,500 deals) settled again under another card, its page
    "what_if_season_page_s": ("<=", 5.0),
}

#: The evening live's load: phones polling at once, and how often each polls (seconds).
POLLING_PHONES, POLL_SECONDS = 30, 5

#: What ``--only`` can name: each a figure or a few a person meets.
CASES = ("record", "polls", "pdf", "pdf_bound", "import", "standings", "season_pdf", "season_long", "tournament",
         "phone", "ratings", "what_if")


def pdf_at_bound() -> dict:
    """The evening PDF of a generated 2,000-deal Danish evening (``manage.py bench_pdf``): run as a
    child process, so that its peak memory (``ru_maxrss``) is the render's own, on the same backend."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, str(Path(settings.BASE_DIR) / "manage.py"), "bench_pdf", "--json"],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def phone_save(quick: bool) -> dict:
    """Opening a table page (the first visit and the second) and saving a deal on a slow phone
    (``scripts/bench_phone.py``: a real Chromium with Chrome's own throttling): a child process, since it
    runs under the production settings (DEBUG off, collected static files, WhiteNoise) on a SQLite
    database of its own, whatever this one's backend."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, str(Path(settings.BASE_DIR) / "scripts" / "bench_phone.py"), "--json",
                           "--runs", "1" if quick else "3"], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def timed(fn, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(round(len(ordered) * 0.95)) - 1)]


class Command(BaseCommand):
    help = "Measure recording, pages, polls, PDFs and import against their budgets."

    def add_arguments(self, parser):
        parser.add_argument("--quick", action="store_true", help="a reduced history; finishes in under a minute")
        parser.add_argument("--only", action="append", choices=CASES, metavar="CASE",
                            help=f"measure only this case (repeatable): {', '.join(CASES)}")
        parser.add_argument("--json", action="store_true")
        parser.add_argument("--out", default=str(Path(settings.BASE_DIR) / "bench" / "results.json"))

    def handle(self, *args, **options):
        from django.core.signals import request_finished, request_started
        from django.db import close_old_connections

        # As Django's test runner does: keep one connection across requests (and the test database).
        request_started.disconnect(close_old_connections)
        request_finished.disconnect(close_old_connections)
        old_name = connection.settings_dict["NAME"]
        connection.creation.create_test_db(verbosity=0, autoclobber=True)
        try:
            with override_settings(ALLOWED_HOSTS=["testserver"], DEBUG=False):
                results = self.measure(options["quick"], set(options["only"] or CASES))
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)
        backend = connection.vendor
        path = Path(options["out"])
        path.parent.mkdir(parents=True, exist_ok=True)
        if not options["only"]:
            merged = json.loads(path.read_text()) if path.exists() else {}
            merged[backend] = results
            path.write_text(json.dumps(merged, indent=1, default=str) + "\n")
        if options["json"]:
            self.stdout.write(json.dumps(results, indent=1, default=str))
        else:
            self.stdout.write(f"backend: {backend} ({'quick' if options['quick'] else 'full'})")
            for key, value in results.items():
                flag = ""
                if key in BUDGETS:
                    op, limit = BUDGETS[key]
                    met = value >= limit if op == ">=" else value <= limit
                    flag = f"  budget {op} {limit}: {'ok' if met else 'MISSED'}"
                self.stdout.write(f"  {key:<44}{value!s:>14}{flag}")

    def measure(self, quick: bool, only: set[str]) -> dict:
        from scoring import services
        from families.danish.engine.generate import random_deal
        from families.danish.engine.interchange import deal_to_dict
        from families.danish.engine.model import seating
        from scoring.services.seed import seed_history
        from scoring.models import Evening, Player, Season
        from scoring.reports.pdf import render_evening_pdf

        results: dict = {"quick": quick}
        if "tournament" in only:
            results.update(tournament_figures(quick))
        if "pdf_bound" in only:
            results.update(pdf_at_bound())
        if "phone" in only:
            results.update(phone_save(quick))

        user = get_user_model().objects.create_superuser("bench", password="bench-password-1")
        client = Client()
        client.force_login(user)

        def page(url: str, runs: int):
            client.get(url)  # warm up
            executed = []

            def count(execute, sql, params, many, context):
                executed.append(sql)
                return execute(sql, params, many, context)

            with connection.execute_wrapper(count):
                assert client.get(url).status_code == 200, url
            times = timed(lambda: client.get(url), runs)
            return round(statistics.median(times) * 1000, 1), len(executed)

        # Small history first: query counts must not change when the history grows.
        if only & {"standings", "season_pdf"}:
            small = seed_history(seasons=1, evenings=2, tables=2, deals=5, seed=2, name_prefix="Lille")[0]
            small_player = Player.objects.filter(club=small).first()
            small_counts = (page(f"/clubs/{small.pk}/standings/", 1)[1], page(f"/players/{small_player.pk}/", 1)[1],
                            page(f"/clubs/{small.pk}/outstanding/", 1)[1])
            small_season = Season.objects.filter(club=small).order_by("-starts").first()
            small_season_queries = page(f"/clubs/{small.pk}/season/pdf/?season={small_season.pk}", 1)[1]

        if not only - {"tournament", "pdf_bound", "phone"}:
            return results
        shape = dict(seasons=2, evenings=5, tables=3, deals=10) if quick else dict(seasons=10, evenings=50, tables=3,
                                                                                     deals=30)
        start = time.perf_counter()
        club = seed_history(seed=1, name_prefix="Historik", **shape)[0]
        seconds = time.perf_counter() - start
        deals = shape["seasons"] * shape["evenings"] * shape["tables"] * shape["deals"]
        results["history_deals"] = deals
        results["history_seed_deals_per_s"] = round(deals / seconds)

        # Recording one deal through the service, on a 4-player table; the table page after 60 deals.
        # A club's tenth year is as quick as its first: the same deals recorded on a club without a
        # history, each right after its twin on the long history (side by side, so that a busy
        # machine slows both alike).
        import random
        rng = random.Random(5)
        evening = None
        if "record" in only:
            empty = seed_history(seasons=0, evenings=0, tables=1, deals=0, seed=3, name_prefix="Tom")[0]
            evening, table, times, empty_times = _record_60(club, empty, rng)
            results["record_deal_ms_median"] = round(statistics.median(times) * 1000, 2)
            results["record_deal_ms_p95"] = round(p95(times) * 1000, 2)
            results["record_deal_empty_ms_median"] = round(statistics.median(empty_times) * 1000, 2)
            results["record_deal_to_empty_ratio"] = round(statistics.median(times) / statistics.median(empty_times), 2)
            results["table_page_60_deals_ms"], results["table_page_queries"] = page(f"/tables/{table.pk}/", 10)

        # The evening sheet PDF with 4 tables x 40 deals.
        if only & {"polls", "pdf"}:
            pdf_evening = services.evening_create(club=club, date=dt.date(2026, 11, 21))
            members = list(Player.objects.filter(club=club))
            for t in range(4):
                seated = members[t * 3:t * 3 + 4] if t < 3 else members[-4:]
                seated = [p for p in seated if not pdf_evening.tables.filter(seats__player=p).exists()][:4]
                tbl = services.table_create(evening=pdf_evening, players=seated)
                names, dealer = tuple(p.name for p in seated), seated[0].name
                for _ in range(40):
                    deal = random_deal(rng, names, dealer)
                    services.deal_record(table=tbl, outcome=deal_to_dict(deal))
                    dealer = seating(names, dealer).next_dealer if deal.kind.value != "scrapped" else dealer
            if "polls" in only:
                results.update(_poll_figures(pdf_evening, quick))
            if "pdf" in only:
                # the closed evening's PDF, as the treasurer prints it (its transfers, their states, the
                # signatures): evening_close answers the closed evening, the object here is the open one's
                pdf_evening = services.evening_close(evening=pdf_evening)
                results["pdf_160_deals_s"] = round(statistics.median(timed(lambda: render_evening_pdf(pdf_evening),
                                                                           3)), 2)
        if "import" in only:
            results.update(_import_figures(club))

        # Standings and a player page over the whole history, against the raw aggregate floor.
        if evening is not None:
            services.evening_close(evening=evening)
        if "standings" in only:
            standings_ms, standings_queries = page(f"/clubs/{club.pk}/standings/", 5 if quick else 10)
            player = Player.objects.filter(club=club).first()
            player_ms, player_queries = page(f"/players/{player.pk}/", 5 if quick else 10)
            # What is outstanding: the whole history's transfers and payments allocated (50 transfers paid
            # first, as a treasurer would), each pair netted, paged, and each player's sums
            from scoring.models import EveningTransfer
            from scoring.selectors.payments import outstanding_transfers
            unpaid = EveningTransfer.objects.filter(club=club).order_by("pk")[:50]
            for transfer in unpaid:
                services.payment_record(club=club, payer=transfer.payer_id, receiver=transfer.receiver_id,
                                        amount=transfer.amount or 1, currency=transfer.currency, method="cash",
                                        user=user)
            outstanding_ms, outstanding_queries = page(f"/clubs/{club.pk}/outstanding/", 5 if quick else 10)
            floor = statistics.median(timed(lambda: _raw_aggregate(club.pk), 5 if quick else 10)) * 1000
            results.update({
                "standings_page_ms": standings_ms, "standings_queries": standings_queries,
                "player_page_ms": player_ms, "player_queries": player_queries,
                "standings_raw_sql_floor_ms": round(floor, 1),
                "standings_to_floor_ratio": round(standings_ms / floor, 2) if floor else None,
                "outstanding_page_ms": outstanding_ms, "outstanding_queries": outstanding_queries,
                "outstanding_transfers": len(outstanding_transfers(club)),
                # standings, player page, outstanding page
                "queries_small_history": list(small_counts),
                "queries_large_history": [standings_queries, player_queries, outstanding_queries],
                "query_counts_independent_of_history": list(small_counts) == [standings_queries, player_queries,
                                                                               outstanding_queries],
            })

        # The season report's PDF of the history's last season (50 evenings of 3 tables x 30 deals in
        # the full run) on the 45,000-deal history; its queries against the small history's.
        if "season_pdf" in only:
            season = Season.objects.filter(club=club).order_by("-starts").first()
            season_ms, season_queries = page(f"/clubs/{club.pk}/season/pdf/?season={season.pk}", 3 if quick else 5)
            results.update({
                "season_pdf_evenings": Evening.objects.filter(season.evenings_q(), closed_at__isnull=False).count(),
                "season_pdf_ms": season_ms, "season_pdf_50_evenings_s": round(season_ms / 1000, 2),
                "season_pdf_queries": [small_season_queries, season_queries],
                "season_pdf_queries_independent_of_history": small_season_queries == season_queries,
            })
        if "ratings" in only:
            results.update(_rating_figures(club, quick))
        # The what-if page of the history's last season under another card of its game (docs/what-if.md)
        if "what_if" in only:
            from scoring.engine.families import DEFAULT_FAMILY, family

            season = Season.objects.filter(club=club).order_by("-starts").first()
            other = next(name for name in family(DEFAULT_FAMILY).rate_cards if name != club.rules)
            what_if_ms, what_if_queries = page(f"/clubs/{club.pk}/season/what-if/?season={season.pk}&card=rules:{other}",
                                               3 if quick else 5)
            results.update({"what_if_season_deals": shape["evenings"] * shape["tables"] * shape["deals"],
                            "what_if_season_page_s": round(what_if_ms / 1000, 2), "what_if_season_queries": what_if_queries})
        if "season_long" in only:
            results.update(_season_long(club, client))
        return results


def _rating_figures(club, quick: bool) -> dict:
    """Every rating of the club's rule set computed again from its first evening: the three queries
    that read the tables, the engine's rating of them, both (``ratings_45000_deals_s``), and a page's
    second read while nothing changed (the selector's ``history_key`` and its kept ratings); the
    median of a few runs each."""
    from scoring.engine.families import DEFAULT_FAMILY as game
    from scoring.engine.rating import ratings
    from scoring.selectors.ratings import club_ratings, rated_tables

    runs = 3 if quick else 5
    tables = rated_tables(club, club.rules, game)
    read = statistics.median(timed(lambda: rated_tables(club, club.rules, game), runs))
    rate = statistics.median(timed(lambda: ratings(tables), runs))
    club_ratings(club, club.rules, game)
    again = statistics.median(timed(lambda: club_ratings(club, club.rules, game), runs))
    return {"ratings_tables": len(tables), "ratings_read_ms": round(read * 1000, 1),
            "ratings_rate_ms": round(rate * 1000, 1), "ratings_45000_deals_s": round(read + rate, 2),
            "ratings_again_ms": round(again * 1000, 1)}


def _season_long(club, client) -> dict:
    """The season report of the whole history (every evening from its first to its last date): its
    page and its PDF's link through their URLs (the link goes to the page until the worker has made
    the PDF, then serves it), and the worker's making of the PDF (``worker.make_reports``)."""
    from scoring import services
    from scoring.models import Evening
    from scoring.selectors.season import season_scope
    from scoring.worker import make_reports

    dates = Evening.objects.filter(club=club).order_by("date").values_list("date", flat=True)
    first, last = dates.first(), dates.last()
    query = f"date_from={first}&date_to={last}"
    page_s = timed(lambda: client.get(f"/clubs/{club.pk}/season/?{query}"), 1)[0]
    link_s = timed(lambda: client.get(f"/clubs/{club.pk}/season/pdf/?{query}"), 1)[0]
    services.report_ask(club=club, scope=season_scope(club, date_from=first, date_to=last), kind="pdf", language="da")
    start = time.perf_counter()
    made, _failed = make_reports()
    background = time.perf_counter() - start
    served = client.get(f"/clubs/{club.pk}/season/pdf/?{query}")
    return {
        "season_long_evenings": Evening.objects.filter(club=club, closed_at__isnull=False).count(),
        "season_page_ten_years_s": round(page_s, 2),
        "season_pdf_ten_years_request_s": round(link_s, 2),
        "season_pdf_ten_years_background_s": round(background, 2) if made else None,
        "season_pdf_ten_years_served": served.status_code == 200 and served.content.startswith(b"%PDF"),
    }


def tournament_figures(quick: bool) -> dict:
    """The draw of 64 players over 7 rounds (pure, ms: median of a few), and the tournament
    standings page after 7 rounds of 16 tables of four (ms), with its queries after 2 rounds and
    after 7 (equal: the page reads a fixed number of queries whatever the rounds); the standings PDF
    of 200 players over 30 rounds (s)."""
    import random

    from scoring import services
    from scoring.engine import families
    from scoring.engine.draw import draw_round, meetings
    from scoring.models import Club, Table

    players = [f"Spiller {i:02d}" for i in range(1, 65)]

    def seven_rounds():
        draws = []
        for number in range(1, 8):
            draws.append(draw_round(players, number=number, seed=number, tournament_seed=1, size=4,
                                    seatable=(3, 4, 5), met=meetings(d.tables for d in draws)))
        return draws

    out = {"tournament_draw_64_players_7_rounds_ms": round(statistics.median(timed(seven_rounds, 3 if quick else 7))
                                                           * 1000, 1)}
    club = Club.objects.create(name="Turneringsbænk")
    rules = families.default_rules()
    # every deal counts (a random deal may be a misdeal): one deal a table plays the round
    tournament = services.tournament_create(club=club, name="Bænk", rules=rules, rounds=7, round_length=1,
                                            length_counts="deals", seed=1)
    for name in players:
        services.entrant_register(tournament=tournament, name=name)
    user = get_user_model().objects.create_superuser("tournament-bench", password="bench-password-1")
    client = Client()
    client.force_login(user)
    url = f"/tournaments/{tournament.pk}/standings/"
    rng, queries = random.Random(3), {}
    game = families.family_of_rules(rules)
    for number in range(1, 8):
        playing = services.round_confirm(round=services.round_draw(tournament=tournament, seed=number))
        for table in Table.objects.filter(evening=playing.evening):
            seated = tuple(table.seats.order_by("position").values_list("player__name", flat=True))
            services.deal_record(table=table, outcome=game.deal_to_dict(game.random_deal(rng, seated, seated[0],
                                                                                         table.card)))
        services.round_close(round=playing)
        if number in (2, 7):
            executed = []
            with connection.execute_wrapper(lambda execute, sql, *rest: executed.append(sql) or execute(sql, *rest)):
                assert client.get(url).status_code == 200
            queries[number] = len(executed)
    out["tournament_standings_7_rounds_ms"] = round(statistics.median(timed(lambda: client.get(url),
                                                                            5 if quick else 10)) * 1000, 1)
    out["tournament_standings_queries_2_and_7_rounds"] = [queries[2], queries[7]]
    out["tournament_standings_queries_constant"] = queries[2] == queries[7]
    out.update(tournament_pdf_figures(client, quick))
    return out


def tournament_pdf_figures(client, quick: bool) -> dict:
    """The standings PDF of a tournament of 200 players over 30 rounds (50 tables of four a round, a
    deal a table), through its URL (s: median of a few; the tournament is built once, not timed)."""
    import random

    from scoring import services
    from scoring.engine import families
    from scoring.models import Club, Table

    club = Club.objects.create(name="Turneringsbænk 200")
    rules = families.default_rules()
    game = families.family_of_rules(rules)
    tournament = services.tournament_create(club=club, name="Bænk 200", rules=rules, rounds=30, round_length=1,
                                            length_counts="deals", scoring="scaled", seed=2)
    for i in range(1, 201):
        services.entrant_register(tournament=tournament, name=f"Spiller {i:03d}")
    rng = random.Random(4)
    for number in range(1, 31):
        playing = services.round_confirm(round=services.round_draw(tournament=tournament, seed=number))
        for table in Table.objects.filter(evening=playing.evening):
            seated = tuple(table.seats.order_by("position").values_list("player__name", flat=True))
            services.deal_record(table=table, outcome=game.deal_to_dict(game.random_deal(rng, seated, seated[0],
                                                                                         table.card)))
        services.round_close(round=playing)
    url = f"/tournaments/{tournament.pk}/standings/pdf/"
    assert client.get(url).status_code == 200           # WeasyPrint loaded and warm, as in a running worker
    seconds = statistics.median(timed(lambda: client.get(url), 1 if quick else 3))
    return {"tournament_standings_pdf_200_players_30_rounds_s": round(seconds, 2)}


def _record_60(club, empty, rng) -> tuple:
    """60 deals recorded one by one through ``services.deal_record`` on a new 4-player table of
    ``club``'s first players, each deal again right after on a table of ``empty``: (the evening and
    the table of ``club``, each recording's seconds there, and on ``empty``)."""
    from scoring import services
    from families.danish.engine.generate import random_deal
    from families.danish.engine.interchange import deal_to_dict
    from families.danish.engine.model import seating
    from scoring.models import Player

    tables = []
    for owner in (club, empty):
        players = list(Player.objects.filter(club=owner).order_by("pk")[:4])
        evening = services.evening_create(club=owner, date=dt.date(2026, 11, 20))
        tables.append((evening, services.table_create(evening=evening, players=players), players))
    names = ("Seat1", "Seat2", "Seat3", "Seat4")   # the deal in seat terms, then in each table's names
    dealer, times, empty_times = names[0], [], []
    for _ in range(60):
        deal = random_deal(rng, names, dealer)
        outcome = json.dumps(deal_to_dict(deal))
        for (_evening, table, players), out in zip(tables, (times, empty_times)):
            mine = outcome
            for seat, player in zip(names, players):
                mine = mine.replace(f'"{seat}"', json.dumps(player.name))
            mine_dict = json.loads(mine)
            out += timed(lambda: services.deal_record(table=table, outcome=mine_dict), 1)
        dealer = seating(names, dealer).next_dealer if deal.kind.value != "scrapped" else dealer
    return tables[0][0], tables[0][1], times, empty_times


def _poll_figures(evening, quick: bool) -> dict:
    """The evening live (``scoring/views/live.py``) on an open evening of 4 tables x 40 deals, polled
    by a club member as the evening page polls it (htmx, If-None-Match): one unchanged poll (304; its
    median ms and its queries, the session's and the user's included), a changed one (the fragment
    rendered again, or already rendered for another phone) and the table page's line of the other
    tables; and what 30 phones polling every 5 s cost of one core. In-process through Django's test client: the WSGI server and the network
    come on top."""
    from django.core.cache import cache

    from scoring.models import Membership, Role

    user = get_user_model().objects.create_user("bench-member", password="bench-password-1")
    Membership.objects.create(user=user, club=evening.club, role=Role.MEMBER)
    client = Client()
    client.force_login(user)
    runs = 100 if quick else 500

    def unchanged(url: str) -> tuple[float, int]:
        first = client.get(url, HTTP_HX_REQUEST="true")
        assert first.status_code == 200, url
        headers = {"HTTP_HX_REQUEST": "true", "HTTP_IF_NONE_MATCH": first["ETag"]}
        executed = []

        def count(execute, sql, params, many, context):
            executed.append(sql)
            return execute(sql, params, many, context)

        with connection.execute_wrapper(count):
            assert client.get(url, **headers).status_code == 304, url
        times = timed(lambda: client.get(url, **headers), runs)
        return round(statistics.median(times) * 1000, 2), len(executed)

    def changed(url: str, *, shared: bool) -> float:
        """A poll after a save: the fragment rendered again (``shared``: by another phone already)."""
        def poll():
            if not shared:
                cache.clear()
            client.get(url, HTTP_HX_REQUEST="true")
        return round(statistics.median(timed(poll, 10 if quick else 30)) * 1000, 1)

    live_url = f"/evenings/{evening.pk}/live/"
    others_url = f"/tables/{evening.tables.order_by('number').first().pk}/others/"
    poll_ms, poll_queries = unchanged(live_url)
    others_ms, others_queries = unchanged(others_url)
    polls_per_second = POLLING_PHONES / POLL_SECONDS
    return {
        "evening_poll_unchanged_ms_median": poll_ms,
        "evening_poll_unchanged_queries": poll_queries,
        "evening_poll_changed_ms_median": changed(live_url, shared=False),
        "evening_poll_changed_shared_ms_median": changed(live_url, shared=True),
        "table_others_poll_unchanged_ms_median": others_ms,
        "table_others_poll_unchanged_queries": others_queries,
        "table_others_poll_changed_ms_median": changed(others_url, shared=False),
        "evening_poll_30_phones_core_percent": round(polls_per_second * poll_ms / 1000 * 100, 2),
    }


def _import_figures(club) -> dict:
    """An evening file at the table bound (``bounds.MAX_DEALS_PER_TABLE``: a file is one table)
    settled (``manage.py settle``: parse, validate and settle in memory) against imported
    (``services.evening_import`` end to end, into the database); and an evening at the evening bound
    (``bounds.MAX_DEALS_PER_EVENING``) imported table by table, full tables and one for the rest."""
    from scoring import services
    from scoring.engine import bounds, interchange
    from families.danish.engine.generate import random_evening
    from scoring.engine.settle import settle_evening

    per_table, per_evening = bounds.MAX_DEALS_PER_TABLE, bounds.MAX_DEALS_PER_EVENING
    players = ("Imp Anne", "Imp Bent", "Imp Carl", "Imp Dorte")
    text = interchange.dumps(random_evening(seed=21, players=players, deals=per_table, on=dt.date(2026, 11, 22)))
    settle = min(timed(lambda: settle_evening(interchange.loads(text)), 5))
    imported = statistics.median(timed(lambda: services.evening_import(club=club, data=interchange.decode(text)), 3))
    sizes = [per_table] * (per_evening // per_table) + ([per_evening % per_table] if per_evening % per_table else [])
    # each table its own players, their names at least three edits apart so that none is near
    # another's (names.near): the import would ask about a near one before writing
    files = [interchange.dumps(random_evening(seed=22 + t, players=tuple(f"{t} {p} {t} {t}" for p in players), deals=n,
                                              on=dt.date(2026, 11, 23))) for t, n in enumerate(sizes)]

    def whole_evening():
        evening = None
        for data in files:
            evening = services.evening_import(club=club, data=interchange.decode(data), evening=evening).evening

    return {
        f"settle_{per_table}_deals_s": round(settle, 3),
        f"import_{per_table}_deals_s": round(imported, 3),
        "import_to_settle_ratio": round(imported / settle, 2),
        f"import_evening_{per_evening}_deals_s": round(timed(whole_evening, 1)[0], 3),
    }


def _raw_aggregate(club_id: int) -> list:
    """The floor: one SQL aggregate of every player's points over the club's closed evenings."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT l.player_id, SUM(l.amount) FROM scoring_leg l "
            "JOIN scoring_journalentry j ON j.id = l.entry_id JOIN scoring_table t ON t.id = j.table_id "
            "JOIN scoring_evening e ON e.id = t.evening_id "
            "WHERE e.club_id = %s AND e.closed_at IS NOT NULL AND l.account = 'player' GROUP BY l.player_id",
            [club_id])
        return cursor.fetchall()
