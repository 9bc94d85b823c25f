"""A letter in a count field ("3O" for 30) is refused at that field, naming what was typed, with a
422 and nothing written, in every family's deal form: the count is a text box sending what was
typed (a number box would drop "3O" and the error would speak of something else)."""
import pytest

from tests.web import family_tables
from tests.web.family_tables import rows, seat
from tests.web.test_karlsruhe_table import SEED, SEED_TAPS
from tests.web.test_selca_table import THREE as SELCA_THREE, WORKED_TAPS
from tests.web.test_table_views import parse, plain

pytestmark = pytest.mark.django_db

REFUSED = "«3O» er ikke et helt tal: skriv kun cifre."


def refused_at(client, table, data, field):
    before = rows()
    response = client.post(f"/tables/{table.pk}/", data)
    assert response.status_code == 422
    assert rows() == before
    page = parse(response)
    assert REFUSED in page.text(field), (field, page.text(field), page.text("form-errors"))
    assert "3O" not in page.text("form-errors")      # said at the field, not elsewhere
    return page


@pytest.mark.parametrize("field", ["counts.Bent", "counts.Dorte"])
def test_danish_count_with_a_letter_is_refused_at_its_field(keeper_client, four_table, field):
    page = refused_at(keeper_client, four_table, plain(four_table, **{field: "3O"}), field)
    assert "Udfyld" not in page.text(field)


def test_danish_count_widget_is_a_text_box_for_the_number_keyboard(keeper_client, four_table):
    html = keeper_client.get(f"/tables/{four_table.pk}/").content.decode()
    box = html[html.index('name="counts.Bent"') - 200:html.index('name="counts.Bent"') + 200]
    assert 'type="text"' in box and 'inputmode="numeric"' in box and 'type="number"' not in box


@pytest.mark.parametrize("rules", ["grosstarock", "aeldre1900"])
def test_old_cards_trick_and_fine_fields_refuse_letters_too(keeper_client, club, rules):
    table = seat(club, ("Anne", "Bent", "Carl"), rules)
    data = plain(table, dealer="Anne", last_trick="Carl", **{"counts.Bent": "31", "counts.Carl": "20",
                                                              "fine_1_player": "Bent", "fine_1_kind": "custom",
                                                              "fine_1_amount": "3O"})
    data.pop("counts.Dorte")
    refused_at(keeper_client, table, data, "fine_1_amount")


def test_karlsruhe_points_with_a_letter_are_refused_at_their_field(keeper_client, club):
    table = seat(club, SEED, "karlsruhe")
    data = family_tables.form_data(table, "played", {**SEED_TAPS[0], "count_points": "3O"})
    refused_at(keeper_client, table, data, "count_points")


def test_karlsruhe_fahrer_count_with_a_letter_is_refused_at_its_field(keeper_client, club):
    table = seat(club, SEED, "karlsruhe")
    data = family_tables.form_data(table, "played", {**SEED_TAPS[2], "counts.Spieler 2": "2O"})
    before = rows()
    response = keeper_client.post(f"/tables/{table.pk}/", data)
    assert response.status_code == 422 and rows() == before
    assert "«2O» er ikke et helt tal" in parse(response).text("counts.Spieler 2")


def test_selca_count_with_a_letter_is_refused_at_its_field(keeper_client, club):
    table = seat(club, SELCA_THREE, "selca")
    data = family_tables.form_data(table, "game", {**WORKED_TAPS[0], "count": "3O"})
    before = rows()
    response = keeper_client.post(f"/tables/{table.pk}/", data)
    assert response.status_code == 422 and rows() == before
    assert parse(response).text("count"), parse(response).text("form-errors")
