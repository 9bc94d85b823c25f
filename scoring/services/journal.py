"""What every write posts: an engine entry saved as a journal entry with its legs (pots by name,
checked against the family's declared pots), its reversal, the per-deal figures, and the table's
players, pots and state that the next settlement starts from."""
from __future__ import annotations

import json

from django.db.models import Sum

from scoring.engine.families import Family
from scoring.engine.ledger import LedgerError
from scoring.models import Account, Deal, EntryKind, JournalEntry, Leg, Player, PlayerDealStat, Table


def _info_json(entry) -> str:
    """The family's facts about a deal (``Entry.facts``) as stored with its journal entry."""
    facts = entry.facts
    return json.dumps(facts, ensure_ascii=False) if facts else ""


def _pots_after(family: Family, contents: dict[str, int]) -> dict[str, int]:
    """A journal entry's stored pots after it (``JournalEntry.pots_after``): each pot the family
    declares (``Family.pots``), by its name; {} for a family without pots."""
    return {pot: contents.get(pot, 0) for pot in family.pots}


def _pot_account(family: Family, account) -> str:
    """The stored account of a leg on one of the family's pots: the pot's name, which must be one
    the family declares (``Family.pots``); the model itself knows no family's pots."""
    name = getattr(account, "value", account)
    if name not in family.pots:
        raise LedgerError(f"refusing to post to {name!r}, which the {family.name} family has no pot for")
    return name


def _post(table: Table, entry, kind: str, players: dict[str, Player], deal: Deal | None = None,
          reverses: JournalEntry | None = None) -> JournalEntry:
    """Save an engine entry (``ledger.py``'s protocol, any family) with its legs."""
    legs = [(account, amount) for account, amount in entry.legs if amount]
    if sum(amount for _, amount in legs) != 0:
        raise LedgerError(f"refusing to save an entry that sums to {sum(a for _, a in legs)}")
    family = table.engine
    saved = JournalEntry.objects.create(table=table, kind=kind, deal=deal, reverses=reverses,
                                        info_json=_info_json(entry), pots_after=_pots_after(family, entry.pot_contents))
    Leg.objects.bulk_create([_leg(family, saved, account, amount, players) for account, amount in legs])
    return saved


def _leg(family: Family, entry: JournalEntry, account, amount: int, players: dict[str, Player]) -> Leg:
    if isinstance(account, str):
        return Leg(entry=entry, account=Account.PLAYER, player=players[account], amount=amount)
    return Leg(entry=entry, account=_pot_account(family, account), amount=amount)


def _reverse(entry: JournalEntry, pots_after: dict[str, int]) -> JournalEntry:
    """Post the mirror image of ``entry``; the original stays untouched (docs/architecture.md habit 4)."""
    reversal = JournalEntry.objects.create(
        table=entry.table, kind=EntryKind.REVERSAL, deal=entry.deal, reverses=entry,
        pots_after=_pots_after(entry.table.engine, pots_after))
    Leg.objects.bulk_create([Leg(entry=reversal, account=leg.account, player=leg.player, amount=-leg.amount)
                             for leg in entry.legs.all()])
    return reversal


def table_players(table: Table) -> dict[str, Player]:
    """The table's players by the names they sat down with (``Seat.name``: the names its deals
    record, whatever a player is called now), in seat order."""
    return {seat.name or seat.player.name: seat.player
            for seat in table.seats.select_related("player").order_by("position")}


def table_pots(table: Table) -> dict[str, int]:
    """The pots' content by name (the Danish cups): the sum of every pot leg ever posted on the
    table; empty for a family without pots."""
    if not table.engine.pots:
        return {}
    sums = dict(Leg.objects.filter(entry__table=table).exclude(account=Account.PLAYER)
                .values_list("account").annotate(total=Sum("amount")).values_list("account", "total"))
    return {pot: sums.get(pot) or 0 for pot in table.engine.pots}


def _minus(pots: dict[str, int], moved: dict[str, int]) -> dict[str, int]:
    return {pot: content - moved.get(pot, 0) for pot, content in pots.items()}


def table_state(table: Table, number: int | None = None, pots: dict[str, int] | None = None, *,
                players: tuple[str, ...] | None = None):
    """What the family's next deal needs from the ones before (the Danish cups, the Karlsruhe
    Radl): before deal ``number`` (default: after the last current deal), from ``pots`` (default:
    the pots now) and, the current deals before it (for a family whose state is read from them).
    ``players``: the table's names (``table_players``), when the caller has read them already."""
    family = table.engine

    def earlier():
        rows = table.deals.filter(current=True).order_by("number")
        if number is not None:
            rows = rows.filter(number__lt=number)
        return [family.parse_deal(row.outcome, row.number, table.card) for row in rows]

    return family.state_before(tuple(table_players(table)) if players is None else players, table.card,
                               table_pots(table) if pots is None else pots, earlier)


def _pot_movement(entry: JournalEntry) -> dict[str, int]:
    """What ``entry`` moved into each pot, by the pot's name."""
    return {leg.account: leg.amount for leg in entry.legs.all() if leg.account != Account.PLAYER}


def _save_stats(family: Family, table: Table, saved: Deal, deal, entry, players: dict[str, Player]) -> None:
    """Write (or bring up to date) the players' figures for ``saved`` from the engine's entry."""
    existing = {s.player_id: s for s in PlayerDealStat.objects.filter(deal=saved)}
    new, changed = [], []
    for figures in family.deal_stats(tuple(players), deal, entry):
        values = {"active": figures.active, "net": figures.net, "figures": family.stored_figures(figures)}
        player = players[figures.player]
        if player.pk in existing:
            row = existing[player.pk]
            for name, value in values.items():
                setattr(row, name, value)
            changed.append(row)
        else:
            new.append(PlayerDealStat(deal=saved, player=player, evening_id=table.evening_id, rules=table.rules,
                                      **values))
    PlayerDealStat.objects.bulk_create(new)
    if changed:
        PlayerDealStat.objects.bulk_update(changed, ("active", "net", "figures"))


def _outcome_json(family: Family, deal) -> str:
    return json.dumps(family.deal_to_dict(deal), ensure_ascii=False)


def _user(user):
    return user if (user is not None and getattr(user, "is_authenticated", False)) else None
