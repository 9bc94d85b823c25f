"""``manage.py settle FILE --json`` in one call (``pipeline.settlement_json``): the evening settled as
the engine settles it, and a broken file refused with the reader's own problems."""
import json

import pytest

from families.danish.engine import generate
from scoring.engine import interchange
from scoring.engine.pipeline import settlement_json
from scoring.engine.problems import EveningError
from scoring.engine.report import settlement_to_dict
from scoring.engine.settle import settle_evening

CASES = [("vlk", ("Anne", "Bent", "Carl", "Dorte")), ("vlk", ("Anne", "Bent", "Carl", "Dorte", "Erik")),
         ("grosstarock", ("Anne", "Bent", "Carl")), ("dtf2011", ("Anne", "Bent", "Carl"))]


@pytest.mark.parametrize("rules,players", CASES)
def test_the_pipeline_settles_as_the_engine_and_refuses_as_it(rules, players):
    evening = generate.random_evening(seed=5, players=players, deals=60, rules=rules)
    text = interchange.dumps(evening)
    assert json.loads(settlement_json(text)) == json.loads(json.dumps(settlement_to_dict(settle_evening(evening))))
    broken = json.loads(text)
    broken["deals"][10]["dealer"] = "Nobody"
    broken["deals"][20]["melds"] = [{"player": "Anne", "kind": "bogus"}]
    with pytest.raises(EveningError) as strictly:
        interchange.loads(json.dumps(broken))
    with pytest.raises(EveningError) as piped:
        settlement_json(json.dumps(broken))
    assert piped.value.lines("en") == strictly.value.lines("en")
    assert len(strictly.value.lines("en")) >= 2
