"""Forms: the table-side deal form turns taps into the evening file's deal object (FORMAT.md), so
the same parser and engine check a typed form, an import and the live preview."""
from __future__ import annotations

import datetime as dt

from django import forms
from django.utils.translation import gettext_lazy as _, pgettext_lazy

from scoring.engine.model import Court, FineKind, Group, Suit, seating

MELD_ROWS = 6
FINE_ROWS = 3

FATES = [("home", _("hjem")), ("lost", _("tabt")), ("ultimo", "ultimo"), ("bagud", "bagud")]
KING_FATES = [("lost", _("tabt")), ("ultimo", "ultimo"), ("bagud", "bagud"), ("home", _("hjem"))]
SUIT_NAMES = {Suit.HEARTS: _("hjerter"), Suit.DIAMONDS: _("ruder"), Suit.CLUBS: _("klør"), Suit.SPADES: _("spar")}
GROUP_NAMES = {Group.KINGS: _("konger"), **{Group(s.value): n for s, n in SUIT_NAMES.items()}}
COURT_NAMES = {Court.KING: _("konge"), Court.QUEEN: _("dame"), Court.CAVALIER: _("kavaler"), Court.KNAVE: _("knægt")}
FINE_NAMES = {
    FineKind.CUP_NOT_MOVED: _("kopperne ikke flyttet"),
    FineKind.MISDEAL: _("fejlgivning"),
    FineKind.WRONG_CARD_COUNT: _("forkert antal kort"),
    FineKind.FALSE_MELD: _("falsk melding"),
    FineKind.MISSED_MELD: _("glemt melding"),
    FineKind.MELD_BEFORE_DEALER: _("meldt før giveren"),
    FineKind.OUT_OF_TURN: _("spillet uden for tur"),
    FineKind.FALSE_SCIES_CALL: _("falsk skiskald"),
    FineKind.CUSTOM: _("anden bøde"),
}


def meld_choices() -> list:
    """The quick picker: every meld as one option, grouped (RULES.md §3.1)."""
    return [
        ("", "—"),
        (_("Taroks med pagat"), [(f"taroks:{n}:1", _("%(n)s med") % {"n": n}) for n in range(10, 23)]),
        (_("Taroks uden pagat"), [(f"taroks:{n}:0", _("%(n)s uden") % {"n": n}) for n in range(10, 23)]),
        (_("Matadorer"), [(f"matadors:{n}", _("%(n)s store") % {"n": n}) for n in range(3, 23)]),
        (_("Sprøjte"), [(f"overfull:{g.value}", _("sprøjte i %(g)s") % {"g": GROUP_NAMES[g]}) for g in Group]),
        (_("Hele"), [(f"full:{g.value}", _("hele %(g)s") % {"g": GROUP_NAMES[g]}) for g in Group]),
        (_("Halve konger"), [(f"half:kings:{s.value}", _("halve konger, mangler %(s)s konge") % {"s": SUIT_NAMES[s]})
                             for s in Suit]),
        *[(_("Halve %(g)s") % {"g": SUIT_NAMES[s]},
           [(f"half:{s.value}:{c.value}", _("halve %(g)s, mangler %(c)s") % {"g": SUIT_NAMES[s], "c": COURT_NAMES[c]})
            for c in Court]) for s in Suit],
    ]


def meld_from_code(code: str, player: str) -> dict:
    parts = code.split(":")
    if parts[0] == "taroks":
        return {"player": player, "kind": "taroks", "count": int(parts[1]), "pagat": parts[2] == "1"}
    if parts[0] == "matadors":
        return {"player": player, "kind": "matadors", "count": int(parts[1])}
    meld = {"player": player, "kind": parts[0], "group": parts[1]}
    if parts[0] == "half":
        meld["missing"] = parts[2]
    return meld


def meld_to_code(meld: dict) -> str:
    if meld["kind"] == "taroks":
        return f"taroks:{meld['count']}:{1 if meld.get('pagat') else 0}"
    if meld["kind"] == "matadors":
        return f"matadors:{meld['count']}"
    return ":".join([meld["kind"], meld["group"]] + ([meld["missing"]] if meld["kind"] == "half" else []))


class DealForm(forms.Form):
    """One deal at a table of ``players`` (seat order); the active players follow the dealer."""

    version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    kind = forms.ChoiceField(label=_("Spillet"), widget=forms.RadioSelect, initial="played",
                             choices=[("played", _("spillet")), ("misdeal", _("fejlgivning")),
                                      ("scrapped", _("kasseret"))])
    dealer = forms.ChoiceField(label=_("Giver"))

    def __init__(self, players: tuple[str, ...], *args, dealer: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = players
        chosen = (self.data.get("dealer") if self.is_bound else None) or dealer or players[0]
        if chosen not in players:
            chosen = players[0]
        self.seats = seating(players, chosen)
        active = self.seats.active
        who = [(p, p) for p in active]
        maybe = [("", "—")] + who
        self.fields["dealer"].choices = [(p, p) for p in players]
        self.fields["dealer"].initial = chosen
        self.fields["pagat_owner"] = forms.ChoiceField(label=_("Pagat hos"), choices=who, widget=forms.RadioSelect,
                                                       required=False)
        self.fields["pagat_fate"] = forms.ChoiceField(label=_("Pagat"), choices=FATES, widget=forms.RadioSelect,
                                                      initial="home", required=False)
        for suit in Suit:
            self.fields[f"king_{suit.value}_owner"] = forms.ChoiceField(
                label=_("%(s)s konge hos") % {"s": SUIT_NAMES[suit]}, choices=maybe, required=False)
            self.fields[f"king_{suit.value}_fate"] = forms.ChoiceField(
                label=_("Skæbne"), choices=KING_FATES, initial="lost", required=False)
        self.fields["last_trick"] = forms.ChoiceField(label=_("Sidste stik"), choices=who, widget=forms.RadioSelect,
                                                      required=False)
        self.fields["tout"] = forms.ChoiceField(label="Tout", choices=maybe, required=False)
        self.fields["nolo"] = forms.ChoiceField(label="Nolo", choices=maybe, required=False)
        for i, player in enumerate(active):
            self.fields[f"count_{i}"] = forms.IntegerField(
                label=player, required=False, min_value=0, max_value=78,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "pattern": "[0-9]*"}))
        self.fields["derived"] = forms.ChoiceField(label=_("Udregnes"), choices=maybe, required=False)
        for i in range(1, MELD_ROWS + 1):
            self.fields[f"meld_{i}_player"] = forms.ChoiceField(label=_("Melder"), choices=maybe, required=False)
            self.fields[f"meld_{i}_kind"] = forms.ChoiceField(label=_("Melding"), choices=meld_choices(),
                                                              required=False)
        fine_kinds = [("", "—")] + [(k.value, FINE_NAMES[k]) for k in FineKind if k is not FineKind.MISDEAL]
        for i in range(1, FINE_ROWS + 1):
            self.fields[f"fine_{i}_player"] = forms.ChoiceField(label=_("Bødlagt"), choices=maybe, required=False)
            self.fields[f"fine_{i}_kind"] = forms.ChoiceField(label=_("Bøde"), choices=fine_kinds, required=False)
            self.fields[f"fine_{i}_amount"] = forms.IntegerField(
                label=_("Beløb pr. kop"), required=False, min_value=1, max_value=10_000,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
        self.meld_rows: list[int] = []   # form row of melds[i] (1-based), filled by to_outcome
        self.fine_rows: list[int] = []

    # Layout helpers for the template --------------------------------------------------------
    def count_fields(self):
        return [self[f"count_{i}"] for i in range(3)]

    def king_rows(self):
        return [(SUIT_NAMES[s], self[f"king_{s.value}_owner"], self[f"king_{s.value}_fate"]) for s in Suit]

    def meld_row_fields(self):
        return [(i, self[f"meld_{i}_player"], self[f"meld_{i}_kind"]) for i in range(1, MELD_ROWS + 1)]

    def fine_row_fields(self):
        return [(i, self[f"fine_{i}_player"], self[f"fine_{i}_kind"], self[f"fine_{i}_amount"])
                for i in range(1, FINE_ROWS + 1)]

    def _has(self, *prefixes: str) -> bool:
        source = self.data if self.is_bound else self.initial
        return any(source.get(name) for name in self.fields if name.startswith(prefixes))

    @property
    def meld_has_data(self) -> bool:
        return self._has("meld_")

    @property
    def kings_have_data(self) -> bool:
        return self._has("king_") and any(
            (self.data if self.is_bound else self.initial).get(f"king_{s.value}_owner") for s in Suit)

    @property
    def tout_nolo_has_data(self) -> bool:
        return self._has("tout", "nolo")

    @property
    def fines_have_data(self) -> bool:
        return self._has("fine_") and any(
            (self.data if self.is_bound else self.initial).get(f"fine_{i}_player") for i in range(1, FINE_ROWS + 1))

    # Building the deal object ---------------------------------------------------------------
    def clean(self):
        data = super().clean()
        for i in range(1, MELD_ROWS + 1):
            if bool(data.get(f"meld_{i}_player")) != bool(data.get(f"meld_{i}_kind")):
                self.add_error(f"meld_{i}_kind", _("Vælg både melder og melding."))
        for i in range(1, FINE_ROWS + 1):
            if bool(data.get(f"fine_{i}_player")) != bool(data.get(f"fine_{i}_kind")):
                self.add_error(f"fine_{i}_kind", _("Vælg både spiller og bøde."))
        return data

    def to_outcome(self) -> dict:
        """The deal object of FORMAT.md; the engine validates it (RULES.md §5)."""
        data = self.cleaned_data
        outcome: dict = {"dealer": self.seats.dealer}
        if data["kind"] != "played":
            outcome["kind"] = data["kind"]
        fines = []
        self.fine_rows = []
        for i in range(1, FINE_ROWS + 1):
            if data.get(f"fine_{i}_player") and data.get(f"fine_{i}_kind"):
                fine = {"player": data[f"fine_{i}_player"], "kind": data[f"fine_{i}_kind"]}
                if fine["kind"] == "custom":
                    fine["amount"] = data.get(f"fine_{i}_amount")
                fines.append(fine)
                self.fine_rows.append(i)
        if data["kind"] == "played":
            melds = []
            self.meld_rows = []
            for i in range(1, MELD_ROWS + 1):
                if data.get(f"meld_{i}_player") and data.get(f"meld_{i}_kind"):
                    melds.append(meld_from_code(data[f"meld_{i}_kind"], data[f"meld_{i}_player"]))
                    self.meld_rows.append(i)
            if melds:
                outcome["melds"] = melds
            if data.get("pagat_owner"):
                outcome["pagat"] = {"owner": data["pagat_owner"], "fate": data.get("pagat_fate") or "home"}
            kings = {s.value: {"owner": data[f"king_{s.value}_owner"], "fate": data.get(f"king_{s.value}_fate") or "lost"}
                     for s in Suit if data.get(f"king_{s.value}_owner")}
            if kings:
                outcome["kings"] = kings
            for name in ("last_trick", "tout", "nolo"):
                if data.get(name):
                    outcome[name] = data[name]
            counts = {p: data[f"count_{i}"] for i, p in enumerate(self.seats.active)
                      if data.get(f"count_{i}") is not None}
            if counts:
                outcome["counts"] = counts
            if data.get("derived") and len(counts) == 3:
                outcome["derived"] = data["derived"]
        if fines:
            outcome["fines"] = fines
        return outcome

    def field_for(self, path: str) -> str | None:
        """The form field an engine field path (``kings.hearts.owner``, ``melds[2].count``) belongs to."""
        head, _, rest = path.partition(".")
        if head.startswith("melds[") or head.startswith("fines["):
            rows = self.meld_rows if head.startswith("melds[") else self.fine_rows
            try:
                row = rows[int(head[6:-1]) - 1]
            except (ValueError, IndexError):
                return None
            if head.startswith("melds["):
                return f"meld_{row}_player" if rest == "player" else f"meld_{row}_kind"
            return {"player": f"fine_{row}_player", "amount": f"fine_{row}_amount"}.get(rest, f"fine_{row}_kind")
        if head == "pagat":
            return "pagat_fate" if rest == "fate" else "pagat_owner"
        if head == "kings" and rest:
            suit, _, part = rest.partition(".")
            name = f"king_{suit}_{'fate' if part == 'fate' else 'owner'}"
            return name if name in self.fields else None
        if head == "counts":
            if rest in self.seats.active:
                return f"count_{self.seats.active.index(rest)}"
            return "count_0"
        return head if head in self.fields else None

    def add_engine_errors(self, errors) -> None:
        """Show each service error next to its field; the rest at the top of the form."""
        for error in errors:
            name = self.field_for(error.field) if error.field else None
            self.add_error(name, error.message if name else str(error))


def initial_from_outcome(players: tuple[str, ...], outcome: dict, version: int) -> tuple[str, dict]:
    """Form initial values for editing a recorded deal."""
    dealer = outcome["dealer"]
    active = seating(players, dealer).active
    initial: dict = {"version": version, "kind": outcome.get("kind", "played"), "dealer": dealer}
    if "pagat" in outcome:
        initial["pagat_owner"] = outcome["pagat"]["owner"]
        initial["pagat_fate"] = outcome["pagat"]["fate"]
    for suit, fate in outcome.get("kings", {}).items():
        initial[f"king_{suit}_owner"] = fate["owner"]
        initial[f"king_{suit}_fate"] = fate["fate"]
    for name in ("last_trick", "tout", "nolo", "derived"):
        if name in outcome:
            initial[name] = outcome[name]
    for player, count in outcome.get("counts", {}).items():
        if player in active:
            initial[f"count_{active.index(player)}"] = count
    for i, meld in enumerate(outcome.get("melds", [])[:MELD_ROWS], 1):
        initial[f"meld_{i}_player"] = meld["player"]
        initial[f"meld_{i}_kind"] = meld_to_code(meld)
    for i, fine in enumerate(outcome.get("fines", [])[:FINE_ROWS], 1):
        initial[f"fine_{i}_player"] = fine["player"]
        initial[f"fine_{i}_kind"] = fine["kind"]
        if "amount" in fine:
            initial[f"fine_{i}_amount"] = fine["amount"]
    return dealer, initial


class SeatingForm(forms.Form):
    """A new table: 3–5 players in seat order, chosen among the members or typed in as new ones."""

    def __init__(self, members: list[str], *args, with_date: bool = False, seasons=(), **kwargs):
        super().__init__(*args, **kwargs)
        if with_date:
            self.fields["date"] = forms.DateField(label=_("Dato"), initial=dt.date.today,
                                                  widget=forms.DateInput(attrs={"type": "date"}))
            self.fields["season"] = forms.TypedChoiceField(
                label=_("Sæson"), required=False, coerce=int, empty_value=None,
                choices=[("", "—")] + [(s.pk, s.name) for s in seasons])
        choices = [("", "—")] + [(m, m) for m in members]
        for i in range(1, 6):
            self.fields[f"seat_{i}"] = forms.ChoiceField(label=_("Plads %(n)s") % {"n": i}, choices=choices,
                                                         required=False)
            self.fields[f"new_{i}"] = forms.CharField(label=_("eller ny spiller"), max_length=60, required=False)

    def seat_rows(self):
        return [(self[f"seat_{i}"], self[f"new_{i}"]) for i in range(1, 6)]

    def clean(self):
        data = super().clean()
        names = []
        for i in range(1, 6):
            new = (data.get(f"new_{i}") or "").strip()
            chosen = data.get(f"seat_{i}")
            if new and chosen:
                self.add_error(f"new_{i}", _("Vælg en spiller eller skriv et nyt navn, ikke begge."))
            elif new or chosen:
                names.append(new or chosen)
        if len(names) != len(set(names)):
            self.add_error(None, _("En spiller kan kun sidde ét sted ved bordet."))
        if not 3 <= len(names) <= 5:
            self.add_error(None, _("Et bord har 3 til 5 spillere."))
        data["names"] = names
        return data


class UploadForm(forms.Form):
    file = forms.FileField(label=_("Aftenfil (JSON)"))

    MAX_BYTES = 1_000_000

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(_("Filen er for stor (højst 1 MB)."))
        try:
            text = upload.read().decode("utf-8")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("Filen er ikke UTF-8-tekst."))
        import json
        try:
            return json.loads(text)
        except ValueError as exc:
            raise forms.ValidationError(_("Filen er ikke gyldig JSON: %(e)s") % {"e": str(exc)[:120]})
