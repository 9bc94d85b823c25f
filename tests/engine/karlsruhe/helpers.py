"""Small builders for the Karlsruhe engine tests: an evening file around a few deals, its problems
as (deal, field, code), one deal settled."""
from __future__ import annotations

import json

import pytest

from scoring.engine.interchange import loads
from families.karlsruhe.engine.interchange import parse_deal
from families.karlsruhe.engine.rates import KARLSRUHE
from families.karlsruhe.engine import FAMILY
from scoring.engine.problems import EveningError
settle_deal = FAMILY.settle_deal   # the family's defaults (family_of_modules)

FOUR = ("Anna", "Bernd", "Clara", "Dieter")
FIVE = ("Anna", "Bernd", "Clara", "Dieter", "Emil")


def evening(*deals: dict, players=FOUR, **top) -> dict:
    return {"format": "tarokklub.evening/1", "rules": "karlsruhe", "players": list(players), "deals": list(deals),
            **top}


def problems(data: dict) -> list[tuple[int | None, str, str]]:
    """Every problem the file has, as (deal, field, code); the file must have at least one."""
    with pytest.raises(EveningError) as caught:
        loads(json.dumps(data))
    return [(p.deal, p.field, p.code) for p in caught.value.problems]


def problems_of_deal(deal: dict, players=FOUR, number: int = 1) -> list[tuple[int | None, str, str]]:
    """The problems of ``deal`` recorded as deal ``number`` (earlier deals: valid redeals)."""
    before = [{"dealer": deal.get("dealer", players[0]), "kind": "redeal"}] * (number - 1)
    return problems(evening(*before, deal, players=players))


def entry(deal: dict, players=FOUR, state: int = 0, card=KARLSRUHE, number: int = 1):
    """One deal settled with ``state`` Radl deals owed before it."""
    return settle_deal(players, number, parse_deal(deal, number), state, card)
