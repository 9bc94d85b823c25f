"""``{% header_club as club_id %}``: the club whose standings the header's "Stilling" opens: the club of
the page (its club, evening, table, deal or player), else the user's only club; None for a
user of several clubs on a page of none (the header's club links lead on from there)."""
from __future__ import annotations

from django import template

from scoring.models import Club, Deal, Evening, Player, Table

register = template.Library()


@register.simple_tag(takes_context=True)
def header_club(context) -> int | None:
    for key in ("club", "evening", "table", "deal", "player"):
        found = context.get(key)
        if isinstance(found, Club):
            return found.pk
        if isinstance(found, (Evening, Player)):
            return found.club_id
        if isinstance(found, Table):
            return found.evening.club_id
        if isinstance(found, Deal):
            return found.table.evening.club_id
    clubs = context.get("my_clubs")
    if clubs is None:
        return None
    clubs = list(clubs)   # the header lists them anyway: the same query
    return clubs[0].pk if len(clubs) == 1 else None
