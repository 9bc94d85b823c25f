"""The PDF settlement sheet shows the same totals and transfers as the engine."""
import io
import time

import pytest
from django.core.management import call_command
from pypdf import PdfReader

from scoring import services
from scoring.engine.interchange import parse_evening
from scoring.engine.settle import settle_evening
from scoring.models import Evening
from scoring.pdf import render_evening_pdf
from scoring.selectors import table_to_evening_file

pytestmark = pytest.mark.django_db


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_pdf_totals_and_transfers_equal_the_engine(golden_table):
    settlement = settle_evening(parse_evening(table_to_evening_file(golden_table)))
    services.evening_close(evening=golden_table.evening)
    evening = Evening.objects.get(pk=golden_table.evening_id)
    data = render_evening_pdf(evening)
    assert data.startswith(b"%PDF")
    text = pdf_text(data)
    assert "VLK – 20. november 2026" in text
    lines = text.splitlines()
    for player, total in settlement.totals:
        kroner = f"{total * 0.25:.2f}".replace(".", ",")
        assert f"{player} {total} {kroner} kr." in lines, (player, total)
    for transfer in settlement.transfers:
        kroner = f"{transfer.points * 0.25:.2f}".replace(".", ",")
        assert f"{transfer.payer} {transfer.payee} {transfer.points} {kroner} kr." in lines
    assert "Underskrifter" in text


def test_the_command_writes_the_pdf(golden_table, tmp_path, capsys):
    out = tmp_path / "sheet.pdf"
    call_command("evening_pdf", str(golden_table.evening_id), str(out))
    assert out.read_bytes().startswith(b"%PDF")
    with pytest.raises(Exception, match="no evening with id 999"):
        call_command("evening_pdf", "999", str(out))


def test_pdf_download(keeper_client, golden_table):
    response = keeper_client.get(f"/evenings/{golden_table.evening_id}/pdf/")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "Foreløbig" in pdf_text(response.content)
