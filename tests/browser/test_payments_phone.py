"""Who has paid, on a 390×844 phone and a 1280 wide screen: the payer, logged in with his own login,
marks his transfer paid by MobilePay from the evening page; the page, the club's outstanding page
and the scorekeeper taking the mark back with a reason.

``SHOTS=/some/dir`` keeps a screenshot of each step there, to look at."""
import json

import pytest
from playwright.sync_api import expect

from scoring import services
from scoring.models import Club, EveningEventKind, EveningTransfer, Player, Role
from tests.browser.helpers import login, no_sideways_scroll, phone_context, shot
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [(390, 844), (1280, 900)]


@pytest.mark.parametrize("width, height", SIZES)
def test_the_payer_marks_his_transfer_paid_on_his_phone(live_server, browser, golden_dir, width, height):
    from decimal import Decimal

    club = Club.objects.create(name="Tarokklubben Pagat", kroner_per_point=Decimal("0.25"))
    table = services.evening_import(club=club, data=json.loads(
        (golden_dir / "four-players-tout-nolo-fines.json").read_text()))
    services.evening_close(evening=table.evening)
    evening = table.evening
    bent = make_user(club, Role.MEMBER, "bent")
    Player.objects.filter(club=club, name="Bent").update(user=bent)
    make_user(club, Role.SCOREKEEPER, "skriver")
    transfer = EveningTransfer.objects.get(evening=evening, payer__name="Bent")
    context, page = phone_context(browser, width, height, is_mobile=width < 800)
    try:
        login(page, live_server, f"/evenings/{evening.pk}/", "bent")
        row = page.locator(f"#transfer-{transfer.pk}")
        expect(row).to_contain_text("ubetalt")
        # Bent sees a button only on his own transfer
        expect(page.locator("a.mark-link")).to_have_count(1)
        no_sideways_scroll(page)
        shot(page, f"payments-{width}-evening-unpaid", full=True)
        row.locator("a.mark-link").click()
        expect(page.locator("#transfer-words")).to_contain_text("Bent betaler Anne 68,75 kr.")
        page.locator("#payment-methods label:has-text('MobilePay')").click()
        page.fill("input[name=note]", "sendt fra bussen")
        no_sideways_scroll(page)
        shot(page, f"payments-{width}-form", full=True)
        page.click("#confirm")
        expect(page.locator("ul.messages")).to_contain_text("Betalingen er markeret.")
        row = page.locator(f"#transfer-{transfer.pk}")
        expect(row.locator(".paid-badge")).to_have_text("betalt")
        expect(row).to_contain_text("MobilePay")
        expect(row).to_contain_text("bent")
        expect(row).to_contain_text("sendt fra bussen")
        no_sideways_scroll(page)
        shot(page, f"payments-{width}-evening-paid", full=True)
        assert EveningTransfer.objects.get(pk=transfer.pk).mark.kind == EveningEventKind.PAID

        # names as long as a club's may be: the date column is the one squeezed on a phone
        Player.objects.filter(club=club, name="Carl").update(name="Carl-Christian Lindholm-Østergaard")
        page.goto(f"{live_server.url}/clubs/{club.pk}/outstanding/")
        expect(page.locator("#outstanding tbody tr")).to_have_count(2)
        expect(page.locator("#outstanding")).not_to_contain_text("68,75")
        expect(page.locator("#outstanding-total")).to_contain_text("15,00 kr.")
        # each date on one line, however narrow the phone ("20.11.2026", never "20.11.2/026")
        lines = page.evaluate("""() => [...document.querySelectorAll('#outstanding td.date')].map(td => {
            const range = document.createRange(); range.selectNodeContents(td);
            return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size; })""")
        assert lines and set(lines) == {1}, lines
        no_sideways_scroll(page)
        shot(page, f"payments-{width}-outstanding", full=True)

        page.goto(f"{live_server.url}/players/{transfer.payer_id}/")
        expect(page.locator("#player-payments tbody tr")).to_have_count(1)
        expect(page.locator("#player-payments")).to_contain_text("MobilePay")
        expect(page.locator("#player-outstanding")).to_contain_text("0,00 kr.")
        no_sideways_scroll(page)
        shot(page, f"payments-{width}-player", full=True)
    finally:
        context.close()

    # the scorekeeper takes the mark back, with a reason
    context, page = phone_context(browser, width, height, is_mobile=width < 800)
    try:
        login(page, live_server, f"/evenings/{evening.pk}/", "skriver")
        page.locator(f"#transfer-{transfer.pk} a.unmark-link").click()
        page.click("#confirm")   # no reason: refused at the field, nothing written
        expect(page.locator("textarea[name=reason]")).to_be_visible()
        assert EveningTransfer.objects.get(pk=transfer.pk).mark is not None
        page.fill("textarea[name=reason]", "Pengene kom aldrig")
        shot(page, f"payments-{width}-unmark", full=True)
        page.click("#confirm")
        expect(page.locator(f"#transfer-{transfer.pk} .unpaid-badge")).to_have_text("ubetalt")
        assert EveningTransfer.objects.get(pk=transfer.pk).mark is None
        page.goto(f"{live_server.url}/evenings/{evening.pk}/log/")
        expect(page.locator("#evening-log")).to_contain_text("Markering som betalt taget tilbage")
        expect(page.locator("#evening-log")).to_contain_text("Pengene kom aldrig")
        no_sideways_scroll(page)
        shot(page, f"payments-{width}-log", full=True)
    finally:
        context.close()
