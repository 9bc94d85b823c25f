"""What cannot be recorded in the minimal family (rules 1-2): the wrong number of players, counts
for other than exactly the players at the table, a count out of range, a tie for the highest."""
from __future__ import annotations

from scoring.engine.problems import Problem, evening_problems, problem, seat_problems
from .model import MAX_COUNT, PLAYERS, Deal, Evening


def validate_players(players: tuple[str, ...], card=None) -> list[Problem]:
    return seat_problems(players, PLAYERS, "minifamily_player_count")


def validate_deal(players: tuple[str, ...], number: int, deal: Deal, card) -> list[Problem]:
    found: list[Problem] = []
    if deal.dealer not in players:
        found.append(problem(number, "dealer", "not_at_table", name=deal.dealer))
    counts = deal.count_map
    if set(counts) != set(players):
        found.append(problem(number, "counts", "minifamily_counts_players", names=", ".join(players)))
    for name, count in deal.counts:
        if not 0 <= count <= MAX_COUNT:
            found.append(problem(number, f"counts.{name}", "number_range", low=0, high=MAX_COUNT))
    if not found:
        high = max(counts.values())
        if sum(1 for c in counts.values() if c == high) > 1:
            found.append(problem(number, "counts", "minifamily_tie", count=high))
    return found


def validate_evening(evening: Evening, card) -> list[Problem]:
    return evening_problems(evening, card, validate_players, validate_deal)
