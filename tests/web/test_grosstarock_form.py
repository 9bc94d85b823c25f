"""The table form of the old German cards (docs/rules/grosstarock.md): a `taroc1754` or
`grosstarock` table's deal form offers exactly what its card knows (§2, §2.1: no cups, its melds,
its announcements, the kings as the card pays them), records §7's worked deals A, B and C through
POST with the engine's amounts, refuses every kind of bad input with a 422 naming the field and
writes nothing; the sheet, header and preview of a cupless card show no cups. A VLK table's form
is unchanged."""
import pytest

from families.danish.engine import interchange
from families.danish.engine.rates import GROSSTAROCK, TAROC1754, VLK
from families.danish.engine.settle import settle_deal
from families.danish.forms import DealForm, meld_choices, meld_from_code
from scoring.models import Deal, JournalEntry, Table
from tests.web.family_tables import seat
from tests.web.test_table_views import parse, rows, sheet_row

pytestmark = pytest.mark.django_db

THREE = ("Anne", "Bent", "Carl")
FOUR = ("Anne", "Bent", "Carl", "Dorte")


def make_table(club, rules: str, players=THREE, date="2026-11-20") -> Table:
    return seat(club, players, rules, date)


@pytest.fixture
def t1754(club):
    return make_table(club, "taroc1754")


@pytest.fixture
def gt3(club):
    return make_table(club, "grosstarock")


@pytest.fixture
def gt4(club):
    return make_table(club, "grosstarock", FOUR, date="2026-11-21")


def post(client, table, data):
    """The deal form's POST, its dealer confirmed (the rules' examples name their own dealers)."""
    return client.post(f"/tables/{table.pk}/", {"version": Table.objects.get(pk=table.pk).version,
                                                 "confirm_dealer": "1", **data})


def preview(client, table, data):
    return client.post(f"/tables/{table.pk}/preview/", {"version": Table.objects.get(pk=table.pk).version, **data},
                       HTTP_HX_REQUEST="true")


def engine_net(table, outcome: dict, number: int = 1) -> dict:
    """What the engine pays for ``outcome`` as the table's first deal (no cups on these cards)."""
    players = tuple(s.player.name for s in table.seats.order_by("position"))
    state = table.engine.state_before(players, table.card, {}, lambda: ())
    return settle_deal(players, number, interchange.parse_deal(outcome, number, table.card), state, table.card).net


def sheet_net(table) -> dict:
    """The latest deal's net per player as written in the journal."""
    entry = JournalEntry.objects.filter(table=table, deal__isnull=False, reversed_by__isnull=True).latest("id")
    net = {s.player.name: 0 for s in table.seats.select_related("player")}
    for leg in entry.legs.select_related("player"):
        if leg.player_id is not None:
            net[leg.player.name] += leg.amount
    return net


# §7's worked deals, tapped into the form ------------------------------------------------------

#: A. taroc1754, dealer Carl: Anne taroks 11 without pagat, Bent half spades missing the king, Carl
#: full kings; Carl's pagat bagud, Anne the last trick; counts Anne 40, Bent 20 (Carl 18).
DEAL_A = {
    "kind": "played", "dealer": "Carl",
    "meld_1_player": "Anne", "meld_1_kind": "taroks:11:0",
    "meld_2_player": "Bent", "meld_2_kind": "half:spades:king",
    "meld_3_player": "Carl", "meld_3_kind": "full:kings",
    "pagat_owner": "Carl", "pagat_fate": "bagud", "last_trick": "Anne",
    "counts.Anne": "40", "counts.Bent": "20",
}
OUTCOME_A = {
    "dealer": "Carl",
    "melds": [{"player": "Anne", "kind": "taroks", "count": 11, "pagat": False},
              {"player": "Bent", "kind": "half", "group": "spades", "missing": "king"},
              {"player": "Carl", "kind": "full", "group": "kings"}],
    "pagat": {"owner": "Carl", "fate": "bagud"}, "last_trick": "Anne", "counts": {"Anne": 40, "Bent": 20},
}

#: B. grosstarock, dealer Anne: Bent honours 4, Carl ladons 17, Anne four queens; Bent's pagat
#: home; kings hearts Bent ultimo, diamonds Carl lost, clubs Anne home, spades Bent home; counts
#: Bent 35, Carl 21 (Anne 22). The hearts ultimo won the last trick: Bent's.
DEAL_B = {
    "kind": "played", "dealer": "Anne",
    "meld_1_player": "Bent", "meld_1_kind": "honours:4",
    "meld_2_player": "Carl", "meld_2_kind": "ladons:17",
    "meld_3_player": "Anne", "meld_3_kind": "four:queens",
    "pagat_owner": "Bent", "pagat_fate": "home",
    "king_hearts_owner": "Bent", "king_hearts_fate": "ultimo",
    "king_diamonds_owner": "Carl", "king_diamonds_fate": "lost",
    "king_clubs_owner": "Anne", "king_clubs_fate": "home",
    "king_spades_owner": "Bent", "king_spades_fate": "home",
    "last_trick": "Bent", "counts.Bent": "35", "counts.Carl": "21",
}
OUTCOME_B = {
    "dealer": "Anne",
    "melds": [{"player": "Bent", "kind": "honours", "count": 4}, {"player": "Carl", "kind": "ladons", "count": 17},
              {"player": "Anne", "kind": "four", "group": "queens"}],
    "pagat": {"owner": "Bent", "fate": "home"},
    "kings": {"hearts": {"owner": "Bent", "fate": "ultimo"}, "diamonds": {"owner": "Carl", "fate": "lost"},
              "clubs": {"owner": "Anne", "fate": "home"}, "spades": {"owner": "Bent", "fate": "home"}},
    "last_trick": "Bent", "counts": {"Bent": 35, "Carl": 21},
}

#: C. grosstarock at four, dealer Bent (Dorte sits out): Carl announces a vole before trick 13 and
#: takes every trick; Carl matadors 4 and taroks 12 with pagat and scies; his pagat ultimo; kings
#: hearts, clubs Carl home, diamonds Anne lost, spades Bent bagud; counts Carl 76, Anne 0 (Bent 2).
DEAL_C = {
    "kind": "played", "dealer": "Bent",
    "meld_1_player": "Carl", "meld_1_kind": "matadors:4",
    "meld_2_player": "Carl", "meld_2_kind": "taroks:12:1:1",
    "pagat_owner": "Carl", "pagat_fate": "ultimo",
    "king_hearts_owner": "Carl", "king_hearts_fate": "home",
    "king_diamonds_owner": "Anne", "king_diamonds_fate": "lost",
    "king_clubs_owner": "Carl", "king_clubs_fate": "home",
    "king_spades_owner": "Bent", "king_spades_fate": "bagud",
    "last_trick": "Carl", "tout": "Carl",
    "announced_vole_player": "Carl", "announced_vole_before_trick": "13",
    "counts.Carl": "76", "counts.Anne": "0",
}


def test_taroc1754_s7_worked_deal_A_through_the_form(keeper_client, t1754):
    response = post(keeper_client, t1754, DEAL_A)
    assert response.status_code == 302, parse(response).text("form-errors")
    deal = Deal.objects.get(table=t1754)
    assert deal.outcome == OUTCOME_A
    assert sheet_net(t1754) == {"Anne": 39, "Bent": -11, "Carl": -28} == engine_net(t1754, OUTCOME_A)


def test_grosstarock_s7_worked_deal_B_through_the_form(keeper_client, gt3):
    response = post(keeper_client, gt3, DEAL_B)
    assert response.status_code == 302, parse(response).text("form-errors")
    assert Deal.objects.get(table=gt3).outcome == OUTCOME_B
    assert sheet_net(gt3) == {"Bent": 44, "Carl": -15, "Anne": -29} == engine_net(gt3, OUTCOME_B)


def test_grosstarock_s7_worked_deal_C_announced_vole_through_the_form(keeper_client, gt4):
    response = post(keeper_client, gt4, DEAL_C)
    assert response.status_code == 302, parse(response).text("form-errors")
    outcome = Deal.objects.get(table=gt4).outcome
    assert outcome["announced_vole"] == {"player": "Carl", "before_trick": 13} and outcome["tout"] == "Carl"
    assert outcome["melds"][1] == {"player": "Carl", "kind": "taroks", "count": 12, "pagat": True, "scies": True}
    assert outcome["counts"] == {"Carl": 76, "Anne": 0}
    assert sheet_net(gt4) == {"Carl": 261, "Anne": -124, "Bent": -137, "Dorte": 0} == engine_net(gt4, outcome)


def test_grosstarock_s2_announced_nolos_several_players_each_with_their_trick(keeper_client, gt3):
    """Two announced nolos (docs/rules/grosstarock.md §2): Anne's before trick 1 won (she is nolo), Carl's
    before trick 5 failed; no counting after the nolo (§3)."""
    data = {"kind": "played", "dealer": "Anne", "pagat_owner": "Bent", "pagat_fate": "lost",
            "king_hearts_owner": "Bent", "king_diamonds_owner": "Carl", "king_clubs_owner": "Carl",
            "king_spades_owner": "Bent", "king_hearts_fate": "home", "king_diamonds_fate": "home",
            "king_clubs_fate": "home", "king_spades_fate": "home", "last_trick": "Bent", "nolo": "Anne",
            "announced_nolo_1_player": "Anne", "announced_nolo_1_before_trick": "1",
            "announced_nolo_3_player": "Carl", "announced_nolo_3_before_trick": "5",
            "counts.Bent": "", "counts.Carl": ""}
    response = post(keeper_client, gt3, data)
    assert response.status_code == 302, parse(response).text("form-errors")
    outcome = Deal.objects.get(table=gt3).outcome
    assert outcome["announced_nolo"] == [{"player": "Anne", "before_trick": 1}, {"player": "Carl", "before_trick": 5}]
    assert "counts" not in outcome
    assert sheet_net(gt3) == engine_net(gt3, outcome)


def test_grosstarock_s2_the_dealer_discards_the_pagat(keeper_client, gt3):
    data = {**DEAL_B, "pagat_owner": "Anne", "pagat_fate": "discarded", "meld_1_kind": "honours:3"}
    response = post(keeper_client, gt3, data)
    assert response.status_code == 302, parse(response).text("form-errors")
    outcome = Deal.objects.get(table=gt3).outcome
    assert outcome["pagat"] == {"owner": "Anne", "fate": "discarded"}
    assert sheet_net(gt3) == engine_net(gt3, outcome)


def test_old_german_s1_a_custom_fine_is_paid_to_each_other_active_player(keeper_client, gt4):
    data = {**DEAL_C, "fine_2_player": "Anne", "fine_2_kind": "custom", "fine_2_amount": "7"}
    assert post(keeper_client, gt4, data).status_code == 302
    outcome = Deal.objects.get(table=gt4).outcome
    assert outcome["fines"] == [{"player": "Anne", "kind": "custom", "amount": 7}]
    net = sheet_net(gt4)
    assert net == engine_net(gt4, outcome)
    assert net["Anne"] == -124 - 14 and net["Dorte"] == 0


def test_old_german_s1_a_misdeal_records_its_fines(keeper_client, gt3):
    data = {"kind": "misdeal", "dealer": "Anne", "fine_1_player": "Bent", "fine_1_kind": "custom",
            "fine_1_amount": "3"}
    assert post(keeper_client, gt3, data).status_code == 302
    outcome = Deal.objects.get(table=gt3).outcome
    assert outcome == {"dealer": "Anne", "kind": "misdeal", "fines": [{"player": "Bent", "kind": "custom", "amount": 3}]}
    assert sheet_net(gt3) == {"Anne": 3, "Bent": -6, "Carl": 3}


def test_taroc1754_s3_the_nolo_still_counts(keeper_client, t1754):
    """1754's nolo (the excuse rule) counts (docs/rules/grosstarock.md §3): the counts are sent with it."""
    data = {"kind": "played", "dealer": "Carl", "pagat_owner": "Bent", "pagat_fate": "home", "last_trick": "Bent",
            "nolo": "Anne", "counts.Anne": "3", "counts.Bent": "50"}
    response = post(keeper_client, t1754, data)
    assert response.status_code == 302, parse(response).text("form-errors")
    outcome = Deal.objects.get(table=t1754).outcome
    assert outcome["nolo"] == "Anne" and outcome["counts"] == {"Anne": 3, "Bent": 50}
    assert sheet_net(t1754) == engine_net(t1754, outcome)


# What the form offers on each card ------------------------------------------------------------

def picker(card):
    groups = meld_choices(card)
    return [str(g) for g, _items in groups[1:]], {code: str(label) for _g, items in groups[1:] for code, label in items}


def test_grosstarock_s2_1_the_picker_offers_its_melds_suits_only_no_overfull():
    groups, options = picker(GROSSTAROCK)
    assert groups == ["Taroks med pagat og skis", "Taroks med pagat, uden skis", "Taroks med skis, uden pagat",
                      "Taroks uden pagat og skis", "Matadorer", "Hjerter", "Ruder", "Klør", "Spar", "Honnører",
                      "Fire ens", "Ladoner"]
    assert len(options) == 4 * 13 + 20 + 4 * 5 + 5 + 3 + 10
    assert not any(code.startswith("overfull") or ":kings" in code for code in options)
    assert options["taroks:12:1:1"] == "12 med pagat og skis" and options["taroks:10:0:1"] == "10 med skis, uden pagat"
    assert options["honours:4"] == "4 honnører" and options["four:cavaliers"] == "fire kavalerer"
    assert options["ladons:16"] == "16 ladoner" and options["ladons:25"] == "25 ladoner"
    for code in options:  # every option is a well-formed meld of the card
        interchange.parse_deal({"dealer": "Anne", "melds": [meld_from_code(code, "Bent")]}, 1, GROSSTAROCK)


def test_taroc1754_s2_1_the_picker_offers_kings_and_suits_full_and_half_no_overfull():
    groups, options = picker(TAROC1754)
    assert groups == ["Taroks med pagat", "Taroks uden pagat", "Matadorer", "Konger", "Hjerter", "Ruder", "Klør",
                      "Spar"]
    assert len(options) == 2 * 13 + 20 + 5 * 5
    for code in options:
        interchange.parse_deal({"dealer": "Anne", "melds": [meld_from_code(code, "Bent")]}, 1, TAROC1754)
    assert "full:kings" in options and "half:kings:hearts" in options
    assert not any(code.startswith(("overfull", "honours", "four", "ladons")) for code in options)


def test_grosstarock_s2_the_form_asks_all_four_kings_announcements_tout_and_only_custom_fines():
    form = DealForm(THREE, card=GROSSTAROCK)
    for suit in ("hearts", "diamonds", "clubs", "spades"):
        assert [v for v, _l in form.fields[f"king_{suit}_owner"].choices] == ["Bent", "Carl", "Anne"]   # chips, no blank
        assert form.fields[f"king_{suit}_fate"].initial == "home"
        assert "discarded" not in dict(form.fields[f"king_{suit}_fate"].choices)
    assert "discarded" in dict(form.fields["pagat_fate"].choices)
    assert {"tout", "nolo", "failed_tout", "announced_vole_player", "announced_vole_before_trick",
            "announced_nolo_3_player", "announced_nolo_3_before_trick"} <= set(form.fields)
    assert [v for v, _l in form.fields["fine_1_kind"].choices] == ["", "custom"]
    assert str(form.fields["fine_1_amount"].label) == "point til hver"


def test_taroc1754_s2_the_form_has_no_kings_no_tout_no_announcements():
    form = DealForm(THREE, card=TAROC1754)
    names = set(form.fields)
    assert not any(n.startswith(("king_", "announced_")) for n in names)
    assert "tout" not in names and "failed_tout" not in names and "nolo" in names
    assert "discarded" in dict(form.fields["pagat_fate"].choices)
    assert [v for v, _l in form.fields["fine_1_kind"].choices] == ["", "custom"]


def test_a_vlk_table_form_is_unchanged(keeper_client, four_table):
    form = DealForm(FOUR, card=VLK)
    assert meld_choices(VLK) == meld_choices()
    assert not any(n.startswith("announced_") for n in form.fields) and "failed_tout" not in form.fields
    assert [v for v, _l in form.fields["pagat_fate"].choices] == ["home", "lost", "ultimo", "bagud"]
    assert [v for v, _l in form.fields["king_hearts_fate"].choices] == ["", "home", "lost", "ultimo", "bagud"]
    assert str(form.fields["fine_1_amount"].label) == "point pr. kop"
    page = keeper_client.get(f"/tables/{four_table.pk}/").content.decode()
    assert 'id="king-cup"' in page and "Konger tabt / ultimo / bagud" in page and 'id="why-nolo"' in page
    assert 'id="announced"' not in page and "lagt bort" not in page and 'id="id_nolo"' in page


def test_grosstarock_page_shows_kings_as_chips_and_the_announcements(keeper_client, gt3):
    page = keeper_client.get(f"/tables/{gt3.pk}/").content.decode()
    html = parse(keeper_client.get(f"/tables/{gt3.pk}/"))
    assert 'id="announced"' in page and 'id="king-hearts"' in page and "Konger tabt / ultimo / bagud" not in page
    assert ("radio", "king_spades_fate", "home", True) in html.inputs
    assert 'id="why-nolo"' in page and "point til hver" in page


def test_taroc1754_page_keeps_the_counts_after_a_nolo(keeper_client, t1754):
    page = keeper_client.get(f"/tables/{t1754.pk}/").content.decode()
    assert 'id="id_nolo_counted"' in page and 'id="why-nolo"' not in page and 'id="kings"' not in page


# A cupless card at the table ------------------------------------------------------------------

def test_old_german_s1_no_cups_in_the_header_preview_and_sheet(keeper_client, gt3):
    page = keeper_client.get(f"/tables/{gt3.pk}/").content.decode()
    assert 'id="king-cup"' not in page and "kongekop" not in page and "pagatkop" not in page
    response = preview(keeper_client, gt3, DEAL_B)
    assert response.status_code == 200
    assert response.context["net"] == [("Anne", -29, True), ("Bent", 44, True), ("Carl", -15, True)]
    text = response.content.decode()
    assert 'class="cup"' not in text and "kongekop" not in text and "pagatkop" not in text
    assert post(keeper_client, gt3, DEAL_B).status_code == 302
    page = keeper_client.get(f"/tables/{gt3.pk}/")
    html = page.content.decode()
    assert sheet_row(page, 1) == ["1 Anne", "-29", "44", "-15"]
    assert 'class="num cup"' not in html and "kongekop" not in html and 'id="king-cup"' not in html


def test_grosstarock_s3_the_preview_names_every_new_payment(keeper_client, gt4):
    text = parse(preview(keeper_client, gt4, DEAL_C)).text("preview-postings")
    assert "Anne → Carl 38 meldt vole" in text, text
    assert "Anne → Carl 5 hjerter konge hjem" in text, text
    assert "Bent → Carl 20 melding: 12 med pagat og skis" in text, text
    assert "Bent → Anne 10 konge bagud (spar)" in text, text


def test_grosstarock_history_lines_name_the_announcements_and_new_melds(keeper_client, gt4):
    assert post(keeper_client, gt4, DEAL_C).status_code == 302
    from families.danish import words
    lines = dict(words.deal_lines(Deal.objects.get(table=gt4).outcome))
    assert lines["Meldt vole"] == "Carl før stik 13"
    assert lines["Meldinger"] == "Carl 4 store, Carl 12 med pagat og skis"
    lines = dict(words.deal_lines({**OUTCOME_B, "announced_nolo": [{"player": "Anne", "before_trick": 2}]}))
    assert lines["Meldinger"] == "Bent 4 honnører, Carl 17 ladoner, Anne fire damer"
    assert lines["Meldt nolo"] == "Anne før stik 2"


# Bad input: a 422 naming the field, nothing written ---------------------------------------------

BAD_GT = [
    ({"king_hearts_owner": ""}, "king_hearts_owner", None),
    ({"king_hearts_fate": "discarded"}, "king_hearts_fate", "Marker en gyldig valgmulighed"),
    ({"pagat_owner": "Bent", "pagat_fate": "discarded"}, "pagat_owner", None),
    ({"meld_1_kind": "overfull:hearts"}, "meld_1_kind", "Marker en gyldig valgmulighed"),
    ({"meld_1_kind": "full:kings"}, "meld_1_kind", "Marker en gyldig valgmulighed"),
    ({"meld_4_player": "Carl", "meld_4_kind": "ladons:25"}, "meld_4_kind", None),
    ({"announced_nolo_1_player": "Anne", "announced_nolo_1_before_trick": "14"},
     "announced_nolo_1_before_trick", None),
    ({"announced_nolo_2_player": "Anne"}, "announced_nolo_2_before_trick", "Skriv før hvilket stik."),
    ({"announced_nolo_2_before_trick": "3"}, "announced_nolo_2_player", "Vælg hvem der meldte."),
    ({"announced_vole_player": "Bent", "announced_vole_before_trick": "21"}, "announced_vole_before_trick", None),
    ({"announced_vole_player": "Bent", "announced_vole_before_trick": "x"}, "announced_vole_before_trick",
     "«x» er ikke et helt tal"),
    ({"announced_vole_player": "Bent", "announced_vole_before_trick": "2", "announced_nolo_1_player": "Bent",
      "announced_nolo_1_before_trick": "3"}, "announced_nolo_1_player", None),
    ({"nolo": "Bent"}, "nolo", None),
    ({"fine_1_player": "Anne", "fine_1_kind": "custom"}, "fine_1_amount", "skal udfyldes"),
    ({"fine_1_player": "Anne", "fine_1_kind": "out_of_turn"}, "fine_1_kind", "Marker en gyldig valgmulighed"),
    ({"counts.Carl": "0"}, "counts.Carl", None),
]


#: Every case above is refused at the form and the engine without a request
#: (tests/web/test_grosstarock_form_input.py); the page is posted one the form's widgets refuse and
#: one the service refuses with the engine's problem.
@pytest.mark.parametrize("extra, field, text", [BAD_GT[3], BAD_GT[12]])
def test_grosstarock_s5_bad_input_is_a_422_naming_the_field_and_nothing_is_written(keeper_client, gt3, extra,
                                                                                    field, text):
    before = rows()
    response = post(keeper_client, gt3, {**DEAL_B, **extra})
    assert response.status_code == 422
    assert rows() == before
    html = parse(response)
    found = html.text(field) if field != "counts" else html.text("counts")
    assert found, (field, html.text("form-errors"))
    if text:
        assert text in found, (field, found)
    assert html.text("form-errors") == "", html.text("form-errors")


def test_grosstarock_s5_a_sitter_out_named_is_refused_at_his_field(keeper_client, gt4):
    before = rows()
    response = post(keeper_client, gt4, {**DEAL_C, "king_hearts_owner": "Dorte"})
    assert response.status_code == 422 and rows() == before
    assert "Dorte" in parse(response).text("king_hearts_owner")


BAD_TAROC1754 = [
    ({"meld_1_kind": "honours:4"}, "meld_1_kind", "Marker en gyldig valgmulighed"),
    ({"meld_1_kind": "taroks:11:0:1"}, "meld_1_kind", "Marker en gyldig valgmulighed"),
    ({"pagat_fate": "discarded", "pagat_owner": "Anne"}, "pagat_owner", None),
    ({"counts.Anne": "60", "counts.Bent": "30"}, "counts", None),
]


@pytest.mark.parametrize("extra, field, text", BAD_TAROC1754[3:])   # the rest: test_grosstarock_form_input.py
def test_taroc1754_s5_bad_input_is_a_422_naming_the_field(keeper_client, t1754, extra, field, text):
    before = rows()
    response = post(keeper_client, t1754, {**DEAL_A, **extra})
    assert response.status_code == 422 and rows() == before
    html = parse(response)
    found = html.text(field)
    assert found, (field, html.text("form-errors"))
    if text:
        assert text in found


def test_taroc1754_s2_keys_the_card_refuses_are_never_sent(keeper_client, t1754):
    """Tout, kings and announcements posted to a 1754 table are no fields of its form: the deal
    saved is §7's deal A alone."""
    data = {**DEAL_A, "tout": "Anne", "king_hearts_owner": "Anne", "king_hearts_fate": "home",
            "announced_vole_player": "Anne", "announced_vole_before_trick": "3"}
    assert post(keeper_client, t1754, data).status_code == 302
    assert Deal.objects.get(table=t1754).outcome == OUTCOME_A


# Correcting a deal: the edit form reads every stored field back -------------------------------

@pytest.mark.parametrize("table_name, data", [("t1754", DEAL_A), ("gt3", DEAL_B), ("gt4", DEAL_C)])
def test_old_german_a_deal_opened_for_correction_and_saved_unchanged_writes_the_same(keeper_client, request,
                                                                                      table_name, data):
    table = request.getfixturevalue(table_name)
    data = {**data, "announced_nolo_2_player": "Anne", "announced_nolo_2_before_trick": "4"} if table_name == "gt4" \
        else data
    assert post(keeper_client, table, data).status_code == 302
    deal = Deal.objects.get(table=table, current=True)
    outcome, net = deal.outcome, sheet_net(table)
    page = keeper_client.get(f"/deals/{deal.pk}/edit/")
    assert page.status_code == 200
    form = page.context["form"]
    posted = {name: form[name].value() for name in form.fields}
    posted = {k: v for k, v in posted.items() if v not in (None, "", [])}
    response = keeper_client.post(f"/deals/{deal.pk}/edit/", posted)
    assert response.status_code == 302, parse(response).text("form-errors")
    again = Deal.objects.get(table=table, current=True)
    assert again.outcome == outcome and sheet_net(table) == net


def test_grosstarock_hostile_posts_never_fail_and_a_refusal_writes_nothing(keeper_client, gt4):
    """Random and mutated values in every field of the Grosstarock form (the announcements, the
    kings' chips, the new melds) to the page and the preview: never a 500, a 4xx writes nothing."""
    from hypothesis import HealthCheck, given, settings, strategies as st

    keys = sorted(DealForm(FOUR, card=GROSSTAROCK).fields)
    values = st.one_of(st.text(max_size=12), st.integers(-10**6, 10**6).map(str), st.sampled_from(
        ["", "Anne", "Bent", "Carl", "Dorte", "discarded", "home", "ultimo", "ladons:99", "honours:8", "four:kings",
         "taroks:12:1:1", "taroks:12:1", "custom", "0", "1", "13", "14", "20", "21", "1e9", "\x00"]))

    @settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(data=st.dictionaries(st.sampled_from(keys), values, max_size=12))
    def run(data):
        merged = {**DEAL_C, **data}
        for url in (f"/tables/{gt4.pk}/preview/", f"/tables/{gt4.pk}/"):
            before = rows()
            response = keeper_client.post(url, {"version": Table.objects.get(pk=gt4.pk).version, **merged})
            assert response.status_code < 500
            if response.status_code >= 400:
                assert rows() == before

    run()


def test_grosstarock_the_form_and_preview_speak_english_too(keeper_client, gt4):
    keeper_client.cookies["django_language"] = "en"
    text = parse(preview(keeper_client, gt4, DEAL_C)).text("preview-postings")
    for line in ("Anne → Carl 38 announced vole (before trick 13)", "Anne → Carl 5 hearts king home",
                 "Bent → Carl 20 meld: 12 with pagat and scies"):
        assert line in text, (line, text)
    page = keeper_client.get(f"/tables/{gt4.pk}/").content.decode()
    for words in ("Announced vole / nolo", "All four kings", "discarded", "Taroks with pagat and scies", "17 ladons",
                  "four cavaliers", "points to each"):
        assert words in page, words


def test_grosstarock_another_dealer_clears_what_the_new_sitter_out_held(keeper_client, gt4):
    """Deal C typed with Bent dealing, then Carl chosen as dealer: Anne sits out now (Carl+2), so
    her king, count and announced nolo are cleared and named; the rest is kept."""
    typed = {**DEAL_C, "dealer": "Carl", "announced_nolo_1_player": "Anne", "announced_nolo_1_before_trick": "2"}
    response = keeper_client.get(f"/tables/{gt4.pk}/form/", typed)
    assert response.status_code == 200
    form = response.context["form"]
    assert form.seats.sitting_out == ("Anne",)
    html = parse(response)
    checked = html.checked()
    assert ("king_hearts_owner", "Carl") in checked and ("king_spades_owner", "Bent") in checked
    assert not any(n == "king_diamonds_owner" for n, _v in checked)
    assert html.selects["announced_vole_player"][0] == ["Carl"]
    assert html.selects["announced_nolo_1_player"][0] in ([], [""])
    cleared = html.text("dealer-cleared")
    assert "Anne" in cleared and "Ruder konge hos" in cleared and "Meldt nolo 1" in cleared and "Tælling" in cleared


def test_taroc1754_s2_1_a_taroks_meld_that_does_not_say_the_pagat_reads_as_said():
    """1754's taroks meld may leave out ``pagat`` (an imported deal): its words say only the count,
    never "uden" (which would claim he had no pagat), and its code keeps it unsaid."""
    from families.danish import words
    meld = {"player": "Anne", "kind": "taroks", "count": 11}
    assert words.meld_code(meld) == "taroks:11:-" and words.meld_text(meld) == "11 taroks"
    assert meld_from_code("taroks:11:-", "Anne") == meld
    assert words.meld_text({**meld, "pagat": False}) == "11 uden"
    assert dict(words.deal_lines({**OUTCOME_A, "melds": [meld]}))["Meldinger"] == "Anne 11 taroks"


@pytest.mark.parametrize("rules", ["grosstarock", "taroc1754"])
def test_closing_an_evening_of_a_cupless_card_says_nothing_of_cups(keeper_client, club, rules):
    """docs/rules/grosstarock.md §1: these cards have no cups, so closing shares none."""
    table = make_table(club, rules)
    response = keeper_client.post(f"/evenings/{table.evening_id}/close/", follow=True)
    text = response.content.decode()
    assert "Aftenen er lukket." in text and "kopperne" not in text


def test_closing_a_vlk_evening_still_says_the_cups_are_shared(keeper_client, club):
    table = make_table(club, "vlk")
    response = keeper_client.post(f"/evenings/{table.evening_id}/close/", follow=True)
    assert "Aftenen er lukket, og kopperne er delt." in response.content.decode()


def test_grosstarock_the_announced_vole_is_called_vole_in_form_preview_and_error(keeper_client, gt3):
    """docs/rules/grosstarock.md §2: the card's word is "vole"; the form and the error both use it
    (the preview's payment line too: test_grosstarock_s3_the_preview_names_every_new_payment)."""
    page = keeper_client.get(f"/tables/{gt3.pk}/")
    assert str(page.context["form"].fields["announced_vole_player"].label) == "Meldt vole"
    assert "Meldt vole / nolo" in page.content.decode() and "Meldt tout" not in page.content.decode()
    bad = {**DEAL_B, "announced_vole_player": "Bent", "announced_vole_before_trick": "2",
           "announced_nolo_1_player": "Bent", "announced_nolo_1_before_trick": "3"}
    error = parse(post(keeper_client, gt3, bad)).text("announced_nolo_1_player")
    assert "vole" in error and "tout" not in error.lower()
