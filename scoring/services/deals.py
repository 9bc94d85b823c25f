"""Recording, correcting and voiding a deal at a table: each settled by the engine in memory first,
then written in one transaction (nothing half-saved)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Count, Max, Q
from django.utils.translation import gettext as _

from scoring.engine import bounds
from scoring.engine.families import Family
from scoring.engine.problems import EveningError
from scoring.models import Account, Deal, EntryKind, EveningEvent, EveningEventKind, JournalEntry, Player, Table

from .errors import RecordingError
from .journal import (
    Version, _minus, _outcome_json, _pot_movement, _user, deal_versions_post, table_players, table_pots, table_state
)
from .locks import _writable_table
from .tournaments import check_round_length


def _parse(family: Family, outcome: Any, number: int, card):
    try:
        return family.parse_deal(outcome, number, card)
    except EveningError as exc:
        raise RecordingError.from_problems(exc.problems) from None


def next_deal_number(table: Table) -> int:
    """The number of the table's next deal: after the highest number ever used, so a voided deal
    keeps its number on the sheet and in the history (no later deal takes it)."""
    return (table.deals.aggregate(highest=Max("number"))["highest"] or 0) + 1


def _current_deals(table: Table) -> list[Deal]:
    return list(table.deals.filter(current=True).order_by("number"))


@transaction.atomic
def deal_record(*, table: Table, outcome: Any, user=None, expected_version: int | None = None,
                beyond_round: bool = False) -> Deal:
    """Record the next deal at ``table`` from its evening-file deal object (docs/format.md). At a
    tournament table that has played the round's length the deal is refused (``BeyondRound``: kept
    as pending for the director), unless the director keeps it (``beyond_round``)."""
    table = _writable_table(table, expected_version)
    _check_deal_bounds(table)
    number = next_deal_number(table)
    family = table.engine
    deal = _parse(family, outcome, number, table.card)
    players = table_players(table)
    entry = _settle(family, players, number, deal, table_state(table, players=tuple(players)), table.card)
    if not beyond_round:
        check_round_length(table)     # after the engine's own checks: an invalid deal is refused as such
    saved = Deal(table=table, number=number, dealer=players[deal.dealer], kind=deal.kind.value,
                 outcome_json=_outcome_json(family, deal), recorded_by=_user(user))
    deal_versions_post(table, players, [Version(saved, deal, entry)])
    EveningEvent.objects.create(evening=table.evening, kind=EveningEventKind.DEAL_RECORDED, table=table, deal=saved,
                                user=_user(user))
    return saved


def _check_deal_bounds(table: Table) -> None:
    """Refuse the next deal beyond ``bounds.MAX_DEALS_PER_TABLE`` or ``MAX_DEALS_PER_EVENING``."""
    # both counts in one query: it runs before every deal recorded (``manage.py bench``, record_deal_ms_median)
    counted = Deal.objects.filter(table__evening_id=table.evening_id, current=True).aggregate(
        at_evening=Count("pk"), at_table=Count("pk", filter=Q(table_id=table.pk)))
    if counted["at_table"] >= bounds.MAX_DEALS_PER_TABLE:
        raise RecordingError.single("kind", _("Et bord kan højst have %(max)s spil på en aften.")
                                    % {"max": bounds.MAX_DEALS_PER_TABLE})
    if counted["at_evening"] >= bounds.MAX_DEALS_PER_EVENING:
        raise RecordingError.single("kind", _("En aften kan højst have %(max)s spil.")
                                    % {"max": bounds.MAX_DEALS_PER_EVENING})


def _current_again(deal: Deal, superseded: str) -> Deal:
    """The deal read again under its table's lock; refused with ``superseded`` when another version
    (a correction, a void) replaced it meanwhile."""
    deal = Deal.objects.get(pk=deal.pk)
    if not deal.current:
        raise RecordingError.single("", superseded)
    return deal


def _settle(family: Family, players: dict[str, Player], number: int, deal, state, card):
    try:
        return family.settle_deal(tuple(players), number, deal, state, card)
    except EveningError as exc:
        raise RecordingError.from_problems(exc.problems) from None


@transaction.atomic
def deal_correct(*, deal: Deal, outcome: Any, user=None, expected_version: int | None = None,
                 reason: str = "") -> Deal:
    """Correct a recorded deal: its entries and every later deal's are reversed and posted anew
    from the corrected cups; the old deal row stays on record, replaced by the new one."""
    table = _writable_table(deal.table, expected_version)
    deal = _current_again(deal, _("Spillet er allerede rettet; ret den nyeste udgave."))
    family = table.engine
    corrected = _parse(family, outcome, deal.number, table.card)
    players = table_players(table)
    affected = [d for d in _current_deals(table) if d.number >= deal.number]
    old_entries = list(JournalEntry.objects.filter(table=table, deal__in=affected, kind=EntryKind.DEAL,
                                                   reversed_by__isnull=True).prefetch_related("legs").order_by("-id"))
    # Settle everything in memory first: nothing is written unless the correction is valid.
    pots = table_pots(table)
    reversal_pots = []
    for entry in old_entries:  # newest first: each reversal states the pots after it
        pots = _minus(pots, _pot_movement(entry))
        reversal_pots.append(pots)
    state = table_state(table, deal.number, pots)
    replacement = Deal(table=table, number=deal.number, dealer=players[corrected.dealer], kind=corrected.kind.value,
                       outcome_json=_outcome_json(family, corrected), replaces=deal, recorded_by=_user(user))
    versions = []
    for row in affected:
        engine_deal = corrected if row.pk == deal.pk else family.parse_deal(row.outcome, row.number, table.card)
        entry = _settle(family, players, row.number, engine_deal, state, table.card)
        versions.append(Version(replacement if row.pk == deal.pk else row, engine_deal, entry))
        state = entry.state

    # only this table's players' figures change
    deal_versions_post(table, players, versions, reversing=list(zip(old_entries, reversal_pots)), replaced=deal)
    EveningEvent.objects.create(evening=table.evening, kind=EveningEventKind.DEAL_CORRECTED, table=table,
                                deal=replacement, count=len(affected) - 1, user=_user(user), reason=reason)
    return replacement


@dataclass(frozen=True)
class VoidPlan:
    """What voiding a deal writes, worked out in memory (``void_plan``): the journal entries to
    reverse (newest first) with the pots after each reversal, and every later deal settled again
    from the state the deals before the voided one leave (as a correction does)."""

    deal: Deal
    players: dict[str, Player]
    old_entries: tuple[JournalEntry, ...]    # the deal's and every later deal's, newest first
    reversal_pots: tuple[dict[str, int], ...]
    later: tuple[Deal, ...]                  # the current deals after it, in order
    later_deals: tuple[Any, ...]             # their engine deals
    new_entries: tuple[Any, ...]             # their engine entries, settled again

    def _player_net(self, entries) -> dict[str, int]:
        names = {player.pk: name for name, player in self.players.items()}
        net = dict.fromkeys(self.players, 0)
        for entry in entries:
            for leg in entry.legs.all():
                if leg.account == Account.PLAYER:
                    net[names[leg.player_id]] += leg.amount
        return net

    @property
    def reversed_net(self) -> dict[str, int]:
        """Each player's amount in the voided deal: what is paid back."""
        return self._player_net(e for e in self.old_entries if e.deal_id == self.deal.pk)

    @property
    def change(self) -> dict[str, int]:
        """Each player's total after the void minus his total now (the deal reversed, every later
        deal settled again)."""
        old = self._player_net(self.old_entries)
        return {p: sum(e.net[p] for e in self.new_entries) - old[p] for p in self.players}


def void_plan(table: Table, deal: Deal) -> VoidPlan:
    """Work out voiding ``deal`` (a current deal of ``table``) without writing anything: its entries
    and every later deal's are reversed, and the later deals are settled again by the engine from
    the pots and state before the voided deal, skipping it. ``deal_void`` writes exactly this; the
    confirmation page shows it. ``RecordingError`` when a later deal would become impossible."""
    family = table.engine
    players = table_players(table)
    affected = [d for d in _current_deals(table) if d.number >= deal.number]
    later = tuple(d for d in affected if d.pk != deal.pk)
    old_entries = tuple(JournalEntry.objects.filter(table=table, deal__in=affected, kind=EntryKind.DEAL,
                                                    reversed_by__isnull=True).prefetch_related("legs").order_by("-id"))
    pots, reversal_pots = table_pots(table), []
    for entry in old_entries:   # newest first: each reversal states the pots after it
        pots = _minus(pots, _pot_movement(entry))
        reversal_pots.append(pots)
    state = table_state(table, deal.number, pots)   # the deals before it; the voided one is skipped
    later_deals, new_entries = [], []
    for row in later:
        engine_deal = family.parse_deal(row.outcome, row.number, table.card)
        entry = _settle(family, players, row.number, engine_deal, state, table.card)
        later_deals.append(engine_deal)
        new_entries.append(entry)
        state = entry.state
    return VoidPlan(deal, players, old_entries, tuple(reversal_pots), later, tuple(later_deals), tuple(new_entries))


@transaction.atomic
def deal_void(*, deal: Deal, user=None, reason: str = "", expected_version: int | None = None) -> Deal:
    """Void any current deal of an open evening: its entries and every later deal's are reversed,
    and the later deals posted anew from the state the deals before it leave (``void_plan``, as a
    correction settles them again). A voided version keeps the deal's number (the next deal is
    numbered after the highest number ever used, ``next_deal_number``) and nothing is deleted; the
    dealing order goes on from the deals that stand (``selectors.TableSheet.next_seating``)."""
    table = _writable_table(deal.table, expected_version)
    deal = _current_again(deal, _("Spillet er allerede rettet eller annulleret; brug den nyeste udgave."))
    if not reason.strip():
        raise RecordingError.single("reason", _("Skriv en begrundelse."))
    plan = void_plan(table, deal)   # everything settled in memory first: nothing written unless valid
    void = Deal(table=table, number=deal.number, dealer=deal.dealer, kind=deal.kind, outcome_json=deal.outcome_json,
                replaces=deal, current=False, voided=True, recorded_by=_user(user))
    deal_versions_post(table, plan.players, [Version(void)] + [
        Version(row, engine_deal, entry) for row, engine_deal, entry in zip(plan.later, plan.later_deals, plan.new_entries)],
        reversing=list(zip(plan.old_entries, plan.reversal_pots)), replaced=deal)
    EveningEvent.objects.create(evening=table.evening, kind=EveningEventKind.DEAL_VOIDED, table=table, deal=void,
                                count=len(plan.later), user=_user(user), reason=reason.strip())
    return void
