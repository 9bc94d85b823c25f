"""Rate cards: every number of docs/rules/danish.md lives here, once.

A ``RateCard`` is pure data. The VLK card is the default; the other cards (documented
amount by amount with their sources in docs/rate-cards.md) are further instances of the same
dataclass, never code branches elsewhere: the engine reads every difference off the card.

A card is checked when it is made (``ValueError`` naming the field), so that no card the engine
sees can carry a negative amount or a payment its jetons cannot make. ``to_dict`` / ``from_dict``
turn a card into a plain JSON-able dict and back (for club-defined copies of a card).
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any, Mapping

from .model import FineKind, MeldKind

#: The smallest jeton a card may declare: 5 (docs/rules/danish.md: the club plays with jetons of 5, 10, 20,
#: 100), or 1 (the older rule book's jetons of 1, 5, 10, 50, 100, which its point-for-point
#: counting and its nolo of 26 need). Every amount of a card is a multiple of its jeton.
JETONS = (5, 1)

_VLK_FINES: Mapping[FineKind, int] = MappingProxyType({
    FineKind.CUP_NOT_MOVED: 5,
    FineKind.MISDEAL: 5,
    FineKind.WRONG_CARD_COUNT: 40,
    FineKind.FALSE_MELD: 10,
    FineKind.MISSED_MELD: 10,
    FineKind.MELD_BEFORE_DEALER: 20,
    FineKind.OUT_OF_TURN: 20,
    FineKind.FALSE_SCIES_CALL: 20,
})
_VLK_ULTIMO_BLOCKING = frozenset(k for k in FineKind if k.blocks_ultimo)
#: The meld kinds of the Danish cards (docs/rules/danish.md §3.1).
_DANISH_MELDS = frozenset({MeldKind.TAROKS, MeldKind.MATADORS, MeldKind.OVERFULL, MeldKind.FULL, MeldKind.HALF})


@dataclass(frozen=True)
class RateCard:
    name: str
    title: str
    #: The smallest jeton (one of ``JETONS``): every amount below is a multiple of it, so every
    #: payment of the card is too (custom fines aside).
    jeton: int = 5

    # Cups (docs/rules/danish.md §2, booklet §3b, §6, §9b NB)
    opening_per_cup: int = 20        # every player at the table into each cup at the start
    dealer_fee_per_cup: int = 5      # the dealer into each cup, every deal
    refund_per_player: int = 20      # every player into a cup left empty after a deal
    split_unit: int = 5              # cup shares are rounded down to this (§12 Decision)

    # Melds (docs/rules/danish.md §3.1, booklet §4 and §15), paid from each other active player
    taroks_min: int = 10
    taroks_max: int = 22
    taroks_base: int = 10            # for the minimum count
    taroks_step: int = 5             # per tarok above it
    matadors_min: int = 3
    matadors_max: int = 22
    matadors_base: int = 10
    matadors_step: int = 5
    overfull: int = 15
    full: int = 10
    half: int = 5

    # During play (docs/rules/danish.md §3.2, booklet §8)
    pagat_home_each: int = 5
    pagat_lost_each: int = 5
    pagat_lost_cup: int = 5
    king_lost_each: int = 5
    king_lost_cup: int = 5

    # End of play (docs/rules/danish.md §3.3, booklet §9)
    tout_each: int = 85
    #: A tout tried and lost (``Deal.failed_tout``): paid to each other active player. ``None``:
    #: the card knows no failed tout and a deal recording one is rejected.
    failed_tout_each: int | None = None
    #: A failed tout also puts the cups' contents (the snapshot K and P) into them, like a bagud.
    failed_tout_doubles_cups: bool = False
    pagat_ultimo_each: int = 45
    king_ultimo_each: int = 40
    pagat_bagud_each: int = 45
    king_bagud_each: int = 40
    last_trick_each: int = 20
    #: The last trick is paid only when the pagat and every king fell before it: a deal in which
    #: the pagat or a king was played to the last trick (ultimo or bagud) pays no last trick.
    last_trick_needs_honours_fallen: bool = False
    nolo_each: int = 25

    # Counting (docs/rules/danish.md §3.3.6, booklet §9f): par, band width and points per band. A count c is
    # worth ``count_points_per_band × round((c − count_par) / count_band)``; band 1 and 1 point
    # per band is point-for-point counting (c − 26), which needs a card in 1-point jetons.
    count_par: int = 26
    count_band: int = 5
    count_points_per_band: int = 5
    count_total: int = 78

    # Fines per cup (docs/rules/danish.md §4); custom fines carry their own amount. The card accepts only
    # the kinds it lists (and ``custom``).
    fines: Mapping[FineKind, int] = field(default_factory=lambda: _VLK_FINES)
    #: A player fined one of these kinds in a deal cannot ultimo in it (docs/rules/danish.md §3.3.2).
    ultimo_blocking_fines: frozenset[FineKind] = _VLK_ULTIMO_BLOCKING

    # The old German cards (docs/rules/grosstarock.md). Each default is the Danish cards'
    # rule, and a card stored before these keys existed reads as that (``NEW_KEYS``).
    #: The most players at the table (docs/rules/danish.md §1: 5; docs/rules/grosstarock.md §1: "3 or 4").
    max_players: int = 5
    #: Fines are paid by the fined player to each other active player, not into the cups (§1).
    fines_to_players: bool = False
    #: A misdeal deal may carry other fines besides the misdeal fine ("pays only its fines", §1).
    misdeal_other_fines: bool = False
    #: The meld kinds the card knows (§2.1); any other is a problem at ``melds[i].kind``.
    meld_kinds: frozenset[MeldKind] = _DANISH_MELDS
    #: ``full``/``half`` of the group ``kings`` ("4 Könige" / "3 Könige", 1754); else suits only.
    king_melds: bool = True
    #: A taroks meld may leave out ``pagat`` (1754: the seed asks no "with/without").
    taroks_pagat_optional: bool = False
    #: A taroks meld says ``scies`` true/false ("muss angeben, ob Sküs oder Pagat gehalten werden").
    taroks_scies: bool = False
    honours_base: int = 0            # for 3 honours ("Drei oder mehr Könige ... 5 + 5")
    honours_step: int = 0            # per honour above 3
    four: int = 0                    # "Vier Damen, Vier Kavaliere, Vier Buben ... 5"
    ladons_base: int = 0             # for 16 ladons ("Sechzehn oder mehr Ladons ... 15 + 5")
    ladons_step: int = 0             # per ladon above 16
    #: The kings' fates: ``optional`` (a king not listed came home), ``required`` (all four suits)
    #: or ``refused`` (the card pays nothing for a king).
    king_fates: str = "optional"
    king_home_each: int = 0          # a king that won a trick before the last, from each
    #: The dealer may discard the pagat (fate ``discarded``: it pays nothing).
    pagat_discard: bool = False
    #: The card knows the tout (all tricks); ``False``: a deal recording one is refused.
    tout_recorded: bool = True
    #: A tout or a nolo never voids an ultimo ("nothing voids an ultimo", §3).
    ultimo_always: bool = False
    #: Counting goes on after a nolo (1754: its nolo is the 4-point excuse rule, §3).
    count_after_nolo: bool = False
    #: The nolo holds the scies at the end (1754: "keine Stiche ... aber am Ende die Excuse").
    nolo_holds_scies: bool = False
    #: The dealer (discarder) counts at least 1, his discard, also after another's tout (§4).
    discarder_counts: bool = False
    #: A player who took no trick may count 0 without a nolo (1754, §4); else only a tout's opponent.
    count_zero_without_trick: bool = False
    #: §5's "one card, one holder" in full: the taroks a player holds, the honours, 40 ladons in
    #: the deck and 25 cards in a hand (else docs/rules/danish.md §5's checks of the Danish cards).
    hands_checked: bool = False
    #: The card records an announced vole and announced nolos (§2, §3).
    announcements: bool = False
    vole_before_1_each: int = 0      # announced vole before trick 1: won from / failed to each
    vole_before_13_each: int = 0     # before tricks 2-13
    vole_before_20_each: int = 0     # before tricks 14-20
    nolo_before_1_each: int = 0      # announced nolo before trick 1, won, from each
    nolo_before_13_each: int = 0     # before tricks 2-13
    nolo_failed_1_each: int = 0      # announced before trick 1 and failed, to each
    nolo_failed_13_each: int = 0     # before tricks 2-13

    # The rules the Danish texts hold besides (docs/rules/danish.md §7.4). Each default is the
    # old behaviour, so a card stored before these keys existed reads as before (``NEW_KEYS``).
    #: A free redeal (deal kind ``redeal``): a player asks for it (no tarok, or the scies alone),
    #: nothing is paid and the same dealer deals again.
    free_redeal: bool = False
    #: A misdeal may be ``passed``: the dealer lets the deal go on instead of paying the misdeal fine.
    misdeal_may_pass: bool = False
    #: A played deal may name players whose ultimo is forfeited without a fine (``ultimo_forfeited``).
    ultimo_forfeit: bool = False
    #: A played deal may make a player replace a cup's contents, into the cup or to the player
    #: whose ultimo he prevented (``cup_fines``; the older rule book, SPILLET l. 189–203).
    cup_fine: bool = False

    def __post_init__(self) -> None:
        fines = self.fines
        if isinstance(fines, Mapping):  # a private read-only copy: the card stays immutable
            object.__setattr__(self, "fines", MappingProxyType(dict(fines)))
        if isinstance(self.ultimo_blocking_fines, (set, frozenset, list, tuple)):
            object.__setattr__(self, "ultimo_blocking_fines", frozenset(self.ultimo_blocking_fines))
        if isinstance(self.meld_kinds, (set, frozenset, list, tuple)):
            object.__setattr__(self, "meld_kinds", frozenset(self.meld_kinds))
        _check(self)

    def __hash__(self) -> int:
        return hash(tuple(
            frozenset(value.items()) if f.name == "fines" else value
            for f in fields(self) for value in (getattr(self, f.name),)))

    # The rules as arithmetic ------------------------------------------------------------------

    def meld_price(self, kind: MeldKind, count: int | None = None) -> int:
        """Price of a meld, paid from each other active player (docs/rules/danish.md §3.1)."""
        if kind is MeldKind.TAROKS:
            return self.taroks_base + self.taroks_step * (count - self.taroks_min)
        if kind is MeldKind.MATADORS:
            return self.matadors_base + self.matadors_step * (count - self.matadors_min)
        field = _GROUP_MELD_FIELD.get(kind)
        if field is not None:
            return getattr(self, field)
        if kind is MeldKind.HONOURS:   # docs/rules/grosstarock.md §3: 3 -> 5, +5 (7 -> 25)
            return self.honours_base + self.honours_step * (count - HONOURS_MIN)
        return self.ladons_base + self.ladons_step * (count - LADONS_MIN)   # 16 -> 15, +5

    def vole_each(self, before_trick: int) -> int:
        """An announced vole, by the trick it was announced before (docs/rules/grosstarock.md §3:
        1 / 2-13 / 14-20)."""
        if before_trick <= 1:
            return self.vole_before_1_each
        return self.vole_before_13_each if before_trick <= 13 else self.vole_before_20_each

    def announced_nolo_each(self, before_trick: int, won: bool) -> int:
        """An announced nolo, won (from each) or failed (to each): before trick 1 / 2-13 (§3)."""
        if won:
            return self.nolo_before_1_each if before_trick <= 1 else self.nolo_before_13_each
        return self.nolo_failed_1_each if before_trick <= 1 else self.nolo_failed_13_each

    def count_value(self, count: int) -> int:
        """Points for a count: ``5 × round((c − 26)/5)`` in whole integers (docs/rules/danish.md §3.3.6).

        The difference to par is an integer and the band is odd, so it never falls on a half
        band; integer floor division with half a band added is exact rounding. With a band of 1
        and 1 point per band this is ``c − 26``: point-for-point counting.
        """
        offset = count - self.count_par
        return self.count_points_per_band * ((offset + self.count_band // 2) // self.count_band)

    @property
    def point_for_point(self) -> bool:
        """The card counts point for point (``c − par``) instead of in bands."""
        return self.count_band == 1 and self.count_points_per_band == 1

    def accepts_fine(self, kind: FineKind) -> bool:
        """The card knows this fine kind (``custom`` is accepted by every card)."""
        return kind is FineKind.CUSTOM or kind in self.fines

    def fine_per_cup(self, kind: FineKind, amount: int | None = None) -> int:
        """What a fine costs per cup (docs/rules/danish.md §4): the card's amount, or the custom amount."""
        if kind is FineKind.CUSTOM:
            return amount
        return self.fines[kind]

    @property
    def has_cups(self) -> bool:
        """Whether the card plays with the two cups at all: it puts something into them (the
        opening, the dealer's fee, re-funding, a lost pagat or king) or its fines go into them. A
        card that never does has no cups to show or share (docs/rules/grosstarock.md §1)."""
        return not self.fines_to_players or any((self.opening_per_cup, self.dealer_fee_per_cup,
                                                 self.refund_per_player, self.pagat_lost_cup, self.king_lost_cup))

    @property
    def cupless(self) -> bool:
        """Nothing ever enters a cup (``has_cups`` false): its entries have no pots, ``"cups": {}``
        in every row."""
        return not self.has_cups

    def blocks_ultimo(self, kind: FineKind) -> bool:
        """A fine of this kind costs its player the right to ultimo in that deal."""
        return kind in self.ultimo_blocking_fines

    # Plain data ---------------------------------------------------------------------------------

    def to_dict(self, *, every_key: bool = False) -> dict[str, Any]:
        """Every field as plain JSON-able data; fines keyed by the kind's value, meld kinds a list.

        A key of ``NEW_KEYS`` is left out while it holds the old behaviour (its default), unless
        ``every_key``: a Danish card reads and writes exactly as before the old German cards came, in the database
        and in files."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if not every_key and f.name in NEW_KEYS and value == NEW_KEYS[f.name]:
                continue
            if f.name == "fines":
                value = {kind.value: amount for kind, amount in sorted(value.items(), key=_enum_order)}
            elif f.name == "ultimo_blocking_fines":
                value = [kind.value for kind in sorted(value, key=_kind_order)]
            elif f.name == "meld_kinds":
                value = [kind.value for kind in MeldKind if kind in value]
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Any) -> "RateCard":
        """The card of ``to_dict``'s shape. Every key is required but those of ``NEW_KEYS`` (a
        missing one is the old behaviour, as before the old German cards came) and no other is allowed;
        ``ValueError`` names the first field that is wrong."""
        if not isinstance(data, Mapping):
            raise ValueError("a rate card must be an object")
        names = [f.name for f in fields(cls)]
        for key in data:
            if key not in names:
                raise ValueError(f"{key}: unknown field")
        for name in names:
            if name not in data and name not in NEW_KEYS:
                raise ValueError(f"{name}: required")
        values = dict(data)
        raw_fines = values["fines"]
        if not isinstance(raw_fines, Mapping):
            raise ValueError("fines: must be an object of fine kind to points per cup")
        fines: dict[FineKind, int] = {}
        for key, amount in raw_fines.items():
            fines[_fine_kind(key, f"fines.{key}")] = amount
        values["fines"] = fines
        raw_blocking = values["ultimo_blocking_fines"]
        if not isinstance(raw_blocking, list):
            raise ValueError("ultimo_blocking_fines: must be a list of fine kinds")
        values["ultimo_blocking_fines"] = frozenset(
            _fine_kind(key, f"ultimo_blocking_fines[{i}]") for i, key in enumerate(raw_blocking, 1))
        if "meld_kinds" in values:
            raw_kinds = values["meld_kinds"]
            if not isinstance(raw_kinds, list):
                raise ValueError("meld_kinds: must be a list of meld kinds")
            kinds = set()
            for i, key in enumerate(raw_kinds, 1):
                if not isinstance(key, str) or key not in {k.value for k in MeldKind}:
                    raise ValueError(f"meld_kinds[{i}]: unknown meld kind {key!r}")
                kinds.add(MeldKind(key))
            values["meld_kinds"] = frozenset(kinds)
        return cls(**values)


#: The field of a card that prices a meld of one fixed price, by kind (docs/rules/danish.md §3.1,
#: docs/rules/grosstarock.md §3).
_GROUP_MELD_FIELD = {MeldKind.OVERFULL: "overfull", MeldKind.FULL: "full", MeldKind.HALF: "half",
                     MeldKind.FOUR: "four"}
#: The deck's bounds of the counted melds of docs/rules/grosstarock.md §2.1: honours are 3-7 of the
#: seven (pagat, scies, tarok 21, four kings); ladons 16-25 of the 40 numeral cards.
HONOURS_MIN, HONOURS_MAX = 3, 7
LADONS_MIN, LADONS_MAX = 16, 25
LADONS_IN_DECK = 40
#: ``king_fates`` values.
KING_FATES = ("optional", "required", "refused")


#: A custom fine, points per cup (the deal form's amount field; docs/rules/danish.md §4 "anden bøde").
FINE_AMOUNT_MIN = 1
FINE_AMOUNT_MAX = 10_000
#: The amounts a club may change on its copy of a card (the club card page, each at most
#: ``bounds.CARD_AMOUNT_MAX``); every other field of a club card is its built-in base card's.
CARD_EDITABLE_AMOUNTS = (
    "opening_per_cup", "dealer_fee_per_cup", "refund_per_player", "taroks_base", "taroks_step", "matadors_base",
    "matadors_step", "overfull", "full", "half", "pagat_home_each", "pagat_lost_each", "pagat_lost_cup",
    "king_lost_each", "king_lost_cup", "tout_each", "failed_tout_each", "pagat_ultimo_each", "king_ultimo_each",
    "pagat_bagud_each", "king_bagud_each", "last_trick_each", "nolo_each",
)
#: Yes/no rules a club may switch on its copy.
CARD_EDITABLE_FLAGS = ("failed_tout_doubles_cups", "last_trick_needs_honours_fallen")
#: Besides these, name, title and the fines' amounts: the fields a club card shares with its base.
CARD_EDITABLE = frozenset({"name", "title", "fines", *CARD_EDITABLE_AMOUNTS, *CARD_EDITABLE_FLAGS})


#: Points paid: non-negative integers, multiples of the card's jeton.
_AMOUNTS = (
    "count_points_per_band", "opening_per_cup", "dealer_fee_per_cup", "refund_per_player",
    "taroks_base", "taroks_step", "matadors_base", "matadors_step", "overfull", "full", "half",
    "pagat_home_each", "pagat_lost_each", "pagat_lost_cup", "king_lost_each", "king_lost_cup",
    "tout_each", "failed_tout_each", "pagat_ultimo_each", "king_ultimo_each", "pagat_bagud_each",
    "king_bagud_each", "last_trick_each", "nolo_each",
    "honours_base", "honours_step", "four", "ladons_base", "ladons_step", "king_home_each",
    "vole_before_1_each", "vole_before_13_each", "vole_before_20_each", "nolo_before_1_each", "nolo_before_13_each",
    "nolo_failed_1_each", "nolo_failed_13_each",
)
_FLAGS = ("failed_tout_doubles_cups", "last_trick_needs_honours_fallen",
          "fines_to_players", "misdeal_other_fines", "king_melds", "taroks_pagat_optional", "taroks_scies",
          "pagat_discard", "tout_recorded", "ultimo_always", "count_after_nolo", "nolo_holds_scies",
          "discarder_counts", "count_zero_without_trick", "hands_checked", "announcements",
          "free_redeal", "misdeal_may_pass", "ultimo_forfeit", "cup_fine")


def _enum_order(item: tuple[FineKind, int]) -> int:
    return _kind_order(item[0])


def _kind_order(kind: FineKind) -> int:
    return list(FineKind).index(kind)


def _fine_kind(key: Any, where: str) -> FineKind:
    if not isinstance(key, str) or key not in {k.value for k in FineKind}:
        raise ValueError(f"{where}: unknown fine kind {key!r}")
    kind = FineKind(key)
    if kind is FineKind.CUSTOM:
        raise ValueError(f"{where}: a custom fine carries its own amount and is not on a card")
    return kind


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _amount(name: str, value: Any, jeton: int) -> None:
    if not _is_int(value) or value < 0:
        raise ValueError(f"{name}: must be a whole number of points, 0 or more (got {value!r})")
    if value % jeton:
        raise ValueError(f"{name}: must be a multiple of {jeton}, the card's jeton (got {value})")


def _whole(name: str, value: Any, low: int, high: int | None = None) -> None:
    if not _is_int(value) or value < low or (high is not None and value > high):
        bound = f"between {low} and {high}" if high is not None else f"{low} or more"
        raise ValueError(f"{name}: must be a whole number {bound} (got {value!r})")


def _check(card: RateCard) -> None:
    """Every rule a card must keep; ``ValueError`` naming the first field that breaks one."""
    for name in ("name", "title"):
        value = getattr(card, name)
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"{name}: must be a non-empty text")
    if not _is_int(card.jeton) or card.jeton not in JETONS:
        raise ValueError(f"jeton: must be 5 or 1 (got {card.jeton!r})")
    for name in _AMOUNTS:
        value = getattr(card, name)
        if name == "failed_tout_each" and value is None:
            continue
        _amount(name, value, card.jeton)
    for name in _FLAGS:
        if not isinstance(getattr(card, name), bool):
            raise ValueError(f"{name}: must be true or false")
    if card.failed_tout_doubles_cups and card.failed_tout_each is None:
        raise ValueError("failed_tout_doubles_cups: needs failed_tout_each")
    _whole("split_unit", card.split_unit, 1)
    _amount("split_unit", card.split_unit, card.jeton)
    # Meld ranges: there are 22 taroks (the scies counts), and matadors start at 3.
    _whole("taroks_min", card.taroks_min, 1, 22)
    _whole("taroks_max", card.taroks_max, card.taroks_min, 22)
    _whole("matadors_min", card.matadors_min, 3, 22)
    _whole("matadors_max", card.matadors_max, card.matadors_min, 22)
    # Counting: the deck, its par and an odd band (no count can fall on half a band); the points
    # per band are an amount (above): point for point (band 1, 1 point) needs 1-point jetons.
    _whole("count_total", card.count_total, 1)
    _whole("count_par", card.count_par, 0, card.count_total)
    _whole("count_band", card.count_band, 1)
    if card.count_band % 2 == 0:
        raise ValueError(f"count_band: must be odd, so that no count falls on half a band (got {card.count_band})")
    if not isinstance(card.fines, Mapping):
        raise ValueError("fines: must map fine kinds to points per cup")
    for kind, amount in card.fines.items():
        if not isinstance(kind, FineKind) or kind is FineKind.CUSTOM:
            raise ValueError(f"fines.{getattr(kind, 'value', kind)}: not a fine kind a card can list")
        _amount(f"fines.{kind.value}", amount, card.jeton)
    if FineKind.MISDEAL not in card.fines:
        raise ValueError("fines.misdeal: required (a misdeal deal always charges it)")
    _whole("max_players", card.max_players, 3, 5)
    if card.king_fates not in KING_FATES:
        raise ValueError(f"king_fates: must be one of {', '.join(KING_FATES)} (got {card.king_fates!r})")
    if not isinstance(card.meld_kinds, frozenset) or not all(isinstance(k, MeldKind) for k in card.meld_kinds):
        raise ValueError("meld_kinds: must be a set of meld kinds")
    if not isinstance(card.ultimo_blocking_fines, frozenset):
        raise ValueError("ultimo_blocking_fines: must be a set of fine kinds")
    for kind in card.ultimo_blocking_fines:
        if kind not in card.fines:
            raise ValueError(f"ultimo_blocking_fines: {getattr(kind, 'value', kind)} is not a fine on the card")


VLK = RateCard(name="vlk", title="VLK (Vestre Landsdelskommandos Tarokklub)")

#: The keys the old German cards added (docs/rules/grosstarock.md) and their defaults, the Danish cards' rules:
#: a stored card without one of them (``ClubRateCard.data``, ``Table.rate_card_json``, an
#: exported evening's ``rate_card``) reads as before, and ``to_dict`` leaves a key out while it
#: holds its default. docs/rate-cards.md, "Cards stored before issue 15" (the old German cards).
NEW_KEYS: Mapping[str, Any] = MappingProxyType({
    f.name: getattr(VLK, f.name) for f in fields(RateCard)
    if f.name in ("max_players", "fines_to_players", "misdeal_other_fines", "meld_kinds", "king_melds", "taroks_pagat_optional",
                  "taroks_scies", "honours_base", "honours_step", "four", "ladons_base", "ladons_step", "king_fates",
                  "king_home_each", "pagat_discard", "tout_recorded", "ultimo_always", "count_after_nolo",
                  "nolo_holds_scies", "discarder_counts", "count_zero_without_trick", "hands_checked", "announcements",
                  "vole_before_1_each", "vole_before_13_each", "vole_before_20_each", "nolo_before_1_each",
                  "nolo_before_13_each", "nolo_failed_1_each", "nolo_failed_13_each",
                  "free_redeal", "misdeal_may_pass", "ultimo_forfeit", "cup_fine")})

#: Dansk Tarokforbund's 2011 rules as summarised in the German Wikipedia ("Dänischer Tarok"):
#: VLK's card but for the tout, 80 from each (plus both cups). docs/rate-cards.md. Its first
#: edition (``DTF2011_FIRST``) knew neither the pagat laid away nor the free redeal; the card
#: now holds both (docs/rules/danish.md §7.1).
DTF2011_FIRST = RateCard(
    name="dtf2011",
    title="Dansk Tarokforbund 2011",
    tout_each=80,
)
DTF2011 = replace(DTF2011_FIRST, pagat_discard=True, free_redeal=True)

#: The older Danish rule book (seeds/tarok-aeldre-regelbog.da.txt): point-for-point counting,
#: nolo 26, tout 95, a failed tout costs 95 to each, the last trick 10 and only when the pagat and
#: all kings have fallen, and its own fines. docs/rate-cards.md gives every line it comes from.
#: This first edition is how tables seated before docs/rules/danish.md §7.4 keep playing.
AELDRE1900_FIRST = RateCard(
    name="aeldre1900",
    title="Ældre dansk regelbog (ca. 1900)",
    jeton=1,
    tout_each=95,
    failed_tout_each=95,
    failed_tout_doubles_cups=False,
    last_trick_each=10,
    last_trick_needs_honours_fallen=True,
    nolo_each=26,
    count_band=1,
    count_points_per_band=1,
    fines={
        FineKind.CUP_NOT_MOVED: 5,
        FineKind.MISDEAL: 5,
        FineKind.WRONG_CARD_COUNT: 20,
        FineKind.FALSE_MELD: 5,
        FineKind.MISSED_MELD: 5,
        FineKind.MELD_BEFORE_DEALER: 20,
        FineKind.OUT_OF_TURN: 5,
        FineKind.FALSE_SCIES_CALL: 20,
        FineKind.REVOKE: 20,
        FineKind.ILLEGAL_DISCARD: 20,
    },
    ultimo_blocking_fines=frozenset({
        FineKind.FALSE_MELD, FineKind.MISSED_MELD, FineKind.REVOKE, FineKind.WRONG_CARD_COUNT,
    }),
)
#: The corrected card (docs/rules/danish.md §7.2, §7.4): "et tre-mandsspil, der kan spilles af 4"
#: (at most 4), "tabt tout koster det samme" (the cups too, as a bagud), the pagat laid away with
#: the other taroks, the ultimo forfeited without a fine, the dealer letting a misdeal pass, and
#: the free redeal for a player dealt no tarok.
AELDRE1900_SECOND = replace(AELDRE1900_FIRST, max_players=4, failed_tout_doubles_cups=True, pagat_discard=True,
                            free_redeal=True, misdeal_may_pass=True, ultimo_forfeit=True)
#: The card since its second correction (docs/rules/danish.md §7.4): a player whose revoke or wrong
#: cards caused or prevented an ultimo replaces the cup's contents (SPILLET l. 189–203). Its
#: second edition, above, is how tables seated before it keep playing.
AELDRE1900 = replace(AELDRE1900_SECOND, cup_fine=True)

#: Old German tarock (docs/rules/grosstarock.md): the *Regeln bey dem Taroc-Spiele* of 1754 and
#: Dummett's Grosstarock, both as summarised in seeds/grosstarock-wikipedia.de.txt. No cups,
#: 1-point jetons, point-for-point counting, fines from player to player. docs/rate-cards.md
#: gives every amount with its line.
_OLD_GERMAN = dict(
    max_players=4, jeton=1, opening_per_cup=0, dealer_fee_per_cup=0, refund_per_player=0, split_unit=1,
    overfull=0, pagat_lost_cup=0, king_lost_each=5, king_lost_cup=0,
    last_trick_each=0, count_band=1, count_points_per_band=1,
    fines={FineKind.MISDEAL: 0}, ultimo_blocking_fines=frozenset(),
    fines_to_players=True, misdeal_other_fines=True, ultimo_always=True, discarder_counts=True,
    pagat_discard=True,   # "both seeds allow it" (docs/rules/grosstarock.md §2)
    hands_checked=True,
)
TAROC1754 = RateCard(
    name="taroc1754",
    title="Taroc 1754 (Regeln bey dem Taroc-Spiele)",
    **_OLD_GERMAN,
    meld_kinds=frozenset({MeldKind.TAROKS, MeldKind.MATADORS, MeldKind.FULL, MeldKind.HALF}),
    taroks_pagat_optional=True,
    pagat_home_each=0, pagat_lost_each=5, pagat_ultimo_each=10, pagat_bagud_each=10,
    king_fates="refused", king_ultimo_each=0, king_bagud_each=0,
    tout_recorded=False, tout_each=0,
    nolo_each=4, count_after_nolo=True, nolo_holds_scies=True, count_zero_without_trick=True,
)
GROSSTAROCK = RateCard(
    name="grosstarock",
    title="Grosstarock (Dummett)",
    **_OLD_GERMAN,
    meld_kinds=frozenset({MeldKind.TAROKS, MeldKind.MATADORS, MeldKind.FULL, MeldKind.HALF, MeldKind.HONOURS,
                          MeldKind.FOUR, MeldKind.LADONS}),
    king_melds=False, taroks_scies=True,
    honours_base=5, honours_step=5, four=5, ladons_base=15, ladons_step=5,
    pagat_home_each=5, pagat_lost_each=5, pagat_ultimo_each=15, pagat_bagud_each=15,
    king_fates="required", king_home_each=5, king_ultimo_each=10, king_bagud_each=10,
    tout_each=26, failed_tout_each=26, nolo_each=26,
    announcements=True, vole_before_1_each=52, vole_before_13_each=38, vole_before_20_each=31,
    nolo_before_1_each=36, nolo_before_13_each=31, nolo_failed_1_each=10, nolo_failed_13_each=5,
)

#: The rate cards of the Danish game itself, by the name an evening file's ``rules`` field uses.
RATE_CARDS: Mapping[str, RateCard] = MappingProxyType({card.name: card for card in (VLK, DTF2011, AELDRE1900)})
#: The old German cards the family also settles (docs/rules/grosstarock.md).
OLD_GERMAN_CARDS: Mapping[str, RateCard] = MappingProxyType({card.name: card for card in (TAROC1754, GROSSTAROCK)})
#: Every built-in card of the family (``FAMILY.rate_cards``): the Danish ones, then the old German.
ALL_RATE_CARDS: Mapping[str, RateCard] = MappingProxyType({**RATE_CARDS, **OLD_GERMAN_CARDS})
DEFAULT_RATE_CARD = VLK
#: Earlier editions of built-in cards (docs/rules/danish.md §7.4): a table keeps the card it was
#: seated with, so an evening of an earlier edition exports with its card embedded, and the
#: import knows it again (matched by its amounts) and the club card page can still base on it.
#: A correction of a built-in card keeps its name: it is the same rule set, not a new one.
EARLIER_EDITIONS: tuple[RateCard, ...] = (DTF2011_FIRST, AELDRE1900_FIRST, AELDRE1900_SECOND)


def rate_card(name: str) -> RateCard:
    """The built-in card named ``name`` (any of ``ALL_RATE_CARDS``); KeyError for an unknown name."""
    return ALL_RATE_CARDS[name]
