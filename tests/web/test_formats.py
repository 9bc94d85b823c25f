"""One date format and one currency format per language: tarokklub/formats via
FORMAT_MODULE_PATH for dates everywhere, format_kroner for amounts, the chart's dates from the same."""
import datetime as dt
import re
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from django.template import Context, Template
from django.utils import translation

from scoring.reports.charts import FONT_SIZE, cumulative_svg
from scoring.numbers import format_kroner
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
])
def test_dates_in_the_language_of_the_page(lang, short_date, date, short_datetime):
    assert render(lang, '{{ d|date:"SHORT_DATE_FORMAT" }}', d=MOMENT.date()) == short_date
    assert render(lang, '{{ d|date:"DATE_FORMAT" }}', d=MOMENT.date()) == date
    assert render(lang, '{{ d|date:"SHORT_DATETIME_FORMAT" }}', d=MOMENT) == short_datetime
    assert not re.search(r"\d/\d|[ap]\.m\.", render(lang, '{{ d|date:"DATETIME_FORMAT" }}', d=MOMENT))


def test_one_currency_format_per_language():
    assert settings.FORMAT_MODULE_PATH == ["tarokklub.formats"]
    assert format_kroner(Decimal("-1234.5"), "da") == "-1.234,50 kr."
    assert format_kroner(Decimal("-1234.5"), "en") == "-DKK 1,234.50"
    assert format_kroner(Decimal("0.25"), "en") == "DKK 0.25"
    assert format_kroner(Decimal("1234.5"), "da") == "1.234,50 kr." and format_kroner(Decimal("-8.75"), "en") == "-DKK 8.75"
    assert format_kroner(Decimal("1234567.89"), "da") == "1.234.567,89 kr."
    assert format_kroner(Decimal("0.00"), "en") == "DKK 0.00"
    with translation.override("en"):        # no language given: the page's
        assert format_kroner(Decimal("-12.5")) == "-DKK 12.50"
    assert format_kroner(Decimal("-1234.5"), "de") == "-1.234,50 DKK"
    with translation.override("de"):
        assert format_kroner(Decimal("1234567.89")) == "1.234.567,89 DKK"
    with translation.override("de-at"):     # a regional variant reads as its language
        assert format_kroner(Decimal("0.25")) == "0,25 DKK"


def test_the_formats_modules_hold_the_separators_and_the_currency_pattern():
    """Django's own number formatting does the work (scoring/numbers.py), with tarokklub/formats' settings."""
    from django.utils import formats
    assert [formats.get_format(name, "da") for name in ("DECIMAL_SEPARATOR", "THOUSAND_SEPARATOR", "KRONER_FORMAT")] \
        == [",", ".", "{sign}{amount} kr."]
    assert [formats.get_format(name, "en") for name in ("DECIMAL_SEPARATOR", "THOUSAND_SEPARATOR", "KRONER_FORMAT")] \
        == [".", ",", "{sign}DKK {amount}"]
    from scoring.numbers import plain_decimal
    assert plain_decimal(Decimal("0.2500"), "da") == "0,25" and plain_decimal(Decimal("0.2500"), "en") == "0.25"


def test_the_rate_reads_like_an_amount_in_english():
    with translation.override("en"):
        assert translation.gettext("%(rate)s kr. pr. point") % {"rate": "0.25"} == "DKK 0.25 per point"
    with translation.override("da"):
        assert translation.gettext("%(rate)s kr. pr. point") % {"rate": "0,25"} == "0,25 kr. pr. point"


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
