"""What cannot be recorded in the minimal family (rule 2): counts for other than exactly the players
at the table, a count out of range, a tie for the highest (a table of the wrong size: the default,
``minifamily_player_count``). Its own messages are Danish msgids marked as every family marks them
(docs/architecture.md); the tests' folder is outside ``make messages``, so they read in Danish in
every language: what a family outside the project's catalogues gets."""
from __future__ import annotations

from scoring.engine.problems import Problem, problem, register
from scoring.engine.translation import pgettext_lazy
from .model import MAX_COUNT, Deal

register({
    "minifamily_player_count": pgettext_lazy("engine", "et minibord har 2 til 4 spillere, ikke {count}"),
    "minifamily_counts_players": pgettext_lazy("engine", "der skal være tal for netop spillerne ved bordet: {names}"),
    "minifamily_tie": pgettext_lazy("engine", "flere har det højeste tal ({count}); ét spil har én vinder"),
})


def validate_deal(players: tuple[str, ...], number: int, deal: Deal, card) -> list[Problem]:
    found: list[Problem] = []
    if deal.dealer not in players:
        found.append(problem(number, "dealer", "not_at_table", name=deal.dealer))
    counts = dict(deal.counts)
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
