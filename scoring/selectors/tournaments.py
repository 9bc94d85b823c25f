"""Tournament standings (docs/tournaments.md, "Standings"): per round and in total, after every round
and live during one, in a fixed number of queries whatever the number of rounds.

A player's raw points in a round are what his table's money gives him (``Family.money`` over the
table's totals in seat order: a payment game's points as they stand; a written score's pairwise
differences), read from the journal as it stands, so a round being played counts live. With
placement scoring each table ranks its players: at a table of n the first gets n − 1 down to 0 for
the last, tied players sharing their places' points; raw points break ties in the total. A bye
scores 0 or the player's average over the rounds he played (the director's choice). A withdrawn
player's rounds stay; a disqualified player's stay visible, out of the ranking.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Sum

from scoring.engine import families
from scoring.models import (
    Account, ByeScore, Entrant, EntrantStatus, Leg, RoundState, Seat, Tournament, TournamentRound, TournamentScoring
)


@dataclass(frozen=True)
class RoundResult:
    """One player's round: his table (None for a bye), his raw points, and the round's score in the
    tournament's scoring (placement points may be halves: a Fraction)."""
    round: int
    table: int | None
    points: int
    score: Fraction
    bye: bool = False
    live: bool = False


@dataclass
class TournamentRow:
    player_id: int
    name: str
    status: str
    since_round: int | None
    rounds: dict[int, RoundResult] = field(default_factory=dict)
    score: Fraction = Fraction(0)
    points: int = 0
    rank: int | None = None

    @property
    def ranked(self) -> bool:
        return self.status != EntrantStatus.DISQUALIFIED


def placement_scores(points: dict[str, int]) -> dict[str, Fraction]:
    """At a table of n, n − 1 for the most points down to 0 for the fewest; tied players share the
    points of the places they hold together (two tied first at a table of four: 2½ each)."""
    n = len(points)
    ordered = sorted(points.values(), reverse=True)
    out = {}
    for name, value in points.items():
        first = ordered.index(value)
        tied = ordered.count(value)
        places = range(first, first + tied)
        out[name] = Fraction(sum(n - 1 - place for place in places), tied)
    return out


def round_tables(rounds: list[TournamentRound]) -> dict[int, dict[int, list[tuple[int, str]]]]:
    """{round number: {table number: [(player id, name) in seat order]}} of the confirmed rounds (one query)."""
    by_evening = {r.evening_id: r.number for r in rounds if r.evening_id}
    tables: dict[int, dict[int, list[tuple[int, str]]]] = defaultdict(lambda: defaultdict(list))
    for evening_id, table, player_id, name in (Seat.objects.filter(table__evening_id__in=by_evening)
                                               .order_by("table__evening_id", "table__number", "position")
                                               .values_list("table__evening_id", "table__number", "player_id",
                                                            "player__name")):
        tables[by_evening[evening_id]][table].append((player_id, name))
    return tables


def table_totals(rounds: list[TournamentRound]) -> dict[tuple[int, int, int], int]:
    """{(evening id, table number, player id): points so far} from the journal (one query)."""
    evenings = [r.evening_id for r in rounds if r.evening_id]
    return {(evening, table, player): total for evening, table, player, total in (
        Leg.objects.filter(account=Account.PLAYER, entry__table__evening_id__in=evenings)
        .values_list("entry__table__evening_id", "entry__table__number", "player_id")
        .annotate(total=Sum("amount")).values_list("entry__table__evening_id", "entry__table__number", "player_id",
                                                   "total"))}


def tournament_standings(tournament: Tournament, until: int | None = None) -> list[TournamentRow]:
    """Every registered player's rounds, score and rank (the module's docstring), after round
    ``until`` (default: every round played or being played); four queries."""
    rounds = tournament.round_set.exclude(state=RoundState.DRAWN).order_by("number")
    rounds = list(rounds if until is None else rounds.filter(number__lte=until))
    rows = {e.player_id: TournamentRow(e.player_id, e.player.name, e.status, e.since_round)
            for e in Entrant.objects.filter(tournament=tournament).select_related("player")}
    money = families.family(tournament.family).money
    placement = tournament.scoring == TournamentScoring.PLACES
    by_name = {row.name: row for row in rows.values()}
    seats = round_tables(rounds)
    totals = table_totals(rounds)
    for r in rounds:
        live = r.state != RoundState.CLOSED
        for number, seated in seats.get(r.number, {}).items():
            raw = dict(money(tuple((name, totals.get((r.evening_id, number, pid), 0)) for pid, name in seated)))
            scores = placement_scores(raw) if placement else {name: Fraction(v) for name, v in raw.items()}
            for pid, name in seated:
                row = rows.get(pid)
                if row is not None:
                    row.rounds[r.number] = RoundResult(r.number, number, raw[name], scores[name], live=live)
        for name in r.draw.get("byes", ()):
            row = by_name.get(name)
            if row is not None:
                row.rounds[r.number] = RoundResult(r.number, None, 0, Fraction(0), bye=True, live=live)
    for row in rows.values():
        played = [x for x in row.rounds.values() if not x.bye]
        if tournament.bye_score == ByeScore.AVERAGE and played:
            average = sum((x.score for x in played), Fraction(0)) / len(played)
            for number, result in list(row.rounds.items()):
                if result.bye:
                    row.rounds[number] = RoundResult(number, None, 0, average, bye=True, live=result.live)
        row.score = sum((x.score for x in row.rounds.values()), Fraction(0))
        row.points = sum(x.points for x in row.rounds.values())
    ordered = sorted(rows.values(), key=lambda x: (not x.ranked, -x.score, -x.points, x.name))
    rank, previous = 0, None
    for position, row in enumerate((x for x in ordered if x.ranked), start=1):
        if (row.score, row.points) != previous:
            rank, previous = position, (row.score, row.points)
        row.rank = rank
    return ordered


def format_score(score: Fraction) -> str:
    """A score as the pages print it: a whole number, or a half as ½ ("2½", "−½")."""
    sign = "−" if score < 0 else ""
    score = abs(score)
    whole, rest = divmod(score, 1)
    if rest == 0:
        return f"{sign}{int(whole)}"
    if rest == Fraction(1, 2):
        return f"{sign}{int(whole) if whole else ''}½"
    return f"{sign}{float(score):.2f}"
