"""The Selca family at the table (docs/rules/selca.md): its deal form (``forms.py``) and words
(``words.py``) behind the shared ``TableFamily``; here the preview's words and a correction's effect."""
from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from scoring.engine.ledger import FORMULA_WORDS
from scoring.engine.translation import phrase_text
from families.selca.engine.model import (
    Kind,
)

from scoring.language import engine_language
from scoring.table_families import TableFamily, register
from .forms import SelcaDealForm, carry_over, initial_from_outcome
from .words import (
    FAMILY_NAME, FIGURE_WORDS, GAME_WORDS, HIGHLIGHTS, HIGHLIGHT_WORDS, VOID_WORDS, WRITTEN_WORDS, deal_lines,
    describe, leg_account, participants, said, sheet_words, written_row,
)


def correction_effect(sheet, number: int, entry) -> dict:
    """What correcting deal ``number`` to the settled ``entry`` changes: the deal's own written
    points before and after, and each player's total now and after. A Selca deal's points depend on
    its record and the table only (§13), so no later deal changes."""
    players = sheet.players
    old = next((r for r in sheet.rows if r.number == number), None)
    delta = {p: entry.net[p] - (old.net[i] if old else 0) for i, p in enumerate(players)}
    return {
        "effect_number": number,
        "effect_later": 0,
        "effect_rows": [{"name": p, "deal_before": old.net[i] if old else 0, "deal_after": entry.net[p],
                         "total_now": total, "total_after": total + delta[p], "change": delta[p]}
                        for i, (p, total) in enumerate(zip(players, sheet.totals))],
        "effect_problems": [],
        "effect_none": not any(delta.values()),
    }


class SelcaTable(TableFamily):
    name, label, form_class, entry_label = FAMILY_NAME, _("Tarok (po Selško)"), SelcaDealForm, _("Skrevet i zapisnik")
    game_words, figure_words, written_words = GAME_WORDS, FIGURE_WORDS, {**WRITTEN_WORDS, **VOID_WORDS}
    carry_over, initial_from_outcome = staticmethod(carry_over), staticmethod(initial_from_outcome)
    deal_lines, describe, leg_account = staticmethod(deal_lines), staticmethod(sheet_words), staticmethod(leg_account)
    written_row = staticmethod(written_row)

    def season_highlights(self, rules: str) -> tuple[tuple[str, Any], ...]:
        return tuple((name, HIGHLIGHT_WORDS[name]) for name in HIGHLIGHTS)

    def preview_always(self, form) -> dict:
        """The other side's count and a klop's derived count, shown while the form is still filled in."""
        context: dict = {"count_other": form.count_other if form._value("kind") in (None, "", Kind.GAME.value) else None}
        if form.derived_player is not None:
            context["derived"] = (form.derived_player, said(form.derived_thirds))
        return context

    def playing(self, form, outcome: dict) -> set[str]:
        return participants(form.players, outcome)

    def preview_words(self, table, sheet, form, deal, entry) -> dict:
        """The formula (§3-§9), the game in words, and whether the game is won and written negative."""
        outcome = form.to_outcome()
        words = {"formula": phrase_text(entry.facts[FORMULA_WORDS], engine_language()), **describe(outcome)}
        if outcome.get("kind") == Kind.GAME.value:
            words["won"] = table.card.won(outcome["count"])
            # coloured by the sign of what is written for the declarer, not by the count alone: a won
            # game with a failed announced valat is written negative (docs/rules/selca.md §10.2)
            words["written_negative"] = entry.net.get(outcome.get("declarer"), 0) < 0
        return words

    def correction_effect(self, table, sheet, number: int, entry) -> dict:
        return correction_effect(sheet, number, entry)


register(SelcaTable())
