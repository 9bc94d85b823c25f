"""The minimal family at the table: a deal form of one count per player, its preview, correction
effect and the words of its history, behind the table pages' protocol (``scoring/table_families.py``).
It uses only the shared, family-blind helpers (``scoring/family_forms.py``), as a family must."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy as _

from scoring.engine import families
from scoring.engine.problems import EveningError
from scoring.family_forms import FamilyFormMixin, line_changes, lines_summary, replay_correction
from scoring.language import engine_language
from scoring.table_families import TableFamily, register

from .engine.model import MAX_COUNT

FAMILY_NAME = "minifamily"


def engine() -> families.Family:
    return families.family(FAMILY_NAME)


def count_field(player: str) -> str:
    """A player's count, named like the engine's field path ``counts.<name>``."""
    return f"counts.{player}"


class MiniDealForm(FamilyFormMixin, forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    dealer = forms.ChoiceField(label=_("Giver"))

    family_name = FAMILY_NAME

    def __init__(self, players: tuple[str, ...], *args, dealer: str | None = None, card=None, **kwargs):
        super().__init__(*args, **kwargs)
        chosen = self.seat(players, dealer, card)
        self.fields["dealer"].choices = [(p, p) for p in self.players]
        self.fields["dealer"].initial = chosen
        for i, player in enumerate(self.players):
            self.fields[count_field(player)] = forms.IntegerField(
                label=player, required=True, min_value=0, max_value=MAX_COUNT,
                widget=forms.NumberInput(attrs={"id": f"id_count_{i}", "inputmode": "numeric", "min": 0,
                                                "max": MAX_COUNT}))

    def count_fields(self):
        return [self[count_field(p)] for p in self.players]

    def clean(self):
        data = super().clean()
        if "dealer" not in self._errors:
            self.add_engine_problems(self.engine_problems())
        return data

    def _message(self, found) -> str:
        return found.message(engine_language())

    def to_outcome(self) -> dict:
        data = self.cleaned_data
        counts = {p: data[count_field(p)] for p in self.players if data.get(count_field(p)) is not None}
        return {"dealer": self.seats.dealer, "counts": counts}

    def field_for(self, path: str) -> str | None:
        if path == "dealer":
            return path
        return path if path.startswith("counts.") and path in self.fields else None


def make_form(table, sheet, *, data=None, dealer: str | None = None, initial=None) -> MiniDealForm:
    return MiniDealForm(sheet.players, data=data, dealer=dealer or sheet.next_seating().dealer,
                        initial=initial, card=table.card)


def initial_from_outcome(players: tuple[str, ...], outcome: dict, version: int) -> tuple[str, dict]:
    initial = {"version": version, "dealer": outcome["dealer"]}
    initial.update({count_field(p): c for p, c in outcome.get("counts", {}).items()})
    return outcome["dealer"], initial


def carry_over(form_data, players: tuple[str, ...], dealer: str) -> tuple[dict, list]:
    """Everyone plays every deal, so another dealer clears nothing."""
    return {n: form_data.get(n) for n in form_data
            if n not in ("dealer", "version", "csrfmiddlewaretoken") and form_data.get(n) not in (None, "")}, []


def preview_context(table, sheet, form: MiniDealForm, editing: int | None) -> dict:
    context: dict = {"table": table, "players": sheet.players}
    if not form.is_valid():
        context["problems"] = form.problem_list()
        return context
    family = engine()
    number = editing or sheet.next_number
    before = [r for r in sheet.rows if r.number is not None and r.number < number]
    state = (before[-1] if before else sheet.rows[0]).pots.get("kitty", 0)
    try:
        entry = family.settle_deal(sheet.players, number, family.parse_deal(form.to_outcome(), number), state,
                                   table.card)
    except EveningError as exc:
        context["problems"] = [(form.label_for(p.field), p.message(engine_language())) for p in exc.problems]
        return context
    context.update(number=number, winner=entry.facts["winner"], kitty=entry.state,
                   net=[(p, entry.net[p], True) for p in sheet.players])
    if editing:
        def resettle(row, state):
            return family.settle_deal(sheet.players, row.number, family.parse_deal(row.deal.outcome, row.number),
                                      state, table.card)
        effect, _state = replay_correction(sheet, editing, entry, state_of=lambda e: e.state, resettle=resettle)
        context.update(effect)
    return context


def deal_lines(outcome: dict) -> list[tuple[str, str]]:
    counts = outcome.get("counts") or {}
    return [(gettext("Giver"), str(outcome.get("dealer", "?"))),
            (gettext("Tælling"), ", ".join(f"{p} {c}" for p, c in counts.items()))]


def describe(outcome: dict, players: tuple[str, ...], card, facts: dict) -> tuple[str, ...]:
    """The sheet's row: the winner (the single highest count, rule 2) with his count, then the
    others' counts."""
    counts = outcome.get("counts") or {}
    if not counts:
        return ()
    winner = max(counts, key=counts.get)
    return (f"{winner} {counts[winner]}", ", ".join(f"{p} {c}" for p, c in counts.items() if p != winner))


def deal_changes(old: dict, new: dict) -> list[str]:
    return line_changes(deal_lines(old), deal_lines(new))


def deal_summary(outcome: dict) -> str:
    return lines_summary(deal_lines(outcome))


register(TableFamily(
    name=FAMILY_NAME, label="Mini", make_form=make_form, preview_context=preview_context,
    carry_over=carry_over, initial_from_outcome=initial_from_outcome,
    deal_lines=deal_lines, deal_changes=deal_changes, deal_summary=deal_summary,
    form_template="minifamily/_deal_form.html", preview_template="minifamily/_preview.html",
    sheet_template="minifamily/_sheet.html", header_template="minifamily/_table_header.html",
    seating_template="minifamily/_seating.html",
    figure_words={"won": "Vundet"}, pot_names={"kitty": "kitty"}, pot_words={"kitty": "kitty"},
    split_words="går kittyen til den, der står lavest;", describe=describe,
))
