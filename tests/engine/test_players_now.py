"""docs/format.md's ``players_now``: what a club calls a player now, beside the names the deals
record. Read by every family's reader (``reading.read_top``); it settles nothing."""
import json
from pathlib import Path

import pytest

from scoring.engine.interchange import parse_evening
from scoring.engine.problems import EveningError

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
FILES = ("four-players-tout-nolo-fines.json", "karlsruhe/seed-table.json", "selca/four-players.json",
         "grosstarock/grosstarock-worked.json")


def _file(name: str) -> dict:
    return json.loads((GOLDEN / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", FILES)
def test_players_now_is_read_and_settles_nothing(name):
    data = _file(name)
    plain = parse_evening(data)
    data["players_now"] = {data["players"][1]: "Bent Hansen"}
    assert parse_evening(data) == plain


@pytest.mark.parametrize("now, field", [
    ([], "players_now"),
    ({"Nobody": "X"}, "players_now.Nobody"),
    ({"Anne": 5}, "players_now.Anne"),
    ({"Anne": " Anne"}, "players_now.Anne"),
])
def test_bad_players_now_is_refused_at_its_field(now, field):
    data = _file("four-players-tout-nolo-fines.json")
    data["players_now"] = now
    with pytest.raises(EveningError) as refused:
        parse_evening(data)
    assert field in {p.field for p in refused.value.problems}, [str(p) for p in refused.value.problems]
