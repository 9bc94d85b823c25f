"""Payments on a 390×844 phone and a 1280 wide screen: the payer, with his own login, records a part
of his transfer by MobilePay from the evening page (it waits for the receiver); the receiver confirms
it on the payments page and settles the rest up from the outstanding page. The payments and
outstanding pages, in Danish and in German, never scroll sideways.

``SHOTS=/some/dir`` keeps a screenshot of each step there, to look at."""
import json

import pytest
from playwright.sync_api import expect

from scoring import services
from scoring.models import Club, EveningTransfer, Payment, PaymentStatus, Player, Role
from tests.browser.helpers import login, no_sideways_scroll, phone_context, shot
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [(390, 844), (1280, 900)]


@pytest.mark.parametrize("width, height", SIZES)
def test_a_part_payment_is_confirmed_and_the_rest_settled_up(live_server, browser, golden_dir, width, height):
    from decimal import Decimal

    club = Club.objects.create(name="Tarokklubben Pagat", kroner_per_point=Decimal("0.25"), pay_holder="Tarokklubben Pagat",
                               pay_reg="1234", pay_account="0012345678", pay_mobilepay="12345678")
    table = services.evening_import(club=club, data=json.loads(
        (golden_dir / "four-players-tout-nolo-fines.json").read_text()))
    services.evening_close(evening=table.evening)
    evening = table.evening
    for name in ("Bent", "Anne"):
        Player.objects.filter(club=club, name=name).update(user=make_user(club, Role.MEMBER, name.lower()))
    # a long name: the pages are squeezed on a phone
    Player.objects.filter(club=club, name="Carl").update(name="Carl-Christian Lindholm-Østergaard")
    transfer = EveningTransfer.objects.get(evening=evening, payer__name="Bent")
    context, page = phone_context(browser, width, height, is_mobile=width < 800)
    try:
        login(page, live_server, f"/evenings/{evening.pk}/", "bent")
        row = page.locator(f"#transfer-{transfer.pk}")
        expect(row).to_contain_text("ubetalt")
        expect(page.locator("a.pay-link")).to_have_count(1)     # his own transfer only
        row.locator("a.pay-link").click()
        expect(page.locator("input[name=amount]")).to_have_value("68,75")
        page.fill("input[name=amount]", "30,00")
        page.locator("#payment-methods label:has-text('MobilePay')").click()
        no_sideways_scroll(page)
        shot(page, f"payments-{width}-form", full=True)
        page.click("#confirm")
        expect(page.locator("ul.messages")).to_contain_text("afventer modtagerens bekræftelse")
        row = page.locator(f"#transfer-{transfer.pk}")
        expect(row.locator(".part-badge")).to_have_text("delvis betalt")
        expect(row).to_contain_text("30,00 kr. af 68,75 kr.")
        expect(row).to_contain_text("afventer bekræftelse")
        no_sideways_scroll(page)
        shot(page, f"payments-{width}-evening", full=True)
    finally:
        context.close()

    # Anne, the receiver, confirms it; then settles the rest up from the outstanding page
    context, page = phone_context(browser, width, height, is_mobile=width < 800)
    try:
        login(page, live_server, f"/clubs/{club.pk}/payments/", "anne")
        expect(page.locator("#awaiting")).to_contain_text("Bent → Anne")
        page.locator("#awaiting a").click()
        no_sideways_scroll(page)
        shot(page, f"payments-{width}-payment", full=True)
        page.click("#confirm-payment")
        expect(page.locator("#payment-status")).to_contain_text("bekræftet")
        assert Payment.objects.get().status == PaymentStatus.CONFIRMED
        page.goto(f"{live_server.url}/clubs/{club.pk}/outstanding/")
        expect(page.locator("#outstanding-pairs")).to_contain_text("38,75 kr.")
        expect(page.locator("#outstanding-total")).to_contain_text("53,75 kr.")
        for language in ("da", "de"):
            context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
            for where in ("outstanding", "payments"):
                page.goto(f"{live_server.url}/clubs/{club.pk}/{where}/")
                shot(page, f"payments-{width}-{where}-{language}", full=True)
                no_sideways_scroll(page)
        context.add_cookies([{"name": "django_language", "value": "da", "url": live_server.url}])
        page.goto(f"{live_server.url}/clubs/{club.pk}/outstanding/")
        page.locator("#outstanding-pairs tr:has-text('Bent') a.settle-link").click()
        expect(page.locator("#settle-words")).to_contain_text("Bent → Anne: 38,75 kr.")
        page.locator("#payment-methods label:has-text('kontant')").click()
        page.click("#confirm")
        expect(page.locator("#outstanding-pairs")).not_to_contain_text("Bent")
        assert sorted(Payment.objects.values_list("amount", "settles")) == [(3000, False), (3875, True)]
        page.goto(f"{live_server.url}/players/{transfer.payer_id}/")
        expect(page.locator("#player-payments")).to_contain_text("betalt")
        no_sideways_scroll(page)
        shot(page, f"payments-{width}-player", full=True)
    finally:
        context.close()
