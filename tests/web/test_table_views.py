"""The table-side recording page: seating, the plain-deal tap count, recording, errors next to their
fields, the meld quick picker, the live preview (never a 500), stale tables, corrections, closed
evenings and the paper sheet. The table: Anne, Bent, Carl, Dorte (4 players, so one sits out)."""
import re
from html.parser import HTMLParser

import pytest

from scoring import services
from families.danish.engine import interchange as danish_interchange
from families.danish.forms import DealForm, meld_choices, meld_from_code
from scoring.models import Deal, EntryKind, JournalEntry, Role, Table
from scoring.services import FieldError
from tests.web.conftest import make_user
from tests.web.family_tables import rows

pytestmark = pytest.mark.django_db

PLAYERS = ("Anne", "Bent", "Carl", "Dorte")


# Helpers ----------------------------------------------------------------------------------------

def page_url(table):
    return f"/tables/{table.pk}/"


def plain(table, **extra):
    """A plain deal, Anne dealing (Carl sits out): Bent's pagat home, Dorte the last trick,
    Bent counts 31 and Dorte 20, Anne is derived."""
    data = {"version": Table.objects.get(pk=table.pk).version, "kind": "played", "dealer": "Anne",
            "pagat_owner": "Bent", "pagat_fate": "home", "last_trick": "Dorte",
            "counts.Bent": "31", "counts.Dorte": "20"}
    data.update(extra)
    return {k: v for k, v in data.items() if v is not None}


class _Html(HTMLParser):
    """Collects what the tests look at: the form's fields as a browser would submit them, which
    inputs are pre-checked, and the text inside elements marked with data-field / id."""

    VOID = {"input", "br", "img", "meta", "link", "hr"}

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.inputs = []                # (type, name, value, checked)
        self.selects = {}               # name -> (selected values, first option value)
        self.texts = {}                 # data-field or id -> text inside
        self._open = []                 # (key, depth) being collected
        self._depth = 0
        self._select = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "input":
            self.inputs.append((a.get("type", "text"), a.get("name"), a.get("value", ""), "checked" in a))
        elif tag == "select":
            self._select = a.get("name")
            self.selects[self._select] = ([], None)
        elif tag == "option" and self._select:
            chosen, first = self.selects[self._select]
            self.selects[self._select] = (chosen + ([a.get("value", "")] if "selected" in a else []),
                                          first if first is not None else a.get("value", ""))
        for key, _depth in self._open:   # a new element starts a new word
            self.texts[key] += " "
        if tag in self.VOID:
            return
        self._depth += 1
        for key in (a.get("data-field"), a.get("id")):
            if key:
                self._open.append((key, self._depth))
                self.texts.setdefault(key, "")

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        if tag in self.VOID:
            return
        self._open = [(k, d) for k, d in self._open if d < self._depth]
        self._depth -= 1

    def handle_data(self, data):
        for key, _depth in self._open:
            self.texts[key] += data

    def submission(self) -> dict:
        """What the browser sends if nothing is touched."""
        data = {}
        for kind, name, value, checked in self.inputs:
            if not name or (kind in ("radio", "checkbox") and not checked) or kind == "submit":
                continue
            data[name] = value
        for name, (chosen, first) in self.selects.items():
            data[name] = chosen[-1] if chosen else (first or "")
        return data

    def checked(self) -> set:
        return {(name, value) for kind, name, value, checked in self.inputs if checked}

    def text(self, key: str) -> str:
        return " ".join(self.texts.get(key, "").split())


def parse(response) -> _Html:
    return _Html(response.content.decode())


def sheet_row(response, number: int) -> list[str]:
    """The cells of deal ``number`` on the sheet, as shown (tags stripped)."""
    html = response.content.decode()
    start = html.index(f'id="deal-row-{number}"')
    row = html[start:html.index("</tr>", start)]
    return [" ".join(re.sub(r"<[^>]+>", " ", cell.split(">", 1)[1]).split()) for cell in row.split("<td")[1:]]


# The page and the plain deal --------------------------------------------------------------------

def test_page_shows_next_seating_cups_and_running_totals(keeper_client, four_table):
    response = keeper_client.get(page_url(four_table))
    assert response.status_code == 200
    html = parse(response)
    seating = html.text("seating")
    assert "Giver Anne" in seating and "Forhånd Bent" in seating and "Mellemhånd Dorte" in seating
    assert "Sidder over Carl" in seating
    assert html.text("king-cup") == "80" and html.text("pagat-cup") == "80"
    assert html.text("running") == "Anne Bent Carl Dorte -40 -40 -40 -40"
    # one count field per active player, in the order of play; none for the sitter-out
    assert [n for _t, n, _v, _c in html.inputs if n and n.startswith("counts.")] == [
        "counts.Bent", "counts.Dorte", "counts.Anne"]
    assert {v for _t, n, v, _c in html.inputs if n == "pagat_owner"} == {"Bent", "Dorte", "Anne"}


def test_a_plain_deal_needs_five_taps(keeper_client, four_table):
    """The form's comment promises 5 taps plus two numbers: pagat owner, last-trick winner, two
    count fields, save. That holds only if exactly these are pre-set: the dealer (the next one),
    the kind "spillet" and the pagat "hjem"."""
    response = keeper_client.get(page_url(four_table))
    html = parse(response)
    assert "5 taps plus the two numbers" in open("families/danish/templates/danish/_deal_form.html").read()
    assert html.checked() == {("kind", "played"), ("pagat_fate", "home")}
    assert html.selects["dealer"][0] == ["Anne"]
    # nothing else is chosen beforehand (the derived select shows only when all three count)
    untouched = {n: s for n, s in html.selects.items() if n not in ("dealer", "derived")}
    assert all(chosen in ([], [""]) for chosen, _first in untouched.values()), untouched
    counts = [v for _t, n, v, _c in html.inputs if n and n.startswith("counts.")]
    assert counts and all(v == "" for v in counts)

    taps = {"pagat_owner": "Bent",        # 1
            "last_trick": "Dorte",        # 2
            "counts.Bent": "31",          # 3 (+ the number)
            "counts.Dorte": "20"}         # 4 (+ the number); 5 is "Gem spil"
    response = keeper_client.post(page_url(four_table), {**html.submission(), **taps})
    assert response.status_code == 302
    assert Deal.objects.get().outcome == {"dealer": "Anne", "pagat": {"owner": "Bent", "fate": "home"},
                                          "last_trick": "Dorte", "counts": {"Bent": 31, "Dorte": 20}}


def test_recording_a_plain_deal_saves_one_deal_and_shows_it_on_the_sheet(keeper_client, four_table):
    before = rows()
    response = keeper_client.post(page_url(four_table), plain(four_table))
    assert response.status_code == 302 and response.url == page_url(four_table)
    deal = Deal.objects.get()
    assert deal.number == 1 and deal.dealer.name == "Anne" and deal.current
    entry = JournalEntry.objects.get(deal=deal)
    assert entry.kind == EntryKind.DEAL
    assert rows()[:2] == (before[0] + 1, before[1] + 1)
    # docs/rules/danish.md by hand. Anne deals: fee 5 + 5 into the cups (-10). Pagat home: Bent +5 from Anne
    # and Dorte. Last trick: Dorte +20 from Anne and Bent. Counts: Bent 31 -> +5, Dorte 20 -> -5,
    # Anne derived -(5 - 5) = 0. Anne -10-5-20-5+5 = -35, Bent 10-20+5 = -5, Dorte -5+40-5 = 30.
    assert {(leg.player.name if leg.player else leg.account): leg.amount for leg in entry.legs.all()} == {
        "Anne": -35, "Bent": -5, "Dorte": 30, "king": 5, "pagat": 5}
    page = keeper_client.get(page_url(four_table))
    text = page.content.decode()
    assert "Spil 1 er gemt." in text and "Spil 2" in text
    assert sheet_row(page, 1)[:7] == ["1 Anne", "-35", "-5", "0", "30", "85", "85"]
    assert 'class="num out">0<' in text                                   # Carl sat out: greyed
    html = parse(page)
    assert html.text("running") == "Anne Bent Carl Dorte -75 -45 -40 -10"
    assert html.text("king-cup") == "85"
    # the next deal: Bent deals, Anne sits out (docs/rules/danish.md §1)
    assert "Giver Bent" in html.text("seating") and "Sidder over Dorte" in html.text("seating")


@pytest.mark.parametrize("extra, field, text", [
    ({"counts.Bent": "60", "counts.Dorte": "30"}, "counts", "de to tal giver 90; højst 77"),
    ({"counts.Dorte": None, "counts.Carl": "20"}, "counts.Carl", "Carl sidder over i dette spil"),
    ({"last_trick": ""}, "last_trick", "skal udfyldes"),
    ({"pagat_owner": ""}, "pagat_owner", "skal udfyldes"),
    ({"pagat_fate": "ultimo"}, "pagat_fate", "Bent tog ikke sidste stik og kan ikke gå ultimo"),
    ({"king_hearts_owner": "Carl", "king_hearts_fate": "lost"}, "king_hearts_owner", "Carl sidder over i dette spil"),
    ({"king_spades_owner": "Bent"}, "king_spades_fate", "Vælg både hvem og hvad."),
    ({"tout": "Bent"}, "tout", "Bent tog ikke sidste stik og kan ikke have tout"),
    ({"nolo": "Dorte"}, "nolo", "Dorte tog sidste stik og kan ikke have nolo"),
    # melds[i] counts the non-empty rows: row 1 is empty, so the engine's melds[1] is form row 2
    ({"meld_2_player": "Bent", "meld_2_kind": "half:hearts:queen", "king_hearts_owner": "Dorte",
      "king_hearts_fate": "lost"}, "meld_2_kind", "hjerter konge kan ikke høre til både Dorte og Bent"),
    ({"meld_1_player": "Bent", "meld_1_kind": "full:kings", "meld_4_player": "Bent",
      "meld_4_kind": "half:kings:hearts"}, "meld_4_kind", "Bent har allerede en melding i kongerne"),
    ({"meld_3_player": "Dorte", "meld_3_kind": "taroks:11:1"}, "meld_3_kind", "pagat kan ikke høre til både"),
    ({"meld_1_player": "Bent"}, "meld_1_kind", "Vælg både melder og melding."),
    ({"fine_2_player": "Anne", "fine_2_kind": "custom"}, "fine_2_amount", "skal udfyldes"),
])
def test_errors_appear_next_to_their_field_and_nothing_is_saved(keeper_client, four_table, extra, field, text):
    before = rows()
    response = keeper_client.post(page_url(four_table), plain(four_table, **extra))
    assert response.status_code == 422
    assert rows() == before
    html = parse(response)
    assert text in html.text(field), (field, html.text(field), html.text("form-errors"))
    assert text not in html.text("form-errors")


def test_an_error_without_a_field_of_its_own_goes_to_the_top():
    form = DealForm(PLAYERS, data={"dealer": "Anne", "kind": "played", "meld_2_player": "Bent",
                                   "meld_2_kind": "taroks:10:1"})
    assert form.is_valid()
    form.to_outcome()
    assert form.field_for("melds[1].count") == "meld_2_kind" and form.field_for("melds[1].player") == "meld_2_player"
    form.add_engine_errors([FieldError(1, "melds[2].count", "ingen sådan række"), FieldError(1, "", "lukket"),
                            FieldError(1, "counts", "de tre tal giver 70")])
    assert form.non_field_errors() == ["melds[2].count: ingen sådan række", "lukket"]
    assert form.section_errors == {"counts": ["de tre tal giver 70"]}


def test_a_member_without_the_scorekeeper_role_reads_the_sheet_only(client, club, four_table):
    client.force_login(make_user(club, Role.MEMBER))
    page = client.get(page_url(four_table))
    assert page.status_code == 200 and page.context["form"] is None
    before = rows()
    assert client.post(page_url(four_table), plain(four_table)).status_code == 403
    assert rows() == before


# The meld quick picker --------------------------------------------------------------------------

def test_quick_picker_offers_every_meld_in_groups():
    groups = meld_choices()
    options = {code: str(label) for _group, items in groups[1:] for code, label in items}
    assert [str(g) for g, _items in groups[1:]] == [
        "Taroks med pagat", "Taroks uden pagat", "Matadorer", "Konger", "Hjerter", "Ruder", "Klør", "Spar"]
    assert len(options) == 13 + 13 + 20 + 5 * 6
    assert options["taroks:10:1"] == "10 med" and options["taroks:22:0"] == "22 uden"
    assert options["matadors:3"] == "3 store" and options["matadors:22"] == "22 store"
    assert options["overfull:kings"] == "sprøjte konger" and options["full:spades"] == "hele i spar"
    assert options["half:hearts:queen"] == "halve i hjerter, mangler damen"
    assert options["half:kings:hearts"] == "halve konger, mangler hjerter konge"
    for code in options:  # every option is a well-formed meld of the evening file
        danish_interchange.parse_deal({"dealer": "Anne", "melds": [meld_from_code(code, "Bent")]})


def test_melds_from_the_quick_picker_become_the_outcome(keeper_client, four_table):
    data = plain(four_table, pagat_owner="Dorte",
                 meld_1_player="Bent", meld_1_kind="taroks:11:0",
                 meld_3_player="Dorte", meld_3_kind="half:kings:spades",      # row 2 left empty
                 meld_4_player="Dorte", meld_4_kind="matadors:4",
                 meld_6_player="Bent", meld_6_kind="full:spades")
    assert keeper_client.post(page_url(four_table), data).status_code == 302
    assert Deal.objects.get().outcome["melds"] == [
        {"player": "Bent", "kind": "taroks", "count": 11, "pagat": False},
        {"player": "Dorte", "kind": "half", "group": "kings", "missing": "spades"},
        {"player": "Dorte", "kind": "matadors", "count": 4},
        {"player": "Bent", "kind": "full", "group": "spades"},
    ]


def test_kings_fines_tout_and_three_counts_become_the_outcome():
    form = DealForm(PLAYERS, data={
        "dealer": "Anne", "kind": "played", "pagat_owner": "Anne", "pagat_fate": "lost", "last_trick": "Dorte",
        "king_hearts_owner": "Dorte", "king_hearts_fate": "ultimo", "king_clubs_owner": "Bent",
        "king_clubs_fate": "lost", "counts.Bent": "20", "counts.Dorte": "40", "counts.Anne": "18",
        "derived": "Dorte", "fine_1_player": "Anne", "fine_1_kind": "out_of_turn", "fine_1_amount": "99",
        "fine_3_player": "Bent", "fine_3_kind": "custom", "fine_3_amount": "15"})
    assert form.is_valid(), form.errors
    assert form.to_outcome() == {
        "dealer": "Anne", "pagat": {"owner": "Anne", "fate": "lost"},
        "kings": {"hearts": {"owner": "Dorte", "fate": "ultimo"}, "clubs": {"owner": "Bent", "fate": "lost"}},
        "last_trick": "Dorte", "counts": {"Bent": 20, "Dorte": 40, "Anne": 18}, "derived": "Dorte",
        "fines": [{"player": "Anne", "kind": "out_of_turn"}, {"player": "Bent", "kind": "custom", "amount": 15}]}
    assert form.fine_rows == [1, 3]


def tout(table, **extra):
    """Anne deals (Carl sits out); Dorte takes every trick, her pagat home. The counts as counted
    (docs/rules/danish.md §3.3.6, amended): Dorte 76, Anne (the dealer, an opponent) her skat, 2; Bent derived."""
    return plain(table, pagat_owner="Dorte", last_trick="Dorte", tout="Dorte",
                 **{"counts.Bent": None, "counts.Dorte": "76", "counts.Anne": "2", **extra})


def test_a_tout_is_recorded_with_the_two_counts_as_counted(keeper_client, four_table):
    response = keeper_client.post(page_url(four_table), tout(four_table))
    assert response.status_code == 302
    deal = Deal.objects.get()
    assert deal.outcome["counts"] == {"Dorte": 76, "Anne": 2} and deal.outcome["tout"] == "Dorte"
    # By hand (cups 80 / 80 after the opening): fee Anne -10, cups 85 / 85; pagat home Dorte +10
    # (Anne, Bent -5); tout 85 from each and K + P = 170; counting Dorte 76 -> +50 from Bent, Anne
    # 2 -> -25 to Bent, Bent -(50 - 25) = -25; both cups empty: everyone (Carl too) 20 into each.
    #   Anne -10 -5 -85 -25 -40 = -165 ; Bent -5 -85 -25 -40 = -155 ; Carl -40
    #   Dorte +10 +170 +170 +50 -40 = +360 ; each cup +5 -85 +80 = 0
    entry = JournalEntry.objects.get(deal=deal)
    assert {(leg.player.name if leg.player else leg.account): leg.amount for leg in entry.legs.all()} == {
        "Anne": -165, "Bent": -155, "Carl": -40, "Dorte": 360}


def test_the_tout_form_has_the_usual_two_count_entry():
    """Nothing fills in 78 and 0 for a tout: the count fields start empty, take any count 0–78
    and go to the engine as typed."""
    form = DealForm(PLAYERS, initial={"dealer": "Anne", "tout": "Dorte", "last_trick": "Dorte"})
    assert [field.value() for field, _active in form.count_rows()] == [None, None, None]
    form = DealForm(PLAYERS, data={"dealer": "Anne", "kind": "played", "pagat_owner": "Dorte", "pagat_fate": "home",
                                   "last_trick": "Dorte", "tout": "Dorte", "counts.Dorte": "76", "counts.Anne": "2"})
    assert form.is_valid(), form.errors
    assert form.to_outcome()["counts"] == {"Dorte": 76, "Anne": 2}


def test_the_tout_preview_pays_the_counts_as_entered(keeper_client, four_table):
    response = preview(keeper_client, four_table, tout(four_table))
    assert response.status_code == 200 and not parse(response).text("preview-problems")
    assert response.context["counted"] == [("Dorte", 76, 50), ("Anne", 2, -25)]
    assert response.context["derived"] == "Bent" and response.context["derived_amount"] == -25


@pytest.mark.parametrize("extra, field, text", [
    ({"counts.Dorte": "0", "counts.Anne": "20"}, "counts.Dorte", "skal være mellem 1 og 78"),
    ({"counts.Anne": "3"}, "counts", "de to tal giver 79; højst 78"),
])
def test_a_tout_with_impossible_counts_is_refused_next_to_the_field(keeper_client, four_table, extra, field, text):
    before = rows()
    response = keeper_client.post(page_url(four_table), tout(four_table, **extra))
    assert response.status_code == 422 and rows() == before
    assert text in parse(response).text(field), (field, parse(response).text(field))


def test_fine_picker_offers_the_cards_fines_with_their_amount_and_a_custom_fine():
    choices = dict(DealForm(PLAYERS).fields["fine_1_kind"].choices)
    assert choices["out_of_turn"] == "spillet uden for tur (20)"
    assert choices["wrong_card_count"] == "forkert antal kort (40)" and choices["cup_not_moved"] == "kopperne ikke flyttet (5)"
    assert choices["custom"] == "anden bøde"
    assert "misdeal" not in choices            # a misdeal is the deal's kind, its fine implied


def test_a_misdeal_records_only_dealer_and_kind(keeper_client, four_table):
    """The play fields and fines are hidden for a misdeal and not sent on: its fine is implied."""
    data = plain(four_table, kind="misdeal", fine_1_player="Bent", fine_1_kind="out_of_turn")
    assert keeper_client.post(page_url(four_table), data).status_code == 302
    assert Deal.objects.get().outcome == {"dealer": "Anne", "kind": "misdeal"}
    page = keeper_client.get(page_url(four_table))
    # fee 5 + 5 and the misdeal fine 5 + 5 (docs/rules/danish.md §4); a misdeal passes the deal on (§11a)
    assert sheet_row(page, 1)[:7] == ["1 Anne fejlgivning", "-20", "0", "0", "0", "90", "90"]
    assert "Giver Bent" in parse(page).text("seating")


def test_a_scrapped_deal_records_its_fines(keeper_client, four_table):
    data = plain(four_table, kind="scrapped", fine_2_player="Anne", fine_2_kind="wrong_card_count")
    assert keeper_client.post(page_url(four_table), data).status_code == 302
    assert Deal.objects.get().outcome == {"dealer": "Anne", "kind": "scrapped",
                                          "fines": [{"player": "Anne", "kind": "wrong_card_count"}]}
    page = keeper_client.get(page_url(four_table))
    assert sheet_row(page, 1)[:7] == ["1 Anne kasseret", "-90", "0", "0", "0", "125", "125"]


# The live preview -------------------------------------------------------------------------------

def preview(client, table, data, **headers):
    return client.post(f"/tables/{table.pk}/preview/", data, HTTP_HX_REQUEST="true", **headers)


def test_preview_shows_every_payment_without_saving(keeper_client, four_table):
    before = rows()
    response = preview(keeper_client, four_table, plain(four_table))
    assert response.status_code == 200 and rows() == before
    context = response.context
    assert context["net"] == [("Anne", -35, True), ("Bent", -5, True), ("Carl", 0, False), ("Dorte", 30, True)]
    assert (context["cups"].king, context["cups"].pagat) == (85, 85)
    assert context["derived"] == "Anne" and context["derived_amount"] == 0
    assert context["counted"] == [("Bent", 31, 5), ("Dorte", 20, -5)]
    postings = parse(response).text("preview-postings")
    for line in ("Anne → kongekop 5 giverafgift", "Anne → pagatkop 5 giverafgift", "Anne → Bent 5 pagat hjem",
                 "Dorte → Bent 5 pagat hjem", "Anne → Dorte 20 sidste stik", "Bent → Dorte 20 sidste stik",
                 "Anne → Bent 5 tælling (31)", "Dorte → Anne 5 tælling (20)"):
        assert line in postings, (line, postings)
    assert "Anne udregnes: 0" in parse(response).text("preview-derived")
    assert "Anne -35" in parse(response).text("preview-summary")


def test_preview_names_king_ultimo_bagud_melds_and_fines_in_danish(keeper_client, four_table):
    data = plain(four_table, king_hearts_owner="Dorte", king_hearts_fate="ultimo", pagat_owner="Anne",
                 pagat_fate="bagud", meld_1_player="Anne", meld_1_kind="matadors:3",
                 fine_1_player="Bent", fine_1_kind="out_of_turn", meld_2_player="Dorte", meld_2_kind="taroks:10:0")
    text = parse(preview(keeper_client, four_table, data)).text("preview-postings")
    for reason in ("kongeultimo (hjerter)", "pagat bagud", "melding: 3 store", "melding: 10 uden",
                   "bøde: spillet uden for tur"):
        assert reason in text, (reason, text)
    assert "sidste stik" not in text        # a paid ultimo takes the last trick's place (§3.3.4)


def test_preview_shows_the_engines_problems_in_danish_or_english(keeper_client, four_table):
    data = plain(four_table, **{"counts.Bent": "60", "counts.Dorte": "30"})
    response = preview(keeper_client, four_table, data)
    assert response.status_code == 200
    assert "Tælling: de to tal giver 90; højst 77" in parse(response).text("preview-problems")
    keeper_client.cookies["django_language"] = "en"
    response = preview(keeper_client, four_table, data)
    assert "the two counts add up to 90; at most 77" in parse(response).text("preview-problems")


NASTY = [
    {}, {"dealer": "Zoe"}, {"dealer": ["Anne", "Bent"]}, {"kind": "nonsense"}, {"version": "x"},
    {"counts.Bent": "abc"}, {"counts.Bent": "-5", "counts.Dorte": "999"}, {"counts.Bent": "9" * 5000},
    {"counts.Bent": "1e400", "counts.Dorte": "NaN"}, {"counts.Zoe": "20"}, {"counts.": "20"},
    {"counts.Carl": "78", "counts.Bent": "0", "counts.Dorte": "0", "counts.Anne": "0"},
    {"meld_1_kind": "taroks:99:1", "meld_1_player": "Bent"}, {"meld_1_kind": "::", "meld_1_player": "Anne"},
    {"meld_1_kind": "half:kings:hearts", "meld_1_player": "Carl"},
    {"fine_1_player": "Anne", "fine_1_kind": "custom"}, {"fine_1_player": "Anne", "fine_1_kind": "custom",
                                                          "fine_1_amount": "0"},
    {"fine_1_player": "Anne", "fine_1_kind": "misdeal"}, {"fine_2_player": "Carl", "fine_2_kind": "out_of_turn"},
    {"dealer": "Anne", "kind": "misdeal", "pagat_owner": "Bent", "counts.Bent": "31"},
    {"dealer": "Anne", "kind": "scrapped", "fine_1_player": "Anne", "fine_1_kind": "wrong_card_count"},
    {"dealer": "Anne", "tout": "Anne", "nolo": "Bent"},
    {"dealer": "Anne", "pagat_owner": "Anne", "last_trick": "Anne", "tout": "Anne", "counts.Anne": "78",
     "counts.Bent": "0", "counts.Dorte": "0"},
    {"dealer": "Anne", "pagat_owner": "Anne", "last_trick": "Anne", "counts.Anne": "\x00"},
    {"dealer": "<script>alert(1)</script>", "last_trick": "<b>x</b>", "pagat_owner": "Ånne 🂡"},
    {"king_hearts_owner": "Dorte", "king_hearts_fate": "home", "nolo": "Dorte"},
    {"derived": "Carl", "counts.Bent": "30", "counts.Dorte": "30", "counts.Anne": "18"},
    {"editing": "²"}, {"editing": "1"}, {"editing": "-1"}, {"editing": "99999999999999999999"},
]


@pytest.mark.parametrize("data", NASTY)
def test_preview_never_fails_and_never_saves(keeper_client, four_table, data):
    keeper_client.post(page_url(four_table), plain(four_table))       # so that "editing" has a deal
    before = rows()
    response = preview(keeper_client, four_table, {"dealer": "Anne", "kind": "played", **data})
    assert response.status_code == 200
    assert rows() == before
    assert "<script>alert" not in response.content.decode()


def test_preview_of_nasty_inputs_never_fails_in_a_loop(keeper_client, four_table):
    """The same list without the padding of a valid dealer: raw garbage as it comes."""
    before = rows()
    for data in NASTY:
        response = preview(keeper_client, four_table, data)
        assert response.status_code == 200, data
    assert rows() == before


# Another dealer ---------------------------------------------------------------------------------

def test_choosing_another_dealer_rebuilds_the_form_and_keeps_what_still_fits(keeper_client, four_table):
    response = keeper_client.get(f"/tables/{four_table.pk}/form/", {
        "dealer": "Carl", "kind": "played", "pagat_owner": "Bent", "last_trick": "Anne",
        "counts.Bent": "31", "counts.Anne": "20", "meld_1_player": "Anne", "meld_1_kind": "matadors:3"})
    assert response.status_code == 200
    form = response.context["form"]
    assert form.seats.active == ("Dorte", "Bent", "Carl") and form.seats.sitting_out == ("Anne",)
    html = parse(response)
    assert [n for _t, n, _v, _c in html.inputs if n and n.startswith("counts.")] == [
        "counts.Dorte", "counts.Bent", "counts.Carl"]
    assert ("pagat_owner", "Bent") in html.checked()                     # Bent still plays
    assert not any(n == "last_trick" for n, _v in html.checked())       # Anne now sits out
    assert [v for t, n, v, _c in html.inputs if n == "counts.Bent"] == ["31"]
    assert html.selects["meld_1_player"][0] in ([], [""]) and html.selects["meld_1_kind"][0] in ([], [""])
    # the header's seating is swapped out of band, and the preview asked for again
    text = response.content.decode()
    assert 'id="seating" hx-swap-oob="true"' in text and "Giver Carl" in html.text("seating")
    assert f'hx-post="/tables/{four_table.pk}/preview/" hx-trigger="load"' in text


def test_a_count_posted_for_a_sitter_out_after_a_dealer_change_is_never_moved(keeper_client, four_table):
    """Without htmx the form keeps Anne's layout while Bent is chosen: Dorte's count then belongs
    to a sitter-out and is refused by name, instead of landing on somebody else."""
    data = plain(four_table, dealer="Bent", pagat_owner="Carl", last_trick="Carl")
    response = keeper_client.post(page_url(four_table), data)
    assert response.status_code == 422 and not Deal.objects.exists()
    html = parse(response)
    assert "Dorte sidder over i dette spil" in html.text("counts.Dorte")
    assert [n for _t, n, _v, _c in html.inputs if n and n.startswith("counts.")] == [
        "counts.Carl", "counts.Anne", "counts.Bent", "counts.Dorte"]


# Stale tables, corrections, closed evenings ------------------------------------------------------

def test_a_stale_form_is_refused_with_the_fresh_sheet_and_the_input_kept(keeper_client, four_table):
    old_version = Table.objects.get(pk=four_table.pk).version
    assert keeper_client.post(page_url(four_table), plain(four_table)).status_code == 302
    again = plain(four_table, version=old_version, pagat_owner="Dorte", **{"counts.Bent": "40", "counts.Dorte": "10"})
    before = rows()
    response = keeper_client.post(page_url(four_table), again)
    assert response.status_code == 409 and rows() == before
    html = parse(response)
    assert "En anden har registreret et spil" in html.text("stale")
    # another hand than the one saved: the dealer goes back to the sheet's, and the page says so
    assert "Giveren er sat til Bent, som arket siger nu (du havde valgt Anne)." in html.text("stale")
    assert [v for _t, n, v, _c in html.inputs if n == "counts.Bent"] == ["40"]
    # Dorte sits out when Bent deals: her pagat and count are cleared, and named
    assert ("pagat_owner", "Dorte") not in html.checked()
    assert "Dorte sidder over nu; ryddet: Pagat hos, Sidste stik, Tælling." in html.text("dealer-cleared")
    assert sheet_row(response, 1)[0] == "1 Anne"                    # the fresh sheet
    # the kept form carries the fresh version: saving it again is a deliberate second deal
    resend = html.submission()
    assert resend["version"] == str(Table.objects.get(pk=four_table.pk).version)


def test_the_latest_deal_can_be_corrected_and_is_settled_again(keeper_client, four_table):
    keeper_client.post(page_url(four_table), plain(four_table))
    deal = Deal.objects.get()
    page = keeper_client.get(f"/deals/{deal.pk}/edit/")
    assert page.status_code == 200
    html = parse(page)
    assert [v for _t, n, v, _c in html.inputs if n == "counts.Bent"] == ["31"]
    assert ("pagat_owner", "Bent") in html.checked() and ("last_trick", "Dorte") in html.checked()
    # the preview of a correction starts from the cups before the deal (80/80), not after it
    fixed = plain(four_table, last_trick="Bent")
    shown = preview(keeper_client, four_table, {**fixed, "editing": str(deal.number)})
    assert shown.context["number"] == 1 and (shown.context["cups"].king, shown.context["cups"].pagat) == (85, 85)

    response = keeper_client.post(f"/deals/{deal.pk}/edit/", fixed)
    assert response.status_code == 302
    current = Deal.objects.get(current=True)
    assert current.replaces_id == deal.pk and current.outcome["last_trick"] == "Bent"
    assert Deal.objects.count() == 2                                      # the old version is kept
    # Bent now takes the last trick: Anne -10-5-20-5+5 = -35, Bent 10+40+5 = 55, Dorte -5-20-5 = -30
    sheet = keeper_client.get(page_url(four_table))
    assert sheet_row(sheet, 1)[:7] == ["1 Anne", "-35", "55", "0", "-30", "85", "85"]
    assert keeper_client.get(f"/deals/{deal.pk}/edit/").status_code == 404   # a replaced version


def test_every_deal_is_editable_but_not_an_old_version(keeper_client, four_table):
    """Issue 12 item 2: any deal of an open evening can be corrected, not only the latest."""
    keeper_client.post(page_url(four_table), plain(four_table))
    second = plain(four_table, dealer="Bent", pagat_owner="Carl", last_trick="Carl",
                   **{"counts.Bent": None, "counts.Dorte": None, "counts.Carl": "40", "counts.Anne": "20"})
    assert keeper_client.post(page_url(four_table), second).status_code == 302
    first, latest = Deal.objects.order_by("number")
    page = keeper_client.get(page_url(four_table))
    assert f'href="/deals/{latest.pk}/edit/"' in page.content.decode()
    assert f'href="/deals/{first.pk}/edit/"' in page.content.decode()
    assert keeper_client.post(f"/deals/{first.pk}/edit/", plain(four_table, last_trick="Bent")).status_code == 302
    before = rows()
    refused = keeper_client.post(f"/deals/{first.pk}/edit/", plain(four_table))   # the old version now
    assert refused.status_code == 404 and rows() == before
    assert "ret den nyeste udgave" in refused.content.decode()


def test_a_stale_correction_keeps_the_input(keeper_client, four_table):
    keeper_client.post(page_url(four_table), plain(four_table))
    deal = Deal.objects.get()
    response = keeper_client.post(f"/deals/{deal.pk}/edit/", plain(four_table, version=0, last_trick="Bent"))
    assert response.status_code == 409 and Deal.objects.count() == 1
    html = parse(response)
    assert "En anden har registreret" in html.text("stale") and ("last_trick", "Bent") in html.checked()


def test_a_closed_evening_is_read_only(keeper_client, four_table):
    keeper_client.post(page_url(four_table), plain(four_table))
    deal = Deal.objects.get()
    services.evening_close(evening=four_table.evening)
    before = rows()
    page = keeper_client.get(page_url(four_table))
    text = page.content.decode()
    assert page.status_code == 200 and page.context["form"] is None
    assert 'id="deal-form"' not in text and "/edit/" not in text and 'id="seating"' not in text
    assert "arket kan kun læses" in text
    assert 'class="kind-split"' in text                                   # the split row
    response = keeper_client.post(page_url(four_table), plain(four_table, version=None))
    assert response.status_code == 403 and "Aftenen er lukket" in response.content.decode()
    assert keeper_client.get(f"/deals/{deal.pk}/edit/").status_code == 403
    assert keeper_client.post(f"/deals/{deal.pk}/edit/", plain(four_table)).status_code == 403
    assert preview(keeper_client, four_table, plain(four_table)).status_code == 200
    assert keeper_client.get(f"/tables/{four_table.pk}/form/", {"dealer": "Bent"}).status_code == 403
    assert rows() == before


def test_the_sheet_marks_sitters_out_running_totals_and_void_deals(keeper_client, four_table):
    keeper_client.post(page_url(four_table), plain(four_table))
    keeper_client.post(page_url(four_table), plain(four_table, dealer="Bent", kind="scrapped"))
    page = keeper_client.get(page_url(four_table))
    text = page.content.decode()
    assert text.count('class="running-row"') == 2
    assert sheet_row(page, 2)[:7] == ["2 Bent kasseret", "0", "-10", "0", "0", "90", "90"]
    assert 'class="kind-scrapped"' in text and 'class="scroll sheet-scroll"' in text
    # a scrapped deal is dealt again by the same dealer
    assert "Giver Bent" in parse(page).text("seating")
