"""Seating a new table: its card frozen, its players checked by the family, its pots opened."""
from __future__ import annotations

import json

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.engine import families
from scoring.engine.problems import problem
from scoring.models import Club, EntryKind, Evening, EveningEvent, EveningEventKind, Player, Seat, Table

from scoring.selectors.members import identity, identity_name

from .errors import RecordingError
from .journal import _post, _user
from .locks import _check_open, _lock_evening
from .summaries import summary_refresh


def builtin_card(rules: str):
    """The built-in card named ``rules`` of whichever family has it; ``RecordingError`` if none."""
    family = families.family_of_rules(rules)
    if family is None:
        raise RecordingError.from_problems([problem(None, "rules", "unknown_rules", name=rules)])
    return family.rate_card(rules)


def club_card(club: Club):
    """The card a club plays with now: its own default card, else its built-in card."""
    return club.default_card.card() if club.default_card_id else builtin_card(club.rules)


@transaction.atomic
def table_create(*, evening: Evening, players: list[Player], rules: str | None = None, card=None, user=None,
                 seat_names=None, _log: bool = True) -> Table:
    """Seat 3–5 players (in dealing order) at a new table of ``evening`` and open its cups. The card
    is ``card``, else the built-in card named ``rules``, else the club's; it is frozen on the table,
    and its family is the table's game (how many may sit, the deal form, the engine).
    New tables of one evening are made one at a time (the evening row locked): each its own number."""
    evening = _lock_evening(evening.pk)
    _check_open(evening)
    if card is None:
        card = builtin_card(rules) if rules else club_card(evening.club)
    family = families.family_of_card(card)
    # the names the deals will write: the players' own, or an imported file's (``seat_names``), a
    # name of which may have been answered to be a member of another spelling
    names = tuple(seat_names) if seat_names is not None else tuple(p.name for p in players)
    problems = family.validate_players(names, card)
    if problems:
        raise RecordingError.from_problems(problems)
    if any(p.club_id != evening.club_id for p in players):
        raise RecordingError.single("players", _("Alle spillere skal være medlemmer af klubben."))
    # a duplicate merged into another player is that player (selectors.members): he sits once
    who = [p.merged_into_id or p.pk for p in players]
    twice = sorted({p.name for p, i in zip(players, who) if who.count(i) > 1})
    if twice:
        raise RecordingError.single("players", _("%(names)s er samme spiller; en spiller kan kun sidde ét sted ved "
                                                 "bordet.") % {"names": ", ".join(twice)})
    seated = set(Seat.objects.filter(table__evening=evening).annotate(who=identity()).filter(who__in=who)
                 .values_list(identity_name(), flat=True))
    if seated:
        raise RecordingError.single("players", _("%(names)s sidder allerede ved et andet bord i aften.")
                                    % {"names": ", ".join(sorted(seated))})
    # the evening's tables know their players by the names they sat down with (``Seat.name``): a
    # renamed player's old name, taken since by another player, may not sit twice in one evening
    clash = sorted(set(Seat.objects.filter(table__evening=evening, name__in=names).values_list("name", flat=True)))
    if clash:
        raise RecordingError.single("players", _("%(names)s sidder allerede ved et andet bord i aften.")
                                    % {"names": ", ".join(clash)})
    number = (evening.tables.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    table = Table.objects.create(evening=evening, number=number, rules=card.name, family=family.name,
                                 rate_card_json=json.dumps(card.to_dict(), ensure_ascii=False))
    Seat.objects.bulk_create([Seat(table=table, player=p, position=i, name=name)
                              for i, (p, name) in enumerate(zip(players, names))])
    _post(table, family.settle_opening(names, card), EntryKind.OPENING, dict(zip(names, players)))
    if _log:   # an import logs one event of its own
        EveningEvent.objects.create(evening=evening, kind=EveningEventKind.TABLE_CREATED, table=table, user=_user(user))
    summary_refresh(evening, players)
    return table
