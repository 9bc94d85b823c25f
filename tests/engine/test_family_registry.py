"""The one registry of game families (docs/families.md): a built-in family is found by looking into
``families/``, without Django; a family that is not built in is registered by its app and then found
like the others; the order they are offered in is their rank; a table side is attached to a known
family's entry only."""
import dataclasses
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.engine import families


@pytest.fixture
def registered():
    """A family registered as an installed app would (a copy of Karlsruhe under another name),
    forgotten afterwards so that no other test sees it."""
    found = families.register(dataclasses.replace(families.family("karlsruhe"), name="copycat", rank=1000))
    yield found
    families.forget("copycat")


def test_a_built_in_family_is_a_folder_of_families_with_an_engine():
    folders = sorted(p.name for p in (Path(__file__).resolve().parents[2] / "families").iterdir()
                     if (p / "engine" / "__init__.py").is_file())
    assert families.built_in() == tuple(folders) == ("danish", "karlsruhe", "selca")
    for name in families.built_in():
        assert families.family(name) is importlib.import_module(f"families.{name}.engine").FAMILY


def test_the_families_are_offered_in_their_rank():
    assert families.names()[:3] == ("danish", "karlsruhe", "selca")
    ranks = [families.family(name).rank for name in families.names()]
    assert ranks == sorted(ranks)


def test_the_registry_needs_no_django():
    code = ("import sys\nfrom scoring.engine import families\n"
            "print([f.name for f in families.families()], sorted(n for n in sys.modules if n.split('.')[0] == 'django'))")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['danish', 'karlsruhe', 'selca'] []"


def test_a_registered_family_is_found_by_its_rank(registered):
    assert families.family("copycat") is registered
    assert families.names()[-1] == "copycat" and families.families()[-1] is registered
    families.register(registered)   # again: replaced, not listed twice
    assert families.names().count("copycat") == 1


def test_a_table_side_belongs_to_a_known_family(registered):
    with pytest.raises(KeyError):
        families.attach_table("nobody", object())
    with pytest.raises(KeyError, match="INSTALLED_APPS"):
        families.table_of("copycat")
    side = object()
    assert families.attach_table("copycat", side) is side and families.table_of("copycat") is side


def test_a_family_declares_whether_it_writes_a_score():
    # the app's families (the tests' own minimal one, tests/minifamily/, may be registered beside them)
    assert {f.name: f.writes_score for f in families.families() if f.name in families.built_in()} == {
        "danish": False, "karlsruhe": False, "selca": True}
