"""Who has paid what: the payments between two players allocated to their transfers, oldest first
(docs/money.md, "Payments").

A transfer of "who pays whom" (``Due``) is what one player owes another from one closed evening; a
payment (``Paid``) is money one of them gave the other, of any amount. Both are in whole hundredths
of one currency, and two currencies are never set against each other. What covers a transfer is
computed here from the pair's transfers and payments, never stored: a correction, a void or a
reopening that changes the transfers changes nothing that was paid, only what is still open.

For each pair of players and currency:

1. The payments one way pay the transfers the same way, the oldest transfer first. What a payer
   paid beyond them is his credit with the other, and it pays that way's next transfer, whenever
   one comes.
2. What is still open of the transfers one way is set off against what is open the other way,
   oldest first: a pair's debts net across evenings.

The pair's balance is what the one owes the other after both: the transfers one way less the other
way, less the payments one way, plus the payments the other way — to the hundredth.

A transfer or payment of a player with himself (a duplicate and the player he was merged into) has
nothing to pay: it is covered at once and moves no balance."""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

PAID, PART, UNPAID = "paid", "part", "unpaid"


@dataclass(frozen=True)
class Due:
    """A transfer: ``payer`` owes ``receiver`` ``amount`` hundredths (at least 0) of ``currency``;
    ``key`` names it to the caller."""
    key: Hashable
    payer: int
    receiver: int
    amount: int
    currency: str


@dataclass(frozen=True)
class Paid:
    """A payment that counts: ``payer`` gave ``receiver`` ``amount`` hundredths (more than 0)."""
    key: Hashable
    payer: int
    receiver: int
    amount: int
    currency: str


@dataclass(frozen=True)
class Cover:
    """What covers one transfer of ``amount``: ``paid`` by payments the same way, ``offset`` by
    transfers the other way; ``open`` is the rest, still to pay."""
    amount: int
    paid: int = 0
    offset: int = 0

    @property
    def open(self) -> int:
        return self.amount - self.paid - self.offset

    @property
    def state(self) -> str:
        """``PAID`` (nothing open), ``PART`` (some of it covered) or ``UNPAID`` (none of it)."""
        if self.open == 0:
            return PAID
        return PART if self.paid or self.offset else UNPAID


@dataclass(frozen=True)
class Balance:
    """What ``debtor`` owes ``creditor`` in ``currency`` once the pair's transfers and payments are
    set against each other (more than 0). ``credit`` of it is money the creditor paid beyond the
    transfers his way (an overpayment the debtor owes back, or that pays the next transfer)."""
    debtor: int
    creditor: int
    currency: str
    amount: int
    credit: int = 0


@dataclass(frozen=True)
class Allocation:
    """Every transfer's ``Cover`` by its key; which payment paid how much of which transfer
    (``uses``: payment key, transfer key, hundredths), in the order they were allocated; each
    pair's ``Balance`` that is not 0; and each payer's credit with a receiver in a currency
    (``credits``: (payer, receiver, currency) -> hundredths paid beyond the transfers that way)."""
    covers: Mapping[Hashable, Cover]
    uses: tuple[tuple[Hashable, Hashable, int], ...]
    balances: tuple[Balance, ...]
    credits: Mapping[tuple[int, int, str], int]

    def used(self, payment_key: Hashable) -> int:
        """How much of a payment has paid transfers (the rest is its payer's credit)."""
        return sum(amount for key, _transfer, amount in self.uses if key == payment_key)


def _fifo(needs: list[list], supply: list[list]) -> list[tuple[Hashable, Hashable, int]]:
    """Match ``supply`` ([key, amount] each, in order) to ``needs`` ([key, amount] each, in order),
    each taken from the front until one side runs out; both lists are left with what remains.
    Returns (supply key, need key, hundredths) per match."""
    matches = []
    i = j = 0
    while i < len(needs) and j < len(supply):
        take = min(needs[i][1], supply[j][1])
        if take:
            matches.append((supply[j][0], needs[i][0], take))
            needs[i][1] -= take
            supply[j][1] -= take
        if needs[i][1] == 0:
            i += 1
        if supply[j][1] == 0:
            j += 1
    return matches


def _checked(items: Iterable, least: int) -> list:
    found = list(items)
    for item in found:
        if not isinstance(item.amount, int) or item.amount < least:
            raise ValueError(f"{item.key!r}: an amount is a whole number of hundredths, at least {least}")
    return found


def allocate(dues: Iterable[Due], payments: Iterable[Paid]) -> Allocation:
    """Allocate ``payments`` to ``dues`` per pair of players and currency (the module's rules).
    Both are given oldest first: the transfers in the order of their evenings, the payments in the
    order they were made (which payment pays which transfer follows it; how much is paid does not)."""
    dues, payments = _checked(dues, 0), _checked(payments, 1)
    covers: dict[Hashable, Cover] = {}
    ways: dict[tuple[int, int, str], tuple[list, list]] = {}
    for due in dues:
        if due.payer == due.receiver:
            covers[due.key] = Cover(due.amount, offset=due.amount)
            continue
        covers[due.key] = Cover(due.amount)
        ways.setdefault((due.payer, due.receiver, due.currency), ([], []))[0].append([due.key, due.amount])
    for paid in payments:
        if paid.payer != paid.receiver:
            ways.setdefault((paid.payer, paid.receiver, paid.currency), ([], []))[1].append([paid.key, paid.amount])

    uses, credits, still_open = [], {}, {}
    for way, (owed, money) in ways.items():   # 1. payments pay their own way's transfers, oldest first
        for payment, transfer, amount in _fifo(owed, money):
            uses.append((payment, transfer, amount))
            c = covers[transfer]
            covers[transfer] = Cover(c.amount, c.paid + amount, c.offset)
        credits[way] = sum(left for _key, left in money)        # paid beyond the transfers that way
        still_open[way] = [[key, left] for key, left in owed if left]

    balances = []
    for payer, receiver, currency in sorted({(min(a, b), max(a, b), c) for a, b, c in ways}):
        there, back = (payer, receiver, currency), (receiver, payer, currency)
        # 2. what is open one way is set off against what is open the other way, oldest first
        for back_key, there_key, amount in _fifo(still_open.get(there, []), still_open.get(back, [])):
            for key in (there_key, back_key):
                c = covers[key]
                covers[key] = Cover(c.amount, c.paid, c.offset + amount)
        owes = sum(left for _k, left in still_open.get(there, [])) + credits.get(back, 0)
        owed = sum(left for _k, left in still_open.get(back, [])) + credits.get(there, 0)
        if owes > owed:
            balances.append(Balance(payer, receiver, currency, owes - owed, min(credits.get(back, 0), owes - owed)))
        elif owed > owes:
            balances.append(Balance(receiver, payer, currency, owed - owes, min(credits.get(there, 0), owed - owes)))
    return Allocation(covers, tuple(uses), tuple(balances), {w: c for w, c in credits.items() if c})


def net(dues: Iterable[Due], payments: Iterable[Paid], debtor: int, creditor: int, currency: str) -> int:
    """What ``debtor`` owes ``creditor`` in ``currency`` by the sums alone (negative: he is owed):
    the transfers his way less the other way, less his payments, plus the other's. The balance
    ``allocate`` gives, stated as its definition."""
    def total(items, a, b):
        return sum(i.amount for i in items if (i.payer, i.receiver, i.currency) == (a, b, currency))
    dues, payments = list(dues), list(payments)
    return (total(dues, debtor, creditor) - total(dues, creditor, debtor)
            - total(payments, debtor, creditor) + total(payments, creditor, debtor))
