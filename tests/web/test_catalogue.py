"""Every translated catalogue (English, German, Slovenian) is the one source of its language: every
msgid translated, no fuzzy entry, the same msgids as the Danish catalogue, placeholders kept, and the
compiled .mo made from this .po."""
import importlib
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings

LOCALE = Path(__file__).resolve().parents[2] / "locale"
DA = LOCALE / "da" / "LC_MESSAGES" / "django.po"
TRANSLATED = ("en", "de", "sl")


def catalogue(lang: str) -> Path:
    path = LOCALE / lang / "LC_MESSAGES" / "django.po"
    if lang == "sl" and not path.parent.parent.exists():
        # The Slovenian catalogue is written on its own branch; until it is merged there is nothing to check.
        pytest.skip("locale/sl does not exist on this branch yet")
    assert path.exists(), f"{path} is missing: run `make messages`"
    return path


def msgfmt_statistics(path: Path) -> str:
    if shutil.which("msgfmt") is None:
        pytest.fail("msgfmt is missing: `make test` installs Debian's gettext package")
    done = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(path)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stderr.strip().splitlines()[-1]


def _joined(quoted: str) -> str:
    return "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', quoted))


def msgids(path: Path) -> set[str]:
    """The msgids of a catalogue (obsolete entries left out), joined from their quoted lines."""
    text = path.read_text(encoding="utf-8")
    found = set()
    for match in re.finditer(r'^msgid ((?:"(?:[^"\\]|\\.)*"\n)+)', text, re.M):
        found.add(_joined(match.group(1)))
    found.discard("")
    return found


def entries(path: Path) -> list[tuple[str, list[str]]]:
    """(msgid, [msgstr, …]) of each entry; a plural entry's msgid is its singular and plural joined."""
    found = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        block = "\n".join(line for line in block.splitlines() if not line.startswith("#"))
        msgid = re.search(r'^msgid ((?:"(?:[^"\\]|\\.)*"\n?)+)', block, re.M)
        if msgid is None or not _joined(msgid.group(1)):
            continue
        plural = re.search(r'^msgid_plural ((?:"(?:[^"\\]|\\.)*"\n?)+)', block, re.M)
        strs = [_joined(m) for m in re.findall(r'^msgstr(?:\[\d\])? ((?:"(?:[^"\\]|\\.)*"\n?)+)', block, re.M)]
        found.append((_joined(msgid.group(1)) + (_joined(plural.group(1)) if plural else ""), strs))
    return found


PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|\{(\w*)\}")


def placeholders(text: str) -> set[str]:
    return {a or b for a, b in PLACEHOLDER.findall(text)}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalogue_is_complete_and_has_no_fuzzy_entry(lang):
    path = catalogue(lang)
    statistics = msgfmt_statistics(path)
    assert "untranslated" not in statistics and "fuzzy" not in statistics, statistics
    assert re.fullmatch(r"\d+ translated messages\.", statistics), statistics
    assert not re.search(r"^#,.*\bfuzzy\b", path.read_text(encoding="utf-8"), re.M)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalogue_and_danish_catalogue_hold_the_same_msgids(lang):
    assert msgids(catalogue(lang)) == msgids(DA)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_keeps_the_placeholders_of_its_msgid(lang):
    """A named placeholder may be left out of a singular form ("1 spil"), never added or renamed."""
    wrong = [(msgid, s) for msgid, strs in entries(catalogue(lang)) for s in strs
             if not placeholders(s) <= placeholders(msgid)
             or (len(strs) == 1 and placeholders(s) != placeholders(msgid))]
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_compiled_catalogue_matches_its_source(lang, tmp_path):
    path = catalogue(lang)
    msgfmt_statistics(path)
    compiled = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "--check-format", "-o", str(compiled), str(path)], check=True)
    assert compiled.read_bytes() == path.with_suffix(".mo").read_bytes(), "run `make messages`"


def test_every_language_of_the_site_has_a_catalogue_and_formats():
    """settings.LANGUAGES is what the picker offers: each has its dates and money (tarokklub/formats)."""
    codes = [code for code, _ in settings.LANGUAGES]
    assert codes[:4] == ["da", "en", "de", "sl"]
    for code in codes:
        if code == "sl" and not (LOCALE / "sl").exists():
            continue
        assert (LOCALE / code / "LC_MESSAGES" / "django.po").exists(), code
        assert (Path(settings.BASE_DIR) / "tarokklub" / "formats" / code / "formats.py").exists(), code
        module = importlib.import_module(f"tarokklub.formats.{code}.formats")
        for name in ("DATE_FORMAT", "SHORT_DATE_FORMAT", "SHORT_DATETIME_FORMAT", "DECIMAL_SEPARATOR",
                     "THOUSAND_SEPARATOR"):
            assert hasattr(module, name), (code, name)     # the number formats need each of them


def test_the_makefile_collects_every_language():
    makefile = (Path(settings.BASE_DIR) / "Makefile").read_text(encoding="utf-8")
    command = next(line for line in makefile.splitlines() if "manage.py makemessages" in line)
    assert all(f"-l {code}" in command for code, _ in settings.LANGUAGES), command


def test_a_fuzzy_or_empty_entry_is_caught(tmp_path):
    bad = tmp_path / "django.po"
    bad.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                   'msgid "Stilling"\nmsgstr ""\n\n#, fuzzy\nmsgid "Spil"\nmsgstr "Deal"\n', encoding="utf-8")
    statistics = msgfmt_statistics(bad)
    assert "untranslated" in statistics and "fuzzy" in statistics


def test_a_lost_placeholder_is_caught(tmp_path):
    bad = tmp_path / "django.po"
    bad.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                   '#, python-format\nmsgid "Spil %(n)s"\nmsgstr "Spiel %(nummer)s"\n', encoding="utf-8")
    assert [(m, s) for m, strs in entries(bad) for s in strs if placeholders(s) != placeholders(m)]
