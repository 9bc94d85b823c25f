"""Settlement as double-entry journal entries (RULES.md §2, §3, §4).

One entry for the opening, one per deal, one for the split. An entry is a list of postings (who
pays whom, and why) and their legs per account: each player at the table and the two cups. Every
entry sums to zero; the engine raises ``LedgerError`` rather than return one that does not.
"""
from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from .model import Account, Cup, Deal, DealKind, Evening, Fate, FineKind, MeldKind, seating
from .problems import EveningError
from .rates import RateCard, rate_card
from .transfers import Transfer, fewest_transfers
from .validate import validate_deal, validate_evening


class LedgerError(AssertionError):
    """An entry that does not sum to zero or a cup below zero: a bug, never a user error."""


class EntryKind(enum.Enum):
    OPENING = "opening"
    DEAL = "deal"
    SPLIT = "split"


class Reason(enum.Enum):
    """Why a posting was made; each names the rule it comes from."""

    OPENING = "opening"              # §2 opening
    DEALER_FEE = "dealer_fee"        # §2 dealer's fee
    FINE = "fine"                    # §4
    MELD = "meld"                    # §3.1
    PAGAT_HOME = "pagat_home"        # §3.2
    PAGAT_LOST = "pagat_lost"        # §3.2
    KING_LOST = "king_lost"          # §3.2
    TOUT = "tout"                    # §3.3.1
    FAILED_TOUT = "failed_tout"      # a card with failed_tout_each (docs/rate-cards.md)
    ULTIMO = "ultimo"                # §3.3.2
    BAGUD = "bagud"                  # §3.3.3
    LAST_TRICK = "last_trick"        # §3.3.4
    NOLO = "nolo"                    # §3.3.5
    COUNTING = "counting"            # §3.3.6
    REFUND = "refund"                # §2 re-funding an empty cup
    SPLIT = "split"                  # §2 end of the evening


@dataclass(frozen=True)
class Posting:
    payer: Account
    payee: Account
    amount: int
    reason: Reason
    detail: str = ""   # e.g. the meld kind, the fine kind, the card


@dataclass(frozen=True)
class Cups:
    king: int = 0
    pagat: int = 0

    def get(self, cup: Cup) -> int:
        return self.king if cup is Cup.KING else self.pagat

    def moved(self, legs: dict[Account, int]) -> "Cups":
        return Cups(self.king + legs.get(Cup.KING, 0), self.pagat + legs.get(Cup.PAGAT, 0))


@dataclass(frozen=True)
class Entry:
    kind: EntryKind
    number: int | None                      # the deal number of a DEAL entry
    postings: tuple[Posting, ...]
    legs: tuple[tuple[Account, int], ...]   # every player in seat order, then king and pagat cup
    cups: Cups                              # the cups' content after this entry

    @property
    def net(self) -> dict[Account, int]:
        return dict(self.legs)


@dataclass(frozen=True)
class Settlement:
    players: tuple[str, ...]
    rules: str
    opening: Entry
    deals: tuple[Entry, ...]
    split: Entry
    totals: tuple[tuple[str, int], ...]
    transfers: tuple[Transfer, ...]

    @property
    def entries(self) -> tuple[Entry, ...]:
        return (self.opening, *self.deals, self.split)

    def running(self) -> list[dict[str, int]]:
        """The players' running totals after the opening and after each deal (the paper sheet)."""
        rows, total = [], Counter()
        for entry in (self.opening, *self.deals):
            total.update({p: entry.net[p] for p in self.players})
            rows.append({p: total[p] for p in self.players})
        return rows


def _make_entry(kind: EntryKind, number: int | None, players: tuple[str, ...], cups: Cups,
                postings: list[Posting]) -> Entry:
    postings = [p for p in postings if p.amount]   # a card may set an amount to 0: no posting
    legs: dict[Account, int] = {p: 0 for p in players} | {Cup.KING: 0, Cup.PAGAT: 0}
    for posting in postings:
        if posting.payer not in legs or posting.payee not in legs:
            raise LedgerError(f"posting to an account outside the table: {posting}")
        legs[posting.payer] -= posting.amount
        legs[posting.payee] += posting.amount
    if sum(legs.values()) != 0:
        raise LedgerError(f"{kind.value} {number}: entry sums to {sum(legs.values())}")
    after = cups.moved(legs)
    if after.king < 0 or after.pagat < 0:
        raise LedgerError(f"{kind.value} {number}: a cup went below zero ({after})")
    return Entry(kind, number, tuple(postings), tuple(legs.items()), after)


def _into_cups(player: str, amount: int, reason: Reason, detail: str = "") -> list[Posting]:
    """``amount`` into each cup."""
    return [Posting(player, cup, amount, reason, detail) for cup in Cup]


def _from_each(others: Iterable[str], payee: str, amount: int, reason: Reason, detail: str = "") -> list[Posting]:
    return [Posting(other, payee, amount, reason, detail) for other in others]


def _to_each(payer: str, others: Iterable[str], amount: int, reason: Reason, detail: str = "") -> list[Posting]:
    return [Posting(payer, other, amount, reason, detail) for other in others]


def settle_opening(players: tuple[str, ...], card: RateCard) -> Entry:
    """Every player at the table puts ``opening_per_cup`` into each cup (RULES.md §2, §3b(1))."""
    postings = [p for player in players for p in _into_cups(player, card.opening_per_cup, Reason.OPENING)]
    return _make_entry(EntryKind.OPENING, None, players, Cups(), postings)


def settle_deal(players: tuple[str, ...], number: int, deal: Deal, cups: Cups, card: RateCard) -> Entry:
    """The journal entry of one deal, given the cups before it (RULES.md §2-§4).

    Raises ``EveningError`` if the deal is not valid (RULES.md §5).
    """
    problems = validate_deal(players, number, deal, card)
    if problems:
        raise EveningError(problems)
    return _settle_valid_deal(players, number, deal, cups, card)


def _settle_valid_deal(players: tuple[str, ...], number: int, deal: Deal, cups: Cups, card: RateCard) -> Entry:
    postings = _deal_postings(players, deal, cups, card)
    after = cups.moved(_net(postings))
    for cup in Cup:  # §2 re-funding: a cup left empty is refilled by everyone at the table
        if after.get(cup) == 0:
            postings += [Posting(player, cup, card.refund_per_player, Reason.REFUND) for player in players]
    return _make_entry(EntryKind.DEAL, number, players, cups, postings)


def _net(postings: list[Posting]) -> dict[Account, int]:
    net: Counter = Counter()
    for posting in postings:
        net[posting.payer] -= posting.amount
        net[posting.payee] += posting.amount
    return net


def _deal_postings(players: tuple[str, ...], deal: Deal, cups: Cups, card: RateCard) -> list[Posting]:
    seats = seating(players, deal.dealer)
    postings = _into_cups(deal.dealer, card.dealer_fee_per_cup, Reason.DEALER_FEE)
    if deal.kind is DealKind.MISDEAL:  # §11a: the dealer pays the misdeal fine, once
        postings += _into_cups(deal.dealer, card.fine_per_cup(FineKind.MISDEAL), Reason.FINE, FineKind.MISDEAL.value)
    for fine in deal.fines:
        if fine.kind is FineKind.MISDEAL:
            continue  # the same fine the misdeal deal already charged
        postings += _into_cups(fine.player, card.fine_per_cup(fine.kind, fine.amount), Reason.FINE, fine.kind.value)
    if deal.kind is not DealKind.PLAYED:
        return postings

    def others(player: str) -> list[str]:
        return [p for p in seats.active if p != player]

    # §3.1 melds, from each other active player
    for meld in deal.melds:
        postings += _from_each(others(meld.player), meld.player, card.meld_price(meld.kind, meld.count),
                               Reason.MELD, meld.kind.value)

    # §3.2 during play
    pagat = deal.pagat
    if pagat.fate is Fate.HOME:
        postings += _from_each(others(pagat.owner), pagat.owner, card.pagat_home_each, Reason.PAGAT_HOME)
    elif pagat.fate is Fate.LOST:
        postings += _to_each(pagat.owner, others(pagat.owner), card.pagat_lost_each, Reason.PAGAT_LOST)
        postings.append(Posting(pagat.owner, Cup.PAGAT, card.pagat_lost_cup, Reason.PAGAT_LOST))
    for suit, king in deal.kings:
        if king.fate is Fate.LOST:
            postings += _to_each(king.owner, others(king.owner), card.king_lost_each, Reason.KING_LOST, suit.value)
            postings.append(Posting(king.owner, Cup.KING, card.king_lost_cup, Reason.KING_LOST, suit.value))

    # §3.3 end of play, with the cups as they stand now (the snapshot rule)
    snapshot = cups.moved(_net(postings))
    ultimo_paid = False
    if deal.tout is not None:  # 1. tout
        postings += _from_each(others(deal.tout), deal.tout, card.tout_each, Reason.TOUT)
        postings += [Posting(cup, deal.tout, snapshot.get(cup), Reason.TOUT, cup.value)
                     for cup in Cup if snapshot.get(cup)]
    if deal.failed_tout is not None:  # 1b. a failed tout, on a card that has one: "costs the same"
        postings += _to_each(deal.failed_tout, others(deal.failed_tout), card.failed_tout_each, Reason.FAILED_TOUT)
        if card.failed_tout_doubles_cups:
            postings += [Posting(deal.failed_tout, cup, snapshot.get(cup), Reason.FAILED_TOUT, cup.value)
                         for cup in Cup if snapshot.get(cup)]
    blocked = {f.player for f in deal.fines if card.blocks_ultimo(f.kind)}
    for cup, suit, fate in deal.cards():  # 2. ultimo
        if fate.fate is Fate.ULTIMO and deal.tout is None and deal.nolo is None and fate.owner not in blocked:
            each = card.pagat_ultimo_each if cup is Cup.PAGAT else card.king_ultimo_each
            detail = suit.value if suit else "pagat"
            postings += _from_each(others(fate.owner), fate.owner, each, Reason.ULTIMO, detail)
            if snapshot.get(cup):
                postings.append(Posting(cup, fate.owner, snapshot.get(cup), Reason.ULTIMO, detail))
            ultimo_paid = True
    for cup, suit, fate in deal.cards():  # 3. bagud
        if fate.fate is Fate.BAGUD:
            each = card.pagat_bagud_each if cup is Cup.PAGAT else card.king_bagud_each
            detail = suit.value if suit else "pagat"
            postings += _to_each(fate.owner, others(fate.owner), each, Reason.BAGUD, detail)
            if snapshot.get(cup):
                postings.append(Posting(fate.owner, cup, snapshot.get(cup), Reason.BAGUD, detail))
    # 4. last trick; on a card that pays it only once the pagat and all kings have fallen, not
    # when one of them was played to the last trick (ultimo or bagud)
    fallen = not any(fate.fate.in_last_trick for _, _, fate in deal.cards())
    if (deal.tout is None and deal.nolo is None and not ultimo_paid
            and (fallen or not card.last_trick_needs_honours_fallen)):
        postings += _from_each(others(deal.last_trick), deal.last_trick, card.last_trick_each, Reason.LAST_TRICK)
    if deal.nolo is not None:  # 5. nolo (and no counting)
        postings += _from_each(others(deal.nolo), deal.nolo, card.nolo_each, Reason.NOLO)
    else:  # 6. counting
        postings += _counting(seats.active, seats.default_derived, deal, card)
    return postings


def derived_player(active: tuple[str, ...], default: str, deal: Deal) -> str:
    """Whose counting amount is derived (RULES.md §3.3.6 Decision, FORMAT.md ``derived``)."""
    counts = deal.count_map
    if len(counts) == 2:
        return next(p for p in active if p not in counts)
    return deal.derived or default


def _counting(active: tuple[str, ...], default: str, deal: Deal, card: RateCard) -> list[Posting]:
    """Two counters get their band value; the derived player gets minus their sum (§3.3.6)."""
    derived = derived_player(active, default, deal)
    postings = []
    for player, count in deal.counts:
        if player == derived:
            continue
        value = card.count_value(count)
        if value > 0:
            postings.append(Posting(derived, player, value, Reason.COUNTING, str(count)))
        elif value < 0:
            postings.append(Posting(player, derived, -value, Reason.COUNTING, str(count)))
    return postings


def settle_split(players: tuple[str, ...], cups: Cups, running: dict[str, int], card: RateCard) -> Entry:
    """Share both cups among all players at the table (RULES.md §2, booklet §12).

    Decision: equal shares rounded down to ``split_unit``; the rest goes to the player with the
    lowest running total before the split, the earliest seat on a tie.
    """
    pool = cups.king + cups.pagat
    share = pool // len(players) // card.split_unit * card.split_unit
    lowest = min(players, key=lambda p: (running[p], players.index(p)))
    postings: list[Posting] = []
    remaining = {Cup.KING: cups.king, Cup.PAGAT: cups.pagat}

    def pay(player: str, amount: int) -> None:
        for cup in Cup:  # draw from the king cup first, then the pagat cup
            part = min(amount, remaining[cup])
            if part:
                postings.append(Posting(cup, player, part, Reason.SPLIT))
                remaining[cup] -= part
                amount -= part

    for player in players:
        pay(player, share + (pool - share * len(players) if player == lowest else 0))
    return _make_entry(EntryKind.SPLIT, None, players, cups, postings)


def settle_evening(evening: Evening, card: RateCard | None = None) -> Settlement:
    """Validate and settle a whole evening. Raises ``EveningError`` with every problem found."""
    if card is None:
        card = evening.card or rate_card(evening.rules)
    problems = validate_evening(evening, card)
    if problems:
        raise EveningError(problems)
    players = evening.players
    opening = settle_opening(players, card)
    cups, deals = opening.cups, []
    for number, deal in enumerate(evening.deals, 1):
        entry = _settle_valid_deal(players, number, deal, cups, card)
        deals.append(entry)
        cups = entry.cups
    running = Counter()
    for entry in (opening, *deals):
        running.update({p: entry.net[p] for p in players})
    split = settle_split(players, cups, running, card)
    totals = tuple((p, running[p] + split.net[p]) for p in players)
    if sum(t for _, t in totals) != 0:
        raise LedgerError(f"the evening's totals sum to {sum(t for _, t in totals)}")
    return Settlement(players, card.name, opening, tuple(deals), split, totals, fewest_transfers(totals))
