"""Money as the reader writes it: an amount in its currency, in the page's language — the one place
that formats an amount, a rate per point, a sum over evenings (pages, PDFs, mails; the exports write
plain numbers, scoring/reports/listings.py), and the template filters that call it
(``{% load money %}``, scoring/templatetags/money.py).

The patterns are the Unicode CLDR's, through Babel's ``format_currency``: "-1.234,50 kr." and
"-1.234,50 €" in Danish, "-DKK 1,234.50" and "-€1,234.50" in English, "-1.234,50 DKK" and
"-1.234,50 €" in German and Slovenian. Two adjustments, both the house's: the space between the
number and the symbol is an ordinary space (pages and PDFs keep an amount on one line with CSS
``white-space: nowrap``, and a test or a mail reads it as written), and a symbol made of letters
stands apart from the number ("DKK 0.25", CLDR's currency spacing, which Babel leaves out).

The engine computes the amounts (scoring/engine/money.py) and never formats them."""
from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from babel.numbers import format_currency

from scoring.engine.money import CURRENCIES, DEFAULT_CURRENCY, Purse
from scoring.language import page_language

#: What a club made with this default language proposes (docs/money.md): euro in Germany and
#: Slovenia; kroner otherwise, as every club before there was a choice.
PROPOSED = {"de": "EUR", "sl": "EUR"}

#: A letter of a currency's symbol next to a digit (CLDR's currency spacing: "DKK 1,234.50").
_LETTER_DIGIT = re.compile(r"(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])")


def proposed_currency(language: str | None) -> str:
    """The currency a new club of this default language is offered first."""
    return PROPOSED.get(page_language(language), DEFAULT_CURRENCY)


def _currency(code: str | None) -> str:
    return code if code in CURRENCIES else DEFAULT_CURRENCY


def _written(amount: Decimal, currency: str, lang: str, *, exact: bool) -> str:
    text = format_currency(Decimal(amount), _currency(currency), locale=page_language(lang),
                           decimal_quantization=not exact)
    return _LETTER_DIGIT.sub(" ", text.replace("\xa0", " ").replace("\u202f", " "))


def format_money(amount: Decimal, currency: str | None, lang: str | None = None) -> str:
    """An amount in ``currency`` as the language writes it, two decimals, thousands grouped:
    ``-1.234,50 kr.`` / ``-DKK 1,234.50`` / ``-1.234,50 €``."""
    amount = Decimal(amount).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return _written(amount if amount else abs(amount), currency, lang, exact=False)   # never "-0,00"


def format_rate(rate: Decimal, currency: str | None, lang: str | None = None) -> str:
    """A rate per point as the language writes it: at least two decimals, up to the four a rate may
    have (``0,25 kr.``, ``0,1234 €``, ``DKK 0.10``)."""
    rate = Decimal(rate)
    return _written(rate.quantize(Decimal("0.01")) if rate == rate.quantize(Decimal("0.01")) else rate.normalize(),
                    currency, lang, exact=True)


def format_purse(purse: Purse, lang: str | None = None, *, empty: str = "—") -> str:
    """A sum over evenings (``money.Purse``): each currency's amount, side by side
    (``12,50 kr. · 3,00 €``); ``empty`` when there is none."""
    return " · ".join(format_money(amount, currency, lang) for currency, amount in purse.items()) or empty


def logged_rate(text: str) -> tuple[Decimal, str] | None:
    """A rate as the club's log keeps it (``ClubEvent.before``/``after`` of a rate change: "0.25 DKK";
    one logged before there were currencies, "0.25", is in kroner): (rate, currency), or None."""
    number, _sep, code = (text or "").strip().partition(" ")
    try:
        rate = Decimal(number)
    except (InvalidOperation, ValueError):
        return None
    return (rate, _currency(code or DEFAULT_CURRENCY)) if rate.is_finite() else None


def log_rate_text(rate: Decimal, currency: str) -> str:
    """How the club's log keeps a rate: the number as written in code and its currency ("0.25 DKK")."""
    return f"{format(Decimal(rate).normalize(), 'f')} {_currency(currency)}"
