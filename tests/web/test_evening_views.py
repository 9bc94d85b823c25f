"""Evening pages: new evening, closing with a confirmation step, totals in kroner, import/export."""
import io
import json

import pytest

from scoring import selectors, services
from scoring.engine.interchange import parse_evening
from scoring.engine.settle import settle_evening
from scoring.models import Club, Deal, Evening, JournalEntry, Leg, Player, Table

pytestmark = pytest.mark.django_db
MODELS = (Club, Player, Evening, Table, Deal, JournalEntry, Leg)


def counts():
    return {m.__name__: m.objects.count() for m in MODELS}


def upload(data, name="evening.json"):
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    handle = io.BytesIO(raw)
    handle.name = name
    return handle


def test_new_evening_seats_members_and_new_players(keeper_client, club):
    services.player_get_or_create(club=club, name="Anne")
    response = keeper_client.post("/evenings/new/", {"club": club.pk, "date": "2026-11-27", "seat_1": "Anne",
                                                     "new_2": "Bent", "new_3": "Carl", "new_4": "Dorte"})
    assert response.status_code == 302
    table = Table.objects.get()
    assert response["Location"] == f"/tables/{table.pk}/"
    assert [s.player.name for s in table.seats.order_by("position")] == ["Anne", "Bent", "Carl", "Dorte"]
    assert table.evening.date.isoformat() == "2026-11-27"


def test_new_evening_with_two_players_saves_nothing(keeper_client, club):
    before = counts()
    response = keeper_client.post("/evenings/new/", {"club": club.pk, "date": "2026-11-27", "new_1": "A", "new_2": "B"})
    assert response.status_code == 422 and "Et bord har 3 til 5 spillere." in response.content.decode()
    assert counts() == before


def test_close_needs_confirmation_then_shows_kroner(keeper_client, golden_table):
    evening = golden_table.evening
    page = keeper_client.get(f"/evenings/{evening.pk}/close/")
    assert page.status_code == 200 and "Ja, luk aftenen" in page.content.decode()
    assert Evening.objects.get(pk=evening.pk).closed_at is None
    assert keeper_client.post(f"/evenings/{evening.pk}/close/").status_code == 302
    html = keeper_client.get(f"/evenings/{evening.pk}/").content.decode()
    # golden totals: Anne 320, Bent -275, Carl 15, Dorte -60 at 0.25 kr per point
    assert "80,00 kr." in html and "-68,75 kr." in html and "3,75 kr." in html and "-15,00 kr." in html
    assert "Bent betaler Anne 275 point (68,75 kr.)" in html
    before = counts()
    assert keeper_client.post(f"/evenings/{evening.pk}/close/").status_code == 302
    assert keeper_client.post(f"/evenings/{evening.pk}/tables/new/", {"new_1": "X", "new_2": "Y", "new_3": "Z"}).status_code == 302
    assert counts() == before


def test_invalid_upload_lists_every_problem_and_saves_nothing(keeper_client, golden_dir):
    data = json.loads((golden_dir / "random-42.json").read_text())
    data["deals"][0]["last_trick"] = "Zoe"
    data["deals"][4]["colour"] = "red"
    before = counts()
    response = keeper_client.post("/evenings/import/", {"file": upload(data)})
    assert response.status_code == 422
    problems = response.context["problems"]
    assert "spil 1: last_trick: Zoe sidder ikke ved dette bord" in problems
    assert "spil 5: colour: ukendt felt 'colour'" in problems
    assert counts() == before
    for raw in (b"\xff\xfe", b"{not json", b"[]"):
        assert keeper_client.post("/evenings/import/", {"file": upload(raw)}).status_code == 422
    assert counts() == before


def test_export_import_export_through_the_ui(keeper_client, golden_table):
    first = keeper_client.get(f"/tables/{golden_table.pk}/export/")
    assert first.status_code == 200 and "attachment" in first["Content-Disposition"]
    assert json.loads(first.content) == selectors.table_to_evening_file(golden_table)
    assert keeper_client.post("/evenings/import/", {"file": upload(first.content)}).status_code == 302
    new_table = Table.objects.order_by("-pk").first()
    second = keeper_client.get(f"/tables/{new_table.pk}/export/")
    assert second.content == first.content


def test_add_a_table_to_an_open_evening(keeper_client, golden_table, golden_dir):
    evening = golden_table.evening
    data = json.loads((golden_dir / "three-players-basic.json").read_text())
    data["players"] = ["Erik", "Frida", "Gitte"]
    text = json.dumps(data).replace('"Anne"', '"Erik"').replace('"Bent"', '"Frida"').replace('"Carl"', '"Gitte"')
    response = keeper_client.post(f"/evenings/{evening.pk}/tables/import/", {"file": upload(text.encode())})
    assert response.status_code == 302
    assert evening.tables.count() == 2
    services.evening_close(evening=evening)
    summary = selectors.evening_summary(Evening.objects.get(pk=evening.pk))
    assert sum(points for _, points, _ in summary.totals) == 0
    assert len(summary.payments) <= 6
