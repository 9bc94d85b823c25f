"""What the deal forms of the families' table sides share, family-blind (``table_families.py``):
seating a form around its dealer, the engine's problems next to their fields, the preview's problem
list, and a correction's changes from a family's ``deal_lines``. A family's table module may import
this module, never another family's.

A form using ``FamilyFormMixin`` names its engine family (``family_name``) and answers
``to_outcome()``, ``field_for(path)`` (the form field of an engine field path) and ``_message(problem)``
(the engine's message as the scorekeeper reads it); a family's own rule for leaving a problem out
goes in ``_skip_problem``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeData, mark_safe
from django.utils.translation import gettext, gettext_lazy

from scoring.engine import families
from scoring.language import engine_language
from scoring.engine.problems import EveningError, Problem


@dataclass(frozen=True)
class EngineError:
    """An engine problem as ``add_engine_errors`` takes it (like ``services.FieldError``)."""
    field: str
    message: str


def _text(value) -> str:
    """``{{ value }}`` as a template writes it: localized, then escaped unless already safe."""
    return conditional_escape(localize(value))


def _formatted(value) -> str:
    """``{{ value|stringformat:'s' }}``: the filter keeps a safe value safe, so it is not escaped twice."""
    return value if isinstance(value, SafeData) else conditional_escape("%s" % value)


def _attrs(attrs: dict) -> str:
    """Django's ``django/forms/widgets/attrs.html``: `` name="value"`` per attribute, a bare name
    for True, nothing for False."""
    return "".join("" if value is False else f" {_text(name)}" if value is True else f' {_text(name)}="{_formatted(value)}"'
                   for name, value in attrs.items())


class OptionsSelect(forms.Select):
    """A select whose options are written here in one pass, the markup of Django's ``select.html``
    and ``select_option.html`` to the byte (each option's template ends in a newline, kept), instead
    of through two templates per option: a deal form has hundreds of options (the meld picker's
    optgroups in six rows), and rendering each through the widget templates was most of the table
    page's time (``manage.py bench``, ``table_page_60_deals_ms``). A subclass with templates of its
    own is rendered by them, as before."""

    def _render(self, template_name, context, renderer=None):
        if (template_name != forms.Select.template_name
                or self.option_template_name != forms.Select.option_template_name):
            return super()._render(template_name, context, renderer)
        widget = context["widget"]
        parts = [f'<select name="{_text(widget["name"])}"{_attrs(widget["attrs"])}>']
        for group_name, group_choices, _index in widget["optgroups"]:
            if group_name:
                parts.append(f'\n  <optgroup label="{_text(group_name)}">')
            parts += [f'\n  <option value="{_formatted(option["value"])}"{_attrs(option["attrs"])}>'
                      f'{_text(option["label"])}</option>\n' for option in group_choices]
            if group_name:
                parts.append("\n  </optgroup>")
        parts.append("\n</select>")
        return mark_safe("".join(parts).strip())   # as the form renderer strips a widget's template


_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


class CountInput(forms.TextInput):
    """A whole-number count typed on a phone's number keyboard. A text box, not ``type=number``: a
    number box drops what is not a number ("3O" is sent as nothing) and the error then speaks of
    something else; this one sends what was typed, for ``CountField`` to refuse at the field."""

    def __init__(self, attrs=None):
        super().__init__({"inputmode": "numeric", "autocomplete": "off", "spellcheck": "false",
                          "autocapitalize": "off", "class": "count", **(attrs or {})})
        if "count" not in self.attrs["class"].split():
            self.attrs["class"] = f"count {self.attrs['class']}"


class CountField(forms.IntegerField):
    """A count in whole numbers: empty is None; anything but digits ("3O", "3,5") is refused at
    the field, naming what was typed. Its range stays the engine's (or the field's min/max)."""
    widget = CountInput

    def to_python(self, value):
        text = "" if value is None else str(value).strip()
        if text in self.empty_values:
            return None
        if not _WHOLE_NUMBER.fullmatch(text):
            raise forms.ValidationError(
                gettext("«%(value)s» er ikke et helt tal: skriv kun cifre.") % {"value": text}, code="invalid")
        return int(text)

    def widget_attrs(self, widget):
        # no min/max/step attributes: they belong to a number box, and the range is told in words
        attrs = super().widget_attrs(widget)
        return {k: v for k, v in attrs.items() if k not in ("min", "max", "step")}


def replay_correction(sheet, number: int, entry, *, state_of, resettle, on_later=None) -> tuple[dict, Any]:
    """What correcting deal ``number`` of ``sheet`` to the settled ``entry`` changes, in memory: the
    deal's own amounts before and after, and each player's total now and after every later deal is
    settled again (``resettle(row, state)``) from the state the one before leaves (``state_of``: a
    settled entry's cups, Radl …); ``on_later(row, later)`` sees each later deal settled again. A later
    deal the correction would make impossible stops the replay (``effect_problems``). Returns the
    effect and the state after the last deal."""
    players = sheet.players
    rows = [r for r in sheet.rows if r.number is not None and r.number >= number]
    old = next((r for r in rows if r.number == number), None)
    delta = {p: entry.net[p] - (old.net[i] if old else 0) for i, p in enumerate(players)}
    state, problems = state_of(entry), []
    for row in rows:
        if row.number == number:
            continue
        try:
            later = resettle(row, state)
        except EveningError as exc:
            problems += [p.message(engine_language()) for p in exc.problems]
            break
        for i, p in enumerate(players):
            delta[p] += later.net[p] - row.net[i]
        if on_later is not None:
            on_later(row, later)
        state = state_of(later)
    return {
        "effect_number": number,
        "effect_later": len(rows) - 1,
        "effect_rows": [{"name": p, "deal_before": old.net[i] if old else 0, "deal_after": entry.net[p],
                         "total_now": total, "total_after": total + delta[p], "change": delta[p]}
                        for i, (p, total) in enumerate(zip(players, sheet.totals))],
        "effect_problems": problems,
        "effect_none": not any(delta.values()),
    }, state


def line_changes(before_lines, after_lines) -> list[str]:
    """What changed between two versions of a deal given as (label, text) lines, one phrase per
    label whose text differs ("Spil: Dreier → Sechserbock"; a line only one side has: "—")."""
    before, after = dict(before_lines), dict(after_lines)
    changes = []
    for label in list(before) + [label for label in after if label not in before]:
        was, now = before.get(label, "—"), after.get(label, "—")
        if was != now:
            changes.append(f"{label}: {was} → {now}")
    return changes


def lines_summary(lines) -> str:
    """(label, text) lines in one line for the evening's log."""
    return " · ".join(f"{label}: {text}" for label, text in lines)


class FamilyFormMixin:
    """The family-blind half of a family's deal form (a ``forms.Form``)."""

    family_name: str

    def seat(self, players: tuple[str, ...], dealer: str | None, card) -> str:
        """``players``, the table's ``card`` (the family's default when None) and ``seats`` for the
        posted dealer, else the proposed one (``dealer`` or the initial's), else the first player;
        returns the dealer chosen."""
        family = families.family(self.family_name)
        self.players = tuple(players)
        self.card = card if card is not None else family.default_card
        chosen = self.data.get("dealer") if self.is_bound else (dealer or self.initial.get("dealer"))
        if chosen not in self.players:
            chosen = dealer if dealer in self.players else self.players[0]
        self.seats = family.seating(self.players, chosen)
        self.section_errors: dict[str, list[str]] = {}
        return chosen

    def engine_problems(self, number: int = 1) -> list[Problem]:
        """The engine's problems with the deal as far as the form reads it: the reader's, else
        ``validate_deal``'s. Fields the form refused are left out of the deal object."""
        family = families.family(self.family_name)
        try:
            deal = family.parse_deal(self.to_outcome(), number)
        except EveningError as exc:
            return list(exc.problems)
        return family.validate_deal(self.players, number, deal, self.card)

    def _message(self, found: Problem) -> str:
        """The engine's message as the scorekeeper reads it, in the page's language."""
        return found.message(engine_language())

    def _skip_problem(self, found: Problem) -> bool:
        """Whether the family leaves an engine problem unshown (another message says it)."""
        return False

    def add_engine_problems(self, problems) -> None:
        """Show the engine's ``problems`` beside the form's own errors, each next to its field; a
        field the form refused keeps the form's message alone."""
        refused = set(self._errors)
        counts_refused = any(name.startswith("counts.") for name in refused)
        errors = []
        for found in problems:
            field = found.field or ""
            if self.field_for(field) in refused:
                continue
            if counts_refused and (field == "counts" or field.startswith("counts.")):
                continue
            if self._skip_problem(found):
                continue
            errors.append(EngineError(field, self._message(found)))
        self.add_engine_errors(errors)

    def field_label(self, name: str) -> str:
        """What the scorekeeper calls a form field ("Tælling Anna" for a player's count)."""
        if name not in self.fields:
            return ""
        label = str(self.fields[name].label)
        if name.startswith("counts."):
            return f"{gettext('Tælling')} {label}"
        return label

    def label_for(self, path: str) -> str:
        """The label of the field an engine path belongs to (for the preview's problem list)."""
        if path == "counts":
            return gettext("Tælling")
        name = self.field_for(path)
        return self.field_label(name) if name else path

    def problem_list(self) -> list[tuple[str, str]]:
        """(label, message) of every error on the form, in the order the fields are shown."""
        found = [("", str(e)) for e in self.non_field_errors()]
        for name in [n for n in self.fields if n != "version"]:
            found += [(self.field_label(name), str(e)) for e in self.errors.get(name, [])]
        found += [(gettext("Tælling"), e) for e in self.section_errors.get("counts", [])]
        return found

    def add_engine_errors(self, errors) -> None:
        """Show each service error (``FieldError``) next to its field: counts that do not add up
        under the counts, anything without a field of its own at the top of the form."""
        for error in errors:
            field = error.field or ""
            name = self.field_for(field)
            if name is not None and name in self.fields:
                self.add_error(name, error.message)
            elif field == "counts" or field.startswith("counts."):
                self.section_errors.setdefault("counts", []).append(error.message)
            else:
                self.add_error(None, f"{self.label_for(field)}: {error.message}" if field else error.message)


def field_paths(value, prefix: str = "") -> dict[str, Any]:
    """A deal object's values by their field paths, as a form names its fields: ``{"dealer": "Anne",
    "counts.Anne": 3}`` of ``{"dealer": "Anne", "counts": {"Anne": 3}}``."""
    if not isinstance(value, dict):
        return {prefix[:-1]: value}
    return {path: leaf for key, inner in value.items() for path, leaf in field_paths(inner, f"{prefix}{key}.").items()}


class FamilyDealForm(FamilyFormMixin, forms.Form):
    """A deal form with the defaults every family may keep: the table's ``version`` and the
    ``dealer`` (the form seated around him), the family's own fields added by ``add_deal_fields``
    (or its own ``__init__`` after this one's) and named by their path in the deal object
    (``counts.Anne``); ``clean()`` runs ``check_deal``: the family's own checks, then the engine's
    problems (by default once the dealer is read); ``to_outcome()`` is the filled fields by their paths, and an
    engine path names the field of the same name (``field_for``)."""

    version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    dealer = forms.ChoiceField(label=gettext_lazy("Giver"))

    def __init__(self, players: tuple[str, ...], *args, dealer: str | None = None, card=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["dealer"].choices = [(p, p) for p in players]
        self.fields["dealer"].initial = self.seat(players, dealer, card)
        self.fields["dealer"].widget.attrs["autocomplete"] = "off"
        self.add_deal_fields()

    def add_deal_fields(self) -> None:
        """The family's own fields, for ``self.players`` seated as ``self.seats``."""

    def clean(self):
        data = super().clean()
        self.check_deal(data)
        return data

    def check_deal(self, data: dict) -> None:
        """The family's own checks of the cleaned ``data`` and then the engine's problems (every
        problem at once, each next to its field): by default the engine's, once the dealer is read."""
        if "dealer" not in self._errors:
            self.add_engine_problems(self.engine_problems())

    def to_outcome(self) -> dict:
        outcome: dict = {"dealer": self.seats.dealer}
        for name, value in self.cleaned_data.items():
            if name not in ("version", "dealer") and value not in (None, ""):
                *parents, last = name.split(".")
                node = outcome
                for key in parents:
                    node = node.setdefault(key, {})
                node[last] = value
        return outcome

    def field_for(self, path: str) -> str | None:
        return path if path in self.fields and path != "version" else None


# Seating a form on the phone ------------------------------------------------------------------------
#
# A deal form is built around its dealer: the player fields offer the active players, the seats are
# named. The table page's script (static/js/table-sync.js) seats the form of any later deal itself,
# offline, from the seatings the page carries (``scoring.table.sync.rotation``): no copy of the form
# per dealer. It knows no game; a family's form and templates mark what depends on the seating:
#
# - ``data-players="active"`` on a player field's widget (``player_attrs``: the select, or each
#   radio or checkbox): its choices that are players become the seating's active players, in its
#   order (a blank or "allein" stays where it is). On an element of a template instead (a block of
#   rows, one ``data-player="<name>"`` row per player): the rows become the active players' rows, each
#   cloned from another with the name changed in its field names and words; ids stay by position.
# - ``data-label`` names the field when the phone clears a value that no longer fits (a sitter-out
#   now: "Carl sidder over nu; ryddet: Sidste stik"); ``data-belongs`` the fields cleared with it
#   (a meld's kind with its melder); a field without a label is cleared silently.
# - ``data-marked-by="<field>"``: each chip's label carries ``is-<field>-<index>`` of the same player
#   in that field's chips (``chips_marked_by``: the css hides the declarer among the partners).
# - ``data-seat-default="<seat>"``: the choice the seating names (the Danish derived count).
# - ``data-seat="<seat>"`` on an element of a template: its text is that seat (a list joined).
# - ``data-out-class="<class>"`` on a ``data-player`` element: the class is on while he sits out.


def player_attrs(label=None, *, belongs=(), marked_by: str | None = None, seat_default: str | None = None) -> dict:
    """The widget attributes of a field offering the active players (see above): its ``label`` as
    the phone names it when cleared (None: cleared silently), the fields that go with it, the field
    whose chips mark it, the seat that is its default."""
    attrs = {"data-players": "active"}
    if label is not None:
        attrs["data-label"] = str(label)
    if belongs:
        attrs["data-belongs"] = " ".join(belongs)
    if marked_by:
        attrs["data-marked-by"] = marked_by
    if seat_default:
        attrs["data-seat-default"] = seat_default
    return attrs


#: How many declarer chips static/css/{karlsruhe,selca}.css has a hiding rule for (``is-declarer-0`` …).
MARKED_DECLARERS = 8


def chips_marked_by(field, declarer_choices) -> list[tuple[Any, str]]:
    """The radio chips of ``field`` (a bound field of players), each with the class naming the
    declarer chip of the same player (``is-declarer-<index>``), "" for a chip no declarer has."""
    declarers = {value: index for index, (value, _label) in enumerate(declarer_choices)}
    if len(declarers) > MARKED_DECLARERS:
        raise ValueError(f"more than {MARKED_DECLARERS} declarers: add their rules to the family's css")
    return [(radio, f"is-declarer-{declarers[radio.data['value']]}" if radio.data["value"] in declarers else "")
            for radio in field]
