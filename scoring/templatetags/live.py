"""``{% other_tables table %}``: the table page's line of the evening's other tables, polled while the
evening is open (``scoring.views.live.table_others``)."""
from django import template

from scoring.views.live import other_tables as others_of
from scoring.views.live import page_etag

register = template.Library()


@register.inclusion_tag("scoring/partials/_other_tables_live.html", takes_context=True)
def other_tables(context, table):
    evening, request = table.evening, context.get("request")
    is_open = evening.closed_at is None
    etag = page_etag(request, table_pk=table.pk) if is_open and request is not None else ""   # before the read
    return {"request": request, "table": table, "open": is_open, "etag": etag, "others": others_of(evening, table.pk)}
