"""The Karlsruhe family at the table (docs/rules/karlsruhe.md): its deal form (``forms.py``) and words
(``words.py``) behind the shared ``TableFamily``; here the Radl, the preview's words and a correction's effect."""
from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _


from scoring.family_forms import (
    replay_correction,
)
from scoring.table_families import TableFamily, register
from .forms import KarlsruheDealForm, carry_over, initial_from_outcome
from .words import (
    FAMILY_NAME, FIGURE_WORDS, GAME_WORDS, HIGHLIGHTS, HIGHLIGHT_WORDS, deal_lines, describe, engine,
    sheet_words,
)


# The Radl, the preview and a correction's effect ------------------------------------------------

def _parsed(deals) -> list:
    family = engine()
    return [family.parse_deal(d.outcome, d.number) for d in deals]


def radl_owed(table, sheet, before: int | None = None) -> int:
    """The Radl deals still owed before deal ``before`` (the next one when None), derived from the
    deal history by the engine (§5.4)."""
    deals = [d for d in sheet.deals if before is None or d.number < before]
    return engine().state_before(sheet.players, table.card, {}, lambda: _parsed(deals))


def correction_effect(table, sheet, number: int, entry) -> dict:
    """What correcting deal ``number`` to the settled ``entry`` changes: the deal's own amounts
    before and after, and each player's total now and after every later deal is settled again from
    the Radl the correction leaves (§5.4, §10), in memory (``services.deal_correct`` writes the
    same). ``radl_changes``: later deals whose doubling changes; ``effect_problems``: a later deal
    the correction would make impossible."""
    family, radl_changes = engine(), []

    def resettle(row, state):
        deal = family.parse_deal(row.deal.outcome, row.number)
        return family.settle_deal(sheet.players, row.number, deal, state, table.card)

    def radl_change(row, later) -> None:
        was, now = bool((row.info or {}).get("radl")), bool(later.facts.get("radl"))
        if was != now:
            radl_changes.append({"number": row.number, "radl": now, "formula_before": row.formula,
                                 "formula_after": later.facts.get("formula", "")})

    effect, _state = replay_correction(sheet, number, entry, state_of=lambda settled: settled.state,
                                       resettle=resettle, on_later=radl_change)
    return {**effect, "radl_changes": radl_changes}


class KarlsruheTable(TableFamily):
    name, label, form_class = FAMILY_NAME, _("Tarock (Karlsruhe)"), KarlsruheDealForm
    game_words, figure_words, describe_joiner = GAME_WORDS, FIGURE_WORDS, ", "
    carry_over, initial_from_outcome = staticmethod(carry_over), staticmethod(initial_from_outcome)
    deal_lines, describe = staticmethod(deal_lines), staticmethod(sheet_words)

    def season_highlights(self, rules: str) -> tuple[tuple[str, Any], ...]:
        return tuple((name, HIGHLIGHT_WORDS[name]) for name in HIGHLIGHTS)

    def preview_words(self, table, sheet, form, deal, entry) -> dict:
        """The formula, whether the deal is in a Radl, the Radl owed after it, the game in words (§5, §6)."""
        return {"formula": entry.facts.get("formula", ""), "radl": bool(entry.facts.get("radl")),
                "owed_after": entry.state, **describe(sheet.players, deal, table.card)}

    def correction_effect(self, table, sheet, number: int, entry) -> dict:
        return correction_effect(table, sheet, number, entry)


register(KarlsruheTable())
