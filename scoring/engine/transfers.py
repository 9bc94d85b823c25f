"""Who pays whom: the fewest transfers that settle the evening's totals.

With ``n`` players owing or owed, ``n - k`` transfers suffice and are needed, where ``k`` is the
largest number of disjoint groups whose balances each sum to zero. The groups are found exactly
(a table has at most five players), then each group is settled largest debtor to largest creditor.
Ties are broken by seat order, so the result is deterministic.
"""
from __future__ import annotations

from dataclasses import dataclass


#: Up to this many players with a balance the fewest transfers are found exactly (a table has at
#: most five; an evening of several tables may have more). Above it, largest debtor pays largest
#: creditor, which still needs at most players − 1 transfers.
EXACT_LIMIT = 12


@dataclass(frozen=True)
class Transfer:
    payer: str
    payee: str
    points: int


def fewest_transfers(totals: tuple[tuple[str, int], ...]) -> tuple[Transfer, ...]:
    if sum(amount for _, amount in totals) != 0:
        raise ValueError("totals must sum to zero")
    people = [(name, amount) for name, amount in totals if amount]
    if len(people) > EXACT_LIMIT:  # beyond a few tables' worth the exact search is too slow
        return tuple(_settle_group(people))
    result: list[Transfer] = []
    for group in _zero_groups(tuple(amount for _, amount in people)):
        result.extend(_settle_group([people[i] for i in group]))
    return tuple(result)


def _zero_groups(amounts: tuple[int, ...]) -> list[list[int]]:
    """Partition indexes into the most zero-sum groups (max zero-sum prefixes over orderings).

    ``best[mask]``: the most zero-sum prefixes of any ordering of the players in ``mask``; filled
    bottom-up over the masks in increasing order (each mask's subsets without one member are
    smaller numbers), each mask's sum from the mask without its lowest member: 2^n steps of n, where
    summing each mask anew cost 2^n · n² (a season report settles hundreds of evenings of twelve)."""
    n = len(amounts)
    size = 1 << n
    bits = [1 << i for i in range(n)]
    total = [0] * size
    best = [0] * size
    for mask in range(1, size):   # plain loops: a generator per mask cost three times as much
        low = mask & -mask
        running = total[mask] = total[mask ^ low] + amounts[low.bit_length() - 1]
        most = 0
        for bit in bits:
            if mask & bit and best[mask ^ bit] > most:
                most = best[mask ^ bit]
        best[mask] = most + (running == 0)

    order: list[int] = []
    mask = size - 1
    while mask:  # walk back: the last member placed is the one whose removal keeps the optimum
        closes = total[mask] == 0
        last = next(i for i in reversed(range(n)) if mask >> i & 1 and best[mask & ~(1 << i)] + closes == best[mask])
        order.append(last)
        mask &= ~(1 << last)
    order.reverse()
    groups, current, running = [], [], 0
    for i in order:
        current.append(i)
        running += amounts[i]
        if running == 0:
            groups.append(sorted(current))
            current = []
    return groups


def _settle_group(group: list[tuple[str, int]]) -> list[Transfer]:
    """Largest debtor pays largest creditor until the group is square (at most len-1 transfers)."""
    seat = {name: i for i, (name, _) in enumerate(group)}
    balance = dict(group)
    transfers = []
    while any(balance.values()):
        debtor = min((n for n in balance if balance[n] < 0), key=lambda n: (balance[n], seat[n]))
        creditor = max((n for n in balance if balance[n] > 0), key=lambda n: (balance[n], -seat[n]))
        amount = min(-balance[debtor], balance[creditor])
        transfers.append(Transfer(debtor, creditor, amount))
        balance[debtor] += amount
        balance[creditor] -= amount
    return transfers
