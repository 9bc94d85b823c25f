"""Per-player figures of one settled Karlsruhe deal, for standings and the player page.

Derived from the deal and the engine's own journal entry, so the statistics can never disagree
with the payments (docs/rules/karlsruhe.md §2, §5, §6).
"""
from __future__ import annotations

from dataclasses import dataclass

from scoring.engine.ledger import Entry
from .model import Deal, DealKind, Game, Side, active_players


@dataclass(frozen=True)
class PlayerDealStats:
    player: str
    active: bool               # played the deal (a misdeal or redeal: nobody)
    net: int
    declarer: int = 0          # declared the game (§2)
    declarer_won: int = 0      # ... and came out ahead on the deal (net > 0)
    declarer_lost: int = 0     # ... and paid on it (net < 0)
    partner: int = 0           # held the called king, with a declarer other than himself (§2)
    partner_won: int = 0
    valat: int = 0             # his side took every trick (§5.2)
    fahrer: int = 0            # played a Fahrer (§6)
    radl: int = 0              # played a deal doubled in a Radl (§5.4)


def deal_stats(players: tuple[str, ...], deal: Deal, entry: Entry) -> tuple[PlayerDealStats, ...]:
    """Each player's figures of ``deal``, settled as ``entry``, in seat order."""
    net = entry.net
    if deal.kind is not DealKind.PLAYED:
        return tuple(PlayerDealStats(player, False, net[player]) for player in players)
    active = active_players(players, deal.dealer)
    radl = 1 if entry.facts.get("radl") else 0
    # the side that took every trick: the one a made Valat names (a failed one: nobody did)
    valat_side = deal.valat.side if deal.valat is not None and deal.valat.won else None
    declarers: set[str] = set()
    if deal.game is not Game.FAHRER:
        declarers = {deal.declarer} if deal.alone else {deal.declarer, deal.partner}
    out = []
    for player in players:
        playing = player in active
        mine = net[player]
        is_declarer = deal.game is not Game.FAHRER and player == deal.declarer
        is_partner = player in declarers and not is_declarer
        side = Side.DECLARERS if player in declarers else Side.OPPONENTS
        out.append(PlayerDealStats(
            player=player,
            active=playing,
            net=mine,
            declarer=int(is_declarer),
            declarer_won=int(is_declarer and mine > 0),
            declarer_lost=int(is_declarer and mine < 0),
            partner=int(is_partner),
            partner_won=int(is_partner and mine > 0),
            valat=int(playing and valat_side is not None and deal.game is not Game.FAHRER and side is valat_side),
            fahrer=int(playing and deal.game is Game.FAHRER),
            radl=radl if playing else 0,
        ))
    return tuple(out)
