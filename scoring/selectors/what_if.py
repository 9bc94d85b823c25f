"""An evening, or a season, under another card of the same family (docs/what-if.md): the stored deals
read as they stand and settled again by the engine's pure ``what_if`` under the card asked for,
beside the evening as recorded, each player by his key (named as he is called now). Nothing is
written. Four queries, however many evenings; the settling is the engine's."""
from __future__ import annotations

import datetime as dt
import json
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from scoring.engine import families as engine_families
from scoring.engine import what_if as engine_what_if
from scoring.models import Club, Deal, Evening, PlayerEveningSummary, Seat, Table

from .members import identity, names_now, shown_words
from .standings import family_title, written_score


@dataclass(frozen=True)
class CardChoice:
    """A card the deals may be settled under: a built-in card of a family (``rules:NAME``) or one of
    the club's own cards (``card:PK``), as the table's seating form offers them."""
    value: str
    family: str
    card: Any
    title: str

    @property
    def name(self) -> str:
        return self.card.name


def card_choices(club: Club, families: list[str]) -> list[CardChoice]:
    """Every card of the ``families`` (in the app's order): the built-in ones, then the club's own."""
    own = list(club.rate_cards.all())
    found = []
    for name in engine_families.names():
        if name not in families:
            continue
        family = engine_families.family(name)
        found += [CardChoice(f"rules:{rules}", name, card, card.title) for rules, card in family.rate_cards.items()]
        found += [CardChoice(f"card:{c.pk}", name, card, card.title) for c in own if c.family == name
                  for card in (c.card(),)]
    return found


def evening_families(evenings) -> list[str]:
    """The families of the tables of ``evenings``, in the app's order."""
    played = set(Table.objects.filter(evening__in=evenings).order_by().values_list("family", flat=True).distinct())
    return [name for name in engine_families.names() if name in played]


def chosen_card(club: Club, evenings, value: str | None) -> CardChoice | None:
    """The card ``value`` names among the choices for ``evenings`` (``card_choices``); with none
    asked, the first card of their first family that none of its tables was played with; ``None``
    when ``value`` names no card of theirs (or they have no table)."""
    choices = card_choices(club, evening_families(evenings))
    if value:
        return next((c for c in choices if c.value == value), None)
    played = set(Table.objects.filter(evening__in=evenings).values_list("rules", flat=True))
    return next((c for c in choices if c.name not in played), choices[0] if choices else None)


def card_named(club: Club, name: str) -> CardChoice | None:
    """The club's own card called ``name``, else the built-in card of that name (the command's ``--card``)."""
    own = club.rate_cards.filter(name=name).first()
    if own is not None:
        return CardChoice(f"card:{own.pk}", own.family, own.card(), own.card().title)
    family = engine_families.family_of_rules(name)
    if family is None:
        return None
    card = family.rate_card(name)
    return CardChoice(f"rules:{name}", family.name, card, card.title)


@dataclass(frozen=True)
class WhatIfRow:
    """A player's line: points and money as recorded and under the card, with the differences
    (``engine.what_if.PlayerTotal``), named as he is called now."""
    player_id: int
    player: str
    recorded_points: int
    points: int | None
    points_difference: int | None
    recorded_money: Any
    money: Any
    money_difference: Any
    left_out: int


@dataclass(frozen=True)
class LeftOut:
    """A deal the card refused (``deal``) or a table it could not seat (``deal`` None): where, and why
    in the page's language."""
    evening_id: int
    date: dt.date
    table: int
    deal: int | None
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class WhatIfReport:
    choice: CardChoice
    family: str
    family_label: str
    written: bool                  # a written score: the points are what was written (``Skrevet``)
    evenings: int
    rows: tuple[WhatIfRow, ...]
    refused: tuple[LeftOut, ...]
    unseated: tuple[LeftOut, ...]


def what_if_report(club: Club, evenings, choice: CardChoice, lang: str) -> WhatIfReport:
    """The ``choice``'s family's tables of ``evenings`` as recorded and under the card: each player's
    sums, best difference first, and every deal and table left out with the card's reasons in ``lang``."""
    family = engine_families.family(choice.family)
    heads = list(Evening.objects.filter(pk__in=evenings.values("pk"), tables__family=family.name).distinct()
                 .select_related("club").order_by("date", "created_at", "pk"))
    tables = list(Table.objects.filter(evening__in=heads, family=family.name).order_by("evening_id", "number")
                  .values_list("pk", "evening_id", "number"))
    ids = [t[0] for t in tables]
    seats: dict[int, list[tuple[str, int]]] = defaultdict(list)
    for table_id, seated, name, key in (Seat.objects.filter(table_id__in=ids).order_by("table_id", "position")
                                        .values_list("table_id", "name", "player__name", identity())):
        seats[table_id].append((seated or name, key))
    deals: dict[int, list[tuple[int, Any]]] = defaultdict(list)
    for table_id, number, outcome in (Deal.objects.filter(table_id__in=ids, current=True)
                                      .order_by("table_id", "number").values_list("table_id", "number", "outcome_json")):
        deals[table_id].append((number, json.loads(outcome)))
    recorded, kroner = {}, defaultdict(dict)   # each player's points, and a closed evening's money as closed
    for key, evening_id, points, amount in PlayerEveningSummary.objects.filter(
            evening__in=heads, family=family.name).values_list(identity(), "evening_id", "points", "kroner"):
        recorded[(evening_id, key)] = points
        if amount is not None:
            kroner[evening_id][key] = amount
    now = names_now({key for seated in seats.values() for _name, key in seated})
    by_evening: dict[int, list[engine_what_if.WhatIfTable]] = defaultdict(list)
    seated_names: dict[tuple[int, int], dict[str, str]] = {}
    for table_id, evening_id, number in tables:
        names, keys = tuple(n for n, _k in seats[table_id]), tuple(k for _n, k in seats[table_id])
        seated_names[(evening_id, number)] = {n: now[k] for n, k in seats[table_id]}
        by_evening[evening_id].append(engine_what_if.WhatIfTable(
            number, names, keys, tuple(deals[table_id]), tuple(recorded.get((evening_id, k), 0) for k in keys)))
    settled, refused, unseated = [], [], []
    for evening in heads:
        result = engine_what_if.evening_what_if(family, by_evening[evening.pk], choice.card, evening.rate,
                                                closed=evening.is_closed,
                                                recorded_money=kroner[evening.pk] if evening.is_closed else None)
        settled.append((evening.money_currency, result))
        for number, deal in result.refused:
            refused.append(LeftOut(evening.pk, evening.date, number, deal.number,
                                   _worded(deal.problems, lang, seated_names[(evening.pk, number)])))
        for number, problems in result.unseated:
            unseated.append(LeftOut(evening.pk, evening.date, number, None,
                                    _worded(problems, lang, seated_names[(evening.pk, number)])))
    rows = [WhatIfRow(t.key, now[t.key], t.recorded_points, t.points, t.points_difference, t.recorded_money,
                      t.money, t.money_difference, t.left_out)
            for t in engine_what_if.player_totals_of(settled)]
    rows.sort(key=lambda r: (r.points_difference is None, -(r.points_difference or 0), r.player))
    return WhatIfReport(choice, family.name, family_title(family.name), written_score(family.name), len(heads),
                        tuple(rows), tuple(refused), tuple(unseated))


def _worded(problems, lang: str, names_now_of: dict[str, str]) -> tuple[str, ...]:
    """The card's reasons in ``lang``, each once and after the field of the deal it is about (the
    evening file's path: "pagat: skal udfyldes"), a name as seated shown beside the name now
    (docs/names.md)."""
    seen: list[str] = []
    worded = [f"{p.field}: {p.message(lang)}" if p.field else p.message(lang) for p in problems]
    for text in shown_words(worded, names_now_of):
        if text not in seen:
            seen.append(text)
    return tuple(seen)
