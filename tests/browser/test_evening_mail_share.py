"""The closed evening's page on a 390×844 phone and a 1280 wide screen: "Del" downloads the PDF where
the browser cannot share (desktop Chromium); where it can, the share sheet opens at the tap with the
PDF as a file when the page fetched it before the tap, and with the PDF's link when it had not (a
browser opens the share sheet only within a moment of the tap); "Send med e-mail" queues the
players' mails and the page shows each one's state.

``SHOTS=/some/dir`` keeps a screenshot of each step there, to look at."""
import json

import pytest
from django.core import mail as outbox
from playwright.sync_api import expect

from scoring import services
from scoring.outbox_sender import send_round
from scoring.models import Club, Player, Role
from tests.browser.helpers import login, no_sideways_scroll, phone_context, shot, wait_until
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [(390, 844), (1280, 900)]


@pytest.fixture
def closed_evening(golden_dir, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    club = Club.objects.create(name="Tarokklubben Pagat")
    make_user(club, Role.SCOREKEEPER, "skriver")
    make_user(club, Role.MEMBER, "medlem")
    data = json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text())
    table = services.evening_import(club=club, data=data)
    for name in ("Anne", "Bent", "Carl"):
        Player.objects.filter(club=club, name=name).update(email=f"{name.lower()}@example.org")
    return services.evening_close(evening=table.evening)


@pytest.mark.parametrize("width, height", SIZES)
def test_del_downloads_the_pdf_where_the_browser_cannot_share(live_server, browser, closed_evening, width, height):
    evening = closed_evening
    context, page = phone_context(browser, width, height, is_mobile=width < 800, accept_downloads=True)
    try:
        login(page, live_server, f"/evenings/{evening.pk}/", "medlem")
        share = page.locator("#share-pdf")
        expect(share).to_have_text("Del")
        assert page.evaluate("typeof navigator.canShare !== 'function' || "
                             "!navigator.canShare({files: [new File([''], 'x.pdf', {type: 'application/pdf'})]})")
        with page.expect_download(timeout=60_000) as waiting:   # the PDF is rendered on request
            share.click()
        download = waiting.value
        assert download.suggested_filename == f"tarok-2026-11-20-aften-{evening.pk}.pdf"
        with open(download.path(), "rb") as pdf:
            assert pdf.read(5) == b"%PDF-"
        expect(page.locator("#mail-send")).to_have_count(0)   # a member does not send
        no_sideways_scroll(page)
        shot(page, f"evening-mail-{width}-member")
    finally:
        context.close()


#: A phone's share sheet, stood in for before any script of the page runs: it keeps what it was given
#: and when (``performance.now()``), and whether the tap's activation was still there to open it.
SHARE_SHEET = """
    navigator.canShare = (data) => !!(data && data.files && data.files.every((f) => f instanceof File));
    navigator.share = (data) => {
      const opened = navigator.userActivation ? navigator.userActivation.isActive : true;
      const file = data.files && data.files[0];
      const head = file ? file.slice(0, 5).text() : Promise.resolve("");
      return head.then((text) => {
        window.__shared = {name: file && file.name, type: file && file.type, size: file && file.size, head: text,
                           title: data.title, url: data.url, opened: opened};
      });
    };"""


def share_phone(browser, width, height):
    context, page = phone_context(browser, width, height, is_mobile=width < 800, accept_downloads=True)
    context.add_init_script(SHARE_SHEET)
    downloads = []
    page.on("download", lambda download: downloads.append(download))
    return context, page, downloads


@pytest.mark.parametrize("width, height", SIZES)
def test_del_shares_the_pdf_fetched_before_the_tap_as_a_file(live_server, browser, closed_evening, width, height):
    evening = closed_evening
    context, page, downloads = share_phone(browser, width, height)
    try:
        login(page, live_server, f"/evenings/{evening.pk}/", "medlem")
        # the closed evening's PDF is fetched when the page loads, before any tap
        expect(page.locator("#share-pdf[data-ready]")).to_have_count(1, timeout=60_000)
        page.click("#share-pdf")
        wait_until(page, "window.__shared !== undefined", timeout=5_000)
        shared = page.evaluate("window.__shared")
        assert shared["name"] == f"tarok-2026-11-20-aften-{evening.pk}.pdf" and shared["opened"]
        assert shared["type"] == "application/pdf" and shared["head"] == "%PDF-" and shared["size"] > 1000
        assert shared["title"] == "Tarokklubben Pagat 20.11.2026"
        assert downloads == []   # shared, not saved
    finally:
        context.close()


def test_del_shares_the_link_where_the_pdf_is_not_here_yet(live_server, browser, closed_evening):
    evening = closed_evening
    context, page, downloads = share_phone(browser, 390, 844)
    # the PDF takes longer than the tap's moment: its answer never comes while the test looks
    page.route("**/pdf/**", lambda route: None)
    try:
        login(page, live_server, f"/evenings/{evening.pk}/", "medlem")
        expect(page.locator("#share-pdf[data-fetching]")).to_have_count(1)
        page.click("#share-pdf")
        wait_until(page, "window.__shared !== undefined", timeout=5_000)
        shared = page.evaluate("window.__shared")
        assert shared["url"] == f"{live_server.url}/evenings/{evening.pk}/pdf/" and shared["opened"]
        assert shared["name"] is None and shared["title"] == "Tarokklubben Pagat 20.11.2026"
        assert downloads == []
    finally:
        context.close()


@pytest.mark.parametrize("width, height", SIZES)
def test_the_scorekeeper_sends_and_the_page_shows_each_mails_state(live_server, browser, closed_evening, width,
                                                                   height, tmp_path):
    evening = closed_evening
    context, page = phone_context(browser, width, height, is_mobile=width < 800)
    try:
        login(page, live_server, f"/evenings/{evening.pk}/", "skriver")
        expect(page.locator("#mail-addresses")).to_contain_text("3 af 4 spillere har en e-mailadresse.")
        shot(page, f"evening-mail-{width}-before", full=True)
        page.click("#mail-send")
        expect(page.locator("ul.messages")).to_contain_text("Arket er lagt i udbakken til 3 spillere")
        expect(page.locator("#mail-outbox tbody tr")).to_have_count(3)
        expect(page.locator("#mail-outbox .mail-state")).to_have_text(["i kø", "i kø", "i kø"])
        expect(page.locator("#mail-send")).to_have_count(0)   # nobody with an address is left waiting
        shot(page, f"evening-mail-{width}-queued", full=True)
        done = send_round(str(tmp_path / "mail.lock"))   # the sender, outside the request
        assert done.sent == 3 and len(outbox.outbox) == 3
        page.reload()
        expect(page.locator("#mail-outbox .mail-state")).to_have_text(["sendt", "sendt", "sendt"])
        expect(page.locator("body")).not_to_contain_text("@example.org")
        no_sideways_scroll(page)
        shot(page, f"evening-mail-{width}-sent", full=True)
    finally:
        context.close()


@pytest.mark.parametrize("language, words", [
    ("en", ("Send the sheet to the players", "3 of 4 players have an e-mail address.", "Share", "queued")),
    ("de", ("Die Abrechnung an die Spieler senden", "3 von 4 Spielern haben eine E-Mail-Adresse.", "Teilen", "wartet")),
    ("sl", ("Pošlji list igralcem", "E-poštni naslov ima 3 od 4 igralcev.", "Deli", "v čakalni vrsti")),
])
def test_the_mail_block_reads_in_each_language(live_server, browser, closed_evening, language, words):
    evening = closed_evening
    services.evening_mail_queue(evening=evening)
    context, page = phone_context(browser, 390, 844)
    try:
        login(page, live_server, f"/evenings/{evening.pk}/", "skriver")
        context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
        page.reload()
        for word in words:
            expect(page.locator("body")).to_contain_text(word)
        no_sideways_scroll(page)
        page.locator("#evening-mail").scroll_into_view_if_needed()
        shot(page, f"evening-mail-390-{language}")
    finally:
        context.close()
