"""Who has paid: the transfers a close stores are the evening page's "who pays whom"; the payer, the
receiver (through his login), a scorekeeper or the club admin mark one paid and take the mark back
with a reason, keyed and refused cleanly; reopening clears the marks and keeps them in the log, and
closing again keeps the marks of the transfers unchanged to the øre; the outstanding page sums to
the øre what the evenings' settlements leave unpaid."""
import json
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model

from scoring import services
from scoring.table import submissions
from scoring.models import Deal, Evening, EveningEvent, EveningEventKind, EveningTransfer, Player, Role
from scoring.selectors import evening_summary
from scoring.selectors.payments import (outstanding_by_player, player_payment_sums,
                                        player_transfers, transfer_states)
from scoring.engine.money import Purse, from_cents, to_cents as to_ore
from tests.web.conftest import make_user

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


def closed_golden(golden_table) -> Evening:
    services.evening_close(evening=golden_table.evening)
    return Evening.objects.select_related("club").get(pk=golden_table.evening_id)


def transfer(evening, payer: str, receiver: str) -> EveningTransfer:
    return EveningTransfer.objects.get(evening=evening, payer__name=payer, receiver__name=receiver)


def link(club, name: str, username: str, role=Role.MEMBER):
    """A member login that speaks for the player ``name`` (``Player.user``, set here directly)."""
    user = make_user(club, role, username)
    Player.objects.filter(club=club, name=name).update(user=user)
    return user


def mark_post(client, t, **data):
    return client.post(f"/transfers/{t.pk}/paid/", {"submission": submissions.new_key(), **data})


# The transfers ---------------------------------------------------------------------------------

def test_the_close_stores_the_transfers_the_evening_shows(golden_table):
    evening = closed_golden(golden_table)
    summary = evening_summary(evening)
    states = transfer_states(evening)
    assert [(s.payer, s.receiver, s.amount) for s in states] == [
        (p.payer, p.payee, to_ore(p.kroner)) for p in summary.payments]
    # worked by hand: Bent -275, Dorte -60, Anne +320, Carl +15 at 0,25 kr. a point
    assert [(s.payer, s.receiver, s.kroner) for s in states] == [
        ("Bent", "Anne", Decimal("68.75")), ("Dorte", "Anne", Decimal("11.25")), ("Dorte", "Carl", Decimal("3.75"))]
    assert not any(s.paid for s in states)


def test_an_open_evening_has_no_transfers(golden_table):
    assert transfer_states(golden_table.evening) == []


# Marking ---------------------------------------------------------------------------------------

def test_the_payer_marks_his_transfer_paid_and_the_log_names_it(client, golden_table):
    evening = closed_golden(golden_table)
    bent = link(evening.club, "Bent", "bent")
    client.force_login(bent)
    t = transfer(evening, "Bent", "Anne")
    response = mark_post(client, t, method="mobilepay", note="  MobilePay 27/11 ")
    assert response.status_code == 302 and response["Location"].endswith(f"/evenings/{evening.pk}/#payments")
    state = next(s for s in transfer_states(evening) if s.id == t.pk)
    assert (state.paid, state.paid_by, state.method, state.note) == (True, "bent", "mobilepay", "MobilePay 27/11")
    event = EveningEvent.objects.get(evening=evening, kind=EveningEventKind.PAID)
    assert (event.payer.name, event.receiver.name, event.amount, event.family, event.user) == (
        "Bent", "Anne", 6875, "danish", bent)
    page = client.get(f"/evenings/{evening.pk}/").content.decode()
    assert f'id="transfer-{t.pk}"' in page and "MobilePay" in page and "betalt" in page
    log = client.get(f"/evenings/{evening.pk}/log/").content.decode()
    assert "Betalt: Bent betaler Anne 68,75 kr." in log and "MobilePay 27/11" in log


@pytest.mark.parametrize("who", ["receiver", "scorekeeper", "admin"])
def test_the_receiver_a_scorekeeper_and_the_admin_may_mark(client, golden_table, who):
    evening = closed_golden(golden_table)
    user = {"receiver": lambda: link(evening.club, "Anne", "anne"),
            "scorekeeper": lambda: make_user(evening.club, Role.SCOREKEEPER),
            "admin": lambda: make_user(evening.club, Role.ADMIN)}[who]()
    client.force_login(user)
    t = transfer(evening, "Bent", "Anne")
    assert mark_post(client, t, method="cash").status_code == 302
    assert EveningTransfer.objects.get(pk=t.pk).mark.user == user


def test_another_member_may_not_and_another_club_does_not_see_it(client, golden_table):
    evening = closed_golden(golden_table)
    t = transfer(evening, "Bent", "Anne")
    client.force_login(link(evening.club, "Carl", "carl"))   # Carl is not in this transfer
    assert client.get(f"/transfers/{t.pk}/paid/").status_code == 403
    assert mark_post(client, t, method="cash").status_code == 403
    from scoring.models import Club
    other = Club.objects.create(name="Andre", kroner_per_point=Decimal("1"))
    client.force_login(make_user(other, Role.ADMIN, "outsider"))
    assert mark_post(client, t, method="cash").status_code == 404
    assert not EveningEvent.objects.filter(kind=EveningEventKind.PAID).exists()
    # the member page shows him no button for a transfer he is not in
    client.force_login(get_user_model().objects.get(username="carl"))
    assert f"/transfers/{t.pk}/paid/" not in client.get(f"/evenings/{evening.pk}/").content.decode()


@pytest.mark.parametrize("data, field, message", [
    ({}, "method", "Vælg, hvordan der er betalt."),
    ({"method": "cheque"}, "method", "Vælg, hvordan der er betalt."),
    ({"method": "cash", "note": "x" * 501}, "note", "500 tegn"),
])
def test_a_bad_mark_is_refused_at_its_field_and_nothing_is_written(keeper_client, golden_table, data, field, message):
    evening = closed_golden(golden_table)
    t = transfer(evening, "Bent", "Anne")
    response = mark_post(keeper_client, t, **data)
    assert response.status_code == 422
    assert message in str(response.context["form"].errors[field])
    assert not EveningEvent.objects.filter(kind=EveningEventKind.PAID).exists()
    assert EveningTransfer.objects.get(pk=t.pk).mark is None


def test_the_services_refuse_bad_input_naming_the_field(golden_table):
    evening = closed_golden(golden_table)
    t = transfer(evening, "Bent", "Anne")
    with pytest.raises(services.RecordingError) as caught:
        services.payment_mark(transfer=t, method="cheque")
    assert caught.value.errors[0].field == "method"
    with pytest.raises(services.RecordingError) as caught:
        services.payment_mark(transfer=t, method="cash", note="a\x00b")
    assert caught.value.errors[0].field == "note"
    with pytest.raises(services.RecordingError) as caught:
        services.payment_unmark(transfer=t, reason="forkert")
    assert caught.value.errors[0].field == "transfer"
    services.payment_mark(transfer=t, method="bank")
    with pytest.raises(services.RecordingError) as caught:
        services.payment_mark(transfer=t, method="cash")
    assert caught.value.errors[0].field == "transfer"
    with pytest.raises(services.RecordingError) as caught:
        services.payment_unmark(transfer=t, reason="   ")
    assert caught.value.errors[0].field == "reason"
    assert EveningEvent.objects.filter(kind=EveningEventKind.PAID).count() == 1
    assert not EveningEvent.objects.filter(kind=EveningEventKind.UNPAID).exists()


def test_marking_twice_with_one_key_writes_once(keeper_client, golden_table):
    evening = closed_golden(golden_table)
    t = transfer(evening, "Dorte", "Carl")
    key = submissions.new_key()
    first = keeper_client.post(f"/transfers/{t.pk}/paid/", {"submission": key, "method": "cash"})
    again = keeper_client.post(f"/transfers/{t.pk}/paid/", {"submission": key, "method": "cash"})
    assert first.status_code == again.status_code == 302 and first["Location"] == again["Location"]
    assert EveningEvent.objects.filter(kind=EveningEventKind.PAID).count() == 1


def test_unmarking_needs_a_reason_and_keeps_the_mark_in_the_log(keeper_client, golden_table):
    evening = closed_golden(golden_table)
    t = transfer(evening, "Bent", "Anne")
    mark_post(keeper_client, t, method="cash")
    url = f"/transfers/{t.pk}/unpaid/"
    refused = keeper_client.post(url, {"submission": submissions.new_key(), "reason": ""})
    assert refused.status_code == 422 and "reason" in refused.context["form"].errors
    assert EveningTransfer.objects.get(pk=t.pk).mark is not None
    done = keeper_client.post(url, {"submission": submissions.new_key(), "reason": "Pengene kom aldrig"})
    assert done.status_code == 302
    assert EveningTransfer.objects.get(pk=t.pk).mark is None
    unpaid = EveningEvent.objects.get(kind=EveningEventKind.UNPAID)
    paid = EveningEvent.objects.get(kind=EveningEventKind.PAID)
    assert (unpaid.mark, unpaid.reason, unpaid.amount) == (paid, "Pengene kom aldrig", 6875)
    assert not next(s for s in transfer_states(evening) if s.id == t.pk).paid


# Reopening and closing again --------------------------------------------------------------------

@pytest.fixture
def two_families(club, golden_dir):
    """A closed evening of a Danish table (Anne, Bent, Carl, Dorte) and a Karlsruhe table (Spieler
    1-4): each family settles on its own, so a change at one table leaves the other's transfers."""
    danish = services.evening_import(club=club, data=json.loads(
        (golden_dir / "four-players-tout-nolo-fines.json").read_text()))
    services.evening_import(club=club, evening=danish.evening, data=json.loads(
        (golden_dir / "karlsruhe" / "seed-table.json").read_text()))
    services.evening_close(evening=danish.evening)
    return Evening.objects.get(pk=danish.evening_id), danish


def test_reopening_says_which_marks_it_clears_and_closing_again_asks_only_for_changed_transfers(
        client, club, two_families):
    evening, danish = two_families
    before = transfer_states(evening)
    assert {s.family for s in before} == {"danish", "karlsruhe"}
    for s in before:
        services.payment_mark(transfer=s.id, method="cash")
    admin = make_user(club, Role.ADMIN)
    client.force_login(admin)
    confirm = client.get(f"/evenings/{evening.pk}/reopen/")
    page = confirm.content.decode()
    assert 'id="cleared-marks"' in page
    assert f"{len(before)} overførsler er markeret betalt" in page
    assert "Bent betaler Anne 68,75 kr." in page

    assert client.post(f"/evenings/{evening.pk}/reopen/", {"submission": submissions.new_key(),
                                                            "reason": "Sidste spil var forkert"}).status_code == 302
    assert transfer_states(evening) == []
    assert EveningEvent.objects.filter(evening=evening, kind=EveningEventKind.PAID).count() == len(before)
    cleared = EveningEvent.objects.filter(evening=evening, kind=EveningEventKind.PAID_CLEARED)
    assert cleared.count() == len(before) and {e.reason for e in cleared} == {"Sidste spil var forkert"}

    # the last Danish deal is voided: the Danish transfers change, the Karlsruhe ones do not
    last = Deal.objects.filter(table=danish, current=True).order_by("-number").first()
    services.deal_void(deal=last, reason="forkert")
    services.evening_close(evening=evening)
    after = transfer_states(evening)
    old = {(s.family, s.payer, s.receiver, s.amount) for s in before}
    kept = [s for s in after if (s.family, s.payer, s.receiver, s.amount) in old]
    asked = [s for s in after if (s.family, s.payer, s.receiver, s.amount) not in old]
    assert {s.family for s in kept} == {"karlsruhe"} and kept
    assert asked and {s.family for s in asked} == {"danish"}
    assert all(s.paid for s in kept) and not any(s.paid for s in asked)
    # a kept mark is the first one (how, when, by whom), and the close logged that it kept it
    first = {e.pk for e in EveningEvent.objects.filter(kind=EveningEventKind.PAID)}
    assert all(EveningTransfer.objects.get(pk=s.id).mark_id in first for s in kept)
    assert EveningEvent.objects.filter(evening=evening, kind=EveningEventKind.PAID_KEPT).count() == len(kept)
    log = client.get(f"/evenings/{evening.pk}/log/").content.decode()
    assert "ryddet ved genåbning" in log and "bevaret ved lukning" in log


def test_a_mark_cleared_two_reopenings_ago_does_not_come_back(two_families):
    evening, danish = two_families
    s = next(s for s in transfer_states(evening) if s.family == "danish")
    services.payment_mark(transfer=s.id, method="cash")
    services.evening_reopen(evening=evening, reason="ret")
    last = Deal.objects.filter(table=danish, current=True).order_by("-number").first()
    services.deal_void(deal=last, reason="forkert")
    services.evening_close(evening=evening)
    services.evening_reopen(evening=evening, reason="ret igen")
    services.evening_close(evening=evening)
    # nothing was marked after the first reopening, so nothing holds, whatever the amounts are now
    assert not any(t.paid for t in transfer_states(evening) if t.family == "danish")


# What is outstanding ---------------------------------------------------------------------------

def test_outstanding_totals_agree_to_the_ore_with_the_evenings(client, club, golden_dir, two_families):
    evening, _danish = two_families
    for name in ("three-players-basic.json", "five-players-double-bagud.json"):
        table = services.evening_import(club=club, data=json.loads((golden_dir / name).read_text()))
        services.evening_close(evening=table.evening)
    some = transfer_states(evening)[0]
    services.payment_mark(transfer=some.id, method="bank")
    # every closed evening's settlement, from the journal, less what is marked paid
    owes, owed = {}, {}
    paid = {(s.evening_id, s.payer, s.receiver, s.amount) for e in Evening.objects.filter(club=club)
            for s in transfer_states(e) if s.paid}
    for e in Evening.objects.filter(club=club, closed_at__isnull=False):
        for p in evening_summary(e).payments:
            if (e.pk, p.payer, p.payee, to_ore(p.kroner)) in paid:
                continue
            owes[p.payer] = owes.get(p.payer, Decimal(0)) + p.kroner
            owed[p.payee] = owed.get(p.payee, Decimal(0)) + p.kroner
    rows = outstanding_by_player(club)
    assert {r.player: r.owes["DKK"] for r in rows if r.owes["DKK"]} == owes
    assert {r.player: r.owed["DKK"] for r in rows if r.owed["DKK"]} == owed
    assert sum((r.balance for r in rows), Purse()) == Purse.of("DKK", 0)
    client.force_login(make_user(club, Role.MEMBER))
    response = client.get(f"/clubs/{club.pk}/outstanding/")
    assert response.status_code == 200
    table = response.context["table"]
    assert table.paginator.count == sum(len(evening_summary(e).payments) for e in
                                        Evening.objects.filter(club=club, closed_at__isnull=False)) - 1
    total = sum(owes.values())
    assert f"{total:.2f}".replace(".", ",") in response.context["total"]
    csv = client.get(f"/clubs/{club.pk}/outstanding/", {"_export": "csv"})
    assert csv.status_code == 200 and csv.content.decode("utf-8-sig").count("\r\n") == table.paginator.count + 1


def test_the_player_page_shows_what_he_owes_and_is_owed(client, golden_table):
    evening = closed_golden(golden_table)
    dorte = Player.objects.get(club=evening.club, name="Dorte")
    services.payment_mark(transfer=transfer(evening, "Dorte", "Carl"), method="cash")
    client.force_login(make_user(evening.club, Role.MEMBER))
    response = client.get(f"/players/{dorte.pk}/")
    page = response.content.decode()
    assert "11,25 kr." in response.context["owes"] and "0,00 kr." in response.context["owed"]
    rows = list(response.context["payments"].rows)
    assert len(rows) == 2
    assert "kontant" in page and "ubetalt" in page
    # counted with the sums, in one query: the paginator's count is the listing's rows
    sums = player_payment_sums(dorte)
    assert (sums.transfers, sums.owes, sums.owed) == (player_transfers(dorte).count(),
                                                      Purse.of("DKK", Decimal("11.25")), Purse())
    assert response.context["payments"].paginator.count == sums.transfers == 2


def test_the_player_payments_listing_pages_by_the_counted_rows(client, golden_table):
    evening = closed_golden(golden_table)
    dorte = Player.objects.get(club=evening.club, name="Dorte")
    client.force_login(make_user(evening.club, Role.MEMBER))
    first = client.get(f"/players/{dorte.pk}/", {"pay-per_page": "1"}).context["payments"]
    second = client.get(f"/players/{dorte.pk}/", {"pay-per_page": "1", "pay-page": "2"}).context["payments"]
    far = client.get(f"/players/{dorte.pk}/", {"pay-per_page": "1", "pay-page": "9"}).context["payments"]
    assert first.paginator.num_pages == 2 and second.page.number == 2 and far.page.number == 2
    assert [r.record.pk for r in first.page.object_list] != [r.record.pk for r in second.page.object_list]


def test_outstanding_queries_do_not_grow_with_the_history(client, club, golden_dir, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(make_user(club, Role.MEMBER))

    def count() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/clubs/{club.pk}/outstanding/").status_code == 200
        return len(queries)

    data = json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text())
    services.evening_close(evening=services.evening_import(club=club, data=data).evening)
    small = count()
    for _ in range(4):
        services.evening_close(evening=services.evening_import(club=club, data=data).evening)
    assert count() == small


def test_the_pdf_shows_each_transfers_state(golden_table):
    from tests.web.test_pdf import pdf_text
    from scoring.reports.pdf import render_evening_pdf

    evening = closed_golden(golden_table)
    user = link(evening.club, "Bent", "bent")
    services.payment_mark(transfer=transfer(evening, "Bent", "Anne"), method="mobilepay", user=user)
    lines = pdf_text(render_evening_pdf(evening)).splitlines()
    at = lines.index("Bent Anne 275 68,75 kr.")
    assert lines[at + 1].startswith("Betalt (MobilePay)") and lines[at + 1].endswith("markeret af bent")
    assert lines[lines.index("Dorte Carl 15 3,75 kr.") + 1] == "Ubetalt"


def test_a_form_of_a_transfer_a_reopening_removed_says_so(keeper_client, golden_table):
    evening = closed_golden(golden_table)
    t = transfer(evening, "Bent", "Anne")
    services.evening_reopen(evening=evening, reason="ret")
    response = mark_post(keeper_client, t, method="cash")
    assert response.status_code == 404
    assert "Overførslen findes ikke længere; aftenen er genåbnet." in response.content.decode()
    assert not EveningEvent.objects.filter(kind=EveningEventKind.PAID).exists()


def test_the_migration_gives_evenings_closed_before_it_their_transfers(two_families):
    import importlib

    from django.apps import apps

    evening, _danish = two_families
    before = [(s.family, s.payer, s.receiver, s.amount) for s in transfer_states(evening)]
    EveningTransfer.objects.all().delete()
    importlib.import_module("scoring.migrations.0016_payment_marks").backfill_transfers(apps, None)
    assert [(s.family, s.payer, s.receiver, s.amount, s.paid) for s in transfer_states(evening)] == [
        (*line, False) for line in before]


def _sums_by_rows(player):
    """The sums ``player_payment_sums`` gives, added up here from the rows the player page lists."""
    rows = list(player_transfers(player))
    stands_for = {player.pk, *Player.objects.filter(merged_into=player).values_list("pk", flat=True)}
    owes = Purse((t.currency, from_cents(t.amount)) for t in rows if t.mark_id is None and t.payer_id in stands_for)
    owed = Purse((t.currency, from_cents(t.amount)) for t in rows if t.mark_id is None and t.receiver_id in stands_for)
    return len(rows), owes, owed


def test_payment_sums_count_a_merged_players_transfers(golden_table):
    evening = closed_golden(golden_table)
    club = evening.club
    services.payment_mark(transfer=transfer(evening, "Dorte", "Carl"), method="cash")
    # a duplicate of Anne who, as the records stand, was the payer of one transfer, then merged into her
    duplicate = Player.objects.create(club=club, name="Anne Dublet")
    moved = EveningTransfer.objects.filter(evening=evening, payer__name="Bent").first()
    EveningTransfer.objects.filter(pk=moved.pk).update(payer=duplicate)
    anne = Player.objects.get(club=club, name="Anne")
    services.player_merge(duplicate=duplicate, into=anne)
    for player in Player.objects.filter(club=club, merged_into__isnull=True):
        sums = player_payment_sums(player)
        assert (sums.transfers, sums.owes, sums.owed) == _sums_by_rows(player), player.name
    assert player_payment_sums(anne).owes["DKK"] >= from_cents(moved.amount) > 0
