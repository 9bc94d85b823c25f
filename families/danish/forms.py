"""The Danish deal form: it turns taps into the evening file's deal object (docs/format.md), so the same
parser and engine check a typed form, an import and the live preview."""
from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext, gettext_lazy as _

from scoring.engine import bounds
from families.danish.engine import interchange
from families.danish.engine.model import Court, FineKind, MeldKind, Rank, Suit, seating
from scoring.engine.problems import EveningError, Problem
from families.danish.engine.validate import validate_deal
from families.danish.engine.rates import (CARD_EDITABLE_AMOUNTS, CARD_EDITABLE_FLAGS, FINE_AMOUNT_MAX, FINE_AMOUNT_MIN,
                                          HONOURS_MAX, HONOURS_MIN, LADONS_MAX, LADONS_MIN, VLK, RateCard)
from scoring.language import engine_language
from scoring.card_forms import CardForm
from scoring.family_forms import CountField, CountInput, FamilyDealForm, OptionsSelect, player_attrs


MELD_ROWS = 6
FINE_ROWS = 3
#: Rows for a cup's contents replaced (docs/rules/danish.md §7.4): a pagat cup and a king cup.
CUP_FINE_ROWS = 2
#: Rows for announced nolos (docs/rules/grosstarock.md §2): one per active player at most.
ANNOUNCE_ROWS = 3


# The words of melds, suits, fates and fines live in ``words.py`` (one place for the table's words).
from .words import (  # noqa: E402
    CUP_DEFINITE, FATE_NAMES, SUIT_NAMES, TAROKS_SCIES_GROUPS, fine_name, meld_code, meld_code_text,
)


@dataclass(frozen=True)
class Offer:
    """What the deal form offers at a table, read off the table's rate card (its data, never its
    name): the melds it pays, whether it knows the kings' meld group, whether the kings' fates are
    refused, optional or all four required, the pagat's ``discarded`` fate, tout and failed tout,
    announcements, the taroks meld's scies flag, counting after a nolo, and whether a fine is paid
    into the cups or to each other active player (docs/rules/danish.md §3–§4, docs/rules/grosstarock.md §2–§3)."""
    melds: frozenset
    kings_group: bool
    kings: str                  # "optional" (VLK), "required" (all four), "refused"
    pagat_discarded: bool
    tout: bool
    failed_tout: bool
    announcements: bool
    taroks_scies: bool
    counts_after_nolo: bool
    fines_into_cups: bool
    misdeal_fines: bool         # a misdeal may carry fines besides its own
    redeal: bool = False        # docs/rules/danish.md §7.4: a free redeal, asked for by a player
    misdeal_pass: bool = False  # the dealer may let a misdeal pass instead of paying its fine
    ultimo_forfeit: bool = False  # an ultimo forfeited without a fine
    cup_fine: bool = False        # a cup's contents replaced, into the cup or to whom


def card_offer(card: RateCard) -> Offer:
    """The form's ``Offer`` on ``card``."""
    return Offer(
        melds=frozenset(card.meld_kinds),
        kings_group=card.king_melds,
        kings=card.king_fates,
        pagat_discarded=card.pagat_discard,
        tout=card.tout_recorded,
        failed_tout=card.failed_tout_each is not None,
        announcements=card.announcements,
        taroks_scies=card.taroks_scies,
        counts_after_nolo=card.count_after_nolo,
        fines_into_cups=not card.fines_to_players,
        misdeal_fines=card.misdeal_other_fines,
        redeal=card.free_redeal,
        misdeal_pass=card.misdeal_may_pass,
        ultimo_forfeit=card.ultimo_forfeit,
        cup_fine=card.cup_fine,
    )


def fine_choices(card: RateCard) -> list[tuple[str, str]]:
    """The fines the table's rate card knows, with their amount per cup, then "anden bøde" (custom,
    any card). The misdeal fine is left out: a misdeal is recorded as the deal's kind (README)."""
    known = [k for k in FineKind if k in card.fines and k not in (FineKind.MISDEAL, FineKind.CUSTOM)]
    return ([("", "—")] + [(k.value, f"{fine_name(k)} ({card.fines[k]})") for k in known]
            + [(FineKind.CUSTOM.value, fine_name(FineKind.CUSTOM))])


def _fates(discarded: bool = False) -> list[tuple[str, str]]:
    """The fates of the pagat or a king; ``discarded`` (the pagat in the dealer's discard) only
    where the card allows it (docs/rules/grosstarock.md §2)."""
    return [(value, str(name)) for value, name in FATE_NAMES.items() if discarded or value != "discarded"]


def meld_choices(card: RateCard = VLK) -> list:
    """The quick picker: every meld the card pays as one option of one select, in optgroups
    (docs/rules/danish.md §3.1, docs/rules/grosstarock.md §2.1): taroks with and without the pagat (10–22; on a card
    whose taroks meld says the scies too, with and without each), matadors (3–22), then per group
    (the kings, if the card knows them as a group, and each suit) sprøjte (if the card pays it),
    hele and every halve with the card it misses; then honours (3–7), four of a rank and ladons
    (16–25) where the card pays them."""
    def options(codes):
        return [(code, meld_code_text(code)) for code in codes]
    offered = card_offer(card)
    kinds = offered.melds
    taroks = range(card.taroks_min, card.taroks_max + 1)
    groups: list = [("", "—")]
    if MeldKind.TAROKS in kinds and offered.taroks_scies:
        groups += [(label, options(f"taroks:{n}:{p}:{sc}" for n in taroks)) for p, sc, label in TAROKS_SCIES_GROUPS]
    elif MeldKind.TAROKS in kinds:
        groups += [(_("Taroks med pagat"), options(f"taroks:{n}:1" for n in taroks)),
                   (_("Taroks uden pagat"), options(f"taroks:{n}:0" for n in taroks))]
    if MeldKind.MATADORS in kinds:
        groups.append((_("Matadorer"), options(f"matadors:{n}" for n in range(card.matadors_min,
                                                                              card.matadors_max + 1))))
    whole = [k for k in (MeldKind.OVERFULL, MeldKind.FULL) if k in kinds]
    half = MeldKind.HALF in kinds
    if offered.kings_group and (whole or half):
        groups.append((_("Konger"), options([f"{k.value}:kings" for k in whole]
                                            + ([f"half:kings:{s.value}" for s in Suit] if half else []))))
    if whole or half:
        for s in Suit:
            groups.append((str(SUIT_NAMES[s]).capitalize(), options(
                [f"{k.value}:{s.value}" for k in whole] + ([f"half:{s.value}:{c.value}" for c in Court] if half else []))))
    if MeldKind.HONOURS in kinds:
        groups.append((_("Honnører"), options(f"honours:{n}" for n in range(HONOURS_MIN, HONOURS_MAX + 1))))
    if MeldKind.FOUR in kinds:
        groups.append((_("Fire ens"), options(f"four:{r.value}" for r in Rank)))
    if MeldKind.LADONS in kinds:
        groups.append((_("Ladoner"), options(f"ladons:{n}" for n in range(LADONS_MIN, LADONS_MAX + 1))))
    return groups


def meld_from_code(code: str, player: str) -> dict:
    """The meld object of docs/format.md for a quick-picker option (``taroks:11:1``, ``half:hearts:queen``;
    ``taroks:11:1:0`` with the scies flag, ``honours:4``, ``four:queens``, ``ladons:17``)."""
    parts = code.split(":")
    if parts[0] == "taroks":
        meld = {"player": player, "kind": "taroks", "count": int(parts[1])}
        if parts[2] != "-":   # ``-``: the pagat not said (a card where it is optional)
            meld["pagat"] = parts[2] == "1"
        if len(parts) > 3:
            meld["scies"] = parts[3] == "1"
        return meld
    if parts[0] in ("matadors", "honours", "ladons"):
        return {"player": player, "kind": parts[0], "count": int(parts[1])}
    meld = {"player": player, "kind": parts[0], "group": parts[1]}
    if parts[0] == "half":
        meld["missing"] = parts[2]
    return meld


def meld_to_code(meld: dict) -> str:
    return meld_code(meld)


def count_field(player: str) -> str:
    """Form field of a player's count: named like the engine's field path, ``counts.<name>``."""
    return f"counts.{player}"


def _trick_field(label) -> CountField:
    """Before which trick an announcement was made: a number; its range is the engine's to judge
    (docs/rules/grosstarock.md §2: a vole 1–20, a nolo 1–13), in its words."""
    return CountField(label=label, required=False, widget=CountInput(attrs={"class": "trick"}))


class DealForm(FamilyDealForm):
    """One deal at a table of ``players`` (seat order), built for the three active players of the
    chosen dealer (docs/rules/danish.md §1). ``to_outcome()`` gives the deal object of docs/format.md, which the
    engine then validates (docs/rules/danish.md §5) and settles: the form itself judges only its own widgets
    (a choice it does not offer, a number that is not one, a meld row half filled). When it refuses
    one, ``clean()`` runs the engine on the rest as well, so every problem shows at once, each next to
    its field; a count's range is the engine's to judge.

    Person fields accept any player at the table, so that a sitter-out who was picked before the
    dealer changed gets the engine's own message ("Carl sidder over i dette spil") next to the
    field; only the active players are offered. Counts are keyed by player name, never by position,
    so a count can never land on the wrong player.
    """

    kind = forms.ChoiceField(label=_("Spillet"), widget=forms.RadioSelect, initial="played")
    family_name = "danish"

    def __init__(self, players: tuple[str, ...], *args, dealer: str | None = None, card: RateCard = VLK, **kwargs):
        super().__init__(players, *args, dealer=dealer, card=card, **kwargs)   # seated (docs/rules/danish.md §1)
        self.offer = offer = card_offer(self.card)
        self.meld_rows: list[int] = []   # form row of melds[i] (i 1-based), as submitted; set by to_outcome
        self.fine_rows: list[int] = []
        self.cup_fine_rows_sent: list[int] = []

        active = self.seats.active
        self.fields["kind"].choices = [("played", _("spillet")), ("misdeal", _("fejlgivning")),
                                       ("scrapped", _("kasseret"))] + ([("redeal", _("givet om"))] if offer.redeal else [])

        def person(name: str, label, blank: bool = True, radio: bool = False, named=None, belongs=(),
                   attrs=None, **extra) -> None:
            """A field of one active player; ``named``: what the phone calls it when it clears it
            (the label unless given), ``belongs``: the fields cleared with it (family_forms.player_attrs)."""
            choices = [(p, p) for p in active]
            posted = self.data.get(name) if self.is_bound else None
            if posted in self.players and posted not in active:
                choices.append((posted, _("%(name)s (sidder over)") % {"name": posted}))
            if blank:
                choices = [("", "—")] + choices
            widget = (forms.RadioSelect if radio else OptionsSelect)(
                attrs=attrs or player_attrs(named or label, belongs=belongs))
            self.fields[name] = forms.ChoiceField(label=label, choices=choices, widget=widget, required=False, **extra)

        if offer.redeal:   # docs/rules/danish.md §7.4: who asked for the free redeal (optional)
            person("asked_by", _("Bad om ny give"))
        if offer.misdeal_pass:   # the dealer lets the misdeal pass instead of paying its fine
            self.fields["passed"] = forms.BooleanField(label=_("Giveren lader fejlgivningen gå videre (ingen bøde)"),
                                                       required=False)
        if offer.ultimo_forfeit:   # players whose ultimo is lost without a fine (an active player each)
            self.fields["ultimo_forfeited"] = forms.MultipleChoiceField(
                label=_("Ultimo mistet uden bøde"), required=False,
                choices=[(p, p) for p in active] + [(p, _("%(name)s (sidder over)") % {"name": p})
                                                    for p in self._posted_list("ultimo_forfeited")
                                                    if p in self.players and p not in active],
                widget=forms.CheckboxSelectMultiple(attrs=player_attrs(_("Ultimo mistet uden bøde"))))
        person("pagat_owner", _("Pagat hos"), blank=False, radio=True)
        self.fields["pagat_fate"] = forms.ChoiceField(label=_("Pagat"), choices=_fates(offer.pagat_discarded),
                                                      widget=forms.RadioSelect, initial="home", required=False)
        # The kings' fates: optional rows (VLK), all four required as chips with "hjem" pre-set
        # (a card paying every king, docs/rules/grosstarock.md §2), or none (a card refusing them).
        required = offer.kings == "required"
        for suit in Suit if offer.kings != "refused" else ():
            owner = _("%(s)s konge hos") % {"s": SUIT_NAMES[suit]}
            person(f"king_{suit.value}_owner", owner, blank=not required, radio=required,
                   named=str(owner).capitalize(), belongs=(f"king_{suit.value}_fate",))
            self.fields[f"king_{suit.value}_fate"] = forms.ChoiceField(
                label=_("%(s)s konge") % {"s": SUIT_NAMES[suit]}, required=False,
                choices=_fates() if required else [("", "—")] + _fates(),
                widget=forms.RadioSelect if required else OptionsSelect, initial="home" if required else None)
        person("last_trick", _("Sidste stik"), blank=False, radio=True)
        if offer.tout:
            person("tout", "Tout")
        person("nolo", "Nolo")
        if offer.counts_after_nolo:   # the count fields stay after a nolo (the css hides them for #id_nolo)
            self.fields["nolo"].widget.attrs["id"] = "id_nolo_counted"
        if offer.failed_tout:   # only cards that know a failed tout (aeldre1900, grosstarock)
            person("failed_tout", _("Tabt tout"))
        if offer.announcements:   # docs/rules/grosstarock.md §2: a vole and nolos announced before a trick
            person("announced_vole_player", _("Meldt vole"), belongs=("announced_vole_before_trick",))
            self.fields["announced_vole_before_trick"] = _trick_field(_("før stik"))
            for i in range(1, ANNOUNCE_ROWS + 1):
                person(f"announced_nolo_{i}_player", _("Meldt nolo"), named=f"{_('Meldt nolo')} {i}",
                       belongs=(f"announced_nolo_{i}_before_trick",))
                self.fields[f"announced_nolo_{i}_before_trick"] = _trick_field(_("før stik"))

        # Counts: one number per active player; a sitter-out only when a count was posted for him.
        posted_counts = [p for p in self.players if p not in active and self.is_bound
                         and str(self.data.get(count_field(p), "")).strip()]
        self.count_players = (*active, *posted_counts)
        for i, player in enumerate(self.count_players):
            is_active = player in active
            self.fields[count_field(player)] = CountField(
                label=player, required=False,   # its range is the engine's (count_range), in its words
                widget=CountInput(attrs={
                    # The ids follow the order of play (forehand, middlehand, dealer): #id_count_0 …
                    "id": f"id_count_{i}" if is_active else f"id_count_out_{self.players.index(player)}",
                    "placeholder": " ", "class": "active-count" if is_active else "out-count",
                    "data-label": _("Tælling")}))
        # the derived count goes back to the seating's default, unnamed (as ``carry_over`` does)
        person("derived", _("Udregnes"), initial=self.seats.default_derived,
               attrs=player_attrs(seat_default="default_derived"))

        for i in range(1, MELD_ROWS + 1):
            person(f"meld_{i}_player", _("Melder"), named=f"{_('Melding')} {i}", belongs=(f"meld_{i}_kind",))
            self.fields[f"meld_{i}_kind"] = forms.ChoiceField(label=_("Melding"), choices=meld_choices(card),
                                                              required=False, widget=OptionsSelect)
        fine_kinds = fine_choices(card)
        for i in range(1, FINE_ROWS + 1):
            person(f"fine_{i}_player", _("Bødelagt"), named=f"{_('Bøde')} {i}",
                   belongs=(f"fine_{i}_kind", f"fine_{i}_amount"))
            self.fields[f"fine_{i}_kind"] = forms.ChoiceField(label=_("Bøde"), choices=fine_kinds, required=False,
                                                              widget=OptionsSelect)
            self.fields[f"fine_{i}_amount"] = CountField(
                label=self.fine_amount_label, required=False, min_value=FINE_AMOUNT_MIN,
                max_value=FINE_AMOUNT_MAX)
        # docs/rules/danish.md §7.4: who replaces which cup's contents, into the cup or to whom
        for i in range(1, CUP_FINE_ROWS + 1) if offer.cup_fine else ():
            person(f"cup_fine_{i}_player", _("Erstatter"))
            self.fields[f"cup_fine_{i}_cup"] = forms.ChoiceField(
                label=_("Kop"), required=False, widget=OptionsSelect,
                choices=[("", "—"), *((cup, str(word)) for cup, word in CUP_DEFINITE.items())])
            to = [(p, _("til %(name)s") % {"name": p}) for p in active]
            posted = self.data.get(f"cup_fine_{i}_to") if self.is_bound else None
            if posted in self.players and posted not in active:
                to.append((posted, _("%(name)s (sidder over)") % {"name": posted}))
            self.fields[f"cup_fine_{i}_to"] = forms.ChoiceField(
                label=_("Modtager"), required=False, widget=OptionsSelect, choices=[("", _("i koppen")), *to])

    def _posted_list(self, name: str) -> list[str]:
        return list(self.data.getlist(name)) if self.is_bound and hasattr(self.data, "getlist") else []

    # Layout helpers for the template ----------------------------------------------------------
    @property
    def fine_amount_label(self):
        """A custom fine's amount: per cup (VLK), or to each other active player on a cupless card
        (docs/rules/grosstarock.md §1)."""
        return _("point pr. kop") if self.offer.fines_into_cups else _("point til hver")

    def count_rows(self):
        """(bound field, active?) per count input: the active players, then posted sitters-out."""
        return [(self[count_field(p)], p in self.seats.active) for p in self.count_players]

    def king_rows(self):
        return [(str(SUIT_NAMES[s]).capitalize(), self[f"king_{s.value}_owner"], self[f"king_{s.value}_fate"])
                for s in Suit if f"king_{s.value}_owner" in self.fields]

    def announce_rows(self):
        """(row, player field, before-trick field) per announced nolo row."""
        return [(i, self[f"announced_nolo_{i}_player"], self[f"announced_nolo_{i}_before_trick"])
                for i in range(1, ANNOUNCE_ROWS + 1) if f"announced_nolo_{i}_player" in self.fields]

    def meld_row_fields(self):
        return [(i, self[f"meld_{i}_player"], self[f"meld_{i}_kind"]) for i in range(1, MELD_ROWS + 1)]

    def fine_row_fields(self):
        return [(i, self[f"fine_{i}_player"], self[f"fine_{i}_kind"], self[f"fine_{i}_amount"])
                for i in range(1, FINE_ROWS + 1)]

    def cup_fine_rows(self):
        """(row, who, which cup, to whom) per row of a cup's contents replaced (docs/rules/danish.md §7.4)."""
        return [(i, self[f"cup_fine_{i}_player"], self[f"cup_fine_{i}_cup"], self[f"cup_fine_{i}_to"])
                for i in range(1, CUP_FINE_ROWS + 1) if f"cup_fine_{i}_player" in self.fields]

    def _value(self, name: str):
        return self.data.get(name) if self.is_bound else self.initial.get(name)

    def _open(self, names) -> bool:
        """A collapsed section opens when one of its fields holds a value or an error."""
        return any(self._value(n) not in (None, "") or n in self.errors for n in names)

    @property
    def melds_open(self) -> bool:
        return self._open(n for i in range(1, MELD_ROWS + 1) for n in (f"meld_{i}_player", f"meld_{i}_kind"))

    @property
    def kings_open(self) -> bool:
        return self._open(f"king_{s.value}_{part}" for s in Suit for part in ("owner", "fate"))

    @property
    def tout_nolo_open(self) -> bool:
        return self._open(("tout", "nolo", "failed_tout", "ultimo_forfeited"))

    @property
    def announced_open(self) -> bool:
        return self._open(n for n in self.fields if n.startswith(("announced_vole_", "announced_nolo_")))

    @property
    def fines_open(self) -> bool:
        return self._open([f"fine_{i}_{part}" for i in range(1, FINE_ROWS + 1) for part in ("player", "kind", "amount")]
                          + [n for n in self.fields if n.startswith("cup_fine_")])

    @property
    def derived_shown(self) -> bool:
        """Whether the derived select shows without the css rule (all three counted, or an error)."""
        return "derived" in self.errors or all(
            str(self._value(count_field(p)) or "").strip() for p in self.seats.active)

    # Building the deal object -----------------------------------------------------------------
    def check_deal(self, data: dict) -> None:
        for i in range(1, MELD_ROWS + 1):
            if bool(data.get(f"meld_{i}_player")) != bool(data.get(f"meld_{i}_kind")):
                self.add_error(f"meld_{i}_kind", _("Vælg både melder og melding."))
        for i in range(1, FINE_ROWS + 1):
            if bool(data.get(f"fine_{i}_player")) != bool(data.get(f"fine_{i}_kind")):
                self.add_error(f"fine_{i}_kind", _("Vælg både spiller og bøde."))
        for i in range(1, CUP_FINE_ROWS + 1 if self.offer.cup_fine else 1):
            player, cup = data.get(f"cup_fine_{i}_player"), data.get(f"cup_fine_{i}_cup")
            if bool(player) != bool(cup) or (data.get(f"cup_fine_{i}_to") and not player):
                self.add_error(f"cup_fine_{i}_cup", _("Vælg både hvem der erstatter og hvilken kop."))
        if data.get("kind") == "played":
            for suit in Suit:
                owner, fate = data.get(f"king_{suit.value}_owner"), data.get(f"king_{suit.value}_fate")
                if f"king_{suit.value}_owner" not in self.fields or bool(owner) == bool(fate):
                    continue
                if not (self.offer.kings == "required" and not owner):   # a missing king: the engine's
                    self.add_error(f"king_{suit.value}_fate", _("Vælg både hvem og hvad."))
            for player, trick in self._announcement_fields():
                if data.get(player) and data.get(trick) is None and trick not in self._errors:
                    self.add_error(trick, _("Skriv før hvilket stik."))
                elif data.get(trick) is not None and not data.get(player) and player not in self._errors:
                    self.add_error(player, _("Vælg hvem der meldte."))
        if self._errors and not {"dealer", "kind"} & set(self._errors):
            # Not only the form's own problems first and the rules' after they are fixed: the engine
            # judges what the form could read, and its problems join the form's (docs/rules/danish.md §5).
            self.add_engine_problems(self.engine_problems())

    def _announcement_fields(self) -> list[tuple[str, str]]:
        """(player field, before-trick field) of the announced vole and each announced nolo row."""
        rows = [(f"announced_nolo_{i}_player", f"announced_nolo_{i}_before_trick") for i in range(1, ANNOUNCE_ROWS + 1)]
        return [pair for pair in [("announced_vole_player", "announced_vole_before_trick"), *rows]
                if pair[0] in self.fields]

    def engine_problems(self, number: int = 1) -> list[Problem]:
        """The engine's problems with the deal as far as the form reads it (docs/rules/danish.md §5): the fields
        the form refused are left out of the deal object; the reader sees the table's card (a card decides
        whether a taroks meld must say ``pagat``)."""
        try:
            deal = interchange.parse_deal(self.to_outcome(), number, self.card)
        except EveningError as exc:
            return list(exc.problems)
        return validate_deal(self.players, number, deal, self.card)

    def _skip_problem(self, found: Problem) -> bool:
        """The derived player's problem is left out when a count was refused: the engine saw one
        count fewer than was typed, and the count's own message says what is wrong."""
        return (found.field or "") == "derived" and any(name.startswith("counts.") for name in self._errors)

    def _message(self, found: Problem) -> str:
        return found.message(engine_language())

    def to_outcome(self) -> dict:
        """The deal object of docs/format.md; the engine validates it (docs/rules/danish.md §5). Call after is_valid().

        A scrapped deal carries only dealer, kind and fines, a misdeal only dealer and kind (its
        fine is implied, docs/rules/danish.md §4), a nolo no counts (§3.3.6); the fields that do not apply are
        hidden then. Meld and fine rows are taken in form order, skipping empty rows; ``meld_rows``
        and ``fine_rows`` remember which form row each list item came from. Fields the form refused
        are left out (``cleaned_data`` lacks them): the engine then judges the rest."""
        data = self.cleaned_data
        outcome: dict = {"dealer": self.seats.dealer}
        kind = data.get("kind") or "played"
        if kind != "played":
            outcome["kind"] = kind
        if kind == "redeal":   # docs/rules/danish.md §7.4: the dealer and who asked, nothing else
            if data.get("asked_by"):
                outcome["asked_by"] = data["asked_by"]
            self.meld_rows, self.fine_rows, self.announce_rows_sent, self.cup_fine_rows_sent = [], [], [], []
            return outcome
        if kind == "misdeal" and data.get("passed"):
            outcome["passed"] = True
        self.meld_rows, self.fine_rows, self.announce_rows_sent, self.cup_fine_rows_sent = [], [], [], []
        if kind == "played":
            melds = []
            for i in range(1, MELD_ROWS + 1):
                if data.get(f"meld_{i}_player") and data.get(f"meld_{i}_kind"):
                    melds.append(meld_from_code(data[f"meld_{i}_kind"], data[f"meld_{i}_player"]))
                    self.meld_rows.append(i)
            if melds:
                outcome["melds"] = melds
            if data.get("pagat_owner"):
                outcome["pagat"] = {"owner": data["pagat_owner"], "fate": data.get("pagat_fate") or "home"}
            kings = {s.value: {"owner": data[f"king_{s.value}_owner"], "fate": data[f"king_{s.value}_fate"]}
                     for s in Suit if data.get(f"king_{s.value}_owner") and data.get(f"king_{s.value}_fate")}
            if kings:
                outcome["kings"] = kings
            for name in ("last_trick", "tout", "nolo", "failed_tout"):
                if data.get(name):
                    outcome[name] = data[name]
            if data.get("ultimo_forfeited"):
                outcome["ultimo_forfeited"] = list(data["ultimo_forfeited"])
            cup_fines = []
            for i in range(1, CUP_FINE_ROWS + 1 if self.offer.cup_fine else 1):
                if data.get(f"cup_fine_{i}_player") and data.get(f"cup_fine_{i}_cup"):
                    cup_fines.append({"player": data[f"cup_fine_{i}_player"], "cup": data[f"cup_fine_{i}_cup"],
                                      **({"to": data[f"cup_fine_{i}_to"]} if data.get(f"cup_fine_{i}_to") else {})})
                    self.cup_fine_rows_sent.append(i)
            if cup_fines:
                outcome["cup_fines"] = cup_fines
            if data.get("announced_vole_player") and data.get("announced_vole_before_trick") is not None:
                outcome["announced_vole"] = {"player": data["announced_vole_player"],
                                             "before_trick": data["announced_vole_before_trick"]}
            announced = []
            for i in range(1, ANNOUNCE_ROWS + 1):
                player, trick = data.get(f"announced_nolo_{i}_player"), data.get(f"announced_nolo_{i}_before_trick")
                if player and trick is not None:
                    announced.append({"player": player, "before_trick": trick})
                    self.announce_rows_sent.append(i)
            if announced:
                outcome["announced_nolo"] = announced
            # No counting after a nolo (docs/rules/danish.md §3.3.6; a card that counts after one says so): the
            # count fields are hidden then, and what was typed in them before is not sent on.
            no_counting = bool(data.get("nolo")) and not self.offer.counts_after_nolo
            counts = {p: data[count_field(p)] for p in self.count_players
                      if data.get(count_field(p)) is not None and not no_counting}
            if counts:
                outcome["counts"] = counts
            if data.get("derived") and len(counts) == 3:
                outcome["derived"] = data["derived"]
        fines = []
        # A misdeal has only its own fine (docs/rules/danish.md §4), unless the card lets it carry others.
        for i in range(1, FINE_ROWS + 1 if kind != "misdeal" or self.offer.misdeal_fines else 1):
            if data.get(f"fine_{i}_player") and data.get(f"fine_{i}_kind"):
                fine = {"player": data[f"fine_{i}_player"], "kind": data[f"fine_{i}_kind"]}
                if fine["kind"] == FineKind.CUSTOM.value and data.get(f"fine_{i}_amount") is not None:
                    fine["amount"] = data[f"fine_{i}_amount"]
                fines.append(fine)
                self.fine_rows.append(i)
        if fines:
            outcome["fines"] = fines
        return outcome

    def field_for(self, path: str) -> str | None:
        """The form field an engine field path belongs to (``pagat.owner``, ``kings.hearts.fate``,
        ``counts.Bent``, ``melds[2].count`` → the second non-empty meld row), or None."""
        if path in self.fields and not path.startswith(("meld_", "fine_", "king_", "announced_")):
            return path  # dealer, kind, last_trick, tout, nolo, derived, counts.<name>, asked_by, passed
        if path.startswith("ultimo_forfeited") and "ultimo_forfeited" in self.fields:
            return "ultimo_forfeited"
        head, _dot, rest = path.partition(".")
        if head.startswith("cup_fines") and "cup_fine_1_player" in self.fields:
            try:
                row = self.cup_fine_rows_sent[int(head[len("cup_fines["):-1]) - 1] if head != "cup_fines" else 1
            except (ValueError, IndexError):
                return None
            return f"cup_fine_{row}_{rest if rest in ('cup', 'to') else 'player'}"
        if head == "announced_vole" and "announced_vole_player" in self.fields:
            return "announced_vole_before_trick" if rest == "before_trick" else "announced_vole_player"
        if head.startswith("announced_nolo[") and head.endswith("]"):
            try:
                row = self.announce_rows_sent[int(head[len("announced_nolo["):-1]) - 1]
            except (ValueError, IndexError):
                return None
            return f"announced_nolo_{row}_{'before_trick' if rest == 'before_trick' else 'player'}"
        for prefix, rows in (("melds[", self.meld_rows), ("fines[", self.fine_rows)):
            if head.startswith(prefix) and head.endswith("]"):
                try:
                    row = rows[int(head[len(prefix):-1]) - 1]
                except (ValueError, IndexError):
                    return None
                if prefix == "melds[":
                    return f"meld_{row}_player" if rest == "player" else f"meld_{row}_kind"
                return {"player": f"fine_{row}_player", "amount": f"fine_{row}_amount"}.get(rest, f"fine_{row}_kind")
        if head == "pagat":
            return "pagat_fate" if rest == "fate" else "pagat_owner"
        if head == "kings" and rest:
            suit, _dot, part = rest.partition(".")
            name = f"king_{suit}_{'fate' if part == 'fate' else 'owner'}"
            return name if name in self.fields else None
        return None

    def field_label(self, name: str) -> str:
        """What the scorekeeper calls a form field: "Tælling Bent", "Melding 2", "Pagat hos" …"""
        if name not in self.fields:
            return ""
        label = str(self.fields[name].label)
        if name.startswith("counts."):
            return f"{_('Tælling')} {label}"
        if name.startswith("announced_nolo_"):   # "Meldt nolo 2", "Meldt nolo 2: før stik"
            row = name.split("_")[2]
            return f"{_('Meldt nolo')} {row}" + (f": {_('før stik')}" if name.endswith("before_trick") else "")
        if name == "announced_vole_before_trick":
            return f"{_('Meldt vole')}: {_('før stik')}"
        if name.startswith("cup_fine_"):   # "Erstatter 1", "Kop 1", "Modtager 1"
            return f"{label} {name.split('_')[2]}"
        if name.startswith(("meld_", "fine_")):
            return f"{label} {name.split('_')[1]}"
        return label

    def label_for(self, path: str) -> str:
        """The label of the field an engine path belongs to (for the preview's problem list)."""
        if path == "counts" or path.startswith("counts."):
            return self.field_label(path) or str(_("Tælling"))
        name = self.field_for(path)
        return self.field_label(name) if name else path

    def problem_list(self) -> list[tuple[str, str]]:
        """(label, message) of every error on the form, in the order the fields are shown, for the
        preview: the top's first, then each field's, the counts' own after the count fields."""
        found = [("", str(e)) for e in self.non_field_errors()]
        counts = [count_field(p) for p in self.count_players]
        shown = ["dealer", "kind", "asked_by", "passed", *(n for n in self.fields if n.startswith("meld_")),
                 "pagat_owner", "pagat_fate", *(n for n in self.fields if n.startswith("king_")), "last_trick", "tout",
                 "nolo", "failed_tout", "ultimo_forfeited",
                 *(n for n in self.fields if n.startswith("announced_")),
                 *counts, "derived", *(n for n in self.fields if n.startswith(("fine_", "cup_fine_")))]
        shown += [n for n in self.errors if n not in shown and n != "__all__"]
        for name in shown:
            found += [(self.field_label(name), str(e)) for e in self.errors.get(name, [])]
            if name == counts[-1]:
                found += [(str(_("Tælling")), e) for e in self.section_errors.get("counts", [])]
        return found


def initial_from_outcome(players: tuple[str, ...], outcome: dict, version: int) -> tuple[str, dict]:
    """Form initial values for correcting a recorded deal (its stored docs/format.md object)."""
    dealer = outcome["dealer"]
    initial: dict = {"version": version, "kind": outcome.get("kind", "played"), "dealer": dealer}
    if "pagat" in outcome:
        initial["pagat_owner"] = outcome["pagat"]["owner"]
        initial["pagat_fate"] = outcome["pagat"]["fate"]
    for suit, fate in outcome.get("kings", {}).items():
        initial[f"king_{suit}_owner"] = fate["owner"]
        initial[f"king_{suit}_fate"] = fate["fate"]
    for name in ("last_trick", "tout", "nolo", "failed_tout", "derived", "asked_by", "passed", "ultimo_forfeited"):
        if name in outcome:
            initial[name] = outcome[name]
    vole = outcome.get("announced_vole")
    if vole:
        initial["announced_vole_player"] = vole["player"]
        initial["announced_vole_before_trick"] = vole["before_trick"]
    for i, announced in enumerate(outcome.get("announced_nolo", [])[:ANNOUNCE_ROWS], 1):
        initial[f"announced_nolo_{i}_player"] = announced["player"]
        initial[f"announced_nolo_{i}_before_trick"] = announced["before_trick"]
    for player, count in outcome.get("counts", {}).items():
        initial[count_field(player)] = count
    for i, meld in enumerate(outcome.get("melds", [])[:MELD_ROWS], 1):
        initial[f"meld_{i}_player"] = meld["player"]
        initial[f"meld_{i}_kind"] = meld_to_code(meld)
    for i, fine in enumerate(outcome.get("fines", [])[:FINE_ROWS], 1):
        initial[f"fine_{i}_player"] = fine["player"]
        initial[f"fine_{i}_kind"] = fine["kind"]
        if "amount" in fine:
            initial[f"fine_{i}_amount"] = fine["amount"]
    for i, cup_fine in enumerate(outcome.get("cup_fines", [])[:CUP_FINE_ROWS], 1):
        initial[f"cup_fine_{i}_player"] = cup_fine["player"]
        initial[f"cup_fine_{i}_cup"] = cup_fine["cup"]
        if "to" in cup_fine:
            initial[f"cup_fine_{i}_to"] = cup_fine["to"]
    return dealer, initial


def carry_over(form_data, players: tuple[str, ...], dealer: str) -> tuple[dict, list[tuple[str, list[str]]]]:
    """What the scorekeeper had typed, for the form rebuilt around another dealer: every value that
    is still valid with the new active players, and what was cleared. A
    sitter-out's pick or count is dropped with what belongs to it (a king's fate, a meld, a fine);
    the derived player goes back to the default. The cleared fields are named per player who now
    sits out, in the form's order: ``[("Carl", ["Pagat hos", "Tælling", "Melding 2"])]``."""
    active = set(seating(players, dealer).active)
    initial = {name: form_data.get(name) for name in form_data
               if name not in ("dealer", "version", "derived", "csrfmiddlewaretoken")
               and form_data.get(name) not in (None, "")}
    cleared: dict[str, list[str]] = {}

    def clear(player: str, label) -> None:
        cleared.setdefault(player, []).append(str(label))

    singles = (("pagat_owner", _("Pagat hos")), ("last_trick", _("Sidste stik")), ("tout", "Tout"),
               ("nolo", "Nolo"), ("failed_tout", _("Tabt tout")))
    for name, label in singles:
        if name in initial and initial[name] not in active:
            clear(initial.pop(name), label)
    pairs = [(f"king_{s.value}_owner", (f"king_{s.value}_fate",), _("%(s)s konge hos") % {"s": SUIT_NAMES[s]})
             for s in Suit]
    pairs += [(f"meld_{i}_player", (f"meld_{i}_kind",), f"{_('Melding')} {i}") for i in range(1, MELD_ROWS + 1)]
    pairs += [(f"fine_{i}_player", (f"fine_{i}_kind", f"fine_{i}_amount"), f"{_('Bøde')} {i}")
              for i in range(1, FINE_ROWS + 1)]
    pairs += [(f"cup_fine_{i}_player", (f"cup_fine_{i}_cup", f"cup_fine_{i}_to"), f"{_('Erstatter')} {i}")
              for i in range(1, CUP_FINE_ROWS + 1)]
    pairs.append(("announced_vole_player", ("announced_vole_before_trick",), _("Meldt vole")))
    pairs += [(f"announced_nolo_{i}_player", (f"announced_nolo_{i}_before_trick",), f"{_('Meldt nolo')} {i}")
              for i in range(1, ANNOUNCE_ROWS + 1)]
    for owner, belonging, label in pairs:
        if owner in initial and initial[owner] not in active:
            clear(initial[owner], str(label).capitalize())
            for name in (owner, *belonging):
                initial.pop(name, None)
    if hasattr(form_data, "getlist") and form_data.getlist("ultimo_forfeited"):   # a list: every box ticked
        kept = [p for p in form_data.getlist("ultimo_forfeited") if p in active]
        for player in form_data.getlist("ultimo_forfeited"):
            if player not in active:
                clear(player, _("Ultimo mistet uden bøde"))
        initial.pop("ultimo_forfeited", None)
        if kept:
            initial["ultimo_forfeited"] = kept
    for i in range(1, CUP_FINE_ROWS + 1):   # the one a cup was to go to now sits out: into the cup
        if initial.get(f"cup_fine_{i}_to") not in (None, *active):
            clear(initial.pop(f"cup_fine_{i}_to"), f"{_('Modtager')} {i}")
    if initial.get("asked_by") not in (None, *active):
        clear(initial.pop("asked_by"), _("Bad om ny give"))
    for name in [n for n in initial if n.startswith("counts.")]:
        player = name[len("counts."):]
        if player not in active:
            del initial[name]
            if player in players:
                clear(player, _("Tælling"))
    return initial, [(p, cleared[p]) for p in players if p in cleared]


class ClubCardForm(CardForm):
    """A club's copy of a Danish card (the club card page, ``TableFamily.card_form``): the amounts
    and yes/no rules ``rates.CARD_EDITABLE`` lets a club change, each amount a multiple of the
    card's jeton, and the fines; the engine's ``RateCard.from_dict`` has the last word and its
    message is shown next to the field it names."""

    multiples = True

    def __init__(self, base: dict, *args, **kwargs):
        super().__init__(base, *args, **kwargs)
        for name in CARD_EDITABLE_AMOUNTS:
            if base.get(name) is None:
                continue
            self.fields[name] = forms.IntegerField(label=name.replace("_", " "), min_value=0,
                                                   max_value=bounds.CARD_AMOUNT_MAX, initial=base[name])
        for kind, amount in base["fines"].items():
            self.fields[f"fine_{kind}"] = forms.IntegerField(label=f"{gettext('bøde')}: {kind}", min_value=0,
                                                             max_value=bounds.CARD_AMOUNT_MAX, initial=amount)
        for flag in CARD_EDITABLE_FLAGS:
            self.fields[flag] = forms.BooleanField(label=flag.replace("_", " "), required=False, initial=base[flag])

    def clean(self):
        """Every amount a multiple of the card's smallest jeton: 5 (1 only on a card paid in
        1-point jetons, like aeldre1900's point-for-point counting)."""
        data = super().clean()
        jeton = self.base.get("jeton", 5)
        for name, value in list(data.items()):
            if isinstance(value, int) and not isinstance(value, bool) and value % jeton:
                self.add_error(name, gettext("Skal være et multiplum af %(n)s.") % {"n": jeton})
        return data

    def card_data(self, name: str) -> dict:
        data = dict(self.base, name=name, title=self.cleaned_data["title"])
        for field in self.fields:
            if field.startswith("fine_"):
                data["fines"] = {**data["fines"], field[5:]: self.cleaned_data[field]}
            elif field != "title":
                data[field] = self.cleaned_data[field]
        return data
