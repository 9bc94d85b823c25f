"""Random valid evenings, deterministic for a seed: demo histories, benchmarks and load tests.

Cards are dealt first (who holds the pagat, scies, tarok 21, each king and court card), then the
melds follow from the hands and the fates from the last trick, so every deal passes RULES.md §5.
"""
from __future__ import annotations

import random
from datetime import date

from .model import (
    CardFate, Court, Deal, DealKind, Evening, Fate, Fine, FineKind, Group, Meld, MeldKind, Suit, seating,
)
from .rates import DEFAULT_RATE_CARD, RateCard, rate_card


def _fine_kinds(card: RateCard) -> list[FineKind]:
    """The card's own fine kinds but the misdeal fine, then ``custom``, in the enum's order (for
    the VLK card exactly the list the generator has always drawn from, so seeds keep their deals)."""
    return [k for k in FineKind if k is not FineKind.MISDEAL and card.accepts_fine(k)]


def random_deal(rng: random.Random, players: tuple[str, ...], dealer: str, card: RateCard | None = None) -> Deal:
    """A random valid deal under ``card`` (default VLK): the card's own fine kinds, and now and
    then a failed tout when the card has one. Without a card, or with VLK, the same ``rng`` gives
    the same deal as it always has."""
    card = DEFAULT_RATE_CARD if card is None else card
    seats = seating(players, dealer)
    active = seats.active
    roll = rng.random()
    if roll < 0.03:
        return Deal(dealer=dealer, kind=DealKind.MISDEAL)
    if roll < 0.05:
        if not card.accepts_fine(FineKind.WRONG_CARD_COUNT):  # a card without that fine
            return Deal(dealer=dealer, kind=DealKind.SCRAPPED)
        return Deal(dealer=dealer, kind=DealKind.SCRAPPED,
                    fines=(Fine(rng.choice(active), FineKind.WRONG_CARD_COUNT),))
    owner = {key: rng.choice(active) for key in ("pagat", "scies", "tarok21")}
    for suit in Suit:
        for court in Court:
            owner[(suit, court)] = rng.choice(active)
    fines = _random_fines(rng, active, _fine_kinds(card))
    melds = _melds_from_hands(rng, active, owner)
    winner = rng.choice(active)
    tout = winner if rng.random() < 0.04 else None
    nolo = None
    if tout is None and rng.random() < 0.08:
        nolo = rng.choice([p for p in active if p != winner])
    failed_tout = None
    if card.failed_tout_each is not None and rng.random() < 0.05:  # no draw on a card without one
        failed_tout = rng.choice([p for p in active if p != tout])
    cards: list[tuple[Suit | None, str]] = [(None, owner["pagat"])]
    cards += [(suit, owner[(suit, Court.KING)]) for suit in Suit if rng.random() < 0.5]
    in_trick: set[str] = set()
    ultimo_done = False
    fates: dict[Suit | None, CardFate] = {}
    for suit, holder in rng.sample(cards, len(cards)):
        if holder == winner:
            options = [Fate.HOME] + ([Fate.ULTIMO] if not ultimo_done and holder not in in_trick else [])
        elif holder == nolo or (tout is not None):
            options = [Fate.LOST] + ([Fate.BAGUD] if holder not in in_trick else [])
        else:
            options = [Fate.HOME, Fate.HOME, Fate.LOST] + ([Fate.BAGUD] if holder not in in_trick else [])
        fate = rng.choice(options)
        if fate.in_last_trick:
            in_trick.add(holder)
            ultimo_done = ultimo_done or fate is Fate.ULTIMO
        fates[suit] = CardFate(holder, fate)
    counts: tuple[tuple[str, int], ...] = ()
    derived = None
    if tout is not None:
        counts = ((tout, 78), (rng.choice([p for p in active if p != tout]), 0))
    elif nolo is None:
        first = rng.randint(1, 76)
        second = rng.randint(1, 77 - first)
        values = [first, second, 78 - first - second]
        rng.shuffle(values)
        order = rng.sample(active, 3)
        if rng.random() < 0.3:
            counts = tuple(zip(order, values))
            derived = rng.choice(active) if rng.random() < 0.5 else None
        else:
            counts = tuple(zip(order[:2], values[:2]))
    return Deal(
        dealer=dealer, melds=tuple(melds), fines=tuple(fines), pagat=fates[None],
        kings=tuple((suit, fates[suit]) for suit in Suit if suit in fates),
        last_trick=winner, tout=tout, nolo=nolo, counts=counts, derived=derived, failed_tout=failed_tout,
    )


def _random_fines(rng: random.Random, active: tuple[str, ...], kinds: list[FineKind]) -> list[Fine]:
    fines = []
    if rng.random() < 0.1:
        kind = rng.choice(kinds)
        amount = rng.choice([5, 10, 15, 25]) if kind is FineKind.CUSTOM else None
        fines.append(Fine(rng.choice(active), kind, amount))
    return fines


def _melds_from_hands(rng: random.Random, active: tuple[str, ...], owner: dict) -> list[Meld]:
    melds: list[Meld] = []
    taroks_left = 22
    for player in active:
        has = {key for key, who in owner.items() if who == player}
        if rng.random() < 0.25 and taroks_left >= 10:
            count = rng.randint(10, min(14, taroks_left))
            taroks_left -= count
            melds.append(Meld(player, MeldKind.TAROKS, count=count, pagat="pagat" in has))
        if {"pagat", "scies", "tarok21"} <= has and rng.random() < 0.7:
            melds.append(Meld(player, MeldKind.MATADORS, count=rng.randint(3, 5)))
        scies = "scies" in has
        for group in Group:
            cards = ([(s, Court.KING) for s in Suit] if group is Group.KINGS
                     else [(group.suit, c) for c in Court])
            held = [c for c in cards if c in has]
            if len(held) == 4:
                melds.append(Meld(player, MeldKind.OVERFULL if scies else MeldKind.FULL, group=group))
            elif len(held) == 3 and scies:
                (missing,) = [c for c in cards if c not in held]
                melds.append(Meld(player, MeldKind.HALF, group=group,
                                  missing=missing[0] if group is Group.KINGS else missing[1]))
    return melds


def random_evening(seed: int, players: tuple[str, ...] = ("Anne", "Bent", "Carl", "Dorte"), deals: int = 30,
                   on: date | None = None, rules: str = "vlk") -> Evening:
    """A valid evening of ``deals`` deals under the card named ``rules``, the dealer passing on as
    RULES.md §1 suggests."""
    card = rate_card(rules)
    rng = random.Random(seed)
    dealer = players[0]
    out = []
    for _ in range(deals):
        deal = random_deal(rng, players, dealer, card)
        out.append(deal)
        if deal.kind is not DealKind.SCRAPPED:
            dealer = seating(players, dealer).next_dealer
    return Evening(players, tuple(out), rules, on)
