"""The one registry of game families (docs/families.md): a built-in family's engine is found by name
without Django; a family that is not built in is registered by its app and then found like the
others, after the built-in ones; a table side is attached to a known family's entry only."""
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
    found = families.register(dataclasses.replace(families.family("karlsruhe"), name="copycat"))
    yield found
    families._loaded.pop("copycat", None)
    families._registered.remove("copycat")
    families._tables.pop("copycat", None)


def test_a_built_in_family_is_its_engine_package():
    for name in families.BUILT_IN:
        assert families.family(name) is importlib.import_module(f"families.{name}.engine").FAMILY
    assert families.names()[:3] == ("danish", "karlsruhe", "selca")


def test_the_registry_needs_no_django():
    code = ("import sys\nfrom scoring.engine import families\n"
            "print([f.name for f in families.families()], sorted(n for n in sys.modules if n.split('.')[0] == 'django'))")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['danish', 'karlsruhe', 'selca'] []"


def test_a_registered_family_is_found_after_the_built_in_ones(registered):
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
    assert {f.name: f.writes_score for f in families.families() if f.name in families.BUILT_IN} == {
        "danish": False, "karlsruhe": False, "selca": True}
