"""The PDFs' fonts print every character a player's name may hold (scoring/reports/pdf.py: DejaVu, then
Noto and Noto CJK, Debian's fonts-dejavu-core, fonts-noto-core and fonts-noto-cjk): a name in
full-width forms, Cyrillic, Greek, CJK or with Slovenian, Danish and German letters comes out of the
PDF as it went in, drawn with a glyph the embedded font has (never the empty box of a glyph missing)."""
import io
import json
import re
import shutil
import subprocess

import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from scoring import services
from scoring.reports.pdf import render_evening_pdf, render_standings_pdf

pytestmark = pytest.mark.django_db

#: The golden evening's players, renamed.
NAMES = {"Anne": "Ａｎｎｅ＝１", "Bent": "Борис Ёлкин", "Carl": "Ξένια", "Dorte": "王小明 Žiga Ødegård-Weiß"}


def drawn_glyphs(data: bytes) -> dict[str, list[tuple[str, int, int]]]:
    """Each character the PDF's text draws -> [(font, glyph id, glyphs in the embedded font)], read
    from each font's ToUnicode map (glyph -> character) and its embedded font program."""
    out: dict[str, list[tuple[str, int, int]]] = {}
    seen = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            if font.indirect_reference.idnum in seen:
                continue
            seen.add(font.indirect_reference.idnum)
            descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object()
            program = (descriptor.get("/FontFile2") or descriptor["/FontFile3"]).get_object().get_data()
            glyphs = TTFont(io.BytesIO(program))["maxp"].numGlyphs
            cmap = font["/ToUnicode"].get_object().get_data().decode()
            for block in re.findall(r"beginbfchar(.*?)endbfchar", cmap, re.S):
                for glyph, text in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
                    for char in bytes.fromhex(text).decode("utf-16-be"):
                        out.setdefault(char, []).append((str(font["/BaseFont"]), int(glyph, 16), glyphs))
    return out


def missing(data: bytes, text: str) -> list[str]:
    """The characters of ``text`` the PDF draws with no glyph of its font (.notdef, glyph 0, or a
    glyph the embedded font does not have), or does not draw at all."""
    drawn = drawn_glyphs(data)
    return sorted({c for c in text if not c.isspace()
                   and not any(0 < glyph < glyphs for _font, glyph, glyphs in drawn.get(c, ()))})


@pytest.fixture
def renamed_evening(club, golden_dir):
    text = (golden_dir / "four-players-tout-nolo-fines.json").read_text()
    for old, new in NAMES.items():
        text = text.replace(f'"{old}"', json.dumps(new))
    table = services.evening_import(club=club, data=json.loads(text))
    services.evening_close(evening=table.evening)
    table.evening.refresh_from_db()
    return table.evening


def test_every_character_of_the_names_is_drawn_with_a_glyph(renamed_evening, tmp_path):
    data = render_evening_pdf(renamed_evening)
    assert missing(data, "".join(NAMES.values())) == []
    for tool in ("pdftotext", "pdffonts", "pdftoppm"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is missing: `make test` installs Debian's poppler-utils")
    path = tmp_path / "names.pdf"
    path.write_bytes(data)
    text = subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout
    for name in NAMES.values():
        assert name in text, name
    fonts = subprocess.run(["pdffonts", str(path)], check=True, capture_output=True, text=True).stdout
    rows = [line.split() for line in fonts.splitlines()[2:]]
    assert any("Noto-Sans-CJK" in row[0] for row in rows), fonts      # the full-width and CJK letters
    assert all(row[-5] == "yes" for row in rows), fonts                  # every font embedded ("emb")
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(path), str(tmp_path / "page")],
                   check=True)


def test_a_character_no_font_has_is_found_missing(renamed_evening):
    """The check above can fail: an unassigned code point (U+0378) has no glyph in any font."""
    player = renamed_evening.tables.first().seats.first().player
    player.name = "Ann\u0378"
    player.save(update_fields=["name"])
    assert missing(render_evening_pdf(renamed_evening), "Ann\u0378") == ["\u0378"]


def test_the_standings_pdf_prints_the_names_too(renamed_evening):
    from scoring.engine.money import Purse
    from scoring.reports.listings import standings_columns

    rows = [{key: (name if key == "player" else Purse.of("DKK", 0) if key == "amounts" else 0)
             for key, _heading in standings_columns("danish")} for name in NAMES.values()]
    data = render_standings_pdf(renamed_evening.club, rows, family="danish")
    assert missing(data, "".join(NAMES.values())) == []
