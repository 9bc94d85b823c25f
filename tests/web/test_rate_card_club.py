"""A club-defined rate card end to end: admin copies and edits a card, the club plays with it, the
sheet, the export and the PDF use it, and a later edit never changes a past table."""
import io

import pytest
from pypdf import PdfReader

from scoring import services
from scoring.engine.interchange import parse_evening
from families.danish.engine.rates import AELDRE1900, DTF2011, VLK
from scoring.engine.settle import settle_evening
from scoring.selectors.ledger_audit import ledger_differences
from scoring.models import Club, ClubRateCard, Role
from scoring.selectors import table_sheet, table_to_evening_file
from tests.web.conftest import make_user

pytestmark = pytest.mark.django_db
PLAIN_TOUT = {"dealer": "Anne", "pagat": {"owner": "Bent", "fate": "lost"}, "last_trick": "Anne", "tout": "Anne",
              "counts": {"Anne": 78, "Dorte": 0}}


@pytest.fixture
def admin(client, club):
    client.force_login(make_user(club, Role.ADMIN, "kortadmin"))
    return client


def copy_card(admin, club, source="vlk"):
    response = admin.post(f"/clubs/{club.pk}/cards/", {"action": "copy", "source": source})
    assert response.status_code == 302
    return ClubRateCard.objects.get(club=club, based_on=source)


def test_copy_edit_use_record_sheet_pdf(admin, club):
    card = copy_card(admin, club)
    form = admin.get(f"/clubs/{club.pk}/cards/{card.pk}/").context["form"]
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data = {k: ("on" if v is True else v) for k, v in data.items() if v is not False}
    data["tout_each"] = 7                                                       # not a multiple of 5
    bad = admin.post(f"/clubs/{club.pk}/cards/{card.pk}/", data)
    assert bad.status_code == 422 and "Skal være et multiplum af 5." in bad.content.decode()
    data["tout_each"] = 100
    data["title"] = "Klubbens tout 100"
    assert admin.post(f"/clubs/{club.pk}/cards/{card.pk}/", data).status_code == 302
    assert admin.post(f"/clubs/{club.pk}/cards/", {"action": "default", "card": card.pk}).status_code == 302

    players = [services.player_get_or_create(club=club, name=n) for n in ("Anne", "Bent", "Carl", "Dorte")]
    evening = services.evening_create(club=Club.objects.get(pk=club.pk), date="2026-11-20")
    table = services.table_create(evening=evening, players=players)
    assert table.card.tout_each == 100 and table.card.title == "Klubbens tout 100"
    services.deal_record(table=table, outcome=PLAIN_TOUT)
    # Anne: fee -10, pagat +5, tout 2·100 + K 85 + P 90, counting +50, refund -40 = 380
    # Bent: pagat -10 -5, tout -100, derived count -(50 - 25), refund -40 = -180; Carl refund -40
    # Dorte: pagat +5, tout -100, count -25, refund -40 = -160
    assert table_sheet(table).rows[1].net == (380, -180, -40, -160)

    # editing the club's card later never changes this table
    data["tout_each"] = 50
    assert admin.post(f"/clubs/{club.pk}/cards/{card.pk}/", data).status_code == 302
    services.deal_record(table=table, outcome={"dealer": "Bent", "kind": "misdeal"})
    assert table.__class__.objects.get(pk=table.pk).card.tout_each == 100
    assert ledger_differences() == (1, [])

    # the export carries the card; settling it with the engine alone gives the same sheet
    exported = table_to_evening_file(table)
    assert exported["rules"] == card.name and exported["rate_card"]["tout_each"] == 100
    settlement = settle_evening(parse_evening(exported))
    assert settlement.deals[0].net["Anne"] == 380
    # the club's card has changed since (tout 50): the old card is no longer one the club has, so
    # importing the file again is refused, unless it becomes a new club card with a title of its own
    with pytest.raises(services.RecordingError) as err:
        services.evening_import(club=club, data=exported)
    assert [e.field for e in err.value.errors] == ["rate_card"]
    again = services.evening_import(club=club, data=exported, new_card="Klubbens tout 100 (gammel)")
    assert again.card.title == "Klubbens tout 100 (gammel)" and again.card.tout_each == 100
    assert table_to_evening_file(again) == {**exported, "rules": again.card.name,
                                            "rate_card": again.card.to_dict()}
    assert ClubRateCard.objects.get(club=club, name=again.card.name).card() == again.card
    # and now the file's card is a card the club has: it is used under its (new) name
    third = services.evening_import(club=club, data=exported)
    assert third.card == again.card

    services.evening_close(evening=evening)
    page = admin.get(f"/tables/{table.pk}/").content.decode()
    assert "Klubbens tout 100" in page
    pdf = admin.get(f"/evenings/{evening.pk}/pdf/")
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "Klubbens tout 100" in text


@pytest.mark.parametrize("card, bent", [
    # Bent (forehand, derived): pagat lost -10 -5, tout -80, counting -(50 - 25), both cups re-funded -40
    (DTF2011, -10 - 5 - 80 - 25 - 40),
    # aeldre1900: tout 95, point for point: Anne 78 → +52, Dorte 0 → -26, so Bent -26
    (AELDRE1900, -10 - 5 - 95 - 26 - 40),
], ids=["dtf2011", "aeldre1900"])
def test_builtin_cards_are_used_and_named(admin, club, card, bent):
    club.rules = card.name
    club.save()
    players = [services.player_get_or_create(club=club, name=n) for n in ("Anne", "Bent", "Carl", "Dorte")]
    table = services.table_create(evening=services.evening_create(club=club, date="2026-11-20"), players=players)
    services.deal_record(table=table, outcome=PLAIN_TOUT)
    assert table.card == card and table_to_evening_file(table)["rules"] == card.name
    assert "rate_card" not in table_to_evening_file(table)
    assert table_sheet(table).rows[1].net[1] == bent
    assert card.title in admin.get(f"/tables/{table.pk}/").content.decode()


def test_unknown_or_bad_embedded_card_is_refused(club):
    bad = {"format": "tarokklub.evening/1", "rules": "own", "players": ["A", "B", "C"], "deals": [],
           "rate_card": {**VLK.to_dict(), "name": "own", "tout_each": 7}}
    with pytest.raises(services.RecordingError) as err:
        services.evening_import(club=club, data=bad)
    assert [e.field for e in err.value.errors] == ["rate_card.tout_each"]


def test_the_card_page_edits_the_yes_no_rules_too(admin, club):
    card = copy_card(admin, club, "dtf2011")
    form = admin.get(f"/clubs/{club.pk}/cards/{card.pk}/").context["form"]
    assert "last_trick_needs_honours_fallen" in form.fields and "failed_tout_doubles_cups" in form.fields
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data = {k: ("on" if v is True else v) for k, v in data.items() if v is not False}
    before = card.card().last_trick_needs_honours_fallen
    if before:
        data.pop("last_trick_needs_honours_fallen")
    else:
        data["last_trick_needs_honours_fallen"] = "on"
    response = admin.post(f"/clubs/{club.pk}/cards/{card.pk}/", data)
    assert response.status_code == 302, response.context["form"].errors
    card.refresh_from_db()
    assert card.card().last_trick_needs_honours_fallen is (not before)
