"""A whole evening at a 4-player table through a real browser on a phone-sized window: melds, an
ultimo, a bagud, a nolo, a fine and a misdeal; the live preview; closing; the PDF, whose totals
must equal ``manage.py settle`` on the exported file."""
import io
import json
import subprocess
import sys

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from scoring.models import Club, Deal, Evening, Role
from tests.conftest import ROOT
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def chip(page, group: str, name: str) -> None:
    page.locator(f"#{group} label", has_text=name).click()


def save(page) -> None:
    with page.expect_navigation():
        page.click("#save")
    expect(page.locator(".messages")).to_contain_text("er gemt")


def test_record_close_and_print_an_evening(live_server, phone, tmp_path):
    club = Club.objects.create(name="VLK")
    make_user(club, Role.SCOREKEEPER, "skriver")
    page = phone
    page.goto(f"{live_server.url}/")
    page.fill("#id_username", "skriver")
    page.fill("#id_password", "pw-secret-1")
    page.click("#login-submit")

    page.click("text=Ny aften")
    page.fill("#id_date", "2026-11-20")
    for i, name in enumerate(["Anne", "Bent", "Carl", "Dorte"], 1):
        page.fill(f"#id_new_{i}", name)
    with page.expect_navigation():
        page.click("#create-evening")
    expect(page.locator("#seating")).to_contain_text("Sidder overCarl")

    # Deal 1, Anne deals, Carl sits out: Bent melds "11 med", pagat home, Dorte takes the last trick.
    page.click("text=Meldinger")
    page.select_option("#id_meld_1_player", "Bent")
    page.select_option("#id_meld_1_kind", "taroks:11:1")
    chip(page, "pagat-owner", "Bent")
    chip(page, "last-trick", "Dorte")
    page.fill("#id_count_0", "31")   # Bent
    page.fill("#id_count_1", "20")   # Dorte
    # Anne -10 fee -15 meld -5 pagat -20 last trick, derived 0 = -50; Bent +30 +10 -20 +5 = 25;
    # Dorte -15 -5 +40 -5 = 15; Carl sits out; the cups get the fee: 85 / 85.
    expect(page.locator("#preview-net")).to_contain_text("-50")
    cells = page.locator("#preview-net tr").nth(1).locator("td").all_inner_texts()
    assert cells == ["-50", "25", "0", "15", "85", "85"]
    expect(page.locator("#preview-derived")).to_contain_text("Anne udregnes: 0")
    save(page)

    # Deal 2, Bent deals, Dorte sits out: Carl's pagat makes ultimo.
    chip(page, "pagat-owner", "Carl")
    chip(page, "pagat-fate", "ultimo")
    chip(page, "last-trick", "Carl")
    page.fill("#id_count_0", "40")   # Carl
    page.fill("#id_count_1", "20")   # Anne
    expect(page.locator("#preview-net")).to_be_visible()
    save(page)

    # Deal 3, Carl deals, Anne sits out: Bent's king of hearts goes bagud, Dorte loses the pagat
    # and is fined for playing out of turn.
    chip(page, "pagat-owner", "Dorte")
    chip(page, "pagat-fate", "tabt")
    chip(page, "last-trick", "Carl")
    page.click("text=Konger tabt / ultimo / bagud")
    page.select_option("#id_king_hearts_owner", "Bent")
    page.select_option("#id_king_hearts_fate", "bagud")
    page.click("text=Bøder")
    page.select_option("#id_fine_1_player", "Dorte")
    page.select_option("#id_fine_1_kind", "out_of_turn")
    page.fill("#id_count_0", "30")   # Dorte
    page.fill("#id_count_1", "20")   # Bent
    expect(page.locator("#preview-net")).to_be_visible()
    save(page)

    # Deal 4, Dorte deals: a misdeal.
    chip(page, "kind", "fejlgivning")
    save(page)

    # Deal 5, Anne deals again (the misdeal passed the deal on): Bent makes nolo.
    expect(page.locator("#seating")).to_contain_text("GiverAnne")
    chip(page, "pagat-owner", "Anne")
    chip(page, "last-trick", "Dorte")
    page.click("text=Tout / nolo")
    page.select_option("#id_nolo", "Bent")
    expect(page.locator("#preview-net")).to_be_visible()
    save(page)

    # An error is shown next to its field and nothing is saved.
    chip(page, "pagat-owner", "Bent")
    chip(page, "last-trick", "Bent")
    page.fill("#id_count_0", "60")
    page.fill("#id_count_1", "30")
    expect(page.locator("#preview-problems")).to_contain_text("højst 77")
    page.click("#save")
    expect(page.locator(".counts .errorlist")).to_contain_text("de to tal giver 90; højst 77")
    evening = Evening.objects.get()
    assert Deal.objects.filter(table__evening=evening).count() == 5

    # Close the evening after the confirmation step.
    page.goto(f"{live_server.url}/evenings/{evening.pk}/")
    page.click("#close-link")
    with page.expect_navigation():
        page.click("#confirm-close")
    expect(page.locator("#final-totals")).to_be_visible()

    table = evening.tables.get()
    exported = page.request.get(f"{live_server.url}/tables/{table.pk}/export/")
    assert exported.ok
    path = tmp_path / "evening.json"
    path.write_bytes(exported.body())
    settled = subprocess.run([sys.executable, "manage.py", "settle", str(path), "--json"], cwd=ROOT,
                             capture_output=True, text=True, check=True)
    expected = json.loads(settled.stdout)
    assert [d["number"] for d in expected["deals"]] == [1, 2, 3, 4, 5]

    pdf = page.request.get(f"{live_server.url}/evenings/{evening.pk}/pdf/")
    assert pdf.ok and pdf.headers["content-type"] == "application/pdf"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.body())).pages)
    lines = text.splitlines()
    for player, total in expected["totals"].items():
        assert any(line.startswith(f"{player} {total} ") for line in lines), (player, total, text)
    for transfer in expected["transfers"]:
        assert any(line.startswith(f"{transfer['from']} {transfer['to']} {transfer['points']} ") for line in lines)
    final = page.locator("#final-totals").inner_text()
    for player, total in expected["totals"].items():
        assert f"{player}\t{total}\t" in final
