"""The rules the Danish texts still held, at the table and in storage (docs/rules/danish.md §7.4): the
deal form records a free redeal, a misdeal the dealer lets pass and an ultimo forfeited on the cards
that have them; a table keeps the card it was seated with, so a table seated with the first edition
of aeldre1900 (five players, a lost tout of 95 only) settles, exports and imports exactly as before,
while a new table gets the corrected card."""
import json

import pytest
from django.core.management import call_command

from families.danish.engine.rates import AELDRE1900, AELDRE1900_FIRST, DTF2011, DTF2011_FIRST
from scoring import services
from scoring.models import Club, Deal, Table
from scoring.selectors.files import table_to_evening_file
from scoring.selectors.sheets import table_sheet
from scoring.services.errors import RecordingError
from tests.web.family_tables import rows, seat
from tests.web.test_table_views import parse

pytestmark = pytest.mark.django_db

FOUR = ("Anne", "Bent", "Carl", "Dorte")
FIVE = (*FOUR, "Erik")


def post(client, table, **fields):
    data = {"version": Table.objects.get(pk=table.pk).version, "confirm_dealer": "1", **fields}
    return client.post(f"/tables/{table.pk}/", data)


def _legs(table, number):
    deal = table.deals.get(number=number, current=True)
    return [leg for entry in deal.entries.all() for leg in entry.legs.all()]


def nets(table, number):
    found: dict[str, int] = {}
    for leg in _legs(table, number):
        if leg.player_id is not None:
            found[leg.player.name] = found.get(leg.player.name, 0) + leg.amount
    return found


def cups(table, number):
    found: dict[str, int] = {}
    for leg in _legs(table, number):
        if leg.player_id is None:
            found[leg.account] = found.get(leg.account, 0) + leg.amount
    return found


# The deal form ------------------------------------------------------------------------------------

def test_the_form_offers_the_text_rules_only_on_the_cards_that_have_them(keeper_client, club):
    old = seat(club, FOUR, "aeldre1900")
    page = keeper_client.get(f"/tables/{old.pk}/").content.decode()
    assert 'value="redeal"' in page and 'name="asked_by"' in page and 'name="passed"' in page
    assert 'name="ultimo_forfeited"' in page and 'value="discarded"' in page and 'name="cup_fine_1_player"' in page
    dtf = seat(club, ("Erik", "Frida", "Gitte"), "dtf2011", date="2026-11-21")
    page = keeper_client.get(f"/tables/{dtf.pk}/").content.decode()
    assert 'value="redeal"' in page and 'value="discarded"' in page
    assert 'name="passed"' not in page and 'name="ultimo_forfeited"' not in page and 'name="cup_fine_1_player"' not in page
    vlk = seat(club, ("Hans", "Ida", "Jens"), "vlk", date="2026-11-22")
    page = keeper_client.get(f"/tables/{vlk.pk}/").content.decode()
    assert 'value="redeal"' not in page and 'value="discarded"' not in page and 'name="passed"' not in page


def test_a_free_redeal_through_the_form_pays_nothing_and_the_dealer_deals_again(keeper_client, club):
    table = seat(club, FOUR, "aeldre1900")
    before = rows()
    response = post(keeper_client, table, kind="redeal", dealer="Anne", asked_by="Bent",
                    pagat_owner="Bent", fine_1_player="Bent", fine_1_kind="out_of_turn")   # hidden fields: ignored
    assert response.status_code in (200, 302, 303), parse(response).text("form-errors")
    assert rows()[0] == before[0] + 1
    deal = Deal.objects.get(table=table, number=1)
    assert deal.kind == "redeal" and deal.outcome == {"dealer": "Anne", "kind": "redeal", "asked_by": "Bent"}
    assert set(nets(table, 1).values()) <= {0}
    assert table_sheet(table).next_seating().dealer == "Anne"
    # the sheet and the correction form say what it was
    page = keeper_client.get(f"/tables/{table.pk}/").content.decode()
    row = page[page.index('id="deal-row-1"'):]
    assert '<span class="tag" title="givet om">givet om</span>' in row[:row.index("</td>")]


def test_a_passed_misdeal_and_a_forfeited_ultimo_through_the_form(keeper_client, club):
    table = seat(club, FOUR, "aeldre1900")
    response = post(keeper_client, table, kind="misdeal", dealer="Anne", passed="on")
    assert response.status_code in (200, 302, 303)
    assert Deal.objects.get(table=table, number=1).outcome == {"dealer": "Anne", "kind": "misdeal", "passed": True}
    assert nets(table, 1)["Anne"] == -10                    # the fee, no misdeal fine
    # Bent deals (Dorte sits out); Carl's pagat wins the last trick but his ultimo is forfeited
    response = post(keeper_client, table, kind="played", dealer="Bent", pagat_owner="Carl", pagat_fate="ultimo",
                    last_trick="Carl", ultimo_forfeited=["Carl"], **{"counts.Carl": "26", "counts.Anne": "26"})
    assert response.status_code in (200, 302, 303), parse(response).text("form-errors")
    outcome = Deal.objects.get(table=table, number=2).outcome
    assert outcome["ultimo_forfeited"] == ["Carl"]
    assert nets(table, 2) == {"Bent": -10}          # the fee; nothing else (legs of 0 are not stored)


def test_a_cup_s_contents_replaced_through_the_form(keeper_client, club):
    # Anne deals (Carl sits out); Dorte's revoke gave Bent his pagat ultimo: she replaces the pagat
    # cup's 105 (K 80, P 80; fee 85 / 85; her revoke 105 / 105). Counts Bent 35 +9, Anne 20 -6,
    # Dorte derived. Anne -10 -45 -6; Bent +90 +105 +9; Dorte -40 -45 -105 +6 -9.
    table = seat(club, FOUR, "aeldre1900")
    response = post(keeper_client, table, kind="played", dealer="Anne", pagat_owner="Bent", pagat_fate="ultimo",
                    last_trick="Bent", fine_1_player="Dorte", fine_1_kind="revoke", cup_fine_1_player="Dorte",
                    cup_fine_1_cup="pagat", **{"counts.Bent": "35", "counts.Anne": "20"})
    assert response.status_code in (200, 302, 303), parse(response).text("form-errors")
    assert Deal.objects.get(table=table, number=1).outcome["cup_fines"] == [{"player": "Dorte", "cup": "pagat"}]
    assert nets(table, 1) == {"Anne": -61, "Bent": 204, "Dorte": -193}
    assert "pagatkoppen erstattet af Dorte" in table_sheet(table).rows[1].description


def test_a_forfeit_by_a_sitter_out_is_refused_at_its_field(keeper_client, club):
    table = seat(club, FOUR, "aeldre1900")
    before = rows()
    response = post(keeper_client, table, kind="played", dealer="Anne", pagat_owner="Bent", last_trick="Bent",
                    ultimo_forfeited=["Carl"], **{"counts.Bent": "26", "counts.Dorte": "26"})
    assert response.status_code == 422 and rows() == before
    assert "Carl sidder over i dette spil" in parse(response).text("ultimo_forfeited")


def test_a_redeal_is_refused_on_a_card_without_it(club):
    table = seat(club, FOUR, "vlk")
    with pytest.raises(RecordingError) as refused:
        services.deal_record(table=table, outcome={"dealer": "Anne", "kind": "redeal"})
    assert "kender ikke en ny give uden betaling" in str(refused.value.errors[0].message)


# A table keeps its card ---------------------------------------------------------------------------

def _old_table(club, names=FIVE):
    """A table as the code before the correction seated it: the first edition frozen on it."""
    players = [services.player_get_or_create(club=club, name=n) for n in names]
    evening = services.evening_create(club=club, date="2026-11-14")
    table = services.table_create(evening=evening, players=players, card=AELDRE1900_FIRST)
    assert json.loads(table.rate_card_json) == AELDRE1900_FIRST.to_dict()
    assert "max_players" not in json.loads(table.rate_card_json)      # as the old code wrote it
    for outcome in () if names != FIVE else (
        {"dealer": "Anne", "pagat": {"owner": "Bent", "fate": "home"}, "last_trick": "Bent", "failed_tout": "Erik",
         "counts": {"Bent": 30, "Erik": 20}},
        {"dealer": "Carl", "kind": "misdeal"},
        {"dealer": "Erik", "pagat": {"owner": "Anne", "fate": "ultimo"}, "last_trick": "Anne",
         "counts": {"Anne": 40, "Dorte": 10}},
    ):
        services.deal_record(table=table, outcome=outcome)
    return Table.objects.get(pk=table.pk)


def test_a_table_seated_with_the_first_edition_settles_exports_and_imports_as_before(club, capsys):
    table = _old_table(club)
    assert table.card == AELDRE1900_FIRST
    # Anne deals, Bent and Erik play. Erik's lost tout: 95 to each only, as the first edition read it;
    # Bent's pagat home 5 each, his last trick 10 each; counts Bent 30 → +4, Erik 20 → -6, Anne
    # derived +2. Anne -10 +95 -5 -10 +2 = 72; Bent +95 +10 +20 +4 = 129; Erik -190 -5 -10 -6 = -211
    assert nets(table, 1) == {"Anne": 72, "Bent": 129, "Erik": -211}
    assert cups(table, 1) == {"king": 5, "pagat": 5}                  # the cups got only the fee
    call_command("check_ledger")
    assert "ledger ok" in capsys.readouterr().out
    data = table_to_evening_file(table)
    assert data["rules"] == "aeldre1900" and data["rate_card"] == AELDRE1900_FIRST.to_dict()
    assert len(data["players"]) == 5
    other = Club.objects.create(name="Andet")
    again = services.evening_import(club=other, data=json.loads(json.dumps(data)))
    assert again.card == AELDRE1900_FIRST and again.rules == "aeldre1900"
    assert [d.outcome for d in again.deals.order_by("number")] == [d.outcome for d in table.deals.order_by("number")]
    for number in (1, 2, 3):
        assert nets(again, number) == nets(table, number)
    call_command("check_ledger")
    assert "ledger ok" in capsys.readouterr().out


def test_new_tables_get_the_corrected_card_and_seat_at_most_four(club):
    table = seat(club, FOUR, "aeldre1900")
    assert table.card == AELDRE1900 and json.loads(table.rate_card_json)["max_players"] == 4
    with pytest.raises(RecordingError):
        seat(club, ("Erik", "Frida", "Gitte", "Hans", "Ida"), "aeldre1900", date="2026-11-21")
    services.deal_record(table=table, outcome={"dealer": "Anne", "pagat": {"owner": "Bent", "fate": "home"},
                                               "last_trick": "Bent", "failed_tout": "Dorte",
                                               "counts": {"Bent": 30, "Dorte": 20}})
    # the fee and, from the lost tout, K and P (the snapshot: 80 + 5 each) into the cups
    assert cups(table, 1) == {"king": 5 + 85, "pagat": 5 + 85}
    dtf = seat(club, ("Erik", "Frida", "Gitte"), "dtf2011", date="2026-11-22")
    assert dtf.card == DTF2011 != DTF2011_FIRST


def test_an_old_table_and_a_new_one_are_one_rule_set_in_the_standings(club):
    old = _old_table(club, FOUR)
    new = seat(club, ("Erik", "Frida", "Gitte"), "aeldre1900", date="2026-11-21")
    assert old.rules == new.rules == "aeldre1900"       # a corrected card is not a new rule set
    assert old.card.name == new.card.name and old.card != new.card


def test_a_table_opened_before_cards_were_frozen_keeps_the_first_edition(club):
    """A table of the oldest installations has no card frozen on it and read the built-in card of
    its rules; the migration freezes the edition it was played with before the correction."""
    import importlib

    from django.apps import apps
    freeze = importlib.import_module("scoring.migrations.0015_freeze_table_cards").freeze
    old = seat(club, FOUR, "aeldre1900")
    dtf = seat(club, ("Erik", "Frida", "Gitte"), "dtf2011", date="2026-11-21")
    vlk = seat(club, ("Hans", "Ida", "Jens"), "vlk", date="2026-11-22")
    Table.objects.filter(pk__in=[old.pk, dtf.pk, vlk.pk]).update(rate_card_json="")
    assert Table.objects.get(pk=old.pk).card == AELDRE1900          # what it would read unfrozen
    freeze(apps, None)
    assert Table.objects.get(pk=old.pk).card == AELDRE1900_FIRST
    assert Table.objects.get(pk=dtf.pk).card == DTF2011_FIRST
    assert Table.objects.get(pk=vlk.pk).rate_card_json == ""          # an unchanged card: as it was
