"""The season report (page, A4 PDF, CSV/XLSX year-end export, ``manage.py season_report``): its
figures agree with the standings and with every evening's own settlement to the øre, for a season
and for any dates, with no evenings at all, and with each family's own highlights."""
import datetime as dt
import io
import re
import shutil
import subprocess
from pathlib import Path
from collections import defaultdict
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from openpyxl import load_workbook

from scoring import services
from scoring.models import Deal, Evening, PlayerDealStat, Role, Season
from scoring.currency import format_money
from scoring.engine.money import Purse
from scoring.selectors import evening_summary
from scoring.selectors.season import Scope, ScopeError, season_report, season_scope
from scoring.selectors.standings import standings
from scoring.services.seed import seed_history
from scoring.table_families import season_highlights
from tests.web.conftest import make_user
from tests.web.test_exports import read_csv

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


@pytest.fixture
def history():
    """Two seasons of three closed evenings, two tables each, and one open evening in the first."""
    club = seed_history(seasons=2, evenings=3, tables=2, deals=8, seed=11, name_prefix="Rapport")[0]
    return club


@pytest.fixture
def member_client(client, history):
    client.force_login(make_user(history, Role.MEMBER, "member"))
    return client


def first_season(club):
    return Season.objects.filter(club=club).order_by("starts").first()


def expected_money(evenings):
    """Each player's kroner and every transfer, as each evening's own settlement (its page) gives them."""
    kroner, transfers = defaultdict(Decimal), []
    for evening in evenings.order_by("date", "id"):
        summary = evening_summary(evening)
        for group in summary.families:
            for player, _points, amount in group.totals:
                kroner[player] += amount
            transfers += [(evening.pk, p.payer, p.payee, p.kroner) for p in group.payments]
    return kroner, transfers


def dkk(amounts: dict) -> dict:
    """Each player's amount in kroner as a sum over evenings (``money.Purse``)."""
    return {player: Purse.of("DKK", amount) for player, amount in amounts.items()}


def test_the_report_agrees_with_the_standings_and_the_evenings_to_the_ore(history):
    season = first_season(history)
    report = season_report(Scope(history, season=season))
    evenings = Evening.objects.filter(season.evenings_q(), closed_at__isnull=False)
    assert [e.evening_id for e in report.evenings] == list(evenings.order_by("date", "id").values_list("id", flat=True))
    assert len(report.rule_sets) == 1
    rs = report.rule_sets[0]
    assert list(rs.rows) == standings(history, evenings=evenings, rules=rs.rules, family=rs.family)
    kroner, transfers = expected_money(evenings)
    assert [(t.evening_id, t.payer, t.payee, t.kroner) for t in report.transfers] == transfers
    assert {p.player: p.amounts for p in report.players} == dkk(kroner)
    assert sum((p.amounts for p in report.players), Purse()) == Purse.of("DKK", 0)
    assert report.moved["DKK"] == sum(t[3] for t in transfers) > 0
    # every row's kroner are the standings' (one rule set: the same evenings, the same money)
    assert {r.player: r.amounts for r in rs.rows} == dkk(kroner)
    assert rs.best.points == max(r.best_evening for r in rs.rows)
    assert rs.worst.points == min(r.worst_evening for r in rs.rows)


def test_the_page_shows_the_same_figures(member_client, history):
    season = first_season(history)
    evenings = Evening.objects.filter(season.evenings_q(), closed_at__isnull=False)
    response = member_client.get(f"/clubs/{history.pk}/season/?season={season.pk}")
    assert response.status_code == 200
    html = response.content.decode()
    kroner, transfers = expected_money(evenings)
    for player, amount in kroner.items():
        assert f"<td>{player}</td>" in html and format_money(amount, "DKK") in html
    assert html.count('<tr data-evening=') == evenings.count() + len(transfers)
    assert html.count("<svg") >= 4           # points, cups, money per player, money per evening
    assert "<script" not in html.split("<main")[1]


def test_with_no_season_asked_the_page_shows_the_latest(member_client, history):
    latest = Season.objects.filter(club=history).order_by("-starts").first()
    html = member_client.get(f"/clubs/{history.pk}/season/").content.decode()
    assert f"Sæson {latest.name}" in html


def test_a_date_range(member_client, history):
    dates = list(Evening.objects.filter(club=history).order_by("date").values_list("date", flat=True))
    start, end = dates[1], dates[3]
    report = season_report(season_scope(history, date_from=start, date_to=end))
    assert [e.date for e in report.evenings] == dates[1:4]
    evenings = Evening.objects.filter(club=history, date__range=(start, end))
    kroner, transfers = expected_money(evenings)
    assert {p.player: p.amounts for p in report.players} == dkk(kroner)
    assert len(report.transfers) == len(transfers)
    html = member_client.get(f"/clubs/{history.pk}/season/?date_from={start}&date_to={end}").content.decode()
    assert html.count('<tr data-evening=') == 3 + len(transfers)


def test_a_season_with_no_evenings(member_client, history):
    empty = Season.objects.create(club=history, name="2030/31", starts=dt.date(2030, 8, 1), ends=dt.date(2031, 7, 31))
    report = season_report(Scope(history, season=empty))
    assert (report.evenings, report.rule_sets, report.transfers, report.players) == ((), (), (), ())
    response = member_client.get(f"/clubs/{history.pk}/season/?season={empty.pk}")
    assert response.status_code == 200
    assert 'id="season-empty"' in response.content.decode()
    pdf = member_client.get(f"/clubs/{history.pk}/season/pdf/?season={empty.pk}")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert len(read_csv(member_client.get(f"/clubs/{history.pk}/season/export.csv?season={empty.pk}").content)) == 1


@pytest.mark.parametrize("query, field", [
    ("season=999999", "season"), ("date_from=2026-13-01", "date_from"),
    ("date_from=2026-05-01&date_to=2026-01-01", "date_to"), ("season={season}&date_from=2026-01-01", "season"),
])
def test_bad_input_is_refused_at_its_field(member_client, history, query, field):
    season = first_season(history)
    for url in ("", "pdf/", "export.csv"):
        response = member_client.get(f"/clubs/{history.pk}/season/{url}?{query.format(season=season.pk)}")
        assert response.status_code == 400, (url, query)
        form = response.context["form"]
        assert form.errors.get(field), (url, form.errors)
    assert member_client.get(f"/clubs/{history.pk}/season/export.ods?season={season.pk}").status_code == 404
    assert member_client.get(f"/clubs/{history.pk}/season/export.csv?season={season.pk}&sheet=x").status_code == 400


def test_outsiders_see_nothing(client, history):
    other = services.club_create(name="Andre") if hasattr(services, "club_create") else None
    from scoring.models import Club
    other = other or Club.objects.create(name="Andre")
    client.force_login(make_user(other, Role.ADMIN, "outsider"))
    assert client.get(f"/clubs/{history.pk}/season/").status_code == 404
    assert client.get(f"/clubs/{history.pk}/season/pdf/?season={first_season(history).pk}").status_code == 404


def test_csv_and_xlsx_hold_every_evening_and_every_transfer(member_client, history):
    season = first_season(history)
    report = season_report(Scope(history, season=season))
    base = f"/clubs/{history.pk}/season/export"
    evenings = read_csv(member_client.get(f"{base}.csv?season={season.pk}&sheet=evenings").content)
    assert evenings[0][:2] == ["Dato", "Aften nr."]
    assert [int(r[1]) for r in evenings[1:]] == [e.evening_id for e in report.evenings]
    transfers = read_csv(member_client.get(f"{base}.csv?season={season.pk}&sheet=transfers").content)
    assert transfers[0] == ["Dato", "Aften nr.", "Spil", "Betaler", "Modtager", "Point", "Beløb (DKK)", "Betalt"]
    assert len(transfers) == len(report.transfers) + 1
    assert all(re.fullmatch(r"-?[0-9.]+,[0-9]{2}", r[6]) for r in transfers[1:])      # two decimals, "7,50"
    assert sum(Decimal(r[6].replace(".", "").replace(",", ".")) for r in transfers[1:]) == report.moved["DKK"]
    # nobody has paid yet: a transfer is unpaid, or set off against the pair's transfers the other way
    assert not any(r[7].startswith(("betalt", "delvis betalt")) for r in transfers[1:])
    response = member_client.get(f"{base}.xlsx?season={season.pk}")
    assert response["Content-Disposition"].endswith('.xlsx"')
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Aftener", "Overførsler"]
    rows = list(book["Overførsler"].values)
    assert len(rows) == len(report.transfers) + 1
    assert sum(Decimal(str(r[6])) for r in rows[1:]) == report.moved["DKK"]
    assert {c.number_format for c in list(book["Overførsler"].columns)[6][1:]} == {"#,##0.00"}
    assert isinstance(rows[1][0], dt.datetime)
    assert [r[1] for r in list(book["Aftener"].values)[1:]] == [e.evening_id for e in report.evenings]


def test_the_paid_column_reads_the_payments(history):
    """The books' paid column is what the pair's payments pay of each transfer (``selectors.payments``):
    a cent paid is a part payment of the pair's oldest transfer that way still open."""
    from scoring import services
    from scoring.models import EveningTransfer
    from scoring.selectors.payments import evenings_transfer_states

    season = first_season(history)
    report = season_report(Scope(history, season=season))
    ids = [e.evening_id for e in report.evenings]
    before = {s.id: s for s in evenings_transfer_states(ids)}
    first = report.transfers[0]
    stored = EveningTransfer.objects.get(evening_id=first.evening_id, family=first.family, payer__name=first.payer,
                                         receiver__name=first.payee)
    services.payment_record(club=history, payer=stored.payer_id, receiver=stored.receiver_id, amount=1,
                            currency=stored.currency, method="mobilepay")
    [paid] = [s for s in evenings_transfer_states(ids) if s.paid != before[s.id].paid]
    assert paid.paid - before[paid.id].paid == 1 and paid.words.startswith("delvis betalt: ")
    row = next(t for t in season_report(Scope(history, season=season)).transfers
               if (t.evening_id, t.family, t.payer, t.payee) == (paid.evening_id, paid.family, paid.payer, paid.receiver))
    assert row.paid == paid.words


def pdf_text(content: bytes) -> str:
    assert shutil.which("pdftotext"), "poppler-utils"
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True).stdout.decode()


def test_the_pdf_text(member_client, history):
    season = first_season(history)
    response = member_client.get(f"/clubs/{history.pk}/season/pdf/?season={season.pk}")
    assert response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    report = season_report(Scope(history, season=season))
    assert history.name in text and f"Sæson {season.name}" in text
    for p in report.players:
        assert p.player in text and format_money(p.amounts["DKK"], "DKK") in text
    for word in ("Stilling", "Højdepunkter", "Pagat ultimo", "Kopperne gennem sæsonen", "Pengene", "Overførsler",
                 "Kasserer"):
        assert word in text, word
    assert text.count(" → ") == len(report.transfers) + 1    # and the column heading


def test_the_command_writes_the_pdf(history, tmp_path):
    season = first_season(history)
    out = tmp_path / "report.pdf"
    call_command("season_report", "--club", str(history.pk), "--season", season.name, "--out", str(out))
    assert f"Sæson {season.name}" in pdf_text(out.read_bytes())
    dates = tmp_path / "dates.pdf"
    call_command("season_report", "--club", str(history.pk), "--from", "2016-01-01", "--to", "2017-12-31",
                 "--out", str(dates))
    assert dates.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("args, option", [
    (["--season", "1999/00"], "--season"), (["--from", "2016-02-30"], "--from"), ([], "--season"),
    (["--season", "2016/17", "--from", "2016-01-01"], "--season"), (["--from", "2017-01-01", "--to", "2016-01-01"], "--to"),
    (["--club", "999999", "--season", "2016/17"], "--club"), (["--season", "2016/17", "--out", "/no/such/dir/x.pdf"], "--out"),
    (["--sesaon", "x"], "unrecognized"),
])
def test_the_command_refuses_bad_input_in_one_line(history, tmp_path, capsys, args, option):
    if "--club" not in args:
        args = ["--club", str(history.pk), *args]
    if "--out" not in args:
        args = [*args, "--out", str(tmp_path / "x.pdf")]
    with pytest.raises(SystemExit) as stopped:
        call_command("season_report", *args)
    assert stopped.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and option in err, err
    assert not (tmp_path / "x.pdf").exists()


def report_queries(club, season) -> int:
    season_report(Scope(club, season=season))   # warm up (content types, the registry)
    with CaptureQueriesContext(connection) as queries:
        season_report(Scope(club, season=season))
    return len(queries)


def test_queries_do_not_grow_with_the_history():
    small = seed_history(seasons=1, evenings=2, tables=2, deals=4, seed=3, name_prefix="Lille")[0]
    large = seed_history(seasons=3, evenings=4, tables=3, deals=8, seed=4, name_prefix="Stor")[0]
    assert report_queries(small, first_season(small)) == report_queries(large, Season.objects.filter(club=large)
                                                                         .order_by("-starts").first())


def highlight_deals(club, rules) -> dict[str, dict[int, set[str]]]:
    """{highlight: {deal id: the players who had it}} of the club's current deals, read in Python."""
    names = [name for name, _word in season_highlights(PlayerDealStat.objects.filter(evening__club=club)
                                                        .values_list("deal__table__family", flat=True).first(), rules)]
    found = {n: defaultdict(set) for n in names}
    for deal, player, figures in PlayerDealStat.objects.filter(evening__club=club, deal__current=True).values_list(
            "deal_id", "player__name", "figures"):
        for n in names:
            if figures.get(n):
                found[n][deal].add(player)
    return found


@pytest.mark.parametrize("family, expected", [
    ("danish", ["pagat_ultimo", "king_ultimo", "pagat_bagud", "king_bagud", "tout", "nolo"]),
    ("karlsruhe", ["declarer", "declarer_won", "valat", "fahrer", "radl"]),
    ("selca", ["declarer", "declarer_won", "valat", "klop", "mondfang", "pagatfonk", "renons"]),
])
def test_each_family_has_its_own_highlights(member_client, family, expected):
    club = seed_history(seasons=1, evenings=2, tables=1, deals=30, seed=5, name_prefix=family, family=family)[0]
    member_client.force_login(make_user(club, Role.MEMBER, f"m-{family}"))
    report = season_report(Scope(club, season=first_season(club)))
    (rs,) = report.rule_sets
    assert [h.name for h in rs.highlights] == expected
    # each a count of deals, not of the players in them (a Fahrer's four players make one Fahrer)
    had = highlight_deals(club, rs.rules)
    assert {h.name: h.total for h in rs.highlights} == {n: len(deals) for n, deals in had.items()}
    assert sum(h.total for h in rs.highlights) > 0
    for h in rs.highlights:
        if h.total:
            assert sum(h.leader in players for players in had[h.name].values()) == h.leader_count > 0
    if family == "karlsruhe":
        fahrer = sum(1 for d in Deal.objects.filter(table__evening__club=club, current=True)
                     if d.outcome.get("game") == "fahrer")
        assert next(h.total for h in rs.highlights if h.name == "fahrer") == fahrer > 0
    html = member_client.get(f"/clubs/{club.pk}/season/?season={first_season(club).pk}").content.decode()
    for h in rs.highlights:
        assert f'data-figure="{h.name}"' in html
    assert bool(rs.cups) == (family == "danish")
    # a written score (Selca) pays by its money rule: the transfers are still each evening's own
    kroner, transfers = expected_money(Evening.objects.filter(club=club))
    assert {p.player: p.amounts for p in report.players} == dkk(kroner)
    assert [(t.evening_id, t.payer, t.payee, t.kroner) for t in report.transfers] == transfers
    assert list(rs.rows) == standings(club, evenings=Evening.objects.filter(club=club, closed_at__isnull=False),
                                      rules=rs.rules, family=rs.family)


def test_the_old_german_cards_have_their_own():
    names = {rules: [n for n, _w in season_highlights("danish", rules)]
             for rules in ("vlk", "aeldre1900", "taroc1754", "grosstarock")}
    assert names["vlk"] == ["pagat_ultimo", "king_ultimo", "pagat_bagud", "king_bagud", "tout", "nolo"]
    assert "failed_tout" in names["aeldre1900"] and "failed_tout" in names["grosstarock"]
    # 1754 pays nothing for the kings and refuses a tout (docs/rules/grosstarock.md §2)
    assert names["taroc1754"] == ["pagat_ultimo", "pagat_bagud", "nolo"]
    assert "king_ultimo" in names["grosstarock"] and "tout" in names["grosstarock"]
    assert [n for n, _w in season_highlights("danish", "my own card")] == [
        "pagat_ultimo", "king_ultimo", "pagat_bagud", "king_bagud", "tout", "failed_tout", "nolo"]


def test_a_card_without_cups_has_no_cups_section(club, golden_dir):
    """grosstarock is a Danish card without cups (docs/rules/grosstarock.md §1): no cups' history
    and no largest cup, though its family has cups."""
    import json

    table = services.evening_import(club=club, data=json.loads((golden_dir / "grosstarock/grosstarock-worked.json")
                                                               .read_text()))
    services.evening_close(evening=table.evening)
    (rs,) = season_report(Scope(club, date_from=table.evening.date, date_to=table.evening.date)).rule_sets
    assert (rs.rules, rs.cups, rs.largest_cup) == ("grosstarock", (), None)


def test_scope_errors_name_their_field(history):
    with pytest.raises(ScopeError) as error:
        season_scope(history)
    assert error.value.field == "season"


def test_a_family_without_a_hook_shows_its_standings_figures(member_client, history):
    """The minimal test family names no highlights: the report shows the figures its standings
    show (``default_highlights``), under its own words, from its stored figures."""
    players = [services.player_get_or_create(club=history, name=n) for n in ("Anna", "Bo", "Cai")]
    season = Season.objects.create(club=history, name="mini", starts=dt.date(2031, 1, 1), ends=dt.date(2031, 1, 31))
    deals = [{"Anna": 30, "Bo": 10, "Cai": 5}, {"Anna": 2, "Bo": 40, "Cai": 9}, {"Anna": 50, "Bo": 1, "Cai": 0}]
    for day in (1, 8):
        evening = services.evening_create(club=history, date=dt.date(2031, 1, day))
        table = services.table_create(evening=evening, players=players, rules="minifamily")
        for counts in deals:
            services.deal_record(table=table, outcome={"dealer": "Anna", "counts": counts})
        services.evening_close(evening=evening)
    report = season_report(Scope(history, season=season))
    (rs,) = report.rule_sets
    assert (rs.family, [(h.name, h.word) for h in rs.highlights]) == ("minifamily", [("won", "Vundet")])
    (won,) = rs.highlights
    assert (won.total, won.leader, won.leader_count) == (6, "Anna", 4)
    assert [c.date for c in rs.cups] == [dt.date(2031, 1, 1), dt.date(2031, 1, 8)]   # its kitty is a cup
    kroner, transfers = expected_money(Evening.objects.filter(season.evenings_q()))
    assert {p.player: p.amounts for p in report.players} == dkk(kroner)
    assert [(t.evening_id, t.payer, t.payee, t.kroner) for t in report.transfers] == transfers
    html = member_client.get(f"/clubs/{history.pk}/season/?season={season.pk}").content.decode()
    assert 'data-figure="won"' in html and "Vundet" in html


@pytest.mark.parametrize("lang, words", [
    ("en", ["Season report", "Highlights", "The money", "Transfers"]),
    ("de", ["Saisonbericht", "Höhepunkte", "Das Geld", "Zahlungen"]),
    ("sl", ["Poročilo sezone", "Vrhunci", "Denar", "Nakazila"]),
    ("da", ["Sæsonrapport", "Højdepunkter", "Pengene", "Overførsler"]),
])
def test_every_language(member_client, history, lang, words):
    season = first_season(history)
    member_client.cookies["django_language"] = lang
    html = member_client.get(f"/clubs/{history.pk}/season/?season={season.pk}", HTTP_ACCEPT_LANGUAGE=lang)
    text = html.content.decode()
    for word in words:
        assert word in text, (lang, word)
    pdf = member_client.get(f"/clubs/{history.pk}/season/pdf/?season={season.pk}", HTTP_ACCEPT_LANGUAGE=lang)
    assert words[0] in pdf_text(pdf.content)


def test_the_pdf_is_a4_and_its_charts_are_drawn(member_client, history, tmp_path):
    """The PDF's pages as images (pdftoppm): A4 upright, and the charts' ink is on them (a page of
    text only has no block of the chart's green). ``SHOTS=/dir`` keeps the images to look at."""
    import os

    from PIL import Image

    season = first_season(history)
    pdf = tmp_path / "season.pdf"
    pdf.write_bytes(member_client.get(f"/clubs/{history.pk}/season/pdf/?season={season.pk}").content)
    subprocess.run(["pdftoppm", "-r", "60", "-png", str(pdf), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page*.png"))
    assert len(pages) >= 2
    green = 0
    for path in pages:
        image = Image.open(path).convert("RGB")
        width, height = image.size
        assert abs(height / width - 297 / 210) < 0.02, (path.name, image.size)
        green += {colour: n for n, colour in image.getcolors(1 << 24)}.get((0x24, 0x45, 0x3a), 0)
        if os.environ.get("SHOTS"):
            shutil.copy(path, Path(os.environ["SHOTS"]) / f"season-pdf-{path.name}")
    assert green > 500
