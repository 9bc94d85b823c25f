"""The Selca family at the table (docs/rules/selca.md §1-§9, §12, §14), through the Django test client:
every deal of golden/selca/worked-examples.json recorded through the table page's POST as a person
taps it (counts as the players say them, for either side), the 422 page naming the field for bad
input with nothing written, the live preview's written points, klop counts adding up to 70 (the
last one derived), the resting dealer of a table of four offered in no choice of a game, and a
correction's effect on the totals."""
import json

import pytest

from families.selca import words as sw
from families.selca import forms as sf
from scoring.table_families import table_family
from scoring import services
from scoring.engine.translation import phrase_text
from scoring.models import Deal, JournalEntry
from tests.web import family_tables
from tests.web.family_tables import rows, seat
from tests.web.test_table_views import parse
from tests.conftest import GOLDEN as GOLDEN_DIR
from tests.engine.selca.test_golden import as_the_seed_writes

pytestmark = pytest.mark.django_db

GOLDEN = GOLDEN_DIR / "selca"
THREE = ("Ana", "Bojan", "Cene")
FOUR = ("Ana", "Bojan", "Cene", "Darja")


@pytest.fixture
def s_table(club):
    return seat(club, THREE, "selca")


@pytest.fixture
def four(club):
    return seat(club, FOUR, "selca")


def form_data(table, **fields) -> dict:
    return family_tables.form_data(table, "game", fields)


def post(client, table, **fields):
    return client.post(f"/tables/{table.pk}/", form_data(table, **fields))


def preview(client, table, **fields):
    return client.post(f"/tables/{table.pk}/preview/", form_data(table, **fields))


#: The worked examples' fifteen deals (golden/selca/worked-examples.json) as the form's taps, each
#: count as the players say it: "43", "30,6" (30⅔), "33 in 2 platelca", "55" and the +2 platelc
#: chip, or the opponents' count.
WORKED_TAPS = [
    dict(dealer="Ana", declarer="Bojan", game="3", count="43", kings="declarer"),
    {"dealer": "Bojan", "kind": "klop", "counts.Ana": "34", "counts.Bojan": "22"},   # Cene's 14 derived
    dict(dealer="Cene", declarer="Ana", game="2", count="30,6", trula="declarer", kontra_game="kontra",
         kontra_by="Bojan"),
    dict(dealer="Ana", kind="misdeal"),
    dict(dealer="Ana", declarer="Cene", game="3", count_side="opponents", count="1", valat="silent",
         kings="declarer", trula="declarer", pagat="declarer_ultimo"),
    {"dealer": "Bojan", "kind": "klop", "counts.Ana": "10", "counts.Bojan": "23", "counts.Cene": "37"},
    dict(dealer="Cene", kind="shown", shown_by="Ana"),
    dict(dealer="Ana", declarer="Bojan", game="3", count="38", pagat="announced_ultimo", kontra_game="kontra",
         kontra_pagat="sub", kontra_by="Cene"),
    dict(dealer="Bojan", declarer="Cene", game="2", count="33 in 2 platelca", kings="opponents",
         pagat="opponents_ultimo", mondfang_owner="Cene", mondfang_by="Ana"),
    dict(dealer="Cene", declarer="Ana", game="1", count_side="opponents", count="17,6", valat="announced_failed",
         kings="declarer"),
    dict(dealer="Ana", declarer="Cene", game="3", count="36", pagatfonk_skis="Ana", pagatfonk_pagat="Cene",
         renons="Bojan"),
    {"dealer": "Bojan", "kind": "klop", "counts.Ana": "27", "counts.Bojan": "27", "counts.Cene": "16"},
    dict(dealer="Cene", declarer="Ana", game="3", count="35", kontra_game="re", kontra_by="Bojan"),
    dict(dealer="Ana", declarer="Cene", game="2", count="55", count_platelci="2", trula="opponents",
         kontra_game="kontra", kontra_by="Ana"),
    dict(dealer="Bojan", declarer="Ana", game="3", count_side="opponents", count="34", kings="opponents",
         trula="opponents", pagat="opponents_ultimo", renons="Cene"),
]


def record(client, table, taps_list):
    for taps in taps_list:
        response = post(client, table, **taps)
        assert response.status_code == 302, parse(response).text("s-form")


def written(table) -> list[dict]:
    entries = (JournalEntry.objects.filter(table=table, kind="deal", reversed_by__isnull=True)
               .prefetch_related("legs__player").order_by("deal__number"))
    out = []
    for entry in entries:
        net = dict.fromkeys(table_players(table), 0)
        for leg in entry.legs.all():
            if leg.player is not None:
                net[leg.player.name] += leg.amount
        out.append(net)
    return out


def table_players(table):
    return [s.player.name for s in table.seats.select_related("player").order_by("position")]


# §14: the form gives exactly the deal object ------------------------------------------------------

def test_selca_s14_the_worked_examples_recorded_through_the_form_are_the_golden_file(keeper_client, s_table):
    """Each of the fifteen deals tapped into the form is stored as exactly the golden file's deal
    object (igra, klop with the last count derived, zatala, pokazane karte; kontra, valat, pagat,
    mondfang, pagatfonk, renons), and the sheet writes the golden points and totals (§3-§10)."""
    record(keeper_client, s_table, WORKED_TAPS)
    golden = json.loads((GOLDEN / "worked-examples.json").read_text())
    expected = json.loads((GOLDEN / "worked-examples.expected.json").read_text())
    stored = [d.outcome for d in Deal.objects.filter(table=s_table, current=True).order_by("number")]
    assert stored == golden["deals"]
    assert written(s_table) == [d["net"] for d in expected["deals"]]
    response = keeper_client.get(f"/tables/{s_table.pk}/")
    page = parse(response)
    assert page.text("running") == "Ana Bojan Cene -145 66 27"
    assert page.text("written-14").split() == ["Ana", "-32", "0", "+16"]   # dealer Ana; izkupiček 21
    assert page.text("game-1") == "tri Bojan"
    assert page.text("game-2") == "klop"
    assert page.text("game-4") == "zatala"
    assert page.text("game-7") == "pokazane karte (Ana)"
    assert "kontra" in page.text("deal-row-3") and "renons" in page.text("deal-row-11")
    # the formula in the page's words (a Danish page), and on an English page as the golden reads
    stored = {e.deal.number: json.loads(e.info_json) for e in JournalEntry.objects.filter(
        table=s_table, deal__current=True, reverses=None, reversed_by=None).exclude(deal=None)}
    for deal in expected["deals"]:
        assert stored[deal["number"]]["formula"] == as_the_seed_writes(deal["formula"])
        assert page.text(f"formula-{deal['number']}") == phrase_text(stored[deal["number"]]["formula_words"], "da")
    assert page.text("formula-1").startswith("Bojan spiller tri, vinder 43:27: spillets post [spil +1")
    keeper_client.cookies["django_language"] = "en"
    english = parse(keeper_client.get(f"/tables/{s_table.pk}/"))
    for deal in expected["deals"]:
        assert english.text(f"formula-{deal['number']}") == as_the_seed_writes(deal["formula"])
    html = response.content.decode()
    assert "kongekop" not in html and "king-cup" not in html   # a written score has no cups


def test_selca_s2_a_count_for_the_opponents_is_stored_as_the_declarers_thirds(keeper_client, s_table):
    """"nasprotnika 34,6", as typed, is 104 thirds for the opponents: the declarer holds 106."""
    response = post(keeper_client, s_table, dealer="Ana", declarer="Bojan", game="3", count_side="opponents",
                    count="34,6")
    assert response.status_code == 302
    assert Deal.objects.get().outcome["count"] == 106


def test_selca_s9_a_misdeal_or_shown_hand_carries_only_its_fields(keeper_client, s_table):
    """A zatala sends only the dealer and kind, whatever else was tapped before; pokazane karte only who showed."""
    assert post(keeper_client, s_table, dealer="Ana", kind="misdeal", declarer="Bojan", game="2",
                count="40", kings="declarer").status_code == 302
    assert post(keeper_client, s_table, dealer="Ana", kind="shown", shown_by="Cene", declarer="Bojan",
                count="40", **{"counts.Ana": "30"}).status_code == 302
    assert [d.outcome for d in Deal.objects.order_by("number")] == [
        {"dealer": "Ana", "kind": "misdeal"}, {"dealer": "Ana", "kind": "shown", "shown_by": "Cene"}]


# §12: bad input is refused next to its field, nothing written --------------------------------------
# Each kind of bad input is refused by the form (tests/web/test_selca_form.py, no request); here the
# view shows it: a 422, the words next to the field in točke, "not saved", nothing written, and the
# preview names the same problem.

def test_selca_s12_bad_input_is_refused_next_to_its_field_and_nothing_is_written(keeper_client, s_table):
    taps = dict(dealer="Ana", declarer="Bojan", game="2", count_side="opponents", count="35,3", valat="silent")
    words = "valat, men spilføreren tabte med 34 in 2 platelca."
    before = rows()
    response = post(keeper_client, s_table, **taps)
    assert response.status_code == 422
    page = parse(response)
    assert words in page.text("valat"), page.text("s-form")
    assert "tredjedel" not in page.text("s-form")
    assert "Spillet er ikke gemt" in page.text("not-saved")
    assert rows() == before
    assert words in parse(preview(keeper_client, s_table, **taps)).text("preview-problems")
    assert rows() == before


def test_selca_the_messages_are_english_when_the_page_is(keeper_client, s_table):
    keeper_client.cookies["django_language"] = "en"
    response = post(keeper_client, s_table, dealer="Ana", declarer="Bojan", game="2", count="40",
                    kontra_game="kontra", kontra_by="Bojan")
    assert response.status_code == 422
    page = parse(response)
    assert "kontra is said by an opponent, not by the declarer Bojan" in page.text("kontra_by")
    assert "The deal is not saved" in page.text("not-saved")


# §8: klop counts add up to 70, the last one derived -----------------------------------------------

def test_selca_s8_klop_counts_must_add_up_to_70(keeper_client, s_table):
    before = rows()
    taps = {"dealer": "Ana", "kind": "klop", "counts.Ana": "30", "counts.Bojan": "30", "counts.Cene": "20"}
    response = post(keeper_client, s_table, **taps)
    assert response.status_code == 422
    shown = parse(response).text("counts")
    assert "Tallene giver 80 točk; de skal give 70 točk." in shown   # the players' unit, never thirds (§2)
    assert "tredjedel" not in shown and "240" not in shown
    response = post(keeper_client, s_table, **{**taps, "counts.Cene": "9,6"})
    assert "Tallene giver 69 in 2 platelca; de skal give 70 točk." in parse(response).text("counts")
    assert rows() == before
    # one left empty gets the rest of 70; more than it is refused
    response = post(keeper_client, s_table, **{**taps, "counts.Cene": "", "counts.Bojan": "45"})
    assert response.status_code == 422
    assert "allerede 75" in parse(response).text("counts")
    shown = parse(preview(keeper_client, s_table, **{**taps, "counts.Cene": ""}))
    assert shown.text("klop-derived") == "Cene: 10 (resten af 70)"
    assert shown.text("preview-net") == "Ana Bojan Cene -5 -5 0"      # tied for the most: 5 each
    assert rows() == before
    # two empty: every player must be counted
    response = post(keeper_client, s_table, **{**taps, "counts.Cene": "", "counts.Bojan": ""})
    assert response.status_code == 422
    assert "mangler: Bojan, Cene" in parse(response).text("counts")


def test_selca_s8_at_four_the_resting_dealer_counts_the_talon_in_klop(keeper_client, four):
    response = post(keeper_client, four, **{"dealer": "Darja", "kind": "klop", "counts.Ana": "10",
                                             "counts.Bojan": "20", "counts.Cene": "35,3"})
    assert response.status_code == 302, parse(response).text("s-form")
    assert Deal.objects.get().outcome["counts"] == {"Ana": 30, "Bojan": 60, "Cene": 106, "Darja": 14}
    assert parse(keeper_client.get(f"/tables/{four.pk}/")).text("running") == "Ana Bojan Cene Darja 0 0 -10 0"


# §1: the resting dealer ----------------------------------------------------------------------------

def test_selca_s1_the_resting_dealer_is_shown_and_never_offered_in_a_game(keeper_client, four):
    page = parse(keeper_client.get(f"/tables/{four.pk}/"))
    assert "Sidder over (počiva): Ana" in page.text("s-resting")
    assert page.text("seating-resting") == "Ana"
    for name in ("declarer", "kontra_by", "mondfang_owner", "mondfang_by", "pagatfonk_skis", "pagatfonk_pagat",
                 "renons", "shown_by"):
        offered = {v for _t, n, v, _c in page.inputs if n == name} - {""}
        assert offered == {"Bojan", "Cene", "Darja"}, name
    # in klop he plays the talon: his count is asked for
    assert {n for _t, n, _v, _c in page.inputs if n and n.startswith("counts.")} == {
        "counts.Ana", "counts.Bojan", "counts.Cene", "counts.Darja"}
    # after Ana's deal Bojan deals and rests
    assert post(keeper_client, four, dealer="Ana", declarer="Bojan", game="3", count="40").status_code == 302
    page = parse(keeper_client.get(f"/tables/{four.pk}/"))
    assert page.text("seating-resting") == "Bojan"
    assert {v for _t, n, v, _c in page.inputs if n == "declarer"} == {"Ana", "Cene", "Darja"}


def test_selca_s1_a_resting_dealer_posted_anyway_is_refused_by_name(keeper_client, four):
    before = rows()
    response = post(keeper_client, four, dealer="Ana", declarer="Ana", game="3", count="40")
    assert response.status_code == 422
    assert "Ana" in parse(response).text("declarer")
    assert rows() == before


def test_selca_s1_the_form_proposes_the_next_dealer(keeper_client, s_table):
    def proposed():
        page = parse(keeper_client.get(f"/tables/{s_table.pk}/"))
        return page.selects["dealer"][0]
    assert proposed() == ["Ana"]
    assert post(keeper_client, s_table, dealer="Ana", kind="misdeal").status_code == 302
    assert proposed() == ["Ana"]         # after a zatala the same dealer deals again
    assert post(keeper_client, s_table, dealer="Ana", declarer="Bojan", game="3", count="40").status_code == 302
    assert proposed() == ["Bojan"]


def test_selca_a_new_dealer_rebuilds_the_form_clearing_who_now_rests(keeper_client, four):
    response = keeper_client.get(f"/tables/{four.pk}/form/", {"dealer": "Bojan", "declarer": "Bojan",
                                                               "count": "40", "renons": ["Cene", "Bojan"]})
    assert response.status_code == 200
    page = parse(response)
    assert "Bojan sidder over nu; ryddet: Spilfører (licitator), Renons." in page.text("dealer-cleared")
    assert {v for _t, n, v, c in page.inputs if n == "renons" and c} == {"Cene"}
    assert [v for _t, n, v, _c in page.inputs if n == "count"] == ["40"]


# The preview -------------------------------------------------------------------------------------

def test_selca_s10_2_the_preview_is_coloured_by_the_sign_of_what_is_written(keeper_client, s_table):
    """Worked example deal 10: ena won on the count, the announced valat failed, Ana written −33:
    the preview's "vundet" is red (s-lost) beside her negative figure, never green."""
    response = preview(keeper_client, s_table, **WORKED_TAPS[9])
    page = parse(response)
    assert page.text("preview-what") == "ena · Ana vundet"
    assert page.text("preview-net").split()[3].startswith("-")        # Ana is written negative
    assert '<span class="s-lost">vundet</span>' in response.content.decode()
    assert "s-won" not in response.content.decode()


def test_selca_s10_the_preview_shows_what_is_written(keeper_client, s_table):
    """Worked example 3: deal 14's izkupiček 21 (Cene +16, Ana −32, Bojan 0), before saving."""
    before = rows()
    page = parse(preview(keeper_client, s_table, **WORKED_TAPS[13]))
    assert page.text("preview-title") == "Spil 1 – skrives på arket"
    assert page.text("preview-what") == "dve · Cene vundet"
    assert '<span class="s-won">vundet</span>' in preview(keeper_client, s_table, **WORKED_TAPS[13]).content.decode()
    assert page.text("preview-count") == "licitator 55,6 · nasprotnika 14,3"
    assert page.text("preview-net") == "Ana Bojan Cene -32 0 +16"
    assert page.text("preview-formula").endswith("spilfører V, Ana -2V, makker 0")   # the page's words
    assert page.text("preview-summary") == "Ana -32 Bojan 0 Cene +16"
    assert page.text("count-other") == "nasprotnika 14,3"      # the other side's count, at once
    assert rows() == before


def test_selca_s1_at_four_the_preview_writes_the_resting_dealer_0(keeper_client, four):
    page = parse(preview(keeper_client, four, dealer="Bojan", declarer="Cene", game="2", count="40"))
    assert page.text("preview-net") == "Ana Bojan Cene Darja -4 0 +4 -4"
    assert "Bojan" not in page.text("preview-summary")


# A correction ----------------------------------------------------------------------------------

def test_selca_a_correction_shows_its_effect_and_rewrites_only_that_deal(keeper_client, s_table):
    record(keeper_client, s_table, WORKED_TAPS[:3])
    first = Deal.objects.get(table=s_table, number=1, current=True)
    page = parse(keeper_client.get(f"/deals/{first.pk}/edit/"))
    assert [v for _t, n, v, c in page.inputs if n == "declarer" and c] == ["Bojan"]
    assert [v for _t, n, v, _c in page.inputs if n == "count"] == ["43"]
    assert [v for _t, n, v, c in page.inputs if n == "kings" and c] == ["declarer"]
    taps = {**WORKED_TAPS[0], "game": "2"}   # dve, not tri: everything ×2
    shown = parse(keeper_client.post(f"/tables/{s_table.pk}/preview/", {**form_data(s_table, **taps),
                                                                        "editing": "1"}))
    assert "Ana -4 -8 -17 -21 (-4)" in shown.text("effect-table")
    assert "Bojan 4 8 12 16 (+4)" in shown.text("effect-table")
    response = keeper_client.post(f"/deals/{first.pk}/edit/", form_data(s_table, **taps))
    assert response.status_code == 302
    assert written(s_table)[0] == {"Ana": -8, "Bojan": 8, "Cene": -8}
    assert parse(keeper_client.get(f"/tables/{s_table.pk}/")).text("running") == "Ana Bojan Cene -21 16 0"


def test_selca_a_klop_opens_for_correction_with_its_counts(keeper_client, s_table):
    record(keeper_client, s_table, WORKED_TAPS[:2])
    klop = Deal.objects.get(table=s_table, number=2, current=True)
    page = parse(keeper_client.get(f"/deals/{klop.pk}/edit/"))
    assert [(n, v) for _t, n, v, _c in page.inputs if n and n.startswith("counts.")] == [
        ("counts.Ana", "34"), ("counts.Bojan", "22"), ("counts.Cene", "14")]


def test_selca_deal_lines_use_the_games_words():
    golden = json.loads((GOLDEN / "worked-examples.json").read_text())
    lines = dict(sw.deal_lines(golden["deals"][7]))
    assert lines["Igra"] == "tri" and lines["Pagat ultimo"] == "napovedan: ultimo"
    assert lines["Kontra"] == "igra: kontra, pagat: sub (Cene)"
    assert table_family("selca").deal_changes(golden["deals"][0], golden["deals"][12]) == [
        "Giver: Ana → Cene", "Spilfører (licitator): Bojan → Ana", "Tælling: licitator 43 · nasprotnika 27 → "
        "licitator 35 · nasprotnika 35", "Kralji: licitator → —", "Kontra: — → igra: re (Bojan)"]
    assert table_family("selca").deal_summary(golden["deals"][1]) == "Giver: Bojan · Spillet: klop · Tælling: Ana 34, Bojan 22, Cene 14"


# The history, the log, a closed evening ------------------------------------------------------------

def test_selca_history_and_log_speak_the_games_words(keeper_client, s_table, club):
    from scoring.models import Membership, Role
    Membership.objects.filter(club=club).update(role=Role.ADMIN)
    record(keeper_client, s_table, WORKED_TAPS[:3])
    third = Deal.objects.get(table=s_table, number=3, current=True)
    assert keeper_client.post(f"/deals/{third.pk}/edit/", form_data(
        s_table, **{**WORKED_TAPS[2], "kontra_game": "re"})).status_code == 302
    latest = Deal.objects.get(table=s_table, number=3, current=True)
    history = keeper_client.get(f"/deals/{latest.pk}/history/")
    assert history.status_code == 200
    text = history.content.decode()
    assert "Kontra: igra: kontra (Bojan) → igra: re (Bojan)" in text
    assert "licitator 30,6 · nasprotnika 39,3" in text
    # what was written to each player, never the ledger's other side (the sheet's account holds nothing)
    assert "<span>Ana</span>" in text and "<span>zapisnik</span>" not in text and "<span>sheet</span>" not in text
    log = keeper_client.get(f"/evenings/{s_table.evening_id}/log/")
    assert log.status_code == 200
    assert "Spillet: klop · Tælling: Ana 34, Bojan 22, Cene 14" in log.content.decode()


def test_selca_a_closed_evening_shows_the_zapisnik_without_a_form(keeper_client, s_table):
    record(keeper_client, s_table, WORKED_TAPS)
    services.evening_close(evening=s_table.evening)
    response = keeper_client.get(f"/tables/{s_table.pk}/")
    page = parse(response)
    assert "read-only" in page.texts and "s-form" not in page.texts
    html = response.content.decode()
    assert 'class="edit-link"' not in html and "seating" not in page.texts
    assert page.text("running") == "Ana Bojan Cene -145 66 27"


def test_selca_the_game_is_offered_when_a_table_is_made(keeper_client, s_table):
    response = keeper_client.get(f"/evenings/{s_table.evening_id}/tables/new/")
    assert response.status_code == 200
    assert "Tarok (po Selško)" in response.content.decode()


def test_selca_s5_who_said_kontra_is_sent_only_with_a_kontra(keeper_client, s_table):
    """"sagt af" is asked once a kontra is chosen; tapped and then the kontra taken back, nothing of
    it is sent (its row is hidden then)."""
    assert post(keeper_client, s_table, dealer="Ana", declarer="Bojan", game="2", count="40",
                kontra_by="Cene", kontra_pagat="re").status_code == 302
    assert "kontra" not in Deal.objects.get().outcome     # the pagat was not announced either


def test_selca_s8_s9_the_hints_name_the_cards_numbers(keeper_client, s_table):
    page = parse(keeper_client.get(f"/tables/{s_table.pk}/"))
    assert page.text("why-misdeal") == "Zatala: giveren skrives −2 og giver igen."
    assert "skrives −5 (−10 ved 35 eller flere)" in page.text("why-klop")


def test_selca_the_evening_page_shows_the_selca_table(keeper_client, s_table):
    record(keeper_client, s_table, WORKED_TAPS[:3])
    response = keeper_client.get(f"/evenings/{s_table.evening_id}/")
    assert response.status_code == 200


@pytest.mark.parametrize("name", ["worked-examples", "four-players"])
def test_selca_every_golden_deal_opened_for_correction_and_saved_unchanged_writes_the_same(name):
    """``initial_from_outcome`` then the form as posted: each deal of both golden files gives a
    deal object the engine writes exactly as the original (§13: a deal's points depend on its
    record only), so a correction that changes nothing changes no total."""
    from django.http import QueryDict
    from families.selca.engine import FAMILY
    data = json.loads((GOLDEN / f"{name}.json").read_text())
    players = tuple(data["players"])
    for number, deal in enumerate(data["deals"], 1):
        dealer, initial = sf.initial_from_outcome(players, deal, 1)
        posted = QueryDict(mutable=True)
        for key, value in initial.items():
            if isinstance(value, list):
                posted.setlist(key, value)
            elif value not in (None, ""):
                posted[key] = str(value)
        form = sf.SelcaDealForm(players, data=posted, dealer=dealer)
        assert form.is_valid(), (number, form.problem_list())
        again = form.to_outcome()
        write = lambda d: FAMILY.settle_deal(players, number, FAMILY.parse_deal(d, number), 0,
                                             FAMILY.default_card).net
        assert write(again) == write(deal), (number, deal, again)
        in_seat_order = {**deal, **({"renons": [p for p in players if p in deal["renons"]]} if "renons" in deal else {})}
        assert sw.deal_lines(again) == sw.deal_lines(in_seat_order), number   # the form lists renons by seat


@pytest.mark.parametrize("language, words", [
    ("de", "Das sind 80 točk; es müssen 70 točk sein."),
    ("sl", "Skupaj je 80 točk; biti mora 70 točk."),
    ("en", "The counts add up to 80 točk; they must add up to 70 točk."),
])
def test_selca_s2_klop_counts_are_refused_in_tocke_in_every_language(keeper_client, s_table, language, words):
    keeper_client.cookies["django_language"] = language
    response = post(keeper_client, s_table, **{"dealer": "Ana", "kind": "klop", "counts.Ana": "30",
                                               "counts.Bojan": "30", "counts.Cene": "20"})
    assert response.status_code == 422
    assert words in parse(response).text("counts")
