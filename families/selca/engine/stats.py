"""Per-player figures of one settled Selca deal, for standings and the player page.

Derived from the deal and the engine's own journal entry (its postings' reasons), so the
statistics can never disagree with what was written (docs/rules/selca.md §3, §7-§9).
"""
from __future__ import annotations

from dataclasses import dataclass

from scoring.engine.ledger import Entry
from .model import GAME_WORDS, Deal, Kind, active_players
from .settle import Reason

#: The reasons that are not the game's value: flat penalties (§4), written outside it.
_FLAT = frozenset({Reason.MONDFANG, Reason.PAGATFONK})


@dataclass(frozen=True)
class PlayerDealStats:
    player: str
    active: bool               # held cards (a game or shown hand: not the resting dealer; a klop: all)
    net: int                   # the points written to him
    declarer: int = 0          # declared the game (§3)
    declarer_won: int = 0      # ... and was written the value's plus (§7: V to the declarer > 0)
    declarer_lost: int = 0     # ... and was written its minus
    three_won: int = 0         # the same per game (three, two, one)
    three_lost: int = 0
    two_won: int = 0
    two_lost: int = 0
    one_won: int = 0
    one_lost: int = 0
    klop: int = 0              # played a klop (§8)
    klop_lost: int = 0         # ... and was written a penalty in it
    valat: int = 0             # declared a game and took every trick (§4)
    renons: int = 0            # revoked (§7, §8)
    mondfang: int = 0          # written a mondfang (§4), + or −
    pagatfonk: int = 0         # written a pagatfonk (§4)
    misdeal: int = 0           # misdealt (§9)
    shown: int = 0             # showed his hand (§9)


def _game_share(entry: Entry, player: str) -> int:
    """What the game's value wrote to ``player``: his postings but the flat penalties."""
    share = 0
    for p in entry.postings:
        if p.reason in _FLAT:
            continue
        if p.payee == player:
            share += p.amount
        elif p.payer == player:
            share -= p.amount
    return share


def _flat(entry: Entry, player: str, reason: Reason) -> int:
    return int(any(p.reason is reason and player in (p.payer, p.payee) for p in entry.postings))


def deal_stats(players: tuple[str, ...], deal: Deal, entry: Entry) -> tuple[PlayerDealStats, ...]:
    """Each player's figures of ``deal``, settled as ``entry``, in seat order."""
    net = entry.net
    out = []
    revoked = set(deal.revoked)
    for player in players:
        mine = net[player]
        if deal.kind is Kind.KLOP:
            out.append(PlayerDealStats(player, True, mine, klop=1, klop_lost=int(mine < 0),
                                       renons=int(player in revoked)))
            continue
        active = player in active_players(players, deal.dealer)
        if deal.kind is Kind.MISDEAL:
            out.append(PlayerDealStats(player, False, mine, misdeal=int(player == deal.dealer)))
            continue
        if deal.kind is Kind.SHOWN:
            out.append(PlayerDealStats(player, active, mine, shown=int(player == deal.shown_by)))
            continue
        is_declarer = player == deal.declarer
        share = _game_share(entry, player) if is_declarer else 0
        won, lost = int(is_declarer and share > 0), int(is_declarer and share < 0)
        word = GAME_WORDS[deal.game]
        per_game = {f"{w}_{outcome}": 0 for w in GAME_WORDS.values() for outcome in ("won", "lost")}
        per_game[f"{word}_won"], per_game[f"{word}_lost"] = won, lost
        out.append(PlayerDealStats(
            player, active, mine, declarer=int(is_declarer), declarer_won=won, declarer_lost=lost, **per_game,
            valat=int(is_declarer and bool(deal.valat)), renons=int(player in revoked),
            mondfang=_flat(entry, player, Reason.MONDFANG), pagatfonk=_flat(entry, player, Reason.PAGATFONK)))
    return tuple(out)
