"""django-tables2 tables: one per listing (STYLE.md habit 9), each exportable as CSV and XLSX."""
import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _


class StandingsTable(tables.Table):
    player = tables.Column(verbose_name=_("Spiller"), linkify=lambda record: reverse(
        "scoring:player_detail", args=[record["player_id"]]))
    evenings = tables.Column(verbose_name=_("Aftener"))
    deals = tables.Column(verbose_name=_("Spil"))
    points = tables.Column(verbose_name=_("Point"))
    kroner = tables.Column(verbose_name=_("Kroner"))
    average = tables.Column(verbose_name=_("Gns. pr. spil"))
    pagat_ultimo = tables.Column(verbose_name=_("Pagat ultimo"))
    king_ultimo = tables.Column(verbose_name=_("Konge ultimo"))
    pagat_bagud = tables.Column(verbose_name=_("Pagat bagud"))
    king_bagud = tables.Column(verbose_name=_("Konge bagud"))
    tout = tables.Column(verbose_name="Tout")
    nolo = tables.Column(verbose_name="Nolo")
    last_trick = tables.Column(verbose_name=_("Sidste stik"))
    meld_points = tables.Column(verbose_name=_("Meldepoint"))
    fines = tables.Column(verbose_name=_("Bøder"))
    best_evening = tables.Column(verbose_name=_("Bedste aften"))
    worst_evening = tables.Column(verbose_name=_("Værste aften"))

    class Meta:
        attrs = {"class": "standings", "id": "standings"}
        order_by = ("-points",)
        exclude = ()


class PlayerEveningsTable(tables.Table):
    date = tables.DateColumn(verbose_name=_("Dato"), short=True, linkify=lambda record: reverse(
        "scoring:evening_detail", args=[record.evening_id]))
    points = tables.Column(verbose_name=_("Point"))
    kroner = tables.Column(verbose_name=_("Kroner"))
    cumulative = tables.Column(verbose_name=_("Samlet"))
    closed = tables.BooleanColumn(verbose_name=_("Lukket"))

    class Meta:
        attrs = {"class": "player-evenings", "id": "player-evenings"}
        orderable = True


class EveningsTable(tables.Table):
    date = tables.DateColumn(verbose_name=_("Dato"), short=True, linkify=lambda record: reverse(
        "scoring:evening_detail", args=[record["id"]]))
    tables_count = tables.Column(verbose_name=_("Borde"))
    cups_shared = tables.Column(verbose_name=_("Kopper delt"))
    closed = tables.BooleanColumn(verbose_name=_("Lukket"))

    class Meta:
        attrs = {"class": "evenings", "id": "club-evenings"}
