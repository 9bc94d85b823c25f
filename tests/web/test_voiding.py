"""Voiding a deal from the page (the table page's latest deal, the correction page's any deal), the
struck-through row it leaves, the dealing order after it in every family; the same evening asked
for twice; the table pages never stored by the browser."""
import datetime as dt
import io
import json
import uuid

import pytest
from django.core.management import call_command

from scoring import services
from scoring.models import Deal, EveningEvent, Evening, Role, Table
from scoring.selectors import table_sheet
from tests.conftest import GOLDEN
from tests.web.conftest import make_user
from tests.web.family_tables import rows, seat
from tests.web.test_corrections import NAMES, expected_totals, four_deals, record

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


def void_url(deal):
    return f"/deals/{deal.pk}/void/"


def key():
    return uuid.uuid4().hex


def fresh(table):
    return table_sheet(Table.objects.get(pk=table.pk))


def totals(table):
    sheet = fresh(table)
    return dict(zip(sheet.players, sheet.totals))


def ledger_ok():
    out = io.StringIO()
    call_command("check_ledger", stdout=out)
    return out.getvalue().startswith("ledger ok")


# The confirmation and the write --------------------------------------------------------------------

def test_the_table_page_offers_the_latest_deal_and_the_correction_page_any(keeper_client, four_table):
    record(four_table, four_deals()[:3])
    latest = Deal.objects.get(number=3, current=True)
    page = keeper_client.get(f"/tables/{four_table.pk}/").content.decode()
    assert f'href="/deals/{latest.pk}/void/" id="void-last"' in page and "Annullér spil 3" in page
    first = Deal.objects.get(number=1, current=True)
    edit = keeper_client.get(f"/deals/{first.pk}/edit/").content.decode()
    assert f'href="/deals/{first.pk}/void/" id="void-deal-link"' in edit and "Annullér spil 1" in edit


def test_the_confirmation_of_the_latest_deal_shows_what_is_paid_back(keeper_client, four_table):
    record(four_table, four_deals()[:3])
    latest = Deal.objects.get(number=3, current=True)
    sheet = fresh(four_table)
    deal_net = dict(zip(sheet.players, sheet.rows[-1].net))
    before = rows()
    response = keeper_client.get(void_url(latest))
    assert response.status_code == 200 and rows() == before
    context = response.context
    assert context["later"] == 0 and context["problems"] == []
    assert {r["name"]: r["deal"] for r in context["rows"]} == deal_net
    assert {r["name"]: r["total_after"] for r in context["rows"]} == {
        p: t - deal_net[p] for p, t in zip(sheet.players, sheet.totals)}
    assert context["next_dealer"] == latest.dealer.name
    assert 'name="reason"' in response.content.decode() and 'id="confirm"' in response.content.decode()


def test_voiding_the_latest_deal_through_the_page(keeper_client, four_table, scorekeeper):
    deals = four_deals()
    record(four_table, deals[:3])
    latest = Deal.objects.get(number=3, current=True)
    version = Table.objects.get(pk=four_table.pk).version
    response = keeper_client.post(void_url(latest), {"reason": "forkert bord", "version": version,
                                                     "submission": key()})
    assert response.status_code == 302 and response.url == f"/tables/{four_table.pk}/"
    assert totals(four_table) == expected_totals(deals[:2])
    void = Deal.objects.get(voided=True)
    assert void.number == 3 and void.replaces_id == latest.pk and not void.current
    event = EveningEvent.objects.get(kind="voided")
    assert event.reason == "forkert bord" and event.user == scorekeeper and event.deal == void
    assert ledger_ok()
    page = keeper_client.get(f"/tables/{four_table.pk}/").content.decode()
    assert 'id="voided-row-3"' in page and 'class="kind-played voided"' in page   # struck through, number kept
    assert f"/deals/{latest.pk}/history/" in page and "Annullér spil 2" in page
    assert ">Spil 4</h2>" in page                                             # the next deal is 4


def test_voiding_an_earlier_deal_settles_the_later_ones_again(keeper_client, four_table):
    deals = four_deals()
    record(four_table, deals)
    second = Deal.objects.get(number=2, current=True)
    confirm = keeper_client.get(void_url(second)).context
    promised = {r["name"]: r["total_after"] for r in confirm["rows"]}
    assert confirm["later"] == 2
    assert {r["name"]: r["total_now"] for r in confirm["rows"]} == totals(four_table)
    response = keeper_client.post(void_url(second), {"reason": "spillet talte ikke", "submission": key(),
                                                     "version": Table.objects.get(pk=four_table.pk).version})
    assert response.status_code == 302
    after = totals(four_table)
    # the later deals settled again from the cups the deals before deal 2 leave (the engine's own
    # settlement of the evening without deal 2 has the same totals)
    assert after == promised == expected_totals([deals[0], deals[2], deals[3]])
    assert [d.number for d in fresh(four_table).deals] == [1, 3, 4]          # every number kept
    assert [r.number for r in fresh(four_table).voided] == [2]
    assert EveningEvent.objects.get(kind="voided").count == 2
    assert ledger_ok()
    log = keeper_client.get(f"/evenings/{four_table.evening_id}/log/").content.decode()
    assert "Spil 2 annulleret" in log and "2 senere spil genberegnet" in log and "spillet talte ikke" in log
    history = keeper_client.get(f"/deals/{second.pk}/history/").content.decode()
    assert "Annulleret" in history


def test_a_reason_is_required_and_nothing_is_written(keeper_client, four_table):
    record(four_table, four_deals()[:2])
    latest = Deal.objects.get(number=2, current=True)
    before = rows()
    for reason in ("", "   "):
        response = keeper_client.post(void_url(latest), {"reason": reason, "submission": key(),
                                                         "version": Table.objects.get(pk=four_table.pk).version})
        assert response.status_code == 422 and rows() == before
        assert response.context["form"].errors["reason"]
        assert "Begrundelse" in response.content.decode()
    assert not Deal.objects.filter(voided=True).exists()


def test_a_member_may_not_void(client, club, four_table):
    record(four_table, four_deals()[:2])
    latest = Deal.objects.get(number=2, current=True)
    client.force_login(make_user(club, Role.MEMBER))
    before = rows()
    assert client.get(void_url(latest)).status_code == 403
    assert client.post(void_url(latest), {"reason": "x", "submission": key()}).status_code == 403
    assert rows() == before
    page = client.get(f"/tables/{four_table.pk}/").content.decode()
    assert 'id="void-last"' not in page


def test_the_same_key_voids_once(keeper_client, four_table):
    record(four_table, four_deals()[:3])
    latest = Deal.objects.get(number=3, current=True)
    data = {"reason": "to gange", "submission": key(), "version": Table.objects.get(pk=four_table.pk).version}
    first = keeper_client.post(void_url(latest), data)
    again = keeper_client.post(void_url(latest), data)
    assert first.status_code == again.status_code == 302 and again.url == first.url
    assert Deal.objects.filter(voided=True).count() == 1 and EveningEvent.objects.filter(kind="voided").count() == 1
    assert [d.number for d in fresh(four_table).deals] == [1, 2]


def test_another_phone_voiding_the_same_deal_writes_nothing_more(keeper_client, four_table):
    record(four_table, four_deals()[:3])
    latest = Deal.objects.get(number=3, current=True)
    version = Table.objects.get(pk=four_table.pk).version
    keeper_client.post(void_url(latest), {"reason": "a", "submission": key(), "version": version})
    before = rows()
    response = keeper_client.post(void_url(latest), {"reason": "b", "submission": key(), "version": version})
    assert response.status_code == 409 and rows() == before
    assert keeper_client.get(void_url(latest)).status_code == 404


def test_a_table_that_moved_on_shows_the_effect_again(keeper_client, four_table):
    deals = four_deals()
    record(four_table, deals[:3])
    first = Deal.objects.get(number=1, current=True)
    version = Table.objects.get(pk=four_table.pk).version
    record(four_table, deals[3:])                      # another phone saved deal 4 meanwhile
    before = rows()
    response = keeper_client.post(void_url(first), {"reason": "forkert", "submission": key(), "version": version})
    assert response.status_code == 409 and rows() == before
    assert response.context["later"] == 3 and "forkert" in response.content.decode()   # the reason kept
    assert 'id="stale"' in response.content.decode()


def test_a_closed_evening_is_refused(keeper_client, four_table):
    record(four_table, four_deals()[:2])
    latest = Deal.objects.get(number=2, current=True)
    services.evening_close(evening=four_table.evening)
    before = rows()
    assert keeper_client.get(void_url(latest)).status_code == 403
    assert keeper_client.post(void_url(latest), {"reason": "x", "submission": key()}).status_code == 403
    assert rows() == before
    with pytest.raises(services.EveningClosedError):
        services.deal_void(deal=latest, reason="x")


# The dealing order after a void, every family -----------------------------------------------------

def _golden_deals(path, count):
    data = json.loads(path.read_text())
    return tuple(data["players"]), data["deals"][:count]


FAMILY_CASES = [
    ("vlk", GOLDEN / "four-players-tout-nolo-fines.json"),
    ("karlsruhe", GOLDEN / "karlsruhe" / "seed-table.json"),
    ("selca", GOLDEN / "selca" / "worked-examples.json"),
]


@pytest.mark.parametrize("rules, path", FAMILY_CASES)
def test_voiding_the_latest_deal_makes_its_dealer_deal_again(club, rules, path):
    for count in (1, 2, 3, 4):   # the Selca examples' fourth deal is a misdeal (the same dealer again)
        players, deals = _golden_deals(path, count)
        table = seat(club, players, rules, date=f"2026-11-{20 + count}")
        for deal in deals:
            services.deal_record(table=table, outcome=deal)
        latest = Deal.objects.get(table=table, number=count, current=True)
        services.deal_void(deal=latest, reason="forkert")
        sheet = fresh(table)
        assert sheet.next_seating().dealer == deals[-1]["dealer"], (rules, count)
        assert sheet.next_number == count + 1 and [r.number for r in sheet.voided] == [count]
        saved = services.deal_record(table=table, outcome=deals[-1])   # the same hand again: number count + 1
        assert saved.number == count + 1
        assert ledger_ok()   # every table equals the engine's settlement of its standing deals


@pytest.mark.parametrize("rules, path", FAMILY_CASES)
def test_voiding_an_earlier_deal_keeps_the_dealing_order_of_the_deals_that_stand(club, rules, path):
    players, deals = _golden_deals(path, 4)
    table = seat(club, players, rules)
    for deal in deals:
        services.deal_record(table=table, outcome=deal)
    before = fresh(table).next_seating().dealer
    services.deal_void(deal=Deal.objects.get(table=table, number=2, current=True), reason="forkert")
    sheet = fresh(table)
    assert sheet.next_seating().dealer == before and [d.number for d in sheet.deals] == [1, 3, 4]
    assert ledger_ok()


def test_a_written_score_tells_a_void_in_its_own_words(keeper_client, club):
    """A Selca deal wrote points and paid nothing (docs/rules/selca.md, a written score): its void
    page and its struck-through row say it is no longer written, never that payments are paid back
    (``TableSheet.void_words``, Selca's ``written_words``); a Danish deal's are paid back."""
    players, deals = _golden_deals(FAMILY_CASES[2][1], 2)
    table = seat(club, players, "selca")
    record(table, deals)
    deal = Deal.objects.get(table=table, number=2, current=True)
    confirm = keeper_client.get(void_url(deal)).content.decode()
    assert "Spillets skrevne point strøges. Spillet beholder sit nummer" in confirm
    assert "betalinger" not in confirm
    keeper_client.post(void_url(deal), {"reason": "forkert giver", "submission": key()})
    page = keeper_client.get(f"/tables/{table.pk}/").content.decode()
    assert "annulleret – skrives ikke: forkert giver" in page and "betalt tilbage" not in page
    danish = seat(club, NAMES, "vlk", date="2026-11-21")
    record(danish, four_deals()[:1])
    confirm = keeper_client.get(void_url(Deal.objects.get(table=danish, number=1))).content.decode()
    assert "Spillets betalinger føres tilbage. Spillet beholder sit nummer" in confirm


# Back and send again --------------------------------------------------------------------------------

def test_the_table_and_correction_pages_are_never_stored(keeper_client, four_table):
    record(four_table, four_deals()[:1])
    page = keeper_client.get(f"/tables/{four_table.pk}/")
    assert "no-store" in page["Cache-Control"]
    assert 'id="deal-form" class="deal-form" novalidate autocomplete="off"' in page.content.decode()
    edit = keeper_client.get(f"/deals/{Deal.objects.get(number=1).pk}/edit/")
    assert "no-store" in edit["Cache-Control"] and 'autocomplete="off"' in edit.content.decode()


def evening_post(**extra):
    data = {"club": "", "date": "2026-11-20", "seat_1": "Anne", "seat_2": "Bent", "seat_3": "Carl",
            "seat_4": "Dorte", "submission": key()}
    data.update(extra)
    return data


@pytest.fixture
def members(club):
    for name in NAMES:
        services.player_get_or_create(club=club, name=name)


def test_the_same_evening_again_is_asked_about_first(keeper_client, club, members):
    first = keeper_client.post("/evenings/new/", evening_post(club=club.pk))
    assert first.status_code == 302
    before = rows(), Evening.objects.count()
    again = keeper_client.post("/evenings/new/", evening_post(club=club.pk, seat_1="Bent", seat_2="Anne"))
    text = again.content.decode()
    assert again.status_code == 200 and (rows(), Evening.objects.count()) == before
    assert "Der er allerede en åben aften den" in text or "Der er allerede en åben aften i dag" in text
    table = Table.objects.get()
    assert f'href="/tables/{table.pk}/" id="go-to-same"' in text and 'name="duplicate" value="confirmed"' in text
    anyway = keeper_client.post("/evenings/new/", evening_post(club=club.pk, duplicate="confirmed"))
    assert anyway.status_code == 302 and Evening.objects.count() == 2


def test_the_question_says_today_for_today(keeper_client, club, members):
    from django.utils import timezone
    today = timezone.localdate().isoformat()
    keeper_client.post("/evenings/new/", evening_post(club=club.pk, date=today))
    again = keeper_client.post("/evenings/new/", evening_post(club=club.pk, date=today))
    assert "Der er allerede en åben aften i dag med disse spillere" in again.content.decode()


def test_the_first_key_sent_again_still_answers_the_first_result(keeper_client, club, members):
    data = evening_post(club=club.pk)
    first = keeper_client.post("/evenings/new/", data)
    again = keeper_client.post("/evenings/new/", data)
    assert again.status_code == 302 and again.url == first.url and Evening.objects.count() == 1


def test_other_players_another_date_another_user_or_later_are_not_asked(client, keeper_client, club, members):
    keeper_client.post("/evenings/new/", evening_post(club=club.pk))
    services.player_get_or_create(club=club, name="Erik")
    other = keeper_client.post("/evenings/new/", evening_post(club=club.pk, seat_4="Erik"))
    assert other.status_code == 302
    assert keeper_client.post("/evenings/new/", evening_post(club=club.pk, date="2026-11-21")).status_code == 302
    client.force_login(make_user(club, Role.SCOREKEEPER, "another"))
    assert client.post("/evenings/new/", evening_post(club=club.pk)).status_code == 302
    EveningEvent.objects.filter(kind="created").update(at=EveningEvent.objects.first().at - dt.timedelta(minutes=11))
    assert keeper_client.post("/evenings/new/", evening_post(club=club.pk)).status_code == 302
    assert Evening.objects.count() == 5


def test_the_new_pages_in_english(keeper_client, club, four_table, members):
    record(four_table, four_deals()[:3])
    keeper_client.cookies["django_language"] = "en"
    table_page = keeper_client.get(f"/tables/{four_table.pk}/").content.decode()
    assert "Latest deal: 3, dealt by" in table_page and "Void deal 3" in table_page
    first = Deal.objects.get(number=1, current=True)
    confirm = keeper_client.get(void_url(first)).content.decode()
    assert "Void deal 1 at table 1" in confirm and "The 2 later deals are settled again" in confirm
    assert "After voiding" in confirm and "Totals now" in confirm
    keeper_client.post(void_url(first), {"reason": "wrong", "submission": key()})
    assert "voided – paid back" in keeper_client.get(f"/tables/{four_table.pk}/").content.decode()
    keeper_client.post("/evenings/new/", evening_post(club=club.pk, date="2026-11-22", seat_1="Anne",
                                                      seat_2="Bent", seat_3="Carl", seat_4=""))
    again = keeper_client.post("/evenings/new/", evening_post(club=club.pk, date="2026-11-22", seat_1="Anne",
                                                              seat_2="Bent", seat_3="Carl", seat_4=""))
    text = again.content.decode()
    assert "There is already an open evening on" in text and "Go to it" in text and "Create anyway" in text


def test_garbage_is_refused_at_its_field_or_ignored(keeper_client, four_table):
    record(four_table, four_deals()[:2])
    latest = Deal.objects.get(number=2, current=True)
    before = rows()
    response = keeper_client.post(void_url(latest), {"reason": "x" * 501, "version": "abc", "submission": key()})
    assert response.status_code == 422 and rows() == before and response.context["form"].errors["reason"]
    response = keeper_client.post(void_url(latest), {"reason": "ok", "version": "abc", "submission": "nonsense"})
    assert response.status_code == 302 and Deal.objects.filter(voided=True).count() == 1
