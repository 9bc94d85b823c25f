"""The domain of a recorded Selca evening (Slovenian Tarok "po Selško", docs/rules/selca.md §1-§4, §8,
§9, §14) as enums and frozen dataclasses.

Players are identified by their display name at the table; seat order is the order of
``Evening.players``: counter-clockwise, the direction of dealing and play, so each seat's
right-hand neighbour is the next seat (§1). The app records what happened, never the auction.

Optional fields are ``None`` when the deal does not give them, so that a deal says exactly what was
entered: ``validate.py`` can name a field a kind does not use, and writing then reading a deal
gives the same deal. The sheet ("zapisnik", SP 7) is the ledger's one pot: the other side of what
each deal writes (§11 Decision), holding nothing to share at the end.
"""
from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from scoring.engine.ledger import IdentityEnum

#: The deck counted in thirds: 70 points × 3 (§2 Decision). A fact of the cards, not a rate.
DECK_THIRDS = 210
#: Platelci (a third each) beside the points when players say a count ("35 in 1 platelc", §2).
MAX_PLATELCI = 2


class Kind(IdentityEnum):
    """What a deal was (§14): a game with a declarer, a klop (nobody bid, §8), a misdeal (§9) or a
    hand shown (§9)."""

    GAME = "game"
    KLOP = "klop"
    MISDEAL = "misdeal"
    SHOWN = "shown"


class Side(IdentityEnum):
    """The declarer ("licitator") or the opponents ("nasprotnika"), §4's sides."""

    DECLARER = "declarer"
    OPPONENTS = "opponents"

    @property
    def other(self) -> "Side":
        return Side.OPPONENTS if self is Side.DECLARER else Side.DECLARER


class Announcement(IdentityEnum):
    """What only the declarer may announce (§4 "Začne licitator"): pagat ultimo, valat."""

    PAGAT = "pagat"
    VALAT = "valat"


class KontraLevel(IdentityEnum):
    """The last word said on an item (§5): kontra (an opponent), re (the declarer), sub."""

    KONTRA = "kontra"
    RE = "re"
    SUB = "sub"


class Pot(IdentityEnum):
    """The ledger's account besides the players: the sheet ("zapisnik", SP 7), the other side of
    the points each deal writes (§11 Decision). It has no floor and holds nothing to share:
    ``holds`` is False, so it is never shown as a cup (``ledger.cup_contents``)."""

    SHEET = "sheet"

    @property
    def holds(self) -> bool:
        return False


#: The game's word and its multiplier's key (§3 "3 … x 1, 2 … x 2, 1 … x 3").
GAME_WORDS = {3: "three", 2: "two", 1: "one"}


@dataclass(frozen=True, slots=True)
class Mondfang:
    """Whose mond (``owner``) was caught, and whose trick caught it (``by``), §4."""

    owner: str
    by: str


@dataclass(frozen=True, slots=True)
class Pagatfonk:
    """Whose škis (``skis``) fell to whose pagat (``pagat``) in a "mond, škis, pagat" trick, §4."""

    skis: str
    pagat: str


@dataclass(frozen=True, slots=True)
class Kontra:
    """Kontra said (§5): ``by`` the opponent who first said it; the last word on each item (the
    game, the announced pagat, the announced valat), ``None`` where nothing was said."""

    by: str | None = None
    game: KontraLevel | None = None
    pagat: KontraLevel | None = None
    valat: KontraLevel | None = None

    def level(self, item: str) -> KontraLevel | None:
        return getattr(self, item)

    @property
    def items(self) -> tuple[tuple[str, KontraLevel], ...]:
        return tuple((item, level) for item in KONTRA_ITEMS if (level := getattr(self, item)) is not None)


#: The items kontra may be said on (§5), in the order of the formula.
KONTRA_ITEMS = ("game", "pagat", "valat")


@dataclass(frozen=True)
class Deal:
    """One deal as recorded (§14). ``None``: the deal does not give that field."""

    dealer: str
    kind: Kind | None = None
    # shown (§9)
    shown_by: str | None = None
    # game (§3-§7)
    declarer: str | None = None
    game: int | None = None
    count: int | None = None                  # the declarer's count, thirds (§2)
    kings: Side | None = None
    trula: Side | None = None
    pagat_ultimo: Side | None = None
    pagat_lost: Side | None = None
    announced: tuple[Announcement, ...] | None = None
    valat: bool | None = None
    mondfang: Mondfang | None = None
    pagatfonk: Pagatfonk | None = None
    kontra: Kontra | None = None
    # game and klop (§7, §8)
    renons: tuple[str, ...] | None = None
    # klop (§8): every player at the table to his count, thirds
    counts: tuple[tuple[str, int], ...] | None = None

    def announces(self, what: Announcement) -> bool:
        return what in (self.announced or ())

    @property
    def count_map(self) -> dict[str, int]:
        return dict(self.counts or ())

    @property
    def revoked(self) -> tuple[str, ...]:
        return self.renons or ()


@dataclass(frozen=True)
class Evening:
    players: tuple[str, ...]
    deals: tuple[Deal, ...] = ()
    rules: str = "selca"
    date: datetime.date | None = None
    #: A club's copy of the card carried by the file itself (``rate_card``); ``None``: the built-in
    #: card named ``rules``.
    card: object | None = None


# Seats (§1) -------------------------------------------------------------------------------------

def active_players(players: tuple[str, ...], dealer: str) -> tuple[str, ...]:
    """Who holds cards in a game (§1): all three at a table of 3; at 4 all but the dealer, who rests
    ("mešalec svojo igro počiva"). In seat order. A klop is played by everyone (§8)."""
    if len(players) == 4:
        return tuple([p for p in players if p != dealer])   # a list first: no generator to drive
    return tuple(players)


def next_seat(players: tuple[str, ...], player: str) -> str:
    """``player``'s right-hand neighbour: the next seat, counter-clockwise (§1)."""
    return players[(players.index(player) + 1) % len(players)]


def dealer_after(players: tuple[str, ...], dealer: str, kind: str) -> str:
    """The dealer the app suggests after a deal of ``kind`` (the file's ``kind`` value) dealt by
    ``dealer`` (§1 Decision): his right-hand neighbour; after a misdeal the same dealer ("obvezno
    ponovno deli", §9). Suggested, never enforced."""
    if kind == Kind.MISDEAL.value:
        return dealer
    return next_seat(players, dealer)


@dataclass(frozen=True)
class Seating:
    """Who does what in one deal (§1)."""

    dealer: str
    forehand: str                  # receives, bids and leads first: the dealer's right-hand neighbour
    active: tuple[str, ...]        # in seat order
    sitting_out: tuple[str, ...]   # the resting dealer at a table of 4
    next_dealer: str               # after any deal but a misdeal


def seating(players: tuple[str, ...], dealer: str) -> Seating:
    """The seats of a deal dealt by ``dealer`` (§1). ``ValueError`` for a table of other than 3 or
    4 or a dealer not at it."""
    if len(players) not in (3, 4):
        raise ValueError(f"a Selca table seats 3 or 4 players, not {len(players)}")
    if dealer not in players:
        raise ValueError(f"{dealer!r} does not sit at this table")
    active = active_players(players, dealer)
    forehand = next_seat(players, dealer)
    return Seating(dealer, forehand, active, tuple(p for p in players if p not in active), forehand)


def side_of(deal: Deal, player: str) -> Side:
    """The side ``player`` plays on in a game (§4)."""
    return Side.DECLARER if player == deal.declarer else Side.OPPONENTS


# Counts (§2, §14 form hints) ---------------------------------------------------------------------

def count_to_thirds(points: int, platelci: int) -> int:
    """A count as players say it, points and platelci (0-2), in thirds (§2 Decision): "35 in 1
    platelc" = 106. ``ValueError`` for platelci outside 0-2 or negative points."""
    if not 0 <= platelci <= MAX_PLATELCI or points < 0:
        raise ValueError(f"a count is whole points and 0 to {MAX_PLATELCI} platelci, not {points} and {platelci}")
    return 3 * points + platelci


def thirds_to_count(thirds: int) -> tuple[int, int]:
    """The reverse of ``count_to_thirds``: (points, platelci) of a count in thirds (§2)."""
    if thirds < 0:
        raise ValueError(f"a count in thirds is 0 or more, not {thirds}")
    return divmod(thirds, 3)


_SAID = re.compile(r"(\d{1,3})(?:[,.]([036]))?")
_SAID_PLATELCI = re.compile(r"(\d{1,3})\s+in\s+([0-2]|en|dva)\s+platel(?:c|ca|ec|ci)", re.IGNORECASE)
_PLATELCI_WORDS = {"en": 1, "dva": 2}


def said_to_thirds(text: str) -> int:
    """A count typed as players say it (§14 form hints), in thirds: "35,3" and "37,6" are 35⅓ and
    37⅔ (a digit after the comma is thirds, not a decimal: "platelec 0,3", "dva platelca 0,6"), "35"
    and "35,0" are 35, "35 in 1 platelc" is 106. ``ValueError`` for anything else or above 70."""
    cleaned = " ".join(text.split())
    if (found := _SAID.fullmatch(cleaned)) is not None:
        thirds = count_to_thirds(int(found[1]), int(found[2] or 0) // 3)
    elif (found := _SAID_PLATELCI.fullmatch(cleaned)) is not None:
        word = found[2].lower()
        thirds = count_to_thirds(int(found[1]), _PLATELCI_WORDS.get(word) or int(word))
    else:
        raise ValueError(f"not a count as players say it: {text!r} (e.g. 35,3 or 35 in 1 platelc)")
    if thirds > DECK_THIRDS:
        raise ValueError(f"a count is at most 70, not {text!r}")
    return thirds


def thirds_to_said(thirds: int) -> str:
    """A count in thirds as the players write it on a sheet: 35,3 for 106, 37,6 for 113, 35 for 105.

    The seed's own written form (ŠTETJE NAGRADE IGRE ali KAZNI: "platelec 0,3 - dva platelca 0,6",
    "35,3 do 37,3"), used wherever a count stands alone (the zapisnik's rows, the deal's lines, the
    formula's "35,3:34,6", the form's other side). It is also what the form takes ("35,3", §14 form
    hints), so a count is shown as it is typed. The digit after the comma counts platelci, not
    tenths, so it is the same in every language (never a decimal separator of the page's locale)."""
    points, platelci = thirds_to_count(thirds)
    return f"{points},{3 * platelci}" if platelci else str(points)


def _tock(number: int) -> str:
    """Slovenian's točka after a number: 1 točka, 2 točki, 3 and 4 točke, else točk (by the last
    two digits: 101 točka, 111 točk)."""
    last = abs(number) % 100
    return {1: "točka", 2: "točki", 3: "točke", 4: "točke"}.get(last, "točk")


def points_said(thirds: int) -> str:
    """A count in thirds as the players say it in a sentence: 106 → "35 in 1 platelc", 92 → "30 in
    2 platelca", 210 → "70 točk"; a negative count (only a bad file has one) keeps its sign.

    The seed's spoken form (ZMAGA "35 in en platelc", ŠTETJE NAGRADE "35 in list (platelec)", KLOP
    "pove tudi platelce", "35, ne 35 in platelc"): a message names a count in words ("Tallene giver
    75 in 1 platelc; de skal give 70 točk"), never in thirds alone and never as a fraction."""
    sign = "-" if thirds < 0 else ""
    points, platelci = thirds_to_count(abs(thirds))
    if platelci:
        return f"{sign}{points} in {platelci} {'platelc' if platelci == 1 else 'platelca'}"
    return f"{sign}{points} {_tock(points)}"


def other_side_thirds(thirds: int) -> int:
    """What the other side counts, in thirds (§2: the deck holds 210)."""
    return DECK_THIRDS - thirds


def derived_count(counts: dict[str, int]) -> int:
    """The last player's klop count from the others' (§14 form hints: "usklajeno na 70", §8)."""
    return DECK_THIRDS - sum(counts.values())


def declarer_thirds(thirds: int, side: Side) -> int:
    """The declarer's count from a count entered for ``side`` (§14: either side's count, the app
    stores the declarer's)."""
    return thirds if side is Side.DECLARER else other_side_thirds(thirds)
