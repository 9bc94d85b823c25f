"""Slovenian Tarok "po Selško" (docs/rules/selca.md): 3 or 4 at a table (at 4 the dealer rests), a
written score ("zapisnik"): each deal writes points, winners +, losers −, not zero-sum; the ledger
balances them with the family's one pot, the sheet, which is never a cup; money at the end is §11's
rule on the totals. The family's ``FAMILY`` answers the protocol of ``families.py``.

The modules, each the one place of its rules: ``model`` (the deal and evening, seats, counts in
thirds), ``rates`` (every number), ``validate`` (§12), ``settle`` (§3-§9 and §11: items, who is
written what, klop, formula, entries, money), ``interchange`` (§14), ``stats`` (per-player figures),
``generate`` (random valid deals), ``problems`` (the family's message codes)."""
from __future__ import annotations

from scoring.engine.families import card_with_keys, family_of_modules
from . import generate, interchange, model, problems, rates, settle, stats, validate

#: The family's own message codes (Danish msgids of the catalogues), registered when ``problems`` is imported.
CODES = problems.CATALOGUE


FAMILY = family_of_modules(
    "selca", rank=3, interchange=interchange, model=model, rates=rates, settle=settle, stats=stats, validate=validate,
    players=validate.PLAYERS,
    #: A card of the Selca shape (a club's copy under a name of its own); a club's copy may change
    #: any number: every Selca card is a copy of the built-in one (the default). Its pots are
    #: ``model.Pot``'s, the sheet, never a cup (the default).
    owns_card=card_with_keys("poeni_step", "izkupicek_21"),
    money=settle.money,
    writes_score=True,
    random_deal=generate.random_deal,
    played_kinds=("game", "klop"),     # §3, §8: not a misdeal or a shown hand (§9)
)
