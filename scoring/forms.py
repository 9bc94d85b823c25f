"""The forms every family shares: a player's name and a new table's seating (the deal forms are each
family's own, ``families/<name>/forms.py`` or ``table.py``)."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import lookalikes
from scoring.engine import bounds
from scoring.engine import names as player_names
from scoring.engine.problems import problem
from scoring.language import engine_language


def validate_text(value: str, max_length: int = bounds.NAME_MAX_LENGTH) -> None:
    """A name (or a card's title) as ``bounds.text_problem`` has it, in the engine's words: the
    forms refuse exactly what the importer refuses."""
    found = bounds.text_problem(value, max_length)
    if found is not None:
        raise forms.ValidationError(problem(None, "", found[0], **dict(found[1])).message(engine_language()), code=found[0])


class NameField(forms.CharField):
    """A typed name, ``names.tidy``'d before the name rule is checked: spaces at either end are
    trimmed and inner runs of spaces collapse to one ("bent  hansen " is "bent hansen")."""

    def to_python(self, value):
        return player_names.tidy(super().to_python(value))


def name_field(**kwargs) -> forms.CharField:
    """A player's name (``bounds.NAME_MAX_LENGTH``; typed spaces trimmed and collapsed)."""
    return NameField(validators=[validate_text], **kwargs,
                     widget=forms.TextInput(attrs={"maxlength": bounds.NAME_MAX_LENGTH}))


@dataclass(frozen=True)
class NameQuestion:
    """A typed name near a member's: "Mente du Bent?" (``SeatingForm.questions``)."""
    seat: int
    typed: str
    near: tuple[str, ...]

    @property
    def text(self) -> str:
        if len(self.near) == 1:
            return _("Mente du %(name)s?") % {"name": self.near[0]}
        return _("Mente du %(names)s eller %(last)s?") % {"names": ", ".join(self.near[:-1]), "last": self.near[-1]}


def seat_counts(counts) -> str:
    """``3–5`` / ``4–5`` (a run of numbers), or ``3, 5``."""
    counts = sorted(counts)
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(str(n) for n in counts)


class SeatingForm(forms.Form):
    """A new table: players in seat order, chosen among the members or typed in as new ones; as many
    as ``seats`` allows (the installed families' players per table, which the caller knows: this
    form knows no family)."""

    def __init__(self, members: list[str], *args, seats=(3, 4, 5), with_date: bool = False,
                 known: list[str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        # every name of the club, a retired or merged player's too: a new name may imitate none of them
        self.known = list(known) if known is not None else list(members)
        self.seats = tuple(sorted(set(seats)))
        if with_date:
            self.fields["date"] = forms.DateField(label=_("Dato"), initial=lambda: dt.date.today().isoformat(),
                                                  widget=forms.DateInput(attrs={"type": "date"}))
        choices = [("", "—")] + [(m, m) for m in members]
        self.members = list(members)
        self.questions: list[NameQuestion] = []
        for i in range(1, self.seats[-1] + 1):
            self.fields[f"seat_{i}"] = forms.ChoiceField(label=_("Plads %(n)s") % {"n": i}, choices=choices,
                                                         required=False)
            self.fields[f"new_{i}"] = name_field(label=_("eller ny spiller"), required=False)
            # the typed name the scorekeeper answered "it is a new player" for
            self.fields[f"sure_{i}"] = forms.CharField(required=False, widget=forms.HiddenInput)
        if self.is_bound:
            self.data = self._answered(self.data)

    def _answered(self, data):
        """The form's data with the tapped answer to a "Mente du Bent?" question applied: ``answer_N``
        is ``use:<member>`` (seat N becomes that member, the typed name is dropped) or ``new`` (the
        typed name of seat N is a new player: kept in ``sure_N``, not asked again)."""
        data = data.copy()
        for i in range(1, self.seats[-1] + 1):
            answer = str(data.get(f"answer_{i}", ""))
            if answer.startswith("use:") and answer[4:] in self.members:
                data[f"seat_{i}"], data[f"new_{i}"], data[f"sure_{i}"] = answer[4:], "", ""
            elif answer == "new":
                data[f"sure_{i}"] = player_names.tidy(str(data.get(f"new_{i}", "")))
        return data

    def seat_rows(self):
        return [(self[f"seat_{i}"], self[f"new_{i}"]) for i in range(1, self.seats[-1] + 1)]

    @property
    def seat_counts(self) -> str:
        return seat_counts(self.seats)

    @property
    def count_message(self) -> str:
        """What a table of a number ``seats`` does not allow is told."""
        return _("Et bord har %(counts)s spillere.") % {"counts": self.seat_counts}

    def clean(self):
        """The seated names in order. A typed name that folds equal to a member's ("bent ", "BENT",
        "Bént" for Bent) is that member; one near a member's ("Bnet", "Benth") is a question in
        ``questions``, asked before anything is written, unless answered (``sure_N``)."""
        data = super().clean()
        names = []
        self.questions = []
        # a member chosen at any seat of this table is never the answer to another seat's question:
        # accepting it would seat him twice
        seated = {data.get(f"seat_{i}") for i in range(1, self.seats[-1] + 1)} - {None, ""}
        free = [m for m in self.members if m not in seated]
        for i in range(1, self.seats[-1] + 1):
            new = data.get(f"new_{i}") or ""
            chosen = data.get(f"seat_{i}")
            if new and chosen:
                self.add_error(f"new_{i}", _("Vælg en spiller eller skriv et nyt navn, ikke begge."))
            elif chosen:
                names.append(chosen)
            elif new:
                imitated = lookalikes.problem(new, [*self.known, *names])
                if imitated:
                    self.add_error(f"new_{i}", imitated)
                    continue
                found = player_names.match(new, self.members)
                if found.exact is None:
                    found = player_names.match(new, free)
                if found.exact is None and found.near and data.get(f"sure_{i}") != new:
                    self.questions.append(NameQuestion(i, new, found.near))
                names.append(found.exact or new)
        if len({player_names.fold(n) for n in names}) != len(names):
            self.add_error(None, _("En spiller kan kun sidde ét sted ved bordet."))
        if len(names) not in self.seats:
            self.add_error(None, self.count_message)
        data["names"] = names
        return data


class ReasonForm(forms.Form):
    """Why an evening is reopened or a deal voided: the reason the log keeps."""
    reason = forms.CharField(label=_("Begrundelse"), max_length=500, widget=forms.Textarea(attrs={"rows": 2}))
