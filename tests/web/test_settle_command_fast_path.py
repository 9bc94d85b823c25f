"""``manage.py settle FILE --json`` through every family's reading fast path: a file with a different
problem in each of several deals exits with status 2, writes nothing to standard output, and words
every problem exactly as the strict reader alone does (the fast path only gives way)."""
import importlib
import json
import random
import subprocess
import sys

import pytest

from scoring.engine import interchange
from scoring.engine.problems import EveningError
from scoring.engine.reading import Unsound
from tests.conftest import ROOT
from tests.engine.test_family_fast_paths import mutations

#: (the family's engine package, the generator's options, what the disabled fast path does)
CASES = {
    "vlk": ("danish", {}, lambda *args: None),
    "grosstarock": ("danish", {"rules": "grosstarock", "players": ("Anne", "Bent", "Carl")}, lambda *args: None),
    "karlsruhe": ("karlsruhe", {}, None),
    "selca": ("selca", {}, None),
}


def _never(*args):
    raise Unsound


def strict_lines(family: str, text: str, disabled) -> list[str]:
    """The messages of the strict reader alone (the family's fast path switched off)."""
    module = importlib.import_module(f"families.{family}.engine.interchange")
    original = module._sound_deal
    module._sound_deal = disabled or _never
    try:
        interchange.loads(text)
    except EveningError as exc:
        return exc.lines("en")
    finally:
        module._sound_deal = original
    raise AssertionError("the broken file was read without a problem")


@pytest.mark.parametrize("name", list(CASES))
def test_every_kind_of_bad_deal_exits_2_with_the_strict_messages(name, tmp_path):
    family, options, disabled = CASES[name]
    generate = importlib.import_module(f"families.{family}.engine.generate")
    data = json.loads(interchange.dumps(generate.random_evening(4, deals=80, **options)))
    rng = random.Random(name)
    for number in rng.sample(range(80), 16):
        candidates = []
        for changed in mutations(data["deals"][number]):
            try:
                candidates.append(json.loads(json.dumps(changed)))
            except TypeError:   # a repeated key or a long number is the decoder's, not writable back
                continue
        data["deals"][number] = rng.choice(candidates)
    text = json.dumps(data)
    expected = strict_lines(family, text, disabled)
    path = tmp_path / "broken.json"
    path.write_text(text)
    out = subprocess.run([sys.executable, "manage.py", "settle", str(path), "--json"], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip().splitlines() == expected
    assert len(expected) >= 5
