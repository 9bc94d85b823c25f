"""A player by his name now on a page (docs/names.md): ``{{ player|name_now }}`` is
``selectors.members.identity_of(player).name`` — a merged duplicate by the name of the one he was
merged into. Give the page's query ``player__merged_into`` so that it costs nothing."""
from __future__ import annotations

from django import template

from scoring.selectors.members import identity_of

register = template.Library()


@register.filter
def name_now(player) -> str:
    return identity_of(player).name
