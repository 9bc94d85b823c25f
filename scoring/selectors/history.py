"""A player's history at one family's tables: his result evening by evening (the player page's
table and chart), his family's own figures, and the club's largest cups won in one deal."""
from __future__ import annotations

import datetime as dt
import json
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import IntegerField
from django.db.models.fields.json import KT
from django.db.models.functions import Cast

from scoring.engine import families as engine_families
from scoring.engine.money import DEFAULT_CURRENCY, kroner
from scoring.models import Evening, Player, PlayerDealStat, PlayerEveningSummary
from scoring.table_families import cup_won_word

from .members import identity, identity_of, same_player
from .standings import (
    event_fields, evening_money, played_kinds, player_rule_sets, rules_family, standings_rules, table_seats,
    written_score
)


@dataclass(frozen=True)
class PlayerEvening:
    evening_id: int
    date: dt.date
    closed: bool
    points: int
    kroner: Decimal       # his money of the evening, in its currency
    cumulative: int
    money: int = 0        # the points his money is (``StandingRow.money``)
    currency: str = DEFAULT_CURRENCY    # the evening's (``Evening.money_currency``)


def player_evenings(player, evenings, family: str | None = None, rules: str | None = None) -> list[PlayerEvening]:
    """The player's result per evening at the ``rules``' tables (default: ``standings_rules`` of
    his club and him; the ``family`` is the rule set's), oldest first, with the running sum (one
    query; a written score's money from his table's totals, two more)."""
    if rules is None:
        played = player_rule_sets(player)
        rules = standings_rules(player.club, None, played, player, family)
        family = rules_family(rules, played)
    elif family is None:
        family = rules_family(rules, player_rule_sets(player))
    summaries = list(PlayerEveningSummary.objects.filter(same_player(player), evening__in=evenings, family=family,
                                                         rules=rules)
                     .select_related("evening__club").order_by("date", "evening_id"))
    money = _written_money([s.evening_id for s in summaries], family, rules) if written_score(family) else {}
    rows, running = [], 0
    for summary in summaries:
        running += summary.points
        made = money.get(summary.evening_id, {}).get(player.pk, summary.points)
        amount = summary.kroner if summary.kroner is not None else kroner(made, summary.evening.rate)
        rows.append(PlayerEvening(summary.evening_id, summary.date, summary.closed, summary.points,
                                  amount, running, made, summary.evening.money_currency))
    return rows


def _written_money(evening_ids: list[int], family: str, rules: str) -> dict[int, dict[int, int]]:
    """{evening id: {player id: money points}} of the ``rules``' tables of those evenings, from
    the summaries' points (two queries)."""
    points: dict[int, dict[int, int]] = defaultdict(dict)
    for player_id, evening_id, total in PlayerEveningSummary.objects.filter(
            evening_id__in=evening_ids, family=family, rules=rules).values_list(identity(), "evening_id", "points"):
        points[evening_id][player_id] = total
    seats = table_seats(Evening.objects.filter(pk__in=evening_ids), family, rules)
    return {e: evening_money(family, seats.get(e, {}), points[e]) for e in evening_ids}


@dataclass(frozen=True)
class CupWin:
    date: dt.date
    evening_id: int
    player: str
    amount: int
    how: str          # the family's word for how it was won (``TableFamily.cup_won_word``), or ""


def largest_cups_won(evenings, limit: int = 5, rules: str | None = None) -> list[CupWin]:
    """The largest cups taken in one deal (at the ``rules``' tables, when given: one rule set's cups
    are not another's), read from the figure each family with cups stores them by
    (``Family.cup_won_figure``): one query per such family."""
    found: list[CupWin] = []
    for name in engine_families.names():
        figure = engine_families.family(name).cup_won_figure
        if figure is None:
            continue
        rows = PlayerDealStat.objects.filter(evening__in=evenings, deal__current=True, deal__table__family=name)
        if rules is not None:
            rows = rows.filter(rules=rules)
        rows = (rows
                .annotate(won=Cast(KT(f"figures__{figure}"), IntegerField())).filter(won__gt=0)
                .select_related("player__merged_into", "evening").order_by("-won", "evening__date")[:limit])
        found += [CupWin(r.evening.date, r.evening_id, identity_of(r.player).name, r.won, cup_won_word(name, r.figures))
                  for r in rows]
    return sorted(found, key=lambda c: (-c.amount, c.date))[:limit]


@dataclass(frozen=True)
class FamilyFigures:
    """A player's figures at one family's tables, from the family's own ``deal_stats``: each count
    the family gives (summed over the deals), and per game the deals he declared, won and lost."""
    family: str
    deals: int                                       # deals he played in (``played_kinds``, not sitting out)
    counts: tuple[tuple[str, int], ...]              # figure name, total
    games: tuple[tuple[str, int, int, int], ...]     # game, declared, won, lost (as declarer)

    @property
    def declared(self) -> int:
        return sum(declared for _, declared, _won, _lost in self.games)


#: The declarer's figures, shown per game instead of summed (``families.py``).
_DECLARER_FIGURES = ("declarer", "declarer_won", "declarer_lost")


def family_figures(player: Player, evenings, family: str, rules: str | None = None) -> FamilyFigures | None:
    """The player's figures at the ``family``'s tables of ``evenings``, for a family whose figures
    the standings do not show (``event_fields`` empty; ``None`` for one whose they do): the stored
    figures of each deal he sat in (``PlayerDealStat.figures``, the current version of every deal)
    summed by name in the family's order (``Family.figures``), and the deals he declared counted
    under the deal's game (its evening-file deal object's ``game``). One query, however many
    evenings; nothing is settled again. ``rules``: only that rule set's tables."""
    if event_fields(family):
        return None
    engine = engine_families.family(family)
    kinds = played_kinds(family)
    names = [name for name in engine.figures if name not in _DECLARER_FIGURES]
    counts: dict[str, int] = {}
    games: dict[str, list[int]] = {}
    played = 0
    rows = PlayerDealStat.objects.filter(same_player(player), evening__in=evenings, deal__current=True,
                                         deal__table__family=family, active=True)
    if rules is not None:
        rows = rows.filter(deal__table__rules=rules)
    rows = (rows.order_by("deal__table__evening__date", "deal__table__evening_id", "deal__table__number", "deal__number")
            .values_list("figures", "deal__kind", "deal__outcome_json"))
    for figures, kind, outcome in rows:
        played += int(kind in kinds)   # as the standings count deals
        for name in names:
            counts[name] = counts.get(name, 0) + figures.get(name, 0)
        if figures.get("declarer"):
            game = json.loads(outcome).get("game")
            tally = games.setdefault(game if isinstance(game, str) else str(game), [0, 0, 0])
            tally[0] += 1
            tally[1] += int(bool(figures.get("declarer_won")))
            tally[2] += int(bool(figures.get("declarer_lost")))
    return FamilyFigures(family, played, tuple(counts.items()),
                         tuple((game, *tally) for game, tally in games.items()))
