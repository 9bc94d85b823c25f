"""Rate cards: every number of RULES.md lives here, once.

A ``RateCard`` is pure data. The VLK card is the default; other cards (issue 7) are further
instances of the same dataclass, never code branches elsewhere.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from .model import FineKind, Group, MeldKind


@dataclass(frozen=True)
class RateCard:
    name: str
    title: str

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
    pagat_ultimo_each: int = 45
    king_ultimo_each: int = 40
    pagat_bagud_each: int = 45
    king_bagud_each: int = 40
    last_trick_each: int = 20
    nolo_each: int = 25

    # Counting (RULES.md §3.3.6, booklet §9f): par, band width and points per band
    count_par: int = 26
    count_band: int = 5
    count_points_per_band: int = 5
    count_total: int = 78

    # Fines per cup (RULES.md §4); custom fines carry their own amount
    fines: Mapping[FineKind, int] = field(
        default_factory=lambda: MappingProxyType(
            {
                FineKind.CUP_NOT_MOVED: 5,
                FineKind.MISDEAL: 5,
                FineKind.WRONG_CARD_COUNT: 40,
                FineKind.FALSE_MELD: 10,
                FineKind.MISSED_MELD: 10,
                FineKind.MELD_BEFORE_DEALER: 20,
                FineKind.OUT_OF_TURN: 20,
                FineKind.FALSE_SCIES_CALL: 20,
            }
        )
    )

    def meld_price(self, kind: MeldKind, count: int | None = None) -> int:
        """Price of a meld, paid from each other active player (RULES.md §3.1)."""
        if kind is MeldKind.TAROKS:
            return self.taroks_base + self.taroks_step * (count - self.taroks_min)
        if kind is MeldKind.MATADORS:
            return self.matadors_base + self.matadors_step * (count - self.matadors_min)
        return {MeldKind.OVERFULL: self.overfull, MeldKind.FULL: self.full, MeldKind.HALF: self.half}[kind]

    def count_value(self, count: int) -> int:
        """Points for a count: ``5 × round((c − 26)/5)`` in whole integers (RULES.md §3.3.6).

        The difference to par is an integer, so it never falls on a half band; integer floor
        division with half a band added is exact rounding.
        """
        offset = count - self.count_par
        return self.count_points_per_band * ((offset + self.count_band // 2) // self.count_band)

    def fine_per_cup(self, kind: FineKind, amount: int | None = None) -> int:
        """What a fine costs per cup (RULES.md §4): the card's amount, or the custom amount."""
        if kind is FineKind.CUSTOM:
            return amount
        return self.fines[kind]


VLK = RateCard(name="vlk", title="VLK (Vestre Landsdelskommandos Tarokklub)")

#: The rate cards the engine knows, by the name an evening file's ``rules`` field uses.
RATE_CARDS: Mapping[str, RateCard] = MappingProxyType({VLK.name: VLK})
DEFAULT_RATE_CARD = VLK


def rate_card(name: str) -> RateCard:
    """The card named ``name``; KeyError for an unknown name."""
    return RATE_CARDS[name]
