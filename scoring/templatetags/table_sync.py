"""The table page's data for its offline queue (``scoring.table.sync.page_data``), as a JSON block the
script reads (``<script type="application/json">``: data, not code; the page has no inline script)."""
from django import template
from django.utils.html import json_script

from scoring.table import sync

register = template.Library()


@register.simple_tag
def table_sync_data(table, sheet, form):
    return json_script(sync.page_data(table, sheet, form), "table-sync-data")
