"""Random valid Selca evenings, deterministic for a seed: demo histories, benchmarks, load tests and
property tests (docs/rules/selca.md §3-§9, §14).

Each deal is drawn the way it ends at the table: the kind, then for a game its declarer, game and
count, what was announced, the valat, where the pagat, mond and trula ended (a pagatfonk or a
mondfang, the trula on the side that holds both), the kontra said and who revoked, so every deal
passes §12.
"""
from __future__ import annotations

import random
from datetime import date

from .model import (
    DECK_THIRDS, Announcement, Deal, Evening, Kind, Kontra, KontraLevel, Mondfang, Pagatfonk, Side,
    active_players, dealer_after, side_of,
)
from .rates import SELCA, RateCard

_LEVELS = tuple(KontraLevel)
_SIDES = (Side.DECLARER, Side.OPPONENTS)


def _cut(rng: random.Random, parts: int) -> list[int]:
    """``parts`` counts 0-210 summing to 210, now and then a tie for the largest."""
    if rng.random() < 0.1 and parts >= 3:
        high = rng.randint(DECK_THIRDS // parts + 1, DECK_THIRDS // 2)
        rest = _cut_exact(rng, parts - 2, DECK_THIRDS - 2 * high, high)
        if rest is not None:
            return [high, high, *rest]
    cuts = sorted(rng.randint(0, DECK_THIRDS) for _ in range(parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, DECK_THIRDS])]


def _cut_exact(rng: random.Random, parts: int, total: int, below: int) -> list[int] | None:
    """``parts`` counts each under ``below`` summing to ``total``, or None if there are none."""
    if total > parts * (below - 1):
        return None
    out = []
    for i in range(parts - 1):
        low = max(0, total - (parts - 1 - i) * (below - 1))
        value = rng.randint(low, min(below - 1, total))
        out.append(value)
        total -= value
    return [*out, total]


def random_deal(rng: random.Random, players: tuple[str, ...], dealer: str, card: RateCard = SELCA) -> Deal:
    """A random valid deal at this table dealt by ``dealer`` (§12 with ``card``'s win line)."""
    roll = rng.random()
    if roll < 0.03:
        return Deal(dealer=dealer, kind=Kind.MISDEAL)
    active = active_players(players, dealer)
    if roll < 0.07:
        return Deal(dealer=dealer, kind=Kind.SHOWN, shown_by=rng.choice(active))
    if roll < 0.2:
        counts = _cut(rng, len(players))
        order = list(players)
        rng.shuffle(order)
        renons = tuple(rng.sample(players, rng.choice((1, 1, 2)))) if rng.random() < 0.1 else None
        return Deal(dealer=dealer, kind=Kind.KLOP, counts=tuple(zip(order, counts)), renons=renons)
    return _game(rng, players, dealer, active, card)


def _game(rng: random.Random, players: tuple[str, ...], dealer: str, active: tuple[str, ...], card: RateCard) -> Deal:
    declarer = rng.choice(active)
    opponents = [p for p in active if p != declarer]
    game = rng.choice((1, 2, 3, 3, 3))
    count = rng.randint(0, DECK_THIRDS) if rng.random() < 0.25 else rng.randint(80, 170)
    announced: list[Announcement] = []
    if rng.random() < 0.12:
        announced.append(Announcement.PAGAT)
    valat = None
    if rng.random() < 0.08:
        count = rng.randint(max(card.win_from, 180), DECK_THIRDS) if card.win_from <= DECK_THIRDS else count
        if card.won(count):
            if rng.random() < 0.5:
                announced.append(Announcement.VALAT)
                valat = rng.random() < 0.7
            else:
                valat = True
    elif rng.random() < 0.03 and card.won(count):
        announced.append(Announcement.VALAT)
        valat = False if rng.random() < 0.5 else None
    rng.shuffle(announced)
    valat_made = bool(valat)
    pagat_announced = Announcement.PAGAT in announced
    deal = Deal(dealer=dealer, kind=Kind.GAME, declarer=declarer, game=game, count=count)
    pagat_ultimo = pagat_lost = mondfang = pagatfonk = None
    trula_needs: set[Side] = set()
    roll = rng.random()
    if roll < 0.08:   # a pagatfonk trick
        skis, pagat = rng.sample(active, 2)
        if pagat_announced and pagat != declarer:
            pagat, skis = declarer, rng.choice(opponents)
        if not (valat_made and pagat != declarer):
            pagatfonk = Pagatfonk(skis, pagat)
            trula_needs.add(side_of(deal, pagat))
            if rng.random() < 0.3:
                pagat_ultimo = side_of(deal, pagat)
    elif roll < 0.35:
        pagat_ultimo = Side.DECLARER if pagat_announced or valat_made else rng.choice(_SIDES)
    elif roll < 0.45:
        choices = [Side.DECLARER] if pagat_announced else list(_SIDES)
        if valat_made:
            choices = [s for s in choices if s is not Side.DECLARER]
        if choices:
            pagat_lost = rng.choice(choices)
    if pagatfonk is None and rng.random() < 0.12:
        owner, by = rng.sample(active, 2)
        if not (valat_made and by != declarer):
            mondfang = Mondfang(owner, by)
    if pagatfonk is None:
        if mondfang is not None:
            trula_needs.add(side_of(deal, mondfang.by))
        if pagat_ultimo is not None:
            trula_needs.add(pagat_ultimo)
        elif pagat_lost is Side.DECLARER:
            trula_needs.add(Side.OPPONENTS)
    trula = None
    if rng.random() < 0.15 and len(trula_needs) <= 1:
        trula = next(iter(trula_needs)) if trula_needs else rng.choice(_SIDES)
    if pagatfonk is not None and rng.random() < 0.5:
        trula = None   # derived from the pagatfonk (§4 Decision)
    kings = rng.choice(_SIDES) if rng.random() < 0.15 else None
    kontra = None
    if rng.random() < 0.25:
        items = {}
        if rng.random() < 0.8:
            items["game"] = rng.choice(_LEVELS)
        if pagat_announced and rng.random() < 0.5:
            items["pagat"] = rng.choice(_LEVELS)
        if Announcement.VALAT in announced and rng.random() < 0.5:
            items["valat"] = rng.choice(_LEVELS)
        if not items:
            items["game"] = rng.choice(_LEVELS)
        kontra = Kontra(by=rng.choice(opponents), **items)
    renons = None
    if rng.random() < 0.15:
        renons = tuple(rng.sample(active, rng.choice((1, 1, 1, 2))))
    elif rng.random() < 0.03:
        renons = ()
    return Deal(dealer=dealer, kind=Kind.GAME, declarer=declarer, game=game, count=count, kings=kings, trula=trula,
                pagat_ultimo=pagat_ultimo, pagat_lost=pagat_lost,
                announced=tuple(announced) if announced or rng.random() < 0.05 else None, valat=valat,
                mondfang=mondfang, pagatfonk=pagatfonk, kontra=kontra, renons=renons)


def random_evening(seed: int, players: tuple[str, ...] = ("Ana", "Bojan", "Cene", "Darja"), deals: int = 30,
                   on: date | None = None, rules: str = "selca", card: RateCard = SELCA) -> Evening:
    """A valid evening of ``deals`` deals, the dealer passing on as §1 suggests."""
    rng = random.Random(seed)
    dealer = players[0]
    out = []
    for _ in range(deals):
        deal = random_deal(rng, players, dealer, card)
        out.append(deal)
        dealer = dealer_after(players, dealer, deal.kind.value)
    return Evening(tuple(players), tuple(out), rules, on)
