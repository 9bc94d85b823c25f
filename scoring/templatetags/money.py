"""Amounts on a page in the page's language (scoring/currency.py, the one place that writes money):
``{{ amount|money:currency }}`` (``-1.234,50 kr.``, ``-1.234,50 €``), ``{{ hundredths|cents:currency }}``, ``{{ rate|rate:currency }}``
(``0,25 kr.``), ``{{ purse|purse }}`` (a sum over evenings, each currency apart) and
``{{ text|logged_rate }}`` (a rate as the club's log keeps it, "0.25 DKK")."""
from __future__ import annotations

from django import template

from scoring.currency import format_money, format_purse, format_rate, logged_rate as read_logged_rate
from scoring.engine.money import from_cents

register = template.Library()


@register.filter
def money(amount, currency) -> str:
    return "" if amount is None or amount == "" else format_money(amount, currency)


@register.filter
def cents(amount, currency) -> str:
    """Whole hundredths as stored (``Payment.amount``) as money in ``currency``."""
    return "" if amount is None or amount == "" else format_money(from_cents(amount), currency)


@register.filter
def rate(value, currency) -> str:
    return "" if value is None or value == "" else format_rate(value, currency)


@register.filter
def purse(value) -> str:
    return format_purse(value)


@register.filter
def logged_rate(text) -> str:
    found = read_logged_rate(text)
    return text if found is None else format_rate(*found)
