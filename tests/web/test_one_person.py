"""One person, whatever his name (docs/names.md): after a typo's duplicate "Bnet" is merged into
Bent and Zoë is renamed "Zoë Ørsted", every read — the season report and its export, what is
outstanding, the player page, the evening page, the PDF, the mails, the merge page — resolves each
player by his key and shows his name now; a deal's text written with the name as seated shows the
name now first and the seated one beside it. Run on SQLite and (scripts/with-postgres) on PostgreSQL."""
import datetime as dt
import io
import json
import re
from decimal import Decimal

import pytest
from django.core import mail as django_mail
from django.urls import reverse
from openpyxl import load_workbook

from scoring import services
from scoring.engine.money import Purse
from scoring.models import Evening, EveningTransfer, Player, Role
from scoring.reports.pdf import render_evening_pdf
from scoring.selectors import evening_summary
from scoring.selectors.members import evening_members, merge_preview, shown_words
from scoring.selectors.season import season_report, season_scope
from scoring.selectors.standings import club_rule_sets, standings, standings_evenings
from tests.web.conftest import make_user
from tests.web.test_exports import read_csv
from tests.web.test_pdf import pdf_text

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]

RENAMED = "Zoë Ørsted"
YEAR = {"date_from": "2026-01-01", "date_to": "2026-12-31"}


def _renamed(data, names: dict):
    if isinstance(data, dict):
        return {names.get(k, k): _renamed(v, names) for k, v in data.items()}
    if isinstance(data, list):
        return [_renamed(v, names) for v in data]
    return names.get(data, data) if isinstance(data, str) else data


@pytest.fixture
def year(club, golden_dir):
    """Three evenings of the golden Danish table: in January Anne, Bent, Carl and Zoë; in February
    the typo Bnet (answered as a new player) for Bent; in March (left open) Bnet again. Then Bnet
    is merged into Bent, Zoë renamed, and everyone given an address but the duplicate."""
    data = json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text())
    tables = []
    for month, bent in ((1, "Bent"), (2, "Bnet"), (3, "Bnet")):
        evening = services.evening_create(club=club, date=dt.date(2026, month, 5))
        tables.append(services.evening_import(club=club, evening=evening,
                                              data=_renamed(data, {"Dorte": "Zoë", "Bent": bent}),
                                              answers={"Bnet": None} if bent == "Bnet" and month == 2 else None))
    for table in tables[:2]:
        services.evening_close(evening=table.evening)
    players = {p.name: p for p in Player.objects.filter(club=club)}
    for name in ("Anne", "Bent", "Carl", "Zoë"):
        services.player_contact_set(player=players[name], email=f"{name.lower().replace('ë', 'e')}@example.org")
    services.player_merge(duplicate=players["Bnet"], into=players["Bent"])
    services.player_rename(player=players["Zoë"], name=RENAMED)
    return tables


@pytest.fixture
def admin_client(client, club):
    client.force_login(make_user(club, Role.ADMIN))
    return client


def _bent(club) -> Player:
    return Player.objects.get(club=club, name="Bent")


def test_the_season_report_counts_bent_once_with_both_his_evenings(club, year):
    report = season_report(season_scope(club, date_from=dt.date(2026, 1, 1), date_to=dt.date(2026, 12, 31)))
    names = [line.player for line in report.players]
    assert sorted(names) == ["Anne", "Bent", "Carl", RENAMED]
    bent = next(line for line in report.players if line.player == "Bent")
    assert bent.evenings == 2
    assert bent.amounts == bent.received - bent.paid
    assert sum((line.amounts for line in report.players), Purse()) == Purse.of("DKK", 0)
    assert {t.payer for t in report.transfers} | {t.payee for t in report.transfers} <= set(names)


def test_the_season_page_and_its_exports_say_bent_never_bnet(admin_client, club, year):
    page = admin_client.get(reverse("scoring:season", args=[club.pk]), YEAR).content.decode()
    assert "Bnet" not in page and "Bent" in page
    response = admin_client.get(reverse("scoring:season_export", args=[club.pk, "csv"]), {"sheet": "transfers", **YEAR})
    cells = {cell for row in read_csv(response.content) for cell in row}
    assert "Bnet" not in cells and "Zoë" not in cells
    assert "Bent" in cells and RENAMED in cells
    book = load_workbook(io.BytesIO(admin_client.get(reverse("scoring:season_export", args=[club.pk, "xlsx"]),
                                                     YEAR).content))
    cells = {cell for row in book["Overførsler"].values for cell in row}
    assert "Bnet" not in cells and "Bent" in cells


def test_what_is_outstanding_names_the_players_now(admin_client, club, year):
    assert EveningTransfer.objects.filter(evening__club=club).exists()
    page = admin_client.get(reverse("scoring:club_outstanding", args=[club.pk])).content.decode()
    assert "Bnet" not in page and "Bent" in page


def test_the_player_page_lists_his_transfers_by_the_names_now(admin_client, club, year):
    page = admin_client.get(reverse("scoring:player_detail", args=[_bent(club).pk])).content.decode()
    payments = page[page.index('id="player-payments"'):]
    payments = payments[:payments.index("</table>")]
    assert "Bnet" not in payments and payments.count("Bent → Anne") == 2   # January's and (as Bnet) February's
    february = Evening.objects.get(club=club, date=dt.date(2026, 2, 5))
    evening = admin_client.get(reverse("scoring:evening_detail", args=[february.pk])).content.decode()
    assert "Bnet" not in evening


def test_the_mail_count_is_of_the_players_now(admin_client, club, year):
    """Bnet's address came to Bent with the merge: all four players of February have one."""
    february = Evening.objects.get(club=club, date=dt.date(2026, 2, 5))
    assert [p.name for p in evening_members(february)] == ["Anne", "Bent", "Carl", RENAMED]
    page = admin_client.get(reverse("scoring:evening_detail", args=[february.pk])).content.decode()
    assert re.search(r"4 af 4 spillere har en e-mailadresse", page), page


def test_the_mail_greets_the_merged_player_by_his_name_now(club, year, tmp_path):
    from scoring.outbox_sender import send_round

    february = Evening.objects.get(club=club, date=dt.date(2026, 2, 5))
    services.evening_mail_queue(evening=february)
    assert send_round(str(tmp_path / "mail.lock")).sent == 4
    texts = {m.to[0]: m.body for m in django_mail.outbox}
    assert texts["bent@example.org"].startswith("Kære Bent")
    assert texts["zoe@example.org"].startswith(f"Kære {RENAMED}")
    assert "Bnet" not in texts["bent@example.org"]


def test_a_mail_queued_before_the_merge_is_the_merged_players_and_is_not_queued_twice(club, golden_dir, tmp_path):
    """Bnet's mail of February was queued before he was merged into Bent: it greets Bent, and
    queueing again after the merge queues nothing for him."""
    from scoring.outbox_sender import send_round

    data = json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text())
    tables = [services.evening_import(club=club, evening=services.evening_create(club=club, date=dt.date(2026, m, 5)),
                                      data=_renamed(data, {"Bent": bent}), answers={"Bnet": None} if bent == "Bnet" else None)
              for m, bent in ((1, "Bent"), (2, "Bnet"))]
    for table in tables:
        services.evening_close(evening=table.evening)
    bnet = Player.objects.get(club=club, name="Bnet")
    services.player_contact_set(player=bnet, email="bent@example.org")
    february = tables[1].evening
    assert services.evening_mail_queue(evening=february).queued == ("Bnet",)
    services.player_merge(duplicate=bnet, into=_bent(club))
    again = services.evening_mail_queue(evening=february)
    assert again.queued == () and again.before == 1
    assert send_round(str(tmp_path / "mail.lock")).sent == 1
    assert django_mail.outbox[0].body.startswith("Kære Bent")


def test_the_merge_preview_counts_as_the_standings_count(club, year):
    """The open March evening of Bnet is in no standings: the preview of a merge counts as they do."""
    carl, anne = (Player.objects.get(club=club, name=n) for n in ("Carl", "Anne"))
    bnet = Player.objects.get(club=club, name="Bnet")
    preview = merge_preview(carl, anne)   # refused (they shared evenings), yet its figures are read
    evenings = standings_evenings(club)
    for rules, family in club_rule_sets(club):
        rows = {r.player: r for r in standings(club, evenings=evenings, family=family, rules=rules)}
        for move in preview.moves:
            if move.rules == rules:
                assert move.duplicate[:3] == (rows["Carl"].evenings, rows["Carl"].deals, rows["Carl"].points)
                assert move.keep[:3] == (rows["Anne"].evenings, rows["Anne"].deals, rows["Anne"].points)
    assert bnet.merged_into_id == _bent(club).pk


def test_merging_a_player_into_himself_says_so_and_nothing_else(admin_client, club, year):
    carl = Player.objects.get(club=club, name="Carl")
    response = admin_client.get(reverse("scoring:member_merge", args=[club.pk, carl.pk]), {"into": carl.pk})
    page = response.content.decode()
    assert response.status_code == 422
    assert "kan ikke lægges sammen med sig selv" in page
    assert "Ingen af dem har spillet endnu" not in page


def test_the_evening_table_box_names_the_players_now(admin_client, club, year):
    january = Evening.objects.get(club=club, date=dt.date(2026, 1, 5))
    page = admin_client.get(reverse("scoring:evening_detail", args=[january.pk])).content.decode()
    box = page[page.index('class="table-totals"'):]
    box = box[:box.index("</table>")]
    assert f"<td>{RENAMED}</td>" in box and "<td>Zoë</td>" not in box


def test_a_deals_words_show_the_name_now_and_the_seated_one_beside_it(club, year):
    january = Evening.objects.get(club=club, date=dt.date(2026, 1, 5))
    sheet = evening_summary(january).sheets[0]
    words = " ".join(row.description for row in sheet.rows)
    assert f"{RENAMED} (Zoë)" in words
    assert not re.search(r"(?<!\()Zoë(?![\w )])", words.replace(f"{RENAMED} (Zoë)", ""))
    text = pdf_text(render_evening_pdf(january))
    assert f"{RENAMED} (Zoë)" in text


def test_the_pdf_names_the_dealer_now_and_the_deal_text_says_both(club, year):
    february = Evening.objects.get(club=club, date=dt.date(2026, 2, 5))
    sheet = evening_summary(february).sheets[0]
    assert {row.dealer for row in sheet.rows if row.deal} <= {"Anne", "Bent", "Carl", RENAMED}
    text = pdf_text(render_evening_pdf(february))
    assert "Bnet" not in text.replace("Bent (Bnet)", "")


def test_the_open_evening_names_who_deals_next_as_he_is_called_now(admin_client, club, year):
    """March is open: who deals next is the sheet's rule on the seats, named as he is now."""
    march = Evening.objects.get(club=club, date=dt.date(2026, 3, 5))
    sheet = evening_summary(march).sheets[0]
    seated = sheet.next_seating().dealer
    now = dict(zip(sheet.players, sheet.shown))[seated]
    page = admin_client.get(reverse("scoring:evening_detail", args=[march.pk])).content.decode()
    assert f'<span class="dealer-now">{now} giver</span>' in page
    assert sheet.last_dealer in {"Anne", "Bent", "Carl", RENAMED}


def test_the_deal_history_and_the_evening_log_say_both_names(admin_client, club, year):
    """A deal's lines on its history page, its legs, and the evening log's summary of it: the name
    now, and beside it the name the deal was recorded with."""
    from scoring.models import Deal

    february = Evening.objects.get(club=club, date=dt.date(2026, 2, 5))
    deal = Deal.objects.filter(table__evening=february, current=True).order_by("number").first()
    page = admin_client.get(reverse("scoring:deal_history", args=[deal.pk])).content.decode()
    assert "Bnet" not in page.replace("Bent (Bnet)", "")
    log = admin_client.get(reverse("scoring:evening_log", args=[february.pk])).content.decode()
    assert "Bnet" not in log.replace("Bent (Bnet)", "")
    assert "Zoë" not in log.replace(RENAMED, "")


def test_the_home_page_lists_each_evenings_players_as_they_are_now(admin_client, club, year):
    page = admin_client.get(reverse("scoring:home")).content.decode()
    assert "Bnet" not in page and "Anne, Bent, Carl" in page
    assert f"Carl, {RENAMED}" in page and "Carl, Zoë<" not in page and "Carl, Zoë," not in page


def test_shown_words_put_the_name_now_first_and_only_where_it_differs():
    names = {"Zoë": "Zoë Ørsted", "Bnet": "Bent", "Anne": "Anne", "Anne 2": "Anne Berg"}
    assert shown_words(("pagat ultimo Zoë", "nolo Bnet", "tout Anne 2", "Anne"), names) == (
        "pagat ultimo Zoë Ørsted (Zoë)", "nolo Bent (Bnet)", "tout Anne Berg (Anne 2)", "Anne")
    assert shown_words(("Zoëa spiller",), names) == ("Zoëa spiller",)
    assert shown_words(("x",), {}) == ("x",)


def test_a_payment_made_before_the_merge_is_read_as_the_merged_players(club, year):
    """Every transfer of the year paid by the keys the players sat down with (Bnet's among them): the
    season report's books say so of Bent's rows, and nothing is outstanding, by the players now."""
    from scoring.selectors.payments import outstanding_by_player

    february = Evening.objects.get(club=club, date=dt.date(2026, 2, 5))
    # every transfer of the year paid, by the seated players' keys (Bnet's, merged into Bent, among them)
    for transfer in EveningTransfer.objects.filter(club=club):
        services.payment_record(club=club, payer=transfer.payer_id, receiver=transfer.receiver_id,
                                amount=transfer.amount, currency=transfer.currency, method="cash")
    report = season_report(season_scope(club, date_from=dt.date(2026, 1, 1), date_to=dt.date(2026, 12, 31)))
    paid = [t for t in report.transfers if t.evening_id == february.pk]
    assert paid and all(t.paid in ("betalt", "udlignet") for t in report.transfers)
    assert "Bent" in {t.payer for t in paid} | {t.payee for t in paid}
    assert Purse.of("DKK", sum((t.kroner for t in report.transfers), Decimal("0"))) == report.moved
    owed = {row.player: row for row in outstanding_by_player(club)}
    assert owed == {}


@pytest.mark.parametrize("name, renamed, row", [
    ("karlsruhe/seed-table.json", "Spieler 2", "game-1"),     # Königsrufer Spieler 2 + Spieler 1
    ("selca/worked-examples.json", "Bojan", "game-1"),         # tri Bojan
])
def test_a_sheet_row_names_its_declarer_and_dealer_now_beside_the_seated_name(admin_client, club, golden_dir, name,
                                                                            renamed, row):
    """The Karlsruhe and Selca sheets write a row's declarer from the deal (its name as seated), the
    Selca formula's words name him as seated, and the dealer column reads his key: each says the
    name now (docs/names.md, points 2 and 3)."""
    from html import unescape

    table = services.evening_import(club=club, data=json.loads((golden_dir / name).read_text()))
    services.evening_close(evening=table.evening)
    services.player_rename(player=Player.objects.get(club=club, name=renamed), name="Omdøbt")
    page = admin_client.get(reverse("scoring:table_detail", args=[table.pk])).content.decode()
    cell = page[page.index(f'id="{row}"'):]
    cell = " ".join(unescape(re.sub(r"<[^>]+>", " ", cell[:cell.index("</td>")])).split())
    assert f"Omdøbt ({renamed})" in cell and not re.search(rf"(?<!\(){renamed}", cell), cell
    assert f'title="Giver: {renamed}"' not in page and f'title="delilec: {renamed}"' not in page


def test_the_zapisnik_pdf_names_the_declarer_now_beside_the_seated_name(club, golden_dir):
    table = services.evening_import(club=club, data=json.loads((golden_dir / "selca/worked-examples.json").read_text()))
    services.evening_close(evening=table.evening)
    services.player_rename(player=Player.objects.get(club=club, name="Bojan"), name="Omdøbt")
    text = " ".join(pdf_text(render_evening_pdf(table.evening)).split())
    assert "Omdøbt (Bojan)" in text and not re.search(r"(?<!\()Bojan", text)


def test_a_long_tables_words_are_cut_before_a_name_never_inside_it():
    """A long table's line cuts a deal's words to the room beside the figures (``pdf.LINE_ROWS``):
    never inside a name, which cut short would name nobody or the wrong player."""
    from scoring.reports.pdf import _cut_whole

    names = {"Zoë", RENAMED, f"{RENAMED} (Zoë)", "Carl"}
    words = f"tout Carl · hele i hjerter {RENAMED} (Zoë)"
    assert _cut_whole(words, 36, names) == "tout Carl · hele i hjerter…"
    assert _cut_whole(words, 7, names) == "tout…"
    assert _cut_whole(words, 80, names) == words
