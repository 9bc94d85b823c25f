"""Bad deals anywhere in a big evening file give the same outcome through the reading fast path as
through the strict reader alone: ``pipeline.settlement_json`` (``manage.py settle --json``) either
writes the same JSON or refuses the file with the same messages, in the same order, for every family.

Hypothesis mutates one to three deals of a generated 600-deal evening at any depth (a value
replaced by one of another type, by another player's name, by a number out of range; a key dropped
or added); the strict outcome is the same pipeline with ``reading.read_sound`` switched off, so
that every deal is read by the family's strict reader and worded field by field.
"""
from __future__ import annotations

import copy
import importlib
import json
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from scoring.engine import interchange, reading
from scoring.engine.pipeline import settlement_json
from scoring.engine.problems import EveningError

OLD_GERMAN = ("Anne", "Bent", "Carl")
#: (the family's engine package, the generator's options), one per family and Danish card shape.
CASES = {
    "vlk": ("danish", {}),
    "grosstarock": ("danish", {"rules": "grosstarock", "players": OLD_GERMAN}),
    "taroc1754": ("danish", {"rules": "taroc1754", "players": OLD_GERMAN}),
    "karlsruhe": ("karlsruhe", {}),
    "selca": ("selca", {}),
}
DEALS = 600


@lru_cache(maxsize=None)
def evening_text(name: str) -> str:
    family, options = CASES[name]
    generate = importlib.import_module(f"families.{family}.engine.generate")
    return interchange.dumps(generate.random_evening(11, deals=DEALS, **options))


def outcome(text: str) -> tuple[str, object]:
    try:
        return "json", settlement_json(text)
    except EveningError as exc:
        return "refused", exc.lines("en")


def strict_outcome(text: str, monkeypatch) -> tuple[str, object]:
    """The pipeline with every deal read by the family's strict reader alone."""
    with monkeypatch.context() as patched:
        patched.setattr(reading, "read_sound", lambda *args: None)
        return outcome(text)


def _paths(value, path=()):
    """Every path to a value inside a deal (object keys and list positions)."""
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*path, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _paths(inner, (*path, i))


def _replacements(players: list[str]) -> st.SearchStrategy:
    return st.sampled_from([
        None, True, False, 0, 1, -1, 78, 79, 210, 10 ** 6, "", "x" * 300, "nonsense", [], {}, {"player": "Anne"},
        *players, "Nobody",
    ])


@st.composite
def mutated_files(draw, name: str) -> str:
    data = json.loads(evening_text(name))
    players = data["players"]
    for _ in range(draw(st.integers(1, 3))):
        number = draw(st.integers(0, DEALS - 1))
        deal = copy.deepcopy(data["deals"][number])
        paths = list(_paths(deal))[1:]   # not the deal itself: a deal replaced whole is the reader's first check
        path = draw(st.sampled_from(paths)) if paths else ()
        action = draw(st.sampled_from(["replace", "replace", "replace", "drop", "add"]))
        parent = deal
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1] if path else None
        if action == "replace" and last is not None:
            parent[last] = draw(_replacements(players))
        elif action == "drop" and last is not None:
            del parent[last]
        elif action == "add":
            target = parent if isinstance(parent, dict) else deal
            target[draw(st.sampled_from(["unknown", "dealer", "counts", "melds", "pagat", *players]))] = \
                draw(_replacements(players))
        data["deals"][number] = deal
    return json.dumps(data, ensure_ascii=False)


@pytest.mark.parametrize("name", list(CASES))
@settings(max_examples=15, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_bad_deals_anywhere_give_the_strict_readers_outcome(name, data, monkeypatch):
    text = data.draw(mutated_files(name))
    fast = outcome(text)
    assert fast == strict_outcome(text, monkeypatch)


@pytest.mark.parametrize("name", list(CASES))
def test_the_whole_file_settles_alike_and_the_fast_path_reads_it(name, monkeypatch):
    """The unchanged file: the same JSON both ways, and the fast path reads every deal (the strict
    reader is never asked), so the comparison above is of two different readers."""
    text = evening_text(name)
    asked = []
    original = reading.Reader

    class Counting(original):
        def __init__(self, deal, *args, **kwargs):
            if deal is not None:
                asked.append(deal)
            super().__init__(deal, *args, **kwargs)

    with monkeypatch.context() as patched:
        patched.setattr(reading, "Reader", Counting)
        fast = outcome(text)
    assert fast[0] == "json" and asked == []
    assert fast == strict_outcome(text, monkeypatch)
