"""Short player names for the narrow columns of the phone sheet.

A column of the running sheet, the preview's table and the header's totals is as wide as its name:
five names like "Kristoffer" push the sheet off a 360 px screen. A name of at most five letters is
shown as it is ("Anne", "Dorte"); a longer one as its first four letters and a dot ("Kris."),
longer where two players' would be the same ("Kristo." and "Krista."). The full name is the
abbreviation's title, and ``name_legend`` lists the abbreviated ones under the sheet.

A name is cut only where the width needs it: ``short`` gives both the cut and the whole name, and the
stylesheet shows the whole one on a wide screen (static/css/app.css, ``.name-cut`` / ``.name-full``).
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache

from django import template
from django.template.base import render_value_in_context
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, pgettext

from scoring.reports.listings import pk_url

register = template.Library()

#: Letters kept before the dot; a name of up to one letter more is shown whole.
KEEP = 4


def _label(name: str, keep: int) -> str:
    if len(name) <= keep + 1:
        return name
    end = keep
    while end < len(name) and unicodedata.combining(name[end]):   # never split a letter from its accent
        end += 1
    cut = name[:end].rstrip()
    return name if end >= len(name) else f"{cut}."


@lru_cache(maxsize=256)
def short_names(players: tuple[str, ...]) -> dict[str, str]:
    """Each player's label, unique at the table: the name itself, or its start and a dot."""
    names = tuple(unicodedata.normalize("NFC", str(p)) for p in players)
    keep = dict.fromkeys(names, KEEP)
    while True:
        labels = {n: _label(n, keep[n]) for n in names}
        taken: dict[str, int] = {}
        for label in labels.values():
            taken[label] = taken.get(label, 0) + 1
        clashing = [n for n in names if taken[labels[n]] > 1 and labels[n] != n]
        if not clashing:
            break
        for n in clashing:
            keep[n] += 1
    return {p: labels[n] for p, n in zip(players, names)}


def _players(players) -> tuple[str, ...]:
    return tuple(str(p) for p in players or ())


@register.filter(name="same_words")
def same_words_filter(word, other) -> bool:
    """``{% if not label|same_words:"delilec" %}``: the game's own term beside the page's word only
    where they differ (``table_families.same_words``)."""
    from scoring.table_families import same_words

    return same_words(word, other)


@register.filter
def short(name, players) -> str:
    """``{{ name|short:sheet.players }}``: the player's label on the sheet: the name itself, or (safe
    HTML) its cut label for a narrow screen beside the whole name for a wide one."""
    label = short_names(_players(players)).get(str(name), str(name))
    if label == str(name):
        return label
    return format_html('<span class="name-cut">{}</span><span class="name-full">{}</span>', label, name)


def seated_label(seated: str, sheet) -> str:
    """A name as seated on a row of a phone's sheet (a deal's declarer): the label of his name now
    among the sheet's names (``short``), and the seated name beside it where the two differ
    (``TableSheet.called``; docs/names.md, point 3)."""
    now = sheet.name_now(seated)
    label = short(now, sheet.shown)
    return label if now == seated else format_html("{} ({})", label, seated)


@register.simple_tag
def name_legend(players) -> list[tuple[str, str]]:
    """``{% name_legend sheet.players as legend %}``: (label, full name) of every abbreviated name."""
    labels = short_names(_players(players))
    return [(labels[p], p) for p in _players(players) if labels[p] != p]


@register.simple_tag(takes_context=True)
def deal_links(context) -> str:
    """``{% deal_links %}``: a deal's links on every family's sheet, the first cell of its running
    row (of ``row`` on ``sheet``): "Ret" (while the table is open, for who may record, ``can_record``;
    never on a voided deal) and its history. Written here rather than included per row: a sheet
    has a row per deal, and the include's template work was the sheet's largest part (``manage.py
    bench``, ``table_page_60_deals_ms``); its two links by ``pk_url`` (one ``reverse`` per URL name,
    not two a row). The words as the templates' translate tags give them:
    ``blocktranslate`` leaves its text unescaped and escapes the number, ``translate`` escapes."""
    row, sheet = context["row"], context["sheet"]
    deal, n = row.deal, render_value_in_context(row.number, context)
    history = mark_safe(gettext("Historik for spil %(n)s") % {"n": n})
    edit = ""
    if context.get("can_record") and not sheet.closed and not row.voided:
        last = sheet.last_deal
        edit = format_html(
            '<a class="edit-link" id="{}" data-deal="{}" href="{}" aria-label="{}">{}</a>',
            "edit-last" if deal.pk == (last.pk if last is not None else None) else mark_safe(f"edit-{n}"), n,
            pk_url("scoring:deal_edit", deal.pk), mark_safe(gettext("Ret spil %(n)s") % {"n": n}),
            pgettext("knap på arket", "Ret"))
    return format_html('<td class="pin links"><span class="deal-links">{}<a class="history-link" id="history-{}" '
                       'href="{}" title="{}" aria-label="{}">⋯</a></span></td>',
                       edit, n, pk_url("scoring:deal_history", deal.pk), history, history)


@register.simple_tag
def cups_now(sheet) -> list[tuple[str, str, int]]:
    """``{% cups_now sheet as cups %}``: (pot name, its word, its content now) of each cup the
    table's card plays with (``TableSheet.pots``), worded by the family's ``pot_names``, for the
    shared table header (templates/scoring/family/)."""
    from scoring.table_families import table_family

    names = table_family(sheet.family.name).pot_names
    contents = dict(zip(sheet.family.cups, sheet.cups))
    return [(pot, names.get(pot, pot), contents.get(pot, 0)) for pot in sheet.pots]
