"""The one helper for the language of the request being answered (docs/architecture.md): the engine's
messages, the spreadsheets, the PDF and the amounts are written in Danish, or in English when the user
chose English (the language middleware has activated it for the request)."""
from __future__ import annotations

from django.utils import translation


def engine_language(lang: str | None = None) -> str:
    """``"en"`` when ``lang`` (default: the active language) is English, else ``"da"``: the engine's
    two languages, and the two that numbers and kroner are written in (``numbers.py``)."""
    return "en" if (lang or translation.get_language() or "da").startswith("en") else "da"


def active_language() -> str:
    """The active language's own code (``"da"``, ``"en"``, …), for what must differ with every
    language the pages are served in, such as a cached page's ETag; "" when none is active."""
    return translation.get_language() or ""
