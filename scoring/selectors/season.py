"""The season report: a club's closed evenings of one season (or of any dates) as the general
assembly reads them — the standings of every rule set played, the game's highlights (each family's
own, ``table_families.season_highlights``), the cups' history, the best and worst evening, each
player's evenings, deals and money, and the money that moved (every transfer of every evening). Money
is in each evening's currency and summed per currency (``money.Purse``, docs/money.md).

Everything is read from what is stored (the per-evening summaries, the per-deal figures, the
seats, the cups' split legs): nothing is settled again but who pays whom, which ``evening_kroner``
derives from the summaries' points exactly as the evening page does from its sheets. The number of
queries depends on the number of rule sets played in the scope, never on the length of the history
or of the season.
"""
from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Q, Sum

from scoring.engine import families as engine_families
from scoring.engine.money import Purse, evening_kroner
from scoring.models import (
    Account, Club, Deal, EntryKind, Evening, Leg, PlayerDealStat, PlayerEveningSummary, Seat, Season, Table,
    figure_sum,
)

from scoring.table_families import season_highlights

from .members import identity, identity_name, identity_of
from .history import CupWin, largest_cups_won
from .payments import evenings_transfer_states
from .standings import StandingRow, rules_title, standings

#: What the "paid" column says while no paid marks are kept (or none is known for a transfer).
NO_MARK = "—"


class ScopeError(ValueError):
    """The report was asked for a season or dates that do not make a scope (named by ``field``)."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Scope:
    """The evenings a report covers: a season of the club, or the dates from and to (either may be
    open), closed evenings only (an open evening's money has not moved yet)."""
    club: Club
    season: Season | None = None
    date_from: dt.date | None = None
    date_to: dt.date | None = None

    def evenings(self):
        evenings = Evening.objects.filter(club=self.club, closed_at__isnull=False)
        if self.season is not None:   # by its dates, imports included (``Season.evenings_q``)
            evenings = evenings.filter(self.season.evenings_q())
        if self.date_from is not None:
            evenings = evenings.filter(date__gte=self.date_from)
        if self.date_to is not None:
            evenings = evenings.filter(date__lte=self.date_to)
        return evenings


def season_scope(club: Club, *, season: str | int | None = None, date_from: dt.date | None = None,
                 date_to: dt.date | None = None) -> Scope:
    """The scope asked for: a season by its name or id (of this club), or dates. Raises
    ``ScopeError`` naming the field for a season the club has not, both a season and dates, no scope
    at all or dates the wrong way round."""
    from django.utils.translation import gettext as _

    if season not in (None, "") and (date_from is not None or date_to is not None):
        raise ScopeError("season", _("Vælg en sæson eller datoer, ikke begge."))
    if season not in (None, ""):
        seasons = Season.objects.filter(club=club)
        found = (seasons.filter(pk=int(season)).first() if str(season).isdigit() else None) \
            or seasons.filter(name=str(season)).first()
        if found is None:
            raise ScopeError("season", _("Klubben har ingen sæson ved navn %(name)s.") % {"name": season})
        return Scope(club, season=found)
    if date_from is None and date_to is None:
        raise ScopeError("season", _("Vælg en sæson eller datoer."))
    if date_from is not None and date_to is not None and date_from > date_to:
        raise ScopeError("date_to", _("Til-datoen ligger før fra-datoen."))
    return Scope(club, date_from=date_from, date_to=date_to)


def evening_seasons(club: Club, evenings) -> dict[int, str]:
    """{evening id: the name of its season} of ``evenings`` ((id, date, season set by hand), of
    ``club``): the season set by hand, else the first of the club's seasons (by its start) whose
    dates hold the date; an evening of no season is left out. One query."""
    seasons = sorted(Season.objects.filter(club=club), key=lambda s: (s.starts is None, s.starts, s.name))
    by_id = {s.pk: s for s in seasons}
    found = {}
    for evening_id, date, override in evenings:
        season = by_id.get(override) if override is not None else next((s for s in seasons if s.holds(date)), None)
        if season is not None:
            found[evening_id] = season.name
    return found


def season_counts(club: Club, seasons) -> dict[int, tuple[int, int]]:
    """{season id: (its closed evenings, of them set to it by hand)} of ``seasons`` of ``club``. One
    query per season."""
    closed = Evening.objects.filter(club=club, closed_at__isnull=False)
    return {s.pk: (closed.filter(s.evenings_q()).count(), closed.filter(season_override=s).count()) for s in seasons}


@dataclass(frozen=True)
class Overlap:
    first: Season
    second: Season


@dataclass(frozen=True)
class SetByHand:
    """An evening whose season is set by hand (``Evening.season_override``), and the season its date
    would give it (None: no season's dates hold it, or several overlapping do)."""
    evening: Evening
    season: Season
    by_date: Season | None

    @property
    def agrees(self) -> bool:
        return self.by_date is not None and self.by_date.pk == self.season.pk


@dataclass(frozen=True)
class Unsettled:
    """What the season page lists for an admin to settle: seasons without both dates, seasons
    whose dates overlap, and the evenings set to a season by hand."""
    undated: tuple[Season, ...]
    overlaps: tuple[Overlap, ...]
    by_hand: tuple[SetByHand, ...]

    def __bool__(self) -> bool:
        return bool(self.undated or self.overlaps or self.by_hand)


def overlapping(first: Season, second: Season) -> bool:
    """Whether two dated seasons share a day."""
    return first.dated and second.dated and first.starts <= second.ends and second.starts <= first.ends


def unsettled(club: Club) -> Unsettled:
    """The club's seasons and evenings that the dates alone do not settle (``Unsettled``). Two queries."""
    seasons = sorted(Season.objects.filter(club=club), key=lambda s: (s.starts is None, s.starts, s.name))
    overlaps = tuple(Overlap(a, b) for i, a in enumerate(seasons) for b in seasons[i + 1:] if overlapping(a, b))
    by_hand = []
    for evening in (Evening.objects.filter(club=club, season_override__isnull=False)
                    .select_related("season_override").order_by("date", "id")):
        holding = [s for s in seasons if s.holds(evening.date)]
        by_hand.append(SetByHand(evening, evening.season_override, holding[0] if len(holding) == 1 else None))
    return Unsettled(tuple(s for s in seasons if not s.dated), overlaps, tuple(by_hand))


@dataclass(frozen=True)
class Highlight:
    """One of the game's highlights over the scope: the deals it happened in and who was in most of them."""
    name: str
    word: str
    total: int
    leader: str | None = None
    leader_count: int = 0


@dataclass(frozen=True)
class EveningResult:
    """One player's result of one evening (the best or the worst of a rule set)."""
    evening_id: int
    date: dt.date
    player: str
    points: int
    kroner: Decimal | None
    currency: str = ""      # the evening's


@dataclass(frozen=True)
class CupEvening:
    """What the cups gave in one evening: taken in play (ultimos and touts) and shared at close."""
    evening_id: int
    date: dt.date
    won: int
    shared: int


@dataclass(frozen=True)
class RuleSetReport:
    rules: str
    family: str
    title: str
    rows: tuple[StandingRow, ...]
    evenings: int
    highlights: tuple[Highlight, ...]
    best: EveningResult | None
    worst: EveningResult | None
    cups: tuple[CupEvening, ...] = ()
    largest_cup: CupWin | None = None
    written: bool = False


@dataclass(frozen=True)
class Transfer:
    evening_id: int
    date: dt.date
    family: str
    payer: str
    payee: str
    points: int
    kroner: Decimal
    paid: str = NO_MARK
    currency: str = ""      # the evening's


@dataclass(frozen=True)
class EveningLine:
    evening_id: int
    date: dt.date
    season: str
    tables: int
    players: int
    deals: int
    rule_sets: tuple[str, ...]
    moved: Decimal          # the money that changed hands (the sum of the evening's transfers)
    rate: Decimal
    currency: str = ""      # of both


@dataclass(frozen=True)
class PlayerLine:
    """A player's season across every rule set: evenings, deals, and money (the one figure that
    may be added across rule sets), with what he paid and received, each per currency."""
    player_id: int
    player: str
    evenings: int
    deals: int
    amounts: Purse
    paid: Purse
    received: Purse


@dataclass(frozen=True)
class SeasonReport:
    scope: Scope
    evenings: tuple[EveningLine, ...]
    rule_sets: tuple[RuleSetReport, ...]
    players: tuple[PlayerLine, ...]
    transfers: tuple[Transfer, ...]
    first: dt.date | None = None
    last: dt.date | None = None

    @property
    def moved(self) -> Purse:
        return Purse((t.currency, t.kroner) for t in self.transfers)

    @property
    def busiest(self) -> tuple[EveningLine, ...]:
        """The evening where the most money moved, in each currency (one for a club of one)."""
        best: dict[str, EveningLine] = {}
        for e in self.evenings:
            if e.currency not in best or (e.moved, e.date) > (best[e.currency].moved, best[e.currency].date):
                best[e.currency] = e
        return tuple(best[c] for c in Purse({c: 0 for c in best}))


def season_report(scope: Scope) -> SeasonReport:
    """The whole report of the ``scope`` (see the module's note on queries)."""
    evenings = scope.evenings()
    rows = list(evenings.order_by("date", "id").values_list("id", "date", "kroner_per_point", "season_override_id",
                                                            "currency"))
    named = evening_seasons(scope.club, [(e, date, override) for e, date, _rate, override, _c in rows])
    heads = [(e, date, rate, named.get(e, ""), currency or scope.club.currency)
             for e, date, rate, _override, currency in rows]
    ids = [h[0] for h in heads]
    # every player by the player he is now (a merged duplicate is the one he was merged into: he
    # never sat an evening that one sat, ``services.player_merge``), named as he is called now
    summaries = list(PlayerEveningSummary.objects.filter(evening_id__in=ids)
                     .annotate(pid=identity(), pname=identity_name())
                     .values_list("pid", "pname", "evening_id", "family", "rules", "points", "deals", "kroner"))
    seats = list(Seat.objects.filter(table__evening_id__in=ids).annotate(pid=identity())
                 .order_by("table__evening_id", "table__number", "position")
                 .values_list("table__evening_id", "table_id", "table__family", "table__rules", "pid"))
    transfers = _transfers(scope.club, heads, summaries, seats)
    rule_sets = _played_rule_sets(seats)
    deals = dict(Deal.objects.filter(table__evening_id__in=ids, current=True, voided=False)
                 .values_list("table__evening_id").annotate(n=Count("id")))
    lines = _evening_lines(heads, seats, deals, transfers, scope.club)
    # the standings, records and highlights are the club's standings' evenings: a tournament's rounds
    # its director kept out of them (Evening.counts_in_standings) move money but rank nobody
    counted = evenings.filter(counts_in_standings=True)
    counted_ids = list(counted.values_list("id", flat=True))
    # the latest table of each rule set: its card says whether the rule set plays with cups
    latest = {}
    for _e, table_id, family, rules, _p in seats:
        latest[(rules, family)] = max(table_id, latest.get((rules, family), 0))
    reports = tuple(_rule_set_report(scope.club, counted, counted_ids, rules, family, latest[(rules, family)])
                    for rules, family in rule_sets)
    return SeasonReport(scope, lines, reports, _player_lines(summaries, transfers), transfers,
                        heads[0][1] if heads else None, heads[-1][1] if heads else None)


def _played_rule_sets(seats) -> list[tuple[str, str]]:
    """(rules, family) of the tables in the scope, in the app's order of families, each family's
    built-in cards in its order, a club's own cards after them by name (as the standings' picker)."""
    played = {(rules, family) for _e, _t, family, rules, _p in seats}
    order = {name: i for i, name in enumerate(engine_families.names())}

    def key(pair):
        rules, family = pair
        cards = list(engine_families.family(family).rate_cards) if family in order else []
        return (order.get(family, len(order)), cards.index(rules) if rules in cards else len(cards), rules)

    return sorted(played, key=key)


def _transfers(club: Club, heads, summaries, seats) -> tuple[Transfer, ...]:
    """Who paid whom in every evening: each family's tables' totals (the summaries' points, in table
    and seat order) made money by the family's rule and settled at the evening's frozen rate, as
    ``settlement.evening_summary`` settles the sheets. The paid column from the paid marks, when
    they are kept (``_paid_marks``)."""
    points = {(player_id, evening_id): pts for player_id, _n, evening_id, _f, _r, pts, _d, _k in summaries}
    names = {player_id: name for player_id, name, *_rest in summaries}
    tables: dict[int, dict[str, dict[int, list[int]]]] = defaultdict(dict)
    for evening_id, table_id, family, _rules, player_id in seats:
        tables[evening_id].setdefault(family, {}).setdefault(table_id, []).append(player_id)
    marks = _paid_marks([h[0] for h in heads])
    out = []
    for evening_id, date, frozen, _season, currency in heads:
        rate = frozen if frozen is not None else club.kroner_per_point
        for family_name, family_tables in tables.get(evening_id, {}).items():
            family = engine_families.family(family_name)
            money = tuple(line for players in family_tables.values() for line in family.money(
                tuple((names.get(p, str(p)), points.get((p, evening_id), 0)) for p in players)))
            _amounts, payments = evening_kroner(money, rate, settled=bool(money))
            out.extend(Transfer(evening_id, date, family_name, p.payer, p.payee, p.points, p.kroner,
                                marks.get((evening_id, family_name, p.payer, p.payee), NO_MARK), currency)
                       for p in payments)
    return tuple(out)


def _paid_marks(evening_ids: list[int]) -> dict[tuple[int, str, str, str], str]:
    """{(evening id, family, payer, payee): the transfer's state as the books write it}: paid (or set
    off), part paid with how much, or unpaid (``selectors.payments``: the pair's payments allocated
    to its transfers). Three queries."""
    return {(state.evening_id, state.family, state.payer, state.receiver): state.words
            for state in evenings_transfer_states(evening_ids)}


def _evening_lines(heads, seats, deals, transfers, club) -> tuple[EveningLine, ...]:
    tables: dict[int, set] = defaultdict(set)
    players: dict[int, set] = defaultdict(set)
    rules: dict[int, list] = defaultdict(list)
    for evening_id, table_id, family, card, player_id in seats:
        tables[evening_id].add(table_id)
        players[evening_id].add(player_id)
        if (card, family) not in rules[evening_id]:
            rules[evening_id].append((card, family))
    moved: dict[int, Decimal] = defaultdict(lambda: Decimal("0.00"))
    for t in transfers:
        moved[t.evening_id] += t.kroner
    return tuple(EveningLine(e, date, season or "", len(tables[e]), len(players[e]), deals.get(e, 0),
                             tuple(rules_title(r, f) for r, f in rules[e]), moved[e],
                             frozen if frozen is not None else club.kroner_per_point, currency)
                 for e, date, frozen, season, currency in heads)


def _player_lines(summaries, transfers) -> tuple[PlayerLine, ...]:
    evenings: dict[int, set] = defaultdict(set)
    deals: dict[int, int] = defaultdict(int)
    names: dict[int, str] = {}
    for player_id, name, evening_id, _family, _rules, _points, played, _kroner in summaries:
        names[player_id] = name
        evenings[player_id].add(evening_id)
        deals[player_id] += played
    paid: dict[str, list] = defaultdict(list)
    received: dict[str, list] = defaultdict(list)
    for t in transfers:
        paid[t.payer].append((t.currency, t.kroner))
        received[t.payee].append((t.currency, t.kroner))
    rows = []
    for p, name in names.items():
        # a 0 in each currency he paid or received in, so that both columns name the same currencies
        zero = [(c, 0) for c, _k in paid[name] + received[name]]
        out, into = Purse(paid[name] + zero), Purse(received[name] + zero)
        rows.append(PlayerLine(p, name, len(evenings[p]), deals[p], into - out, out, into))
    rows.sort(key=lambda r: ((-r.amounts).sort_key(), r.player))
    return tuple(rows)


def _rule_set_report(club, evenings, ids, rules: str, family: str, table_id: int) -> RuleSetReport:
    """One rule set's part of the report; ``table_id``: its latest table, whose card says whether it
    plays with cups (a Danish card without cups, such as grosstarock, has no cups' section)."""
    engine = engine_families.family(family)
    rows = tuple(standings(club, evenings=evenings, family=family, rules=rules))
    summaries = PlayerEveningSummary.objects.filter(evening_id__in=ids, family=family, rules=rules)
    best = _result(summaries.select_related("player__merged_into", "evening__club")
                   .order_by("-points", "date", "player__name").first())
    worst = _result(summaries.select_related("player__merged_into", "evening__club")
                    .order_by("points", "date", "player__name").first())
    wanted = season_highlights(family, rules)
    highlights = _highlights(ids, rules, family, wanted) if wanted else ()
    cups, largest = (), None
    if engine.cups and engine.cups_of(Table.objects.get(pk=table_id).card):
        cups = _cup_history(ids, rules, family)
        found = largest_cups_won(evenings, limit=1, rules=rules)
        largest = found[0] if found else None
    evening_count = len({e for e in summaries.values_list("evening_id", flat=True)}) if rows else 0
    return RuleSetReport(rules, family, rules_title(rules, family), rows, evening_count, highlights, best, worst,
                         cups, largest, engine.writes_score)


def _result(summary) -> EveningResult | None:
    if summary is None:
        return None
    return EveningResult(summary.evening_id, summary.date, identity_of(summary.player).name, summary.points,
                         summary.kroner, summary.evening.money_currency)


def _highlights(ids, rules: str, family: str, wanted) -> tuple[Highlight, ...]:
    """Each highlight as a count of deals: the current deals of the rule set's tables in which
    anyone had the figure (one Fahrer is one, though its four players each have it), and the player
    in most of them (two queries, from the stored per-deal figures: a figure is stored only where it
    is not 0)."""
    names = [name for name, _word in wanted]
    stats = PlayerDealStat.objects.filter(evening_id__in=ids, rules=rules, deal__current=True,
                                          deal__table__family=family)
    had = {n: Q(figures__has_key=n) for n in names}
    totals = stats.aggregate(**{f"h_{n}": Count("deal", distinct=True, filter=had[n]) for n in names})
    per_player = list(stats.values(pid=identity(), pname=identity_name())
                      .annotate(**{f"h_{n}": Count("deal", distinct=True, filter=had[n]) for n in names}))
    out = []
    for name, word in wanted:
        counts = sorted(((r[f"h_{name}"] or 0, r["pname"]) for r in per_player), key=lambda c: (-c[0], c[1]))
        leader = counts[0] if counts and counts[0][0] > 0 else None
        out.append(Highlight(name, str(word), totals[f"h_{name}"] or 0, leader[1] if leader else None,
                             leader[0] if leader else 0))
    return tuple(out)


def _cup_history(ids, rules: str, family: str) -> tuple[CupEvening, ...]:
    """Per evening of the rule set: the points taken from the cups in play (the figure the family
    stores them by, ``Family.cup_won_figure``; docs/rules/danish.md §2) and what the close shared out of them (the split
    entries' pot legs that no reopening reversed). Two queries."""
    figure = engine_families.family(family).cup_won_figure
    won = dict(PlayerDealStat.objects.filter(evening_id__in=ids, rules=rules, deal__current=True,
                                             deal__table__family=family)
               .values_list("evening_id").annotate(total=figure_sum(figure))) if figure else {}
    shared = dict(Leg.objects.filter(entry__table__evening_id__in=ids, entry__table__rules=rules,
                                     entry__table__family=family, entry__kind=EntryKind.SPLIT,
                                     entry__reversed_by__isnull=True, account=Account.PLAYER)
                  .values_list("entry__table__evening_id").annotate(total=Sum("amount")))
    dates = dict(PlayerEveningSummary.objects.filter(evening_id__in=ids, rules=rules, family=family)
                 .values_list("evening_id", "date").distinct())
    return tuple(CupEvening(e, dates[e], won.get(e) or 0, shared.get(e) or 0)
                 for e in sorted(dates, key=lambda e: (dates[e], e)))

