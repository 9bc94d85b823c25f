"""The Selca family's deal form (docs/rules/selca.md) and what opening a recorded deal or choosing
another dealer fills in.

The form turns a few taps into exactly §14's deal object: the kind (igra, klop, zatala, pokazane karte),
the dealer (the sheet proposes the next one, §1), the declarer and the game (tri, dve, ena) as
chips, the count typed as the players say it for either side ("35,3", "36 in 1 platelc", or 36 and
a platelc chip, §14 "Form hints"), then kralji, trula, pagat, valat, kontra, mondfang, pagatfonk
and renons; in klop every player's count, the one left empty derived from 70. The resting dealer
of a table of four is shown and offered in no choice of a game (§1). The engine judges every
rule: ``clean()`` runs the family's reader and ``validate_deal`` on the deal object, so each problem
(§12) shows next to its field in the engine's words. The game's own terms are Slovenian (igra,
klop, kontra, trula, kralji …); the words around them Danish, with English.

A Selca deal *writes* points (a written score, not payments); the preview shows what each player
is written before anything is saved.
"""
from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy as _

from scoring.engine.problems import Problem
from families.selca.engine.model import (
    DECK_THIRDS, MAX_PLATELCI, Kind, Side, active_players, derived_count, other_side_thirds, points_said,
)

from scoring.language import engine_language
from scoring.family_forms import FamilyDealForm, chips_marked_by, player_attrs
from .words import (
    FAMILY_NAME, GAME_FIELDS, GAME_WORDS, KIND_WORDS, KONTRA_ITEMS, KONTRA_ITEM_WORDS, KONTRA_WORDS,
    PAGAT_CHOICES, PAGAT_WORDS, SIDE_WORDS, VALAT_CHOICES, VALAT_WORDS, count_field, count_message, pagat_code,
    parse_said, said, valat_code,
)


class CountInput(forms.TextInput):
    """A count as players say it: digits and a comma on a phone's keyboard ("35,3")."""

    def __init__(self, attrs=None):
        super().__init__({"inputmode": "decimal", "autocomplete": "off", "spellcheck": "false",
                          "autocapitalize": "off", "size": 8, **(attrs or {})})


# The form ---------------------------------------------------------------------------------------

class SelcaDealForm(FamilyDealForm):
    """One deal at a Selca table of ``players`` (seat order), built for the active players of the
    chosen dealer (§1: at four the dealer rests). ``to_outcome()`` gives §14's deal object with
    exactly the fields its kind uses; ``clean()`` runs the engine's reader and ``validate_deal`` on
    it (§12), each problem next to its field.

    Person fields of a game offer only the active players; a resting dealer posted anyway (the
    dealer changed meanwhile) is kept so that the engine's own message names him ("… sidder over").
    Klop counts are keyed by player name, every player at the table (the dealer plays the talon)."""

    kind = forms.ChoiceField(label=_("Spillet"), widget=forms.RadioSelect, initial=Kind.GAME.value,
                             choices=list(KIND_WORDS.items()))

    family_name = FAMILY_NAME

    def __init__(self, players: tuple[str, ...], *args, dealer: str | None = None, card=None, **kwargs):
        super().__init__(players, *args, dealer=dealer, card=card, **kwargs)
        self.derived_player: str | None = None
        self.derived_thirds: int | None = None
        active = tuple(self.seats.active)
        f = self.fields

        def radio(name: str, label, choices, initial="", attrs=None) -> None:
            f[name] = forms.ChoiceField(label=label, choices=choices, widget=forms.RadioSelect(attrs=attrs),
                                        required=False, initial=initial)

        def person(name: str, label, blank: bool = False, initial="", **marks) -> None:
            """A field of one active player, marked for the phone (family_forms.player_attrs)."""
            radio(name, label, people(name, blank=blank), initial, attrs=player_attrs(label, **marks))

        def select(name: str, label, choices) -> None:
            f[name] = forms.ChoiceField(label=label, choices=[("", "—")] + list(choices), required=False)

        def people(name: str, blank: bool = False) -> list[tuple[str, str]]:
            choices = [("", "—")] if blank else []
            choices += [(p, p) for p in active]
            posted = self.data.get(name) if self.is_bound else None
            if posted in self.players and posted not in active:
                choices.append((posted, gettext("%(name)s (sidder over)") % {"name": posted}))
            return choices

        sides = [("", "—")] + list(SIDE_WORDS.items())
        kontra = [("", "—")] + list(KONTRA_WORDS.items())
        person("declarer", _("Spilfører (licitator)"), initial=None)
        radio("game", "Igra", [(str(g), w) for g, w in GAME_WORDS.items()], None)
        radio("count_side", _("Tælling for"), list(SIDE_WORDS.items()), Side.DECLARER.value)
        f["count"] = forms.CharField(label=_("Tælling"), required=False, max_length=40,
                                     widget=CountInput({"aria-label": _("Tælling")}))
        radio("count_platelci", "Platelci", [(str(n), str(n)) for n in range(MAX_PLATELCI + 1)], "0")
        radio("kings", "Kralji", sides)
        radio("trula", "Trula", sides)
        select("pagat", "Pagat ultimo", PAGAT_WORDS.items())
        select("valat", "Valat", VALAT_WORDS.items())
        for item in KONTRA_ITEMS:
            radio(f"kontra_{item}", f"Kontra ({KONTRA_ITEM_WORDS[item]})", kontra)
        person("kontra_by", _("Kontra sagt af"), blank=True, marked_by="declarer")
        person("mondfang_owner", _("Mondfang: hvis mond"), blank=True)
        person("mondfang_by", _("Mondfang: fanget af"), blank=True)
        person("pagatfonk_skis", _("Pagatfonk: hvis škis"), blank=True)
        person("pagatfonk_pagat", _("Pagatfonk: hvis pagat"), blank=True)
        renons = [(p, p) for p in active]
        posted = self.data.getlist("renons") if self.is_bound and hasattr(self.data, "getlist") else []
        renons += [(p, gettext("%(name)s (sidder over)") % {"name": p}) for p in self.players
                   if p in posted and p not in active]
        f["renons"] = forms.MultipleChoiceField(label="Renons", choices=renons, required=False,
                                                widget=forms.CheckboxSelectMultiple(attrs=player_attrs("Renons")))
        person("shown_by", _("Viste kortene (pokazane karte)"), initial=None)
        # Klop: every player at the table counts, the dealer too (he plays the talon, §8: the
        # template says so beside his name).
        for i, player in enumerate(self.players):
            f[count_field(player)] = forms.CharField(label=player, required=False, max_length=40,
                                                     widget=CountInput({"id": f"id_klop_{i}"}))
        f["klop_renons"] = forms.MultipleChoiceField(label="Renons", choices=[(p, p) for p in self.players],
                                                     required=False, widget=forms.CheckboxSelectMultiple(
                                                         attrs={"id": "id_klop_renons"}))

    # Layout helpers for the template ----------------------------------------------------------
    def klop_rows(self):
        """(count field, plays with the talon?) per player at the table, in seat order."""
        return [(self[count_field(p)], p not in self.seats.active) for p in self.players]

    def kontra_chips(self) -> list[tuple[object, str]]:
        """Each kontra-by chip with its player's declarer chip as a class (``is-declarer-2``), so that
        static/css/selca.css hides the declarer's own chip among those who said kontra (an opponent
        says it, §5); a rule written in the page would need an inline style, which the
        Content-Security-Policy forbids."""
        return chips_marked_by(self["kontra_by"], self.fields["declarer"].choices)

    def _value(self, name: str):
        if self.is_bound:
            return self.data.get(name)
        return self.initial.get(name, self.fields[name].initial if name in self.fields else None)

    @property
    def extras_open(self) -> bool:
        """Mondfang, pagatfonk and renons are folded away unless something is in them."""
        names = ("mondfang_owner", "mondfang_by", "pagatfonk_skis", "pagatfonk_pagat", "renons")
        return any(self._value(n) not in (None, "", []) or n in self.errors for n in names)

    @property
    def count_other(self) -> str:
        """The other side's count of the count as typed so far ("nasprotnika 34,6"), or ""."""
        try:
            thirds = self._typed_thirds(self._value("count"), self._value("count_platelci"))
        except ValueError:
            return ""
        if thirds is None:
            return ""
        side = self._value("count_side") or Side.DECLARER.value
        other = Side.OPPONENTS.value if side == Side.DECLARER.value else Side.DECLARER.value
        return f"{SIDE_WORDS[other]} {said(other_side_thirds(thirds))}"

    @property
    def derived_words(self) -> tuple[str, str] | None:
        """The klop count derived from 70 for the one player left empty, as (name, count), or None."""
        if self.derived_player is None:
            return None
        return self.derived_player, said(self.derived_thirds)

    @property
    def rates(self) -> dict[str, str]:
        """The card's numbers the form's hints name (§8, §9): a club's copy may change them."""
        card = self.card
        return {"plain": card.klop_penalty(False), "full": card.klop_penalty(True),
                "full_from": said(card.full_klop_from), "misdeal": card.misdeal}

    # Which fields the deal uses (§14) --------------------------------------------------------
    def used_fields(self, kind: str | None) -> set[str]:
        """The form fields the deal object is built from: a misdeal only the dealer and kind, a
        shown hand who showed, a klop the counts and renons, a game the rest (§14). The template
        shows the same (css)."""
        used = {"version", "kind", "dealer"}
        kind = kind or Kind.GAME.value
        if kind == Kind.SHOWN.value:
            used.add("shown_by")
        elif kind == Kind.KLOP.value:
            used |= {count_field(p) for p in self.players} | {"klop_renons"}
        elif kind == Kind.GAME.value:
            used |= set(GAME_FIELDS)
        return used

    # Counts as players say them (§2, §14 "Form hints") ----------------------------------------
    @staticmethod
    def _typed_thirds(text, platelci) -> int | None:
        """Thirds of a count typed as text plus the platelci chip; None when nothing is typed.
        ``ValueError`` when the text is no count or says its platelci as well as the chip."""
        text = (text or "").strip()
        if not text:
            return None
        thirds = parse_said(text)
        extra = int(platelci or 0) if str(platelci or "0").isdigit() else 0
        if extra and thirds % 3:
            raise ValueError("platelci twice")
        if extra and thirds + extra > DECK_THIRDS:
            raise ValueError("above 70")
        return thirds + extra

    def clean_count(self):
        text = self.cleaned_data.get("count", "")
        try:
            self._typed_thirds(text, self.data.get("count_platelci"))
        except ValueError:
            raise forms.ValidationError(count_message()) from None
        return text

    def _klop_counts(self) -> dict[str, int] | None:
        """Each player's klop count in thirds as typed; the one player left empty gets what the
        others leave of 70 (§8 "usklajeno na 70", §14). Typing errors are the fields' own."""
        counts: dict[str, int] = {}
        empty: list[str] = []
        for player in self.players:
            name = count_field(player)
            text = (self.data.get(name) or "").strip()
            if not text:
                empty.append(player)
                continue
            try:
                counts[player] = parse_said(text)
            except ValueError:
                if name not in self._errors:
                    self.add_error(name, count_message())
        if len(empty) == 1 and len(counts) == len(self.players) - 1:
            rest = derived_count(counts)
            if rest < 0:
                self.section_errors.setdefault("counts", []).append(gettext(
                    "De andre har allerede %(total)s point; alle tilsammen har 70.") % {
                    "total": said(sum(counts.values()))})
                return counts
            self.derived_player, self.derived_thirds = empty[0], rest
            counts[empty[0]] = rest
        return counts

    # Building the deal object -----------------------------------------------------------------
    def check_deal(self, data: dict) -> None:
        kind = data.get("kind") or self.data.get("kind")
        used = self.used_fields(kind)
        for name in [n for n in self._errors if n not in used and n != "__all__"]:
            del self._errors[name]
        if kind == Kind.KLOP.value:
            self._klop = self._klop_counts()
        if not {"dealer", "kind"} & set(self._errors) and not self.section_errors:
            self.add_engine_problems(self.engine_problems())

    def is_valid(self) -> bool:
        """Valid only without errors on a field or on the klop counts as a whole (§8: they add up
        to 70), so that such a deal is refused before it reaches the service."""
        return super().is_valid() and not self.section_errors

    def _message(self, found: Problem) -> str:
        """The engine's message, but a count's in točke as the players say it: the engine (and the
        evening file) count in thirds, the players never do (§2)."""
        params = dict(found.params)
        if found.code == "selca_counts_sum":
            return gettext("Tallene giver %(total)s; de skal give 70 točk.") % {
                "total": points_said(int(params["total"]))}
        if found.code == "selca_count_range":
            return gettext("%(count)s; højst 70 točk.") % {"count": points_said(int(params["value"]))}
        if found.code == "selca_valat_lost":
            return gettext("valat, men spilføreren tabte med %(count)s.") % {"count": points_said(int(params["count"]))}
        return found.message(engine_language())

    def to_outcome(self) -> dict:
        """§14's deal object with exactly the fields its kind uses (call after is_valid()). The
        count is converted from the side's words to the declarer's thirds (§14 "Form hints");
        fields the form refused are left out, so the engine judges the rest."""
        data = self.cleaned_data
        kind = data.get("kind") or Kind.GAME.value
        outcome: dict[str, Any] = {"dealer": self.seats.dealer, "kind": kind}
        if kind == Kind.SHOWN.value:
            if data.get("shown_by"):
                outcome["shown_by"] = data["shown_by"]
        elif kind == Kind.KLOP.value:
            counts = getattr(self, "_klop", None)
            if counts is None:
                counts = self._klop_counts()
            if counts:
                outcome["counts"] = {p: counts[p] for p in self.players if p in counts}
            if data.get("klop_renons"):
                outcome["renons"] = [p for p in self.players if p in data["klop_renons"]]
        elif kind == Kind.GAME.value:
            self._game_outcome(outcome, data)
        return outcome

    def _game_outcome(self, outcome: dict, data: dict) -> None:
        if data.get("declarer"):
            outcome["declarer"] = data["declarer"]
        if data.get("game"):
            outcome["game"] = int(data["game"])
        thirds = self.declarer_thirds()
        if thirds is not None:
            outcome["count"] = thirds
        for name in ("kings", "trula"):
            if data.get(name) in SIDE_WORDS:
                outcome[name] = data[name]
        announced: list[str] = []
        pagat = PAGAT_CHOICES.get(data.get("pagat") or "", {})
        valat = VALAT_CHOICES.get(data.get("valat") or "", {})
        for choice in (pagat, valat):
            if "announced" in choice:
                announced.append(choice["announced"])
        for key in ("pagat_ultimo", "pagat_lost"):
            if key in pagat:
                outcome[key] = pagat[key]
        if announced:
            outcome["announced"] = announced
        if "valat" in valat:
            outcome["valat"] = valat["valat"]
        for key, owner, by in (("mondfang", "owner", "by"), ("pagatfonk", "skis", "pagat")):
            pair = {k: data[f"{key}_{k}"] for k in (owner, by) if data.get(f"{key}_{k}")}
            if pair:
                outcome[key] = pair
        # Kontra on the game, or on the pagat or valat the declarer announced (the form shows no
        # other); who said it is asked (and sent) only once a kontra is chosen (§5).
        levels = {item: data[f"kontra_{item}"] for item in KONTRA_ITEMS
                  if data.get(f"kontra_{item}") and (item == "game" or item in announced)}
        if levels:
            outcome["kontra"] = {**({"by": data["kontra_by"]} if data.get("kontra_by") else {}), **levels}
        if data.get("renons"):
            outcome["renons"] = [p for p in self.players if p in data["renons"]]

    def declarer_thirds(self) -> int | None:
        """The declarer's count in thirds from the count as typed for either side (§14)."""
        if "count" in self._errors:
            return None
        try:
            thirds = self._typed_thirds(self.cleaned_data.get("count"), self.cleaned_data.get("count_platelci"))
        except ValueError:
            return None
        if thirds is None:
            return None
        return other_side_thirds(thirds) if self.cleaned_data.get("count_side") == Side.OPPONENTS.value else thirds

    # Errors next to their fields --------------------------------------------------------------
    def _kind(self) -> str:
        return (getattr(self, "cleaned_data", {}) or {}).get("kind") or self.data.get("kind") or Kind.GAME.value

    def field_for(self, path: str) -> str | None:
        """The form field an engine field path belongs to (``pagat_lost`` → the pagat's choice,
        ``mondfang.by`` → who caught the mond, ``counts.Ana`` → Ana's klop count), or None."""
        head, _dot, rest = path.partition(".")
        if path in ("dealer", "kind", "declarer", "game", "count", "kings", "trula", "valat", "shown_by"):
            return path
        if head in ("pagat_ultimo", "pagat_lost", "announced"):
            return "pagat"
        if head in ("mondfang", "pagatfonk"):
            first = "owner" if head == "mondfang" else "skis"
            return f"{head}_{rest or first}"
        if head == "kontra":
            return f"kontra_{rest or 'game'}" if f"kontra_{rest or 'game'}" in self.fields else None
        if head == "renons":
            return "klop_renons" if self._kind() == Kind.KLOP.value else "renons"
        if head == "counts" and rest and count_field(rest) in self.fields:
            return count_field(rest)
        return None


# Opening a recorded deal, another dealer ---------------------------------------------------------

def initial_from_outcome(players: tuple[str, ...], outcome: dict, version: int) -> tuple[str, dict]:
    """Form initial values for correcting a recorded deal (its stored §14 object)."""
    dealer = outcome["dealer"]
    kind = outcome.get("kind", Kind.GAME.value)
    initial: dict[str, Any] = {"version": version, "dealer": dealer, "kind": kind}
    if kind == Kind.SHOWN.value:
        initial["shown_by"] = outcome.get("shown_by")
    elif kind == Kind.KLOP.value:
        for player, thirds in (outcome.get("counts") or {}).items():
            initial[count_field(player)] = said(thirds)
        initial["klop_renons"] = list(outcome.get("renons") or [])
    elif kind == Kind.GAME.value:
        for name in ("declarer", "kings", "trula"):
            if name in outcome:
                initial[name] = outcome[name]
        if "game" in outcome:
            initial["game"] = str(outcome["game"])
        if "count" in outcome:
            initial.update(count_side=Side.DECLARER.value, count_platelci="0",
                           count=said(outcome["count"]))
        initial["pagat"] = pagat_code(outcome)
        initial["valat"] = valat_code(outcome)
        for key, owner, by in (("mondfang", "owner", "by"), ("pagatfonk", "skis", "pagat")):
            for k in (owner, by):
                if k in (outcome.get(key) or {}):
                    initial[f"{key}_{k}"] = outcome[key][k]
        kontra = outcome.get("kontra") or {}
        if "by" in kontra:
            initial["kontra_by"] = kontra["by"]
        for item in KONTRA_ITEMS:
            if item in kontra:
                initial[f"kontra_{item}"] = kontra[item]
        initial["renons"] = list(outcome.get("renons") or [])
    return dealer, initial


_PERSON_FIELDS = ("declarer", "shown_by", "kontra_by", "mondfang_owner", "mondfang_by", "pagatfonk_skis",
                  "pagatfonk_pagat")


def carry_over(form_data, players: tuple[str, ...], dealer: str) -> tuple[dict, list[tuple[str, list[str]]]]:
    """What the scorekeeper had typed, for the form rebuilt around another dealer: every value still
    valid with the new active players, and what was cleared, per player who now rests (§1)."""
    active = set(active_players(tuple(players), dealer))
    initial: dict[str, Any] = {}
    for name in form_data:
        if name in ("dealer", "version", "csrfmiddlewaretoken"):
            continue
        if name in ("renons", "klop_renons"):
            values = form_data.getlist(name) if hasattr(form_data, "getlist") else list(form_data.get(name) or [])
            initial[name] = values
        elif form_data.get(name) not in (None, ""):
            initial[name] = form_data.get(name)
    labels = SelcaDealForm(tuple(players), dealer=dealer).fields
    cleared: dict[str, list[str]] = {}
    for name in _PERSON_FIELDS:
        if name in initial and initial[name] in players and initial[name] not in active:
            cleared.setdefault(initial.pop(name), []).append(str(labels[name].label))
    if "renons" in initial:
        for player in [p for p in initial["renons"] if p in players and p not in active]:
            initial["renons"].remove(player)
            cleared.setdefault(player, []).append("Renons")
    return initial, [(p, cleared[p]) for p in players if p in cleared]
