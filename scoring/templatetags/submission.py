"""``{% submission_field %}``: the hidden one-time key of a writing form (``scoring.table.submissions``)."""
from django import template
from django.utils.html import format_html

from scoring.table.submissions import FIELD, new_key

register = template.Library()


@register.simple_tag
def submission_field():
    """A fresh key each time a form is rendered: sending that form twice writes once."""
    return format_html('<input type="hidden" name="{}" value="{}">', FIELD, new_key())
