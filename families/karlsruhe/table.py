"""The Karlsruhe family at the table (docs/rules/karlsruhe.md): its deal form, live preview, correction
effect, the Radl status and the words of its sheet and history, behind the table pages' family
protocol (``table_families.py``).

The form turns a few taps into exactly §11's deal object: the game as big buttons, the declarer,
the called king and its holder, the count as the players say it (points and Blätter, for either
side, §11 "Form"), the birds as one choice each, Trull and vier Könige by side, Valat, Kontra and
the caught king; only what the chosen game uses is shown (css) and sent (``to_outcome``). The engine
judges every rule: ``clean()`` runs the family's reader and ``validate_deal`` on the deal object, so
each problem shows next to its field in the engine's words (§9). The game's own terms are German
(Königsrufer, Radl, Kontra …); the words around them Danish, with English.
"""
from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy as _, pgettext_lazy

from scoring.engine import families
from families.karlsruhe.engine.model import (
    DECK_THIRDS, KONTRA_GAME, MAX_BLAETTER, Bonus, Game, KontraLevel, Side, Suit, other_side_thirds,
    points_said, thirds_to_count,
)
from families.karlsruhe.engine.settle import declarers_won, fahrer_payers, schneider, sides
from families.karlsruhe.engine.validate import GAME_WORDS as _ENGINE_GAME_WORDS
from scoring.engine.problems import EveningError, Problem

from scoring.language import engine_language
from scoring.family_forms import (
    CountField, CountInput, FamilyFormMixin, chips_marked_by, replay_correction,
)
from scoring.table_families import TableFamily, register

FAMILY_NAME = "karlsruhe"


def engine() -> families.Family:
    """The Karlsruhe family of the engine (``families.py``)."""
    return families.family(FAMILY_NAME)


# The game's words (German, as the seed says them; never translated) -------------------------------

GAME_WORDS = {g.value: word for g, word in _ENGINE_GAME_WORDS.items()}
#: The headings of Karlsruhe's own figures (engine ``stats.deal_stats``) on the player page: Danish
#: words around the game's own terms (Valat, Fahrer, Radl).
FIGURE_WORDS = {"partner": _("Som partner"), "partner_won": _("Vundet som partner"), "valat": "Valat",
                "fahrer": "Fahrer", "radl": _("Radl-spil")}
#: The season report's highlights: the games declared and won (§2), each Valat (§5.2), each Fahrer
#: (§6) and the deals doubled in a Radl (§5.4).
HIGHLIGHTS = ("declarer", "declarer_won", "valat", "fahrer", "radl")
HIGHLIGHT_WORDS = {**FIGURE_WORDS, "declarer": _("Spil meldt"), "declarer_won": _("Spil vundet")}
#: The games in the order the form offers them (§2's table).
GAMES = tuple(g.value for g in (Game.KOENIGSRUFER, Game.SOLORUFER, Game.DREIER, Game.SECHSERBOCK,
                                Game.BETTEL_OUVERT, Game.FAHRER))
RUFER = tuple(g.value for g in Game if g.is_rufer)
POSITIVE = tuple(g.value for g in Game if g.is_positive)
WITH_DECLARER = tuple(g.value for g in Game if g.has_declarer)
SUIT_WORDS = {Suit.HEARTS.value: "♥ Herz", Suit.DIAMONDS.value: "♦ Karo", Suit.CLUBS.value: "♣ Kreuz",
              Suit.SPADES.value: "♠ Pik"}
BIRDS = (Bonus.CANARI.value, Bonus.UHU.value, Bonus.PAGAT.value)   # the formula's order (§5.5)
BONUS_WORDS = {Bonus.CANARI.value: "Canari", Bonus.UHU.value: "Uhu", Bonus.PAGAT.value: "Pagat",
               Bonus.TRULL.value: "Trull", Bonus.FOUR_KINGS.value: "Vier Könige"}
KONTRA_WORDS = {KontraLevel.KONTRA.value: "Kontra", KontraLevel.RE.value: "Re", KontraLevel.SUB.value: "Sub",
                KontraLevel.HIRSCH.value: "Hirsch"}
SIDE_WORDS = {Side.DECLARERS.value: "Spieler", Side.OPPONENTS.value: "Gegner"}
KING_CAUGHT = "König abgefangen"
MAX_POINTS = DECK_THIRDS // 3   # 70 Spielpunkte (§S)
#: A partner choice that is no player: the declarer plays alone (§2 Decision). No player's name
#: starts with a space (``bounds.text_problem``), so it never stands for one.
ALONE = " allein"


def blatt_word(n: int) -> str:
    return "Blatt" if n < 2 else "Blätter"


def count_words(thirds: int) -> str:
    """A count in thirds as the players say it: 114 → "38 Punkte 0 Blatt" (§3)."""
    points, blaetter = thirds_to_count(thirds)
    return f"{points} Punkte {blaetter} {blatt_word(blaetter)}"


def _entry(side: str, won: bool, announced: bool = False) -> dict:
    entry: dict = {"side": side, "won": won}
    if announced:
        entry["announced"] = True
    return entry


#: A bird as one choice (§11 "Form"): the side that played it silently and whether that side made
#: it, or announced (by the declarer, for his side, §4) and made or failed.
BIRD_CHOICES = {
    "declarers_made": _entry("declarers", True), "declarers_lost": _entry("declarers", False),
    "opponents_made": _entry("opponents", True), "opponents_lost": _entry("opponents", False),
    "announced_made": _entry("declarers", True, True), "announced_failed": _entry("declarers", False, True),
}
#: A Valat as one choice (§5.2): silent by either side, or announced by the declarers.
VALAT_CHOICES = {
    "declarers": _entry("declarers", True), "announced_made": _entry("declarers", True, True),
    "announced_failed": _entry("declarers", False, True), "opponents": _entry("opponents", True),
}


def _choice_of(entry: dict, choices: dict) -> str | None:
    wanted = {"side": entry.get("side"), "won": entry.get("won"), "announced": bool(entry.get("announced"))}
    for code, value in choices.items():
        if {**value, "announced": bool(value.get("announced"))} == wanted:
            return code
    return None


def bird_labels() -> dict[str, str]:
    return {
        "declarers_made": gettext("%(side)s stille, vundet") % {"side": "Spieler"},
        "declarers_lost": gettext("%(side)s stille, tabt") % {"side": "Spieler"},
        "opponents_made": gettext("%(side)s stille, vundet") % {"side": "Gegner"},
        "opponents_lost": gettext("%(side)s stille, tabt") % {"side": "Gegner"},
        "announced_made": gettext("meldt, vundet"),
        "announced_failed": gettext("meldt, tabt"),
    }


def valat_labels() -> dict[str, str]:
    return {
        "declarers": gettext("%(side)s stille") % {"side": "Spieler"},
        "announced_made": gettext("%(side)s meldt, vundet") % {"side": "Spieler"},
        "announced_failed": gettext("%(side)s meldt, tabt") % {"side": "Spieler"},
        "opponents": gettext("%(side)s stille") % {"side": "Gegner"},
    }


def kind_names() -> dict[str, str]:
    return {"played": gettext("spillet"), "misdeal": gettext("fejlgivning"), "redeal": gettext("ny give")}


# The form ---------------------------------------------------------------------------------------

def count_field(player: str) -> str:
    """A Fahrer count's points field, named like the engine's field path ``counts.<name>``."""
    return f"counts.{player}"


def blaetter_field(player: str) -> str:
    return f"blaetter.{player}"


#: Django's own range messages of a points field, in the players' unit (§3).
POINTS_MESSAGES = {"max_value": _("Højst %(limit_value)s Punkte."), "min_value": _("Mindst %(limit_value)s Punkte.")}


def _blaetter_choices() -> list[tuple[str, str]]:
    return [(str(n), str(n)) for n in range(MAX_BLAETTER + 1)]


class KarlsruheDealForm(FamilyFormMixin, forms.Form):
    """One deal at a Karlsruhe table of ``players`` (seat order), built for the active players of
    the chosen dealer (§1: at five the dealer sits out). ``to_outcome()`` gives §11's deal object
    with exactly the fields the chosen game uses; ``clean()`` runs the engine's reader and
    ``validate_deal`` on it (§9), each problem next to its field.

    Person fields accept any player at the table, so a sitter-out picked before the dealer changed
    gets the engine's own message ("… sidder over i dette spil"); only the active players are
    offered. Fahrer counts are keyed by player name, never by position."""

    version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    kind = forms.ChoiceField(label=_("Spillet"), widget=forms.RadioSelect, initial="played")
    dealer = forms.ChoiceField(label=_("Giver"))

    family_name = FAMILY_NAME

    def __init__(self, players: tuple[str, ...], *args, dealer: str | None = None, card=None, **kwargs):
        super().__init__(*args, **kwargs)
        chosen = self.seat(players, dealer, card)
        active = tuple(self.seats.active)

        f = self.fields
        f["kind"].choices = list(kind_names().items())
        f["dealer"].choices = [(p, p) for p in self.players]
        f["dealer"].initial = chosen
        f["dealer"].widget.attrs["autocomplete"] = "off"

        def radio(name: str, label, choices, initial=None) -> None:
            f[name] = forms.ChoiceField(label=label, choices=choices, widget=forms.RadioSelect, required=False,
                                        initial=initial)

        def select(name: str, label, choices) -> None:
            f[name] = forms.ChoiceField(label=label, choices=[("", "—")] + list(choices), required=False)

        def people(name: str, extra=()) -> list[tuple[str, str]]:
            choices = [(p, p) for p in active]
            posted = self.data.get(name) if self.is_bound else None
            if posted in self.players and posted not in active:
                choices.append((posted, gettext("%(name)s (sidder over)") % {"name": posted}))
            return choices + list(extra)

        radio("game", pgettext_lazy("karlsruhe", "Spil"), [(g, GAME_WORDS[g]) for g in GAMES])
        radio("declarer", _("Spilfører"), people("declarer"))
        radio("called_king", _("Kaldt konge"), list(SUIT_WORDS.items()))
        radio("partner", _("Partner (har kongen)"), people("partner", [(ALONE, "allein")]))
        f["king_caught"] = forms.BooleanField(label=KING_CAUGHT, required=False)
        radio("count_side", _("Tælling for"), list(SIDE_WORDS.items()), initial=Side.DECLARERS.value)
        f["count_points"] = CountField(label="Punkte", required=False, min_value=0, max_value=MAX_POINTS,
                                       error_messages=POINTS_MESSAGES)
        radio("count_blaetter", "Blätter", _blaetter_choices(), initial="0")
        select("valat", "Valat", valat_labels().items())
        labels = bird_labels()
        for bird in BIRDS:
            select(f"bird_{bird}", BONUS_WORDS[bird], labels.items())
        sides_chips = [("", "—")] + list(SIDE_WORDS.items())
        radio("trull", "Trull", sides_chips, initial="")
        radio("four_kings", "Vier Könige", sides_chips, initial="")
        radio("kontra_game", _("Kontra på spillet"), [("", "—")] + list(KONTRA_WORDS.items()), initial="")
        for bird in BIRDS:
            select(f"kontra_{bird}", gettext("Kontra på %(bonus)s") % {"bonus": BONUS_WORDS[bird]},
                   KONTRA_WORDS.items())
        radio("won", _("Udfald"), [("yes", gettext("vundet (ingen stik)")), ("no", gettext("tabt"))])

        # Fahrer counts: one per active player; a sitter-out only when a count was posted for him.
        posted = [p for p in self.players if p not in active and self.is_bound
                  and str(self.data.get(count_field(p), "")).strip()]
        self.count_players = (*active, *posted)
        for i, player in enumerate(self.count_players):
            f[count_field(player)] = CountField(label=player, required=False, min_value=0, max_value=MAX_POINTS,
                                                error_messages=POINTS_MESSAGES,
                                                widget=CountInput(attrs={"id": f"id_fahrer_{i}"}))
            f[blaetter_field(player)] = forms.ChoiceField(
                label="Blätter", choices=_blaetter_choices(), initial="0", required=False,
                widget=forms.RadioSelect(attrs={"id": f"id_fahrer_{i}_blaetter"}))

    # Layout helpers for the template ----------------------------------------------------------
    def bird_rows(self):
        return [(BONUS_WORDS[b], self[f"bird_{b}"], self[f"kontra_{b}"]) for b in BIRDS]

    def fahrer_rows(self):
        """(points field, Blätter field, active?) per Fahrer count: the active players, then posted sitters-out."""
        return [(self[count_field(p)], self[blaetter_field(p)], p in self.seats.active) for p in self.count_players]

    def partner_chips(self) -> list[tuple[object, str]]:
        """Each partner chip with its player's declarer chip as a class (``is-declarer-2``), so that
        static/css/karlsruhe.css hides the declarer's own chip among the partners (choosing "allein"
        says the same); a rule written in the page would need an inline style, which the
        Content-Security-Policy forbids."""
        return chips_marked_by(self["partner"], self.fields["declarer"].choices)

    def _value(self, name: str):
        return self.data.get(name) if self.is_bound else self.initial.get(name, self.fields[name].initial
                                                                           if name in self.fields else None)

    @property
    def birds_open(self) -> bool:
        names = [f"bird_{b}" for b in BIRDS] + [f"kontra_{b}" for b in BIRDS] + ["trull", "four_kings", "valat"]
        return any(self._value(n) not in (None, "") or n in self.errors for n in names)

    # Which fields the deal uses (§11's table) ------------------------------------------------
    def used_fields(self, kind: str | None, game: str | None, valat: bool) -> set[str]:
        """The form fields the deal object is built from: a misdeal or redeal only the dealer and
        kind; a played deal those its game uses (§11), without the count, the silent-only bonuses
        and the caught king beside a Valat (§5.2). The template shows the same (css)."""
        used = {"version", "kind", "dealer"}
        if (kind or "played") != "played":
            return used
        used.add("game")
        if game in WITH_DECLARER:
            used |= {"declarer", "kontra_game"}
        if game in RUFER:
            used |= {"called_king", "partner"} | (set() if valat else {"king_caught"})
        if game in POSITIVE:
            used |= {"valat"} | {f"bird_{b}" for b in BIRDS} | {f"kontra_{b}" for b in BIRDS}
            if not valat:
                used |= {"count_side", "count_points", "count_blaetter", "trull", "four_kings"}
        if game == Game.BETTEL_OUVERT.value:
            used.add("won")
        if game == Game.FAHRER.value:
            used |= {count_field(p) for p in self.count_players} | {blaetter_field(p) for p in self.count_players}
        return used

    # Building the deal object -----------------------------------------------------------------
    def clean(self):
        data = super().clean()
        # A field the chosen game does not use is hidden and not sent: its own error would be unseen.
        used = self.used_fields(data.get("kind") or self.data.get("kind"), data.get("game"), bool(data.get("valat")))
        for name in [n for n in self._errors if n not in used and n != "__all__"]:
            del self._errors[name]
        if not {"dealer", "kind"} & set(self._errors):
            self.add_engine_problems(self.engine_problems())
        return data

    def is_valid(self) -> bool:
        """Valid only without errors on a field or on the Fahrer counts as a whole (§6: they add up
        to 70 Punkte), so that such a deal is refused here, in Punkte, before the service (which
        speaks the file's thirds) sees it."""
        return super().is_valid() and not self.section_errors

    def _skip_problem(self, found: Problem) -> bool:
        """"allein" without a declarer: the declarer's own "required" says it (§9)."""
        return found.field == "partner" and found.code == "required" and self.cleaned_data.get("partner") == ALONE

    def _message(self, found: Problem) -> str:
        """The engine's message, but a count's in Punkte and Blätter as it was typed: the engine
        (and the evening file) count in thirds, the players never do (§3)."""
        params = dict(found.params)
        if found.code == "karlsruhe_count_range" and found.field == "declarers_count":
            # §3 Decision: a side counts 0 only when the other made a Valat, recorded as such.
            return gettext("%(count)s: en side har mindst 0 Punkte 1 Blatt og højst 69 Punkte 2 Blätter; "
                           "tog en side alle stik, er det en Valat.") % {"count": self.count_as_typed()}
        if found.code == "karlsruhe_count_range":
            return gettext("%(count)s; højst 70 Punkte.") % {"count": points_said(int(params["value"]))}
        if found.code == "karlsruhe_counts_sum":
            return gettext("Tallene giver %(total)s; de skal give 70 Punkte.") % {
                "total": points_said(int(params["total"]))}
        return found.message(engine_language())

    def count_as_typed(self) -> str:
        """The count as the scorekeeper typed it, side and all: "Gegner 70 Punkte" (§11 "Form")."""
        data = self.cleaned_data
        thirds = 3 * (data.get("count_points") or 0) + int(data.get("count_blaetter") or 0)
        return f"{SIDE_WORDS.get(data.get('count_side') or '', SIDE_WORDS[Side.DECLARERS.value])} {points_said(thirds)}"

    def to_outcome(self) -> dict:
        """§11's deal object with exactly the fields the chosen game uses (call after is_valid()).
        The count is converted from points and Blätter of either side to the declarers' thirds
        (§3, §11 "Form"); fields the form refused are left out, so the engine judges the rest."""
        data = self.cleaned_data
        outcome: dict = {"dealer": self.seats.dealer}
        kind = data.get("kind") or "played"
        if kind != "played":
            outcome["kind"] = kind
            return outcome
        game = data.get("game")
        if not game:
            return outcome
        outcome["game"] = game
        declarer = data.get("declarer") or None
        if game in WITH_DECLARER and declarer:
            outcome["declarer"] = declarer
        valat = VALAT_CHOICES.get(data.get("valat") or "") if game in POSITIVE else None
        if game in RUFER:
            if data.get("called_king"):
                outcome["called_king"] = data["called_king"]
            partner = data.get("partner") or None
            if partner == ALONE:
                partner = declarer
            if partner:
                outcome["partner"] = partner
            if data.get("king_caught") and valat is None:
                outcome["king_caught"] = True
        kontra: dict = {}
        if game in WITH_DECLARER and data.get("kontra_game"):
            kontra[KONTRA_GAME] = data["kontra_game"]
        if game in POSITIVE:
            if valat is not None:
                outcome["valat"] = dict(valat)
            else:
                thirds = self.declarers_thirds()
                if thirds is not None:
                    outcome["declarers_count"] = thirds
            bonuses = {}
            for bird in BIRDS:
                entry = BIRD_CHOICES.get(data.get(f"bird_{bird}") or "")
                if entry is not None:
                    bonuses[bird] = dict(entry)
                    if entry.get("announced") and data.get(f"kontra_{bird}"):
                        kontra[bird] = data[f"kontra_{bird}"]
            if valat is None:
                for bonus in (Bonus.TRULL.value, Bonus.FOUR_KINGS.value):
                    if data.get(bonus) in SIDE_WORDS:
                        bonuses[bonus] = _entry(data[bonus], True)
            if bonuses:
                outcome["bonuses"] = bonuses
        if game == Game.BETTEL_OUVERT.value and data.get("won") in ("yes", "no"):
            outcome["won"] = data["won"] == "yes"
        if kontra:
            outcome["kontra"] = kontra
        if game == Game.FAHRER.value:
            counts = {}
            for player in self.count_players:
                points = data.get(count_field(player))
                if points is not None:
                    counts[player] = 3 * points + int(data.get(blaetter_field(player)) or 0)
            if counts:
                outcome["counts"] = counts
        return outcome

    def declarers_thirds(self) -> int | None:
        """The declarers' count in thirds from the count as entered: 3 × points + Blätter for the
        side chosen, the other side's 210 less that (§3, §11 "Form")."""
        data = self.cleaned_data
        points = data.get("count_points")
        if points is None:
            return None
        thirds = 3 * points + int(data.get("count_blaetter") or 0)
        return other_side_thirds(thirds) if data.get("count_side") == Side.OPPONENTS.value else thirds

    # Errors next to their fields --------------------------------------------------------------
    def field_for(self, path: str) -> str | None:
        """The form field an engine field path belongs to (``bonuses.pagat.side`` → ``bird_pagat``,
        ``declarers_count`` → the points, ``counts.Anna`` → Anna's points), or None."""
        head, _dot, rest = path.partition(".")
        if path in ("dealer", "kind", "game", "declarer", "called_king", "partner", "king_caught", "won"):
            return path
        if head == "declarers_count":
            return "count_points"
        if head == "valat":
            return "valat"
        if head == "bonuses" and rest:
            bonus = rest.partition(".")[0]
            if bonus in BIRDS:
                return f"bird_{bonus}"
            return bonus if bonus in ("trull", "four_kings") else None
        if head == "kontra" and rest:
            name = f"kontra_{rest}"
            return name if name in self.fields else None
        if head == "counts" and rest and count_field(rest) in self.fields:
            return count_field(rest)
        return None

    def field_label(self, name: str) -> str:
        """A player's count is "Tælling Anna"; the declarers' count (points) is "Tælling"."""
        if name == "count_points" and name in self.fields:
            return gettext("Tælling")
        return super().field_label(name)


# Opening a recorded deal, another dealer ---------------------------------------------------------

def initial_from_outcome(players: tuple[str, ...], outcome: dict, version: int) -> tuple[str, dict]:
    """Form initial values for correcting a recorded deal (its stored §11 object)."""
    dealer = outcome["dealer"]
    initial: dict[str, Any] = {"version": version, "dealer": dealer, "kind": outcome.get("kind", "played")}
    for name in ("game", "declarer", "called_king"):
        if name in outcome:
            initial[name] = outcome[name]
    if "partner" in outcome:
        initial["partner"] = ALONE if outcome["partner"] == outcome.get("declarer") else outcome["partner"]
    if outcome.get("king_caught"):
        initial["king_caught"] = True
    if "declarers_count" in outcome:
        points, blaetter = thirds_to_count(outcome["declarers_count"])
        initial.update(count_side=Side.DECLARERS.value, count_points=points, count_blaetter=str(blaetter))
    if "valat" in outcome:
        initial["valat"] = _choice_of(outcome["valat"], VALAT_CHOICES) or ""
    for bonus, entry in (outcome.get("bonuses") or {}).items():
        if bonus in BIRDS:
            initial[f"bird_{bonus}"] = _choice_of(entry, BIRD_CHOICES) or ""
        else:
            initial[bonus] = entry.get("side", "")
    for key, level in (outcome.get("kontra") or {}).items():
        initial[f"kontra_{key}"] = level
    if "won" in outcome:
        initial["won"] = "yes" if outcome["won"] else "no"
    for player, thirds in (outcome.get("counts") or {}).items():
        points, blaetter = thirds_to_count(thirds)
        initial[count_field(player)] = points
        initial[blaetter_field(player)] = str(blaetter)
    return dealer, initial


def carry_over(form_data, players: tuple[str, ...], dealer: str) -> tuple[dict, list[tuple[str, list[str]]]]:
    """What the scorekeeper had typed, for the form rebuilt around another dealer: every value still
    valid with the new active players, and what was cleared, per player who now sits out (§1)."""
    active = set(engine().seating(tuple(players), dealer).active)
    initial = {name: form_data.get(name) for name in form_data
               if name not in ("dealer", "version", "csrfmiddlewaretoken") and form_data.get(name) not in (None, "")}
    cleared: dict[str, list[str]] = {}
    for name, label in (("declarer", _("Spilfører")), ("partner", _("Partner (har kongen)"))):
        if name in initial and initial[name] in players and initial[name] not in active:
            cleared.setdefault(initial.pop(name), []).append(str(label))
    for name in [n for n in initial if n.startswith(("counts.", "blaetter."))]:
        player = name.partition(".")[2]
        if player not in active:
            del initial[name]
            if name.startswith("counts.") and player in players:
                cleared.setdefault(player, []).append(gettext("Tælling"))
    return initial, [(p, cleared[p]) for p in players if p in cleared]


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


def describe(players: tuple[str, ...], deal, card) -> dict:
    """What the preview says about a settled deal besides its amounts: the game, the sides, the
    count as the players say it for both sides, won or lost, Schneider, a Fahrer's payers."""
    if deal.kind.value != "played":
        return {"kind_word": kind_names()[deal.kind.value]}
    game = deal.game
    words: dict[str, Any] = {"game_word": GAME_WORDS[game.value]}
    if game is Game.FAHRER:
        high, low = fahrer_payers(players, deal)
        words["fahrer_pay"], words["fahrer_get"] = high, low
        words["fahrer_counts"] = [(p, count_words(c)) for p, c in deal.counts]
        return words
    declarers, opponents = sides(players, deal)
    words.update(declarers=declarers, opponents=opponents, won=declarers_won(deal, card),
                 alone=game.is_rufer and deal.alone)
    if game.is_positive and deal.valat is None and deal.declarers_count is not None:
        words["count_declarers"] = count_words(deal.declarers_count)
        words["count_opponents"] = count_words(other_side_thirds(deal.declarers_count))
        words["schneider"] = schneider(deal, card)
    return words


# The sheet's row (``TableFamily.describe``) -------------------------------------------------------

#: The birds as the seed's table writes them when announced: "III II I announced" (T7).
BIRD_NUMERALS = {Bonus.CANARI.value: "III", Bonus.UHU.value: "II", Bonus.PAGAT.value: "I"}
#: A silent bird made, as the seed writes it ("Pagat ult.", T5).
SILENT_BIRD_WORDS = {Bonus.CANARI.value: "Canari", Bonus.UHU.value: "Uhu", Bonus.PAGAT.value: "Pagat ult."}


def _lost(item: str) -> str:
    return gettext("%(item)s tabt") % {"item": item}


def _side(item: str, entry: dict) -> str:
    """A silent item by the side that had it: the declarers' plain, the opponents' with "Gegner"."""
    return f"{item} {SIDE_WORDS[Side.OPPONENTS.value]}" if entry.get("side") == Side.OPPONENTS.value else item


def sheet_words(outcome: dict, players: tuple[str, ...], card=None, facts: dict | None = None) -> tuple[str, ...]:
    """A deal as the seed's closing table names it (docs/rules/karlsruhe.md, T1-T9): the game and
    its declarer (and partner), Schneider (§5.1), Valat (§5.2), the birds — announced ones as the
    seed's "angesagt III, II, I" (§4) —, Trull and vier Könige, Kontra (§5.3), the caught king, and
    "im Radl" (§5.4): ("Sechserbock Bernd", "Schneider", "angesagt III, II, I", "im Radl"). The
    words are the game's German; what failed says so in the page's language."""
    if outcome.get("kind", "played") != "played":   # a misdeal or redeal: the sheet tags its kind
        return ()
    game = outcome.get("game", "")
    head = GAME_WORDS.get(game, game)
    declarer, partner = outcome.get("declarer"), outcome.get("partner")
    if declarer:
        head += f" {declarer}"
        if partner and partner != declarer:
            head += f" + {partner}"
        elif partner == declarer and game in RUFER:
            head += ALONE
    items = [head]
    if card is not None and game in POSITIVE and "declarers_count" in outcome:
        try:
            if schneider(engine().parse_deal(outcome), card):
                items.append("Schneider")
        except EveningError:
            pass
    valat = outcome.get("valat")
    if valat:
        word = "Valat angesagt" if valat.get("announced") else _side("Valat", valat)
        items.append(word if valat.get("won", True) else _lost(word))
    bonuses = outcome.get("bonuses") or {}
    made = [BIRD_NUMERALS[b] for b in BIRDS if bonuses.get(b, {}).get("announced") and bonuses[b].get("won")]
    if made:
        items.append("angesagt " + ", ".join(made))
    for bird in BIRDS:
        entry = bonuses.get(bird)
        if not entry:
            continue
        if entry.get("announced"):
            if not entry.get("won"):
                items.append(_lost(f"angesagt {BIRD_NUMERALS[bird]}"))
            continue
        word = _side(SILENT_BIRD_WORDS[bird] if entry.get("won") else BONUS_WORDS[bird], entry)
        items.append(word if entry.get("won") else _lost(word))
    for bonus in (Bonus.TRULL.value, Bonus.FOUR_KINGS.value):
        if bonus in bonuses:
            items.append(_side(BONUS_WORDS[bonus], bonuses[bonus]))
    for key, level in (outcome.get("kontra") or {}).items():
        word = KONTRA_WORDS.get(level, level)
        items.append(word if key == KONTRA_GAME else f"{word} {BONUS_WORDS.get(key, key)}")
    if outcome.get("king_caught"):
        items.append(KING_CAUGHT)
    if (facts or {}).get("radl"):
        items.append("im Radl")
    return tuple(items)


# The words of a deal (history pages, the evening's log) ------------------------------------------

def _name(outcome: dict, key: str) -> str:
    return str(outcome.get(key, "?"))


def _entry_words(entry: dict, choices: dict, labels: dict) -> str:
    code = _choice_of(entry, choices)
    return labels[code] if code else str(entry)


def deal_lines(outcome: dict) -> list[tuple[str, str]]:
    """A deal (§11's object) as it reads at the table, a (label, words) line per thing recorded,
    the game's terms in German: "Spil: Königsrufer", "Tælling: Spieler 38 Punkte 0 Blatt" …"""
    lines: list[tuple[str, str]] = [(gettext("Giver"), _name(outcome, "dealer"))]
    kind = outcome.get("kind", "played")
    if kind != "played":
        lines.append((gettext("Spillet"), kind_names().get(kind, kind)))
        return lines
    game = outcome.get("game")
    if game:
        lines.append((str(pgettext_lazy("karlsruhe", "Spil")), GAME_WORDS.get(game, game)))
    if "declarer" in outcome:
        lines.append((gettext("Spilfører"), _name(outcome, "declarer")))
    if "called_king" in outcome:
        lines.append((gettext("Kaldt konge"), SUIT_WORDS.get(outcome["called_king"], outcome["called_king"])))
    if "partner" in outcome:
        partner = outcome["partner"]
        lines.append((gettext("Partner"), "allein" if partner == outcome.get("declarer") else str(partner)))
    if "declarers_count" in outcome:
        thirds = outcome["declarers_count"]
        lines.append((gettext("Tælling"), f"Spieler {count_words(thirds)} · Gegner {count_words(other_side_thirds(thirds))}"))
    if "valat" in outcome:
        lines.append(("Valat", _entry_words(outcome["valat"], VALAT_CHOICES, valat_labels())))
    bonuses = outcome.get("bonuses") or {}
    for bird in BIRDS:
        if bird in bonuses:
            lines.append((BONUS_WORDS[bird], _entry_words(bonuses[bird], BIRD_CHOICES, bird_labels())))
    for bonus in (Bonus.TRULL.value, Bonus.FOUR_KINGS.value):
        if bonus in bonuses:
            lines.append((BONUS_WORDS[bonus], SIDE_WORDS.get(bonuses[bonus].get("side"), "?")))
    if outcome.get("king_caught"):
        lines.append((KING_CAUGHT, gettext("ja")))
    kontra = outcome.get("kontra") or {}
    if kontra:
        lines.append(("Kontra", ", ".join(
            f"{gettext('spillet') if key == KONTRA_GAME else BONUS_WORDS.get(key, key)}: {KONTRA_WORDS.get(level, level)}"
            for key, level in kontra.items())))
    if "won" in outcome:
        lines.append((gettext("Udfald"), gettext("vundet (ingen stik)") if outcome["won"] else gettext("tabt")))
    counts = outcome.get("counts") or {}
    if counts:
        lines.append((gettext("Tælling"), ", ".join(f"{p} {count_words(c)}" for p, c in counts.items())))
    return lines


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
