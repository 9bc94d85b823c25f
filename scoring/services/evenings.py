"""Opening, closing (the family's split) and reopening an evening."""
from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import (
    Account, Club, EntryKind, Evening, EveningEvent, EveningEventKind, JournalEntry, Leg, RoundState, Table,
    TournamentRound
)

from .errors import RecordingError
from .journal import _minus, _post, _pot_movement, _reverse, _user, table_players, table_pots, table_state
from .locks import _check_open, _lock_evening
from .payments import transfers_clear, transfers_write
from .summaries import summary_refresh


@transaction.atomic
def evening_create(*, club: Club, date: dt.date | str, user=None) -> Evening:
    """A new evening of ``club`` on ``date``: it belongs to the season its date falls in
    (``Season.evenings_q``), nothing to pick."""
    if isinstance(date, str):
        date = dt.date.fromisoformat(date)
    evening = Evening.objects.create(club=club, date=date)
    EveningEvent.objects.create(evening=evening, kind=EveningEventKind.CREATED, user=_user(user))
    return evening


@transaction.atomic
def evening_close(*, evening: Evening, user=None) -> Evening:
    """Close every table by its family's split (the Danish cups shared, docs/rules/danish.md §2, booklet §12;
    nothing to share for a family without pots); totals are final, the evening read-only."""
    evening = _lock_evening(evening.pk)
    _check_open(evening)
    # a tournament's round closes its evening when the director closes the round (docs/tournaments.md)
    playing = TournamentRound.objects.filter(evening=evening, state=RoundState.PLAYING).values_list(
        "number", "tournament__name").first()
    if playing is not None:
        raise RecordingError.single("", _("Aftenen er runde %(n)s af %(name)s; den lukkes, når turneringslederen "
                                          "afslutter runden.") % {"n": playing[0], "name": playing[1]})
    for table in Table.objects.select_for_update().filter(evening=evening).order_by("pk"):
        players = table_players(table)
        running = dict.fromkeys(players, 0)
        names = {player.pk: name for name, player in players.items()}   # the names the table knows them by
        for player_id, total in (Leg.objects.filter(entry__table=table, account=Account.PLAYER)
                                 .values_list("player_id").annotate(t=Sum("amount")).values_list("player_id", "t")):
            running[names[player_id]] = total
        entry = table.engine.settle_split(tuple(players), table_state(table), running, table.card)
        _post(table, entry, EntryKind.SPLIT, players)
        Table.objects.filter(pk=table.pk).update(version=table.version + 1)
    evening.closed_at = timezone.now()
    # the rate and the currency frozen at the first close; a reopening keeps them (docs/money.md)
    evening.save(update_fields=["closed_at", *evening.freeze_money()])
    EveningEvent.objects.create(evening=evening, kind=EveningEventKind.CLOSED, user=_user(user))
    summary_refresh(evening)
    transfers_write(evening)   # who pays whom; the pair's payments are allocated to it when read
    return evening


@transaction.atomic
def evening_reopen(*, evening: Evening, user=None, reason: str) -> Evening:
    """Reopen a closed evening (club admins): the split entries are reversed, never deleted, and
    the reopening is logged with its reason."""
    evening = _lock_evening(evening.pk)
    if evening.closed_at is None:
        raise RecordingError.single("", _("Aftenen er ikke lukket."))
    if not (reason or "").strip():
        raise RecordingError.single("reason", _("Skriv en begrundelse."))
    for table in Table.objects.select_for_update().filter(evening=evening).order_by("pk"):
        for entry in JournalEntry.objects.filter(table=table, kind=EntryKind.SPLIT, reversed_by__isnull=True):
            _reverse(entry, _minus(table_pots(table), _pot_movement(entry)))
        Table.objects.filter(pk=table.pk).update(version=table.version + 1)
    evening.closed_at = None
    evening.save(update_fields=["closed_at"])
    EveningEvent.objects.create(evening=evening, kind=EveningEventKind.REOPENED, user=_user(user),
                                reason=reason.strip())
    # the transfers go until the next close; every payment stays (docs/money.md, "Payments")
    transfers_clear(evening)
    summary_refresh(evening)
    return evening
