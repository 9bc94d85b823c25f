"""A cup series (docs/cups.md) as a pure function of the placings: points per placing, the best N of
M, the order and its tie-break."""
from scoring.engine.cup import Placing, cup_standings, places_by_points

TABLE = (10, 6, 4)            # 1st 10, 2nd 6, 3rd 4; 4th and beyond 0
EVENTS = ("spring", "summer", "autumn")


def test_an_evening_places_its_players_by_points_tied_players_sharing_the_better_place():
    assert places_by_points({"Dan": 80, "Anna": 50, "Carl": 50, "Bo": -10}) == {
        "Dan": 1, "Anna": 2, "Carl": 2, "Bo": 4}


def test_a_cup_worked_by_hand():
    places = {
        # spring (a tournament: Bo and Carl tied second), summer, autumn (an evening: Anna and Carl tied)
        "Anna": (1, 3, 2),      # 10, 4, 6: the 4 dropped            -> 16
        "Bo": (2, 1, 4),        # 6, 10, 0: the 0 dropped            -> 16, behind Anna on the dropped 4 > 0
        "Carl": (2, 2, 2),      # 6, 6, 6: the autumn's 6 dropped (the later of equal results) -> 12
        "Dan": (None, None, 1),  # 10, one result counted            -> 10
        "Eva": (None, 5, None),  # beyond the table: 0               -> 0
    }
    placings = [Placing(event, player, place) for player, row in places.items()
                for event, place in zip(EVENTS, row) if place is not None]
    rows = cup_standings(EVENTS, placings, TABLE, best=2, players=sorted(places))
    assert [(r.player, r.rank, r.total) for r in rows] == [
        ("Anna", 1, 16), ("Bo", 2, 16), ("Carl", 3, 12), ("Dan", 4, 10), ("Eva", 5, 0)]
    carl = rows[2]
    assert [(r.event, r.points, r.counted) for r in carl.results] == [
        ("spring", 6, True), ("summer", 6, True), ("autumn", 6, False)]
    assert [r.counted for r in rows[0].results] == [True, False, True]
    assert [r.counted for r in rows[1].results] == [True, True, False]


def test_players_equal_on_every_result_share_the_rank_in_the_order_given():
    placings = [Placing("spring", "Zoë", 1), Placing("summer", "Adam", 1)]
    rows = cup_standings(("spring", "summer"), placings, TABLE, best=1, players=["Adam", "Zoë"])
    assert [(r.player, r.rank, r.total) for r in rows] == [("Adam", 1, 10), ("Zoë", 1, 10)]
