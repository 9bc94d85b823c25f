"""Issue 12 items 2, 7, 10, 11: correcting any deal, the words of a deal, a deal's history and the
evening log."""
import copy
import io
import random
import re

import pytest

from django.core.management import call_command

from families.danish import words
from scoring import services
from families.danish.engine.generate import random_deal
from families.danish.engine.interchange import deal_to_dict, parse_deal
from families.danish.engine.model import Evening as EngineEvening, seating
from scoring.engine.settle import settle_evening
from scoring.models import Deal, EveningEvent, EveningEventKind, Table

pytestmark = pytest.mark.every_database

NAMES = ("Anne", "Bent", "Carl", "Dorte")


def four_deals():
    """Four valid deals, Anne dealing first (the engine's generator, seeded)."""
    rng, dealer, deals = random.Random(3), "Anne", []
    for _ in range(4):
        deals.append(deal_to_dict(random_deal(rng, NAMES, dealer)))
        dealer = seating(NAMES, dealer).next_dealer
    return deals


def record(table, deals, user=None):
    return [services.deal_record(table=table, outcome=d, user=user) for d in deals]


def corrected_second(deals):
    """Deal 2 corrected: Carl's pagat home (not lost) and Carl took the last trick."""
    second = copy.deepcopy(deals[1])
    second["pagat"] = {"owner": "Carl", "fate": "home"}
    second["last_trick"] = "Carl"
    return second


def expected_totals(deals):
    engine = EngineEvening(players=NAMES, deals=tuple(parse_deal(d, i) for i, d in enumerate(deals, 1)))
    settlement = settle_evening(engine)
    return {p: settlement.opening.net[p] + sum(e.net[p] for e in settlement.deals) for p in NAMES}


def sheet_totals(table):
    from scoring.selectors import table_sheet
    sheet = table_sheet(Table.objects.get(pk=table.pk))
    return dict(zip(sheet.players, sheet.totals))


def ledger_clean():
    out = io.StringIO()
    call_command("check_ledger", stdout=out)
    return out.getvalue()


# Item 2: any deal of an open evening can be corrected -------------------------------------------

def test_correcting_deal_2_of_4_reposts_the_later_deals(four_table, scorekeeper):
    deals = four_deals()
    record(four_table, deals)
    second = Deal.objects.get(number=2, current=True)
    services.deal_correct(deal=second, outcome=corrected_second(deals), user=scorekeeper)
    fixed = [deals[0], corrected_second(deals), deals[2], deals[3]]
    assert sheet_totals(four_table) == expected_totals(fixed) != expected_totals(deals)
    assert Deal.objects.filter(current=True).count() == 4
    from scoring.models import EntryKind, JournalEntry
    reversed_deals = sorted(JournalEntry.objects.filter(kind=EntryKind.REVERSAL).values_list("deal__number", flat=True))
    assert reversed_deals == [2, 3, 4]                     # deal 2 and every later deal re-posted
    assert JournalEntry.objects.filter(kind=EntryKind.DEAL, reversed_by__isnull=True).count() == 4
    assert ledger_clean().startswith("ledger ok: 1 table(s)")   # check_ledger exits 1 on any difference


def test_the_edit_page_of_an_earlier_deal_and_its_preview(keeper_client, four_table):
    deals = four_deals()
    record(four_table, deals)
    second = Deal.objects.get(number=2, current=True)
    page = keeper_client.get(f"/deals/{second.pk}/edit/")
    assert page.status_code == 200 and "Ret spil 2" in page.content.decode()
    sheet = keeper_client.get(f"/tables/{four_table.pk}/").content.decode()
    assert f'href="/deals/{second.pk}/edit/"' in sheet        # a Ret link on every deal row
    # the preview of the correction: each player's total now and after (deals 3 and 4 settled again)
    form = {k: v for k, v in page.context["form"].initial.items() if v not in (None, "")}
    data = {name: page.context["form"][name].value() for name in page.context["form"].fields}
    data = {k: v for k, v in data.items() if v not in (None, "", [])}
    data.update({"editing": "2", "pagat_owner": "Carl", "pagat_fate": "home", "last_trick": "Carl"})
    assert form   # the page starts from the recorded deal
    unchanged = {**data, "pagat_owner": page.context["form"]["pagat_owner"].value(),
                 "pagat_fate": page.context["form"]["pagat_fate"].value(),
                 "last_trick": page.context["form"]["last_trick"].value()}
    assert 'id="effect-none"' in keeper_client.post(f"/tables/{four_table.pk}/preview/", unchanged).content.decode()
    preview = keeper_client.post(f"/tables/{four_table.pk}/preview/", data)
    html = preview.content.decode()
    assert 'id="correction-effect"' in html, html[:2000]
    fixed = expected_totals([deals[0], corrected_second(deals), deals[2], deals[3]])
    now = sheet_totals(four_table)
    for name in NAMES:
        row = re.search(rf'data-player="{name}">.*?</tr>', html, re.S).group(0)
        assert f"<b>{fixed[name]}</b>" in row and f'effect-now">{now[name]}<' in row
    assert "de 2 senere spil" in html and 'id="effect-none"' not in html


def test_an_earlier_deal_is_corrected_through_the_page(keeper_client, four_table):
    deals = four_deals()
    record(four_table, deals)
    second = Deal.objects.get(number=2, current=True)
    page = keeper_client.get(f"/deals/{second.pk}/edit/")
    data = {name: page.context["form"][name].value() for name in page.context["form"].fields}
    data = {k: v for k, v in data.items() if v not in (None, "", [])}
    data.update({"pagat_fate": "home", "last_trick": "Carl"})
    response = keeper_client.post(f"/deals/{second.pk}/edit/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert sheet_totals(four_table) == expected_totals([deals[0], corrected_second(deals), deals[2], deals[3]])
    # the old version is refused now; a phone that loaded the table before gets the 409 page
    assert keeper_client.get(f"/deals/{second.pk}/edit/").status_code == 404
    stale = keeper_client.post(f"/deals/{second.pk}/edit/", data)
    assert stale.status_code == 409 and "rettet eller annulleret siden" in stale.content.decode()


def test_a_stale_correction_of_an_earlier_deal_keeps_the_input(keeper_client, four_table):
    deals = four_deals()
    record(four_table, deals[:2])
    first = Deal.objects.get(number=1)
    page = keeper_client.get(f"/deals/{first.pk}/edit/")
    data = {name: page.context["form"][name].value() for name in page.context["form"].fields}
    data = {k: v for k, v in data.items() if v not in (None, "", [])}
    services.deal_record(table=four_table, outcome=deals[2])   # another phone records meanwhile
    data["last_trick"] = "Dorte"
    response = keeper_client.post(f"/deals/{first.pk}/edit/", data)
    assert response.status_code == 409 and Deal.objects.count() == 3
    html = response.content.decode()
    assert 'id="stale"' in html and re.search(r'name="last_trick" value="Dorte"[^>]* checked', html)


def test_the_edit_page_opens_with_a_refused_hand_in_the_deals_place(keeper_client, four_table):
    """"Mine is right" of a refused deal's panel (static/js/table-sync.js): the correction page with the
    phone's hand in the form (?hand=1 and its fields), a word that it is, and nothing written."""
    deals = four_deals()
    record(four_table, deals[:2])
    first = Deal.objects.get(number=1)
    page = keeper_client.get(f"/deals/{first.pk}/edit/")
    data = {name: page.context["form"][name].value() for name in page.context["form"].fields}
    data = {k: v for k, v in data.items() if v not in (None, "", [])}
    data.update({"hand": "1", "last_trick": "Dorte", "version": "0", "submission": "not-a-key"})
    before = Deal.objects.count(), Table.objects.get(pk=four_table.pk).version
    response = keeper_client.get(f"/deals/{first.pk}/edit/", data)
    html = response.content.decode()
    assert response.status_code == 200 and 'id="hand-note"' in html and "i stedet for spil 1" in html
    assert re.search(r'name="last_trick" value="Dorte"[^>]* checked', html)
    assert response.context["form"]["version"].value() == before[1]      # saved against the table now
    assert (Deal.objects.count(), Table.objects.get(pk=four_table.pk).version) == before


# Item 7: the words of a deal ---------------------------------------------------------------------

def test_meld_words_are_the_tables_words():
    assert words.meld_text({"kind": "taroks", "count": 11, "pagat": True}) == "11 med"
    assert words.meld_text({"kind": "taroks", "count": 12, "pagat": False}) == "12 uden"
    assert words.meld_text({"kind": "matadors", "count": 3}) == "3 store"
    assert words.meld_text({"kind": "half", "group": "hearts", "missing": "queen"}) == "halve i hjerter, mangler damen"
    assert words.meld_text({"kind": "full", "group": "kings"}) == "hele konger"


def test_the_preview_names_the_meld(keeper_client, four_table):
    from tests.web.test_table_views import plain
    response = keeper_client.post(f"/tables/{four_table.pk}/preview/",
                                  plain(four_table, meld_1_player="Bent", meld_1_kind="taroks:11:1"))
    html = response.content.decode()
    assert "melding: 11 med" in html and "melding: taroks" not in html


def test_a_deal_reads_as_at_the_table():
    lines = dict(words.deal_lines({"dealer": "Anne", "melds": [{"player": "Bent", "kind": "matadors", "count": 3}],
                                   "pagat": {"owner": "Bent", "fate": "home"}, "last_trick": "Dorte",
                                   "counts": {"Bent": 31, "Dorte": 20}}))
    assert lines == {"Giver": "Anne", "Meldinger": "Bent 3 store", "Pagat": "Bent hjem", "Sidste stik": "Dorte",
                     "Tælling": "Bent 31, Dorte 20"}
    from scoring.table_families import table_family
    assert table_family("danish").deal_changes({"dealer": "Anne", "last_trick": "Dorte"},
                                               {"dealer": "Anne", "last_trick": "Bent"}) == ["Sidste stik: Dorte → Bent"]


# Item 10: a deal's history -----------------------------------------------------------------------

def test_the_history_page_reads_as_at_the_table(keeper_client, four_table, scorekeeper):
    deals = four_deals()
    record(four_table, deals)
    second = Deal.objects.get(number=2, current=True)
    services.deal_correct(deal=second, outcome=corrected_second(deals), user=scorekeeper)
    page = keeper_client.get(f"/deals/{second.pk}/history/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "12 med" in html and "halve i klør, mangler kavaleren" in html       # deal 2's melds
    assert "pagatkop" in html and "pagat_cup" not in html and "{&quot;" not in html and '{"dealer"' not in html
    assert "Sidste stik: Anne → Carl" in html and "Pagat: Carl tabt → Carl hjem" in html
    assert "Gældende udgave" in html and "Tidligere udgave" in html


# Item 11: the evening log ------------------------------------------------------------------------

def test_every_write_is_logged_with_who(client, club, scorekeeper):
    from tests.web.conftest import make_user
    admin = make_user(club, "admin", "admin-user")
    players = [services.player_get_or_create(club=club, name=n) for n in NAMES]
    evening = services.evening_create(club=club, date="2026-11-20", user=scorekeeper)
    table = services.table_create(evening=evening, players=players, user=scorekeeper)
    deals = four_deals()
    record(table, deals, user=scorekeeper)
    services.deal_correct(deal=Deal.objects.get(number=2, current=True), outcome=corrected_second(deals),
                          user=scorekeeper)
    services.deal_void(deal=Deal.objects.get(number=4, current=True), user=scorekeeper, reason="forkert bord")
    services.evening_close(evening=evening, user=scorekeeper)
    services.evening_reopen(evening=evening, user=admin, reason="glemt bøde")
    kinds = list(EveningEvent.objects.filter(evening=evening).values_list("kind", flat=True))
    assert kinds == ["created", "table", "recorded", "recorded", "recorded", "recorded", "corrected", "voided",
                     "closed", "reopened"]
    assert set(EveningEvent.objects.exclude(kind="reopened").values_list("user", flat=True)) == {scorekeeper.pk}
    client.force_login(scorekeeper)
    html = client.get(f"/evenings/{evening.pk}/log/").content.decode()
    for text in ("Aften oprettet", "Bord 1 oprettet", "Spil 1 gemt", "Spil 2 rettet", "Spil 4 annulleret",
                 "Lukket", "Genåbnet", "Sidste stik: Anne → Carl", "forkert bord", "glemt bøde", scorekeeper.username):
        assert text in html, text


def test_an_import_logs_one_event(golden_table):
    events = list(EveningEvent.objects.filter(evening=golden_table.evening))
    assert [e.kind for e in events] == [EveningEventKind.CREATED, EveningEventKind.IMPORTED]
    assert events[1].count == Deal.objects.filter(table=golden_table).count() > 1


def test_the_words_in_english():
    from django.utils import translation
    from families.danish.engine.model import Cup
    with translation.override("en"):
        assert words.meld_text({"kind": "taroks", "count": 11, "pagat": True}) == "11 with"
        assert words.meld_text({"kind": "matadors", "count": 3}) == "3 matadors"
        assert words.meld_text({"kind": "half", "group": "hearts", "missing": "queen"}) == "half hearts, missing the queen"
        assert words.cup_name(Cup.KING) == "king cup"
        assert dict(words.deal_lines({"dealer": "Anne", "last_trick": "Bent"})) == {"Dealer": "Anne",
                                                                                    "Last trick": "Bent"}
