"""Small builders for the Selca engine tests: an evening file around a few deals, its problems as
(deal, field, code), one deal settled."""
from __future__ import annotations

import json

import pytest

from scoring.engine.interchange import loads
from scoring.engine.problems import EveningError
from families.selca.engine.interchange import parse_deal
from families.selca.engine.rates import SELCA
from families.selca.engine import FAMILY
settle_deal = FAMILY.settle_deal   # the family's defaults (family_of_modules)

THREE = ("Ana", "Bojan", "Cene")
FOUR = ("Ana", "Bojan", "Cene", "Darja")


def evening(*deals: dict, players=THREE, **top) -> dict:
    return {"format": "tarokklub.evening/1", "rules": "selca", "players": list(players), "deals": list(deals),
            **top}


def problems(data: dict) -> list[tuple[int | None, str, str]]:
    """Every problem the file has, as (deal, field, code); the file must have at least one."""
    with pytest.raises(EveningError) as caught:
        loads(json.dumps(data))
    return [(p.deal, p.field, p.code) for p in caught.value.problems]


def problems_of_deal(deal: dict, players=THREE, number: int = 1) -> list[tuple[int | None, str, str]]:
    """The problems of ``deal`` recorded as deal ``number`` (earlier deals: valid misdeals)."""
    before = [{"dealer": players[0], "kind": "misdeal"}] * (number - 1)
    return problems(evening(*before, deal, players=players))


def entry(deal: dict, players=THREE, state: int = 0, card=SELCA, number: int = 1):
    """One deal settled with the sheet holding ``state`` before it."""
    return settle_deal(players, number, parse_deal(deal, number), state, card)


def written(deal: dict, players=THREE, card=SELCA) -> dict[str, int]:
    """What one deal writes to each player."""
    e = entry(deal, players, card=card)
    return {p: e.net[p] for p in players}
