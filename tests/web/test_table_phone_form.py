"""Issue 12, items 1, 3, 4, 5 and 8 without a browser: the sheet's short names and links, the
preview's heading, every problem of the deal form at once, a nolo without counts, what a new dealer
clears, and the header's "Stilling". The table: Anne, Bent, Carl, Dorte (Anne deals, Carl sits out)."""
import pytest

from scoring import services
from families.danish.forms import DealForm, carry_over
from scoring.models import Deal, Membership, Role, Table
from scoring.templatetags.sheet import name_legend, short, short_names
from tests.web.conftest import make_user
from tests.web.test_table_views import parse, plain, preview

pytestmark = pytest.mark.django_db

PLAYERS = ("Anne", "Bent", "Carl", "Dorte")


# Item 1: short names, Ret and ⋯ on every row ----------------------------------------------------

def test_names_of_up_to_five_letters_stay_longer_ones_are_cut_to_four_and_a_dot():
    assert short_names(("Anne", "Dorte", "Kristoffer", "Margrethe", "Bo")) == {
        "Anne": "Anne", "Dorte": "Dorte", "Kristoffer": "Kris.", "Margrethe": "Marg.", "Bo": "Bo"}


def test_short_names_are_unique_at_the_table():
    labels = short_names(("Kristoffer", "Kristian", "Kris.", "Kristine"))
    assert labels["Kris."] == "Kris."                         # a real name wins over a cut one
    assert len(set(labels.values())) == 4
    assert labels["Kristoffer"] == "Kristo." and labels["Kristian"] == "Kristian" and labels["Kristine"] == "Kristine"
    assert short_names(("Anne Marie", "Anne")) == {"Anne Marie": "Anne.", "Anne": "Anne"}


def test_a_cut_never_parts_a_letter_from_its_accent():
    decomposed = "Jose\u0301phine"                       # e + combining acute
    assert short_names((decomposed, "Anne"))[decomposed] == "José."
    assert short(decomposed, (decomposed, "Anne")) == (
        f'<span class="name-cut">José.</span><span class="name-full">{decomposed}</span>')
    assert short("Anne", (decomposed, "Anne")) == "Anne"


def test_the_legend_names_the_shortened_players_only():
    assert name_legend(("Anne", "Kristoffer", "Dorte")) == [("Kris.", "Kristoffer")]


def test_every_deal_of_an_open_evening_has_ret_and_history_links(keeper_client, four_table):
    for extra in ({}, {"dealer": "Bent", "pagat_owner": "Carl", "last_trick": "Carl", "counts.Bent": None,
                       "counts.Dorte": None, "counts.Carl": "40", "counts.Anne": "20"}):
        assert keeper_client.post(f"/tables/{four_table.pk}/", plain(four_table, **extra)).status_code == 302
    first, latest = Deal.objects.order_by("number")
    text = keeper_client.get(f"/tables/{four_table.pk}/").content.decode()
    assert f'id="edit-1" data-deal="1" href="/deals/{first.pk}/edit/"' in text
    assert f'id="edit-last" data-deal="2" href="/deals/{latest.pk}/edit/"' in text
    assert f'id="history-1" href="/deals/{first.pk}/history/"' in text
    assert f'id="history-2" href="/deals/{latest.pk}/history/"' in text
    assert 'id="sheet-legend"' in text


def test_a_member_and_a_closed_evening_get_the_history_links_but_no_ret(client, club, keeper_client, four_table):
    keeper_client.post(f"/tables/{four_table.pk}/", plain(four_table))
    deal = Deal.objects.get()
    client.force_login(make_user(club, Role.MEMBER))
    text = client.get(f"/tables/{four_table.pk}/").content.decode()
    assert "/edit/" not in text and f'href="/deals/{deal.pk}/history/"' in text
    services.evening_close(evening=four_table.evening)
    text = keeper_client.get(f"/tables/{four_table.pk}/").content.decode()
    assert "/edit/" not in text and f'href="/deals/{deal.pk}/history/"' in text


# Item 3: the preview's heading -------------------------------------------------------------------

def test_the_preview_heading_says_it_shows_the_payments(keeper_client, four_table):
    response = preview(keeper_client, four_table, plain(four_table))
    assert parse(response).text("preview-title") == "Spil 1 – betalinger"
    keeper_client.cookies["django_language"] = "en"
    response = preview(keeper_client, four_table, plain(four_table))
    assert parse(response).text("preview-title") == "Deal 1 – payments"


# Item 4: every problem at once; no counts after a nolo ------------------------------------------

def test_the_forms_own_problems_and_the_rules_show_together(keeper_client, four_table):
    """A half-filled meld row and a count that is not a number are the form's; the missing last
    trick and a king of a player who sits out are the rules'. All four at once."""
    data = plain(four_table, last_trick="", king_hearts_owner="Carl", king_hearts_fate="lost", meld_1_player="Bent",
                 **{"counts.Dorte": "tyve"})
    response = keeper_client.post(f"/tables/{four_table.pk}/", data)
    assert response.status_code == 422 and not Deal.objects.exists()
    html = parse(response)
    assert "Vælg både melder og melding." in html.text("meld_1_kind")
    assert "«tyve» er ikke et helt tal" in html.text("counts.Dorte")
    assert "skal udfyldes" in html.text("last_trick")
    assert "Carl sidder over i dette spil" in html.text("king_hearts_owner")
    # the engine saw one count, not two: its "two or three players must count" would only confuse
    assert "skal tælle" not in html.text("counts")
    problems = parse(preview(keeper_client, four_table, data)).text("preview-problems")
    for text in ("Melding 1: Vælg både melder og melding.", "«tyve» er ikke et helt tal", "Sidste stik: skal udfyldes",
                 "Hjerter konge hos: Carl sidder over"):
        assert text in problems, (text, problems)
    assert problems.index("Melding 1") < problems.index("Hjerter") < problems.index("Sidste stik")   # as shown


def test_a_counts_range_is_the_engines_to_judge(keeper_client, four_table):
    response = keeper_client.post(f"/tables/{four_table.pk}/", plain(four_table, **{"counts.Bent": "-5"}))
    assert response.status_code == 422
    assert "skal være mellem 1 og 78" in parse(response).text("counts.Bent")


def test_a_refused_dealer_leaves_the_rules_unjudged():
    form = DealForm(PLAYERS, data={"dealer": "Zoe", "kind": "played"})
    assert not form.is_valid()
    assert set(form.errors) == {"dealer"}


def test_a_nolo_sends_no_counts():
    form = DealForm(PLAYERS, data={"dealer": "Anne", "kind": "played", "pagat_owner": "Anne", "pagat_fate": "home",
                                   "last_trick": "Dorte", "nolo": "Bent", "counts.Bent": "31", "counts.Dorte": "20",
                                   "counts.Anne": "27", "derived": "Anne"})
    assert form.is_valid(), form.errors
    assert form.to_outcome() == {"dealer": "Anne", "pagat": {"owner": "Anne", "fate": "home"},
                                 "last_trick": "Dorte", "nolo": "Bent"}


def test_the_form_says_why_it_has_no_counts(keeper_client, four_table):
    html = parse(keeper_client.get(f"/tables/{four_table.pk}/"))
    assert html.text("why-nolo") == "Ingen tælling efter nolo."
    assert "ingen tælling" in html.text("why-misdeal") and "ingen tælling" in html.text("why-scrapped")


# Item 5: a new dealer ----------------------------------------------------------------------------

def test_a_new_dealer_names_what_was_cleared():
    typed = {"dealer": "Carl", "version": "3", "kind": "played", "pagat_owner": "Anne", "pagat_fate": "ultimo",
             "last_trick": "Bent", "counts.Anne": "20", "counts.Bent": "31", "king_hearts_owner": "Anne",
             "king_hearts_fate": "lost", "meld_2_player": "Anne", "meld_2_kind": "matadors:3",
             "meld_3_player": "Dorte", "meld_3_kind": "taroks:10:0", "fine_1_player": "Anne",
             "fine_1_kind": "out_of_turn", "tout": "Anne", "counts.Zoe": "5"}
    kept, cleared = carry_over(typed, PLAYERS, "Carl")            # Anne sits out now
    assert kept == {"kind": "played", "pagat_fate": "ultimo", "last_trick": "Bent", "counts.Bent": "31",
                    "meld_3_player": "Dorte", "meld_3_kind": "taroks:10:0"}
    assert cleared == [("Anne", ["Pagat hos", "Tout", "Hjerter konge hos", "Melding 2", "Bøde 1", "Tælling"])]
    assert carry_over(typed, PLAYERS, "Anne")[1] == []


def test_the_rebuilt_form_says_what_was_cleared_and_keeps_the_loaded_version(keeper_client, four_table):
    loaded = Table.objects.get(pk=four_table.pk).version
    keeper_client.post(f"/tables/{four_table.pk}/", plain(four_table))        # the table moves on
    response = keeper_client.get(f"/tables/{four_table.pk}/form/", {
        "dealer": "Carl", "version": str(loaded), "kind": "played", "pagat_owner": "Bent", "last_trick": "Anne",
        "counts.Anne": "20", "counts.Bent": "31"})
    html = parse(response)
    assert html.text("dealer-cleared") == "Anne sidder over nu; ryddet: Sidste stik, Tælling."
    assert [v for _t, n, v, _c in html.inputs if n == "version"] == [str(loaded)]
    assert ("pagat_owner", "Bent") in html.checked()
    nothing = parse(keeper_client.get(f"/tables/{four_table.pk}/form/", {"dealer": "Bent", "pagat_owner": "Bent"}))
    assert "dealer-cleared" not in nothing.texts


# Item 8: navigation ------------------------------------------------------------------------------

def test_the_table_page_links_to_its_evening_the_close_and_the_standings(keeper_client, four_table, club):
    text = keeper_client.get(f"/tables/{four_table.pk}/").content.decode()
    assert f'href="/evenings/{four_table.evening_id}/" id="to-evening"' in text
    assert f'href="/evenings/{four_table.evening_id}/close/" id="to-close"' in text
    assert f'href="/clubs/{club.pk}/standings/" class="nav-link" id="nav-standings"' in text
    services.evening_close(evening=four_table.evening)
    text = keeper_client.get(f"/tables/{four_table.pk}/").content.decode()
    assert 'id="to-evening"' in text and 'id="to-close"' not in text


def test_the_header_leads_to_the_standings_of_the_pages_club_or_the_only_one(client, club, four_table):
    from scoring.models import Club
    user = make_user(club, Role.MEMBER)
    client.force_login(user)
    assert f'href="/clubs/{club.pk}/standings/"' in client.get("/").content.decode()
    other = Club.objects.create(name="Anden klub")
    Membership.objects.create(user=user, club=other, role=Role.MEMBER)
    assert 'id="nav-standings"' not in client.get("/").content.decode()      # two clubs: whose?
    page = client.get(f"/clubs/{other.pk}/").content.decode()
    assert f'href="/clubs/{other.pk}/standings/" class="nav-link" id="nav-standings"' in page
    page = client.get(f"/evenings/{four_table.evening_id}/").content.decode()
    assert f'href="/clubs/{club.pk}/standings/" class="nav-link" id="nav-standings"' in page
