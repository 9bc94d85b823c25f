"""Per-player figures of one settled deal, for standings and player statistics.

Derived from the deal and the engine's own journal entry, so the statistics can never disagree
with the payments.
"""
from __future__ import annotations

from dataclasses import dataclass

from .model import Cup, Deal, DealKind, Fate, seating
from .settle import Entry, Reason



#: What a player pays as a fine: the fines (§4) and a cup's contents replaced (docs/rules/danish.md §7.4).
_FINES = frozenset({Reason.FINE, Reason.CUP_FINE})


@dataclass(frozen=True)
class PlayerDealStats:
    player: str
    active: bool
    net: int
    meld_points: int = 0     # received for his own melds
    fines: int = 0           # paid in fines, both cups together (a cup's contents replaced too)
    pagat_ultimo: int = 0    # a paid pagat ultimo
    king_ultimo: int = 0     # a paid king ultimo
    pagat_bagud: int = 0
    king_bagud: int = 0
    tout: int = 0
    failed_tout: int = 0     # a tout tried and lost (cards with ``failed_tout_each``)
    nolo: int = 0
    last_trick: int = 0      # won the last trick
    cup_won: int = 0         # taken from the cups by an ultimo or a tout


def deal_stats(players: tuple[str, ...], deal: Deal, entry: Entry) -> tuple[PlayerDealStats, ...]:
    active = seating(players, deal.dealer).active
    net = entry.net
    # One pass over the postings (built once: an entry may make them on every access), each
    # figure summed for its player, rather than every player's filters walking all of them: an
    # import works out the figures of every deal it brings.
    meld_points, fines, cup_won = (dict.fromkeys(players, 0) for _ in range(3))
    ultimo_details: dict[str, list[str]] = {player: [] for player in players}
    for p in entry.postings:
        payer, payee, reason = p.payer, p.payee, p.reason
        if payee in meld_points:   # received by a player
            if isinstance(payer, Cup):
                cup_won[payee] += p.amount
            elif reason is Reason.ULTIMO:
                ultimo_details[payee].append(p.detail)
            if reason is Reason.MELD:
                meld_points[payee] += p.amount
        if reason in _FINES and payer in fines:
            fines[payer] += p.amount
    played = deal.kind is DealKind.PLAYED
    bagud = [(cup, fate.owner) for cup, _, fate in deal.cards() if fate.fate is Fate.BAGUD]
    out = []
    for player in players:
        ultimo = ultimo_details[player]
        out.append(PlayerDealStats(
            player=player,
            active=player in active,
            net=net[player],
            meld_points=meld_points[player],
            fines=fines[player],
            pagat_ultimo=1 if any(detail == "pagat" for detail in ultimo) else 0,
            king_ultimo=1 if any(detail != "pagat" for detail in ultimo) else 0,
            pagat_bagud=sum(1 for cup, owner in bagud if owner == player and cup is Cup.PAGAT),
            king_bagud=sum(1 for cup, owner in bagud if owner == player and cup is Cup.KING),
            tout=1 if played and deal.tout == player else 0,
            failed_tout=1 if played and deal.failed_tout == player else 0,
            nolo=1 if played and deal.nolo == player else 0,
            last_trick=1 if played and deal.last_trick == player else 0,
            cup_won=cup_won[player],
        ))
    return tuple(out)
