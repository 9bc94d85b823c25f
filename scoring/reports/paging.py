"""A listing's page and rows per page from the query string, for any value a person or a robot
may send: a number out of range or no number at all falls back to the first page (or the last one
there is) and the listing's own rows per page, never to an error (docs/brief: bad input never
crashes). ``per_page`` is bounded so that no request builds a page of the whole history."""
from __future__ import annotations

from django.core.paginator import EmptyPage, PageNotAnInteger
from django_tables2 import RequestConfig

#: The most rows one page of a listing shows, whatever ``per_page`` asks.
MAX_PER_PAGE = 100


def whole_number(text, default: int, lowest: int, highest: int) -> int:
    """``text`` as a whole number within [lowest, highest], else ``default`` (pure)."""
    text = (text or "").strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 12:
        return default
    return min(max(int(text), lowest), highest)


def configure(request, table, per_page: int, *, rows_counted: int | None = None) -> None:
    """Sort ``table`` as the query string asks (django-tables2 ignores an unknown column) and show
    the asked page of at most ``MAX_PER_PAGE`` rows. ``rows_counted``: the number of rows of a
    queryset listing when the caller has counted them already (with other sums in one query), so
    that the paginator does not count them again (django-tables2 keeps a queryset's count as
    ``_length`` of its data)."""
    RequestConfig(request, paginate=False).configure(table)
    if rows_counted is not None:
        table.data._length = rows_counted
    rows = whole_number(request.GET.get(table.prefixed_per_page_field), per_page, 1, MAX_PER_PAGE)
    page = whole_number(request.GET.get(table.prefixed_page_field), 1, 1, 10**12)
    try:
        table.paginate(page=page, per_page=rows)
    except (EmptyPage, PageNotAnInteger):
        table.paginate(page=table.paginator.num_pages, per_page=rows)
