"""The table-side page: record, preview, errors next to their fields, stale tables, corrections."""
import pytest

from scoring.models import Deal, JournalEntry, Leg, Table

pytestmark = pytest.mark.django_db


def rows():
    return (Deal.objects.count(), JournalEntry.objects.count(), Leg.objects.count())


def plain(table, **extra):
    """A plain deal with Anne dealing at Anne, Bent, Carl, Dorte: Carl sits out."""
    data = {"version": table.version, "kind": "played", "dealer": "Anne", "pagat_owner": "Bent",
            "pagat_fate": "home", "last_trick": "Dorte", "count_0": "31", "count_1": "20"}
    data.update(extra)
    return data


def test_page_shows_seating_cups_and_a_plain_deal_needs_five_taps(keeper_client, four_table):
    response = keeper_client.get(f"/tables/{four_table.pk}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "Forhånd</span><b>Bent" in html and "Mellemhånd</span><b>Dorte" in html
    assert "Sidder over</span><b>Carl" in html
    assert 'id="king-cup">80<' in html and 'id="pagat-cup">80<' in html
    # played and pagat "home" are pre-checked, the dealer preselected: the taps left are pagat owner,
    # last trick, two count fields and save
    assert 'name="kind" value="played"' in html
    form = response.context["form"]
    assert form["kind"].value() == "played" and form["pagat_fate"].value() == "home"
    assert form.seats.dealer == "Anne"
    assert form["pagat_owner"].value() is None and form["last_trick"].value() is None


def test_recording_a_plain_deal(keeper_client, four_table):
    response = keeper_client.post(f"/tables/{four_table.pk}/", plain(four_table))
    assert response.status_code == 302
    deal = Deal.objects.get(table=four_table)
    assert deal.outcome == {"dealer": "Anne", "pagat": {"owner": "Bent", "fate": "home"}, "last_trick": "Dorte",
                            "counts": {"Bent": 31, "Dorte": 20}}
    page = keeper_client.get(f"/tables/{four_table.pk}/")
    row = [r for r in page.context["sheet"].rows if r.number == 1][0]
    # Anne: fee -10, pagat -5, last trick -20, derived count -(5 - 5) = 0  -> -35
    # Bent: pagat +10, last trick -20, count 31 -> +5                      -> -5
    # Dorte: pagat -5, last trick +40, count 20 -> -5                      -> +30 ; Carl sits out 0
    assert row.net == (-35, -5, 0, 30) and (row.king_cup, row.pagat_cup) == (85, 85)
    assert row.active == (True, True, False, True)
    assert "Spil 2" in page.content.decode()


@pytest.mark.parametrize("extra, field, text", [
    ({"count_0": "60", "count_1": "30"}, "count_0", "de to tal giver 90; højst 77"),
    ({"last_trick": ""}, "last_trick", "skal udfyldes"),
    ({"pagat_fate": "ultimo"}, "pagat_fate", "Bent tog ikke sidste stik og kan ikke gå ultimo"),
    ({"king_hearts_owner": "Carl"}, None, "Select a valid choice"),
    ({"meld_1_player": "Bent", "meld_1_kind": "half:hearts:queen", "king_hearts_owner": "Dorte",
      "king_hearts_fate": "lost"}, "meld_1_kind", "hjerter konge kan ikke høre til både Dorte og Bent"),
])
def test_errors_appear_next_to_their_field_and_nothing_is_saved(keeper_client, four_table, extra, field, text):
    before = rows()
    response = keeper_client.post(f"/tables/{four_table.pk}/", plain(four_table, **extra))
    assert response.status_code == 422
    assert rows() == before
    form = response.context["form"]
    if field:
        assert any(text in e for e in form.errors[field]), form.errors
    else:
        assert form.errors


def test_meld_quick_picker_builds_the_meld(keeper_client, four_table):
    data = plain(four_table, meld_1_player="Bent", meld_1_kind="taroks:11:1", meld_2_player="Dorte",
                 meld_2_kind="half:kings:spades", meld_3_player="Dorte", meld_3_kind="matadors:4",
                 pagat_owner="Dorte")
    data["meld_1_kind"] = "taroks:11:0"
    assert keeper_client.post(f"/tables/{four_table.pk}/", data).status_code == 302
    assert Deal.objects.get(table=four_table).outcome["melds"] == [
        {"player": "Bent", "kind": "taroks", "count": 11, "pagat": False},
        {"player": "Dorte", "kind": "half", "group": "kings", "missing": "spades"},
        {"player": "Dorte", "kind": "matadors", "count": 4},
    ]


def test_live_preview_shows_payments_without_saving(keeper_client, four_table):
    before = rows()
    response = keeper_client.post(f"/tables/{four_table.pk}/preview/", plain(four_table), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200 and rows() == before
    assert response.context["net"] == [("Anne", -35, True), ("Bent", -5, True), ("Carl", 0, False), ("Dorte", 30, True)]
    assert response.context["derived"] == "Anne" and response.context["derived_amount"] == 0
    assert "sidste stik" in html and "Bent → Anne" not in html and "Anne → Dorte" in html


@pytest.mark.parametrize("data", [
    {}, {"dealer": "Zoe"}, {"kind": "nonsense"}, {"count_0": "abc"}, {"count_0": "-5", "count_1": "999"},
    {"meld_1_kind": "taroks:99:1", "meld_1_player": "Bent"}, {"meld_1_kind": "::", "meld_1_player": "Anne"},
    {"fine_1_player": "Anne", "fine_1_kind": "custom"}, {"fine_1_player": "Anne", "fine_1_kind": "custom",
                                                          "fine_1_amount": "0"},
    {"dealer": "Anne", "kind": "misdeal", "pagat_owner": "Bent"}, {"dealer": "Anne", "tout": "Anne", "nolo": "Bent"},
    {"dealer": "Anne", "pagat_owner": "Anne", "last_trick": "Anne", "count_0": "\x00"},
])
def test_preview_never_fails_on_garbage(keeper_client, four_table, data):
    before = rows()
    response = keeper_client.post(f"/tables/{four_table.pk}/preview/", data)
    assert response.status_code == 200
    assert rows() == before


def test_stale_form_keeps_the_input(keeper_client, four_table):
    old_version = four_table.version
    assert keeper_client.post(f"/tables/{four_table.pk}/", plain(four_table)).status_code == 302
    again = plain(four_table, version=old_version, dealer="Bent", pagat_owner="Carl", last_trick="Carl",
                  count_0="40", count_1="10")
    response = keeper_client.post(f"/tables/{four_table.pk}/", again)
    assert response.status_code == 409
    assert Deal.objects.filter(table=four_table).count() == 1
    html = response.content.decode()
    assert "En anden har registreret et spil" in html
    assert response.context["form"]["count_0"].value() == "40"


def test_latest_deal_can_be_corrected(keeper_client, four_table):
    keeper_client.post(f"/tables/{four_table.pk}/", plain(four_table))
    deal = Deal.objects.get(table=four_table)
    page = keeper_client.get(f"/deals/{deal.pk}/edit/")
    assert page.status_code == 200 and page.context["form"]["count_0"].value() == 31
    version = Table.objects.get(pk=four_table.pk).version
    response = keeper_client.post(f"/deals/{deal.pk}/edit/", plain(four_table, version=version, last_trick="Bent"))
    assert response.status_code == 302
    current = Deal.objects.get(table=four_table, current=True)
    assert current.replaces_id == deal.pk and current.outcome["last_trick"] == "Bent"
    assert Deal.objects.filter(table=four_table).count() == 2          # the old version is kept
    assert keeper_client.get(f"/deals/{deal.pk}/edit/").status_code == 404  # only the current, latest one


def test_closed_evening_is_read_only(keeper_client, four_table):
    from scoring import services
    keeper_client.post(f"/tables/{four_table.pk}/", plain(four_table))
    services.evening_close(evening=four_table.evening)
    before = rows()
    page = keeper_client.get(f"/tables/{four_table.pk}/")
    assert page.status_code == 200 and page.context["form"] is None
    response = keeper_client.post(f"/tables/{four_table.pk}/", plain(four_table, version=99))
    assert response.status_code == 403 and rows() == before


def test_dealer_change_rebuilds_the_form(keeper_client, four_table):
    response = keeper_client.get(f"/tables/{four_table.pk}/form/?dealer=Carl")
    assert response.status_code == 200
    assert response.context["form"].seats.active == ("Dorte", "Bent", "Carl")
