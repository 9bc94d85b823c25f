"""Numbers as each language writes them, by Django's own number formatting
(``django.utils.numberformat``) with the separators and the grouping of
tarokklub/formats/<lang>/formats.py (FORMAT_MODULE_PATH). Money in its currency is written by
scoring/currency.py. The engine computes the amounts (scoring/engine/money.py) and never formats
them: it stays free of Django."""
from __future__ import annotations

from django.utils import formats, numberformat

from scoring.language import page_language


def _format(name: str, lang: str):
    return formats.get_format(name, lang, use_l10n=True)


def format_number(value, lang: str | None = None, *, decimal_pos: int | None = None, grouping: bool = False) -> str:
    """``value`` with the language's decimal separator (``12,5`` / ``12.5``); thousands grouped with
    its separator when ``grouping`` (``1.234,50`` / ``1,234.50``)."""
    lang = page_language(lang)
    return numberformat.format(value, _format("DECIMAL_SEPARATOR", lang), decimal_pos=decimal_pos,
                               grouping=_format("NUMBER_GROUPING", lang) if grouping else 0,
                               thousand_sep=_format("THOUSAND_SEPARATOR", lang), force_grouping=grouping)

