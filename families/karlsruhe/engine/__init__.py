"""Austrian Tarock as played in Karlsruhe (docs/rules/karlsruhe.md): 4 or 5 at a table, four active,
no cups, the Radl derived from the deal history. The family's ``FAMILY`` answers the protocol of
``families.py``.

The modules, each the one place of its rules: ``model`` (the deal and evening, seats, counts in
thirds), ``rates`` (§8, every number), ``validate`` (§9), ``settle`` (§5-§7: terms, formula, Radl,
entries), ``interchange`` (§11), ``stats`` (per-player figures), ``generate`` (random valid deals),
``problems`` (the family's message codes)."""
from __future__ import annotations

from scoring.engine.families import card_with_keys, family_of_modules
from . import generate, interchange, model, problems, rates, settle, stats, validate

#: The family's own message codes (Danish msgids of the catalogues), registered when ``problems`` is imported.
CODES = problems.CATALOGUE


FAMILY = family_of_modules(
    "karlsruhe", rank=2, interchange=interchange, model=model, rates=rates, settle=settle, stats=stats, validate=validate,
    players=(4, 5),
    #: A card of §8's shape (a club's copy under a name of its own); a club's copy may change any
    #: number (§8): every Karlsruhe card is a copy of the built-in one (the default).
    owns_card=card_with_keys("win_above", "schneider_max"),
    random_deal=generate.random_deal,
)
