"""The minimal family at the table: a deal form of one count per player and the words of its deals;
the form's dealer, the preview, a correction's effect, the header and the seats are the shared
defaults (``FamilyDealForm``, ``TableFamily``, templates/scoring/family/)."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext

from scoring.family_forms import FamilyDealForm
from scoring.table_families import TableFamily, register

from .engine.model import MAX_COUNT


class MiniDealForm(FamilyDealForm):
    family_name = "minifamily"

    def add_deal_fields(self) -> None:
        for i, player in enumerate(self.players):
            self.fields[f"counts.{player}"] = forms.IntegerField(
                label=player, min_value=0, max_value=MAX_COUNT,
                widget=forms.NumberInput(attrs={"id": f"id_count_{i}", "inputmode": "numeric", "min": 0, "max": MAX_COUNT}))

    def count_fields(self):
        return [self[f"counts.{p}"] for p in self.players]


class MiniTable(TableFamily):
    name, label, form_class = "minifamily", "Mini", MiniDealForm
    figure_words, split_words = {"won": "Vundet"}, "går kittyen til den, der står lavest;"

    def preview_words(self, table, sheet, form, deal, entry) -> dict:
        return {"headline": entry.facts["winner"]}

    def deal_lines(self, outcome: dict) -> list[tuple[str, str]]:
        counts = outcome.get("counts") or {}
        return [(gettext("Giver"), str(outcome.get("dealer", "?"))),
                (gettext("Tælling"), ", ".join(f"{p} {c}" for p, c in counts.items()))]

    def describe(self, outcome: dict, players, card, facts) -> tuple[str, ...]:
        """The winner (the single highest count, rule 2) with his count, then the others' counts."""
        counts = outcome.get("counts") or {}
        if not counts:
            return ()
        winner = max(counts, key=counts.get)
        return (f"{winner} {counts[winner]}", ", ".join(f"{p} {c}" for p, c in counts.items() if p != winner))


register(MiniTable())
