"""A table as an evening file (docs/format.md), and the open evening an upload may already be."""
from __future__ import annotations

import datetime as dt

from django.utils import timezone

from scoring.models import Evening, EveningEventKind, Table

from .sheets import table_names_now, table_player_names


def table_to_evening_file(table: Table) -> dict:
    """The table's evening in the interchange format (the current version of every deal): the
    players by the names they sat down with, as the deals name them, and ``players_now`` for each
    one the club calls otherwise now (a rename, a merge; docs/format.md)."""
    players = table_player_names(table)
    family = table.engine
    card = table.card
    deals = tuple(family.parse_deal(d.outcome, d.number, card)
                  for d in table.deals.filter(current=True).order_by("number"))
    builtin = family.rate_cards.get(card.name)
    embedded = None if builtin == card else card   # a club's own (or edited) card travels with the file
    data = family.evening_to_dict(family.make_evening(players, deals, card.name, table.evening.date, embedded))
    now = table_names_now(table)
    if now:
        keys = list(data)   # beside the players, the file's keys otherwise in their order
        data = {k: data[k] for k in keys[:keys.index("players") + 1]} | {"players_now": now} | {
            k: data[k] for k in keys[keys.index("players") + 1:]}
    return data


#: How long after creating an evening the same user is asked before creating the same one again.
SAME_EVENING_WINDOW = dt.timedelta(minutes=10)


def same_open_evening(club, date, names, user, now: dt.datetime | None = None) -> Table | None:
    """The table of an open evening of ``club`` on ``date`` that ``user`` created within
    ``SAME_EVENING_WINDOW`` and that seats exactly the players ``names`` (in any order): a second
    "Opret aften" for it is most likely the first one sent again (Back, then send), so the page
    asks before creating it."""
    since = (now or timezone.now()) - SAME_EVENING_WINDOW
    evenings = Evening.objects.filter(club=club, date=date, closed_at__isnull=True, events__kind=EveningEventKind.CREATED,
                                      events__user=user, events__at__gte=since)
    wanted = set(names)
    for table in (Table.objects.filter(evening__in=evenings).prefetch_related("seats__player")
                  .order_by("-evening_id", "number")):
        if set(table_player_names(table)) == wanted:
            return table
    return None
