"""A season report too long for a request (``bounds.SEASON_REPORT_INLINE_EVENINGS``, made small here):
its page leaves the list of every transfer to the exports and offers its PDF and exports as files the
worker makes in the background (``manage.py worker``); the page says when each is ready and links
it, and a link to the PDF or an export goes to the page until the file is ready, then serves it. A
file made before a later write to the club's books is not offered again; a file that cannot be made
shows why and is asked for again."""
import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from scoring import services
from scoring.engine import bounds
from scoring.models import EveningTransfer, ReportFile, Role, Season
from scoring.services.seed import seed_history

from .conftest import make_user

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


@pytest.fixture
def long_club(monkeypatch, settings, tmp_path):
    monkeypatch.setattr(bounds, "SEASON_REPORT_INLINE_EVENINGS", 2)
    settings.MEDIA_ROOT = tmp_path / "media"
    monkeypatch.setattr("scoring.outbox_sender.LOCK_FILE", str(tmp_path / "mail.lock"))
    return seed_history(seasons=1, evenings=3, tables=1, deals=4, seed=6, name_prefix="Lang")[0]


@pytest.fixture
def reader(client, long_club):
    client.force_login(make_user(long_club, Role.MEMBER, "laeser"))
    return client


def season_url(club, name="season"):
    return reverse(f"scoring:{name}", args=[club.pk]) + f"?season={Season.objects.get(club=club).pk}"


def states(html: str) -> dict[str, str]:
    import re
    return dict(re.findall(r'<li data-kind="([^"]+)" data-state="([^"]+)"', html))


def work() -> str:
    out = io.StringIO()
    call_command("worker", stdout=out)
    return out.getvalue()


def test_a_long_report_is_made_in_the_background_and_linked_when_ready(reader, long_club):
    page = reader.get(season_url(long_club)).content.decode()
    assert states(page) == {"pdf": "none", "xlsx": "none", "evenings": "none", "transfers": "none"}
    assert 'id="season-transfers-elsewhere"' in page and 'id="season-transfers"' not in page
    assert 'id="season-pdf"' not in page
    # the PDF's link goes to the page until the file is made
    answer = reader.get(season_url(long_club, "season_pdf"))
    assert answer.status_code == 302 and answer["Location"].endswith("#season-files")
    ask = reverse("scoring:season_file_ask", args=[long_club.pk]) + f"?season={Season.objects.get().pk}"
    assert reader.post(ask, {"kind": "pdf"}).status_code == 302
    page = reader.get(season_url(long_club)).content.decode()
    assert states(page)["pdf"] == "waiting" and 'hx-trigger="every 3s"' in page and "laves" in page
    assert "reports made 1, failed 0" in work()
    fragment = reader.get(season_url(long_club, "season_files")).content.decode()
    assert states(fragment)["pdf"] == "ready" and "hx-trigger" not in fragment and "klar kl." in fragment
    made = ReportFile.objects.get(kind="pdf")
    assert f'href="/clubs/{long_club.pk}/season/files/{made.pk}/?download=1"' in fragment and "data-prefetch" in fragment
    pdf = reader.get(reverse("scoring:season_file", args=[long_club.pk, made.pk]))
    assert pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    served = reader.get(season_url(long_club, "season_pdf"))   # the PDF's link now serves the file made
    assert served.status_code == 200 and served.content == pdf.content
    # a write to the club's books: the file says other things now, and is asked for again
    paid = EveningTransfer.objects.filter(club=long_club).first()
    services.payment_record(club=long_club, payer=paid.payer_id, receiver=paid.receiver_id, amount=paid.amount,
                            currency=paid.currency, method="cash")
    assert states(reader.get(season_url(long_club)).content.decode())["pdf"] == "none"
    assert reader.get(season_url(long_club, "season_pdf")).status_code == 302


def test_the_exports_are_made_alike(reader, long_club):
    ask = reverse("scoring:season_file_ask", args=[long_club.pk]) + f"?season={Season.objects.get().pk}"
    for kind in ("xlsx", "transfers"):
        reader.post(ask, {"kind": kind})
    assert "reports made 2" in work()
    csv = reader.get(reverse("scoring:season_export", args=[long_club.pk, "csv"])
                     + f"?season={Season.objects.get().pk}&sheet=transfers")
    assert csv.status_code == 200 and csv["Content-Disposition"].startswith("attachment")
    assert len(csv.content.decode("utf-8-sig").splitlines()) == EveningTransfer.objects.filter(club=long_club).count() + 1
    assert reader.post(ask, {"kind": "ods"}).status_code == 400


def test_a_file_that_cannot_be_made_says_why_and_is_asked_for_again(reader, long_club, monkeypatch):
    import scoring.reports.background

    def broken(made):
        raise RuntimeError("no fonts")

    monkeypatch.setattr(scoring.reports.background, "make", broken)
    ask = reverse("scoring:season_file_ask", args=[long_club.pk]) + f"?season={Season.objects.get().pk}"
    reader.post(ask, {"kind": "pdf"})
    for _ in range(bounds.REPORT_ATTEMPTS):
        assert "failed 1" in work()
    assert work() == ""   # tried enough
    page = reader.get(season_url(long_club)).content.decode()
    assert states(page)["pdf"] == "failed" and "RuntimeError: no fonts" in page
    monkeypatch.undo()
    monkeypatch.setattr(bounds, "SEASON_REPORT_INLINE_EVENINGS", 2)
    reader.post(ask, {"kind": "pdf"})
    assert "reports made 1" in work()


def test_another_club_reads_no_file(client, reader, long_club):
    ask = reverse("scoring:season_file_ask", args=[long_club.pk]) + f"?season={Season.objects.get().pk}"
    reader.post(ask, {"kind": "evenings"})
    work()
    made = ReportFile.objects.get()
    other = seed_history(seasons=0, evenings=0, tables=1, deals=0, seed=7, name_prefix="Anden")[0]
    client.force_login(make_user(other, Role.ADMIN, "fremmed"))
    assert client.get(reverse("scoring:season_file", args=[long_club.pk, made.pk])).status_code == 404
    assert client.get(reverse("scoring:season_file", args=[other.pk, made.pk])).status_code == 404


def test_a_short_report_is_made_in_the_request(reader, long_club, monkeypatch):
    monkeypatch.setattr(bounds, "SEASON_REPORT_INLINE_EVENINGS", 60)
    page = reader.get(season_url(long_club)).content.decode()
    assert 'id="season-files"' not in page and 'id="season-pdf"' in page and 'id="season-transfers"' in page
    assert reader.get(season_url(long_club, "season_pdf")).content.startswith(b"%PDF")
