"""The Karlsruhe rate card (docs/rules/karlsruhe.md §8): every number of the rules lives here, once.

A ``RateCard`` is pure data; a club's copy may change any number. It is checked when it is made
(``ValueError`` naming the field). ``to_dict`` gives §8's JSON shape and ``from_dict`` reads it
back: every key required and no other, texts non-empty, numbers whole and 0 or more, so that an old
evening re-settles with the numbers it was played with.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

from scoring.engine.cards import check_card, exact_keys, pair
from .model import BIRDS, Bonus, Game, KontraLevel

#: The §8 JSON keys of each group and the card's field of each.
_GAME_KEYS = tuple(g.value for g in Game)
_BIRD_KEYS = ("canari", "uhu", "pagat")
_SILENT_KEYS = ("trull", "four_kings")
_KONTRA_KEYS = tuple(k.value for k in KontraLevel)
_SCALARS = ("king_caught", "win_above", "schneider_max", "schneider", "radl", "misdeal_fine")
#: The top-level keys of §8, in its order.
CARD_KEYS = ("name", "title", "game", "bonus", "silent_bonus", "king_caught", "win_above", "schneider_max",
             "schneider", "valat", "kontra", "radl", "misdeal_fine")


@dataclass(frozen=True)
class RateCard:
    name: str
    title: str
    # §2: a game's value b
    koenigsrufer: int = 2      # T1
    solorufer: int = 4         # T2
    dreier: int = 8            # T5, T8
    sechserbock: int = 8       # T4, T7
    bettel_ouvert: int = 12    # T6
    fahrer: int = 2            # T3
    # §4: the birds, (silent, announced)
    canari: tuple[int, int] = (10, 20)
    uhu: tuple[int, int] = (8, 16)
    pagat: tuple[int, int] = (6, 12)
    # §4: silent only
    trull: int = 2
    four_kings: int = 2
    king_caught: int = 2       # §4, T9 "2-2"
    # §3, §5.1: thirds
    win_above: int = 105       # the declarers win with more than this (§S "35 Punkte + 1 Blatt")
    schneider_max: int = 52    # a losing side counting this or less is Schneider
    schneider: int = 2         # m of §5.5
    valat: tuple[int, int] = (8, 16)   # §5.2 m: silent, announced
    # §5.3: each word doubles
    kontra: int = 2
    re: int = 4
    sub: int = 8
    hirsch: int = 16
    radl: int = 2              # §5.4 R
    misdeal_fine: int = 0      # §7, paid by the dealer to each other player at the table

    def __post_init__(self) -> None:
        for name in ("canari", "uhu", "pagat", "valat"):   # a list read from JSON becomes a pair
            value = getattr(self, name)
            if isinstance(value, list):
                object.__setattr__(self, name, tuple(value))
        _check(self)

    # The rules as arithmetic ------------------------------------------------------------------

    def game_value(self, game: Game) -> int:
        """``b`` of §2 / §5.5."""
        return getattr(self, _FIELD[game])

    def bonus_value(self, bonus: Bonus, announced: bool) -> int:
        """``a`` of §4 / §5.5: a bird's silent or announced value, Trull's and four kings' silent one."""
        if bonus in BIRDS:
            return getattr(self, _FIELD[bonus])[1 if announced else 0]
        return getattr(self, _FIELD[bonus])

    def valat_factor(self, announced: bool) -> int:
        """``m`` of a Valat (§5.2): silent × 8, announced × 16."""
        return self.valat[1 if announced else 0]

    def kontra_factor(self, level: KontraLevel | None) -> int:
        """``k`` of §5.3: 1 without a word, else the last word's factor."""
        return 1 if level is None else getattr(self, _FIELD[level])

    # Plain data ---------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """§8's JSON shape."""
        return {
            "name": self.name,
            "title": self.title,
            "game": {key: getattr(self, key) for key in _GAME_KEYS},
            "bonus": {key: list(getattr(self, key)) for key in _BIRD_KEYS},
            "silent_bonus": {key: getattr(self, key) for key in _SILENT_KEYS},
            "king_caught": self.king_caught,
            "win_above": self.win_above,
            "schneider_max": self.schneider_max,
            "schneider": self.schneider,
            "valat": list(self.valat),
            "kontra": {key: getattr(self, key) for key in _KONTRA_KEYS},
            "radl": self.radl,
            "misdeal_fine": self.misdeal_fine,
        }

    @classmethod
    def from_dict(cls, data: Any) -> "RateCard":
        """The card of ``to_dict``'s shape (§8). Every key is required and no other is allowed, at
        every level; ``ValueError`` ("field: message") names the first field that is wrong."""
        top = exact_keys(data, "", CARD_KEYS)
        values: dict[str, Any] = {"name": top["name"], "title": top["title"]}
        for group, keys in (("game", _GAME_KEYS), ("silent_bonus", _SILENT_KEYS), ("kontra", _KONTRA_KEYS)):
            values.update(exact_keys(top[group], group, keys))
        for key, value in exact_keys(top["bonus"], "bonus", _BIRD_KEYS).items():
            values[key] = pair(value, f"bonus.{key}", _PAIR_WORDS)
        values["valat"] = pair(top["valat"], "valat", _PAIR_WORDS)
        for key in _SCALARS:
            values[key] = top[key]
        return cls(**values)


_PAIR_WORDS = "[silent, announced]"

#: The card's field of each game, bonus and kontra word (its ``value``), read once: a member's
#: ``value`` is a Python-level property, read for every item of every deal.
_FIELD: Mapping[Game | Bonus | KontraLevel, str] = MappingProxyType(
    {member: member.value for kind in (Game, Bonus, KontraLevel) for member in kind})

#: The JSON path of each field of the card (for messages).
_FIELD_PATH = {
    **{key: f"game.{key}" for key in _GAME_KEYS}, **{key: f"bonus.{key}" for key in _BIRD_KEYS},
    **{key: f"silent_bonus.{key}" for key in _SILENT_KEYS}, **{key: f"kontra.{key}" for key in _KONTRA_KEYS},
}


def _check(card: RateCard) -> None:
    """Texts non-empty, numbers whole and 0 or more (§8); ``ValueError`` naming the first field."""
    check_card(card, _FIELD_PATH, lambda where: _PAIR_WORDS)


#: The built-in card (§8).
KARLSRUHE = RateCard(name="karlsruhe", title="Tarock (Karlsruhe)")

RATE_CARDS: Mapping[str, RateCard] = MappingProxyType({card.name: card for card in (KARLSRUHE,)})
DEFAULT_RATE_CARD = KARLSRUHE


def rate_card(name: str) -> RateCard:
    """The built-in card called ``name``; ``KeyError`` if there is none."""
    return RATE_CARDS[name]
