"""The whole of ``manage.py settle FILE --json`` in one call, for the command and the bench alike:
read the text, validate and settle the evening, write the settlement as docs/format.md's JSON."""
from __future__ import annotations

import gc
import json
from contextlib import contextmanager
from typing import Iterator

from .interchange import loads
from .report import settlement_to_dict
from .settle import settle_evening


@contextmanager
def batch() -> Iterator[None]:
    """No cyclic garbage collection during one batch: the evening's many small frozen objects hold
    no cycles, yet each full collection walks all of them again (the cost grows with the evening).
    Reference counting still frees what the batch drops; collection resumes afterwards."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def settlement_json(text: str) -> str:
    """The settlement of an evening file's text as JSON; raises ``EveningError`` with every problem.
    Written by the C encoder (``indent=None``: an indent falls back to the pure-Python one)."""
    with batch():
        return json.dumps(settlement_to_dict(settle_evening(loads(text), validated=True)), ensure_ascii=False)
