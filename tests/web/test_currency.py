"""The club's currency (docs/money.md): sums over evenings kept per currency, never added across
two; the ways of paying per currency; a new club's proposal; money exported with two decimals and
no float, on every database (the formats of each currency and language: tests/web/test_formats.py;
an evening closed in kroner read after the club went over to euro: tests/web/test_figures.py)."""
import datetime as dt
import io
import json
import re
from decimal import Decimal

import pytest
from openpyxl import load_workbook

from scoring import services
from scoring.engine.money import Purse
from scoring.models import Club, Evening, EveningTransfer
from scoring.selectors import evening_summary
from scoring.selectors.payments import outstanding_by_player
from scoring.selectors.season import Scope, season_report
from scoring.selectors.standings import standings
from scoring.table import submissions
from tests.web.test_exports import read_csv
from tests.web.test_stats_views import add_evenings

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


def closed(club, golden_dir, date: str) -> Evening:
    data = {**json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text()), "date": date}
    table = services.evening_import(club=Club.objects.get(pk=club.pk), data=data)
    services.evening_close(evening=table.evening)
    return Evening.objects.get(pk=table.evening_id)


@pytest.fixture
def kroner_then_euro(club, golden_dir):
    """The golden evening closed in kroner; the club goes over to euro; the same evening again,
    closed in euro (at the same rate: the same figures in two currencies)."""
    kroner = closed(club, golden_dir, "2026-11-20")
    services.club_currency_set(club=club, currency="EUR")
    return kroner, closed(club, golden_dir, "2026-11-27")


def test_sums_over_evenings_keep_each_currency_apart(keeper_client, club, kroner_then_euro):
    kroner, euro = kroner_then_euro
    assert (evening_summary(kroner).currency, evening_summary(euro).currency) == ("DKK", "EUR")
    assert set(EveningTransfer.objects.filter(evening=euro).values_list("currency", flat=True)) == {"EUR"}
    anne = dict((p, k) for p, _t, k in evening_summary(kroner).totals)["Anne"]     # 80,00 each evening
    rows = {r.player: r for r in standings(club)}
    assert rows["Anne"].amounts == Purse({"DKK": anne, "EUR": anne})               # never 160 of anything
    owed = {r.player: r for r in outstanding_by_player(club)}
    assert owed["Bent"].owes == Purse({"DKK": Decimal("68.75"), "EUR": Decimal("68.75")})
    report = season_report(Scope(club, date_from=dt.date(2026, 11, 1)))
    moved = sum(t.kroner for t in report.transfers if t.evening_id == kroner.pk)
    assert report.moved == Purse({"DKK": moved, "EUR": moved})
    assert [b.currency for b in report.busiest] == ["DKK", "EUR"]
    assert {p.player: p.amounts for p in report.players}["Anne"] == Purse({"DKK": anne, "EUR": anne})
    total = f"{moved:.2f}".replace(".", ",")
    page = keeper_client.get(f"/clubs/{club.pk}/outstanding/").content.decode()
    assert f"<b>{total} kr. · {total} €</b>" in page
    # the export: one column per currency, each amount in its own, the other cell empty
    records = read_csv(keeper_client.get(f"/clubs/{club.pk}/outstanding/?_export=csv").content)
    assert records[0][2:] == ["Beløb (DKK)", "Beløb (EUR)"]
    assert {(bool(r[2]), bool(r[3])) for r in records[1:]} == {(True, False), (False, True)}


def test_the_ways_of_paying_follow_the_currency(keeper_client, club, kroner_then_euro):
    from scoring.models import Payment

    kroner, euro = kroner_then_euro
    in_kroner = EveningTransfer.objects.filter(evening=kroner).first()
    in_euro = EveningTransfer.objects.filter(evening=euro).first()
    url = f"/clubs/{club.pk}/payments/new/"
    assert "MobilePay" in keeper_client.get(f"{url}?transfer={in_kroner.pk}").content.decode()
    assert "MobilePay" not in keeper_client.get(f"{url}?transfer={in_euro.pk}").content.decode()
    response = keeper_client.post(f"{url}?transfer={in_euro.pk}", {
        "submission": submissions.new_key(), "payer": in_euro.payer_id, "receiver": in_euro.receiver_id,
        "amount": "1,00", "currency": "EUR", "method": "mobilepay", "paid_on": "2026-11-27"})
    assert response.status_code == 422 and response.context["form"].errors.get("method")
    assert not Payment.objects.exists()
    # the service holds the rule too, naming the field
    paid = {"club": club, "payer": in_euro.payer_id, "receiver": in_euro.receiver_id, "amount": "1,00",
            "currency": "EUR"}
    with pytest.raises(services.RecordingError) as refused:
        services.payment_record(method="mobilepay", **paid)
    assert refused.value.errors[0].field == "method"
    services.payment_record(method="bank", **paid)


@pytest.mark.parametrize("language, chosen, currency", [("de", "", "EUR"), ("sl", "", "EUR"), ("da", "", "DKK"),
                                                        ("de", "CHF", "CHF")])
def test_a_new_club_proposes_the_currency_of_its_language(language, chosen, currency):
    from scoring.admin import ClubAdminForm

    form = ClubAdminForm(data={"name": f"Klub {language}{chosen}", "kroner_per_point": "0.25", "rules": "vlk",
                               "language": language, "currency": chosen})
    assert form.is_valid(), form.errors
    assert form.save().currency == currency


def test_money_is_exported_with_two_decimals_on_every_database(keeper_client, club):
    """At 0,10 a point SQLite's sum of the summaries came back as a float (13.6000000000000) and the
    outstanding amounts in hundredths as 7.5 and 10: every amount now has its two decimals."""
    Club.objects.filter(pk=club.pk).update(kroner_per_point=Decimal("0.10"))
    add_evenings(club, 1, 3)
    two_decimals = re.compile(r"-?[0-9]+,[0-9]{2}")
    standings_csv = read_csv(keeper_client.get(f"/clubs/{club.pk}/standings/?_export=csv").content)
    outstanding_csv = read_csv(keeper_client.get(f"/clubs/{club.pk}/outstanding/?_export=csv").content)
    amount = standings_csv[0].index("Beløb (DKK)")
    owed = outstanding_csv[0].index("Beløb (DKK)")
    money = [r[amount] for r in standings_csv[1:]] + [r[owed] for r in outstanding_csv[1:]]
    assert all(two_decimals.fullmatch(cell) for cell in money), money
    assert any(cell.endswith("0") for cell in money)              # "13,60", "7,50", "10,00"
    assert [Decimal(r[amount].replace(",", ".")) for r in standings_csv[1:]] == [r.amounts["DKK"] for r in standings(club)]
    for url in (f"/clubs/{club.pk}/standings/?_export=xlsx", f"/clubs/{club.pk}/outstanding/?_export=xlsx"):
        sheet = load_workbook(io.BytesIO(keeper_client.get(url).content)).active
        column = [c.value for c in sheet[1]].index("Beløb (DKK)")
        cells = [row[column] for row in sheet.iter_rows(min_row=2)]
        assert cells and all(c.data_type == "n" and c.number_format == "#,##0.00" for c in cells)
