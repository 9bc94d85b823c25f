"""``manage.py settle`` exactly as docs/format.md says: the sheet, --json, and exit status 2 on bad files.

The command is run in this process (``tests.conftest.settle``); two tests run it as a process of its
own (``settle_process``), so the exit status, the streams and standard input are those a shell sees."""
import json
import subprocess
import sys

import pytest
from tests.conftest import ROOT, golden_files, settle

GOLDEN = golden_files()


def settle_process(*args, stdin=None):
    return subprocess.run([sys.executable, "manage.py", "settle", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, input=stdin)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_settle_json_reproduces_expected(path):
    out = settle(path, "--json")
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    for key in ("players", "opening", "split", "totals"):
        assert got[key] == expected[key]
    assert [(d["net"], d["cups"]) for d in got["deals"]] == [(d["net"], d["cups"]) for d in expected["deals"]]
    assert all({"from", "to", "points"} == set(t) for t in got["transfers"])


def test_settle_prints_the_paper_sheet(golden_dir):
    out = settle(golden_dir / "three-players-basic.json")
    assert out.returncode == 0
    lines = out.stdout.splitlines()
    # one row per deal with nets and both cups, a running total under it
    deal4 = next(line for line in lines if line.startswith("deal 4"))
    assert deal4.split()[2:] == ["-5", "-195", "95", "180", "70"]
    assert next(line for line in lines if line.startswith("TOTAL")).split()[1:] == ["135", "-35", "-100"]
    assert "split" in out.stdout and "Who pays whom:" in out.stdout
    assert "Bent pays Anne 35 points" in out.stdout and "Carl pays Anne 100 points" in out.stdout


def test_invalid_file_exits_2_with_one_line_per_problem(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({
        "format": "tarokklub.evening/1",
        "players": ["Anne", "Bent", "Carl", "Dorte"],
        "deals": [
            {"dealer": "Anne", "pagat": {"owner": "Anne", "fate": "home"}, "last_trick": "Anne",
             "counts": {"Anne": 40, "Bent": 20}},
            {"dealer": "Anne", "pagat": {"owner": "Anne", "fate": "home"}, "last_trick": "Anne",
             "kings": {"hearts": {"owner": "Carl", "fate": "lost"}}, "counts": {"Anne": 40, "Bent": 20},
             "colour": "red"},
        ],
    }))
    out = settle_process(bad)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert lines == [
        "deal 2: colour: unknown key 'colour'",
        "deal 2: kings.hearts.owner: Carl sits out this deal",
    ]
    out = settle(bad, "--json")
    assert out.returncode == 2 and out.stdout == ""


def test_all_problems_of_a_file_are_listed(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({
        "format": "tarokklub.evening/1",
        "players": ["Anne", "Bent", "Carl", "Dorte"],
        "deals": [
            {"dealer": "Anne", "pagat": {"owner": "Anne", "fate": "home"}, "last_trick": "Anne",
             "counts": {"Anne": 40, "Bent": 20}},
            {"dealer": "Anne", "pagat": {"owner": "Anne", "fate": "home"}, "last_trick": "Anne",
             "counts": {"Anne": 40, "Bent": 20}},
            {"dealer": "Anne", "pagat": {"owner": "Anne", "fate": "home"}, "last_trick": "Anne",
             "kings": {"hearts": {"owner": "Carl", "fate": "lost"}}, "counts": {"Anne": 40, "Bent": 20}},
        ],
    }))
    out = settle(bad)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip().splitlines() == ["deal 3: kings.hearts.owner: Carl sits out this deal"]


def test_problems_in_danish(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tarokklub.evening/1", "players": ["Anne", "Bent", "Carl"], "deals": [{"dealer": "Erik"}]}')
    out = settle(bad, "--lang", "da")
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [
        "spil 1: dealer: Erik sidder ikke ved dette bord",
        "spil 1: pagat: skal udfyldes",
        "spil 1: last_trick: skal udfyldes",
    ]


@pytest.mark.parametrize("lang, lines", [
    ("de", ["Spiel 1: dealer: Erik sitzt nicht an diesem Tisch", "Spiel 1: pagat: muss ausgefüllt werden",
            "Spiel 1: last_trick: muss ausgefüllt werden"]),
    ("sl", ["igra 1: dealer: Erik ne sedi za to mizo", "igra 1: pagat: obvezen podatek", "igra 1: last_trick: obvezen podatek"]),
])
def test_problems_in_german_and_slovenian(tmp_path, lang, lines):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tarokklub.evening/1", "players": ["Anne", "Bent", "Carl"], "deals": [{"dealer": "Erik"}]}')
    out = settle(bad, "--lang", lang)
    assert out.returncode == 2 and out.stderr.strip().splitlines() == lines


@pytest.mark.parametrize("text", ["", "not json", "[]", '{"format": 1}', "null"])
def test_garbage_exits_2(tmp_path, text):
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    out = settle(bad)
    assert out.returncode == 2 and out.stdout == "" and out.stderr.strip()


def test_missing_file_exits_2(tmp_path):
    out = settle(tmp_path / "nope.json")
    assert out.returncode == 2 and out.stdout == "" and "nope.json" in out.stderr


def test_settle_reads_standard_input(golden_dir):
    out = settle_process("-", "--json", stdin=(golden_dir / "three-players-basic.json").read_text())
    assert out.returncode == 0 and json.loads(out.stdout)["totals"] == {"Anne": 135, "Bent": -35, "Carl": -100}


def test_a_key_given_twice_or_a_number_too_long_is_named_not_dropped(tmp_path):
    """Issue 11: plain JSON keeps the last of two "last_trick" keys and fails on 5,000 digits; the
    engine's reader names both at their field."""
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"format": "tarokklub.evening/1", "players": ["Anne", "Bent", "Carl"], "deals": ['
        '{"dealer": "Anne", "pagat": {"owner": "Bent", "fate": "home"}, "last_trick": "Bent", "last_trick": "Carl",'
        ' "counts": {"Bent": 40, "Carl": 30}},'
        '{"dealer": "Bent", "pagat": {"owner": "Carl", "fate": "home"}, "last_trick": "Carl",'
        ' "counts": {"Carl": ' + "4" * 5000 + ', "Anne": 30}}]}')
    out = settle(bad)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip().splitlines() == [
        "deal 1: last_trick: the key appears twice; only one value is allowed",
        "deal 2: counts.Carl: a number of 5000 digits is too large",
    ]
