"""A listing's cells written from Python (``scoring/templatetags/listing_cells.py``): byte for byte
the HTML of django-tables2's own ``table.html``, whatever the columns' attributes, links, escaping
and localisation."""
import datetime as dt
from decimal import Decimal

import django_tables2 as tables
import pytest
from django.conf import settings
from django.test import RequestFactory
from django.utils import translation
from django_tables2.utils import AttributeDict

from scoring.listings import KronerColumn, TypedBooleanColumn, TypedDateColumn, standings_table

OWN = "django_tables2/table.html"


class Mixed(tables.Table):
    name = tables.Column(linkify=lambda record: f"/players/{record['id']}/", attrs={"td": {"class": "player"}})
    # asked for each record: a class that differs from row to row
    points = tables.Column(attrs={"td": {"class": lambda record: "neg" if record["points"] < 0 else "pos",
                                         "data-id": lambda record: record["id"]}})
    share = tables.Column(localize=True)
    raw = tables.Column(localize=False)
    note = tables.Column(attrs={"cell": {"title": "note"}})
    date = TypedDateColumn(short=True)
    kroner = KronerColumn()
    closed = TypedBooleanColumn()

    class Meta:
        attrs = {"class": "mixed", "td": {"data-table": "mixed"}}


ROWS = [{"id": 1, "name": "Anne <b>", "points": 12, "share": Decimal("1234.5"), "raw": 1234.5,
         "note": "a & b", "date": dt.date(2026, 11, 24), "kroner": Decimal("-3.25"), "closed": True},
        {"id": 2, "name": "Bent", "points": -7, "share": 0.25, "raw": Decimal("7.5"), "note": None,
         "date": dt.date(2026, 1, 2), "kroner": Decimal("10"), "closed": False}]


def _both(make, lang="da"):
    request = RequestFactory().get("/", {"sort": "-points"})
    with translation.override(lang):
        mine, own = make(), make()
        own.template_name = OWN
        for table in (mine, own):
            tables.RequestConfig(request).configure(table)
        return mine.as_html(request), own.as_html(request)


def test_listings_use_it():
    assert settings.DJANGO_TABLES2_TEMPLATE == "scoring/listing_table.html"


@pytest.mark.parametrize("lang", ["da", "en"])
def test_same_html_as_django_tables2(lang):
    mine, own = _both(lambda: Mixed(ROWS), lang)
    assert mine == own
    assert 'class="neg"' in mine and 'class="pos"' in mine   # computed per record, not kept from the first
    assert "Anne &lt;b&gt;" in mine and 'href="/players/2/"' in mine


def test_same_html_for_the_standings():
    rows = [{"player_id": n, "player": name, "evenings": 2, "deals": 10, "points": 30 - n, "money": 30,
             "kroner": Decimal("7.5"), "average": 3, "best_evening": 20, "worst_evening": 10}
            for n, name in enumerate(["Anne", "Bent", "Carl"], 1)]
    mine, own = _both(lambda: standings_table(rows, "danish"))
    assert mine == own and 'href="/players/3/"' in mine


def test_an_empty_listing():
    mine, own = _both(lambda: Mixed([], empty_text="ingen"))
    assert mine == own and "ingen" in mine


def test_attrs_html_kept_once_per_table_only_when_static():
    table = Mixed(ROWS)
    request = RequestFactory().get("/")
    tables.RequestConfig(request).configure(table)
    table.as_html(request)
    kept = table.__dict__["_listing_td"]
    assert "points" not in kept   # computed per record
    # a column's own td attributes take the place of the table's
    assert kept["name"] == AttributeDict({"class": "player"}).as_html()
    assert kept["share"] == AttributeDict({"data-table": "mixed"}).as_html()


@pytest.mark.parametrize("name", ["scoring:evening_detail", "scoring:player_detail"])
def test_pk_url_is_reverse(name):
    from django.urls import reverse, set_script_prefix

    from scoring.listings import pk_url

    for pk in (1, 7, 120034):
        assert pk_url(name, pk) == reverse(name, args=[pk])
    set_script_prefix("/klub/")   # served under a prefix: reversed anew, not kept from before
    try:
        assert pk_url(name, 5) == reverse(name, args=[5]) and pk_url(name, 5).startswith("/klub/")
    finally:
        set_script_prefix("/")
