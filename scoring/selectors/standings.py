"""Season standings: read-only selectors (a player's own evenings and figures: ``history.py``).

Points come from the journal (every leg a player ever got, reversals included, so corrections
cancel out); event counts from the per-deal figures the engine wrote with each entry. A fixed
number of queries, whatever the number of evenings or deals.

Standings are per rule set: points of different rule sets (VLK, grosstarock, a club's own card,
Karlsruhe …) are different units and are never added together, so every selector here takes the
``rules`` whose tables it sums (``PlayerEveningSummary.rules``, ``Table.rules``) and its ``family``
(whose engine reads them). A club that has played several rule sets picks one
(``standings_rules``); the default is the club's own card if it was played, else its most played
rule set. Only money may be added across rule sets (``money_across``), and is then labelled so.
Money is summed per currency (``money.Purse``): each evening's in its own (``Evening.currency``), two
currencies never added together (docs/money.md).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import asdict, dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Mapping

from django.db.models import Count, Max, Min, Q, Sum

from scoring.engine import families as engine_families
from scoring.engine.money import CURRENCIES, Purse, evening_kroner, from_cents, kroner
from .counted import standings_evenings, standings_source  # noqa: F401 (read from here too)
from scoring.models import (
    Account, Club, Leg, Player, PlayerDealStat, PlayerEveningSummary, Seat, cents_sum, figure_sum
)
from scoring.table_families import table_family

from .members import identity, identity_name, names_now, same_player
from .sheets import written_score as family_writes_score

def event_fields(family: str) -> tuple[str, ...]:
    """The standings' figure columns of a family, by name and in its order: the figures it declares
    for them (``Family.summary_figures``: the Danish events); a family that declares none shows its
    own figures on the player page instead (``family_figures``)."""
    return tuple(engine_families.family(family).summary_figures)


def figure_heading(family: str, name: str) -> str:
    """A figure's heading on the pages and in the exports: the family's word for it
    (``TableFamily.figure_words``), else its name."""
    side = table_side(family)
    return str(side.figure_words.get(name, name)) if side is not None else name


# Which family ------------------------------------------------------------------------------------

def table_side(name: str):
    """The family's table side (``table_families.TableFamily``), ``None`` if none is registered."""
    try:
        return table_family(name)
    except KeyError:
        return None


def family_title(name: str) -> str:
    """The family's name as the pages show it ("Dansk tarok", "Tarock (Karlsruhe)"); the engine's
    name for a family whose table side is not registered."""
    side = table_side(name)
    return str(side.label) if side is not None else name


def club_families(club: Club) -> list[str]:
    """The game families the club has played (a table of that family), in the app's order."""
    return _in_app_order(PlayerEveningSummary.objects.filter(club=club))


def player_families(player: Player) -> list[str]:
    """The game families the player has played, in the app's order."""
    return _in_app_order(PlayerEveningSummary.objects.filter(same_player(player)))


def _in_app_order(summaries) -> list[str]:
    played = set(summaries.order_by().values_list("family", flat=True).distinct())
    return [name for name in engine_families.names() if name in played]


def club_family(club: Club) -> str:
    """The club's own game: the family of its rate card (its own card, else its built-in rule set)."""
    if club.default_card_id is not None:
        return club.default_card.family
    return engine_families.rule_sets().get(club.rules, engine_families.DEFAULT_FAMILY)


def standings_family(club: Club, wanted: str | None = None, played: list[str] | None = None,
                     player: Player | None = None) -> str:
    """The family whose standings to show: ``wanted`` if it was played (by the club, or by
    ``player``); else the club's own game if that was played (or nothing yet); else the family of
    the latest evening played."""
    played = club_families(club) if played is None else played
    if wanted in played:
        return wanted
    own = club_family(club)
    if own in played or not played:
        return own
    summaries = PlayerEveningSummary.objects.filter(Q(club=club) if player is None else same_player(player))
    latest = summaries.order_by("-date", "-evening_id").values_list("family", flat=True).first()
    return latest or own


# Which rule set ----------------------------------------------------------------------------------

def club_rule_sets(club: Club) -> list[tuple[str, str]]:
    """(rules, family) of every rule set the club has played, in the app's order of families, the
    built-in cards in their family's order, a club's own cards after them by name."""
    return _rules_in_order(PlayerEveningSummary.objects.filter(club=club))


def player_rule_sets(player: Player) -> list[tuple[str, str]]:
    """(rules, family) of every rule set the player has played, in the same order."""
    return _rules_in_order(PlayerEveningSummary.objects.filter(same_player(player)))


def _rules_in_order(summaries) -> list[tuple[str, str]]:
    played = set(summaries.order_by().values_list("rules", "family").distinct())
    order = {name: i for i, name in enumerate(engine_families.names())}

    def key(pair):
        rules, family = pair
        cards = list(engine_families.family(family).rate_cards) if family in order else []
        return (order.get(family, len(order)), cards.index(rules) if rules in cards else len(cards), rules)

    return sorted(played, key=key)


def rules_title(rules: str, family: str) -> str:
    """The rule set as the pages name it: the family's name for a family of one card
    ("Tarock (Karlsruhe)"), else the family's and the card's ("Dansk tarok · VLK"; a club's own
    card by its name)."""
    try:
        cards = engine_families.family(family).rate_cards
    except KeyError:
        return rules
    if len(cards) == 1 and rules in cards:
        return family_title(family)
    card = cards[rules].title.split(" (")[0] if rules in cards else rules
    return f"{family_title(family)} · {card}"


def club_rules(club: Club) -> str:
    """The club's own card: its default card's name, else its built-in rule set."""
    return club.default_card.name if club.default_card_id is not None else club.rules


def most_played_rules(summaries, family: str | None = None, own: str | None = None) -> str | None:
    """The rule set of most evening summaries among ``summaries`` (of the ``family``; on a tie the
    club's ``own`` card, then by name), ``None`` if none."""
    if family is not None:
        summaries = summaries.filter(family=family)
    counts = summaries.order_by().values_list("rules").annotate(n=Count("id"))
    ranked = sorted(counts, key=lambda pair: (-pair[1], pair[0] != own, pair[0]))
    return ranked[0][0] if ranked else None


def standings_rules(club: Club, wanted: str | None = None, played: list[tuple[str, str]] | None = None,
                    player: Player | None = None, family: str | None = None) -> str:
    """The rule set whose standings to show: ``wanted`` if it was played (by the club, or by
    ``player``); else, for an old link naming a ``family``, that family's most played rule set;
    else the club's own card if it was played (or nothing yet); else its most played rule set."""
    played = club_rule_sets(club) if played is None else played
    names = [rules for rules, _family in played]
    if wanted in names:
        return wanted
    summaries = (PlayerEveningSummary.objects.filter(club=club) if player is None
                 else PlayerEveningSummary.objects.filter(same_player(player)))
    if family is not None and family in {f for _r, f in played}:
        found = most_played_rules(summaries, family, club_rules(club))
        if found is not None:
            return found
    own = club_rules(club)
    if own in names or not played:
        return own
    return most_played_rules(summaries, own=own) or own


def rules_family(rules: str, played: list[tuple[str, str]] | None = None) -> str:
    """The family of the rule set ``rules``: as played, else a built-in card's, else the default."""
    for name, family in played or ():
        if name == rules:
            return family
    return engine_families.rule_sets().get(rules, engine_families.DEFAULT_FAMILY)


def money_across(player: Player, evenings) -> Purse:
    """The player's money over every rule set he played in ``evenings``: the only figure that may
    be added across rule sets (a krone is a krone, a euro a euro: each currency on its own), and
    shown labelled as such."""
    total = Purse()
    for rules, family in player_rule_sets(player):
        row = next((r for r in standings(player.club, evenings=evenings, family=family, rules=rules)
                    if r.player_id == player.pk), None)
        total += row.amounts if row is not None else Purse()
    return total


@dataclass(frozen=True)
class StandingRow:
    player_id: int
    player: str
    evenings: int
    deals: int
    points: int
    #: His money over the evenings, per currency (``money.Purse``): each closed evening's as its
    #: close settled it, each open one's points at the rate, each in its evening's currency.
    amounts: Purse
    average: Decimal | None        # points per deal played, one decimal
    best_evening: int | None
    worst_evening: int | None
    #: The points his money is: each evening's ``Family.money`` of his table's totals, summed. A
    #: family whose deals are payments: his points; a written score (``written_score``): the
    #: pairwise differences of the totals at his tables (docs/rules/selca.md §11).
    money: int = 0
    #: The family's standings figures (``event_fields``), summed by name, in the family's order.
    figures: Mapping[str, int] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        """A figure by its name (``row.tout``), as the pages and exports read a column."""
        figures = self.__dict__.get("figures") or {}
        if name in figures:
            return figures[name]
        raise AttributeError(name)

    def as_dict(self) -> dict[str, Any]:
        """The row as a listing reads it: every field, each figure under its own name."""
        data = asdict(self)
        return {**{k: v for k, v in data.items() if k != "figures"}, **self.figures}


def played_kinds(family: str) -> tuple[str, ...]:
    """The kinds of deal (``Deal.kind``, the family's own words) a player played when he held
    cards (``Family.played_kinds``)."""
    return engine_families.family(family).played_kinds


def written_score(family: str) -> bool:
    """Whether the ``family`` writes a score whose money is not its points (``selectors.written_score``)."""
    return family_writes_score(engine_families.family(family))


def evening_points(evenings, family: str, rules: str | None = None) -> dict[int, dict[int, int]]:
    """{player id: {evening id: points}} at the ``family``'s tables of ``evenings``, from the
    journal (two queries). A seated player whose table has no leg of his yet (a fresh table of a
    card without an opening fee, a misdeal-only deal) has played the evening for 0 points, as his
    summary row says. ``rules``: only the tables of that rule set."""
    tables = Q(entry__table__family=family) & (Q(entry__table__rules=rules) if rules is not None else Q())
    rows = (Leg.objects.filter(tables, account=Account.PLAYER, entry__table__evening__in=evenings)
            .values_list(identity(), "entry__table__evening_id").annotate(total=Sum("amount")))
    points: dict[int, dict[int, int]] = defaultdict(dict)
    seats = Seat.objects.filter(table__evening__in=evenings, table__family=family)
    if rules is not None:
        seats = seats.filter(table__rules=rules)
    for player_id, evening_id in seats.values_list(identity(), "table__evening_id"):
        points[player_id][evening_id] = 0
    for player_id, evening_id, total in rows:
        points[player_id][evening_id] = total
    return points


def table_seats(evenings, family: str, rules: str | None = None) -> dict[int, dict[int, list[int]]]:
    """{evening id: {table id: [player id in seat order]}} of the ``family``'s tables (of the
    ``rules``, when given; one query)."""
    tables: dict[int, dict[int, list[int]]] = defaultdict(dict)
    seats = Seat.objects.filter(table__evening__in=evenings, table__family=family)
    if rules is not None:
        seats = seats.filter(table__rules=rules)
    for evening_id, table_id, player_id in (seats.order_by("table__evening_id", "table__number", "position")
                                            .values_list("table__evening_id", "table_id", identity())):
        tables[evening_id].setdefault(table_id, []).append(player_id)
    return tables


def evening_money(family: str, seated: dict[int, list[int]], points: dict[int, int]) -> dict[int, int]:
    """{player id: money points} of one evening: each of the ``family``'s tables' totals (``points``
    by player) made money by its rule (``Family.money``), in table and seat order."""
    engine = engine_families.family(family)
    return {int(p): m for players in seated.values()
            for p, m in engine.money(tuple((str(p), points.get(p, 0)) for p in players))}


def standings(club: Club, evenings=None, *, family: str | None = None, rules: str | None = None,
              **filters) -> list[StandingRow]:
    """One row per player of the ``rules``' tables (default: ``standings_rules(club)``; the
    ``family`` is the rule set's) over
    ``evenings`` (default: ``standings_evenings(club, **filters)``), from the per-evening summaries:
    one aggregate query, however long the history, and one for the open evenings' provisional
    money (each table's money at the evening's rate). A written score (``written_score``) needs
    its tables to make money of the totals: one query of the seats. A closed evening's money is
    the summaries' (settled among the family's tables of the evening), summed in whole hundredths
    per currency by the database (``cents_sum``: no float on any database)."""
    if evenings is None:
        evenings = standings_evenings(club, **filters)
    rules, family = _rules_and_family(club, rules, family)
    summaries = PlayerEveningSummary.objects.filter(evening__in=evenings, family=family, rules=rules)
    rows = (summaries.values(pid=identity(), pname=identity_name())
            .annotate(evenings=Count("id"), total=Sum("points"), played=Sum("deals"), best=Max("points"),
                      worst=Min("points"),
                      **{f"cents_{c}": cents_sum("kroner", Q(closed=True, evening__currency=c)) for c in CURRENCIES},
                      **{f: figure_sum(f) for f in event_fields(family)}))
    written = written_score(family)
    open_money: dict[int, Purse] = defaultdict(Purse)
    money: dict[int, int] = defaultdict(int)
    if written:
        # every evening's money from its tables (the close froze the kroner, not the money points)
        by_evening: dict[int, dict] = defaultdict(dict)
        for player_id, evening_id, points, closed, frozen, currency in summaries.values_list(
                identity(), "evening_id", "points", "closed", "evening__kroner_per_point", "evening__currency"):
            by_evening[evening_id][player_id] = (points, closed, frozen, currency)
        seats = table_seats(evenings.filter(pk__in=list(by_evening)), family, rules)
        for evening_id, lines in by_evening.items():
            made = evening_money(family, seats.get(evening_id, {}), {p: v[0] for p, v in lines.items()})
            for player_id, (points, closed, frozen, currency) in lines.items():
                money[player_id] += made.get(player_id, points)
                if not closed:
                    open_money[player_id] += _open_money(club, made.get(player_id, points), frozen, currency)
    else:
        for player_id, points, frozen, currency in summaries.filter(closed=False).values_list(
                identity(), "points", "evening__kroner_per_point", "evening__currency"):
            open_money[player_id] += _open_money(club, points, frozen, currency)
    result = [_row(r["pid"], r["pname"], r["evenings"], r["played"] or 0, r["total"] or 0,
                   _closed_money(r) + open_money[r["pid"]],
                   {f: r.get(f) or 0 for f in event_fields(family)}, r["best"], r["worst"],
                   money[r["pid"]] if written else r["total"] or 0) for r in rows]
    result.sort(key=lambda r: (-r.points, r.player))
    return result


def _open_money(club: Club, points: int, frozen: Decimal | None, currency: str | None) -> Purse:
    """An open evening's points at its rate, in its currency: the club's, unless it was closed once
    and froze them (``Evening.rate``, ``Evening.money_currency``)."""
    return Purse.of(club.currency if currency is None else currency,
                    kroner(points, club.kroner_per_point if frozen is None else frozen))


def _closed_money(row: dict) -> Purse:
    """A standings query row's closed evenings' money, per currency that occurred (``cents_<code>``)."""
    return Purse({c: from_cents(row[f"cents_{c}"]) for c in CURRENCIES if row[f"cents_{c}"] is not None})


def _rules_and_family(club: Club, rules: str | None, family: str | None) -> tuple[str, str]:
    """The rule set asked for (default: ``standings_rules``; for a ``family`` alone, its most played
    rule set) and its family."""
    if rules is None:
        rules = standings_rules(club, family=family)
    if family is None:
        family = rules_family(rules, club_rule_sets(club))
    return rules, family


def _row(player_id, name, evenings, deals, total, amounts: Purse, events, best, worst, money) -> StandingRow:
    return StandingRow(
        player_id=player_id, player=name, evenings=evenings, deals=deals, points=total, amounts=amounts,
        average=(Decimal(total) / deals).quantize(Decimal("0.1"), ROUND_HALF_UP) if deals else None,
        best_evening=best, worst_evening=worst, money=money, figures=events)


def standings_from_journal(club: Club, evenings=None, *, family: str | None = None, rules: str | None = None,
                           **filters) -> list[StandingRow]:
    """The same standings re-summed from every leg and per-deal row of the ``rules``' tables (the
    check on the summaries): each table's totals made money by the family's rule, a closed
    evening's money re-settled from it (the family's tables of the evening among themselves, as
    the close settles them: a krone is paid across rule sets of one family), an open one's at its
    rate."""
    if evenings is None:
        evenings = standings_evenings(club, **filters)
    rules, family = _rules_and_family(club, rules, family)
    amounts, money, currencies = _journal_kroner(club, evenings, evening_points(evenings, family), family)
    points = evening_points(evenings, family, rules)
    figures = {
        row["pid"]: row for row in
        PlayerDealStat.objects.filter(evening__in=evenings, deal__current=True, deal__table__family=family,
                                      deal__table__rules=rules)
        .values(pid=identity())
        .annotate(deals=Count("id", filter=Q(active=True, deal__kind__in=played_kinds(family))),
                  **{f: figure_sum(f) for f in event_fields(family)})
    }
    names = names_now(set(points) | set(figures))
    rows = []
    for player_id in set(points) | set(figures):  # a player seated at a table with no deal yet has legs only
        row = figures.get(player_id, {})
        per_evening = points.get(player_id, {})
        rows.append(_row(player_id, names[player_id], len(per_evening), row.get("deals") or 0,
                         sum(per_evening.values()),
                         Purse((currencies[e], amounts[player_id].get(e, Decimal("0"))) for e in per_evening),
                         {f: row.get(f) or 0 for f in event_fields(family)},
                         max(per_evening.values()) if per_evening else None,
                         min(per_evening.values()) if per_evening else None,
                         sum(money[player_id].get(e, 0) for e in per_evening)))
    rows.sort(key=lambda r: (-r.points, r.player))
    return rows


def _journal_kroner(club: Club, evenings, points: dict[int, dict[int, int]], family: str
                    ) -> tuple[dict[int, dict[int, Decimal]], dict[int, dict[int, int]], dict[int, str]]:
    """({player id: {evening id: money}}, {player id: {evening id: money points}}, {evening id:
    currency}) from the journal's points: each table's totals made money by the family's rule
    (``Family.money``), closed evenings settled anew by ``money.evening_kroner`` among the
    ``family``'s tables (table and seat order), open ones at the evening's rate, each in the
    evening's currency."""
    tables = table_seats(evenings, family)
    result: dict[int, dict[int, Decimal]] = defaultdict(dict)
    made: dict[int, dict[int, int]] = defaultdict(dict)
    currencies: dict[int, str] = {}
    for evening in evenings.select_related("club"):
        currencies[evening.pk] = evening.money_currency
        money = tuple((str(p), m) for p, m in evening_money(
            family, tables[evening.pk], {p: e.get(evening.pk, 0) for p, e in points.items()}).items())
        for player_id, amount in money:
            made[int(player_id)][evening.pk] = amount
        # a journal whose money does not sum to zero cannot be settled: its points at the rate (the
        # check names the entry; the kroner then differ from the summaries' too)
        balanced = sum(t for _p, t in money) == 0
        amounts, _payments = evening_kroner(money, evening.rate, settled=evening.is_closed and bool(money) and balanced)
        for player_id, amount in amounts.items():
            result[int(player_id)][evening.pk] = amount
    return result, made, currencies
