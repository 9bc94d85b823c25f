"""The domain of a recorded Karlsruhe evening as enums and frozen dataclasses (docs/rules/karlsruhe.md
§1-§4, §7, §11).

Players are identified by their display name at the table; seat order is the order of
``Evening.players`` (clockwise, the direction of dealing, §1). The app records the game played,
not the bidding (§2), and what the Radl derives from the deal history is never recorded (§5.4).

Optional fields are ``None`` when the deal does not give them, so that a deal says exactly what was
entered: ``validate.py`` can name a field a game does not use, and writing then reading a deal
gives the same deal.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass

from scoring.engine.ledger import IdentityEnum

#: The deck counted in thirds of a point: 70 points × 3 (§3 Decision, §S "70 Spielpunkte"). A
#: fact of the cards, not a rate: an entered count lies strictly between 0 and this (§3).
DECK_THIRDS = 210
#: Blätter, the thirds beside the points when players say a count ("35 und 1 Blatt", §3, §Z).
MAX_BLAETTER = 2


class Game(IdentityEnum):
    """The game played (§2, T1-T9): the whole catalogue."""

    KOENIGSRUFER = "koenigsrufer"
    SOLORUFER = "solorufer"
    DREIER = "dreier"
    SECHSERBOCK = "sechserbock"
    BETTEL_OUVERT = "bettel_ouvert"
    FAHRER = "fahrer"

    @property
    def is_rufer(self) -> bool:
        """A king is called and its holder partners the declarer (§2)."""
        return self in RUFER_GAMES

    @property
    def is_positive(self) -> bool:
        """Won on the count (§3): Rufer, Dreier, Sechserbock."""
        return self in POSITIVE_GAMES

    @property
    def has_declarer(self) -> bool:
        """Every game but the Fahrer, where all passed (§2)."""
        return self is not Game.FAHRER


#: The games of ``is_rufer`` and ``is_positive`` as sets: the engine asks every deal, and a member's
#: property is a Python-level call where a set's membership is not.
RUFER_GAMES = frozenset({Game.KOENIGSRUFER, Game.SOLORUFER})
POSITIVE_GAMES = frozenset({Game.KOENIGSRUFER, Game.SOLORUFER, Game.DREIER, Game.SECHSERBOCK})


class Side(IdentityEnum):
    """The declaring side and the other (§2, §11 entry)."""

    DECLARERS = "declarers"
    OPPONENTS = "opponents"

    @property
    def other(self) -> "Side":
        return Side.OPPONENTS if self is Side.DECLARERS else Side.DECLARERS


class Bonus(IdentityEnum):
    """The bonuses of §4, in the order of the formula (§5.5)."""

    CANARI = "canari"
    UHU = "uhu"
    PAGAT = "pagat"
    TRULL = "trull"
    FOUR_KINGS = "four_kings"

    @property
    def is_bird(self) -> bool:
        """III, II or I to a late trick (§4, §B): may be announced, and may fail."""
        return self in BIRDS


#: The bonuses of ``is_bird``, as a set (read for every bonus of every deal).
BIRDS = frozenset({Bonus.CANARI, Bonus.UHU, Bonus.PAGAT})


class KontraLevel(IdentityEnum):
    """The last word said on an item (§5.3, §C)."""

    KONTRA = "kontra"
    RE = "re"
    SUB = "sub"
    HIRSCH = "hirsch"


class Suit(IdentityEnum):
    """The called king's suit (§2, §11 ``called_king``)."""

    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    SPADES = "spades"


class DealKind(IdentityEnum):
    """A played deal, a misdeal (§7, the dealer pays the misdeal fine) or a redeal (free)."""

    PLAYED = "played"
    MISDEAL = "misdeal"
    REDEAL = "redeal"


#: The key of ``Deal.kontra`` for the game itself (a Valat included, §5.3); the other keys are
#: bonus names (``Bonus.value``).
KONTRA_GAME = "game"


@dataclass(frozen=True, slots=True)
class BirdEntry:
    """An entry of §11 for a bonus (a bird, Trull or four kings) or a Valat: ``side`` announced it
    or, silent, made it (a silent III/II/I: the side that played the card in its trick); ``won``
    says whether that side made it."""

    side: Side
    won: bool
    announced: bool = False


#: A Valat is recorded with the same entry (§5.2, §11 ``valat``).
ValatEntry = BirdEntry


@dataclass(frozen=True)
class Deal:
    """One deal as recorded (§11). ``None``: the deal does not give that field."""

    dealer: str
    kind: DealKind = DealKind.PLAYED
    game: Game | None = None
    declarer: str | None = None
    called_king: Suit | None = None
    partner: str | None = None            # the declarer himself when he plays alone (§2)
    declarers_count: int | None = None    # thirds (§3)
    valat: ValatEntry | None = None
    bonuses: tuple[tuple[Bonus, BirdEntry], ...] | None = None
    king_caught: bool | None = None
    kontra: tuple[tuple[str, KontraLevel], ...] | None = None   # key: "game" or a bonus name
    won: bool | None = None               # Bettel ouvert: the declarer took no trick
    counts: tuple[tuple[str, int], ...] | None = None   # Fahrer: each active player's thirds

    @property
    def bonus_map(self) -> dict[Bonus, BirdEntry]:
        return dict(self.bonuses or ())

    @property
    def kontra_map(self) -> dict[str, KontraLevel]:
        return dict(self.kontra or ())

    @property
    def count_map(self) -> dict[str, int]:
        return dict(self.counts or ())

    @property
    def alone(self) -> bool:
        """The declarer plays 1 v 3: every game but a Rufer with a partner of his own (§2, §6)."""
        return not (self.game in RUFER_GAMES and self.partner not in (None, self.declarer))


@dataclass(frozen=True)
class Evening:
    players: tuple[str, ...]
    deals: tuple[Deal, ...] = ()
    rules: str = "karlsruhe"
    date: datetime.date | None = None
    #: A club's copy of the card carried by the file itself (§8 ``rate_card``); ``None``: the
    #: built-in card named ``rules``.
    card: object | None = None


# Seats (§1) -------------------------------------------------------------------------------------

def active_players(players: tuple[str, ...], dealer: str) -> tuple[str, ...]:
    """Who plays the deal (§1 Decision): everyone at a table of 4; at a table of 5 all but the
    dealer, who sits out and gets 0. In seat order."""
    if len(players) == 5:
        return tuple(p for p in players if p != dealer)
    return tuple(players)


def from_forehand(players: tuple[str, ...], dealer: str) -> tuple[str, ...]:
    """The table in playing order, starting with the forehand (dealer + 1, on his left, §1)."""
    i = players.index(dealer) + 1
    return players[i:] + players[:i]


def dealer_after(players: tuple[str, ...], dealer: str, kind: str) -> str:
    """The dealer the app suggests after a deal of ``kind`` (the file's ``kind`` value) dealt by
    ``dealer`` (§1, §7 Decisions): the forehand after a played deal, the same dealer after a
    misdeal or redeal. The scorer may override it."""
    if kind != DealKind.PLAYED.value:
        return dealer
    return from_forehand(players, dealer)[0]


@dataclass(frozen=True)
class Seating:
    """Who does what in one deal (§1)."""

    dealer: str
    forehand: str
    active: tuple[str, ...]        # in seat order
    sitting_out: tuple[str, ...]   # the dealer at a table of 5
    next_dealer: str               # after a played deal


def seating(players: tuple[str, ...], dealer: str) -> Seating:
    """The seats of a deal dealt by ``dealer`` (§1): forehand dealer+1; at a table of 5 the dealer
    sits out. ``ValueError`` for a table of other than 4 or 5 or a dealer not at it."""
    if len(players) not in (4, 5):
        raise ValueError(f"a Karlsruhe table seats 4 or 5 players, not {len(players)}")
    if dealer not in players:
        raise ValueError(f"{dealer!r} does not sit at this table")
    active = active_players(players, dealer)
    forehand = from_forehand(players, dealer)[0]
    return Seating(dealer, forehand, active, tuple(p for p in players if p not in active), forehand)


# Counts (§3) ------------------------------------------------------------------------------------

def count_to_thirds(points: int, blaetter: int) -> int:
    """A count as players say it, points and Blätter (0-2), in thirds (§3 Decision, §Z):
    "35 und 1 Blatt" = 106. ``ValueError`` for Blätter outside 0-2 or negative points."""
    if not 0 <= blaetter <= MAX_BLAETTER or points < 0:
        raise ValueError(f"a count is whole points and 0 to {MAX_BLAETTER} Blätter, not {points} and {blaetter}")
    return 3 * points + blaetter


def thirds_to_count(thirds: int) -> tuple[int, int]:
    """The reverse of ``count_to_thirds``: (points, Blätter) of a count in thirds (§3)."""
    if thirds < 0:
        raise ValueError(f"a count in thirds is 0 or more, not {thirds}")
    return divmod(thirds, 3)


def points_said(thirds: int) -> str:
    """A count in thirds as the seed and its players write it, Punkte and the Blätter beside them
    (§3, §S "35 Punkte + 1 Blatt", "35 und 1 Blatt"): 106 → "35 Punkte 1 Blatt", 44 → "14 Punkte
    2 Blätter", 114 → "38 Punkte" (no Blatt is not said), 3 → "1 Punkt"; a negative count (only a bad file has
    one) keeps its sign. The one way the family writes a count: the preview, the deal's lines, the
    messages; never in thirds alone, never as a fraction."""
    sign, (points, blaetter) = ("-" if thirds < 0 else ""), divmod(abs(thirds), 3)
    said = f"{sign}{points} {'Punkt' if points == 1 else 'Punkte'}"
    return f"{said} {blaetter} {'Blatt' if blaetter == 1 else 'Blätter'}" if blaetter else said


def other_side_thirds(thirds: int) -> int:
    """What the other side counts, in thirds (§3: the deck holds 210; a form may enter either
    side's count, the app stores the declarers')."""
    return DECK_THIRDS - thirds
