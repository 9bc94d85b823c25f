"""The bench's plain scripts (``families/*/engine/plain*.py``) compute the engine's amounts: each
deal's net per player and the cups, the opening and the totals, on generated evenings of every
family and card at every table size; else ``manage.py bench`` would compare different work."""
from __future__ import annotations

import importlib
import json

import pytest

from scoring.engine import interchange
from scoring.engine.families import engine_package
from scoring.engine.pipeline import settlement_json
from scoring.management.commands.bench import PIPELINE_CASES, plain_card, plain_settle_text, same_amounts

TABLES = {
    "vlk": [("Anne", "Bent", "Carl"), ("Anne", "Bent", "Carl", "Dorte"), ("Anne", "Bent", "Carl", "Dorte", "Erik")],
    "karlsruhe": [("Anna", "Bernd", "Clara", "Dieter"), ("Anna", "Bernd", "Clara", "Dieter", "Emil")],
    "selca": [("Ana", "Bojan", "Cene"), ("Ana", "Bojan", "Cene", "Darja")],
    "grosstarock": [("Anne", "Bent", "Carl"), ("Anne", "Bent", "Carl", "Dorte")],
    "taroc1754": [("Anne", "Bent", "Carl"), ("Anne", "Bent", "Carl", "Dorte")],
}


@pytest.mark.parametrize("name,players", [(n, p) for n, tables in TABLES.items() for p in tables])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_plain_script_computes_the_engines_amounts(name, players, seed):
    family, options, plain_module = PIPELINE_CASES[name]
    generate = importlib.import_module(f"{engine_package(family)}.generate")
    evening = generate.random_evening(seed, deals=400, **{**options, "players": players})
    text = interchange.dumps(evening)
    plain = importlib.import_module(plain_module)
    card = plain_card(interchange.family_of(evening).rate_cards[evening.rules])
    ours = json.loads(settlement_json(text))
    mine = json.loads(plain_settle_text(plain, text, card))
    same_amounts(mine, ours, name)
    assert len(mine["deals"]) == 400


def test_a_wrong_amount_is_caught():
    """The comparison itself can fail: one changed net makes it raise."""
    family, options, plain_module = PIPELINE_CASES["selca"]
    evening = importlib.import_module(f"{engine_package(family)}.generate").random_evening(3, deals=20)
    text = interchange.dumps(evening)
    ours = json.loads(settlement_json(text))
    mine = json.loads(plain_settle_text(importlib.import_module(plain_module), text,
                                        plain_card(interchange.family_of(evening).rate_cards[evening.rules])))
    first = next(iter(mine["deals"][5]["net"]))
    mine["deals"][5]["net"][first] += 1
    with pytest.raises(AssertionError):
        same_amounts(mine, ours, "selca")
