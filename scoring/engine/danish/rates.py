"""Rate cards: every number of RULES.md lives here, once.

A ``RateCard`` is pure data. The VLK card is the default; the other cards (issue 7, documented
amount by amount with their sources in docs/rate-cards.md) are further instances of the same
dataclass, never code branches elsewhere: the engine reads every difference off the card.

A card is checked when it is made (``ValueError`` naming the field), so that no card the engine
sees can carry a negative amount or a payment its jetons cannot make. ``to_dict`` / ``from_dict``
turn a card into a plain JSON-able dict and back (for club-defined copies of a card).
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, Mapping

from .model import FineKind, MeldKind

#: The smallest jeton a card may declare: 5 (RULES.md: the club plays with jetons of 5, 10, 20,
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


@dataclass(frozen=True)
class RateCard:
    name: str
    title: str
    #: The smallest jeton (one of ``JETONS``): every amount below is a multiple of it, so every
    #: payment of the card is too (custom fines aside).
    jeton: int = 5

    # Cups (RULES.md §2, booklet §3b, §6, §9b NB)
    opening_per_cup: int = 20        # every player at the table into each cup at the start
    dealer_fee_per_cup: int = 5      # the dealer into each cup, every deal
    refund_per_player: int = 20      # every player into a cup left empty after a deal
    split_unit: int = 5              # cup shares are rounded down to this (§12 Decision)

    # Melds (RULES.md §3.1, booklet §4 and §15), paid from each other active player
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

    # During play (RULES.md §3.2, booklet §8)
    pagat_home_each: int = 5
    pagat_lost_each: int = 5
    pagat_lost_cup: int = 5
    king_lost_each: int = 5
    king_lost_cup: int = 5

    # End of play (RULES.md §3.3, booklet §9)
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

    # Counting (RULES.md §3.3.6, booklet §9f): par, band width and points per band. A count c is
    # worth ``count_points_per_band × round((c − count_par) / count_band)``; band 1 and 1 point
    # per band is point-for-point counting (c − 26), which needs a card in 1-point jetons.
    count_par: int = 26
    count_band: int = 5
    count_points_per_band: int = 5
    count_total: int = 78

    # Fines per cup (RULES.md §4); custom fines carry their own amount. The card accepts only
    # the kinds it lists (and ``custom``).
    fines: Mapping[FineKind, int] = field(default_factory=lambda: _VLK_FINES)
    #: A player fined one of these kinds in a deal cannot ultimo in it (RULES.md §3.3.2).
    ultimo_blocking_fines: frozenset[FineKind] = _VLK_ULTIMO_BLOCKING

    def __post_init__(self) -> None:
        fines = self.fines
        if isinstance(fines, Mapping):  # a private read-only copy: the card stays immutable
            object.__setattr__(self, "fines", MappingProxyType(dict(fines)))
        if isinstance(self.ultimo_blocking_fines, (set, frozenset, list, tuple)):
            object.__setattr__(self, "ultimo_blocking_fines", frozenset(self.ultimo_blocking_fines))
        _check(self)

    def __hash__(self) -> int:
        return hash(tuple(
            frozenset(value.items()) if f.name == "fines" else value
            for f in fields(self) for value in (getattr(self, f.name),)))

    # The rules as arithmetic ------------------------------------------------------------------

    def meld_price(self, kind: MeldKind, count: int | None = None) -> int:
        """Price of a meld, paid from each other active player (RULES.md §3.1)."""
        if kind is MeldKind.TAROKS:
            return self.taroks_base + self.taroks_step * (count - self.taroks_min)
        if kind is MeldKind.MATADORS:
            return self.matadors_base + self.matadors_step * (count - self.matadors_min)
        return getattr(self, _GROUP_MELD_FIELD[kind])

    def count_value(self, count: int) -> int:
        """Points for a count: ``5 × round((c − 26)/5)`` in whole integers (RULES.md §3.3.6).

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
        """What a fine costs per cup (RULES.md §4): the card's amount, or the custom amount."""
        if kind is FineKind.CUSTOM:
            return amount
        return self.fines[kind]

    @property
    def has_cups(self) -> bool:
        """Whether the card plays with the two cups at all: it puts something into them (the
        opening, the dealer's fee, re-funding, a lost pagat or king). A card that never does has
        no cups to show or share."""
        return any((self.opening_per_cup, self.dealer_fee_per_cup, self.refund_per_player, self.pagat_lost_cup,
                    self.king_lost_cup))

    def blocks_ultimo(self, kind: FineKind) -> bool:
        """A fine of this kind costs its player the right to ultimo in that deal."""
        return kind in self.ultimo_blocking_fines

    # Plain data ---------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain JSON-able data; fines keyed by the kind's value."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "fines":
                value = {kind.value: amount for kind, amount in sorted(value.items(), key=_enum_order)}
            elif f.name == "ultimo_blocking_fines":
                value = [kind.value for kind in sorted(value, key=_kind_order)]
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Any) -> "RateCard":
        """The card of ``to_dict``'s shape. Every key is required and no other is allowed;
        ``ValueError`` names the first field that is wrong."""
        if not isinstance(data, Mapping):
            raise ValueError("a rate card must be an object")
        names = [f.name for f in fields(cls)]
        for key in data:
            if key not in names:
                raise ValueError(f"{key}: unknown field")
        for name in names:
            if name not in data:
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
        return cls(**values)


#: The field of a card that prices a group meld, by kind (RULES.md §3.1).
_GROUP_MELD_FIELD = {MeldKind.OVERFULL: "overfull", MeldKind.FULL: "full", MeldKind.HALF: "half"}


#: Points paid: non-negative integers, multiples of the card's jeton.
_AMOUNTS = (
    "count_points_per_band", "opening_per_cup", "dealer_fee_per_cup", "refund_per_player",
    "taroks_base", "taroks_step", "matadors_base", "matadors_step", "overfull", "full", "half",
    "pagat_home_each", "pagat_lost_each", "pagat_lost_cup", "king_lost_each", "king_lost_cup",
    "tout_each", "failed_tout_each", "pagat_ultimo_each", "king_ultimo_each", "pagat_bagud_each",
    "king_bagud_each", "last_trick_each", "nolo_each",
)
_FLAGS = ("failed_tout_doubles_cups", "last_trick_needs_honours_fallen")


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
    if not isinstance(card.ultimo_blocking_fines, frozenset):
        raise ValueError("ultimo_blocking_fines: must be a set of fine kinds")
    for kind in card.ultimo_blocking_fines:
        if kind not in card.fines:
            raise ValueError(f"ultimo_blocking_fines: {getattr(kind, 'value', kind)} is not a fine on the card")


VLK = RateCard(name="vlk", title="VLK (Vestre Landsdelskommandos Tarokklub)")

#: Dansk Tarokforbund's 2011 rules as summarised in the German Wikipedia ("Dänischer Tarok"):
#: VLK's card but for the tout, 80 from each (plus both cups). docs/rate-cards.md.
DTF2011 = RateCard(
    name="dtf2011",
    title="Dansk Tarokforbund 2011",
    tout_each=80,
)

#: The older Danish rule book (seeds/tarok-aeldre-regelbog.da.txt): point-for-point counting,
#: nolo 26, tout 95, a failed tout costs 95 to each, the last trick 10 and only when the pagat and
#: all kings have fallen, and its own fines. docs/rate-cards.md gives every line it comes from.
AELDRE1900 = RateCard(
    name="aeldre1900",
    title="Ældre dansk regelbog (ca. 1900)",
    jeton=1,
    tout_each=95,
    failed_tout_each=95,
    failed_tout_doubles_cups=False,   # issue 7: "costs 95 to each"; the seed could be read as the cups too
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

#: The rate cards the engine knows, by the name an evening file's ``rules`` field uses.
RATE_CARDS: Mapping[str, RateCard] = MappingProxyType({card.name: card for card in (VLK, DTF2011, AELDRE1900)})
DEFAULT_RATE_CARD = VLK


def rate_card(name: str) -> RateCard:
    """The card named ``name``; KeyError for an unknown name."""
    return RATE_CARDS[name]
