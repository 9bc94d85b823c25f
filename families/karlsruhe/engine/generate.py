"""Random valid Karlsruhe evenings, deterministic for a seed: demo histories, benchmarks, load
tests and property tests (docs/rules/karlsruhe.md §2-§7, §11).

Each deal is drawn the way it ends at the table: the game, its sides, then the count or a Valat,
the bonuses where they lie (a Trull on the side the Pagat places it, a king caught as four kings
allow it) and the kontra said on the game and on announcements, so every deal passes §9.
"""
from __future__ import annotations

import random
from datetime import date

from .model import (
    DECK_THIRDS, KONTRA_GAME, BirdEntry, Bonus, Deal, DealKind, Evening, Game, KontraLevel, Side, Suit,
    active_players, dealer_after,
)
from .rates import RateCard
from .validate import pagat_side

#: How often each game is played (a Königsrufer evening, now and then a Fahrer).
GAME_WEIGHTS = {
    Game.KOENIGSRUFER: 45, Game.SOLORUFER: 6, Game.DREIER: 16, Game.SECHSERBOCK: 6, Game.BETTEL_OUVERT: 7,
    Game.FAHRER: 12,
}
_GAMES, _WEIGHTS = tuple(GAME_WEIGHTS), tuple(GAME_WEIGHTS.values())
_LEVELS = tuple(KontraLevel)


def random_deal(rng: random.Random, players: tuple[str, ...], dealer: str, card: RateCard | None = None) -> Deal:
    """A random valid deal at this table dealt by ``dealer`` (``card`` is accepted for the
    protocol's sake: §9 does not depend on the card's numbers)."""
    roll = rng.random()
    if roll < 0.03:
        return Deal(dealer=dealer, kind=DealKind.MISDEAL)
    if roll < 0.05:
        return Deal(dealer=dealer, kind=DealKind.REDEAL)
    active = active_players(players, dealer)
    game = rng.choices(_GAMES, _WEIGHTS)[0]
    if game is Game.FAHRER:
        cuts = sorted(rng.randint(0, DECK_THIRDS) for _ in range(3))
        values = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], DECK_THIRDS - cuts[2]]
        return Deal(dealer=dealer, game=game, counts=tuple(zip(rng.sample(active, 4), values)))
    declarer = rng.choice(active)
    if game is Game.BETTEL_OUVERT:
        return Deal(dealer=dealer, game=game, declarer=declarer, won=rng.random() < 0.6,
                    kontra=_maybe({KONTRA_GAME: rng.choice(_LEVELS)} if rng.random() < 0.2 else {}, rng))
    partner = called_king = None
    if game.is_rufer:
        called_king = rng.choice(tuple(Suit))
        partner = declarer if rng.random() < 0.15 else rng.choice([p for p in active if p != declarer])
    alone = partner in (None, declarer)
    valat = count = None
    if rng.random() < 0.06:
        side = Side.DECLARERS if rng.random() < 0.8 else Side.OPPONENTS
        announced = side is Side.DECLARERS and rng.random() < 0.5
        valat = BirdEntry(side, won=not announced or rng.random() < 0.6, announced=announced)
    else:
        count = rng.randint(1, DECK_THIRDS - 1) if rng.random() < 0.3 else rng.randint(60, 170)
    bonuses = _bonuses(rng, valat is not None)
    king_caught = None
    if game.is_rufer and valat is None:
        kings = bonuses.get(Bonus.FOUR_KINGS)
        if kings is not None and kings.side is Side.DECLARERS:
            king_caught = False if rng.random() < 0.5 else None
        elif kings is not None and not alone:
            king_caught = True
        elif rng.random() < 0.3:
            king_caught = rng.random() < 0.5
    kontra = {}
    if rng.random() < 0.25:
        kontra[KONTRA_GAME] = rng.choice(_LEVELS)
    for bonus, entry in bonuses.items():
        if entry.announced and rng.random() < 0.3:
            kontra[bonus.value] = rng.choice(_LEVELS)
    return Deal(
        dealer=dealer, game=game, declarer=declarer, called_king=called_king, partner=partner,
        declarers_count=count, valat=valat,
        bonuses=tuple((b, bonuses[b]) for b in Bonus if b in bonuses) if bonuses or rng.random() < 0.1 else None,
        king_caught=king_caught, kontra=_maybe(kontra, rng),
    )


def _maybe(mapping: dict, rng: random.Random):
    """A kontra object as a deal keeps it: ``None`` when nothing was said (now and then ``{}``)."""
    if not mapping:
        return () if rng.random() < 0.05 else None
    return tuple((key, level) for key, level in mapping.items())


def _bonuses(rng: random.Random, beside_valat: bool) -> dict[Bonus, BirdEntry]:
    """Birds silent or announced (beside a Valat announced only), Trull where the Pagat allows it,
    four kings (§4, §9)."""
    out: dict[Bonus, BirdEntry] = {}
    for bird in (Bonus.CANARI, Bonus.UHU, Bonus.PAGAT):
        roll = rng.random()
        if roll < 0.1 or (beside_valat and roll < 0.16):
            out[bird] = BirdEntry(Side.DECLARERS, won=rng.random() < 0.6, announced=True)
        elif roll < 0.25 and not beside_valat:
            out[bird] = BirdEntry(rng.choice((Side.DECLARERS, Side.OPPONENTS)), won=rng.random() < 0.7)
    if beside_valat:
        return out
    if rng.random() < 0.1:
        side = pagat_side(out[Bonus.PAGAT]) if Bonus.PAGAT in out else None
        out[Bonus.TRULL] = BirdEntry(side or rng.choice((Side.DECLARERS, Side.OPPONENTS)), won=True)
    if rng.random() < 0.1:
        out[Bonus.FOUR_KINGS] = BirdEntry(rng.choice((Side.DECLARERS, Side.OPPONENTS)), won=True)
    return out


def random_evening(seed: int, players: tuple[str, ...] = ("Anna", "Bernd", "Clara", "Dieter"), deals: int = 30,
                   on: date | None = None, rules: str = "karlsruhe") -> Evening:
    """A valid evening of ``deals`` deals, the dealer passing on as §1 and §7 suggest."""
    rng = random.Random(seed)
    dealer = players[0]
    out = []
    for _ in range(deals):
        deal = random_deal(rng, players, dealer)
        out.append(deal)
        dealer = dealer_after(players, dealer, deal.kind.value)
    return Evening(tuple(players), tuple(out), rules, on)
