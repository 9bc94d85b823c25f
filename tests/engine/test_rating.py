"""The rating (docs/rating.md) as a pure function of the closed evenings' tables."""
import datetime as dt
import math
import random

from scoring.engine.rating import Place, RatedTable, ratings, table_ranks

DAY = dt.date(2026, 1, 7)


def table(n: int, *places: tuple[str, int, int], deals: int = 4, date: dt.date | None = None) -> RatedTable:
    """The ``n``-th evening's one table: (player, points, deals he held cards in)."""
    date = date or DAY + dt.timedelta(days=7 * n)
    return RatedTable((date, n, 1), n, date, tuple(Place(*p) for p in places), deals)


def test_a_table_of_three_new_players_worked_by_hand():
    # Weng & Lin's Plackett-Luce update (openskill's defaults) for three new players ranked 1, 2, 3:
    # sigma^2 = (25/3)^2 + tau^2, c = sqrt(3 (sigma^2 + beta^2)); with equal means each player's
    # probability of being first among those at or below a place is 1/3, 1/2, 1, so
    # omega = 1 - 1/3, (0 - 1/3) + (1 - 1/2), -1/3 - 1/2 + 0 and mu' = 25 + sigma^2 / c * omega.
    sigma2, beta2 = (25 / 3) ** 2 + (25 / 300) ** 2, (25 / 6) ** 2
    c = math.sqrt(3 * (sigma2 + beta2))
    # Carl held cards in 2 of the 4 deals: he moves half the way, in mean and in variance
    found = ratings([table(0, ("Anne", 30, 4), ("Bent", 5, 4), ("Carl", -35, 2))]).players
    assert math.isclose(found["Anne"].mu, 25 + sigma2 / c * 2 / 3)
    assert math.isclose(found["Bent"].mu, 25 + sigma2 / c * 1 / 6)
    assert math.isclose(found["Carl"].mu, 25 - 0.5 * sigma2 / c * 5 / 6)
    # the first's variance shrinks by gamma sigma^2 / c^2 * p (1 - p), gamma = sigma / c, p = 1/3
    shrink = math.sqrt(sigma2) / c * sigma2 / c ** 2 * (1 / 3 * 2 / 3)
    assert math.isclose(found["Anne"].sigma, math.sqrt(sigma2 * (1 - shrink)))
    assert found["Anne"].ordinal > 0 > found["Carl"].ordinal
    assert all(r.provisional and r.evenings == 1 for r in found.values())


def test_equal_points_share_a_place_and_a_player_without_deals_does_not_move():
    assert table_ranks((Place("a", 10, 3), Place("b", 10, 3), Place("c", -20, 3))) == [1, 1, 3]
    found = ratings([table(0, ("Anne", 10, 4), ("Bent", 10, 4), ("Carl", -20, 4), ("Dorte", 0, 0))]).players
    assert found["Anne"] == found["Bent"] and "Dorte" not in found
    assert ratings([table(0, ("Anne", 10, 4), ("Dorte", -10, 0))]).players == {}   # no one to be ranked against


def history(rng: random.Random, evenings: int = 12) -> list[RatedTable]:
    names = ["Anne", "Bent", "Carl", "Dorte", "Erik", "Frida"]
    tables = []
    for n in range(evenings):
        for number in (1, 2):
            seated = rng.sample(names, 3)
            points = [rng.randint(-200, 200) for _ in seated]
            tables.append(RatedTable((DAY + dt.timedelta(days=n // 2), n, number), n, DAY + dt.timedelta(days=n // 2),
                                     tuple(Place(p, pts, rng.randint(1, 12)) for p, pts in zip(seated, points)), 12))
    return tables


def test_the_ratings_depend_on_the_tables_as_they_stand_not_on_the_order_they_are_read_in():
    tables = history(random.Random(7))
    shuffled = tables[:]
    random.Random(8).shuffle(shuffled)
    assert ratings(shuffled) == ratings(tables)


def test_only_the_order_at_each_table_counts_so_a_correction_that_keeps_it_changes_nothing():
    tables = history(random.Random(9))
    # every table's points corrected (doubled and shifted): the order at each table is the same
    corrected = [RatedTable(t.order, t.evening, t.date, tuple(Place(p.player, 2 * p.points + 1, p.deals)
                                                              for p in t.places), t.deals) for t in tables]
    assert ratings(corrected) == ratings(tables)
    # a correction that turns one table's order round changes the ratings from that table on only
    turned = tables[:]
    last = turned[-1]
    turned[-1] = RatedTable(last.order, last.evening, last.date,
                            tuple(Place(p.player, -p.points, p.deals) for p in last.places), last.deals)
    before, after = ratings(tables), ratings(turned)
    day_before = last.date - dt.timedelta(days=1)
    assert before.at(day_before) == after.at(day_before)
    assert before.players != after.players


def test_a_rating_is_provisional_before_the_third_evening_and_is_read_as_it_stood_on_a_date():
    tables = [table(n, ("Anne", 10, 4), ("Bent", -10, 4)) for n in range(3)]
    found = ratings(tables)
    assert [step.rating.provisional for step in found.history["Anne"]] == [True, True, False]
    assert found.at(tables[1].date)["Anne"] == found.history["Anne"][1].rating
    assert found.at(DAY - dt.timedelta(days=1)) == {}
    assert found.players["Anne"].ordinal > found.at(tables[0].date)["Anne"].ordinal
