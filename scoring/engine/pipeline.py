"""The whole of ``manage.py settle FILE --json`` in one call:
read the text, validate and settle the evening, write the settlement as docs/format.md's JSON."""
from __future__ import annotations

import json

from .interchange import loads
from .report import settlement_to_dict
from .settle import settle_evening


def settlement_json(text: str) -> str:
    """The settlement of an evening file's text as JSON; raises ``EveningError`` with every problem.
    Written by the C encoder (``indent=None``: an indent falls back to the pure-Python one)."""
    return json.dumps(settlement_to_dict(settle_evening(loads(text), validated=True)), ensure_ascii=False)
