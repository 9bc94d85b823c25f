"""Per-player figures of one settled deal, for standings and player statistics.

Derived from the deal and the engine's own journal entry, so the statistics can never disagree
with the payments.
"""
from __future__ import annotations

from dataclasses import dataclass

from .model import Cup, Deal, DealKind, Fate, seating
from .settle import Entry, Reason


@dataclass(frozen=True)
class PlayerDealStats:
    player: str
    active: bool
    net: int
    meld_points: int = 0     # received for his own melds
    fines: int = 0           # paid in fines, both cups together
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
    postings = entry.postings   # built once: an entry may make its postings on every access
    out = []
    for player in players:
        received = [p for p in postings if p.payee == player]
        paid = [p for p in postings if p.payer == player]
        ultimo = [p for p in received if p.reason is Reason.ULTIMO and not isinstance(p.payer, Cup)]
        bagud = [(cup, fate) for cup, _, fate in deal.cards() if fate.owner == player and fate.fate is Fate.BAGUD]
        played = deal.kind is DealKind.PLAYED
        out.append(PlayerDealStats(
            player=player,
            active=player in active,
            net=net[player],
            meld_points=sum(p.amount for p in received if p.reason is Reason.MELD),
            fines=sum(p.amount for p in paid if p.reason is Reason.FINE),
            pagat_ultimo=1 if any(p.detail == "pagat" for p in ultimo) else 0,
            king_ultimo=1 if any(p.detail != "pagat" for p in ultimo) else 0,
            pagat_bagud=sum(1 for cup, _ in bagud if cup is Cup.PAGAT),
            king_bagud=sum(1 for cup, _ in bagud if cup is Cup.KING),
            tout=1 if played and deal.tout == player else 0,
            failed_tout=1 if played and deal.failed_tout == player else 0,
            nolo=1 if played and deal.nolo == player else 0,
            last_trick=1 if played and deal.last_trick == player else 0,
            cup_won=sum(p.amount for p in received if isinstance(p.payer, Cup)),
        ))
    return tuple(out)
