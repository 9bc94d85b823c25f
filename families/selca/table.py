"""The Selca family at the table (docs/rules/selca.md): its deal form, live preview, correction effect
and the words of its sheet ("zapisnik") and history, behind the table pages' family protocol
(``table_families.py``).

The form turns a few taps into exactly §14's deal object: the kind (igra, klop, zatala, pokazal),
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

from scoring.engine import families
from scoring.engine.ledger import FORMULA_WORDS
from scoring.engine.problems import Problem
from scoring.engine.translation import phrase_text
from families.selca.engine.model import (
    DECK_THIRDS, MAX_PLATELCI, Kind, Pot, Side, active_players, derived_count, other_side_thirds, points_said,
    said_to_thirds, thirds_to_said,
)

from scoring.language import engine_language
from scoring.family_forms import FamilyFormMixin, chips_marked_by
from scoring.table_families import TableFamily, register

FAMILY_NAME = "selca"


def engine() -> families.Family:
    """The Selca family of the engine (``families.py``)."""
    return families.family(FAMILY_NAME)


# The game's words (Slovenian, as the rules say them; never translated) ---------------------------

KIND_WORDS = {Kind.GAME.value: "igra", Kind.KLOP.value: "klop", Kind.MISDEAL.value: "zatala",
              Kind.SHOWN.value: "pokazal"}
#: The games in the order the form offers them (§3: "tri, dve, ena"), the form's value as text.
GAME_WORDS = {3: "tri", 2: "dve", 1: "ena"}
SIDE_WORDS = {Side.DECLARER.value: "igralec", Side.OPPONENTS.value: "nasprotnika"}
KONTRA_WORDS = {"kontra": "kontra", "re": "re", "sub": "sub"}
KONTRA_ITEMS = ("game", "pagat", "valat")
KONTRA_ITEM_WORDS = {"game": "igra", "pagat": "pagat", "valat": "valat"}

#: The pagat as one choice (§4): silent by either side, won or lost in the last trick, or
#: announced by the declarer (only he announces) and won or lost. Each is (the §14 fields it sets).
PAGAT_CHOICES: dict[str, dict] = {
    "declarer_ultimo": {"pagat_ultimo": "declarer"},
    "declarer_lost": {"pagat_lost": "declarer"},
    "opponents_ultimo": {"pagat_ultimo": "opponents"},
    "opponents_lost": {"pagat_lost": "opponents"},
    "announced_ultimo": {"announced": "pagat", "pagat_ultimo": "declarer"},
    "announced_lost": {"announced": "pagat"},
}
PAGAT_WORDS = {
    "declarer_ultimo": "igralec: tihi ultimo", "declarer_lost": "igralec: tihi, izgubljen",
    "opponents_ultimo": "nasprotnika: tihi ultimo", "opponents_lost": "nasprotnika: tihi, izgubljen",
    "announced_ultimo": "napovedan: ultimo", "announced_lost": "napovedan: izgubljen",
}
#: The valat as one choice (§4): silent (made), or announced, made or failed ("podrti valat").
VALAT_CHOICES: dict[str, dict] = {
    "silent": {"valat": True},
    "announced_made": {"announced": "valat", "valat": True},
    "announced_failed": {"announced": "valat", "valat": False},
}
VALAT_WORDS = {"silent": "tihi valat", "announced_made": "napovedan, narejen", "announced_failed": "napovedan, podrt"}


def pagat_code(outcome: dict) -> str:
    """The pagat's choice (``PAGAT_CHOICES``) of a stored deal; an announced pagat that did not win
    the last trick is lost, however it was written (§4)."""
    if "pagat" in (outcome.get("announced") or []):
        return "announced_ultimo" if outcome.get("pagat_ultimo") == Side.DECLARER.value else "announced_lost"
    for key, word in (("pagat_ultimo", "ultimo"), ("pagat_lost", "lost")):
        if outcome.get(key) in SIDE_WORDS:
            return f"{outcome[key]}_{word}"
    return ""


def valat_code(outcome: dict) -> str:
    """The valat's choice (``VALAT_CHOICES``) of a stored deal (§4)."""
    if "valat" in (outcome.get("announced") or []):
        return "announced_made" if outcome.get("valat") else "announced_failed"
    return "silent" if outcome.get("valat") else ""


GAME_FIELDS = ("declarer", "game", "count_side", "count", "count_platelci", "kings", "trula", "pagat", "valat",
               "kontra_game", "kontra_pagat", "kontra_valat", "kontra_by", "mondfang_owner", "mondfang_by",
               "pagatfonk_skis", "pagatfonk_pagat", "renons")


def count_field(player: str) -> str:
    """A klop count's field, named like the engine's field path ``counts.<name>``."""
    return f"counts.{player}"


def said(thirds: int) -> str:
    """A count in thirds as the sheet writes it: 106 → "35⅓" (§2)."""
    return thirds_to_said(thirds)


def parse_said(text: str) -> int:
    """A count typed as the players say it, in thirds (§14 "Form hints", ``said_to_thirds``):
    "35,3", "37,6", "35", "35 in 1 platelc". ``ValueError`` for anything else."""
    return said_to_thirds(str(text).strip().replace("½", ""))


def count_message() -> str:
    return gettext("Skriv tællingen, som man siger den: 35, 35,3, 35,6 eller 35 in 1 platelc (0 til 70).")


class CountInput(forms.TextInput):
    """A count as players say it: digits and a comma on a phone's keyboard ("35,3")."""

    def __init__(self, attrs=None):
        super().__init__({"inputmode": "decimal", "autocomplete": "off", "spellcheck": "false",
                          "autocapitalize": "off", "size": 8, **(attrs or {})})


# The form ---------------------------------------------------------------------------------------

class SelcaDealForm(FamilyFormMixin, forms.Form):
    """One deal at a Selca table of ``players`` (seat order), built for the active players of the
    chosen dealer (§1: at four the dealer rests). ``to_outcome()`` gives §14's deal object with
    exactly the fields its kind uses; ``clean()`` runs the engine's reader and ``validate_deal`` on
    it (§12), each problem next to its field.

    Person fields of a game offer only the active players; a resting dealer posted anyway (the
    dealer changed meanwhile) is kept so that the engine's own message names him ("… sidder over").
    Klop counts are keyed by player name, every player at the table (the dealer plays the talon)."""

    version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    kind = forms.ChoiceField(label=_("Spillet"), widget=forms.RadioSelect, initial=Kind.GAME.value,
                             choices=list(KIND_WORDS.items()))
    dealer = forms.ChoiceField(label=_("Giver"))

    family_name = FAMILY_NAME

    def __init__(self, players: tuple[str, ...], *args, dealer: str | None = None, card=None, **kwargs):
        super().__init__(*args, **kwargs)
        chosen = self.seat(players, dealer, card)
        self.derived_player: str | None = None
        self.derived_thirds: int | None = None
        active = tuple(self.seats.active)
        f = self.fields
        f["dealer"].choices = [(p, p) for p in self.players]
        f["dealer"].initial = chosen

        def radio(name: str, label, choices, initial="") -> None:
            f[name] = forms.ChoiceField(label=label, choices=choices, widget=forms.RadioSelect, required=False,
                                        initial=initial)

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
        radio("declarer", _("Spilfører (igralec)"), people("declarer"), None)
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
        radio("kontra_by", _("Kontra sagt af"), people("kontra_by", blank=True))
        radio("mondfang_owner", _("Mondfang: hvis mond"), people("mondfang_owner", blank=True))
        radio("mondfang_by", _("Mondfang: fanget af"), people("mondfang_by", blank=True))
        radio("pagatfonk_skis", _("Pagatfonk: hvis škis"), people("pagatfonk_skis", blank=True))
        radio("pagatfonk_pagat", _("Pagatfonk: hvis pagat"), people("pagatfonk_pagat", blank=True))
        renons = [(p, p) for p in active]
        posted = self.data.getlist("renons") if self.is_bound and hasattr(self.data, "getlist") else []
        renons += [(p, gettext("%(name)s (sidder over)") % {"name": p}) for p in self.players
                   if p in posted and p not in active]
        f["renons"] = forms.MultipleChoiceField(label="Renons", choices=renons, required=False,
                                                widget=forms.CheckboxSelectMultiple)
        radio("shown_by", _("Viste kortene (pokazal)"), people("shown_by"), None)
        # Klop: every player at the table counts, the dealer too (he plays the talon, §8).
        for i, player in enumerate(self.players):
            label = player if player in active else f"{player} (talon)"
            f[count_field(player)] = forms.CharField(label=label, required=False, max_length=40,
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
        """The other side's count of the count as typed so far ("nasprotnika 34⅔"), or ""."""
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
    def clean(self):
        data = super().clean()
        kind = data.get("kind") or self.data.get("kind")
        used = self.used_fields(kind)
        for name in [n for n in self._errors if n not in used and n != "__all__"]:
            del self._errors[name]
        if kind == Kind.KLOP.value:
            self._klop = self._klop_counts()
        if not {"dealer", "kind"} & set(self._errors) and not self.section_errors:
            self.add_engine_problems(self.engine_problems())
        return data

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
            return gettext("valat, men igralec tabte med %(count)s.") % {"count": points_said(int(params["count"]))}
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
            initial[count_field(player)] = said(thirds).replace("⅓", ",3").replace("⅔", ",6")
        initial["klop_renons"] = list(outcome.get("renons") or [])
    elif kind == Kind.GAME.value:
        for name in ("declarer", "kings", "trula"):
            if name in outcome:
                initial[name] = outcome[name]
        if "game" in outcome:
            initial["game"] = str(outcome["game"])
        if "count" in outcome:
            initial.update(count_side=Side.DECLARER.value, count_platelci="0",
                           count=said(outcome["count"]).replace("⅓", ",3").replace("⅔", ",6"))
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


# The preview and a correction's effect -------------------------------------------------------------

def participants(players: tuple[str, ...], outcome: dict) -> set[str]:
    """Who may be written something in this deal: everyone in klop (the dealer plays the talon,
    §8) and in a misdeal (it is the dealer's own, §9); else the active players (§1)."""
    kind = outcome.get("kind")
    if kind in (Kind.KLOP.value, Kind.MISDEAL.value) or outcome.get("dealer") not in players:
        return set(players)
    return set(active_players(tuple(players), outcome["dealer"]))


def written_row(players: tuple[str, ...], outcome: dict) -> tuple[str, str, set[str]]:
    """A deal as the zapisnik writes it (the PDF's sheet): the game or kind in the game's words
    ("tri", "klop", "pokazal (Ana)"), the declarer, and who takes part (``participants``)."""
    if "declarer" in outcome:
        return GAME_WORDS.get(outcome.get("game"), str(outcome.get("game", ""))), str(outcome["declarer"]), \
            participants(players, outcome)
    kind = outcome.get("kind", "")
    word = KIND_WORDS.get(kind, kind)
    if outcome.get("shown_by"):
        word += f" ({outcome['shown_by']})"
    return word, "", participants(players, outcome)


#: What a game had besides its count, in the zapisnik's short words (§4, §5, §7).
VALAT_TAGS = {"silent": "valat", "announced_made": "valat napovedan", "announced_failed": "valat podrt"}
PAGAT_TAGS = {"declarer_ultimo": "pagat ultimo", "opponents_ultimo": "pagat ultimo (nasprotnika)",
              "declarer_lost": "pagat izgubljen", "opponents_lost": "pagat izgubljen (nasprotnika)",
              "announced_ultimo": "pagat napovedan", "announced_lost": "pagat napovedan, izgubljen"}


def _by_side(word: str, side: str) -> str:
    """Kings or trula by the side that ended with them: the declarer's plain, the opponents' named."""
    return word if side == Side.DECLARER.value else f"{word} ({SIDE_WORDS.get(side, side)})"


def sheet_words(outcome: dict, players: tuple[str, ...], card=None, facts: dict | None = None) -> tuple[str, ...]:
    """A deal as the zapisnik names it (§3-§9), in its Slovenian words: the game and its declarer
    ("tri Ana") or the kind ("klop" with its counts, "zatala", "pokazal Ana"), then kontra, valat,
    pagat, kralji, trula, mondfang, pagatfonk and renons: ("tri Ana", "kralji", "trula")."""
    kind = outcome.get("kind", "")
    if kind == Kind.GAME.value:
        items = [f"{GAME_WORDS.get(outcome.get('game'), outcome.get('game', '?'))} {outcome.get('declarer', '?')}"]
    elif kind == Kind.SHOWN.value:
        items = [f"{KIND_WORDS[kind]} {outcome.get('shown_by', '?')}"]
    else:
        items = [KIND_WORDS.get(kind, kind)]
    if kind == Kind.KLOP.value and outcome.get("counts"):
        items.append(", ".join(f"{p} {said(c)}" for p, c in outcome["counts"].items()))
    kontra = outcome.get("kontra") or {}
    for item in KONTRA_ITEMS:
        if item in kontra:
            level = KONTRA_WORDS.get(kontra[item], kontra[item])
            items.append(level if item == "game" else f"{level} ({KONTRA_ITEM_WORDS[item]})")
    if kind == Kind.GAME.value:
        items += [VALAT_TAGS[code]] if (code := valat_code(outcome)) else []
        items += [PAGAT_TAGS[code]] if (code := pagat_code(outcome)) else []
        for name, word in (("kings", "kralji"), ("trula", "trula")):
            if name in outcome:
                items.append(_by_side(word, outcome[name]))
        if "mondfang" in outcome:
            items.append(f"mondfang {outcome['mondfang'].get('owner', '?')}")
        if "pagatfonk" in outcome:
            items.append(f"pagatfonk {outcome['pagatfonk'].get('skis', '?')}")
    if outcome.get("renons"):
        items.append("renons " + ", ".join(outcome["renons"]))
    return tuple(items)


#: The headings of Selca's own figures (engine ``stats.deal_stats``) on the player page: the
#: Slovenian terms, with Danish where a word needs it.
FIGURE_WORDS = {
    "klop": "Klop", "klop_lost": _("Klop tabt"), "renons": "Renons", "mondfang": "Mondfang",
    "pagatfonk": "Pagatfonk", "misdeal": _("Zatala (fejlgivning)"), "shown": _("Pokazal (viste kortene)"),
    "valat": "Valat",
}


#: The season report's highlights: the games declared and won (§3, §7), each valat (§4), the klops
#: (§8), each mondfang and pagatfonk (§4) and each renons (§7, §8).
HIGHLIGHTS = ("declarer", "declarer_won", "valat", "klop", "mondfang", "pagatfonk", "renons")
HIGHLIGHT_WORDS = {**FIGURE_WORDS, "declarer": _("Spil meldt"), "declarer_won": _("Spil vundet")}


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


def describe(outcome: dict) -> dict:
    """What the preview says about a deal besides its points: the kind or game in Slovenian, the
    declarer, won or lost, both sides' counts as players say them, a klop's counts."""
    kind = outcome.get("kind")
    if kind == Kind.KLOP.value:
        return {"kind_word": "klop", "klop_counts": [(p, said(c)) for p, c in outcome.get("counts", {}).items()]}
    if kind != Kind.GAME.value:
        words = {"kind_word": KIND_WORDS.get(kind, kind)}
        if kind == Kind.SHOWN.value:
            words["shown_by"] = outcome.get("shown_by")
        return words
    count = outcome["count"]
    return {"game_word": GAME_WORDS[outcome["game"]], "declarer": outcome["declarer"],
            "count_declarer": said(count), "count_opponents": said(other_side_thirds(count))}


# The words of a deal (history pages, the evening's log) ------------------------------------------

def deal_lines(outcome: dict) -> list[tuple[str, str]]:
    """A deal (§14's object) as it reads at the table, a (label, words) line per thing recorded,
    the game's terms in Slovenian: "Igra: dve", "Tælling: igralec 30⅔ · nasprotnika 39⅓" …"""
    lines: list[tuple[str, str]] = [(gettext("Giver"), str(outcome.get("dealer", "?")))]
    kind = outcome.get("kind", "?")
    if kind != Kind.GAME.value:
        lines.append((gettext("Spillet"), KIND_WORDS.get(kind, str(kind))))
    if kind == Kind.SHOWN.value:
        lines.append((gettext("Viste kortene (pokazal)"), str(outcome.get("shown_by", "?"))))
    if kind == Kind.KLOP.value:
        counts = outcome.get("counts") or {}
        lines.append((gettext("Tælling"), ", ".join(f"{p} {said(c)}" for p, c in counts.items())))
    if kind != Kind.GAME.value:
        if outcome.get("renons"):
            lines.append(("Renons", ", ".join(outcome["renons"])))
        return lines
    if "game" in outcome:
        lines.append(("Igra", GAME_WORDS.get(outcome["game"], str(outcome["game"]))))
    if "declarer" in outcome:
        lines.append((gettext("Spilfører (igralec)"), str(outcome["declarer"])))
    if "count" in outcome:
        c = outcome["count"]
        lines.append((gettext("Tælling"), f"igralec {said(c)} · nasprotnika {said(other_side_thirds(c))}"))
    for name, word in (("kings", "Kralji"), ("trula", "Trula")):
        if name in outcome:
            lines.append((word, SIDE_WORDS.get(outcome[name], outcome[name])))
    if pagat_code(outcome):
        lines.append(("Pagat ultimo", PAGAT_WORDS[pagat_code(outcome)]))
    if valat_code(outcome):
        lines.append(("Valat", VALAT_WORDS[valat_code(outcome)]))
    kontra = outcome.get("kontra") or {}
    if kontra:
        said_on = ", ".join(f"{KONTRA_ITEM_WORDS[i]}: {kontra[i]}" for i in KONTRA_ITEMS if i in kontra)
        lines.append(("Kontra", f"{said_on} ({kontra.get('by', '?')})"))
    if "mondfang" in outcome:
        m = outcome["mondfang"]
        lines.append(("Mondfang", f"mond {m.get('owner', '?')}, ujel {m.get('by', '?')}"))
    if "pagatfonk" in outcome:
        p = outcome["pagatfonk"]
        lines.append(("Pagatfonk", f"škis {p.get('skis', '?')}, pagat {p.get('pagat', '?')}"))
    if outcome.get("renons"):
        lines.append(("Renons", ", ".join(outcome["renons"])))
    return lines


def leg_account(leg) -> str:
    """Whose a stored leg is (the history page): the player's name, or the sheet ("zapisnik"), the
    ledger's other side of what a deal writes (§11 Decision), never a cup."""
    if leg.player_id is not None:
        return leg.player.name
    return "zapisnik" if leg.account == Pot.SHEET.value else str(leg.account)


#: The zapisnik's own words (docs/rules/selca.md §14): a Slovenian score sheet's, never translated.
WRITTEN_WORDS = {"sheet": "Zapisnik", "number": "št.", "dealer": "delilec", "game": "igra", "declarer": "igralec",
                 "points": "točke", "running": "skupaj", "sum": "Skupaj", "signatures": "Podpisi"}


class SelcaTable(TableFamily):
    name, label, form_class, entry_label = FAMILY_NAME, _("Tarok (po Selško)"), SelcaDealForm, _("Skrevet i zapisnik")
    game_words, figure_words, written_words = GAME_WORDS, FIGURE_WORDS, WRITTEN_WORDS
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
