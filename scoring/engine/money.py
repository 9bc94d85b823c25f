"""Money at the edge: the rate per point as a ``Decimal``, the one rounding helper, and sums of
money kept per currency.

Points are integers everywhere; money is computed only for display, here (and written out in each
language's format on the web side: scoring/currency.py). An evening's money is in its currency (the
club's, frozen at its close with the rate, ``Evening.currency``); the names ``kroner`` and
``kroner_per_point`` are the first currency's and stand for any of them. A sum over evenings is a
``Purse``: one amount per currency, never two currencies added together.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
import re
from decimal import ROUND_HALF_UP, Decimal

from .transfers import fewest_transfers

ØRE = Decimal("0.01")

#: The currencies a club keeps its books in (ISO 4217), in the order the pages list them.
CURRENCIES = ("DKK", "EUR", "CHF")
#: Every book kept before there was a choice, and a club's unless it chooses another.
DEFAULT_CURRENCY = "DKK"


def kroner(points: int, kroner_per_point: Decimal) -> Decimal:
    """Points in money at the rate (in the rate's currency), rounded half up to whole hundredths
    (øre, cents, Rappen). The only rounding of money in the app."""
    if not isinstance(points, int):
        raise TypeError("points are whole numbers")
    return (Decimal(points) * Decimal(kroner_per_point)).quantize(ØRE, rounding=ROUND_HALF_UP)


def from_cents(cents: int) -> Decimal:
    """Whole hundredths (as stored: ``EveningTransfer.amount``) as an amount with two decimals,
    exactly (``750`` -> ``7.50``, never ``7.5``)."""
    return Decimal(int(cents)).scaleb(-2)


def to_cents(amount: Decimal) -> int:
    """An amount (rounded to whole hundredths by ``kroner``) as whole hundredths."""
    return int((Decimal(amount) * 100).to_integral_value(rounding=ROUND_HALF_UP))


class AmountError(ValueError):
    """An amount as typed that is not one: ``kind`` says why ("number", "decimals", "positive",
    "large"), for the page to say it in its language."""

    def __init__(self, kind: str):
        super().__init__(kind)
        self.kind = kind


#: An amount as typed: whole units grouped by thousands ("1.234", "1,234,567"; one kind of mark)
#: or not grouped, then perhaps the other mark and one or two decimals.
_GROUPED = re.compile(r"(\d{1,3}(?:([.,])\d{3})+)(?:([.,])(\d{1,2}))?")
_PLAIN = re.compile(r"(\d+)(?:([.,])(\d{1,2}))?")


def _clearly_grouped(match: re.Match) -> bool:
    """Thousands beyond doubt: a decimal mark other than the grouping one, or two groups at least."""
    group, mark = match.group(2), match.group(3)
    return mark != group if mark else match.group(1).count(group) > 1


def parse_cents(text: str, *, most: int) -> int:
    """An amount as a person types it ("2,50", "2.50", "1.234,50", "1,234.50", "12") as whole
    hundredths, more than 0 and at most ``most``; never through a float. One comma or point
    followed by exactly three digits ("1.234", "1,234") may be a thousand or three decimals, so it
    is refused, like more than two decimals, rather than guessed."""
    plain = "".join(str(text).split()).replace("'", "").replace("\u2019", "")
    if plain.startswith(("-", "\u2212")):
        raise AmountError("positive")
    grouped, flat = _GROUPED.fullmatch(plain), _PLAIN.fullmatch(plain)
    if flat is not None:
        whole, decimals = flat.group(1), flat.group(3) or ""
    elif grouped is not None and _clearly_grouped(grouped):
        whole, decimals = grouped.group(1).replace(grouped.group(2), ""), grouped.group(4) or ""
    else:
        raise AmountError("number")
    if len(whole) > 12:
        raise AmountError("large")
    cents = int(whole) * 100 + int(decimals.ljust(2, "0"))
    if cents <= 0:
        raise AmountError("positive")
    if cents > most:
        raise AmountError("large")
    return cents


@dataclass(frozen=True)
class Payment:
    payer: str
    payee: str
    points: int
    kroner: Decimal


def evening_kroner(totals: tuple[tuple[str, int], ...], kroner_per_point: Decimal,
                   *, settled: bool) -> tuple[dict[str, Decimal], tuple[Payment, ...]]:
    """Each player's money and who pays whom, for an evening's ``totals`` (in seat order), in the
    evening's currency.

    Settled (closed, the totals sum to zero): the fewest transfers, each rounded once by
    ``kroner``; a player's money is the sum of his payments, so the totals and the payments
    agree to the hundredth and sum to zero. Open: no payments yet, each player's points at the rate.
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


def _order(currency: str) -> tuple[int, str]:
    return (CURRENCIES.index(currency) if currency in CURRENCIES else len(CURRENCIES), currency)


class Purse(Mapping):
    """Money summed over evenings: one amount (two decimals) per currency, in ``CURRENCIES``'
    order. Adding two purses adds each currency to itself; no two currencies are ever added
    together, so a club that changed its currency shows its kroner and its euros side by side.
    A currency that occurred keeps its place even at 0 (a player who won and lost as much)."""

    __slots__ = ("_amounts",)

    def __init__(self, amounts: Mapping[str, Decimal] | Iterable[tuple[str, Decimal]] = ()):
        pairs = amounts.items() if isinstance(amounts, Mapping) else amounts
        summed: dict[str, Decimal] = {}
        for currency, amount in pairs:
            summed[currency] = summed.get(currency, Decimal("0")) + Decimal(amount)
        self._amounts = {c: summed[c].quantize(ØRE, rounding=ROUND_HALF_UP) for c in sorted(summed, key=_order)}

    @classmethod
    def of(cls, currency: str, amount: Decimal) -> Purse:
        return cls({currency: amount})

    def __getitem__(self, currency: str) -> Decimal:
        return self._amounts[currency]

    def __iter__(self) -> Iterator[str]:
        return iter(self._amounts)

    def __len__(self) -> int:
        return len(self._amounts)

    def __add__(self, other: Mapping) -> Purse:
        if not isinstance(other, Mapping):
            return NotImplemented
        return Purse([*self.items(), *other.items()])

    def __neg__(self) -> Purse:
        return Purse({c: -a for c, a in self.items()})

    def __sub__(self, other: Mapping) -> Purse:
        if not isinstance(other, Mapping):
            return NotImplemented
        return self + -Purse(other)

    def __hash__(self) -> int:
        return hash(tuple(self._amounts.items()))

    def sort_key(self) -> tuple:
        """An order for listings: by the amount in each currency, in ``CURRENCIES``' order."""
        return tuple(self._amounts.get(c, Decimal("0")) for c in CURRENCIES) + tuple(
            a for c, a in self._amounts.items() if c not in CURRENCIES)

    def __lt__(self, other: Purse) -> bool:
        return self.sort_key() < other.sort_key()

    def __repr__(self) -> str:
        return f"Purse({self._amounts!r})"
