"""The minimal family at the table: a deal form of one count per player and the words of its deals;
the preview, a correction's effect and the rest are the shared ``TableFamily``'s."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy as _

from scoring.family_forms import FamilyFormMixin
from scoring.table_families import TableFamily, register

from .engine.model import MAX_COUNT


class MiniDealForm(FamilyFormMixin, forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    dealer = forms.ChoiceField(label=_("Giver"))
    family_name = "minifamily"

    def __init__(self, players: tuple[str, ...], *args, dealer: str | None = None, card=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["dealer"].choices = [(p, p) for p in players]
        self.fields["dealer"].initial = self.seat(players, dealer, card)
        for i, player in enumerate(self.players):
            self.fields[f"counts.{player}"] = forms.IntegerField(
                label=player, min_value=0, max_value=MAX_COUNT,
                widget=forms.NumberInput(attrs={"id": f"id_count_{i}", "inputmode": "numeric", "min": 0, "max": MAX_COUNT}))

    def count_fields(self):
        return [self[f"counts.{p}"] for p in self.players]

    def clean(self):
        data = super().clean()
        if "dealer" not in self._errors:
            self.add_engine_problems(self.engine_problems())
        return data

    def to_outcome(self) -> dict:
        counts = {p: self.cleaned_data[f"counts.{p}"] for p in self.players if self.cleaned_data.get(f"counts.{p}") is not None}
        return {"dealer": self.seats.dealer, "counts": counts}

    def field_for(self, path: str) -> str | None:
        return path if path == "dealer" or (path.startswith("counts.") and path in self.fields) else None


class MiniTable(TableFamily):
    name, label, form_class = "minifamily", "Mini", MiniDealForm
    figure_words, pot_names, pot_words = {"won": "Vundet"}, {"kitty": "kitty"}, {"kitty": "kitty"}
    split_words = "går kittyen til den, der står lavest;"

    def initial_from_outcome(self, players, outcome: dict, version: int) -> tuple[str, dict]:
        counts = {f"counts.{p}": c for p, c in outcome.get("counts", {}).items()}
        return outcome["dealer"], {"version": version, "dealer": outcome["dealer"], **counts}

    def preview_words(self, table, sheet, form, deal, entry) -> dict:
        return {"winner": entry.facts["winner"], "kitty": entry.state}

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
