"""The PDF settlement sheet (scoring.reports.pdf.render_evening_pdf): the same sheet, totals and transfers
as the engine settling the exported evening file; the download, the command, the page layout."""
import io
import json
import re
import time
from decimal import Decimal

import pytest
from django.core.management import CommandError, ManagementUtility, call_command
from pypdf import PdfReader

from scoring import services
from scoring.reports import pdf
from scoring.engine import interchange
from families.danish.engine.generate import random_evening
from scoring.engine.interchange import parse_evening
from scoring.currency import format_money
from scoring.engine.settle import settle_evening
from scoring.models import Evening
from scoring.reports.pdf import render_evening_pdf
from scoring.selectors import evening_summary, table_sheet, table_to_evening_file

pytestmark = pytest.mark.django_db


def pdf_pages(data: bytes) -> list:
    return PdfReader(io.BytesIO(data)).pages


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in pdf_pages(data))


def kr(points: int, rate: str = "0.25") -> str:
    """Points in Danish kroner, worked out by hand: 275 × 0,25 = 68,75 kr."""
    amount = Decimal(points) * Decimal(rate)
    return f"{amount:.2f}".replace(".", ",") + " kr."


def closed(table) -> Evening:
    services.evening_close(evening=table.evening)
    return Evening.objects.select_related("club").get(pk=table.evening_id)


def test_pdf_totals_and_transfers_equal_the_engine(golden_table):
    settlement = settle_evening(parse_evening(table_to_evening_file(golden_table)))
    data = render_evening_pdf(closed(golden_table))
    assert data.startswith(b"%PDF")
    text = pdf_text(data)
    lines = text.splitlines()
    assert lines[0] == "VLK – 20. november 2026"
    assert "Takstkort: VLK (Vestre Landsdelskommandos Tarokklub) · 0,25 kr. pr. point · Lukket" in lines[1]
    assert dict(settlement.totals) == {"Anne": 320, "Bent": -275, "Carl": 15, "Dorte": -60}
    assert kr(320) == "80,00 kr." and kr(-275) == "-68,75 kr."
    for player, total in settlement.totals:
        assert f"{player} {total} {kr(total)}" in lines, (player, total)
    assert settlement.transfers
    for t in settlement.transfers:
        assert f"{t.payer} {t.payee} {t.points} {kr(t.points)}" in lines, t
    assert "Bent Anne 275 68,75 kr." in lines
    assert "Underskrifter" in text and "Anne Bent" in lines and "Carl Dorte" in lines
    assert lines[-1] == "VLK – 20. november 2026 side 1 af 1"


@pytest.mark.parametrize("line_rows", [pdf.LINE_ROWS, 0], ids=["table", "lines"])
def test_pdf_sheet_is_the_engine_sheet_deal_by_deal(golden_table, monkeypatch, line_rows):
    """Every row: each player's net and running total, then the cups after it (docs/rules/danish.md §2, §6),
    whether the table is printed as a table of cells or, as a long one is, as lines of fixed-width
    text (``LINE_ROWS``): the words and figures of each line, whatever the spaces between them."""
    monkeypatch.setattr(pdf, "LINE_ROWS", line_rows)
    settlement = settle_evening(parse_evening(table_to_evening_file(golden_table)))
    players = settlement.players
    text = pdf_text(render_evening_pdf(closed(golden_table)))
    lines = [" ".join(line.split()) for line in text.splitlines()]
    running = dict.fromkeys(players, 0)

    def cells(entry) -> str:
        for p in players:
            running[p] += entry.net[p]
        return " ".join(f"{entry.net[p]} {running[p]}" for p in players) + f" {entry.cups.king} {entry.cups.pagat}"

    assert f"indskud {cells(settlement.opening)}" in lines
    deals = table_to_evening_file(golden_table)["deals"]
    for number, (deal, entry) in enumerate(zip(deals, settlement.deals), 1):
        tag = {"misdeal": " fejlgivning", "scrapped": " kasseret"}.get(deal.get("kind", "played"), "")
        row = f"{number} {deal['dealer']}{tag} {cells(entry)}"
        # the deal's words beside its figures (lines of text) or under them (cells): test_sheet_words.py
        assert any(line == row or line.startswith(row + " ") for line in lines), number
    assert f"deling af kopperne {cells(settlement.split)}" in lines
    assert "I alt 320 -275 15 -60 0 0" in lines
    assert "Bord 1 Anne Bent Carl Dorte Kopper" in lines
    assert "# Giver spil stilling spil stilling spil stilling spil stilling konge pagat" in lines


def test_pdf_download_is_inline_and_provisional_while_open(keeper_client, golden_table):
    response = keeper_client.get(f"/evenings/{golden_table.evening_id}/pdf/")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == (
        f'inline; filename="tarok-2026-11-20-aften-{golden_table.evening_id}.pdf"')
    text = pdf_text(response.content)
    assert "Foreløbig – aftenen er ikke lukket, og kopperne er ikke delt." in text
    assert "Foreløbig stilling" in text and "Afregnes, når aftenen er lukket" in text
    assert "Slutresultat" not in text and "Underskrifter" not in text
    assert len(pdf_pages(response.content)) == 1


def test_pages_are_a4_portrait_and_landscape_only_for_long_names(club, golden_dir):
    golden = services.evening_import(club=club, data=json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text()))
    sizes = {(round(p.mediabox.width), round(p.mediabox.height)) for p in pdf_pages(render_evening_pdf(golden.evening))}
    assert sizes == {(595, 842)}
    text = (golden_dir / "five-players-double-bagud.json").read_text()
    for name in ("Anne", "Bent", "Carl", "Dorte", "Erik"):
        text = text.replace(f'"{name}"', f'"{name}-Margrethe-Kristoffersen"')
    services.evening_import(club=club, data=json.loads(text), evening=golden.evening)
    data = render_evening_pdf(golden.evening)
    sizes = [(round(p.mediabox.width), round(p.mediabox.height)) for p in pdf_pages(data)]
    # table 2 alone on a landscape page, then back to portrait for the totals
    assert sizes == [(595, 842), (842, 595), (595, 842)]
    assert "Erik-Margrethe-Kristoffersen" in pdf_text(data)


def test_the_pdf_fetches_nothing():
    with pytest.raises(ValueError, match="may not load"):
        pdf._no_remote("https://fonts.example.org/font.woff2")


def test_the_command_writes_the_pdf(golden_table, tmp_path):
    out = tmp_path / "afregning.pdf"
    call_command("evening_pdf", str(golden_table.evening_id), str(out), stdout=io.StringIO())
    assert out.read_bytes().startswith(b"%PDF")
    assert "Bord 1" in pdf_text(out.read_bytes())


def test_the_command_refuses_an_unknown_evening(golden_table, tmp_path, capsys):
    out = tmp_path / "afregning.pdf"
    with pytest.raises(CommandError, match="no evening with id 999"):
        call_command("evening_pdf", "999", str(out))
    with pytest.raises(SystemExit) as exit_info:  # as from the shell: a message and a non-zero status
        ManagementUtility(["manage.py", "evening_pdf", "999", str(out)]).execute()
    assert exit_info.value.code != 0
    assert "no evening with id 999" in capsys.readouterr().err
    assert not out.exists()


def test_render_times(club, golden_dir, capsys):
    """How long render_evening_pdf takes: the golden evening, and 4 tables of 40 deals (printed)."""
    golden = services.evening_import(club=club, data=json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text()))
    evening = closed(golden)
    start = time.perf_counter()
    render_evening_pdf(evening)
    golden_seconds = time.perf_counter() - start

    big = services.evening_create(club=club, date="2026-12-04")
    seats = [("Anne", "Bent", "Carl", "Dorte"), ("Erik", "Frida", "Gitte", "Hans"),
             ("Ida", "Jens", "Karen", "Lars"), ("Mette", "Niels", "Ole", "Pia")]
    for seed, players in enumerate(seats):
        data = interchange.evening_to_dict(random_evening(seed, players=players, deals=40))
        services.evening_import(club=club, data=data, evening=big)
    services.evening_close(evening=big)
    big = Evening.objects.select_related("club").get(pk=big.pk)
    start = time.perf_counter()
    data = render_evening_pdf(big)
    big_seconds = time.perf_counter() - start
    pages = len(pdf_pages(data))
    text = pdf_text(data)
    summary = evening_summary(big)
    lines = text.splitlines()
    for player, points, kroner in summary.totals:  # several tables: the table number follows
        assert any(line.startswith(f"{player} {points} {format_money(kroner, 'DKK')} ") for line in lines), player
    for t in summary.payments:
        assert f"{t.payer} {t.payee} {t.points} {format_money(t.kroner, 'DKK')}" in lines
    assert sum(t for _, t, _ in summary.totals) == 0
    with capsys.disabled():
        print(f"\nrender_evening_pdf: golden evening (1 table, 6 deals) {golden_seconds:.2f} s; "
              f"4 tables x 40 deals {big_seconds:.2f} s, {pages} pages")


def test_corrected_deals_are_marked_with_a_footnote_and_a_treasurer_line(golden_table, tmp_path):
    deal = golden_table.deals.get(number=2, current=True)
    outcome = deal.outcome
    services.deal_correct(deal=deal, outcome=outcome, reason="samme spil, gemt igen")
    evening = closed(golden_table)
    data = render_evening_pdf(evening)
    text = pdf_text(data)
    assert "Rettet efter indtastningen (1 spil)" in text
    assert "Kasserer" in text and "Afregnet den" in text
    assert "Aftenen blev lukket" in text and "0,25 kr. pr. point" in text
    (tmp_path / "corrected.pdf").write_bytes(data)


@pytest.mark.parametrize("line_rows", [pdf.LINE_ROWS, 0], ids=["table", "lines"])
def test_a_voided_deal_keeps_its_row_struck_through_with_its_reason(golden_table, monkeypatch, line_rows):
    """The printed sheet keeps a voided deal at its number, as the web sheet does and the void page
    promises: its amounts as they stood (struck through, no running total) and why it was voided."""
    monkeypatch.setattr(pdf, "LINE_ROWS", line_rows)
    deal = golden_table.deals.get(number=2, current=True)
    net = next(row.net for row in table_sheet(golden_table).rows if row.number == 2)
    services.deal_void(deal=deal, reason="kortene var ikke blandet")
    lines = [" ".join(line.split()) for line in pdf_text(render_evening_pdf(closed(golden_table))).splitlines()]
    struck = next(line for line in lines if line.startswith("2 "))
    assert struck.split()[-len(net) - 2:-2] == [str(n) for n in net]      # its amounts, then the cups
    assert any("annulleret – betalt tilbage: kortene var ikke blandet" in line for line in lines)
    assert [line.split()[0] for line in lines if re.match(r"[1-6]\*? [A-Z]", line)][:6] == list("123456")


def test_an_uncorrected_evening_has_no_correction_footnote(golden_table):
    assert "Rettet efter indtastningen" not in pdf_text(render_evening_pdf(closed(golden_table)))


def test_the_sheet_renders_as_a_person_sees_it(golden_table, tmp_path):
    """Poppler draws the first page as the printer would (pdftoppm, as we look at every PDF we
    ship): an A4 page with the sheet printed on it, and the text Poppler reads off it names
    every player and the totals' heading."""
    import shutil
    import subprocess

    from PIL import Image

    for tool in ("pdftoppm", "pdftotext"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is missing: `make test` installs Debian's poppler-utils")
    path = tmp_path / "sheet.pdf"
    path.write_bytes(render_evening_pdf(closed(golden_table)))
    subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", str(path), str(tmp_path / "page")],
                   check=True)
    page = Image.open(next(tmp_path.glob("page*.png"))).convert("L")
    width, height = page.size
    assert 1.35 < height / width < 1.45                      # A4 portrait
    dark = page.histogram()[:128]                            # pixels darker than mid-grey
    dark = sum(dark)
    assert dark > width * height * 0.005                     # ink on the page, not a blank sheet
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True,
                          text=True).stdout
    for name in golden_table.seats.values_list("player__name", flat=True):
        assert name in text


def test_the_german_pdf_speaks_german_with_german_amounts_and_dates(golden_table):
    from django.utils import translation

    with translation.override("de"):
        text = pdf_text(render_evening_pdf(closed(golden_table)))
    lines = text.splitlines()
    assert lines[0] == "VLK – 20. November 2026"
    assert "Tarif: VLK (Vestre Landsdelskommandos Tarokklub) · 0,25 DKK pro Punkt · Geschlossen" in lines[1]
    assert "Anne 320 80,00 DKK" in lines and "Bent Anne 275 68,75 DKK" in lines
    assert "Unterschriften" in text and "Teilung der Töpfe" in text
    assert lines[-1] == "VLK – 20. November 2026 Seite 1 von 1"
    assert not {"kr.", "Underskrifter", "kopperne", "Lukket"} & set(text.split())


@pytest.mark.parametrize("line_rows", [pdf.LINE_ROWS, 0], ids=["table", "lines"])
def test_an_evening_laid_out_in_parts_reads_as_one(club, golden_dir, monkeypatch, line_rows):
    """The sheet laid out in parts (each table its own WeasyPrint document, PART_ROWS) and joined:
    every page's foot names the evening and counts the pages of the whole evening; the heading
    once on the first page, the totals and signatures once at the end; a landscape table stays
    landscape (five players of long names, as a table of cells and as lines of text)."""
    monkeypatch.setattr(pdf, "LINE_ROWS", line_rows)
    golden = services.evening_import(club=club, data=json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text()))
    text = (golden_dir / "five-players-double-bagud.json").read_text()
    for name in ("Anne", "Bent", "Carl", "Dorte", "Erik"):
        text = text.replace(f'"{name}"', f'"{name}-Margrethe-Kristoffersen"')
    services.evening_import(club=club, data=json.loads(text), evening=golden.evening)
    evening = closed(golden)
    whole = render_evening_pdf(evening)
    monkeypatch.setattr(pdf, "PART_ROWS", 1)   # each table a part of its own
    tables = [pdf._pdf_table(s) for s in evening_summary(evening).sheets]
    assert [len(part) for part in pdf._parts(tables)] == [1, 1]
    data = render_evening_pdf(evening)
    pages = pdf_pages(data)
    sizes = [(round(p.mediabox.width), round(p.mediabox.height)) for p in pages]
    # the five players' table on landscape pages (as lines of text its deals' words take lines of
    # their own beside no room: a page more), between the first table's and the end's portrait
    assert sizes[0] == sizes[-1] == (595, 842) and set(sizes[1:-1]) == {(842, 595)} and len(sizes) in (3, 4)
    for number, page in enumerate(pages, 1):
        assert page.extract_text().splitlines()[-1] == f"VLK – 20. november 2026 side {number} af {len(pages)}"
    text = pdf_text(data)
    assert text.count("VLK – 20. november 2026\n") == 1 and text.startswith("VLK – 20. november 2026\n")
    assert text.count("Underskrifter") == 1 and text.count("Hvem betaler hvem") == 1
    # (as lines of text the first table is landscape too, its deals' words beside its figures: after the heading)
    first = next(i for i, page in enumerate(pages) if "Bord 1" in page.extract_text())
    assert first <= 1 and "Bord 2" in pages[first + 1].extract_text()
    # as the whole, but for the feet (two landscape tables may share a page of the whole)
    def unfooted(text: str) -> str:
        return " ".join(re.sub(r"VLK – 20\. november 2026 side \d+ af \d+", "", text).split())
    assert unfooted(pdf_text(whole)) == unfooted(text)


def test_parts_hold_whole_tables_up_to_the_rows_of_a_part(golden_table, monkeypatch):
    table = pdf._pdf_table(evening_summary(golden_table.evening).sheets[0])
    rows = len(table.rows)
    monkeypatch.setattr(pdf, "PART_ROWS", 2 * rows)
    assert [len(p) for p in pdf._parts([table] * 5)] == [2, 2, 1]
    monkeypatch.setattr(pdf, "PART_ROWS", rows - 1)     # a longer table alone
    assert [len(p) for p in pdf._parts([table] * 2)] == [1, 1]
    assert pdf._parts([]) == [[]]


@pytest.mark.parametrize("line_rows", [pdf.LINE_ROWS, 0], ids=["table", "lines"])
def test_lean_stylesheet_changes_no_ink(golden_table, monkeypatch, line_rows, tmp_path):
    """The evening sheet is laid out without the user-agent rules for list markers, footnotes and
    notes (``pdf_worker.LEAN_PSEUDO``, a tenth of its layout): the sheet has none of them, and its
    pages read the same, word for word and place for place, as with WeasyPrint's whole stylesheet."""
    import subprocess

    from weasyprint import HTML

    from scoring.reports import pdf_worker

    monkeypatch.setattr(pdf, "LINE_ROWS", line_rows)
    lean = pdf_worker._lean_document_class()
    assert lean is not HTML   # this WeasyPrint's stylesheet has every rule left out
    pages: list[str] = []
    monkeypatch.setattr(pdf, "render_parts", lambda html, helper=None: pages.extend(html) or [
        pdf_worker.write_pdf(page) for page in html])
    data = render_evening_pdf(closed(golden_table))
    assert len(pages) == 1
    for tag in ("<li", "<ul", "<ol", "list-item", "float: footnote", "float:footnote", "::note", "::marker"):
        assert tag not in pages[0].lower(), tag
    whole = HTML(string=pages[0], url_fetcher=pdf_worker.refuse_url).write_pdf()
    texts = []
    for name, document in (("lean", data), ("whole", whole)):
        (tmp_path / f"{name}.pdf").write_bytes(document)
        texts.append(subprocess.run(["pdftotext", "-layout", str(tmp_path / f"{name}.pdf"), "-"],
                                    capture_output=True, text=True, check=True).stdout)
    assert texts[0] == texts[1]
    assert "side 1 af " in texts[0] and "Underskrifter" in texts[0]
