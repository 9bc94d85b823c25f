"""django-tables2 asks ``inspect.signature`` which arguments a column's ``render``, ``value`` or
``linkify`` takes for every cell it renders (``utils.call_with_appropriate``): on the standings of
25 players and 17 columns that alone was a sixth of the page. The answer depends only on the
function, so it is kept per function here (``install``, called once from ``ScoringConfig.ready``).

A bound method is kept by its function: every bound method of one function drops the same first
argument, so its signature is the same whichever column it is bound to (the function itself, asked
unbound, is kept apart: it keeps that argument). The cache holds its keys
weakly (a table's lambdas and partials go with it); a callable that cannot be weakly referenced is
asked each time, as django-tables2 does."""
from __future__ import annotations

import weakref

#: bound methods by their function (without its first argument), other callables by themselves
_BOUND: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_PLAIN: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def cached_signature(fn):
    """django-tables2's ``utils.signature(fn)`` ((argument names, the ``**`` name or None)), asked
    once per function."""
    ask = original_signature()
    key = getattr(fn, "__func__", None)
    cache, key = (_PLAIN, fn) if key is None else (_BOUND, key)
    try:
        return cache[key]
    except KeyError:
        found = cache[key] = ask(fn)
        return found
    except TypeError:   # not weakly referable (or not hashable): asked each time
        return ask(fn)


_ORIGINAL = None


def original_signature():
    """django-tables2's own ``utils.signature``."""
    from django_tables2 import utils

    return _ORIGINAL or utils.signature


def install() -> None:
    """Put ``cached_signature`` in place of django-tables2's ``utils.signature`` (once)."""
    global _ORIGINAL
    from django_tables2 import utils

    if _ORIGINAL is None:
        _ORIGINAL = utils.signature
        utils.signature = cached_signature
