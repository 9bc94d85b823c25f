"""A player by his name now on a page (docs/names.md): ``{{ player|name_now }}`` is
``selectors.members.identity_of(player).name`` — a merged duplicate by the name of the one he was
merged into. Give the page's query ``player__merged_into`` so that it costs nothing. A name as
seated at a table (who deals, who sits out) by ``{{ name|called:sheet }}``."""
from __future__ import annotations

from django import template

from scoring.selectors.members import identity_of

register = template.Library()


@register.filter
def name_now(player) -> str:
    return identity_of(player).name


@register.filter
def member_now(event) -> str:
    """The member a line of the club's log is about, by his name now; the name it was written
    with (``ClubEvent.subject``) for a line about no player (a login's lockout)."""
    return identity_of(event.player).name if event.player_id is not None else event.subject


@register.filter
def called(seated, sheet):
    """``{{ seats.dealer|called:sheet }}``: a name as seated at ``sheet``'s table (or a list of
    them) as the page shows it: the name now, and the seated one beside it where they differ
    (``TableSheet.called``: "Bent (Bnet)")."""
    if not hasattr(sheet, "called"):   # a page without the table's sheet: the names as they are
        return seated
    if isinstance(seated, (list, tuple)):
        return [sheet.called(name) for name in seated]
    return sheet.called(seated)
