"""Adding a family is adding one folder: the tests' minimal family (tests/minifamily/, rules in its
``__init__``), installed by the test settings alone (tests/settings.py), goes through every page and
file the built-in families do — seating, the phone form, the preview, a correction, a void, closing,
the evening page, the PDF, the standings, CSV/XLSX and the evening file's round trip — with no line
of the app naming it."""
import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from openpyxl import load_workbook

from scoring import selectors, services
from scoring.engine import families
from scoring.models import Deal, JournalEntry, Leg, Table
from scoring.selectors.standings import standings, standings_from_journal
from tests.web.test_evening_views import upload
from tests.web.test_exports import pdf_lines, read_csv

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
FAMILY = "minifamily"
WIN, FEE = 5, 1      # the family's one card (tests/minifamily/engine/rates.py)


def rows() -> tuple[int, int, int]:
    return (Deal.objects.count(), JournalEntry.objects.count(), Leg.objects.count())


def seat_table(client, club, names, date="2026-11-20"):
    evening = services.evening_create(club=club, date=date)
    fields = {"rules": f"rules:{FAMILY}", **{f"new_{i}": n for i, n in enumerate(names, 1)}}
    return evening, client.post(f"/evenings/{evening.pk}/tables/new/", fields)


def deal_post(table, dealer: str, counts: dict[str, int]) -> dict:
    data = {"version": Table.objects.get(pk=table.pk).version, "dealer": dealer, "confirm_dealer": "1"}
    data.update({f"counts.{p}": str(c) for p, c in counts.items()})
    return data


@pytest.fixture
def mini(keeper_client, club):
    """A table of three playing the minimal family, seated through the page."""
    evening, response = seat_table(keeper_client, club, ("Anna", "Bo", "Cai"))
    assert response.status_code == 302
    return Table.objects.get(evening=evening)


def record(client, table, dealer, counts):
    response = client.post(f"/tables/{table.pk}/", deal_post(table, dealer, counts))
    assert response.status_code == 302, response.content.decode()[-2000:]
    return Deal.objects.get(table=table, current=True, number=Deal.objects.filter(table=table).order_by("-number")
                            .values_list("number", flat=True).first())


def test_the_app_names_no_family_of_the_tests():
    """Nothing outside the family's folder names it but the one settings line."""
    hits = []
    for folder in ("scoring", "families", "templates", "static", "tarokklub", "docs"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".html", ".js", ".css", ".txt") \
                    and "minifamily" in path.read_text(encoding="utf-8", errors="ignore"):
                hits.append(str(path.relative_to(ROOT)))
    assert hits == []
    settings_lines = [line for line in (ROOT / "tests" / "settings.py").read_text().splitlines() if "minifamily" in line]
    assert settings_lines == ['INSTALLED_APPS = [*INSTALLED_APPS, "tests.minifamily"]']
    assert FAMILY in families.names() and families.has_table(FAMILY)


def test_seating_takes_the_family_s_players_per_table(keeper_client, club):
    evening, response = seat_table(keeper_client, club, ("Anna", "Bo"))
    assert response.status_code == 302                          # two players: this family seats 2–4
    table = Table.objects.get(evening=evening)
    assert (table.family, table.rules) == (FAMILY, FAMILY)
    before = rows()
    for names in (("Anna",), ("Anna", "Bo", "Cai", "Dan", "Eva")):
        evening, response = seat_table(keeper_client, club, names, date="2026-11-21")
        page = response.content.decode()
        assert response.status_code == 422
        assert f"Mini spilles af 2–4 spillere ved bordet; der er valgt {len(names)}." in page
        assert not Table.objects.filter(evening=evening).exists()
    assert rows() == before
    # a Danish table of two is still refused, in the Danish game's words
    evening = services.evening_create(club=club, date="2026-11-22")
    response = keeper_client.post(f"/evenings/{evening.pk}/tables/new/", {"rules": "rules:vlk", "new_1": "A", "new_2": "B"})
    assert response.status_code == 422 and "spilles af 3–5 spillere ved bordet; der er valgt 2." in response.content.decode()


def test_recording_on_the_phone_form_writes_the_family_s_pot_by_name(keeper_client, mini):
    page = keeper_client.get(f"/tables/{mini.pk}/").content.decode()
    assert 'name="counts.Anna"' in page and 'name="counts.Cai"' in page and 'id="kitty-now">0<' in page
    deal = record(keeper_client, mini, "Anna", {"Anna": 3, "Bo": 40, "Cai": 12})
    entry = JournalEntry.objects.get(deal=deal, reversed_by__isnull=True)
    legs = {(leg.player.name if leg.player_id else leg.account): leg.amount for leg in entry.legs.all()}
    assert legs == {"Anna": -WIN, "Bo": 2 * WIN - FEE, "Cai": -WIN, "kitty": FEE} and sum(legs.values()) == 0
    assert entry.pots_after == {"kitty": FEE}
    sheet = selectors.table_sheet(mini)
    assert sheet.totals == (-WIN, 2 * WIN - FEE, -WIN) and sheet.cups == (FEE,)
    assert sheet.next_seating().dealer == "Bo"                  # the next seat deals (rule 1)
    page = keeper_client.get(f"/tables/{mini.pk}/").content.decode()
    assert 'id="deal-row-1"' in page and 'id="kitty-1">1<' in page


def test_the_preview_settles_without_saving_and_a_tie_is_refused_at_its_field(keeper_client, mini):
    before = rows()
    response = keeper_client.post(f"/tables/{mini.pk}/preview/", deal_post(mini, "Anna", {"Anna": 9, "Bo": 2, "Cai": 2}))
    page = response.content.decode()
    assert '<b>Anna</b> · kitty 1' in page and 'data-player="Anna">9<' in page and 'data-player="Bo">-5<' in page
    response = keeper_client.post(f"/tables/{mini.pk}/preview/", deal_post(mini, "Anna", {"Anna": 9, "Bo": 9, "Cai": 2}))
    assert "flere har det højeste tal (9); ét spil har én vinder" in response.content.decode()
    response = keeper_client.post(f"/tables/{mini.pk}/", deal_post(mini, "Anna", {"Anna": 9, "Bo": 9, "Cai": 2}))
    assert response.status_code == 422 and "flere har det højeste tal (9)" in response.content.decode()
    response = keeper_client.post(f"/tables/{mini.pk}/", deal_post(mini, "Anna", {"Anna": 101, "Bo": 9, "Cai": 2}))
    assert response.status_code == 422
    assert rows() == before


def test_a_correction_resettles_the_later_deals_and_a_void_pays_back(keeper_client, mini):
    first = record(keeper_client, mini, "Anna", {"Anna": 30, "Bo": 1, "Cai": 2})
    record(keeper_client, mini, "Bo", {"Anna": 0, "Bo": 1, "Cai": 2})
    assert selectors.table_sheet(mini).totals == (9 - 5, -5 - 5, -5 + 9)
    page = keeper_client.get(f"/deals/{first.pk}/edit/").content.decode()
    assert 'name="counts.Anna"' in page and 'value="30"' in page
    preview = keeper_client.post(f"/tables/{mini.pk}/preview/", {**deal_post(mini, "Anna", {"Anna": 1, "Bo": 30, "Cai": 2}),
                                                                  "editing": str(first.number)})
    assert preview.status_code == 200
    response = keeper_client.post(f"/deals/{first.pk}/edit/", deal_post(mini, "Anna", {"Anna": 1, "Bo": 30, "Cai": 2}))
    assert response.status_code == 302
    sheet = selectors.table_sheet(mini)
    assert sheet.totals == (-5 - 5, 9 - 5, -5 + 9) and sheet.cups == (2,)
    assert [r.pots for r in sheet.rows if r.number] == [{"kitty": 1}, {"kitty": 2}]
    latest = Deal.objects.get(table=mini, number=2, current=True)
    response = keeper_client.post(f"/deals/{latest.pk}/void/", {"reason": "forkert bord",
                                                                "version": Table.objects.get(pk=mini.pk).version})
    assert response.status_code == 302
    sheet = selectors.table_sheet(mini)
    assert sheet.totals == (-5, 9, -5) and sheet.cups == (1,) and [r.number for r in sheet.voided] == [2]
    page = keeper_client.get(f"/tables/{mini.pk}/").content.decode()
    assert 'id="voided-row-2"' in page and 'id="voided-note-2"' in page
    history = keeper_client.get(f"/deals/{first.pk}/history/")
    assert history.status_code == 200 and "kitty" in history.content.decode()


@pytest.fixture
def closed_mini(keeper_client, mini):
    record(keeper_client, mini, "Anna", {"Anna": 30, "Bo": 1, "Cai": 2})
    record(keeper_client, mini, "Bo", {"Anna": 31, "Bo": 1, "Cai": 2})
    record(keeper_client, mini, "Cai", {"Anna": 0, "Bo": 50, "Cai": 2})
    response = keeper_client.post(f"/evenings/{mini.evening_id}/close/")
    assert response.status_code == 302
    return mini


def test_closing_gives_the_kitty_to_the_lowest_total(closed_mini):
    sheet = selectors.table_sheet(closed_mini)
    # before the split: Anna 9+9-5, Bo -5-5+9, Cai -5-5-5 and 3 in the kitty, which goes to Cai (rule 4)
    split = next(r for r in sheet.rows if r.kind == "split")
    assert split.net == (0, 0, 3) and split.pots == {"kitty": 0}
    assert sheet.closed and sheet.totals == (13, -1, -12) and sum(sheet.totals) == 0 and sheet.cups == (0,)
    out = io.StringIO()
    call_command("check_ledger", stdout=out)
    assert out.getvalue().strip() == "ledger ok: 1 table(s) agree with the engine"


def test_the_evening_page_and_the_pdf_show_the_family_s_pot(keeper_client, closed_mini):
    page = keeper_client.get(f"/evenings/{closed_mini.evening_id}/").content.decode()
    assert "<span>kitty 0</span>" in page and "Cai" in page and "kongekop" not in page
    response = keeper_client.get(f"/evenings/{closed_mini.evening_id}/pdf/")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    lines = pdf_lines(response.content)
    assert any("Kopper" in line for line in lines)
    assert "# Giver spil stilling spil stilling spil stilling kitty" in lines
    assert any(line.startswith("3 Cai") and line.endswith(" 3") for line in lines), lines
    assert not any("konge" in line or "pagat" in line for line in lines)


def test_standings_take_the_family_s_declared_figures_by_name(keeper_client, club, closed_mini):
    rows_ = standings(club, family=FAMILY)
    assert rows_ == standings_from_journal(club, family=FAMILY)
    by_name = {r.player: r for r in rows_}
    assert {p: (r.points, r.deals, r.won) for p, r in by_name.items()} == {
        "Anna": (13, 3, 2), "Bo": (-1, 3, 1), "Cai": (-12, 3, 0)}
    page = keeper_client.get(f"/clubs/{club.pk}/standings/?family={FAMILY}").content.decode()
    assert ">Vundet<" in page and "Pagat ultimo" not in page
    records = read_csv(keeper_client.get(f"/clubs/{club.pk}/standings/?family={FAMILY}&_export=csv").content)
    header = records[0]
    assert "Vundet" in header and "Pagat ultimo" not in header
    anna = next(r for r in records if r[0] == "Anna")
    assert anna[header.index("Vundet")] == "2" and anna[header.index("Point")] == "13"
    book = load_workbook(io.BytesIO(keeper_client.get(f"/clubs/{club.pk}/standings/?family={FAMILY}&_export=xlsx").content))
    sheet = book.active
    heads = [c.value for c in sheet[1]]
    cai = next(row for row in sheet.iter_rows(min_row=2, values_only=True) if row[0] == "Cai")
    assert cai[heads.index("Vundet")] == 0 and cai[heads.index("Point")] == -12
    pdf = pdf_lines(keeper_client.get(f"/clubs/{club.pk}/standings/pdf/?family={FAMILY}").content)
    assert any("Vundet" in line for line in pdf)
    anna_id = by_name["Anna"].player_id
    player_page = keeper_client.get(f"/players/{anna_id}/?family={FAMILY}").content.decode()
    assert "<dt>Vundet</dt><dd>2</dd>" in player_page


def test_the_evening_file_survives_a_round_trip(keeper_client, closed_mini):
    first = keeper_client.get(f"/tables/{closed_mini.pk}/export/")
    data = json.loads(first.content)
    assert data["rules"] == FAMILY and data["players"] == ["Anna", "Bo", "Cai"]
    assert data["deals"][0] == {"dealer": "Anna", "counts": {"Anna": 30, "Bo": 1, "Cai": 2}}
    response = keeper_client.post("/evenings/import/", {"file": upload(first.content)})
    new_table = Table.objects.order_by("-pk").first()
    assert response.status_code == 302 and new_table.pk != closed_mini.pk and new_table.family == FAMILY
    assert keeper_client.get(f"/tables/{new_table.pk}/export/").content == first.content
    deal_nets = [(r.number, r.net, dict(r.pots)) for r in selectors.table_sheet(closed_mini).rows if r.number]
    assert [(r.number, r.net, dict(r.pots)) for r in selectors.table_sheet(new_table).rows if r.number] == deal_nets
    engine = families.family(FAMILY)
    settled = engine.settle_evening(engine.parse_evening(data))
    assert settled.totals == (("Anna", 13), ("Bo", -1), ("Cai", -12))


def test_the_family_s_engine_is_pure_python():
    """Its engine imports no Django, like every family's (tests/engine/test_purity.py)."""
    import ast

    for source in (ROOT / "tests" / "minifamily" / "engine").rglob("*.py"):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
        imported += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
        assert not [m for m in imported if m.split(".")[0] == "django"], source


def test_the_service_worker_keeps_each_installed_family_s_stylesheet_found_not_named(client):
    """static/js/sw.js names no family: the served worker lists the stylesheets the installed
    families have (a family without one, like the tests', adds nothing)."""
    assert "karlsruhe" not in (ROOT / "static" / "js" / "sw.js").read_text()
    code = client.get("/sw.js").content.decode()
    line = next(line for line in code.splitlines() if line.startswith("self.TAROKKLUB_PAGE_FILES = "))
    kept = json.loads(line.partition(" = ")[2].rstrip(";"))
    assert [url for url in kept if url.endswith(".css")] == [
        "/static/css/app.css", "/static/karlsruhe/karlsruhe.css", "/static/selca/selca.css"]


def test_the_offline_queue_knows_who_deals_after_a_deal_of_a_form_without_kinds(keeper_client, mini):
    """The phone's queue predicts the next dealer from the page's rotation (scoring.table.sync.rotation); a
    family whose form has no choice of kind gives its played kind."""
    page = keeper_client.get(f"/tables/{mini.pk}/").content.decode()
    raw = page.split('<script id="table-sync-data" type="application/json">', 1)[1].split("</script>", 1)[0]
    rotation = json.loads(raw)["rotation"]
    assert rotation["kinds"] == ["played"]
    assert rotation["after"] == {"Anna": {"played": "Bo"}, "Bo": {"played": "Cai"}, "Cai": {"played": "Anna"}}


def test_the_players_mail_carries_the_family_s_statement(keeper_client, club, closed_mini, settings, tmp_path):
    from django.core import mail as outbox

    from scoring.outbox_sender import send_round
    from scoring.models import Player

    settings.MEDIA_ROOT = tmp_path / "media"
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    Player.objects.filter(club=club, name="Cai").update(email="cai@example.org")
    assert keeper_client.post(f"/evenings/{closed_mini.evening_id}/mail/").status_code == 302
    assert send_round(str(tmp_path / "lock")).sent == 1
    (message,) = outbox.outbox
    assert message.to == ["cai@example.org"]
    # Cai: -5 three times, then the kitty of 3 (rule 4): -12 in all, paid to Anna
    assert "Spil 3: -5 (i alt -15)" in message.body and "Deling: 3 (i alt -12)" in message.body
    assert "Point i alt: -12" in message.body and "Du betaler Anna 12 point (3,00 kr.)" in message.body
