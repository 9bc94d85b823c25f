"""Settle an evening of any family: the family is picked from the evening's rules (or the card it
carries) and settles it into journal entries (``ledger.py``)."""
from __future__ import annotations

from typing import Any

from .interchange import family_of
from .ledger import Settlement


def settle_evening(evening: Any, card: Any = None) -> Settlement:
    """Validate and settle a whole evening with its family. Raises ``EveningError`` with every
    problem found."""
    return family_of(evening).settle_evening(evening, card)
