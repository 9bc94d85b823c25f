"""Hypothesis strategies for valid evenings (docs/rules/danish.md §1-§5, docs/format.md, docs/format.md's Decisions).

A played deal is modelled the way it happens at the table: the honours are dealt first (who holds
the pagat, the scies, tarok 21, the other taroks and every court card; only the three active
players hold cards, a few taroks may lie in the skat), then the melds follow from the hands, the
fates of the pagat and the kings follow from the last trick, and the counts add up. Every evening
these strategies produce passes ``validate_evening(evening, VLK)`` with no problem.

No Django here: the engine is pure Python.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from types import MappingProxyType
from typing import Mapping

from hypothesis import strategies as st

from families.danish.engine.model import (
    CardFate, Court, Deal, DealKind, Evening, Fate, Fine, FineKind, Group, Meld, MeldKind, Suit, seating,
)
from scoring.engine.bounds import name_problem
from families.danish.engine.rates import VLK

NAME_POOL = ("Anne", "Bent", "Carl", "Dorte", "Erik", "Åse", "Øjvind", "Jens Peter")

#: Display names: a pool of ordinary names, or any text a form accepts as a name (docs/rules/danish.md §1,
#: docs/format.md, docs/format.md's Decisions: ``bounds.name_problem``).
names = st.sampled_from(NAME_POOL) | st.text(min_size=1, max_size=8).filter(lambda s: name_problem(s) is None)

#: Fines a played or scrapped deal may carry on the VLK card (which lists the kinds it accepts).
#: The misdeal fine belongs to a misdeal deal's dealer only (docs/format.md, Decisions) and is generated there.
PLAY_FINES = tuple(k for k in FineKind if k is not FineKind.MISDEAL and VLK.accepts_fine(k))

PAGAT, TAROK21, SCIES = 1, 21, 22   # tarok numbers; the scies counts as the 22nd tarok
MIDDLE_TAROKS = tuple(range(20, 1, -1))  # 20, 19, ..., 2: the matadors run after 21, pagat, scies


_GROUP_CARDS = {
    group: tuple((suit, Court.KING) for suit in Suit) if group is Group.KINGS
    else tuple((group.suit, court) for court in Court)
    for group in Group
}


def group_cards(group: Group) -> tuple[tuple[Suit, Court], ...]:
    """The four cards of a meld group (docs/rules/danish.md §3.1): the kings, or one suit's court cards."""
    return _GROUP_CARDS[group]


@dataclass(frozen=True)
class Hand:
    """Who holds each honour in one played deal. ``taroks`` maps 1-22 (1 pagat, 21, 22 scies) to
    the holder, ``None`` for a tarok in the skat; ``courts`` maps (suit, court) to the holder."""

    active: tuple[str, ...]
    taroks: Mapping[int, str | None]
    courts: Mapping[tuple[Suit, Court], str]

    def tarok_count(self, player: str) -> int:
        return sum(1 for who in self.taroks.values() if who == player)

    def matadors(self, player: str) -> int:
        """3 for tarok 21, pagat and scies, plus 20, 19, ... in unbroken order; 0 without them."""
        if not all(self.taroks[k] == player for k in (PAGAT, TAROK21, SCIES)):
            return 0
        run = 0
        for k in MIDDLE_TAROKS:
            if self.taroks[k] != player:
                break
            run += 1
        return 3 + run

    def melds(self, player: str) -> list[Meld]:
        """Every meld ``player`` holds (docs/rules/danish.md §3.1), at most one per kind and group."""
        found: list[Meld] = []
        count = self.tarok_count(player)
        if count >= 10:
            found.append(Meld(player, MeldKind.TAROKS, count=count, pagat=self.taroks[PAGAT] == player))
        if (matadors := self.matadors(player)):
            found.append(Meld(player, MeldKind.MATADORS, count=matadors))
        scies = self.taroks[SCIES] == player
        for group in Group:
            cards = group_cards(group)
            lacking = [c for c in cards if self.courts[c] != player]
            if not lacking:
                found.append(Meld(player, MeldKind.OVERFULL if scies else MeldKind.FULL, group=group))
            elif len(lacking) == 1 and scies:
                suit, court = lacking[0]
                found.append(Meld(player, MeldKind.HALF, group=group,
                                  missing=suit if group is Group.KINGS else court))
        return found


_CUSTOM_FIVES = st.integers(1, 40).map(lambda k: 5 * k)
_CUSTOM_ANY = st.integers(1, 500)


def custom_amounts(arbitrary: bool) -> st.SearchStrategy[int]:
    """Points per cup of a custom fine: multiples of 5 (the jetons), or any positive amount."""
    return _CUSTOM_ANY if arbitrary else _CUSTOM_FIVES


_PERMUTATIONS_OF_3 = tuple(permutations(range(3)))
_INDEX = {n: st.integers(0, n - 1) for n in range(1, 200)}   # built once: drawing is the hot path


def _pick(draw, items):
    """One of ``items`` (a cached index strategy; shrinks towards the first)."""
    return items[draw(_INDEX[len(items)])]


_FACTORIALS = [1]
for _n in range(1, 40):
    _FACTORIALS.append(_FACTORIALS[-1] * _n)
_LEHMER = {n: st.integers(0, _FACTORIALS[n] - 1) for n in range(2, 40)}


def _shuffled(draw, items):
    """``items`` in an order Hypothesis chooses: one draw (a Lehmer code), shrinking to no change."""
    items = list(items)
    if len(items) < 2:
        return items
    code, out = draw(_LEHMER[len(items)]), []
    while items:
        code, i = divmod(code, len(items))
        out.append(items.pop(i))
    return out


_DIGITS: dict[tuple[int, int], st.SearchStrategy[int]] = {}


def _digits(draw, base: int, count: int) -> list[int]:
    """``count`` independent choices in ``range(base)`` with one draw (all 0 when shrunk)."""
    if count == 0:
        return []
    if (base, count) not in _DIGITS:
        _DIGITS[base, count] = st.integers(0, base ** count - 1)
    value, out = draw(_DIGITS[base, count]), []
    for _ in range(count):
        value, digit = divmod(value, base)
        out.append(digit)
    return out


_COURT_CARDS = tuple((suit, court) for suit in Suit for court in Court)
_COURT_DEALS = st.integers(0, 3 ** len(_COURT_CARDS) - 1)
_TOP_TAROKS = st.integers(0, 27 * 6 - 1)   # holders of pagat, 21 and scies; who shares the rest
_RUNS = st.integers(0, len(MIDDLE_TAROKS))


def _hand(draw, active: tuple[str, ...]) -> Hand:
    """Deal the honours among the three active players (a few middle taroks may be in the skat).

    Few draws for many cards: every court card's holder is one base-3 digit of one integer.
    """
    top, shares = divmod(draw(_TOP_TAROKS), 6)
    taroks: dict[int, str | None] = {PAGAT: active[top % 3], TAROK21: active[top // 3 % 3], SCIES: active[top // 9]}
    run = draw(_RUNS)
    for k in MIDDLE_TAROKS[:run]:
        taroks[k] = taroks[TAROK21]
    rest = list(MIDDLE_TAROKS[run:])  # highest first
    # Two players take shares from the top of the rest, then the skat, then a third gets the bottom.
    order = tuple(active[i] for i in _PERMUTATIONS_OF_3[shares])
    first = draw(_INDEX[len(rest) + 1])
    second = draw(_INDEX[len(rest) - first + 1])
    skat = draw(_INDEX[min(3, len(rest) - first - second) + 1])
    shares = [(order[0], first), (order[1], second), (None, skat), (order[2], len(rest) - first - second - skat)]
    position = 0
    for holder, size in shares:
        for k in rest[position:position + size]:
            taroks[k] = holder
        position += size
    digits = draw(_COURT_DEALS)
    courts = {}
    for card in _COURT_CARDS:
        digits, owner = divmod(digits, 3)
        courts[card] = active[owner]
    return Hand(tuple(active), MappingProxyType(taroks), MappingProxyType(courts))


@st.composite
def hands(draw, active: tuple[str, ...]) -> Hand:
    """Who holds each honour, dealt among the three ``active`` players."""
    return _hand(draw, tuple(active))


def _fines(draw, active: tuple[str, ...], arbitrary_fines: bool, max_size: int = 3) -> list[Fine]:
    """0..max_size fines of every kind but the misdeal fine, on active players (docs/rules/danish.md §4)."""
    out = []
    for _ in range(draw(_INDEX[max_size + 1])):
        kind, player = divmod(draw(_INDEX[len(PLAY_FINES) * len(active)]), len(active))
        kind = PLAY_FINES[kind]
        amount = draw(custom_amounts(arbitrary_fines)) if kind is FineKind.CUSTOM else None
        out.append(Fine(active[player], kind, amount))
    return out


@st.composite
def fines_of(draw, active: tuple[str, ...], arbitrary_fines: bool = False, max_size: int = 3) -> list[Fine]:
    """0..max_size fines of every kind but the misdeal fine, on active players (docs/rules/danish.md §4)."""
    return _fines(draw, tuple(active), arbitrary_fines, max_size)


def _fate_options(owner: str, winner: str, tout: str | None, nolo: str | None) -> list[Fate]:
    """Fates that agree with the tricks (docs/rules/danish.md §3.2-§3.3, §5, docs/format.md's Decisions)."""
    if tout is not None:  # the toutist took every trick: his cards came home, the others' were taken
        return [Fate.HOME, Fate.ULTIMO] if owner == tout else [Fate.LOST, Fate.BAGUD]
    if owner == nolo:     # no trick: nothing came home
        return [Fate.LOST, Fate.BAGUD]
    if owner == winner:   # may have lost a card earlier, cannot go bagud in a trick he wins
        return [Fate.HOME, Fate.LOST, Fate.ULTIMO]
    return [Fate.HOME, Fate.LOST, Fate.BAGUD]


_COUNTS = st.integers(1, 76)
_BLOCKERS = (FineKind.FALSE_MELD, FineKind.MISSED_MELD)


def _tout_counts(draw, dealer: str, tout: str, hand: Hand) -> dict[str, int]:
    """What each active player counts after a tout (docs/rules/danish.md §3.3.6, amended): the toutist took
    every trick, but the dealer, as an opponent, counts his skat (its "trick" 1, plus up to three
    court cards he laid: 0–9), and the scies' owner, as an opponent, its 4 unless it fell in the last
    trick (§1b). The other opponent counts 0; the toutist the rest of the 78."""
    held = dict.fromkeys(hand.active, 0)
    if dealer != tout:
        held[dealer] += 1 + draw(_INDEX[10])
    scies = hand.taroks[SCIES]
    if scies != tout and draw(_INDEX[4]):   # played by the third-last trick: it goes to his pile
        held[scies] += 4
    held[tout] = 78 - sum(held.values())
    return held


def _played_deal(draw, players: tuple[str, ...], dealer: str, arbitrary_fines: bool) -> tuple[Deal, Hand]:
    seats = seating(players, dealer)
    active = seats.active
    hand = _hand(draw, active)
    fines: list[Fine] = []

    # §3.1 melds follow from the hands; a player may miss one (and may be fined for it, §4)
    held = [meld for player in active for meld in hand.melds(player)]
    melds: list[Meld] = []
    for meld, choice in zip(held, _digits(draw, 6, len(held))):
        if choice <= 3:
            melds.append(meld)
        elif choice == 5:
            fines.append(Fine(meld.player, FineKind.MISSED_MELD))
    melds = _shuffled(draw, melds)

    # The last trick, tout and nolo (§3.3.1, §3.3.5)
    winner = _pick(draw, active)
    special = draw(_INDEX[10])
    tout = winner if special == 7 else None
    nolo = _pick(draw, [p for p in active if p != winner]) if special >= 8 else None

    # §3.2-§3.3 fates of the pagat and the kings recorded, consistent with the last trick: one
    # ultimo at most, one card per player in the last trick, and a king cannot win a last trick
    # to which the pagat (a tarok) was played.
    listed = draw(_INDEX[16])
    cards: list[Suit | None] = [None] + [suit for i, suit in enumerate(Suit) if listed >> i & 1]
    fates: dict[Suit | None, CardFate] = {}
    in_trick: set[str] = set()
    cards = _shuffled(draw, cards)
    for suit in cards:
        owner = hand.taroks[PAGAT] if suit is None else hand.courts[(suit, Court.KING)]
        options = _fate_options(owner, winner, tout, nolo)
        king_ultimo = any(f.fate is Fate.ULTIMO for s, f in fates.items() if s is not None)
        pagat_bagud = None in fates and fates[None].fate is Fate.BAGUD
        if (owner in in_trick or any(f.fate is Fate.ULTIMO for f in fates.values())
                or (suit is not None and pagat_bagud)):
            options = [f for f in options if f is not Fate.ULTIMO]
        if owner in in_trick or (suit is None and king_ultimo):
            options = [f for f in options if f is not Fate.BAGUD]
        fate = _pick(draw, options)
        if fate.in_last_trick:
            in_trick.add(owner)
        fates[suit] = CardFate(owner, fate)
    kings = tuple((suit, fates[suit]) for suit in cards if suit is not None)  # in the order drawn

    # §4 fines; now and then the ultimo maker was fined for a false or missed meld (no ultimo paid)
    fines += _fines(draw, active, arbitrary_fines)
    ultimo = [f.owner for f in fates.values() if f.fate is Fate.ULTIMO]
    if ultimo and draw(_INDEX[4]) == 3:
        fines.append(Fine(ultimo[0], _pick(draw, _BLOCKERS)))
    fines = _shuffled(draw, fines)

    # §3.3.6 counts and the derived player; after a tout as counted (the amended §3.3.6)
    counts: tuple[tuple[str, int], ...] = ()
    derived = None
    if nolo is None:
        shape = draw(_INDEX[6 * 2 * 2])   # who counts in which order, two or three counts, derived given
        order = tuple(active[i] for i in _PERMUTATIONS_OF_3[shape % 6])
        if tout is not None:
            held = _tout_counts(draw, dealer, tout, hand)
            values = [held[p] for p in order]
        else:
            first = draw(_COUNTS)
            second = 1 + draw(_INDEX[77 - first])
            values = [first, second, 78 - first - second]
        size = 2 + shape // 6 % 2
        counts = tuple(zip(order[:size], values[:size]))
        if shape // 12:
            derived = order[2] if size == 2 else _pick(draw, active)

    deal = Deal(
        dealer=dealer, kind=DealKind.PLAYED, melds=tuple(melds), fines=tuple(fines), pagat=fates[None],
        kings=kings, last_trick=winner, tout=tout, nolo=nolo, counts=counts, derived=derived,
    )
    return deal, hand


@st.composite
def played_deals(draw, players: tuple[str, ...], dealer: str, arbitrary_fines: bool = False):
    """A valid played deal with the ``Hand`` it was played from: ``(deal, hand)``."""
    return _played_deal(draw, tuple(players), dealer, arbitrary_fines)


def _deal(draw, players: tuple[str, ...], dealer: str, arbitrary_fines: bool) -> Deal:
    roll = draw(_INDEX[12])
    active = seating(players, dealer).active
    if roll == 10:  # misdeal: the dealer's fee and the misdeal fine, which may be recorded explicitly
        fines = (Fine(dealer, FineKind.MISDEAL),) if draw(_INDEX[2]) else ()
        return Deal(dealer=dealer, kind=DealKind.MISDEAL, fines=fines)
    if roll == 11:  # scrapped: the dealer's fee and its fines, no play
        fines = _fines(draw, active, arbitrary_fines)
        if draw(_INDEX[2]):
            fines.append(Fine(_pick(draw, active), FineKind.WRONG_CARD_COUNT))
        return Deal(dealer=dealer, kind=DealKind.SCRAPPED, fines=tuple(_shuffled(draw, fines)))
    return _played_deal(draw, players, dealer, arbitrary_fines)[0]


@st.composite
def deals(draw, players: tuple[str, ...], dealer: str, arbitrary_fines: bool = False) -> Deal:
    """A valid deal of any kind: mostly played, sometimes a misdeal or a scrapped deal (§4)."""
    return _deal(draw, tuple(players), dealer, arbitrary_fines)


_DATES = st.none() | st.dates()


@st.composite
def evenings(draw, players=st.sampled_from([3, 4, 5]), arbitrary_fines: bool = False,
             min_deals: int = 0, max_deals: int = 25) -> Evening:
    """A valid ``Evening`` of 3, 4 or 5 players and ``min_deals``..``max_deals`` deals.

    ``players`` draws the size of the table. Custom fines are multiples of 5 unless
    ``arbitrary_fines``. The dealer passes on as docs/rules/danish.md §1 suggests, overridden now and then.
    """
    n = draw(players)
    table = tuple(draw(st.lists(names, min_size=n, max_size=n, unique=True)))
    dealer = _pick(draw, table)
    out = []
    for _ in range(draw(st.integers(min_deals, max_deals))):
        if draw(_INDEX[10]) == 9:  # the scorer may override the suggested dealer
            dealer = _pick(draw, table)
        out.append(_deal(draw, table, dealer, arbitrary_fines))
        dealer = seating(table, dealer).next_dealer
    return Evening(table, tuple(out), "vlk", draw(_DATES))
