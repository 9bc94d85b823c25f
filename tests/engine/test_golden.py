"""Every evening of tests/golden settles to its .expected.json, number for number."""
import json

import pytest

from scoring.engine.interchange import dumps, load, loads
from scoring.engine.report import settlement_to_dict
from scoring.engine.settle import settle_evening
from tests.conftest import golden_files

GOLDEN = golden_files()


def test_golden_directory_is_not_empty():
    assert len(GOLDEN) >= 4


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_evening_settles_to_expected(path):
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    got = settlement_to_dict(settle_evening(load(path)))
    assert got["players"] == expected["players"]
    assert got["opening"] == expected["opening"]
    assert [(d["number"], d["net"], d["cups"]) for d in got["deals"]] == [
        (d["number"], d["net"], d["cups"]) for d in expected["deals"]]
    assert got["split"] == expected["split"]
    assert got["totals"] == expected["totals"]
    if "transfers" in expected:
        assert got["transfers"] == expected["transfers"]


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_transfers_settle_the_totals(path):
    got = settlement_to_dict(settle_evening(load(path)))
    balance = dict(got["totals"])
    for t in got["transfers"]:
        balance[t["from"]] += t["points"]
        balance[t["to"]] -= t["points"]
    assert set(balance.values()) == {0}
    assert len(got["transfers"]) <= len(got["players"]) - 1


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_evening_survives_write_then_read(path):
    evening = load(path)
    assert loads(dumps(evening)) == evening
