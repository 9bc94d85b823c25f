"""A listing's row cells rendered in Python, the same HTML as django-tables2's own table template.

django-tables2's ``table.html`` renders each cell through the template language: it looks up
``column.attrs.td.as_html`` (``BoundColumn.attrs`` builds the th, td and tf attributes of the
column afresh, classes and all, for every cell), ``column.localize`` once or twice and the cell
itself. On the player page that was most of the page's time. ``listing_cells`` writes the same
``<td>`` elements, with the same whitespace, from Python; a column's ``td`` attributes are built
once per table unless they (or the table's) hold a callable, which may answer differently for each
record and so is asked for each cell as django-tables2 does."""
from __future__ import annotations

from django import template
from django.template.base import render_value_in_context
from django.templatetags.l10n import localize, unlocalize
from django.utils.safestring import mark_safe

register = template.Library()

#: what django_tables2/table.html puts before and after each ``<td>`` of a row
_BEFORE, _AFTER = "\n                            <td ", "\n                        "


def _computed(attrs) -> bool:
    """Whether an attrs dict (nested dicts included) holds a callable: computed per record."""
    return any(callable(v) or (isinstance(v, dict) and _computed(v)) for v in (attrs or {}).values())


def _static_td(table, column) -> bool:
    return not any(_computed(source.get(key)) for source in (table.attrs, column.column.attrs)
                   for key in ("td", "cell"))


@register.simple_tag(takes_context=True)
def listing_cells(context, row):
    """The ``<td>`` cells of a django-tables2 ``BoundRow``, as ``django_tables2/table.html`` writes them."""
    table = row.table
    known = table.__dict__.setdefault("_listing_td", {})
    parts = []
    for column, cell in row.items():
        td = known.get(column.name)
        if td is None:
            td = column.attrs["td"].as_html()
            if _static_td(table, column):
                known[column.name] = td
        if column.localize is None:
            shown = render_value_in_context(cell, context)
        else:
            shown = render_value_in_context((localize if column.localize else unlocalize)(cell), context)
        parts.append(f"{_BEFORE}{render_value_in_context(td, context)}>{shown}</td>{_AFTER}")
    return mark_safe("".join(parts))
