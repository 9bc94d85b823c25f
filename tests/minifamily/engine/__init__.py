"""The minimal family's engine (tests/minifamily/__init__.py has its rules): pure Python, its
``FAMILY`` registered by the app (``apps.py``), as a family that is not built in."""
from __future__ import annotations

from scoring.engine.families import card_with_keys, copy_of, family_of_modules
from scoring.engine.ledger import zero_sum_money
from . import interchange, model, problems, rates, settle, stats, validate

CODES = problems.CATALOGUE

FAMILY = family_of_modules(
    "minifamily", interchange=interchange, model=model, rates=rates, settle=settle, stats=stats, validate=validate,
    players=model.PLAYERS,
    pots=(model.Pot.KITTY.value,),
    cups=(model.Pot.KITTY.value,),
    cups_of=lambda card: (model.Pot.KITTY.value,),
    owns_card=card_with_keys("win", "fee"),
    card_base=copy_of(rates.MINI),
    money=zero_sum_money,
    played_kinds=("played",),
    summary_figures=("won",),
)
