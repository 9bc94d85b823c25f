"""Settle an evening of any family: the family is picked from the evening's rules (or the card it
carries) and settles it into journal entries (``ledger.py``)."""
from __future__ import annotations

from typing import Any

from .interchange import family_of
from .ledger import Settlement


def settle_evening(evening: Any, card: Any = None, *, validated: bool = False) -> Settlement:
    """Validate and settle a whole evening with its family. Raises ``EveningError`` with every
    problem found. ``validated``: the evening is what ``interchange.parse_evening`` just returned
    (it checks every deal with the evening's own card), so the checks are not run twice."""
    if validated:
        return family_of(evening).settle_evening(evening, card, validated=True)
    return family_of(evening).settle_evening(evening, card)
