"""Tournament standings (docs/tournaments.md, "Standings"): per round and in total, after every round
and live during one, and as they stood after any round, in a fixed number of queries whatever the
number of rounds; how far each table of a round is (``table_progress``), and the deals waiting past a
round's length.

A player's raw points in a round are what his table's money gives him (``Family.money`` over the
table's totals in seat order: a payment game's points as they stand; a written score's pairwise
differences), read from the journal as it stands, so a round being played counts live. With
placement scoring each table ranks its players in the tournament's scheme (scoring/engine/placement.py:
12 … 0 at every table size, or n − 1 … 0), tied players sharing their places' points; a table the
director closed unfinished counts as he ruled (its deals as played, or adjusted: as if all had tied).
The total, then the raw points, rank the players. A bye scores 0 or the player's average over the
rounds he played (the director's choice); an absence 0. A withdrawn player's rounds stay; a
disqualified player's stay visible, out of the ranking; each status as it stood after the round asked
(the tournament's log).

A round's stored draw names its players by key (docs/tournaments.md, "The stored draw"); the
readers of that shape live here, and the pages show each player by the name he has now
(``selectors.members``: a merged player by the one he was merged into). A name the upgrade could not
resolve (migration 0019) stays in the draw as text until the director assigns it.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Count, Sum

from scoring.engine import families, placement
from scoring.models import (
    Account, ByeScore, Deal, Entrant, EntrantStatus, Leg, LengthCounts, PendingDeal, PendingState, RoundLength,
    RoundState, Seat, Table,
    TableRuling, Tournament, TournamentEvent, TournamentEventKind, TournamentRound, TournamentScoring
)

from .members import identity_name, identity_of, names_now


# The stored draw ------------------------------------------------------------------------------------
# {"tables": [[key, …], …], "byes": [key, …], "numbers": [[key, n], …], "repeats": n, "random_repeats": n,
#  "unresolved": [name, …]}: a key is a Player's pk; a text entry is a name the upgrade could not
# resolve, left where it stood (docs/tournaments.md, "The stored draw").

def _resolved(entry) -> bool:
    return isinstance(entry, int) and not isinstance(entry, bool)


def _read(draw) -> dict:
    # a draw the upgrade left as stored may be anything; the pages still open
    return draw if isinstance(draw, dict) else {}


def draw_tables(draw: dict) -> list[list]:
    """The draw's tables, each its entries in dealing order (keys, and any unresolved name)."""
    return [list(table) for table in _read(draw).get("tables") or ()]


def draw_byes(draw: dict) -> list:
    return list(_read(draw).get("byes") or ())


def draw_numbers(draw: dict) -> dict:
    """{entry: the number it drew}; pairs as stored (a JSON object's keys would all be text)."""
    numbers = _read(draw).get("numbers") or ()
    return dict(numbers.items() if isinstance(numbers, dict) else (tuple(pair) for pair in numbers))


def bye_keys(draw: dict) -> list[int]:
    """The players (keys) with a bye; an unresolved name is nobody's bye until it is assigned."""
    return [e for e in draw_byes(draw) if _resolved(e)]


def absent_keys(draw: dict) -> list[int]:
    """The players (keys) absent from the round (drawn without them: docs/tournaments.md)."""
    return [e for e in _read(draw).get("absent") or () if _resolved(e)]


def drawn_keys(draw: dict) -> set[int]:
    """The players (keys) at the draw's tables, on its byes and absent from it."""
    return ({e for table in draw_tables(draw) for e in table if _resolved(e)} | set(bye_keys(draw))
            | set(absent_keys(draw)))


def known_tables(draw: dict) -> list[list[int]]:
    """The tables with their unresolved names left out: who is known to have met whom."""
    return [[e for e in table if _resolved(e)] for table in draw_tables(draw)]


def unresolved_names(draw: dict) -> list[str]:
    """The names in the draw that wait for the director to say whose they are: the "unresolved"
    list, and any text entry besides (a draw the upgrade could not read whole)."""
    found = [*(_read(draw).get("unresolved") or ()), *(e for t in draw_tables(draw) for e in t if not _resolved(e)),
             *(e for e in draw_byes(draw) if not _resolved(e))]
    return list(dict.fromkeys(str(name) for name in found))


@dataclass(frozen=True)
class DrawnPlayer:
    """One entry of a shown draw: the player's name now (or the stored name, ``unresolved``), his number."""
    name: str
    number: int | None = None
    key: int | None = None

    @property
    def unresolved(self) -> bool:
        return self.key is None


@dataclass(frozen=True)
class ShownDraw:
    tables: list[tuple[int, list[DrawnPlayer]]]      # (table number, its players in dealing order)
    byes: list[DrawnPlayer]
    absent: list[DrawnPlayer] = field(default_factory=list)

    def by_name(self) -> list[tuple[str, int | None, str]]:
        """(name, table number or None, "" or "bye" or "absent") of every player of the round, by
        name: the list the director pins on the wall."""
        found = [(p.name, number, "") for number, seated in self.tables for p in seated]
        found += [(p.name, None, "bye") for p in self.byes] + [(p.name, None, "absent") for p in self.absent]
        return sorted(found, key=lambda x: (x[0].casefold(), x[0]))


def shown_draw(round: TournamentRound) -> ShownDraw:
    """A round's draw as its page and PDF show it: every player by the name he has now (one query)."""
    draw = round.draw
    names = names_now(drawn_keys(draw))
    numbers = draw_numbers(draw)

    def entry(e) -> DrawnPlayer:
        if _resolved(e) and e in names:
            return DrawnPlayer(names[e], numbers.get(e), e)
        return DrawnPlayer(str(e), numbers.get(e))

    return ShownDraw([(i, [entry(e) for e in table]) for i, table in enumerate(draw_tables(draw), start=1)],
                     [entry(e) for e in draw_byes(draw)], [entry(e) for e in absent_keys(draw)])


@dataclass(frozen=True)
class Unresolved:
    """A name of a round's draw waiting to be assigned: where it stands (a table's number, or None
    for a bye) and who may take it (the entrants not already in that round)."""
    round: int
    name: str
    table: int | None
    choices: list[tuple[int, str]]


def unresolved_entries(tournament: Tournament) -> list[Unresolved]:
    """Every name of the tournament's draws waiting for the director (two queries)."""
    rounds = [r for r in tournament.round_set.order_by("number") if unresolved_names(r.draw)]
    if not rounds:
        return []
    entrants = sorted(((e.player_id, identity_of(e.player).name) for e in
                       Entrant.objects.filter(tournament=tournament).select_related("player__merged_into")),
                      key=lambda x: x[1])
    out = []
    for r in rounds:
        tables = draw_tables(r.draw)
        taken = drawn_keys(r.draw)
        choices = [(pk, name) for pk, name in entrants if pk not in taken]
        for name in unresolved_names(r.draw):
            table = next((i for i, t in enumerate(tables, start=1) if name in t), None)
            out.append(Unresolved(r.number, name, table, choices))
    return out


@dataclass(frozen=True)
class TableProgress:
    """How far a table of a round being played is: ``done`` of the round's ``length`` (games played
    as the family counts them, or every deal recorded, the tournament's ``length_counts``; per table,
    or the fewest turns any player at it has dealt)."""
    number: int
    table_id: int
    done: int
    length: int

    @property
    def complete(self) -> bool:
        return self.done >= self.length


def counted_deals(tournament: Tournament):
    """The deals that count towards a round's length: current, not voided, and where the tournament
    counts games played (``LengthCounts.GAMES``), of the family's played kinds (``Family.played_kinds``:
    no misdeal, shown hand, scrapped deal or redeal; docs/tournaments.md, "A round")."""
    deals = Deal.objects.filter(current=True, voided=False)
    if tournament.length_counts == LengthCounts.GAMES:
        deals = deals.filter(kind__in=families.family(tournament.family).played_kinds)
    return deals


def table_progress(round: TournamentRound, table: Table | None = None) -> list[TableProgress]:
    """Every table of a confirmed round (or ``table`` alone) with how far it is (two queries)."""
    tournament = round.tournament
    tables = Table.objects.filter(evening_id=round.evening_id) if table is None else Table.objects.filter(pk=table.pk)
    numbers = dict(tables.values_list("pk", "number"))
    deals = counted_deals(tournament).filter(table__in=list(numbers))
    length = tournament.round_length
    if tournament.round_length_kind == RoundLength.DEALS:
        counts = dict(deals.values_list("table_id").annotate(n=Count("id")).values_list("table_id", "n"))
        return [TableProgress(numbers[pk], pk, counts.get(pk, 0), length) for pk in sorted(numbers, key=numbers.get)]
    dealt = {(t, dealer): n for t, dealer, n in deals.values_list("table_id", "dealer_id").annotate(
        n=Count("id")).values_list("table_id", "dealer_id", "n")}
    seats: dict[int, list[int]] = defaultdict(list)
    for pk, player in Seat.objects.filter(table__in=list(numbers)).values_list("table_id", "player_id"):
        seats[pk].append(player)
    return [TableProgress(numbers[pk], pk, min(dealt.get((pk, p), 0) for p in seats[pk]), length)
            for pk in sorted(numbers, key=numbers.get)]


@dataclass(frozen=True)
class RoundResult:
    """One player's round: his table (None for a bye or an absence), his raw points, and the round's
    score in the tournament's scoring (placement points may be halves: a Fraction); ``ruling``: his
    table was closed unfinished and counted as played or adjusted (``TableRuling``), else ""."""
    round: int
    table: int | None
    points: int
    score: Fraction
    bye: bool = False
    live: bool = False
    absent: bool = False
    ruling: str = ""


@dataclass
class TournamentRow:
    """A player's line of the standings after a round: his status as it stood then (and the round it
    took effect from), his rounds, total, raw points, place, and whether the tie-break decided it."""
    player_id: int
    name: str
    status: str
    since_round: int | None
    rounds: dict[int, RoundResult] = field(default_factory=dict)
    score: Fraction = Fraction(0)
    points: int = 0
    rank: int | None = None
    by_points: bool = False

    @property
    def ranked(self) -> bool:
        return self.status != EntrantStatus.DISQUALIFIED


def placement_scores(points: dict[str, int], scoring: str = TournamentScoring.PLACES) -> dict[str, Fraction]:
    """A table's placement points in the tournament's ``scoring`` (scoring/engine/placement.py)."""
    return placement.table_scores(placement.scheme(scoring), points)


def scheme_of(tournament: Tournament) -> placement.Scheme | None:
    """The tournament's placement scheme, None where it ranks by points."""
    return None if tournament.scoring == TournamentScoring.POINTS else placement.scheme(tournament.scoring)


def round_tables(rounds: list[TournamentRound]) -> dict[int, dict[int, list[tuple[int, str]]]]:
    """{round number: {table number: [(player id, name) in seat order]}} of the confirmed rounds (one query)."""
    by_evening = {r.evening_id: r.number for r in rounds if r.evening_id}
    tables: dict[int, dict[int, list[tuple[int, str]]]] = defaultdict(lambda: defaultdict(list))
    for evening_id, table, player_id, name in (Seat.objects.filter(table__evening_id__in=by_evening)
                                               .order_by("table__evening_id", "table__number", "position")
                                               .values_list("table__evening_id", "table__number", "player_id",
                                                            identity_name())):
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


#: The log's kinds that change a player's status, and the status each leaves him in.
STATUS_KINDS = {TournamentEventKind.WITHDRAWN: EntrantStatus.WITHDRAWN,
                TournamentEventKind.DISQUALIFIED: EntrantStatus.DISQUALIFIED,
                TournamentEventKind.REINSTATED: EntrantStatus.ACTIVE}


def statuses_after(tournament: Tournament, entrants, until: int | None) -> dict[int, tuple[str, int | None]]:
    """{player id: (his status, the round it shows from)} as it stood in the standings after round
    ``until`` (None: now), from the log (one query): a status shows from the round being played when
    it was set, else the next (``TournamentEvent.round``); a status logged before the log kept that
    round shows from the round he was no longer drawn in (``Entrant.since_round``)."""
    since = {e.player_id: e.since_round for e in entrants}
    out = {e.player_id: (EntrantStatus.ACTIVE, None) for e in entrants}
    for player_id, kind, number in (TournamentEvent.objects.filter(tournament=tournament, kind__in=STATUS_KINDS)
                                    .order_by("at", "id").values_list("player_id", "kind", "round")):
        if player_id not in out:
            continue
        number = number if number is not None else since.get(player_id)
        if until is None or number is None or number <= until:
            status = STATUS_KINDS[kind]
            out[player_id] = (status, None if status == EntrantStatus.ACTIVE else number)
    if until is None:     # now: the entrant's own status stands (and one the log never saw)
        for e in entrants:
            if out[e.player_id][0] != e.status:
                out[e.player_id] = (e.status, e.since_round)
    return out


def tournament_standings(tournament: Tournament, until: int | None = None) -> list[TournamentRow]:
    """Every registered player's rounds, score and place (the module's docstring), after round
    ``until`` as things stood then (default: every round played or being played, as they stand
    now); five queries."""
    rounds = tournament.round_set.exclude(state=RoundState.DRAWN).order_by("number")
    rounds = list(rounds if until is None else rounds.filter(number__lte=until))
    entrants = list(Entrant.objects.filter(tournament=tournament).select_related("player__merged_into"))
    statuses = statuses_after(tournament, entrants, until)
    rows = {e.player_id: TournamentRow(e.player_id, identity_of(e.player).name, *statuses[e.player_id])
            for e in entrants}
    # a bye names the player drawn: the entrant, or the player he was merged into when drawn
    by_key = {**{e.player.merged_into_id: rows[e.player_id] for e in entrants if e.player.merged_into_id}, **rows}
    money = families.family(tournament.family).money
    scheme = scheme_of(tournament)
    seats = round_tables(rounds)
    totals = table_totals(rounds)
    for r in rounds:
        live = r.state != RoundState.CLOSED
        rulings = r.rulings if isinstance(r.rulings, dict) else {}
        for number, seated in seats.get(r.number, {}).items():
            ruling = (rulings.get(str(number)) or {}).get("ruling", "")
            names = [name for _pid, name in seated]
            if ruling == TableRuling.ADJUSTED:
                raw, scores = dict.fromkeys(names, 0), placement.adjusted_scores(scheme, names)
            else:
                raw = dict(money(tuple((name, totals.get((r.evening_id, number, pid), 0)) for pid, name in seated)))
                scores = (placement.table_scores(scheme, raw) if scheme is not None
                          else {name: Fraction(v) for name, v in raw.items()})
            for pid, name in seated:
                row = rows.get(pid)
                if row is not None:
                    row.rounds[r.number] = RoundResult(r.number, number, raw[name], scores[name], live=live,
                                                       ruling=ruling)
        for key in bye_keys(r.draw):
            row = by_key.get(key)
            if row is not None:
                row.rounds[r.number] = RoundResult(r.number, None, 0, Fraction(0), bye=True, live=live)
        for key in absent_keys(r.draw):
            row = by_key.get(key)
            if row is not None:
                row.rounds[r.number] = RoundResult(r.number, None, 0, Fraction(0), live=live, absent=True)
    for row in rows.values():
        played = [x for x in row.rounds.values() if not x.bye and not x.absent]
        if tournament.bye_score == ByeScore.AVERAGE and played:
            average = sum((x.score for x in played), Fraction(0)) / len(played)
            for number, result in list(row.rounds.items()):
                if result.bye:
                    row.rounds[number] = RoundResult(number, None, 0, average, bye=True, live=result.live)
        row.score = sum((x.score for x in row.rounds.values()), Fraction(0))
        row.points = sum(x.points for x in row.rounds.values())
    # the tie-breaks (scoring/engine/placement.py ``ranking``): the total, then the raw points
    places = placement.ranking({row.player_id: (row.score, row.points) for row in rows.values() if row.ranked})
    for player_id, place in places.items():
        rows[player_id].rank = place.rank
        # with raw points as the score, equal totals are equal points: nothing to break
        rows[player_id].by_points = place.by_points and scheme is not None
    return sorted(rows.values(), key=lambda x: (not x.ranked, x.rank or 0, x.name))


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


def pending_deals(round: TournamentRound) -> list[PendingDeal]:
    """The deals sent past the round's length that wait for the director, table by table (one query)."""
    if round.evening_id is None:
        return []
    return list(PendingDeal.objects.filter(table__evening_id=round.evening_id, state=PendingState.PENDING)
                .select_related("table", "sent_by").order_by("table__number", "sent_at", "id"))


@dataclass(frozen=True)
class InRound:
    """A table's place in a tournament (its page names it): the tournament, the round, how far the
    table is, and its deals waiting for the director."""
    tournament_id: int
    tournament: str
    number: int
    playing: bool
    progress: TableProgress
    pending: int


def table_in_round(table: Table) -> InRound | None:
    """Where ``table`` stands in a tournament's round, None for a table of an ordinary evening (one
    query; four for a round's table)."""
    found = TournamentRound.objects.filter(evening_id=table.evening_id).select_related("tournament").first()
    if found is None:
        return None
    waiting = PendingDeal.objects.filter(table=table, state=PendingState.PENDING).count()
    return InRound(found.tournament_id, found.tournament.name, found.number, found.state == RoundState.PLAYING,
                   table_progress(found, table)[0], waiting)
