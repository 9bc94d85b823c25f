"""Random valid evenings, deterministic for a seed: demo histories, benchmarks and load tests.

Cards are dealt first (who holds the pagat, scies, tarok 21, each king and court card), then the
melds follow from the hands and the fates from the last trick, so every deal passes docs/rules/danish.md §5.
"""
from __future__ import annotations

import random
from datetime import date

from .model import (
    Announcement, CardFate, Court, Deal, DealKind, Evening, Fate, Fine, FineKind, Group, Meld, MeldKind, Rank, Suit,
    seating,
)
from .rates import DEFAULT_RATE_CARD, HONOURS_MIN, LADONS_MIN, RateCard, rate_card


def _fine_kinds(card: RateCard) -> list[FineKind]:
    """The card's own fine kinds but the misdeal fine, then ``custom``, in the enum's order (for
    the VLK card exactly the list the generator has always drawn from, so seeds keep their deals)."""
    return [k for k in FineKind if k is not FineKind.MISDEAL and card.accepts_fine(k)]


def random_deal(rng: random.Random, players: tuple[str, ...], dealer: str, card: RateCard | None = None) -> Deal:
    """A random valid deal under ``card`` (default VLK): the card's own fine kinds, and now and
    then a failed tout when the card has one. Without a card, or with VLK, the same ``rng`` gives
    the same deal as it always has."""
    card = DEFAULT_RATE_CARD if card is None else card
    if card.hands_checked:   # the old German cards (docs/rules/grosstarock.md): their own deals
        return _old_german_deal(rng, players, dealer, card)
    seats = seating(players, dealer)
    active = seats.active
    roll = rng.random()
    if roll < 0.03:
        # docs/rules/danish.md §7.4 on a card that has them (no draw elsewhere): a misdeal let pass,
        # now and then a free redeal instead
        if card.free_redeal and rng.random() < 0.3:
            return Deal(dealer=dealer, kind=DealKind.REDEAL, asked_by=rng.choice(active))
        passed = True if card.misdeal_may_pass and rng.random() < 0.5 else None
        return Deal(dealer=dealer, kind=DealKind.MISDEAL, passed=passed)
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
    fates = _card_fates(rng, cards, winner, nolo, tout)
    if card.pagat_discard and owner["pagat"] == dealer and rng.random() < 0.2:   # §7.4: laid away
        fates[None] = CardFate(dealer, Fate.DISCARDED)
    forfeited: tuple[str, ...] = ()
    if card.ultimo_forfeit and rng.random() < 0.1:   # §7.4: an ultimo lost without a fine
        forfeited = (rng.choice(active),)
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
        ultimo_forfeited=forfeited,
    )



def _card_fates(rng: random.Random, cards: list[tuple[Suit | None, str]], winner: str, nolo: str | None,
                tout: str | None) -> dict[Suit | None, CardFate]:
    """A fate for each of ``cards`` (the pagat as ``None``, kings by suit, with their holders) that
    the deal's last trick allows: one ultimo at most, by the last trick's ``winner``; a bagud only
    for a holder with no other card in the last trick; nothing home beside a nolo or a tout."""
    in_trick: set[str] = set()
    ultimo_done = False
    fates: dict[Suit | None, CardFate] = {}
    for suit, holder in rng.sample(cards, len(cards)):
        if holder == winner:
            options = [Fate.HOME] + ([Fate.ULTIMO] if not ultimo_done and holder not in in_trick else [])
        elif holder == nolo or tout is not None:
            options = [Fate.LOST] + ([Fate.BAGUD] if holder not in in_trick else [])
        else:
            options = [Fate.HOME, Fate.HOME, Fate.LOST] + ([Fate.BAGUD] if holder not in in_trick else [])
        fate = rng.choice(options)
        if fate.in_last_trick:
            in_trick.add(holder)
            ultimo_done = ultimo_done or fate is Fate.ULTIMO
        fates[suit] = CardFate(holder, fate)
    return fates

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
    docs/rules/danish.md §1 suggests."""
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


# The old German cards (docs/rules/grosstarock.md) -------------------------------------------------------

_HONOURS = ("pagat", "scies", "tarok21", *((suit, Court.KING) for suit in Suit))
_OLD_GROUPS = (Group.KINGS, Group.HEARTS, Group.DIAMONDS, Group.CLUBS, Group.SPADES)


def _old_german_deal(rng: random.Random, players: tuple[str, ...], dealer: str, card: RateCard) -> Deal:
    """A random valid deal of a card with ``hands_checked`` (taroc1754, grosstarock): every key
    the card knows, now and then (announcements, discarded pagat, the new melds, a 1754 nolo with
    counting). Drawn until docs/rules/grosstarock.md §5 finds nothing (almost always the first)."""
    from .validate import validate_deal   # the generator's promise, checked (no import cycle)

    for _ in range(50):
        deal = _draw_old_german_deal(rng, players, dealer, card)
        if not validate_deal(players, 1, deal, card):
            return deal
    raise AssertionError("no valid deal drawn")   # pragma: no cover - a generator bug


def _draw_old_german_deal(rng: random.Random, players: tuple[str, ...], dealer: str, card: RateCard) -> Deal:
    seats = seating(players, dealer)
    active = seats.active
    fines = []
    if rng.random() < 0.1:
        fines.append(Fine(rng.choice(active), FineKind.CUSTOM, rng.randint(1, 30)))
    roll = rng.random()
    if roll < 0.03:
        return Deal(dealer=dealer, kind=DealKind.MISDEAL, fines=tuple(fines))
    if roll < 0.05:
        return Deal(dealer=dealer, kind=DealKind.SCRAPPED, fines=tuple(fines))
    ladon_player = rng.choice(active) if MeldKind.LADONS in card.meld_kinds and rng.random() < 0.3 else None
    owner: dict = {key: rng.choice(active) for key in ("pagat", "scies", "tarok21")}
    for suit in Suit:
        for court in Court:
            pool = [p for p in active if p != ladon_player] if ladon_player and rng.random() < 0.9 else active
            owner[(suit, court)] = rng.choice(pool)
    winner = rng.choice(active)
    tout = winner if card.tout_recorded and rng.random() < 0.06 else None
    nolo = None
    if tout is None and rng.random() < 0.12:
        nolo = rng.choice([p for p in active if p != winner])
        if card.nolo_holds_scies:
            owner["scies"] = nolo   # 1754: "keine Stiche ... aber am Ende die Excuse"
    discarded = owner["pagat"] == dealer and card.pagat_discard and rng.random() < 0.2
    melds = _old_german_melds(rng, active, owner, discarded, ladon_player, card)
    cards: list = [] if discarded else [(None, owner["pagat"])]
    if card.king_fates == "required":
        cards += [(suit, owner[(suit, Court.KING)]) for suit in Suit]
    fates = _card_fates(rng, cards, winner, nolo, tout)
    pagat = CardFate(dealer, Fate.DISCARDED) if discarded else fates[None]
    vole = None
    nolos: list[Announcement] = []
    failed_tout = None
    if card.announcements:
        if tout is not None and rng.random() < 0.5:
            vole = Announcement(tout, rng.randint(1, 20))
        elif rng.random() < 0.05:
            vole = Announcement(rng.choice(active), rng.randint(1, 20))
        if nolo is not None and rng.random() < 0.5:
            nolos.append(Announcement(nolo, rng.randint(1, 13)))
        if rng.random() < 0.1:
            others = [p for p in active if p != nolo and (vole is None or p != vole.player)]
            if others:
                nolos.append(Announcement(rng.choice(others), rng.randint(1, 13)))
        rng.shuffle(nolos)
    if card.failed_tout_each is not None and rng.random() < 0.05:
        choices = [p for p in active if p != tout and (vole is None or p != vole.player)]
        failed_tout = rng.choice(choices) if choices else None
    deal = Deal(
        dealer=dealer, melds=tuple(melds), fines=tuple(fines), pagat=pagat,
        kings=tuple((suit, fates[suit]) for suit in Suit if suit in fates),
        last_trick=winner, tout=tout, nolo=nolo, failed_tout=failed_tout,
        announced_vole=vole, announced_nolo=tuple(nolos),
    )
    if nolo is not None and not card.count_after_nolo:
        return deal
    from .validate import _must_count   # §4: who counts at least 1
    order = rng.sample(active, 3)
    least = [1 if _must_count(p, seats, deal, card) else 0 for p in order]
    first = rng.randint(least[0], card.count_total - least[1] - least[2])
    second = rng.randint(least[1], card.count_total - first - least[2])
    values = [first, second, card.count_total - first - second]
    derived = None
    if rng.random() < 0.3:
        counts = tuple(zip(order, values))
        derived = rng.choice(active) if rng.random() < 0.5 else None
    else:
        counts = tuple(zip(order[:2], values[:2]))
    return Deal(**{**deal.__dict__, "counts": counts, "derived": derived})


def _old_german_melds(rng: random.Random, active: tuple[str, ...], owner: dict, discarded: bool,
                      ladon_player: str | None, card: RateCard) -> list[Meld]:
    """The melds the hands allow on the card (docs/rules/grosstarock.md §2.1), in a random order."""
    melds: list[Meld] = []
    kinds = card.meld_kinds
    taroks_done = False
    for player in active:
        has = {key for key, who in owner.items() if who == player}
        if discarded:
            has.discard("pagat")
        if not taroks_done and player != ladon_player and rng.random() < 0.25:
            taroks_done = True
            count = rng.randint(10, 14)
            pagat = "pagat" in has if not card.taroks_pagat_optional or rng.random() < 0.5 else None
            scies = ("scies" in has) if card.taroks_scies else None
            melds.append(Meld(player, MeldKind.TAROKS, count=count, pagat=pagat, scies=scies))
        if {"pagat", "scies", "tarok21"} <= has and rng.random() < 0.7:
            melds.append(Meld(player, MeldKind.MATADORS, count=rng.randint(3, 5)))
        scies = "scies" in has
        for group in _OLD_GROUPS:
            if group is Group.KINGS and not card.king_melds:
                continue
            cards = ([(s, Court.KING) for s in Suit] if group is Group.KINGS
                     else [(group.suit, c) for c in Court])
            held = [c for c in cards if c in has]
            if len(held) == 4:
                melds.append(Meld(player, MeldKind.FULL, group=group))
            elif len(held) == 3 and scies:
                (missing,) = [c for c in cards if c not in held]
                melds.append(Meld(player, MeldKind.HALF, group=group,
                                  missing=missing[0] if group is Group.KINGS else missing[1]))
        if MeldKind.FOUR in kinds:
            for rank in Rank:
                if all((suit, rank.court) in has for suit in Suit):
                    melds.append(Meld(player, MeldKind.FOUR, group=rank))
        if MeldKind.HONOURS in kinds:
            honours = sum(1 for key in _HONOURS if key in has)
            if honours >= HONOURS_MIN and rng.random() < 0.8:
                melds.append(Meld(player, MeldKind.HONOURS, count=honours))
        if player == ladon_player:
            courts = sum(1 for key in has if isinstance(key, tuple))
            taroks = len(has & {"pagat", "scies", "tarok21"})
            room = 25 - courts - taroks - 2   # matadors may name 20 and 19 too
            if room >= LADONS_MIN:
                melds.append(Meld(player, MeldKind.LADONS, count=rng.randint(LADONS_MIN, min(room, 25))))
    rng.shuffle(melds)
    return melds
