"""How a club is paid (docs/money.md, "Payment details"): each detail checked (``scoring/paying.py``:
reg.-nr. and konto, MobilePay, the IBAN and BIC by schwifty), set on the club's settings page and
logged as the rate and the currency are (one helper), and told to each player who owes: whom to
pay, how much, with which reference — in euro with an EPC GiroCode."""
from decimal import Decimal

import pytest

from scoring import paying, services
from scoring.models import Club, ClubEvent, ClubEventKind, Player, Role
from scoring.table import submissions
from tests.web.conftest import make_user


@pytest.mark.parametrize("typed, field", [
    ({"reg": "123", "account": "1"}, "pay_reg"), ({"reg": "1234"}, "pay_account"), ({"account": "12"}, "pay_reg"),
    ({"reg": "1234", "account": "12345678901"}, "pay_account"), ({"mobilepay": "1234567"}, "pay_mobilepay"),
    ({"iban": "DE89 3704 0044 0532 0130 01"}, "pay_iban"), ({"iban": "DE89370400440532013000", "bic": "XX"}, "pay_bic"),
    ({"bic": "COBADEFFXXX"}, "pay_iban"), ({"holder": "", "mobilepay": "12345678"}, "pay_holder"),
    ({"holder": "x" * 71}, "pay_holder"),
])
def test_a_detail_that_is_not_one_is_refused_at_its_field(typed, field):
    details = {"holder": "Klubben", "reg": "", "account": "", "mobilepay": "", "iban": "", "bic": "", **typed}
    with pytest.raises(paying.DetailError) as refused:
        paying.checked(**details)
    assert refused.value.field == field


def test_details_are_kept_compact_and_written_out():
    found = paying.checked(" Tarok  Nord ", "1234", "0012 345678", "+45 12 34 56 78", "de89 3704 0044 0532 0130 00",
                           "cobadeffxxx")
    assert found == paying.Details("Tarok Nord", "1234", "0012345678", "12345678", "DE89370400440532013000",
                                   "COBADEFFXXX")
    assert found.ways("DKK") == ["Reg.-nr. 1234, konto 0012345678", "MobilePay 12 34 56 78"]
    assert found.ways("EUR") == found.ways("CHF") == ["IBAN DE89 3704 0044 0532 0130 00 · BIC COBADEFFXXX"]
    assert paying.checked("Box", "", "", "4321", "", "").ways("DKK") == ["MobilePay 4321"]   # a MobilePay box


def test_euro_gets_a_girocode_of_the_payment(monkeypatch):
    from segno import helpers

    asked = {}
    real = helpers.make_epc_qr

    def spy(**kwargs):
        asked.update(kwargs)
        return real(**kwargs)
    monkeypatch.setattr(helpers, "make_epc_qr", spy)
    club = Club(name="K", pay_holder="Tarok Nord", pay_iban="DE89370400440532013000", pay_bic="COBADEFFXXX")
    how = paying.how_to_pay(club, "EUR", Decimal("12.50"), paying.reference(7))
    assert how.qr.startswith("<svg") and how.reference == "TAROK-7"
    assert asked == {"name": "Tarok Nord", "iban": "DE89370400440532013000", "amount": Decimal("12.50"),
                     "text": "TAROK-7", "bic": "COBADEFFXXX"}
    assert paying.how_to_pay(club, "DKK", Decimal("12.50"), "x") is None          # no kroner account given
    assert paying.how_to_pay(club, "CHF", Decimal("1"), "x").qr is None           # a GiroCode is euro only


@pytest.mark.django_db
def test_the_settings_page_sets_the_details_and_the_club_log_says_so(client, club):
    client.force_login(make_user(club, Role.ADMIN))
    url = f"/clubs/{club.pk}/settings/"
    data = {"action": "paydetails", "pay_holder": "Tarokklubben", "pay_reg": "1234", "pay_account": "0012345678",
            "pay_mobilepay": "", "pay_iban": "", "pay_bic": ""}
    refused = client.post(url, {**data, "submission": submissions.new_key(), "pay_iban": "DK00 1234"})
    assert refused.status_code == 422 and "pay_iban" in refused.context["details"].errors
    assert not ClubEvent.objects.exists()
    assert client.post(url, {**data, "submission": submissions.new_key()}).status_code == 302
    assert client.post(url, {**data, "submission": submissions.new_key()}).status_code == 302   # the same: no line
    line = ClubEvent.objects.get(kind=ClubEventKind.PAY_DETAILS)
    assert (line.before, line.after) == ("—", "Tarokklubben · Reg.-nr. 1234, konto 0012345678")
    club.refresh_from_db()
    assert (club.pay_reg, club.pay_account) == ("1234", "0012345678")
    log = client.get(f"/clubs/{club.pk}/members/").content.decode()
    assert "Betalingsoplysninger: — → Tarokklubben · Reg.-nr. 1234, konto 0012345678" in log
    # the rate still goes through the same helper: logged once, with its currency
    services.club_rate_set(club=club, rate="0,30")
    services.club_rate_set(club=club, rate="0,30")
    assert ClubEvent.objects.filter(kind=ClubEventKind.RATE).count() == 1


@pytest.mark.django_db
def test_a_player_who_owes_euro_sees_the_girocode(client, club, golden_dir):
    import json

    services.club_currency_set(club=club, currency="EUR")
    services.club_payment_details_set(club=club, holder="Tarok Nord", iban="DE89370400440532013000")
    data = json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text())
    services.evening_close(evening=services.evening_import(club=club, data=data).evening)
    bent = Player.objects.get(club=club, name="Bent")
    client.force_login(make_user(club, Role.MEMBER))
    page = client.get(f"/players/{bent.pk}/").content.decode()
    assert "Betal 68,75 € til Tarok Nord" in page and "IBAN DE89 3704 0044 0532 0130 00" in page
    assert 'class="giro-qr"><svg' in page and f"TAROK-{bent.pk}" in page


@pytest.mark.django_db
def test_the_mail_says_whom_to_pay_what_is_open_of_the_evening(club, golden_dir):
    import json

    from scoring.outbox_sender import render_statement
    from scoring.selectors import evening_summary
    from scoring.selectors.statements import evening_statements

    services.club_payment_details_set(club=club, holder="Tarokklubben", mobilepay="12345678")
    data = json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text())
    evening = services.evening_import(club=club, data=data).evening
    services.evening_close(evening=evening)
    dorte = Player.objects.get(club=club, name="Dorte")
    services.payment_record(club=club, payer=dorte.pk, receiver=Player.objects.get(club=club, name="Carl").pk,
                            amount="3,75", currency="DKK", method="cash")
    evening.refresh_from_db()
    summary = evening_summary(evening)
    statement = next(s for s in evening_statements(summary) if s.player == dorte)
    mail = render_statement(statement, evening, summary.kroner_per_point, "da")
    assert "Betal 11,25 kr. til Tarokklubben" in mail.text and f"TAROK-{dorte.pk}-20261120" in mail.text
    assert "MobilePay 12 34 56 78" in mail.html
    anne = next(s for s in evening_statements(summary) if s.player.name == "Anne")
    assert "Sådan betaler du" not in render_statement(anne, evening, summary.kroner_per_point, "da").text
