"""Evening pages: the list, a new evening or table, closing with a confirmation step, totals and
payments in points and kroner, a closed evening read-only, import (every problem, nothing saved)
and export (the selector's file, a round trip through the UI)."""
import datetime as dt
import io
import json
from decimal import Decimal

import pytest
from django.utils import timezone

from scoring import selectors, services
from scoring.engine.bounds import MAX_FILE_BYTES
from scoring.engine.interchange import parse_evening
from scoring.engine.money import kroner
from scoring.currency import format_money
from scoring.engine.settle import settle_evening
from scoring.models import (
    Club, Deal, Evening, EveningEvent, JournalEntry, Leg, Player, PlayerDealStat, Role, Seat, Table,
)
from tests.web.conftest import make_user

pytestmark = pytest.mark.django_db
MODELS = (Club, Player, Evening, Table, Seat, Deal, JournalEntry, Leg, PlayerDealStat, EveningEvent)

#: four-players-tout-nolo-fines.json settled by the engine (tests/golden/*.expected.json).
GOLDEN_TOTALS = {"Anne": 320, "Bent": -275, "Carl": 15, "Dorte": -60}


def counts():
    return {m.__name__: m.objects.count() for m in MODELS}


def upload(data, name="aften.json"):
    raw = data if isinstance(data, bytes) else json.dumps(data, ensure_ascii=False).encode()
    handle = io.BytesIO(raw)
    handle.name = name
    return handle


def page(response) -> str:
    return response.content.decode()


def flash(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def renamed(golden_dir, name: str, names: dict[str, str]) -> dict:
    text = (golden_dir / name).read_text()
    for old, new in names.items():
        text = text.replace(f'"{old}"', f'"{new}"')
    return json.loads(text)


@pytest.fixture
def closed_table(golden_table):
    services.evening_close(evening=golden_table.evening)
    return Table.objects.select_related("evening__club").get(pk=golden_table.pk)


# The list and a new evening ----------------------------------------------------------------------

def test_home_lists_evenings_newest_first_and_marks_the_open_ones(keeper_client, club):
    players = [services.player_get_or_create(club=club, name=n) for n in ("Anne", "Bent", "Carl")]
    older = services.evening_create(club=club, date=dt.date(2026, 11, 6))
    services.table_create(evening=older, players=players)
    services.evening_close(evening=older)
    newer = services.evening_create(club=club, date=dt.date(2026, 11, 20))
    html = page(keeper_client.get("/"))
    assert html.index(f"/evenings/{newer.pk}/") < html.index(f"/evenings/{older.pk}/")
    newer_item = html[html.index(f"/evenings/{newer.pk}/"):html.index(f"/evenings/{older.pk}/")]
    older_item = html[html.index(f"/evenings/{older.pk}/"):]
    assert 'class="state open"' in newer_item and 'class="state closed"' in older_item
    assert "Anne, Bent, Carl" in older_item
    assert 'href="/evenings/new/"' in html and "Ny aften" in html
    assert 'href="/evenings/import/"' in html and "Importér aften" in html


def test_new_evening_form_preselects_the_only_club_and_today(keeper_client, club):
    services.player_get_or_create(club=club, name="Anne")
    response = keeper_client.get("/evenings/new/")
    html = page(response)
    assert response.status_code == 200
    assert f'<input type="hidden" name="club" value="{club.pk}">' in html and '<select name="club"' not in html
    assert f'value="{timezone.localdate().isoformat()}"' in html  # <input type="date"> needs ISO
    assert '<option value="Anne">Anne</option>' in html
    assert all(f'name="new_{i}"' in html and f'name="seat_{i}"' in html for i in range(1, 6))


def test_new_evening_seats_members_and_new_players(keeper_client, club):
    services.player_get_or_create(club=club, name="Anne")
    response = keeper_client.post("/evenings/new/", {"club": club.pk, "date": "2026-11-27", "seat_1": "Anne",
                                                     "new_2": "Bent", "new_3": "Carl", "new_4": "Dorte"})
    assert response.status_code == 302
    table = Table.objects.get()
    assert response["Location"] == f"/tables/{table.pk}/"
    assert [s.player.name for s in table.seats.order_by("position")] == ["Anne", "Bent", "Carl", "Dorte"]
    assert table.evening.date == dt.date(2026, 11, 27) and table.evening.club == club
    assert Player.objects.filter(club=club).count() == 4


def test_new_evening_picks_the_club_among_several(client, club):
    other = Club.objects.create(name="Tarokklubben Spar Ti", kroner_per_point=Decimal("0.10"))
    user = make_user(club, Role.SCOREKEEPER)
    other.memberships.create(user=user, role=Role.SCOREKEEPER)
    services.player_get_or_create(club=other, name="Ejnar")
    client.force_login(user)
    html = page(client.get(f"/evenings/new/?club={other.pk}"))
    assert '<select name="club"' in html and '<option value="Ejnar">Ejnar</option>' in html
    response = client.post("/evenings/new/", {"club": other.pk, "date": "2026-11-27", "seat_1": "Ejnar",
                                              "new_2": "Frode", "new_3": "Gunver"})
    assert response.status_code == 302
    assert Evening.objects.get().club == other and not club.players.exists()


def test_new_evening_with_two_players_saves_nothing(keeper_client, club):
    before = counts()
    response = keeper_client.post("/evenings/new/", {"club": club.pk, "date": "2026-11-27", "new_1": "A", "new_2": "B"})
    assert response.status_code == 422 and "spilles af 3–5 spillere ved bordet; der er valgt 2." in page(response)
    assert counts() == before


def test_new_evening_is_one_transaction(keeper_client, club, monkeypatch):
    """The evening and the new players are created before the table: a refused table undoes them."""
    def refuse(**kwargs):
        raise services.RecordingError.single("players", "nej tak")

    monkeypatch.setattr(services, "table_create", refuse)
    before = counts()
    response = keeper_client.post("/evenings/new/", {"club": club.pk, "date": "2026-11-27", "new_1": "Anne",
                                                     "new_2": "Bent", "new_3": "Carl"})
    assert response.status_code == 422 and "players: nej tak" in page(response)
    assert counts() == before


def test_new_table_refused_by_the_service_saves_no_new_player(keeper_client, golden_table):
    """Anne already sits at table 1: the table is refused, and the new player Erik is not kept."""
    before = counts()
    response = keeper_client.post(f"/evenings/{golden_table.evening_id}/tables/new/",
                                  {"seat_1": "Anne", "new_2": "Erik", "new_3": "Frida"})
    assert response.status_code == 422
    assert "players: Anne sidder allerede ved et andet bord i aften." in page(response)
    assert counts() == before


def test_new_table_at_an_open_evening(keeper_client, golden_table):
    response = keeper_client.post(f"/evenings/{golden_table.evening_id}/tables/new/",
                                  {"new_1": "Erik", "new_2": "Frida", "new_3": "Gitte"})
    table = golden_table.evening.tables.get(number=2)
    assert response.status_code == 302 and response["Location"] == f"/tables/{table.pk}/"


# The evening page and closing ----------------------------------------------------------------------

def test_open_evening_page_shows_tables_running_totals_and_actions(keeper_client, golden_table):
    evening = golden_table.evening
    response = keeper_client.get(f"/evenings/{evening.pk}/")
    html = page(response)
    sheet = selectors.table_sheet(golden_table)
    assert f'href="/tables/{golden_table.pk}/"' in html and "Anne, Bent, Carl, Dorte" in html
    assert f"kongekop {sheet.cups[0]}" in html and f"pagatkop {sheet.cups[1]}" in html
    lines = response.context["blocks"][0].lines
    assert [(line.player, line.total, line.split) for line in lines] == [
        (p, t, None) for p, t in zip(sheet.players, sheet.totals)]
    for url in (f"/evenings/{evening.pk}/tables/new/", f"/evenings/{evening.pk}/tables/import/",
                f"/evenings/{evening.pk}/close/", f"/evenings/{evening.pk}/pdf/", f"/tables/{golden_table.pk}/export/"):
        assert f'href="{url}"' in html, url
    assert "Åben" in html and 'id="payments"' not in html


def test_close_confirmation_shows_cups_and_the_split_it_will_make(keeper_client, golden_table):
    evening = golden_table.evening
    sheet = selectors.table_sheet(golden_table)
    events = counts()["EveningEvent"]
    response = keeper_client.get(f"/evenings/{evening.pk}/close/")
    html = page(response)
    assert response.status_code == 200 and "Ja, luk aftenen" in html
    assert "kan aftenen kun læses" in html and "deles kongekoppen og pagatkoppen" in html
    assert f"kongekop {sheet.cups[0]}" in html and f"pagatkop {sheet.cups[1]}" in html
    preview = [(line.player, line.before_split, line.split, line.total) for line in response.context["blocks"][0].lines]
    assert [(p, b) for p, b, _, _ in preview] == list(zip(sheet.players, sheet.totals))
    assert sum(split for _, _, split, _ in preview) == sum(sheet.cups)
    assert Evening.objects.get(pk=evening.pk).closed_at is None and counts()["EveningEvent"] == events

    assert keeper_client.post(f"/evenings/{evening.pk}/close/").status_code == 302
    assert Evening.objects.get(pk=evening.pk).closed_at is not None
    closed = keeper_client.get(f"/evenings/{evening.pk}/").context["blocks"][0].lines
    assert [(line.player, line.before_split, line.split, line.total) for line in closed] == preview


def test_closed_evening_shows_final_totals_and_who_pays_whom_in_kroner(keeper_client, closed_table):
    evening = closed_table.evening
    response = keeper_client.get(f"/evenings/{evening.pk}/")
    html = page(response)
    # Hand-checked at 0.25 kr. per point: 320 -> 80,00; -275 -> -68,75; 15 -> 3,75; -60 -> -15,00.
    assert evening.club.kroner_per_point == Decimal("0.25")
    assert [(p, t, k) for p, t, k, _ in response.context["totals"]] == [
        ("Anne", 320, "80,00 kr."), ("Bent", -275, "-68,75 kr."), ("Carl", 15, "3,75 kr."), ("Dorte", -60, "-15,00 kr.")]
    for cells in ("<td>Anne</td><td class=\"num\">320</td><td class=\"num\">80,00 kr.</td>",
                  "<td>Bent</td><td class=\"num neg\">-275</td><td class=\"num neg\">-68,75 kr.</td>"):
        assert cells in html
    assert "Bent → Anne: 275 point <b>(68,75 kr.)</b>" in html
    assert "Dorte → Anne: 45 point <b>(11,25 kr.)</b>" in html
    assert "Dorte → Carl: 15 point <b>(3,75 kr.)</b>" in html
    # the same figures as the engine settling the exported file, kroner by money.kroner
    settlement = settle_evening(parse_evening(selectors.table_to_evening_file(closed_table)))
    assert dict(settlement.totals) == GOLDEN_TOTALS
    for t in settlement.transfers:
        kr = format_money(kroner(t.points, Decimal("0.25")), "DKK")
        assert f"{t.payer} → {t.payee}: {t.points} point <b>({kr})</b>" in html
    # the split per table: before + share = final, and the shares empty the cups
    lines = response.context["blocks"][0].lines
    assert [line.total for line in lines] == [GOLDEN_TOTALS[line.player] for line in lines]
    assert all(line.before_split + line.split == line.total for line in lines)
    assert [line.split for line in lines] == [settlement.split.net[line.player] for line in lines]
    assert "Før deling" in html and "Deling" in html and "kongekop 0" in html and "pagatkop 0" in html
    assert 'id="close-link"' not in html and "/tables/new/" not in html


def test_second_close_is_refused_and_writes_nothing(keeper_client, closed_table):
    evening = closed_table.evening
    closed_at = Evening.objects.get(pk=evening.pk).closed_at
    before = counts()
    response = keeper_client.post(f"/evenings/{evening.pk}/close/", follow=True)
    assert response.redirect_chain == [(f"/evenings/{evening.pk}/", 302)]
    assert "Aftenen er allerede lukket." in flash(response)
    assert counts() == before and Evening.objects.get(pk=evening.pk).closed_at == closed_at
    assert keeper_client.get(f"/evenings/{evening.pk}/close/").status_code == 302


def test_closed_evening_refuses_new_and_imported_tables(keeper_client, closed_table, golden_dir):
    evening = closed_table.evening
    before = counts()
    response = keeper_client.post(f"/evenings/{evening.pk}/tables/new/",
                                  {"new_1": "Erik", "new_2": "Frida", "new_3": "Gitte"}, follow=True)
    assert "Aftenen er lukket; der kan ikke sættes flere borde op." in flash(response)
    data = renamed(golden_dir, "three-players-basic.json", {"Anne": "Erik", "Bent": "Frida", "Carl": "Gitte"})
    response = keeper_client.post(f"/evenings/{evening.pk}/tables/import/", {"file": upload(data)}, follow=True)
    assert response.redirect_chain == [(f"/evenings/{evening.pk}/", 302)]
    assert "Aftenen er lukket; der kan ikke indlæses flere borde." in flash(response)
    assert counts() == before
    for url in (f"/evenings/{evening.pk}/tables/new/", f"/evenings/{evening.pk}/tables/import/"):
        assert keeper_client.get(url).status_code == 302


# Import and export ---------------------------------------------------------------------------------

def test_invalid_upload_lists_every_problem_and_saves_nothing(keeper_client, golden_dir):
    data = json.loads((golden_dir / "random-42.json").read_text())
    data["deals"][0]["last_trick"] = "Zoe"
    data["deals"][4]["colour"] = "red"
    data["deals"][6]["counts"] = {"Anne": 90}
    before = counts()
    response = keeper_client.post("/evenings/import/", {"file": upload(data)})
    assert response.status_code == 422
    problems = response.context["problems"]
    assert "spil 1: last_trick: Zoe sidder ikke ved dette bord" in problems
    assert "spil 5: colour: ukendt felt 'colour'" in problems
    assert any(p.startswith("spil 7: counts") for p in problems)
    assert all(p.startswith("spil ") for p in problems)  # each names its deal (and field)
    html = page(response)
    assert f"Filen blev ikke indlæst: {len(problems)} fejl." in html
    assert all(p.replace("'", "&#x27;") in html for p in problems)
    assert counts() == before


def test_invalid_table_upload_saves_nothing_at_the_open_evening(keeper_client, golden_table, golden_dir):
    data = renamed(golden_dir, "three-players-basic.json", {"Anne": "Erik", "Bent": "Frida", "Carl": "Gitte"})
    data["deals"][0]["dealer"] = "Zoe"
    before = counts()
    response = keeper_client.post(f"/evenings/{golden_table.evening_id}/tables/import/", {"file": upload(data)})
    assert response.status_code == 422 and response.context["problems"]
    assert counts() == before


@pytest.mark.parametrize("raw, message", [
    (b"\xff\xfe{}", "Filen er ikke UTF-8-tekst"),
    (b'{"format": "tarokklub.evening/1",', "Filen er ikke gyldig JSON (fejl i linje 1, kolonne 34)."),
    (b" " * MAX_FILE_BYTES + b"{}", "en aftenfil må højst fylde 4,0\xa0MB"),   # bounds.MAX_FILE_BYTES
    (b"", "Den indsendte fil er tom."),
    (b"[]", "skal være et objekt"),  # JSON, but not an evening: the engine says why
])
def test_unreadable_upload_gets_a_danish_message(keeper_client, raw, message):
    before = counts()
    response = keeper_client.post("/evenings/import/", {"file": upload(raw)})
    assert response.status_code == 422
    assert message in page(response)
    assert counts() == before


def test_upload_with_a_byte_order_mark_is_read(keeper_client, golden_dir):
    raw = b"\xef\xbb\xbf" + (golden_dir / "three-players-basic.json").read_bytes()
    assert keeper_client.post("/evenings/import/", {"file": upload(raw)}).status_code == 302
    assert Table.objects.count() == 1


def test_export_download_equals_the_selector_and_survives_a_round_trip(keeper_client, golden_table):
    first = keeper_client.get(f"/tables/{golden_table.pk}/export/")
    assert first.status_code == 200 and first["Content-Type"] == "application/json; charset=utf-8"
    assert first["Content-Disposition"] == 'attachment; filename="tarok-2026-11-20-bord-1.json"'
    assert json.loads(first.content) == selectors.table_to_evening_file(golden_table)
    response = keeper_client.post("/evenings/import/", {"file": upload(first.content)})
    new_table = Table.objects.order_by("-pk").first()
    assert response.status_code == 302 and response["Location"] == f"/tables/{new_table.pk}/"
    assert new_table.evening_id != golden_table.evening_id
    assert new_table.evening.date == dt.date(2026, 11, 20)
    second = keeper_client.get(f"/tables/{new_table.pk}/export/")
    assert second.content == first.content


def test_import_a_table_into_an_open_evening(keeper_client, golden_table, golden_dir):
    evening = golden_table.evening
    data = renamed(golden_dir, "three-players-basic.json", {"Anne": "Erik", "Bent": "Frida", "Carl": "Gitte"})
    response = keeper_client.post(f"/evenings/{evening.pk}/tables/import/", {"file": upload(data)})
    table = evening.tables.get(number=2)
    assert response.status_code == 302 and response["Location"] == f"/tables/{table.pk}/"
    keeper_client.post(f"/evenings/{evening.pk}/close/")
    response = keeper_client.get(f"/evenings/{evening.pk}/")
    summary = response.context["summary"]
    assert sum(points for _, points, _ in summary.totals) == 0
    assert len(summary.payments) <= 6
    assert response.context["several_tables"] and [t for *_, t in response.context["totals"]] == [1] * 4 + [2] * 3
