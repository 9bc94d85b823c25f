"""Payments between players (docs/money.md, "Payments"): the close stores the evening's transfers;
a payment of any amount is recorded for a pair and allocated to its transfers oldest first (the
allocation's own rules: tests/engine/test_allocation.py); a correction, a void or a reopening never
drops one; settling up pays a pair's whole balance; a payment recorded by the payer waits for the
receiver or the treasurer; every step is logged, keyed, and refused at its field with nothing
written. One client test per page."""
import json
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied

from scoring import services
from scoring.engine.money import Purse, to_cents as to_ore
from scoring.models import (
    Club, ClubEvent, ClubEventKind, Deal, Evening, EveningTransfer, Payment, PaymentStatus, Player, Role
)
from scoring.selectors import evening_summary
from scoring.selectors.payments import (
    outstanding_by_player, pair_balance, pair_balances, player_payment_sums, player_transfers, transfer_states
)
from scoring.table import submissions
from tests.web.conftest import make_user

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


def closed_golden(golden_table) -> Evening:
    """The golden evening closed: Bent -> Anne 68,75, Dorte -> Anne 11,25, Dorte -> Carl 3,75 (0,25 kr. a point)."""
    services.evening_close(evening=golden_table.evening)
    return Evening.objects.select_related("club").get(pk=golden_table.evening_id)


def player(club, name: str) -> Player:
    return Player.objects.get(club=club, name=name)


def link(club, name: str, username: str, role=Role.MEMBER):
    """A login that speaks for the player ``name`` (``Player.user``)."""
    user = make_user(club, role, username)
    Player.objects.filter(club=club, name=name).update(user=user)
    return user


def pay(club, payer: str, receiver: str, amount, user=None, **fields) -> Payment:
    return services.payment_record(club=club, payer=player(club, payer).pk, receiver=player(club, receiver).pk,
                                   amount=amount, currency=fields.pop("currency", "DKK"),
                                   method=fields.pop("method", "cash"), user=user, **fields)


def state(evening, payer: str, receiver: str):
    return next(s for s in transfer_states(evening) if (s.payer, s.receiver) == (payer, receiver))


def post(client, url: str, **data):
    return client.post(url, {"submission": submissions.new_key(), **data})


# The transfers and what is paid of them -----------------------------------------------------------

def test_the_close_stores_the_transfers_the_evening_shows(golden_table):
    evening = closed_golden(golden_table)
    states = transfer_states(evening)
    assert [(s.payer, s.receiver, s.amount) for s in states] == [
        (p.payer, p.payee, to_ore(p.kroner)) for p in evening_summary(evening).payments]
    assert [(s.payer, s.receiver, s.kroner) for s in states] == [
        ("Bent", "Anne", Decimal("68.75")), ("Dorte", "Anne", Decimal("11.25")), ("Dorte", "Carl", Decimal("3.75"))]
    assert {s.state for s in states} == {"unpaid"}
    assert transfer_states(Evening.objects.create(club=evening.club, date=evening.date)) == []


def test_a_part_payment_leaves_the_difference_outstanding(golden_table):
    evening = closed_golden(golden_table)
    club = evening.club
    payment = pay(club, "Dorte", "Carl", "1,25")
    assert (payment.amount, payment.status) == (125, PaymentStatus.CONFIRMED)   # no login: a command's
    carl = state(evening, "Dorte", "Carl")
    assert (carl.state, carl.paid, carl.open) == ("part", 125, 250)
    assert pair_balance(club, player(club, "Dorte").pk, player(club, "Carl").pk, "DKK") == 250
    owed = {r.player: r for r in outstanding_by_player(club)}
    assert owed["Dorte"].owes == Purse.of("DKK", Decimal("13.75"))
    assert sum((r.balance for r in owed.values()), Purse()) == Purse.of("DKK", 0)
    line = ClubEvent.objects.get(kind=ClubEventKind.PAID)
    assert (line.payment, line.player.name, line.other.name) == (payment, "Dorte", "Carl")


@pytest.fixture
def two_families(club, golden_dir):
    """A closed evening of a Danish table (Anne, Bent, Carl, Dorte) and a Karlsruhe table."""
    danish = services.evening_import(club=club, data=json.loads(
        (golden_dir / "four-players-tout-nolo-fines.json").read_text()))
    services.evening_import(club=club, evening=danish.evening, data=json.loads(
        (golden_dir / "karlsruhe" / "seed-table.json").read_text()))
    services.evening_close(evening=danish.evening)
    return Evening.objects.select_related("club").get(pk=danish.evening_id), danish


def test_a_correction_after_a_payment_keeps_what_was_paid(two_families):
    """Every transfer paid in full; reopened, the last Danish deal voided, closed again: every
    payment stands, each pair owes only the difference (or is owed back an overpayment)."""
    evening, danish = two_families
    club = evening.club
    before = transfer_states(evening)
    for s in before:
        pay(club, s.payer, s.receiver, s.amount)
    services.evening_reopen(evening=evening, reason="Sidste spil var forkert")
    assert transfer_states(evening) == [] and Payment.objects.count() == len(before)
    services.deal_void(deal=Deal.objects.filter(table=danish, current=True).order_by("-number").first(),
                       reason="forkert")
    services.evening_close(evening=evening)
    after = transfer_states(evening)
    assert Payment.objects.filter(undone_at__isnull=True).count() == len(before)
    paid = {(s.payer, s.receiver): s.amount for s in before}
    owed = {(s.payer, s.receiver): s.amount for s in after}
    for pair in {frozenset(p) for p in (*paid, *owed)}:
        a, b = sorted(pair)
        net = owed.get((a, b), 0) - owed.get((b, a), 0) - paid.get((a, b), 0) + paid.get((b, a), 0)
        assert pair_balance(club, player(club, a).pk, player(club, b).pk, "DKK") == net, (a, b)
    assert any(s.state != "paid" for s in after) or any(b.credit for b in pair_balances(club))
    assert all(s.state == "paid" for s in after if s.family == "karlsruhe")   # that table did not change
    assert not ClubEvent.objects.exclude(kind=ClubEventKind.PAID).exists()   # nothing cleared, nothing undone


def test_settling_up_pays_the_pairs_whole_balance_across_evenings(club, golden_dir):
    data = json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text())
    for date in ("2026-11-20", "2026-11-27"):
        services.evening_close(evening=services.evening_import(club=club, data={**data, "date": date}).evening)
    bent, anne = player(club, "Bent"), player(club, "Anne")
    pay(club, "Bent", "Anne", "10")
    assert pair_balance(club, bent.pk, anne.pk, "DKK") == 2 * 6875 - 1000
    with pytest.raises(services.RecordingError) as stale:   # the page showed another balance
        services.payment_settle_up(club=club, player=anne.pk, other=bent.pk, currency="DKK", method="cash",
                                   expected=-6875)
    assert stale.value.errors[0].field == "amount" and "127,50 kr." in stale.value.errors[0].message
    # from either side: the one who owes pays the other
    settled = services.payment_settle_up(club=club, player=anne.pk, other=bent.pk, currency="DKK", method="cash",
                                         expected=-(2 * 6875 - 1000))
    assert (settled.payer, settled.receiver, settled.amount, settled.settles) == (bent, anne, 12750, True)
    assert pair_balance(club, bent.pk, anne.pk, "DKK") == 0
    assert {s.state for e in Evening.objects.filter(club=club) for s in transfer_states(e)
            if (s.payer, s.receiver) == ("Bent", "Anne")} == {"paid"}
    with pytest.raises(services.RecordingError) as nothing:
        services.payment_settle_up(club=club, player=bent.pk, other=anne.pk, currency="DKK", method="cash")
    assert nothing.value.errors[0].field == "receiver"


@pytest.mark.parametrize("fields, field", [
    ({"receiver": "Dorte"}, "receiver"),
    ({"amount": "abc"}, "amount"), ({"amount": "0"}, "amount"), ({"amount": "1,255"}, "amount"),
    ({"amount": "1.234"}, "amount"), ({"amount": "100000,01"}, "amount"), ({"amount": "-5"}, "amount"),
    ({"currency": "SEK"}, "currency"), ({"currency": "EUR", "method": "mobilepay"}, "method"),
    ({"method": "cheque"}, "method"), ({"paid_on": "2999-01-01"}, "paid_on"), ({"paid_on": "31.12."}, "paid_on"),
    ({"note": "x" * 501}, "note"), ({"note": "a\x00b"}, "note"), ({"payer": "outsider"}, "payer"),
])
def test_a_bad_payment_is_refused_at_its_field_and_nothing_is_written(golden_table, fields, field):
    evening = closed_golden(golden_table)
    club = evening.club
    other = Player.objects.create(club=Club.objects.create(name="Andre"), name="Udefra")
    names = {"Dorte": player(club, "Dorte").pk, "Carl": player(club, "Carl").pk, "outsider": other.pk}
    data = {"payer": "Dorte", "receiver": "Carl", "amount": "3,75", "currency": "DKK", "method": "cash", **fields}
    with pytest.raises(services.RecordingError) as refused:
        services.payment_record(club=club, **{**data, "payer": names[data["payer"]],
                                              "receiver": names[data["receiver"]]})
    assert refused.value.errors[0].field == field
    assert not Payment.objects.exists() and not ClubEvent.objects.exists()


def test_who_may_record_and_whose_payment_waits(golden_table):
    evening = closed_golden(golden_table)
    club = evening.club
    dorte, carl = link(club, "Dorte", "dorte"), link(club, "Carl", "carl")
    bent = link(club, "Bent", "bent")
    keeper, treasurer = make_user(club, Role.SCOREKEEPER), make_user(club, Role.ADMIN)
    assert pay(club, "Dorte", "Carl", 100, user=dorte).status == PaymentStatus.PENDING       # the payer
    assert pay(club, "Dorte", "Carl", 100, user=carl).status == PaymentStatus.CONFIRMED     # the receiver
    assert pay(club, "Dorte", "Carl", 100, user=treasurer).status == PaymentStatus.CONFIRMED
    assert pay(club, "Dorte", "Carl", 100, user=keeper).status == PaymentStatus.PENDING
    with pytest.raises(PermissionDenied):   # a member only what he pays or receives
        pay(club, "Dorte", "Carl", 100, user=bent)
    assert Payment.objects.count() == 4
    # a payment that waits counts, and the transfer says so; 4,00 paid of 3,75: 0,25 to Dorte's credit
    assert state(evening, "Dorte", "Carl").pending and state(evening, "Dorte", "Carl").state == "paid"
    assert pair_balance(club, player(club, "Carl").pk, player(club, "Dorte").pk, "DKK") == 25


def test_the_receiver_confirms_or_disputes_and_a_disputed_payment_does_not_count(golden_table):
    evening = closed_golden(golden_table)
    club = evening.club
    dorte, carl = link(club, "Dorte", "dorte"), link(club, "Carl", "carl")
    treasurer = make_user(club, Role.ADMIN)
    first = pay(club, "Dorte", "Carl", "3,75", user=dorte)
    with pytest.raises(PermissionDenied):   # not the payer
        services.payment_confirm(payment=first, user=dorte)
    confirmed = services.payment_confirm(payment=first, user=carl)
    assert (confirmed.status, confirmed.decided_by) == (PaymentStatus.CONFIRMED, carl)
    with pytest.raises(services.RecordingError) as twice:
        services.payment_confirm(payment=first, user=carl)
    assert twice.value.errors[0].field == "payment"

    second = pay(club, "Dorte", "Anne", "11,25", user=dorte)
    assert state(evening, "Dorte", "Anne").state == "paid"
    with pytest.raises(services.RecordingError) as reasonless:
        services.payment_dispute(payment=second, reason="  ", user=treasurer)
    assert reasonless.value.errors[0].field == "reason"
    services.payment_dispute(payment=second, reason="Ingen penge på kontoen", user=treasurer)
    assert state(evening, "Dorte", "Anne").state == "unpaid"
    assert ClubEvent.objects.get(kind=ClubEventKind.PAYMENT_DISPUTED).reason == "Ingen penge på kontoen"
    with pytest.raises(services.RecordingError):   # only a payment that waits is disputed
        services.payment_dispute(payment=second, reason="igen", user=treasurer)
    services.payment_confirm(payment=second, user=treasurer)   # the treasurer settles the dispute
    assert state(evening, "Dorte", "Anne").state == "paid"
    assert list(ClubEvent.objects.filter(payment=second).order_by("id").values_list("kind", flat=True)) == [
        ClubEventKind.PAID, ClubEventKind.PAYMENT_DISPUTED, ClubEventKind.PAYMENT_CONFIRMED]


def test_a_payment_is_undone_with_a_reason_by_its_recorder_or_the_treasurer(golden_table):
    evening = closed_golden(golden_table)
    club = evening.club
    dorte, carl = link(club, "Dorte", "dorte"), link(club, "Carl", "carl")
    payment = pay(club, "Dorte", "Carl", "3,75", user=dorte)
    with pytest.raises(PermissionDenied):
        services.payment_undo(payment=payment, reason="fejl", user=carl)
    with pytest.raises(services.RecordingError) as reasonless:
        services.payment_undo(payment=payment, reason="", user=dorte)
    assert reasonless.value.errors[0].field == "reason"
    undone = services.payment_undo(payment=payment, reason="Skrevet to gange", user=dorte)
    assert (undone.undo_reason, undone.undone_by) == ("Skrevet to gange", dorte)
    assert state(evening, "Dorte", "Carl").state == "unpaid"
    with pytest.raises(services.RecordingError):
        services.payment_undo(payment=payment, reason="igen", user=make_user(club, Role.ADMIN))
    assert ClubEvent.objects.get(kind=ClubEventKind.PAYMENT_UNDONE).reason == "Skrevet to gange"


def test_a_merged_players_payments_and_transfers_are_his(golden_table):
    evening = closed_golden(golden_table)
    club = evening.club
    duplicate = Player.objects.create(club=club, name="Anne Dublet")
    pay(club, "Bent", "Anne Dublet", "68,75")
    services.player_merge(duplicate=duplicate, into=player(club, "Anne"))
    assert state(evening, "Bent", "Anne").state == "paid"
    anne = player(club, "Anne")
    sums = player_payment_sums(anne)
    assert sums.transfers == player_transfers(anne).count() == 2
    assert sums.owed == Purse.of("DKK", Decimal("11.25"))


# The pages ----------------------------------------------------------------------------------------

def test_the_payment_form_from_a_transfer_records_once_and_returns_to_the_evening(client, golden_table):
    evening = closed_golden(golden_table)
    club = evening.club
    client.force_login(link(club, "Dorte", "dorte"))
    t = EveningTransfer.objects.get(evening=evening, payer__name="Dorte", receiver__name="Carl")
    page = client.get(f"/clubs/{club.pk}/payments/new/?transfer={t.pk}")
    assert page.status_code == 200 and page.context["form"]["amount"].value() == "3,75"
    url = f"/clubs/{club.pk}/payments/new/?transfer={t.pk}"
    data = {"payer": player(club, "Dorte").pk, "receiver": player(club, "Carl").pk, "amount": "1,25",
            "currency": "DKK", "method": "mobilepay", "paid_on": "2026-11-20", "note": "",
            "next": f"/evenings/{evening.pk}/#payments", "submission": submissions.new_key()}
    first, again = client.post(url, data), client.post(url, data)
    assert first.status_code == again.status_code == 302 and first["Location"].endswith(f"/evenings/{evening.pk}/#payments")
    assert Payment.objects.get().status == PaymentStatus.PENDING          # the payer's own: it waits
    shown = client.get(f"/evenings/{evening.pk}/").content.decode()
    assert f'class="transfer part" id="transfer-{t.pk}"' in shown and "afventer bekræftelse" in shown
    refused = post(client, url, **{**data, "amount": "1,2,5", "submission": submissions.new_key()})
    assert refused.status_code == 422 and "amount" in refused.context["form"].errors
    other = post(client, url, **{**data, "payer": player(club, "Bent").pk, "receiver": player(club, "Anne").pk,
                                 "submission": submissions.new_key()})
    assert other.status_code == 403 and "payer" in other.context["form"].errors
    assert Payment.objects.count() == 1


def test_the_settle_up_page_shows_the_balance_and_settles_it(client, golden_table):
    evening = closed_golden(golden_table)
    club = evening.club
    client.force_login(link(club, "Anne", "anne"))
    bent, anne = player(club, "Bent"), player(club, "Anne")
    url = f"/clubs/{club.pk}/payments/settle/?player={anne.pk}&other={bent.pk}&currency=DKK"
    page = client.get(url).content.decode()
    assert "Bent → Anne: 68,75 kr." in page
    done = client.post(url, {"submission": submissions.new_key(), "player": anne.pk, "other": bent.pk,
                             "currency": "DKK", "expected": -6875, "method": "cash", "paid_on": "2026-11-20"})
    assert done.status_code == 302
    assert Payment.objects.get().status == PaymentStatus.CONFIRMED      # the receiver settled it
    client.force_login(link(club, "Carl", "carl"))
    assert client.get(url).status_code == 403                           # not his pair


def test_the_payment_page_confirms_disputes_and_undoes(client, golden_table):
    evening = closed_golden(golden_table)
    club = evening.club
    payment = pay(club, "Dorte", "Carl", "3,75", user=link(club, "Dorte", "dorte"))
    client.force_login(link(club, "Carl", "carl"))
    page = client.get(f"/payments/{payment.pk}/").content.decode()
    assert "Dorte → Carl: <span" in page and 'id="confirm-payment"' in page and 'id="undo-payment"' not in page
    refused = post(client, f"/payments/{payment.pk}/", action="dispute", **{"dispute-reason": ""})
    assert refused.status_code == 422 and "reason" in refused.context["dispute"].errors
    assert post(client, f"/payments/{payment.pk}/", action="confirm").status_code == 302
    assert Payment.objects.get().status == PaymentStatus.CONFIRMED
    assert post(client, f"/payments/{payment.pk}/", action="undo", **{"undo-reason": "x"}).status_code == 403


def test_the_payments_page_lists_them_and_asks_the_receiver(client, golden_table):
    evening = closed_golden(golden_table)
    club = evening.club
    waiting = pay(club, "Dorte", "Carl", "3,75", user=link(club, "Dorte", "dorte"))
    pay(club, "Bent", "Anne", "68,75")
    client.force_login(link(club, "Carl", "carl"))
    response = client.get(f"/clubs/{club.pk}/payments/")
    assert [p.pk for p in response.context["awaiting"]] == [waiting.pk]
    assert response.context["table"].paginator.count == 2 and response.context["superseded"] == []
    csv = client.get(f"/clubs/{club.pk}/payments/", {"_export": "csv"}).content.decode("utf-8-sig")
    assert csv.count("\r\n") == 3 and "Dorte → Carl" in csv


def test_the_outstanding_page_nets_each_pair_and_offers_to_settle(client, golden_table):
    evening = closed_golden(golden_table)
    club = evening.club
    pay(club, "Dorte", "Carl", "1,25")
    client.force_login(link(club, "Dorte", "dorte"))
    response = client.get(f"/clubs/{club.pk}/outstanding/")
    rows = list(response.context["pairs"].data)
    assert [(r["debtor"], r["creditor"], r["amount"]) for r in rows] == [
        ("Bent", "Anne", 6875), ("Dorte", "Anne", 1125), ("Dorte", "Carl", 250)]
    assert [bool(r["settle_url"]) for r in rows] == [False, True, True]     # his pairs only
    assert "82,50 kr." in response.context["total"]
    assert [s.open for s in response.context["table"].data.data] == [6875, 1125, 250]
    csv = client.get(f"/clubs/{club.pk}/outstanding/", {"_export": "csv"}).content.decode("utf-8-sig")
    assert csv.count("\r\n") == 4 and "2,50" in csv


def test_the_player_page_says_whom_he_owes_and_how_to_pay(client, golden_table):
    evening = closed_golden(golden_table)
    club = evening.club
    services.club_payment_details_set(club=club, holder="Tarokklubben", reg="1234", account="0012345678",
                                      mobilepay="12345678")
    client.force_login(make_user(club, Role.MEMBER))
    dorte = player(club, "Dorte")
    response = client.get(f"/players/{dorte.pk}/")
    page = response.content.decode()
    assert "15,00 kr." in response.context["owes"]
    assert "Betal 15,00 kr. til Tarokklubben" in page and "Reg.-nr. 1234, konto 0012345678" in page
    assert f"TAROK-{dorte.pk}" in page and "MobilePay 12 34 56 78" in page and "giro-qr" not in page
    assert [r.record.pk for r in response.context["payments"].rows] and "ubetalt" in page


def test_the_pdf_shows_what_is_paid_of_each_transfer(golden_table):
    from scoring.reports.pdf import render_evening_pdf
    from tests.web.test_pdf import pdf_text

    evening = closed_golden(golden_table)
    pay(evening.club, "Bent", "Anne", "68,75")
    pay(evening.club, "Dorte", "Carl", "1,25", user=link(evening.club, "Dorte", "dorte"))
    lines = pdf_text(render_evening_pdf(evening)).splitlines()
    assert lines[lines.index("Bent Anne 275 68,75 kr.") + 1] == "Betalt"
    assert lines[lines.index("Dorte Carl 15 3,75 kr.") + 1] == "Delvis betalt: 1,25 kr. af 3,75 kr. · afventer bekræftelse"
    assert lines[lines.index("Dorte Anne 45 11,25 kr.") + 1] == "Ubetalt"


def test_the_reopen_page_says_the_payments_stay(admin_client, golden_table):
    evening = closed_golden(golden_table)
    pay(evening.club, "Bent", "Anne", "68,75")
    page = admin_client.get(f"/evenings/{evening.pk}/reopen/").content.decode()
    assert 'id="paid-transfers"' in page and "Bent → Anne: 68,75 kr. – betalt 68,75 kr." in page
    assert "Betalingerne bliver stående" in page


def test_outstanding_queries_do_not_grow_with_the_history(client, club, golden_dir):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(make_user(club, Role.MEMBER))

    def count() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/clubs/{club.pk}/outstanding/").status_code == 200
        return len(queries)

    data = json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text())
    services.evening_close(evening=services.evening_import(club=club, data=data).evening)
    pay(club, "Bent", "Anne", "10")
    small = count()
    for _ in range(4):
        services.evening_close(evening=services.evening_import(club=club, data=data).evening)
    pay(club, "Dorte", "Carl", "1")
    assert count() == small
