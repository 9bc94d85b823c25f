"""The Karlsruhe family at the table (docs/rules/karlsruhe.md §1-§11), through the Django test client:
every game of the seed recorded through the table page's POST as a person taps it (counts as points
and Blätter, for either side), the 422 page naming the field for each kind of bad input with
nothing written, the live preview's formula, Radl and amounts, the Radl status, and a correction
that re-derives the Radl of every later deal. The seed's table: Spieler 1-4."""
import json

import pytest

from families.karlsruhe import words as kw
from families.karlsruhe import forms as kf
from scoring.table_families import table_family
from scoring import services
from scoring.models import Deal, JournalEntry
from tests.web import family_tables
from tests.web.family_tables import rows, seat
from tests.web.test_table_views import parse
from tests.conftest import GOLDEN as GOLDEN_DIR

pytestmark = pytest.mark.django_db

GOLDEN = GOLDEN_DIR / "karlsruhe"
SEED = ("Spieler 1", "Spieler 2", "Spieler 3", "Spieler 4")


@pytest.fixture
def k_table(club):
    return seat(club, SEED, "karlsruhe")


@pytest.fixture
def five_table(club):
    return seat(club, ("Anna", "Bernd", "Clara", "Dieter", "Erik"), "karlsruhe")


def form_data(table, **fields) -> dict:
    return family_tables.form_data(table, "played", fields)


def post(client, table, **fields):
    return client.post(f"/tables/{table.pk}/", form_data(table, **fields))


def preview(client, table, **fields):
    return client.post(f"/tables/{table.pk}/preview/", form_data(table, **fields))


#: The seed's nine deals (golden/karlsruhe/seed-table.json) as the form's taps: counts as the
#: players say them, points and Blätter (114 thirds = "38 Punkte").
SEED_TAPS = [
    dict(dealer="Spieler 1", game="koenigsrufer", declarer="Spieler 2", called_king="clubs", partner="Spieler 1",
         count_points="38", count_blaetter="0"),
    dict(dealer="Spieler 2", game="solorufer", declarer="Spieler 3", called_king="spades", partner="Spieler 1",
         count_points="36", count_blaetter="0"),
    {"dealer": "Spieler 3", "game": "fahrer", "counts.Spieler 1": "26", "blaetter.Spieler 1": "2",
     "counts.Spieler 2": "20", "blaetter.Spieler 2": "2", "counts.Spieler 3": "13", "blaetter.Spieler 3": "1",
     "counts.Spieler 4": "9", "blaetter.Spieler 4": "1"},
    dict(dealer="Spieler 4", game="sechserbock", declarer="Spieler 4", count_points="43", count_blaetter="2"),
    dict(dealer="Spieler 1", game="dreier", declarer="Spieler 3", count_points="46", count_blaetter="2",
         bird_pagat="declarers_made"),
    dict(dealer="Spieler 2", game="bettel_ouvert", declarer="Spieler 2", won="yes"),
    dict(dealer="Spieler 3", game="sechserbock", declarer="Spieler 3", count_points="55", count_blaetter="1",
         bird_canari="announced_made", bird_uhu="announced_made", bird_pagat="announced_made"),
    dict(dealer="Spieler 4", game="dreier", declarer="Spieler 4", valat="declarers"),
    dict(dealer="Spieler 1", game="koenigsrufer", declarer="Spieler 1", called_king="hearts", partner="Spieler 3",
         count_points="39", count_blaetter="1", king_caught="on"),
]


def record_seed(client, table, upto: int = 9):
    for taps in SEED_TAPS[:upto]:
        response = post(client, table, **taps)
        assert response.status_code == 302, parse(response).text("k-form")


def deal_infos(table) -> list[dict]:
    entries = (JournalEntry.objects.filter(table=table, kind="deal", reversed_by__isnull=True)
               .select_related("deal").order_by("deal__number"))
    return [json.loads(e.info_json) for e in entries]


# §11: the form gives exactly the deal object ------------------------------------------------------

def test_karlsruhe_s11_the_seed_recorded_through_the_form_is_the_seed_file(keeper_client, k_table):
    """Each of the seed's nine deals tapped into the form is stored as exactly the seed file's
    deal object, and the sheet shows the seed's formulas and running totals (§5.5, §10, §12)."""
    record_seed(keeper_client, k_table)
    seed = json.loads((GOLDEN / "seed-table.json").read_text())
    expected = json.loads((GOLDEN / "seed-table.expected.json").read_text())
    stored = [d.outcome for d in Deal.objects.filter(table=k_table, current=True).order_by("number")]
    assert stored == seed["deals"]
    infos = deal_infos(k_table)
    assert [i["formula"] for i in infos] == [d["formula"] for d in expected["deals"]]
    assert [i["radl"] for i in infos] == [d["radl"] for d in expected["deals"]]
    page = parse(keeper_client.get(f"/tables/{k_table.pk}/"))
    assert page.text("running") == "Spieler 1 Spieler 2 Spieler 3 Spieler 4 -256 -168 368 56"
    for deal in expected["deals"]:
        assert page.text(f"formula-{deal['number']}") == deal["formula"]
    assert "Radl" in page.text("deal-row-7") and "Radl" not in page.text("deal-row-8")
    assert page.text("game-1") == "Königsrufer Spieler 2 + Spieler 1"
    assert page.text("game-6").startswith("Bettel ouvert")


def test_karlsruhe_s3_a_count_for_the_opponents_is_stored_as_the_declarers_thirds(keeper_client, k_table):
    """"Gegner 32 Punkte" is 96 thirds for the opponents, so the declarers hold 210 − 96 = 114."""
    response = post(keeper_client, k_table, dealer="Spieler 1", game="koenigsrufer", declarer="Spieler 2",
                    called_king="clubs", partner="Spieler 1", count_side="opponents", count_points="32",
                    count_blaetter="0")
    assert response.status_code == 302
    assert Deal.objects.get().outcome["declarers_count"] == 114


def test_karlsruhe_s2_allein_is_the_declarer_as_his_own_partner(keeper_client, k_table):
    response = post(keeper_client, k_table, dealer="Spieler 1", game="koenigsrufer", declarer="Spieler 2",
                    called_king="hearts", partner=kw.ALONE, count_points="40", count_blaetter="0")
    assert response.status_code == 302
    outcome = Deal.objects.get().outcome
    assert outcome["partner"] == "Spieler 2"
    # 1 v 3: the declarer +3v, each opponent −v (§6)
    assert [leg for leg in parse(keeper_client.get(f"/tables/{k_table.pk}/")).text("running").split()[-4:]] == [
        "-2", "6", "-2", "-2"]


def test_karlsruhe_s11_birds_trull_kontra_and_king_are_sent_as_entries(keeper_client, k_table):
    """A bird is one choice of six (§11 "Form"); Trull and vier Könige by side; Kontra on the game
    and on an announced bird; the caught king as a flag."""
    response = post(keeper_client, k_table, dealer="Spieler 1", game="koenigsrufer", declarer="Spieler 2",
                    called_king="hearts", partner="Spieler 4", count_points="40", count_blaetter="1",
                    bird_canari="opponents_lost", bird_uhu="declarers_lost", bird_pagat="announced_failed",
                    kontra_pagat="re", kontra_uhu="sub", trull="opponents", kontra_game="kontra",
                    king_caught="on")
    assert response.status_code == 302, parse(response).text("k-form")
    assert Deal.objects.get().outcome == {
        "dealer": "Spieler 1", "game": "koenigsrufer", "declarer": "Spieler 2", "called_king": "hearts",
        "partner": "Spieler 4", "declarers_count": 121,
        "bonuses": {"canari": {"side": "opponents", "won": False}, "uhu": {"side": "declarers", "won": False},
                    "pagat": {"side": "declarers", "won": False, "announced": True},
                    "trull": {"side": "opponents", "won": True}},
        "king_caught": True,
        # the kontra on the silent Uhu is not sent: its select is shown only for an announced bird
        "kontra": {"game": "kontra", "pagat": "re"}}


def test_karlsruhe_s11_fields_the_game_does_not_use_are_not_sent(keeper_client, k_table):
    """What was tapped before another game was chosen stays hidden and is not sent: a Bettel ouvert
    with a count, a king and birds left in the form is just the Bettel."""
    response = post(keeper_client, k_table, dealer="Spieler 1", game="bettel_ouvert", declarer="Spieler 3",
                    won="no", called_king="hearts", partner="Spieler 2", count_points="abc", bird_pagat="declarers_made",
                    kontra_game="re", **{"counts.Spieler 1": "x"})
    assert response.status_code == 302
    assert Deal.objects.get().outcome == {"dealer": "Spieler 1", "game": "bettel_ouvert", "declarer": "Spieler 3",
                                          "won": False, "kontra": {"game": "re"}}


@pytest.mark.parametrize("kind", ["misdeal", "redeal"])
def test_karlsruhe_s7_a_misdeal_or_redeal_carries_only_dealer_and_kind(keeper_client, k_table, kind):
    response = post(keeper_client, k_table, dealer="Spieler 2", kind=kind, game="dreier", declarer="Spieler 3",
                    count_points="40")
    assert response.status_code == 302
    assert Deal.objects.get().outcome == {"dealer": "Spieler 2", "kind": kind}
    page = parse(keeper_client.get(f"/tables/{k_table.pk}/"))
    assert "Giver Spieler 2" in page.text("seating")   # §7: the same dealer deals again


# §9: bad input is refused next to its field, nothing written --------------------------------------

BAD = [
    ("game", dict(dealer="Spieler 1"), "skal udfyldes"),
    ("declarer", dict(dealer="Spieler 1", game="dreier", count_points="40"), "skal udfyldes"),
    ("partner", dict(dealer="Spieler 1", game="koenigsrufer", declarer="Spieler 2", called_king="hearts",
                     count_points="40"), "skal udfyldes"),
    ("called_king", dict(dealer="Spieler 1", game="solorufer", declarer="Spieler 2", partner="Spieler 3",
                         count_points="40"), "skal udfyldes"),
    ("count_points", dict(dealer="Spieler 1", game="dreier", declarer="Spieler 2"), "skal udfyldes"),
    ("count_points", dict(dealer="Spieler 1", game="dreier", declarer="Spieler 2", count_points="abc"), "«abc» er ikke et helt tal"),
    ("count_points", dict(dealer="Spieler 1", game="dreier", declarer="Spieler 2", count_points="71"), "Højst 70 Punkte"),
    # Counts are refused in the players' Punkte and Blätter, never in the engine's thirds (§3).
    ("count_points", dict(dealer="Spieler 1", game="dreier", declarer="Spieler 2", count_points="0",
                          count_blaetter="0"), "Spielmacher 0 Punkte: en side har mindst 0 Punkte 1 Blatt og højst "
                                               "69 Punkte 2 Blätter"),
    ("count_points", dict(dealer="Spieler 1", game="dreier", declarer="Spieler 2", count_points="70",
                          count_blaetter="0"), "Spielmacher 70 Punkte: en side har mindst"),
    ("count_points", dict(dealer="Spieler 1", game="dreier", declarer="Spieler 2", count_side="opponents",
                          count_points="70", count_blaetter="1"), "Gegner 70 Punkte 1 Blatt: en side har mindst"),
    ("bird_pagat", dict(dealer="Spieler 1", game="dreier", declarer="Spieler 2", valat="declarers",
                        bird_pagat="declarers_made"), "Valat"),
    ("trull", dict(dealer="Spieler 1", game="dreier", declarer="Spieler 2", count_points="40",
                   bird_pagat="opponents_made", trull="declarers"), "pagat"),
    ("king_caught", dict(dealer="Spieler 1", game="koenigsrufer", declarer="Spieler 2", called_king="hearts",
                         partner="Spieler 3", count_points="40", four_kings="declarers", king_caught="on"),
     "fire konger"),
    ("king_caught", dict(dealer="Spieler 1", game="koenigsrufer", declarer="Spieler 2", called_king="hearts",
                         partner="Spieler 3", count_points="40", four_kings="opponents"), "fanget"),
    ("kontra_pagat", dict(dealer="Spieler 1", game="dreier", declarer="Spieler 2", count_points="40",
                          bird_pagat="announced_made", kontra_pagat="quadruple"), "gyldig valgmulighed"),
    ("won", dict(dealer="Spieler 1", game="bettel_ouvert", declarer="Spieler 2"), "skal udfyldes"),
    ("game", dict(dealer="Spieler 1", game="piccolo"), "gyldig valgmulighed"),
    ("declarer", dict(dealer="Spieler 1", game="dreier", declarer="Nobody", count_points="40"), "gyldig valgmulighed"),
    ("counts", {"dealer": "Spieler 1", "game": "fahrer", "counts.Spieler 1": "30", "counts.Spieler 2": "20",
                "counts.Spieler 3": "10", "counts.Spieler 4": "9"}, "Tallene giver 69 Punkte; de skal give 70 Punkte."),
    ("counts", {"dealer": "Spieler 1", "game": "fahrer", "counts.Spieler 1": "30", "blaetter.Spieler 1": "2",
                "counts.Spieler 2": "20", "counts.Spieler 3": "10", "counts.Spieler 4": "10"},
     "Tallene giver 70 Punkte 2 Blätter; de skal give 70 Punkte."),
    ("counts", {"dealer": "Spieler 1", "game": "fahrer", "counts.Spieler 1": "70", "blaetter.Spieler 1": "1",
                "counts.Spieler 2": "0", "counts.Spieler 3": "0", "counts.Spieler 4": "0"},
     "70 Punkte 1 Blatt; højst 70 Punkte."),
    ("counts", {"dealer": "Spieler 1", "game": "fahrer", "counts.Spieler 1": "30", "counts.Spieler 2": "20",
                "counts.Spieler 3": "20"}, "aktive spillere"),
    ("counts.Spieler 2", {"dealer": "Spieler 1", "game": "fahrer", "counts.Spieler 1": "30",
                          "counts.Spieler 2": "-3", "counts.Spieler 3": "20", "counts.Spieler 4": "0"},
     "Mindst 0 Punkte"),
]


@pytest.mark.parametrize("field, taps, words", BAD, ids=[f"{f}-{i}" for i, (f, _t, _w) in enumerate(BAD)])
def test_karlsruhe_s9_bad_input_is_refused_next_to_its_field_and_nothing_is_written(keeper_client, k_table,
                                                                                    field, taps, words):
    before = rows()
    response = post(keeper_client, k_table, **taps)
    assert response.status_code == 422
    page = parse(response)
    assert "Spillet er ikke gemt" in page.text("not-saved")
    shown = page.text(field)
    assert words in shown, (field, shown, page.text("k-form"))
    assert "tredjedel" not in page.text("k-form") and "210" not in shown and "209" not in shown
    assert rows() == before
    # the preview names the same problem and saves nothing either
    problems = parse(preview(keeper_client, k_table, **taps)).text("preview-problems")
    assert words in problems
    assert rows() == before


def test_karlsruhe_s9_a_sitter_out_cannot_declare(keeper_client, five_table):
    """At five the dealer sits out (§1): picked as declarer, the engine's own message says so."""
    before = rows()
    response = post(keeper_client, five_table, dealer="Anna", game="dreier", declarer="Anna", count_points="40")
    assert response.status_code == 422
    assert "Anna sidder over i dette spil" in parse(response).text("declarer")
    assert rows() == before


def test_karlsruhe_the_messages_are_english_when_the_page_is(keeper_client, k_table):
    keeper_client.cookies["django_language"] = "en"
    response = post(keeper_client, k_table, dealer="Spieler 1", game="dreier", declarer="Spieler 2", count_points="0")
    assert response.status_code == 422
    page = parse(response)
    assert "Spielmacher 0 Punkte: a side counts at least 0 Punkte 1 Blatt" in page.text("count_points")
    assert "The deal is not saved" in page.text("not-saved")


def test_karlsruhe_a_stale_phone_gets_the_409_page_with_its_taps_kept(keeper_client, k_table):
    data = form_data(k_table, **SEED_TAPS[0])
    services.deal_record(table=k_table, outcome={"dealer": "Spieler 1", "kind": "redeal"})
    response = keeper_client.post(f"/tables/{k_table.pk}/", data)
    assert response.status_code == 409
    assert ("game", "koenigsrufer") in parse(response).checked()
    assert Deal.objects.count() == 1


# The preview -------------------------------------------------------------------------------------

def test_karlsruhe_s5_5_the_preview_shows_formula_and_amounts(keeper_client, k_table):
    before = rows()
    page = parse(preview(keeper_client, k_table, dealer="Spieler 1", game="dreier", declarer="Spieler 3",
                         count_points="46", count_blaetter="2", bird_pagat="declarers_made"))
    assert page.text("preview-title") == "Spil 1 – betalinger"
    assert page.text("preview-formula") == "8+6=14"
    assert "Radl" not in page.text("preview")
    assert page.text("preview-net") == "Spieler 1 Spieler 2 Spieler 3 Spieler 4 -14 -14 42 -14"
    assert page.text("preview-count") == "Spielmacher 46 Punkte 2 Blätter · Gegner 23 Punkte 1 Blatt"
    assert "vundet" in page.text("preview-what")
    assert rows() == before


def test_karlsruhe_s5_1_the_preview_says_schneider(keeper_client, k_table):
    page = parse(preview(keeper_client, k_table, dealer="Spieler 1", game="sechserbock", declarer="Spieler 2",
                         count_side="opponents", count_points="17", count_blaetter="1"))
    assert "Schneider" in page.text("preview-what")
    assert page.text("preview-formula") == "8x2=16"


def test_karlsruhe_s5_4_after_a_fahrer_the_preview_and_header_show_the_radl(keeper_client, k_table):
    record_seed(keeper_client, k_table, upto=3)
    page = parse(keeper_client.get(f"/tables/{k_table.pk}/"))
    assert page.text("radl-status").startswith("Radl: noch 4 doppelte Spiele")
    taps = SEED_TAPS[3]
    shown = parse(preview(keeper_client, k_table, **taps))
    assert shown.text("preview-formula") == "8x2=16" and shown.text("preview-radl") == "Radl"
    assert shown.text("preview-net").endswith("-16 -16 -16 48")
    record_seed_rest = post(keeper_client, k_table, **taps)
    assert record_seed_rest.status_code == 302
    assert parse(keeper_client.get(f"/tables/{k_table.pk}/")).text("radl-status").startswith(
        "Radl: noch 3 doppelte Spiele")


def test_karlsruhe_s6_the_fahrer_preview_names_who_pays(keeper_client, k_table):
    page = parse(preview(keeper_client, k_table, **SEED_TAPS[2]))
    assert page.text("preview-formula") == "2"
    assert "Spieler 1 + Spieler 2 betaler, Spieler 3 + Spieler 4 får" in page.text("preview-fahrer")


def test_karlsruhe_s1_at_five_the_dealer_sits_out_with_0(keeper_client, five_table):
    page = parse(preview(keeper_client, five_table, dealer="Bernd", game="dreier", declarer="Clara",
                         count_points="40"))
    assert page.text("preview-net") == "Anna Bernd Clara Diet. Dieter Erik -8 0 24 -8 -8"   # the cut name and the whole (css shows one)
    form = parse(keeper_client.get(f"/tables/{five_table.pk}/form/?dealer=Bernd&declarer=Bernd&game=dreier"))
    assert {v for _t, n, v, _c in form.inputs if n == "declarer"} == {"Anna", "Clara", "Dieter", "Erik"}
    assert "Bernd sidder over nu; ryddet: Spilfører." in form.text("dealer-cleared")


# Corrections: the Radl re-derives (§5.4, §10) ---------------------------------------------------

def test_karlsruhe_s5_4_correcting_the_fahrer_re_derives_the_radl_of_later_deals(keeper_client, k_table):
    record_seed(keeper_client, k_table, upto=5)
    fahrer = Deal.objects.get(table=k_table, number=3, current=True)
    page = parse(keeper_client.get(f"/deals/{fahrer.pk}/edit/"))
    assert ("game", "fahrer") in page.checked()
    assert page.submission()["counts.Spieler 1"] == "26"
    taps = dict(dealer="Spieler 3", game="dreier", declarer="Spieler 4", count_points="40", count_blaetter="0")
    before = rows()
    shown = parse(keeper_client.post(f"/tables/{k_table.pk}/preview/", {**form_data(k_table, **taps),
                                                                        "editing": "3"}))
    assert rows() == before
    assert shown.text("preview-formula") == "8"
    changes = shown.text("radl-changes")
    assert "Spil 4 er ikke længere i en Radl: 8x2=16 → 8" in changes
    assert "Spil 5 er ikke længere i en Radl: (8+6)x2=28 → 8+6=14" in changes
    response = keeper_client.post(f"/deals/{fahrer.pk}/edit/", form_data(k_table, **taps))
    assert response.status_code == 302
    infos = deal_infos(k_table)
    assert [i["radl"] for i in infos] == [False] * 5
    assert [i["formula"] for i in infos][3:] == ["8", "8+6=14"]
    # the totals are the engine's for the corrected evening
    evening = {"format": "tarokklub.evening/1", "rules": "karlsruhe", "date": "2026-11-20", "players": list(SEED),
               "deals": [d.outcome for d in Deal.objects.filter(table=k_table, current=True).order_by("number")]}
    from scoring.engine import families
    family = families.family("karlsruhe")
    settled = family.settle_evening(family.parse_evening(evening))
    totals = " ".join(str(t) for _p, t in settled.totals)
    assert parse(keeper_client.get(f"/tables/{k_table.pk}/")).text("running").endswith(totals)
    assert "radl-status" not in parse(keeper_client.get(f"/tables/{k_table.pk}/")).texts


def test_karlsruhe_a_correction_opens_the_recorded_deal_as_it_was_tapped(keeper_client, k_table):
    record_seed(keeper_client, k_table, upto=9)
    for number in range(1, 10):
        deal = Deal.objects.get(table=k_table, number=number, current=True)
        page = parse(keeper_client.get(f"/deals/{deal.pk}/edit/"))
        data = page.submission()
        data.pop("csrfmiddlewaretoken", None)
        if ("king_caught", "") in page.checked():
            data["king_caught"] = "on"   # a browser sends a checked box as "on"
        form = kf.KarlsruheDealForm(SEED, data=data, card=k_table.card)
        assert form.is_valid(), (number, form.errors)
        assert form.to_outcome() == deal.outcome


# Words of the history pages ------------------------------------------------------------------

def test_karlsruhe_the_history_reads_in_the_games_own_words(keeper_client, k_table):
    record_seed(keeper_client, k_table, upto=9)
    deal = Deal.objects.get(table=k_table, number=7, current=True)
    lines = dict(kw.deal_lines(deal.outcome))
    assert lines["Spil"] == "Sechserbock"
    assert lines["Tælling"] == "Spielmacher 55 Punkte 1 Blatt · Gegner 14 Punkte 2 Blätter"
    assert lines["Pagat"] == "meldt, vundet"
    nine = dict(kw.deal_lines(Deal.objects.get(table=k_table, number=9, current=True).outcome))
    assert nine["König abgefangen"] == "ja" and nine["Kaldt konge"] == "♥ Herz"
    assert table_family("karlsruhe").deal_changes(deal.outcome, {**deal.outcome, "game": "dreier"}) == ["Spil: Sechserbock → Dreier"]
    assert table_family("karlsruhe").deal_summary(deal.outcome).startswith("Giver: Spieler 3 · Spil: Sechserbock · Spilfører: Spieler 3")


def test_karlsruhe_s7_the_preview_of_a_misdeal_pays_the_fine_of_the_card(keeper_client, k_table):
    page = parse(preview(keeper_client, k_table, dealer="Spieler 1", kind="misdeal", game="dreier"))
    assert page.text("preview-what") == "Fejlgivning"
    assert page.text("preview-formula") == "0"
    assert page.text("preview-net").endswith("0 0 0 0")


def test_karlsruhe_the_radl_status_explains_itself_in_english(keeper_client, k_table):
    record_seed(keeper_client, k_table, upto=3)
    keeper_client.cookies["django_language"] = "en"
    page = parse(keeper_client.get(f"/tables/{k_table.pk}/"))
    assert page.text("radl-status") == "Radl: noch 4 doppelte Spiele (the next 4 deals count double)"
    assert "the deal counts double" in page.text("sheet-legend")
    response = preview(keeper_client, k_table, **SEED_TAPS[3])
    assert parse(response).text("preview-title") == "Deal 4 – payments"
    assert '<span class="muted">doubled</span>' in response.content.decode()


def test_karlsruhe_s5_4_a_closed_evening_shows_the_sheet_without_form_or_radl(keeper_client, k_table):
    """A Radl still owed at the end of the evening lapses (§5.4): a closed sheet shows none."""
    record_seed(keeper_client, k_table, upto=3)
    services.evening_close(evening=k_table.evening)
    page = parse(keeper_client.get(f"/tables/{k_table.pk}/"))
    assert "k-form" not in page.texts and "radl-status" not in page.texts
    assert page.text("formula-3") == "2"
    assert page.text("running") == "Spieler 1 Spieler 2 Spieler 3 Spieler 4 4 -4 4 -4"


@pytest.mark.parametrize("language, words", [
    ("de", "Das sind 69 Punkte; es müssen 70 Punkte sein."),
    ("sl", "Skupaj je 69 Punkte; biti mora 70 Punkte."),
    ("en", "The counts add up to 69 Punkte; they must add up to 70 Punkte."),
])
def test_karlsruhe_s3_counts_are_refused_in_punkte_in_every_language(keeper_client, k_table, language, words):
    keeper_client.cookies["django_language"] = language
    taps = {"dealer": "Spieler 1", "game": "fahrer", "counts.Spieler 1": "30", "counts.Spieler 2": "20",
            "counts.Spieler 3": "10", "counts.Spieler 4": "9"}
    response = post(keeper_client, k_table, **taps)
    assert response.status_code == 422
    assert words in parse(response).text("counts")
