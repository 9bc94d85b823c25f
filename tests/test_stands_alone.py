"""The repository stands alone: a clone with nothing beside it has its own test data, its own rules
documentation and every file its tests read.

The sources the project was built from (the rules with their decisions, the original rule texts and
the golden evenings) lived in a folder beside the working copies. The product holds what it needs of
them itself: the golden evenings in ``tests/golden/``, the rules in ``docs/rules/`` and the file format
in ``docs/format.md``. This module is the one place that may look at that folder, and only to notice
when a golden evening there has changed or been added.
"""
from __future__ import annotations

import filecmp
import re
from pathlib import Path

import pytest

from tests.conftest import GOLDEN, ROOT

#: The folder beside the working copies; absent in a clone on its own (then the first test skips).
SOURCES = ROOT.parent / "shared"

#: What reads or links the folder beside the repository: a relative link or path, a path built with
#: pathlib (``parent / "shared"``), or the absolute path of a working copy.
OUTSIDE = re.compile(r"\.\./shared\b|parents?(\[\d+\])?\s*/\s*[\"']shared[\"']|/work/shared\b")

#: Everything the product and its tests are made of (the issue's list, and the build files).
CHECKED = ("scoring", "tarokklub", "templates", "tests", "docs", "fixtures", "static", "scripts", "bench",
           "README.md", "Makefile", ".ci", "manage.py", "pyproject.toml")
TEXT = {".py", ".md", ".html", ".txt", ".json", ".js", ".css", ".ini", ".cfg", ".toml", ".sh", ""}


def _files() -> list[Path]:
    found = []
    for name in CHECKED:
        path = ROOT / name
        if path.is_file():
            found.append(path)
        elif path.is_dir():
            found += [p for p in path.rglob("*") if p.is_file() and p.suffix in TEXT
                      and "__pycache__" not in p.parts and p != Path(__file__).resolve()]
    return sorted(found)


@pytest.mark.skipif(not (SOURCES / "golden").is_dir(), reason="no folder of sources beside this clone")
def test_the_golden_copies_equal_the_sources_beside_the_clone():
    """Every golden evening beside the clone is in tests/golden, byte for byte, and nothing else is."""
    theirs = sorted(p.relative_to(SOURCES / "golden") for p in (SOURCES / "golden").rglob("*.json"))
    ours = sorted(p.relative_to(GOLDEN) for p in GOLDEN.rglob("*.json"))
    assert ours == theirs, "tests/golden has other files than the sources: copy the new ones"
    differ = [str(p) for p in ours if not filecmp.cmp(GOLDEN / p, SOURCES / "golden" / p, shallow=False)]
    assert differ == [], f"these golden files changed in the sources: {differ}"


def test_nothing_reads_or_links_the_folder_beside_the_repository():
    found = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
             for p in _files()
             for n, line in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
             if OUTSIDE.search(line)]
    assert found == []


def test_the_pattern_finds_each_way_of_reaching_outside():
    """The check above can fail: each way a path out of the repository was written is caught."""
    for line in ('GOLDEN = Path("/work/shared/golden/selca")',
                 'GOLDEN = Path(__file__).resolve().parents[2].parent / "shared" / "golden"',
                 "see [the rules](../shared/RULES.md)",
                 "manage.py settle ../shared/golden/three-players-basic.json"):
        assert OUTSIDE.search(line), line
    assert not OUTSIDE.search("the shared partials in templates/scoring/partials/")


def test_the_golden_evenings_of_every_family_are_here():
    for family in ("", "karlsruhe", "selca", "grosstarock"):
        evenings = [p for p in (GOLDEN / family).glob("*.json") if not p.name.endswith(".expected.json")]
        assert evenings, f"no golden evening in tests/golden/{family}"
        for evening in evenings:
            assert evening.with_name(evening.stem + ".expected.json").is_file(), evening


#: A citation of the rules in the code, the docs or the tests: ``docs/rules/karlsruhe.md §5.5``.
CITATION = re.compile(r"(?:docs/)?rules/(\w+)\.md §(\d+(?:\.\d+)?)")


def _sections(doc: Path) -> set[str]:
    return set(re.findall(r"^#+\s+(\d+(?:\.\d+)?)[.\s]", doc.read_text(encoding="utf-8"), re.MULTILINE))


def test_every_citation_of_the_rules_names_a_section_that_exists():
    """A comment that says where a rule lives points at a heading of docs/rules/ that is there."""
    docs = ROOT / "docs" / "rules"
    missing = []
    for path in _files():
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            for name, section in CITATION.findall(line):
                doc = docs / f"{name}.md"
                if not doc.is_file() or section not in _sections(doc):
                    missing.append(f"{path.relative_to(ROOT)}:{n}: rules/{name}.md §{section}")
    assert missing == []


def test_every_rule_set_and_the_file_format_are_documented():
    from scoring.engine.families import built_in, rule_sets

    docs = ROOT / "docs" / "rules"
    text = "\n".join(p.read_text(encoding="utf-8") for p in docs.glob("*.md"))
    # the app's rule sets (the tests' minimal family, tests/minifamily/, has its rules in its folder)
    for name in [name for name, family in rule_sets().items() if family in built_in()]:
        assert f"`{name}`" in text, f"docs/rules/ does not name the rule set {name}"
    assert "tarokklub.evening/1" in (ROOT / "docs" / "format.md").read_text(encoding="utf-8")


#: Every program the tests start, and the Debian package that brings it (``make test`` installs it).
TOOL_PACKAGES = {"msgfmt": "gettext", "pdftoppm": "poppler-utils", "pdftotext": "poppler-utils", "pdffonts": "poppler-utils",
                 "chromium": "chromium"}
#: Programs that come with the project's own tooling rather than a package of the test run:
#: Python itself, and PostgreSQL's, which scripts/with-postgres installs with the server.
OWN_TOOLS = {"pg_tool", "sys.executable"}


def test_every_program_the_tests_start_is_installed_by_make_test():
    started = set()
    for path in (ROOT / "tests").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        started |= set(re.findall(r"subprocess\.\w+\(\s*\[\s*[\"']?([\w.-]+)", text))
        started |= set(re.findall(r"""which\(\s*["']([\w.-]+)["']\s*\)""", text))
        started |= set(re.findall(r"""["']/usr/bin/([\w.-]+)["']""", text))
    started -= OWN_TOOLS
    unknown = started - TOOL_PACKAGES.keys()
    assert not unknown, f"tests start programs that no package of make test brings: {sorted(unknown)}"
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    test_debs = re.search(r"^TEST_DEBS := (.*)$", makefile, re.MULTILINE).group(1)
    app_debs = re.search(r"^APP_DEBS := (.*)$", makefile, re.MULTILINE).group(1)
    packages = set(test_debs.replace("$(APP_DEBS)", app_debs).split())
    assert {TOOL_PACKAGES[tool] for tool in started} <= packages
    assert {"pdftoppm", "msgfmt", "chromium"} <= started      # the scan finds what we know is there
