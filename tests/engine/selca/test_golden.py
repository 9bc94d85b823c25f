"""The golden Selca evenings (docs/rules/selca.md §10's worked examples and a table of four), settled
number for number, through the engine and through ``manage.py settle --json``; each deal's
``formula`` is informative (§14) and compared only where §10 prints its numbers."""
import json
import re

import pytest

from scoring.engine.interchange import dumps, load, loads
from scoring.engine.report import settlement_text, settlement_to_dict
from scoring.engine.settle import settle_evening
from tests.conftest import GOLDEN, settle

FILES = ["worked-examples", "four-players"]


def _without_formulas(data: dict) -> dict:
    data = json.loads(json.dumps(data))
    data.pop("rules", None)
    for deal in data["deals"]:
        assert isinstance(deal.pop("formula"), str)
    return data


def _expected(name: str) -> dict:
    return json.loads((GOLDEN / "selca" / f"{name}.expected.json").read_text())


@pytest.mark.parametrize("name", FILES)
def test_selca_golden_settles_exactly_to_expected(name):
    got = settlement_to_dict(settle_evening(load(GOLDEN / "selca" / f"{name}.json")))
    assert got["rules"] == "selca"
    assert _without_formulas(got) == _without_formulas(_expected(name))


@pytest.mark.parametrize("name", FILES)
def test_selca_golden_through_manage_py_settle_json(name):
    out = settle(GOLDEN / "selca" / f"{name}.json", "--json")
    assert out.returncode == 0, out.stderr
    assert _without_formulas(json.loads(out.stdout)) == _without_formulas(_expected(name))


@pytest.mark.parametrize("name", FILES)
def test_selca_golden_every_row_has_no_cups_and_the_sheet_text_no_cup_column(name):
    s = settle_evening(load(GOLDEN / "selca" / f"{name}.json"))
    got = settlement_to_dict(s)
    assert all(row["cups"] == {} for row in (got["opening"], *got["deals"], got["split"]))
    assert s.pots == ("sheet",) and s.cups == ()
    text = settlement_text(s)
    assert "cup" not in text and "sheet" not in text
    assert text.count("MONEY") == 1


@pytest.mark.parametrize("name", FILES)
def test_selca_golden_survives_write_then_read(name):
    evening = load(GOLDEN / "selca" / f"{name}.json")
    assert loads(dumps(evening)) == evening


def test_selca_s11_money_of_the_worked_examples():
    got = settlement_to_dict(settle_evening(load(GOLDEN / "selca" / "worked-examples.json")))
    assert got["totals"] == {"Ana": -145, "Bojan": 66, "Cene": 27}
    # money_i = n·T_i − ΣT, ΣT = −52
    assert got["money"] == {"Ana": 3 * -145 + 52, "Bojan": 3 * 66 + 52, "Cene": 3 * 27 + 52}
    assert got["transfers"] == [{"from": "Ana", "to": "Bojan", "points": 250},
                                {"from": "Ana", "to": "Cene", "points": 133}]


def as_the_seed_writes(formula: str) -> str:
    """A golden formula's counts as the app writes them: the goldens (copies of the sources, kept
    byte for byte) write 30⅔, the app the seed's 30,6 (docs/rules/selca.md §14, §16)."""
    return re.sub(r"(\d+)([⅓⅔])", lambda m: f"{m[1]},{'3' if m[2] == '⅓' else '6'}", formula)


def test_selca_formulas_read_like_the_goldens():
    """Not compared by the contract, but written in the goldens' words: kept in step with them."""
    for name in FILES:
        got = settlement_to_dict(settle_evening(load(GOLDEN / "selca" / f"{name}.json")))
        assert [d["formula"] for d in got["deals"]] == [as_the_seed_writes(d["formula"])
                                                        for d in _expected(name)["deals"]]
