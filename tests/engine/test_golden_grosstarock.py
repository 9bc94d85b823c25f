"""The two goldens of docs/rules/grosstarock.md (tests/golden/grosstarock/) settle to their
.expected.json number for number: through the engine (``settle_evening`` + ``report``) and through
``manage.py settle FILE --json`` (docs/format.md's contract)."""
import json
from pathlib import Path

import pytest

from scoring.engine import families
from scoring.engine.interchange import dumps, load, loads
from scoring.engine.report import settlement_to_dict, settlement_text
from scoring.engine.settle import settle_evening
from tests.conftest import GOLDEN, settle

FILES = sorted(p for p in (GOLDEN / "grosstarock").glob("*.json") if not p.name.endswith(".expected.json"))


def expected(path: Path) -> dict:
    return json.loads(path.with_name(path.stem + ".expected.json").read_text())


def _same(got: dict, want: dict) -> None:
    assert got["players"] == want["players"]
    assert got["opening"] == want["opening"]
    assert [(d["number"], d["net"], d["cups"]) for d in got["deals"]] == [
        (d["number"], d["net"], d["cups"]) for d in want["deals"]]
    assert got["split"] == want["split"]
    assert got["totals"] == want["totals"]


def test_both_goldens_are_there():
    assert [p.stem for p in FILES] == ["grosstarock-worked", "taroc1754-worked"]


def test_the_rules_reach_the_danish_family():
    """docs/format.md: ``rules`` names the card and with it the family (families.rule_sets)."""
    sets = families.rule_sets()
    assert sets["taroc1754"] == sets["grosstarock"] == "danish"
    for path in FILES:
        assert families.family_of_file(json.loads(path.read_text())).name == "danish"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_settles_to_expected_through_the_engine(path):
    _same(settlement_to_dict(settle_evening(load(path))), expected(path))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_settles_to_expected_through_manage_py_settle_json(path):
    out = settle(path, "--json")
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    _same(got, expected(path))
    assert got["rules"] == json.loads(path.read_text())["rules"]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_every_row_reports_no_cups_and_the_split_nets_zero(path):
    """docs/rules/grosstarock.md §1: no cups; ``"cups": {}`` in every row, opening and split net 0."""
    got = settlement_to_dict(settle_evening(load(path)))
    rows = [got["opening"], *got["deals"], got["split"]]
    assert all(row["cups"] == {} for row in rows)
    assert set(got["opening"]["net"].values()) == set(got["split"]["net"].values()) == {0}
    assert "cup" not in settlement_text(settle_evening(load(path)))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_survives_write_then_read(path):
    evening = load(path)
    assert loads(dumps(evening)) == evening


def test_an_invalid_golden_deal_prints_its_field_and_exits_2(tmp_path):
    data = json.loads((GOLDEN / "grosstarock" / "grosstarock-worked.json").read_text())
    data["deals"][0]["kings"]["hearts"]["fate"] = "discarded"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    out = settle(bad, "--json")
    assert out.returncode == 2 and out.stdout == ""
    assert "deal 1: kings.hearts.fate: a king cannot be discarded" in out.stderr
