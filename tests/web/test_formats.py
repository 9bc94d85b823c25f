"""One date format per language and one way to write money in each currency: tarokklub/formats via
FORMAT_MODULE_PATH for dates everywhere, scoring/currency.py for amounts, the chart's dates from the same."""
import datetime as dt
import re
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from django.template import Context, Template
from django.utils import translation

from scoring.reports.charts import FONT_SIZE, cumulative_svg
from scoring.currency import format_money, format_purse, format_rate
from scoring.engine.money import Purse
from scoring.models import Player
from tests.web.test_stats_views import add_evenings

MOMENT = dt.datetime(2026, 11, 24, 15, 19, tzinfo=ZoneInfo("Europe/Copenhagen"))


def render(lang: str, source: str, **context) -> str:
    with translation.override(lang):
        return Template("{% load i18n %}" + source).render(Context(context))


@pytest.mark.parametrize("lang, short_date, date, short_datetime", [
    ("da", "24.11.2026", "24. november 2026", "24.11.2026 15:19"),
    ("en", "24 Nov 2026", "24 November 2026", "24 Nov 2026, 15:19"),
    ("de", "24.11.2026", "24. November 2026", "24.11.2026 15:19"),
    ("sl", "24. 11. 2026", "24. novembra 2026", "24. 11. 2026, 15:19"),   # a day's month in the genitive
])
def test_dates_in_the_language_of_the_page(lang, short_date, date, short_datetime):
    assert render(lang, '{{ d|date:"SHORT_DATE_FORMAT" }}', d=MOMENT.date()) == short_date
    assert render(lang, '{{ d|date:"DATE_FORMAT" }}', d=MOMENT.date()) == date
    assert render(lang, '{{ d|date:"SHORT_DATETIME_FORMAT" }}', d=MOMENT) == short_datetime
    assert not re.search(r"\d/\d|[ap]\.m\.", render(lang, '{{ d|date:"DATETIME_FORMAT" }}', d=MOMENT))


@pytest.mark.parametrize("lang, currency, amount, rate", [
    ("da", "DKK", "-1.234,50 kr.", "0,10 kr."), ("da", "EUR", "-1.234,50 €", "0,10 €"),
    ("da", "CHF", "-1.234,50 CHF", "0,10 CHF"),
    ("en", "DKK", "-DKK 1,234.50", "DKK 0.10"), ("en", "EUR", "-€1,234.50", "€0.10"),
    ("en", "CHF", "-CHF 1,234.50", "CHF 0.10"),
    ("de", "DKK", "-1.234,50 DKK", "0,10 DKK"), ("de", "EUR", "-1.234,50 €", "0,10 €"),
    ("de", "CHF", "-1.234,50 CHF", "0,10 CHF"),
    ("sl", "DKK", "-1.234,50 DKK", "0,10 DKK"), ("sl", "EUR", "-1.234,50 €", "0,10 €"),
    ("sl", "CHF", "-1.234,50 CHF", "0,10 CHF"),
])
def test_money_in_each_currency_as_each_language_writes_it(lang, currency, amount, rate):
    """scoring/currency.py, the one place: the amount with two decimals and grouped thousands, a
    rate with at least two decimals, the currency's symbol where the language puts it."""
    assert format_money(Decimal("-1234.5"), currency, lang) == amount
    assert format_rate(Decimal("0.1000"), currency, lang) == rate


def test_money_details():
    assert format_rate(Decimal("0.1234"), "DKK", "da") == "0,1234 kr."      # a rate keeps its four decimals
    assert format_money(Decimal("13.6000000000000"), "EUR", "de") == "13,60 €"
    assert format_money(Decimal("-0.001"), "DKK", "da") == "0,00 kr."        # never "-0,00"
    assert format_money(Decimal("1234567.89"), "DKK", "da") == "1.234.567,89 kr."
    with translation.override("en"):        # no language given: the page's
        assert format_money(Decimal("-12.5"), "DKK") == "-DKK 12.50"
    with translation.override("de-at"):     # a regional variant reads as its language
        assert format_money(Decimal("0.25"), "EUR") == "0,25 €"
    # a sum over evenings: each currency on its own, never added together
    assert format_purse(Purse({"EUR": Decimal("3"), "DKK": Decimal("12.5")}), "da") == "12,50 kr. · 3,00 €"
    assert format_purse(Purse(), "da") == "—"


def test_the_rate_reads_like_an_amount():
    for lang, rate, said in (("en", "DKK 0.25", "DKK 0.25 per point"), ("da", "0,25 kr.", "0,25 kr. pr. point"),
                             ("de", "0,25 €", "0,25 € pro Punkt"), ("sl", "0,25 €", "0,25 € na točko")):
        with translation.override(lang):
            assert translation.gettext("%(rate)s pr. point") % {"rate": rate} == said


def test_chart_labels_are_big_enough_for_a_phone():
    svg = cumulative_svg([("2 Jan 2026", 10), ("4 Jan 2026", -30)], title="x")
    width = float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))
    sizes = {float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)}
    assert sizes == {FONT_SIZE}
    assert FONT_SIZE * 364 / width >= 11          # 364 px of chart on a 390 px phone


@pytest.mark.django_db
@pytest.mark.parametrize("lang, first, last", [("da", "02.01.2026", "04.01.2026"), ("en", "2 Jan 2026", "4 Jan 2026")])
def test_player_chart_dates_in_the_language(keeper_client, club, lang, first, last):
    add_evenings(club, 1, 3)
    keeper_client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    anne = Player.objects.get(club=club, name="Anne")
    chart = keeper_client.get(f"/players/{anne.pk}/").context["chart"]
    assert f">{first}</text>" in chart and f">{last}</text>" in chart


def test_payment_reasons_are_english_on_an_english_page():
    from families.danish.words import REASON_NAMES

    with translation.override("en"):
        names = {str(name) for name in REASON_NAMES.values()}
    danish = {"giverafgift", "pagat hjem", "pagat tabt", "konge tabt", "sidste stik", "bøde", "melding",
              "tælling", "kop genfyldt", "tabt tout", "åbning", "deling"}
    assert not names & danish, names & danish
    assert {"dealer's fee", "pagat home", "last trick"} <= names
