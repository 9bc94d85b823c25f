"""Each family's reading fast path (``_sound_deal``, ``reading.Unsound``) reads a sound deal exactly as
its strict reader does and gives way to the strict reader on anything the strict reader reports, so
that every problem is worded exactly as before; the pipeline gives the same JSON with and without
it, for every golden file and for generated evenings, and refuses a broken file with the same
messages and exit status."""
from __future__ import annotations

import copy
import importlib
import json
import random
from pathlib import Path

import pytest

from scoring.engine import interchange
from scoring.engine.pipeline import settlement_json
from scoring.engine.problems import EveningError
from scoring.engine.reading import Duplicated, LongNumber, Reader, Unsound

FAMILIES = {
    "karlsruhe": [("Anna", "Bernd", "Clara", "Dieter"), ("Anna", "Bernd", "Clara", "Dieter", "Emil")],
    "selca": [("Ana", "Bojan", "Cene"), ("Ana", "Bojan", "Cene", "Darja")],
}
GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def module(family: str):
    return importlib.import_module(f"families.{family}.engine.interchange")


def strict(family: str, raw, bounded: bool = True):
    """What the strict reader alone makes of ``raw``: (deal, problems)."""
    reader = Reader(1, bounded)
    return without_fast_path(family, lambda: module(family)._parse_deal(reader, raw)), reader.problems


def fast(family: str, raw, bounded: bool = True):
    try:
        return module(family)._sound_deal(raw, bounded, {})
    except Unsound:
        return None


def raw_deals(family: str, players, count: int = 150) -> list:
    generate = importlib.import_module(f"families.{family}.engine.generate")
    evening = generate.random_evening(len(players), players=players, deals=count)
    return json.loads(interchange.dumps(evening))["deals"]


CASES = [(family, players) for family, tables in FAMILIES.items() for players in tables]


@pytest.mark.parametrize("family,players", CASES)
@pytest.mark.parametrize("bounded", [True, False])
def test_the_fast_path_reads_every_sound_deal_as_the_strict_reader(family, players, bounded):
    for raw in raw_deals(family, players):
        deal, problems = strict(family, raw, bounded)
        assert problems == [] and fast(family, raw, bounded) == deal


def mutations(raw):
    """Deals the strict reader may report a problem in: each value of the wrong type or unknown, a
    key dropped, an unknown key, a repeated key, a number too long, and the same one level down."""
    bads = (None, 1, -3, True, "x" * 500, "", [], {}, LongNumber("9" * 40), "nonsense", {"side": "declarers"})
    for key in list(raw):
        for bad in bads:
            yield {**copy.deepcopy(raw), key: bad}
        yield {k: v for k, v in raw.items() if k != key}
        inner = raw[key]
        if isinstance(inner, dict):
            for sub in list(inner):
                for bad in bads:
                    changed = copy.deepcopy(raw)
                    changed[key][sub] = bad
                    yield changed
                    if isinstance(inner[sub], dict):
                        for leaf in list(inner[sub]):
                            deeper = copy.deepcopy(raw)
                            deeper[key][sub][leaf] = bad
                            yield deeper
            with_unknown = copy.deepcopy(raw)
            with_unknown[key]["unknown"] = "x"
            yield with_unknown
            repeated_inner = copy.deepcopy(raw)
            repeated_inner[key] = Duplicated(inner)
            repeated_inner[key].duplicates = tuple(inner)[:1]
            yield repeated_inner
    for key, inner in raw.items():   # each item of a list wrong in turn
        if isinstance(inner, list):
            for i in range(len(inner)):
                for bad in bads:
                    changed = copy.deepcopy(raw)
                    changed[key][i] = bad
                    yield changed
    yield {**raw, "unknown": 1}
    yield {**raw, "radl": True}
    yield {**raw, "kind": "misdeal"}
    repeated = Duplicated(raw)
    repeated.duplicates = ("dealer",)
    yield repeated


@pytest.mark.parametrize("family,players", CASES)
def test_the_fast_path_gives_way_to_the_strict_reader_on_every_problem(family, players):
    rng = random.Random(5)
    for raw in rng.sample(raw_deals(family, players), 30):
        for changed in mutations(raw):
            for bounded in (True, False):
                deal, problems = strict(family, changed, bounded)
                found = fast(family, changed, bounded)
                if problems:
                    assert found is None, (changed, problems)
                elif found is not None:   # giving way on a sound deal is allowed: the strict reader reads it
                    assert found == deal, changed


def without_fast_path(family: str, fn):
    m = module(family)
    original = m._sound_deal

    def never(*args):
        raise Unsound

    m._sound_deal = never
    try:
        return fn()
    finally:
        m._sound_deal = original


def _as_text(raw) -> bool:
    """Whether a mutated deal can be written as JSON text (a repeated key or a long number is the
    decoder's, not a value one can write back)."""
    try:
        json.dumps(raw)
    except TypeError:
        return False
    return type(raw) is dict


def _outcome(text: str):
    try:
        return settlement_json(text)
    except EveningError as exc:
        return exc.lines("en")


@pytest.mark.parametrize("family", list(FAMILIES))
def test_the_pipeline_gives_the_same_json_with_and_without_the_fast_path(family):
    texts = [path.read_text() for path in sorted((GOLDEN / family).glob("*.json"))
             if not path.name.endswith(".expected.json")]
    texts += [interchange.dumps(importlib.import_module(f"families.{family}.engine.generate").random_evening(
        seed, players=players, deals=300)) for seed, players in enumerate(FAMILIES[family])]
    assert len(texts) > len(FAMILIES[family])
    for text in texts:
        assert _outcome(text) == without_fast_path(family, lambda: _outcome(text))


@pytest.mark.parametrize("family", list(FAMILIES))
def test_a_broken_file_is_refused_with_the_same_messages_through_the_fast_path(family):
    players = FAMILIES[family][0]
    text = interchange.dumps(importlib.import_module(f"families.{family}.engine.generate").random_evening(
        9, players=players, deals=60))
    broken = json.loads(text)
    rng = random.Random(2)
    for number in rng.sample(range(60), 12):   # a different problem in each of twelve deals
        raw = broken["deals"][number]
        candidates = [m for m in mutations(raw) if _as_text(m) and strict(family, json.loads(json.dumps(m)))[1]]
        broken["deals"][number] = rng.choice(candidates)
    broken_text = json.dumps(broken)
    with pytest.raises(EveningError) as piped:
        settlement_json(broken_text)
    strictly = without_fast_path(family, lambda: _outcome(broken_text))
    assert piped.value.lines("en") == strictly and len(strictly) >= 12
