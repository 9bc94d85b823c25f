"""An evening under another card (docs/what-if.md): the same deals settled under another rate card of
the same family, beside the evening as recorded. Pure, any family, through the protocol alone.

A deal the other card refuses (its reader or its rules: a tout where the card has none) is left out
of the what-if only, named with the card's reasons, and the deals after it settle from the state the
deals before it left (the Danish cups run on without it, the Karlsruhe Radl counts without it). A
table the card cannot seat (five at a card for four) is left out of the what-if whole, named. The
money is each evening's, as its close settles it: each table's totals made money by the family's
rule (``Family.money``), then settled among the family's tables of the evening at its rate.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Hashable, Mapping, Sequence

from .families import Family
from .ledger import player_totals
from .money import Purse, evening_kroner
from .problems import EveningError, Problem


@dataclass(frozen=True)
class RefusedDeal:
    """A deal the other card refused: its number on the sheet and the card's reasons."""
    number: int
    problems: tuple[Problem, ...]


@dataclass(frozen=True)
class TableUnder:
    """One table settled under the other card: each player's total in seat order, or ``None`` with
    the reasons the card cannot seat it (``seating``); the deals it refused."""
    totals: tuple[int, ...] | None
    refused: tuple[RefusedDeal, ...] = ()
    seating: tuple[Problem, ...] = ()


def table_under(family: Family, players: tuple[str, ...], deals: Sequence[tuple[int, Any]], card: Any, *,
                closed: bool) -> TableUnder:
    """``players`` (as seated, in seat order) and their ``deals`` ((number on the sheet, the deal as
    the evening file writes it), in order) settled under ``card``: the opening, every deal the card
    takes, each from the state the ones before it left, and the split of a ``closed`` evening."""
    seating = family.validate_players(players, card)
    if seating:
        return TableUnder(None, (), tuple(seating))
    entries = [family.settle_opening(players, card)]
    refused: list[RefusedDeal] = []
    for number, raw in deals:
        try:
            deal = family.parse_deal(raw, number, card)
            entries.append(family.settle_deal(players, len(entries), deal, entries[-1].state, card))
        except EveningError as refusal:
            refused.append(RefusedDeal(number, refusal.problems))
    running = player_totals(players, entries)
    if closed:
        split = family.settle_split(players, entries[-1].state, running, card)
        running = player_totals(players, (*entries, split))
    return TableUnder(tuple(running[p] for p in players), tuple(refused))


@dataclass(frozen=True)
class WhatIfTable:
    """A table of the evening as recorded: its number, its players as seated and each one's key (who
    he is now), in seat order, its deals ((number, deal object as the file writes it)) and each
    player's total as it stands."""
    number: int
    players: tuple[str, ...]
    keys: tuple[Hashable, ...]
    deals: tuple[tuple[int, Any], ...]
    recorded: tuple[int, ...]


@dataclass(frozen=True)
class PlayerWhatIf:
    """A player's evening (or sum of evenings) as recorded and under the other card: points and
    money; ``None`` under the card where his table was left out."""
    key: Hashable
    recorded_points: int
    points: int | None
    recorded_money: Decimal
    money: Decimal | None

    @property
    def points_difference(self) -> int | None:
        return None if self.points is None else self.points - self.recorded_points

    @property
    def money_difference(self) -> Decimal | None:
        return None if self.money is None else self.money - self.recorded_money


@dataclass(frozen=True)
class EveningWhatIf:
    """An evening's tables of one family under another card: each player as recorded and under the
    card, the deals refused by table number, and the tables left out with why."""
    players: tuple[PlayerWhatIf, ...]
    refused: tuple[tuple[int, RefusedDeal], ...] = ()
    unseated: tuple[tuple[int, tuple[Problem, ...]], ...] = ()
    tables: tuple[TableUnder, ...] = field(default=(), repr=False)


def evening_what_if(family: Family, tables: Sequence[WhatIfTable], card: Any, rate: Decimal, *,
                    closed: bool, recorded_money: Mapping[Hashable, Decimal] | None = None) -> EveningWhatIf:
    """The family's ``tables`` of one evening as recorded and settled under ``card``: each player's
    points, and his money at the evening's ``rate`` (settled among the tables as a ``closed``
    evening's close settles it; an open one's at the rate), recorded and under the card.
    ``recorded_money``: each player's money as the close settled it, where the caller has it (the
    same sums, not settled twice)."""
    under = [table_under(family, t.players, t.deals, card, closed=closed) for t in tables]

    def money(totals_of) -> dict[str, Decimal]:
        paid = tuple(pair for t, totals in totals_of for pair in family.money(
            tuple((str(key), total) for key, total in zip(t.keys, totals))))
        return evening_kroner(paid, rate, settled=closed)[0] if paid else {}

    recorded = ({str(key): amount for key, amount in recorded_money.items()} if recorded_money is not None
                else money((t, t.recorded) for t in tables))
    what_if = money((t, u.totals) for t, u in zip(tables, under) if u.totals is not None)
    players = []
    for t, u in zip(tables, under):
        for i, key in enumerate(t.keys):
            players.append(PlayerWhatIf(key, t.recorded[i], None if u.totals is None else u.totals[i],
                                        recorded.get(str(key), Decimal("0.00")), what_if.get(str(key))))
    return EveningWhatIf(
        tuple(players), tuple((t.number, r) for t, u in zip(tables, under) for r in u.refused),
        tuple((t.number, u.seating) for t, u in zip(tables, under) if u.totals is None), tuple(under))


@dataclass(frozen=True)
class PlayerTotal:
    """A player's evenings summed: as recorded (every evening), under the card (the evenings whose
    table it could seat; ``None`` for none) and the difference over those same evenings; money per
    currency (``Purse``); ``left_out``: his evenings whose table the card could not seat."""
    key: Hashable
    recorded_points: int
    points: int | None
    points_difference: int | None
    recorded_money: Purse
    money: Purse | None
    money_difference: Purse | None
    left_out: int = 0


def player_totals_of(evenings: Sequence[tuple[str, EveningWhatIf]]) -> tuple[PlayerTotal, ...]:
    """Each player's sum over ``evenings`` ((the evening's currency, its what-if)), in the order
    each first appears."""
    found: dict[Hashable, list] = {}
    for currency, evening in evenings:
        for p in evening.players:
            line = found.setdefault(p.key, [0, None, None, Purse(), None, None, 0])
            line[0] += p.recorded_points
            line[3] += Purse.of(currency, p.recorded_money)
            if p.points is None:
                line[6] += 1
                continue
            line[1] = (line[1] or 0) + p.points
            line[2] = (line[2] or 0) + p.points_difference
            line[4] = (line[4] or Purse()) + Purse.of(currency, p.money)
            line[5] = (line[5] or Purse()) + Purse.of(currency, p.money_difference)
    return tuple(PlayerTotal(key, *line) for key, line in found.items())
