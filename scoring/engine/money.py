"""Money at the edge: kroner per point as a ``Decimal`` and the one rounding helper.

Points are integers everywhere; kroner are computed only for display, here (and written out in
each language's format on the web side: scoring/numbers.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from .transfers import fewest_transfers

ØRE = Decimal("0.01")


def kroner(points: int, kroner_per_point: Decimal) -> Decimal:
    """Points in kroner, rounded half up to whole øre. The only rounding of money in the app."""
    if not isinstance(points, int):
        raise TypeError("points are whole numbers")
    return (Decimal(points) * Decimal(kroner_per_point)).quantize(ØRE, rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class Payment:
    payer: str
    payee: str
    points: int
    kroner: Decimal


def evening_kroner(totals: tuple[tuple[str, int], ...], kroner_per_point: Decimal,
                   *, settled: bool) -> tuple[dict[str, Decimal], tuple[Payment, ...]]:
    """Each player's kroner and who pays whom, for an evening's ``totals`` (in seat order).

    Settled (closed, the totals sum to zero): the fewest transfers, each rounded once by
    ``kroner``; a player's kroner is the sum of his payments, so the totals and the payments
    agree to the øre and sum to zero. Open: no payments yet, each player's points at the rate.
    """
    if not settled:
        return {name: kroner(points, kroner_per_point) for name, points in totals}, ()
    payments = tuple(Payment(t.payer, t.payee, t.points, kroner(t.points, kroner_per_point))
                     for t in fewest_transfers(tuple(totals)))
    amounts = {name: Decimal("0.00") for name, _ in totals}
    for payment in payments:
        amounts[payment.payer] -= payment.kroner
        amounts[payment.payee] += payment.kroner
    return amounts, payments

