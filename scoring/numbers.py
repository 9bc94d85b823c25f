"""Numbers and kroner as each language writes them, by Django's own number formatting
(``django.utils.numberformat``) with the separators, the grouping and the currency pattern of
tarokklub/formats/<lang>/formats.py (FORMAT_MODULE_PATH). The engine computes the amounts
(scoring/engine/money.py) and never formats them: it stays free of Django."""
from __future__ import annotations

from decimal import Decimal

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


def format_kroner(amount: Decimal, lang: str | None = None) -> str:
    """The one currency format of each language (KRONER_FORMAT): ``-1.234,50 kr.`` in Danish,
    ``-DKK 1,234.50`` in English; the rate reads the same way ("0,25 kr. pr. point", "DKK 0.25 per
    point"). Pages and PDFs keep an amount on one line (CSS ``white-space: nowrap``)."""
    lang = page_language(lang)
    amount = Decimal(amount)
    number = format_number(abs(amount), lang, decimal_pos=2, grouping=True)
    return _format("KRONER_FORMAT", lang).format(sign="-" if amount < 0 else "", amount=number)


def plain_decimal(value: Decimal, lang: str | None = None) -> str:
    """``0,25`` (Danish) / ``0.25``: a rate as written, without trailing zeros or grouping."""
    return format_number(format(Decimal(value).normalize(), "f"), lang)
