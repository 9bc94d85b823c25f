"""The English catalogue is the one source of the English: every msgid translated,
no fuzzy entry, the same msgids as the Danish catalogue, and the compiled .mo made from this .po."""
import re
import shutil
import subprocess
from pathlib import Path

import pytest

LOCALE = Path(__file__).resolve().parents[2] / "locale"
EN = LOCALE / "en" / "LC_MESSAGES" / "django.po"
DA = LOCALE / "da" / "LC_MESSAGES" / "django.po"


def msgfmt_statistics(path: Path) -> str:
    if shutil.which("msgfmt") is None:
        pytest.fail("msgfmt is missing: `make test` installs Debian's gettext package")
    done = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(path)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stderr.strip().splitlines()[-1]


def msgids(path: Path) -> set[str]:
    """The msgids of a catalogue (obsolete entries left out), joined from their quoted lines."""
    text = path.read_text(encoding="utf-8")
    found = set()
    for match in re.finditer(r'^msgid ((?:"(?:[^"\\]|\\.)*"\n)+)', text, re.M):
        found.add("".join(re.findall(r'"((?:[^"\\]|\\.)*)"', match.group(1))))
    found.discard("")
    return found


def test_english_catalogue_is_complete_and_has_no_fuzzy_entry():
    statistics = msgfmt_statistics(EN)
    assert "untranslated" not in statistics and "fuzzy" not in statistics, statistics
    assert re.fullmatch(r"\d+ translated messages\.", statistics), statistics
    assert not re.search(r"^#,.*\bfuzzy\b", EN.read_text(encoding="utf-8"), re.M)


def test_english_and_danish_catalogues_hold_the_same_msgids():
    assert msgids(EN) == msgids(DA)


def test_compiled_english_catalogue_matches_its_source(tmp_path):
    msgfmt_statistics(EN)
    compiled = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "--check-format", "-o", str(compiled), str(EN)], check=True)
    assert compiled.read_bytes() == EN.with_suffix(".mo").read_bytes(), "run `make messages`"


def test_a_fuzzy_or_empty_entry_is_caught(tmp_path):
    bad = tmp_path / "django.po"
    bad.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                   'msgid "Stilling"\nmsgstr ""\n\n#, fuzzy\nmsgid "Spil"\nmsgstr "Deal"\n', encoding="utf-8")
    statistics = msgfmt_statistics(bad)
    assert "untranslated" in statistics and "fuzzy" in statistics
