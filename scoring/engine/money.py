"""Money at the edge: kroner per point as a ``Decimal`` and the one rounding helper.

Points are integers everywhere; kroner are computed only for display, here.
"""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

ØRE = Decimal("0.01")


def kroner(points: int, kroner_per_point: Decimal) -> Decimal:
    """Points in kroner, rounded half up to whole øre. The only rounding of money in the app."""
    if not isinstance(points, int):
        raise TypeError("points are whole numbers")
    return (Decimal(points) * Decimal(kroner_per_point)).quantize(ØRE, rounding=ROUND_HALF_UP)


def format_kroner(amount: Decimal, lang: str = "da") -> str:
    """``1.234,50 kr.`` in Danish, ``DKK 1,234.50`` in English."""
    text = f"{abs(amount):,.2f}"
    sign = "-" if amount < 0 else ""
    if lang == "da":
        return f"{sign}{text.replace(',', '§').replace('.', ',').replace('§', '.')} kr."
    return f"{sign}DKK {text}"
