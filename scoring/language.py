"""The one helper for the language of the request being answered (docs/architecture.md): the engine's
messages, the spreadsheets, the PDF and the amounts are written in Danish, or in English when the user
chose English (the language middleware has activated it for the request)."""
from __future__ import annotations

from django.utils import translation


def engine_language() -> str:
    """``"en"`` when the active language is English, else ``"da"`` (the engine's two languages)."""
    return "en" if (translation.get_language() or "da").startswith("en") else "da"
