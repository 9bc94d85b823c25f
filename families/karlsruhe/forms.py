"""The Karlsruhe family's deal form (docs/rules/karlsruhe.md) and what opening a recorded deal or
choosing another dealer fills in.

The form turns a few taps into exactly §11's deal object: the game as big buttons, the declarer,
the called king and its holder, the count as the players say it (points and Blätter, for either
side, §11 "Form"), the birds as one choice each, the große and kleine Trull by side, Valat, Contra and
the caught king; only what the chosen game uses is shown (css) and sent (``to_outcome``). The engine
judges every rule: ``clean()`` runs the family's reader and ``validate_deal`` on the deal object, so
each problem shows next to its field in the engine's words (§9). The game's own terms are German
(Königsrufer, Radl, Kontra …); the words around them Danish, with English.
"""
from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy as _, pgettext_lazy

from families.karlsruhe.engine.model import (
    KONTRA_GAME, MAX_BLAETTER, Bonus, Game, Side, other_side_thirds,
    points_said, thirds_to_count,
)
from scoring.engine.problems import Problem

from scoring.language import engine_language
from scoring.family_forms import (
    CountField, CountInput, FamilyDealForm, chips_marked_by, player_attrs,
)
from .words import (
    ALONE, BIRDS, BIRD_CHOICES, BONUS_WORDS, FAMILY_NAME, GAMES, GAME_WORDS, KING_CAUGHT, KONTRA_WORDS,
    MAX_POINTS, POSITIVE, RUFER, SIDE_WORDS, SUIT_WORDS, VALAT_CHOICES, WITH_DECLARER, _choice_of, _entry,
    bird_labels, engine, kind_names, valat_labels,
)


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


class KarlsruheDealForm(FamilyDealForm):
    """One deal at a Karlsruhe table of ``players`` (seat order), built for the active players of
    the chosen dealer (§1: at five the dealer sits out). ``to_outcome()`` gives §11's deal object
    with exactly the fields the chosen game uses; ``clean()`` runs the engine's reader and
    ``validate_deal`` on it (§9), each problem next to its field.

    Person fields accept any player at the table, so a sitter-out picked before the dealer changed
    gets the engine's own message ("… sidder over i dette spil"); only the active players are
    offered. Fahrer counts are keyed by player name, never by position."""

    kind = forms.ChoiceField(label=_("Spillet"), widget=forms.RadioSelect, initial="played")

    family_name = FAMILY_NAME

    def __init__(self, players: tuple[str, ...], *args, dealer: str | None = None, card=None, **kwargs):
        super().__init__(players, *args, dealer=dealer, card=card, **kwargs)
        active = tuple(self.seats.active)

        f = self.fields
        f["kind"].choices = list(kind_names().items())

        def radio(name: str, label, choices, initial=None, attrs=None) -> None:
            f[name] = forms.ChoiceField(label=label, choices=choices, widget=forms.RadioSelect(attrs=attrs),
                                        required=False, initial=initial)

        def select(name: str, label, choices) -> None:
            f[name] = forms.ChoiceField(label=label, choices=[("", "—")] + list(choices), required=False)

        def people(name: str, extra=()) -> list[tuple[str, str]]:
            choices = [(p, p) for p in active]
            posted = self.data.get(name) if self.is_bound else None
            if posted in self.players and posted not in active:
                choices.append((posted, gettext("%(name)s (sidder over)") % {"name": posted}))
            return choices + list(extra)

        radio("game", pgettext_lazy("karlsruhe", "Spil"), [(g, GAME_WORDS[g]) for g in GAMES])
        radio("declarer", _("Spilfører"), people("declarer"), attrs=player_attrs(_("Spilfører")))
        radio("called_king", _("Kaldt konge"), list(SUIT_WORDS.items()))
        radio("partner", _("Partner (har kongen)"), people("partner", [(ALONE, "allein")]),
              attrs=player_attrs(_("Partner (har kongen)"), marked_by="declarer"))
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
        radio("trull", BONUS_WORDS[Bonus.TRULL.value], sides_chips, initial="")
        radio("four_kings", BONUS_WORDS[Bonus.FOUR_KINGS.value], sides_chips, initial="")
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
                                                widget=CountInput(attrs={"id": f"id_fahrer_{i}",
                                                                         "data-label": _("Tælling")}))
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
    def check_deal(self, data: dict) -> None:
        # A field the chosen game does not use is hidden and not sent: its own error would be unseen.
        used = self.used_fields(data.get("kind") or self.data.get("kind"), data.get("game"), bool(data.get("valat")))
        for name in [n for n in self._errors if n not in used and n != "__all__"]:
            del self._errors[name]
        if not {"dealer", "kind"} & set(self._errors):
            self.add_engine_problems(self.engine_problems())

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
