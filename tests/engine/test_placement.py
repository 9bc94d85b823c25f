"""Placement points (scoring/engine/placement.py; docs/tournaments.md, "Standings"): the two schemes,
ties shared, an adjusted table, the ranking and its tie-breaks."""
from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.engine.placement import Place, SCHEMES, adjusted_scores, ranking, table_scores

SCALED, PLACES = SCHEMES["scaled"], SCHEMES["places"]


@pytest.mark.parametrize("size", [3, 4, 5])
def test_a_seat_is_worth_six_on_average_at_every_size_in_the_scaled_scheme(size):
    assert SCALED.seat_average(size) == 6 and SCALED.places(size)[0] == 12 and SCALED.places(size)[-1] == 0


def test_the_worked_example_of_the_docs():
    assert SCALED.places(3) == (12, 6, 0) and SCALED.places(4) == (12, 8, 4, 0)
    assert SCALED.places(5) == (12, 9, 6, 3, 0)
    # the scheme of the tournaments before: n − 1 … 0, a seat worth 1, 1½ and 2
    assert [PLACES.seat_average(n) for n in (3, 4, 5)] == [1, Fraction(3, 2), 2]


def test_tied_players_share_the_points_of_their_places():
    assert table_scores(PLACES, {"A": 10, "B": 5, "C": -5, "D": -10}) == {"A": 3, "B": 2, "C": 1, "D": 0}
    assert table_scores(PLACES, {"A": 10, "B": 10, "C": -5, "D": -15}) == {
        "A": Fraction(5, 2), "B": Fraction(5, 2), "C": 1, "D": 0}
    assert table_scores(SCALED, {"A": 10, "B": 10, "C": -5, "D": -15}) == {"A": 10, "B": 10, "C": 4, "D": 0}
    assert table_scores(SCALED, {"A": 7, "B": -3, "C": -4, "D": -4, "E": 4}) == {
        "A": 12, "E": 9, "B": 6, "C": Fraction(3, 2), "D": Fraction(3, 2)}


def test_an_adjusted_table_scores_as_if_all_had_tied():
    assert adjusted_scores(SCALED, ["A", "B", "C"]) == {"A": 6, "B": 6, "C": 6}
    assert adjusted_scores(PLACES, ["A", "B", "C", "D"]) == dict.fromkeys("ABCD", Fraction(3, 2))
    assert adjusted_scores(None, ["A", "B"]) == {"A": 0, "B": 0}


def test_the_ranking_breaks_ties_by_raw_points_and_says_where_they_decided():
    places = ranking({"A": (Fraction(20), 5), "B": (Fraction(20), 9), "C": (Fraction(18), 0),
                      "D": (Fraction(15), 1), "E": (Fraction(15), 1)})
    assert places == {"B": Place(1, True), "A": Place(2, True), "C": Place(3, False),
                      "D": Place(4, False), "E": Place(4, False)}
