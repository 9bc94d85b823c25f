"""The golden seed table (docs/rules/karlsruhe.md §10, T1-T9) and §11's example evening with §12's totals,
settled number for number, through the engine and through ``manage.py settle --json``."""
import json

from scoring.engine.interchange import dumps, load, loads
from scoring.engine.report import settlement_to_dict
from scoring.engine.settle import settle_evening
from tests.conftest import GOLDEN, settle

SEED = GOLDEN / "karlsruhe" / "seed-table.json"
EXPECTED = GOLDEN / "karlsruhe" / "seed-table.expected.json"

#: §11's example evening, exactly as docs/rules/karlsruhe.md §11 prints it.
EXAMPLE = """{"format": "tarokklub.evening/1", "rules": "karlsruhe", "date": "2026-11-20",
 "players": ["Anna", "Bernd", "Clara", "Dieter"],
 "deals": [
  {"dealer": "Anna", "game": "koenigsrufer", "declarer": "Bernd", "called_king": "hearts",
   "partner": "Dieter", "declarers_count": 121,
   "bonuses": {"pagat": {"side": "declarers", "announced": true, "won": true},
    "uhu": {"side": "opponents", "won": false}},
   "kontra": {"game": "kontra", "pagat": "re"}},
  {"dealer": "Bernd", "game": "fahrer", "counts": {"Anna": 75, "Bernd": 45, "Clara": 45, "Dieter": 45}},
  {"dealer": "Clara", "game": "dreier", "declarer": "Dieter",
   "valat": {"side": "declarers", "announced": true, "won": false}},
  {"dealer": "Dieter", "kind": "misdeal"}]}"""


def _settled(evening) -> dict:
    got = settlement_to_dict(settle_evening(evening))
    assert got.pop("rules") == "karlsruhe"
    return got


def test_karlsruhe_s10_golden_seed_table_settles_exactly_to_expected():
    assert _settled(load(SEED)) == json.loads(EXPECTED.read_text())


def test_karlsruhe_s10_golden_seed_table_formulas_are_the_seeds_rows():
    formulas = [d["formula"] for d in _settled(load(SEED))["deals"]]
    assert formulas == ["2", "4", "2", "8x2=16", "(8+6)x2=28", "12x2=24", "[(8x2)+20+16+12]x2=128", "8x8=64",
                        "2-2=0"]


def test_karlsruhe_s10_golden_through_manage_py_settle_json():
    out = settle(SEED, "--json")
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    got.pop("rules", None)
    assert got == json.loads(EXPECTED.read_text())


def test_karlsruhe_s10_golden_survives_write_then_read():
    evening = load(SEED)
    assert loads(dumps(evening)) == evening


def test_karlsruhe_s12_example_evening_deals_and_totals():
    got = _settled(loads(EXAMPLE))
    assert got["deals"] == [
        {"number": 1, "net": {"Anna": -60, "Bernd": 60, "Clara": -60, "Dieter": 60}, "cups": {},
         "formula": "(2x2)+8+(12x4)=60", "radl": False},
        {"number": 2, "net": {"Anna": -2, "Bernd": 2, "Clara": -2, "Dieter": 2}, "cups": {},
         "formula": "2", "radl": False},
        {"number": 3, "net": {"Anna": 256, "Bernd": 256, "Clara": 256, "Dieter": -768}, "cups": {},
         "formula": "(-8x16)x2=-256", "radl": True},
        {"number": 4, "net": {"Anna": 0, "Bernd": 0, "Clara": 0, "Dieter": 0}, "cups": {},
         "formula": "0", "radl": False},
    ]
    assert got["totals"] == {"Anna": 194, "Bernd": 318, "Clara": 194, "Dieter": -706}
    assert got["opening"] == got["split"] == {"net": {"Anna": 0, "Bernd": 0, "Clara": 0, "Dieter": 0}, "cups": {}}
    assert got["transfers"][0] == {"from": "Dieter", "to": "Bernd", "points": 318}
    assert len(got["transfers"]) <= 3
