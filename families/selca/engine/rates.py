"""The Selca rate card (docs/rules/selca.md §2-§9): every number of the rules lives here, once.

A ``RateCard`` is pure data; a club's copy may change any number. It is checked when it is made
(``ValueError`` naming the field). ``to_dict`` gives the card's JSON shape and ``from_dict`` reads it
back: every key required and no other, texts non-empty, numbers whole and 0 or more (penalties are
amounts, written negative), so that an old evening re-settles with the numbers it was played with.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

from scoring.engine.cards import check_card, exact_keys, pair
from .model import GAME_WORDS, KontraLevel

_GAME_KEYS = tuple(GAME_WORDS[g] for g in (3, 2, 1))
_KONTRA_KEYS = tuple(k.value for k in KontraLevel)
_PAIRS = ("pagat", "valat", "klop")
_SCALARS = ("win_from", "poeni_base", "poeni_step", "game_point", "kavf", "kings", "trula", "renons", "izkupicek_21",
            "full_klop_from", "misdeal", "mondfang", "pagatfonk")
#: The top-level keys of the card's JSON, in order.
CARD_KEYS = ("name", "title", "game", "win_from", "poeni_base", "poeni_step", "game_point", "kavf", "kings", "trula", "pagat",
             "valat", "renons", "kontra", "izkupicek_21", "klop", "full_klop_from", "misdeal", "mondfang",
             "pagatfonk")


@dataclass(frozen=True)
class RateCard:
    name: str
    title: str
    # §3: the multiplier m of each game ("3 … x 1, 2 … x 2, 1 … x 3")
    three: int = 1
    two: int = 2
    one: int = 3
    # §3: the declarer wins with this many thirds or more ("35 in en platelc, ali več")
    win_from: int = 106
    # §3: poeni p = (t - poeni_base) // poeni_step (bands 105-112: 0, 113-127: 1, …)
    poeni_base: int = 98
    poeni_step: int = 15
    game_point: int = 1        # §3: the game itself, won +1, lost -1 ("igra")
    kavf: int = 1              # §3: the lost game's extra point
    kings: int = 1             # §4: all four kings
    trula: int = 1             # §4: škis, mond and pagat
    pagat: tuple[int, int] = (2, 4)    # §4: silent ("polovično"), announced ("dvojno")
    valat: tuple[int, int] = (8, 16)   # §4: silent, announced
    renons: int = 1            # §7: the renons poen
    # §5: each word doubles
    kontra: int = 2
    re: int = 4
    sub: int = 8
    izkupicek_21: int = 63     # §5, §7.3: the opponents below 21 points (thirds) bear the kontra double
    klop: tuple[int, int] = (5, 10)    # §8: plain, full ("polni klop")
    full_klop_from: int = 105  # §8: the loser took this many thirds or more ("zadosti 35")
    misdeal: int = 2           # §9: the dealer's penalty ("zatala")
    mondfang: int = 1          # §4: "kazen mondfang - 1 točko"
    pagatfonk: int = 2         # §4: "z 2 negativnima točkama"

    def __post_init__(self) -> None:
        for name in _PAIRS:   # a list read from JSON becomes a pair
            value = getattr(self, name)
            if isinstance(value, list):
                object.__setattr__(self, name, tuple(value))
        _check(self)

    # The rules as arithmetic ------------------------------------------------------------------

    def multiplier(self, game: int) -> int:
        """``m`` of §3 / §6 for game three, two or one."""
        return getattr(self, GAME_WORDS[game])

    def won(self, count: int) -> bool:
        """The declarer wins with ``win_from`` thirds or more; 35:35 is the opponents' (§3)."""
        return count >= self.win_from

    def poeni(self, winners_count: int) -> int:
        """``p`` of §3 for the winners' count ``t`` (thirds)."""
        return (winners_count - self.poeni_base) // self.poeni_step

    def pagat_value(self, announced: bool) -> int:
        return self.pagat[1 if announced else 0]

    def valat_value(self, announced: bool) -> int:
        return self.valat[1 if announced else 0]

    def kontra_factor(self, level: KontraLevel | None) -> int:
        """``k`` of §5: 1 without a word, else the last word's factor."""
        return 1 if level is None else getattr(self, level.value)

    def klop_penalty(self, full: bool) -> int:
        return self.klop[1 if full else 0]

    # Plain data ---------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The card's JSON shape (what an evening file's ``rate_card`` carries)."""
        out: dict[str, Any] = {"name": self.name, "title": self.title}
        for key in CARD_KEYS[2:]:
            if key == "game":
                out[key] = {word: getattr(self, word) for word in _GAME_KEYS}
            elif key == "kontra":
                out[key] = {word: getattr(self, word) for word in _KONTRA_KEYS}
            elif key in _PAIRS:
                out[key] = list(getattr(self, key))
            else:
                out[key] = getattr(self, key)
        return out

    @classmethod
    def from_dict(cls, data: Any) -> "RateCard":
        """The card of ``to_dict``'s shape. Every key is required and no other is allowed, at every
        level; ``ValueError`` ("field: message") names the first field that is wrong."""
        top = exact_keys(data, "", CARD_KEYS)
        values: dict[str, Any] = {"name": top["name"], "title": top["title"]}
        values.update(exact_keys(top["game"], "game", _GAME_KEYS))
        values.update(exact_keys(top["kontra"], "kontra", _KONTRA_KEYS))
        for key in _PAIRS:
            values[key] = pair(top[key], key, _PAIR_WORDS[key])
        for key in _SCALARS:
            values[key] = top[key]
        return cls(**values)


_PAIR_WORDS = {"pagat": "[silent, announced]", "valat": "[silent, announced]", "klop": "[plain, full]"}


#: The JSON path of each field of the card (for messages).
_FIELD_PATH = {**{key: f"game.{key}" for key in _GAME_KEYS}, **{key: f"kontra.{key}" for key in _KONTRA_KEYS}}


def _check(card: RateCard) -> None:
    """Texts non-empty, numbers whole and 0 or more, the poeni step at least 1; ``ValueError``
    naming the first field."""
    check_card(card, _FIELD_PATH, _PAIR_WORDS.__getitem__)
    if card.poeni_step < 1:
        raise ValueError("poeni_step: must be 1 or more")


#: The built-in card (docs/rules/selca.md).
SELCA = RateCard(name="selca", title="Tarok po Selško")

RATE_CARDS: Mapping[str, RateCard] = MappingProxyType({card.name: card for card in (SELCA,)})
DEFAULT_RATE_CARD = SELCA


def rate_card(name: str) -> RateCard:
    """The built-in card called ``name``; ``KeyError`` if there is none."""
    return RATE_CARDS[name]
