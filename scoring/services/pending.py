"""Deals sent to a tournament table past the round's length (docs/tournaments.md, "A round"): kept
outside the ledger (``PendingDeal``) until the director keeps one (recorded then as the table's next
deal) or drops it, each with a reason, logged in the tournament's log."""
from __future__ import annotations

import json

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import PendingDeal, PendingState, RoundState, Table, TournamentEvent, TournamentEventKind, TournamentRound

from .deals import deal_record
from .errors import RecordingError
from .journal import _user
from .tournaments import _reason


@transaction.atomic
def pending_store(*, table: Table, outcome, key=None, user=None) -> PendingDeal:
    """Keep a deal refused as ``BeyondRound`` outside the ledger for the director; the same key sent
    again is the same pending deal."""
    if key is not None:
        found = PendingDeal.objects.filter(key=key).first()
        if found is not None:
            return found
    return PendingDeal.objects.create(table=table, outcome_json=json.dumps(outcome, ensure_ascii=False), key=key,
                                      sent_by=_user(user))


def _pending(pending: PendingDeal, reason) -> tuple[PendingDeal, TournamentRound, str]:
    locked = (PendingDeal.objects.select_for_update(of=("self",)).select_related("table__evening")
              .get(pk=pending.pk))
    reason = _reason(reason)
    if locked.state != PendingState.PENDING:
        raise RecordingError.single("pending", _("Spillet er allerede afgjort."))
    found = TournamentRound.objects.select_related("tournament").filter(evening_id=locked.table.evening_id).first()
    if found is None or found.state != RoundState.PLAYING:
        raise RecordingError.single("pending", _("Runden spilles ikke længere."))
    return locked, found, reason


@transaction.atomic
def pending_keep(*, pending: PendingDeal, reason: str, user=None) -> PendingDeal:
    """The director keeps a deal sent past the round's length: recorded now as the table's next deal
    (the engine checks it as any deal), with a reason, logged."""
    locked, found, reason = _pending(pending, reason)
    deal = deal_record(table=locked.table, outcome=locked.outcome, user=user, beyond_round=True)
    locked.state, locked.deal, locked.reason = PendingState.KEPT, deal, reason
    locked.decided_by, locked.decided_at = _user(user), timezone.now()
    locked.save(update_fields=["state", "deal", "reason", "decided_by", "decided_at"])
    TournamentEvent.objects.create(tournament=found.tournament, kind=TournamentEventKind.DEAL_KEPT,
                                   round=found.number, reason=reason, user=_user(user),
                                   detail={"table": locked.table.number, "deal": deal.number})
    return locked


@transaction.atomic
def pending_drop(*, pending: PendingDeal, reason: str, user=None) -> PendingDeal:
    """The director drops a deal sent past the round's length, with a reason: never recorded, kept
    in the log."""
    locked, found, reason = _pending(pending, reason)
    locked.state, locked.reason = PendingState.DROPPED, reason
    locked.decided_by, locked.decided_at = _user(user), timezone.now()
    locked.save(update_fields=["state", "reason", "decided_by", "decided_at"])
    TournamentEvent.objects.create(tournament=found.tournament, kind=TournamentEventKind.DEAL_DROPPED,
                                   round=found.number, reason=reason, user=_user(user),
                                   detail={"table": locked.table.number, "outcome": locked.outcome})
    return locked
