"""Standings equal the sum of the engine's settlements of the season's evenings."""
from collections import Counter, defaultdict

import pytest

from scoring import services
from families.danish.engine.generate import random_evening
from scoring.engine.interchange import evening_to_dict, parse_evening
from scoring.engine.settle import settle_evening
from families.danish.engine.stats import deal_stats
from scoring.models import Club, Deal
from scoring.selectors.standings import standings

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.web.urls_for_services"), pytest.mark.every_database]

PLAYERS = [("Anne", "Bent", "Carl", "Dorte"), ("Anne", "Erik", "Carl"), ("Bent", "Dorte", "Erik", "Frida", "Anne")]


def season_files(count=6):
    import datetime as dt
    return [evening_to_dict(random_evening(seed, PLAYERS[seed % 3], deals=12, on=dt.date(2026, 9, 1 + seed)))
            for seed in range(count)]


def expected_from_engine(files):
    points, evenings, deals, events = Counter(), Counter(), Counter(), defaultdict(Counter)
    best, worst = {}, {}
    for data in files:
        evening = parse_evening(data)
        settlement = settle_evening(evening)
        for player, total in settlement.totals:
            points[player] += total
            evenings[player] += 1
            best[player] = max(best.get(player, total), total)
            worst[player] = min(worst.get(player, total), total)
        for deal, entry in zip(evening.deals, settlement.deals):
            for figures in deal_stats(evening.players, deal, entry):
                deals[figures.player] += figures.active and deal.kind.value == "played"
                for name in ("tout", "nolo", "last_trick", "pagat_ultimo", "king_ultimo", "pagat_bagud",
                             "king_bagud", "meld_points", "fines"):
                    events[figures.player][name] += getattr(figures, name)
    return points, evenings, deals, events, best, worst


def test_standings_equal_the_engine_player_by_player():
    club = Club.objects.create(name="VLK")
    files = season_files()
    for data in files:
        table = services.evening_import(club=club, data=data)
        services.evening_close(evening=table.evening)
    points, evenings, deals, events, best, worst = expected_from_engine(files)
    rows = {r.player: r for r in standings(club)}
    assert set(rows) == set(points)
    for player, row in rows.items():
        assert row.points == points[player]
        assert row.evenings == evenings[player]
        assert row.deals == deals[player]
        assert (row.best_evening, row.worst_evening) == (best[player], worst[player])
        for name, value in events[player].items():
            assert getattr(row, name) == value, (player, name)
    assert sum(r.points for r in rows.values()) == 0


def test_open_evenings_only_when_asked_and_corrections_count_once():
    club = Club.objects.create(name="VLK")
    files = season_files(2)
    closed = services.evening_import(club=club, data=files[0])
    services.evening_close(evening=closed.evening)
    open_table = services.evening_import(club=club, data=files[1])
    only_closed = {r.player: r.points for r in standings(club)}
    assert only_closed == dict(settle_evening(parse_evening(files[0])).totals)
    # correct deal 1 of the open evening with itself: nothing may change or double
    deal = Deal.objects.get(table=open_table, number=1, current=True)
    services.deal_correct(deal=deal, outcome=deal.outcome)
    with_open = {r.player: r for r in standings(club, include_open=True)}
    running = Counter(dict(settle_evening(parse_evening(files[0])).totals))
    second = settle_evening(parse_evening(files[1]))
    for entry in (second.opening, *second.deals):
        running.update({p: entry.net[p] for p in second.players})
    assert {p: r.points for p, r in with_open.items()} == dict(running)


from hypothesis import HealthCheck, given, settings as hsettings, strategies as st  # noqa: E402

from scoring.services.seed import seed_history  # noqa: E402
from scoring.models import Evening  # noqa: E402
from scoring.selectors.standings import standings_from_journal  # noqa: E402


@hsettings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(1, 10**6), corrections=st.lists(st.integers(0, 10**6), max_size=4),
       reopen=st.booleans(), void=st.booleans())
def test_summaries_equal_re_summing_the_journal(seed, corrections, reopen, void):
    club = seed_history(seasons=1, evenings=3, tables=2, deals=6, seed=seed, name_prefix=f"P{seed}-{len(corrections)}")[0]
    evenings = list(Evening.objects.filter(club=club).order_by("date", "id"))
    last = evenings[-1]
    if reopen:
        services.evening_reopen(evening=last, reason="test")
        table = last.tables.first()
        deals = list(Deal.objects.filter(table=table, current=True).order_by("number"))
        for pick in corrections:   # correct a deal with the next one's outcome where that is valid
            deal = deals[pick % len(deals)]
            try:
                services.deal_correct(deal=deal, outcome=deals[(pick + 1) % len(deals)].outcome)
            except services.RecordingError:
                pass
            deals = list(Deal.objects.filter(table=table, current=True).order_by("number"))
        if void:
            services.deal_void(deal=deals[-1], reason="test")
    for include_open in (False, True):
        assert standings(club, include_open=include_open) == standings_from_journal(club, include_open=include_open)
