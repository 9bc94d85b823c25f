"""The minimal family's engine (tests/minifamily/__init__.py has its rules): pure Python, its
``FAMILY`` registered by the app (``apps.py``), as a family that is not built in. What it does not
give is the default (``family_of_modules``): its pot from ``model.Pot``, its one card, the seats and
the dealer in turn, the evening file's top level, settling an evening deal by deal."""
from __future__ import annotations

from scoring.engine.families import family_of_modules
from . import interchange, model, rates, settle, stats, validate

FAMILY = family_of_modules("minifamily", interchange=interchange, model=model, rates=rates, settle=settle,
                           stats=stats, validate=validate, players=(2, 3, 4), summary_figures=("won",))
