"""``{% other_tables table %}``: the table page's line of the evening's other tables, polled while the
evening is open (``scoring.views_live.table_others``)."""
from django import template

from scoring.views_live import other_tables as others_of

register = template.Library()


@register.inclusion_tag("scoring/partials/_other_tables_live.html", takes_context=True)
def other_tables(context, table):
    evening = table.evening
    return {"request": context.get("request"), "table": table, "open": evening.closed_at is None,
            "others": others_of(evening, table.pk)}
