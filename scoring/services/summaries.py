"""The per-player evening summary rows, recomputed from the journal and the per-deal figures inside
every write's transaction."""
from __future__ import annotations

from decimal import Decimal
from typing import Iterable

from django.db.models import Sum

from scoring.engine import families
from scoring.engine.money import Payment, evening_kroner
from scoring.models import Account, Evening, JournalEntry, Leg, Player, PlayerDealStat, PlayerEveningSummary, Seat


def summary_refresh(evening: Evening, players: Iterable[Player] | None = None) -> None:
    """Recompute the summary rows of ``evening`` (of ``players``, default: everyone seated) from the
    journal and the per-deal figures: queries over this one evening only. Called by every service
    that writes, inside its transaction."""
    evening = Evening.objects.select_related("club").get(pk=evening.pk)
    # The legs are reached through this evening's entries, never through the player: filtering
    # both by evening and by player lets the database walk each player's legs over his whole
    # history (the (player, entry) index), so recording a deal would slow down as a club ages.
    entries = list(JournalEntry.objects.filter(table__evening=evening).values_list("pk", flat=True))
    legs = Leg.objects.filter(entry_id__in=entries, account=Account.PLAYER)
    stats = PlayerDealStat.objects.filter(evening=evening, deal__current=True)
    existing = PlayerEveningSummary.objects.filter(evening=evening)
    if players is None:
        wanted = set(Seat.objects.filter(table__evening=evening).values_list("player_id", flat=True))
    else:
        wanted = {p.pk for p in players}
        legs, stats, existing = (legs.filter(player_id__in=wanted), stats.filter(player_id__in=wanted),
                                 existing.filter(player_id__in=wanted))
    points = dict(legs.values_list("player_id").annotate(total=Sum("amount")).values_list("player_id", "total"))
    table_of = {player_id: (family, rules) for player_id, family, rules in Seat.objects.filter(
        table__evening=evening).values_list("player_id", "table__family", "table__rules")}
    kroner_of = {} if evening.closed_at is None else _closed_kroner(evening, points if players is None else None)
    deals, figures = _summed_figures(stats)
    rows = {s.player_id: s for s in existing}
    for player_id in wanted | set(rows):
        family, rules = table_of.get(player_id, (families.DEFAULT_FAMILY, ""))
        values = {"club_id": evening.club_id, "closed": evening.closed_at is not None, "date": evening.date,
                  "family": family, "rules": rules,
                  "points": points.get(player_id) or 0, "kroner": kroner_of.get(player_id),
                  "deals": deals.get(player_id, 0), "figures": figures.get(player_id, {})}
        if player_id in rows:
            PlayerEveningSummary.objects.filter(pk=rows[player_id].pk).update(**values)
        else:
            PlayerEveningSummary.objects.create(player_id=player_id, evening=evening, **values)


def _summed_figures(stats) -> tuple[dict[int, int], dict[int, dict[str, int]]]:
    """({player id: deals played}, {player id: {figure: sum}}) of the per-deal rows ``stats``: a
    deal counts as played when he held cards in a deal of a kind his family counts as played
    (``Family.played_kinds``); each figure is summed by its name, whatever the family, and a sum
    of 0 is left out as in the rows."""
    played = families.played_kinds()
    deals: dict[int, int] = {}
    figures: dict[int, dict[str, int]] = {}
    for player_id, active, kind, row in stats.values_list("player_id", "active", "deal__kind", "figures"):
        deals[player_id] = deals.get(player_id, 0) + int(active and kind in played)
        mine = figures.setdefault(player_id, {})
        for name, value in row.items():
            mine[name] = mine.get(name, 0) + value
    return deals, {p: {n: v for n, v in sums.items() if v} for p, sums in figures.items()}


def _closed_kroner(evening: Evening, points: dict[int, int] | None = None) -> dict[int, Decimal]:
    """{player id: kroner} of a closed evening: the sum of his payments at the evening's frozen rate
    (``closed_payments``). ``points``: every player's points of the evening, when the caller has
    them already."""
    return closed_payments(evening, points)[0]


def closed_payments(evening: Evening, points: dict[int, int] | None = None
                    ) -> tuple[dict[int, Decimal], list[tuple[str, Payment]]]:
    """({player id: kroner}, [(family, payment)]) of a closed evening, each payment's payer and
    payee a player id as text: the fewest payments at the evening's frozen rate
    (``money.evening_kroner``, players in table and seat order as on the evening sheet). Each
    table's totals become money by its family's rule (``Family.money``: the totals themselves, or a
    written score's pairwise differences), and the money is settled within each game family (a
    Danish point is not a Karlsruhe point: the tables of one family pay each other)."""
    seated = list(Seat.objects.filter(table__evening=evening).order_by("table__number", "position")
                  .values_list("table_id", "table__family", "player_id"))
    if points is None:
        points = dict(Leg.objects.filter(entry__table__evening=evening, account=Account.PLAYER)
                      .values_list("player_id").annotate(total=Sum("amount")).values_list("player_id", "total"))
    return settle_seated(seated, points, evening.rate)


def settle_seated(seated, points: dict[int, int], rate: Decimal
                  ) -> tuple[dict[int, Decimal], list[tuple[str, Payment]]]:
    """``closed_payments`` of plain data (pure): ``seated`` (table id, family, player id) in table
    and seat order, each player's ``points`` and the evening's rate."""
    tables: dict[int, tuple[str, list[tuple[str, int]]]] = {}
    for table_id, family, player_id in seated:
        tables.setdefault(table_id, (family, []))[1].append((str(player_id), points.get(player_id) or 0))
    by_family: dict[str, list[tuple[str, int]]] = {}
    for family, totals in tables.values():
        by_family.setdefault(family, []).extend(families.family(family).money(tuple(totals)))
    kroner_of: dict[int, Decimal] = {}
    payments: list[tuple[str, Payment]] = []
    for family, money in by_family.items():
        amounts, settled = evening_kroner(tuple(money), rate, settled=True)
        kroner_of.update({int(player_id): amount for player_id, amount in amounts.items()})
        payments += [(family, p) for p in settled]
    return kroner_of, payments
