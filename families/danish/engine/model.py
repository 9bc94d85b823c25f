"""The domain of a recorded evening as enums and frozen dataclasses (docs/rules/danish.md §1-§4, docs/format.md).

Players are identified by their display name at the table; seat order is the order of
``Evening.players`` (the direction of dealing, docs/rules/danish.md §1).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from scoring.engine.ledger import IdentityEnum


class Suit(IdentityEnum):
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    SPADES = "spades"


class Group(IdentityEnum):
    """A meld group (docs/rules/danish.md §3.1): the four kings, or the court cards of one suit."""

    KINGS = "kings"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    SPADES = "spades"

    @property
    def suit(self) -> Suit | None:
        return None if self is Group.KINGS else Suit(self.value)


class Court(IdentityEnum):
    """The four court cards of a suit, highest first."""

    KING = "king"
    QUEEN = "queen"
    CAVALIER = "cavalier"
    KNAVE = "knave"


class Rank(IdentityEnum):
    """The group of a ``four`` meld (docs/rules/grosstarock.md §2.1, "Vier Damen, Vier Kavaliere, Vier
    Buben"): one rank of court card in all four suits. Its own enum, not members of ``Group``: a
    group of ``Group`` is the kings or one suit (its ``suit``), and the VLK cards' melds range over
    exactly those five."""

    QUEENS = "queens"
    CAVALIERS = "cavaliers"
    KNAVES = "knaves"

    @property
    def court(self) -> Court:
        return _RANK_COURT[self]


_RANK_COURT = {Rank.QUEENS: Court.QUEEN, Rank.CAVALIERS: Court.CAVALIER, Rank.KNAVES: Court.KNAVE}


class MeldKind(IdentityEnum):
    """The meld kinds of every card of the family; a card lists those it knows
    (``RateCard.meld_kinds``). ``honours``, ``four`` and ``ladons``: docs/rules/grosstarock.md §2.1."""

    TAROKS = "taroks"
    MATADORS = "matadors"
    OVERFULL = "overfull"
    FULL = "full"
    HALF = "half"
    HONOURS = "honours"    # grosstarock: 3-7 of pagat, scies, tarok 21 and the four kings
    FOUR = "four"          # grosstarock: four queens, cavaliers or knaves (``group`` a ``Rank``)
    LADONS = "ladons"      # grosstarock: 16-25 numeral suit cards

    @property
    def is_group(self) -> bool:
        """A meld of the kings or of one suit's court cards (``group`` a ``Group``)."""
        return self in (MeldKind.OVERFULL, MeldKind.FULL, MeldKind.HALF)

    @property
    def has_count(self) -> bool:
        return self in _COUNTED_MELDS


_COUNTED_MELDS = frozenset({MeldKind.TAROKS, MeldKind.MATADORS, MeldKind.HONOURS, MeldKind.LADONS})


class Fate(IdentityEnum):
    """What became of the pagat or a king (docs/rules/danish.md §3.2, §3.3)."""

    HOME = "home"
    LOST = "lost"
    ULTIMO = "ultimo"
    BAGUD = "bagud"
    #: The pagat laid away by the dealer in his discard (docs/rules/grosstarock.md §2: "both seeds
    #: allow it"); only on a card with ``pagat_discard``, never a king.
    DISCARDED = "discarded"

    @property
    def in_last_trick(self) -> bool:
        return self in IN_LAST_TRICK


#: The fates of a card played to the last trick, and of a card that won a trick.
IN_LAST_TRICK = frozenset({Fate.ULTIMO, Fate.BAGUD})
WON_A_TRICK = frozenset({Fate.HOME, Fate.ULTIMO})


class DealKind(IdentityEnum):
    PLAYED = "played"
    MISDEAL = "misdeal"
    SCRAPPED = "scrapped"
    #: A free redeal asked for by a player (no tarok, or the scies alone), on a card with
    #: ``free_redeal``: nothing is paid, the same dealer deals again (docs/rules/danish.md §7.4).
    REDEAL = "redeal"


class FineKind(IdentityEnum):
    """Fines of docs/rules/danish.md §4 and of the other rate cards, each paid into both cups.

    A rate card lists the kinds it knows (``RateCard.fines``); ``custom`` is accepted by every card.
    """

    CUP_NOT_MOVED = "cup_not_moved"
    MISDEAL = "misdeal"
    WRONG_CARD_COUNT = "wrong_card_count"
    FALSE_MELD = "false_meld"
    MISSED_MELD = "missed_meld"
    MELD_BEFORE_DEALER = "meld_before_dealer"
    OUT_OF_TURN = "out_of_turn"
    FALSE_SCIES_CALL = "false_scies_call"
    REVOKE = "revoke"                    # aeldre1900: "svigte kuleur", "stikke urigtigt"
    ILLEGAL_DISCARD = "illegal_discard"  # aeldre1900: "synder mod lovene for ecarteringen"
    CUSTOM = "custom"

    @property
    def blocks_ultimo(self) -> bool:
        """On the VLK card a false or missed meld forbids an ultimo in the same deal (§4g, §11c).

        This is VLK's rule and the default of ``RateCard.ultimo_blocking_fines``; the engine asks
        the card, which may list other kinds (docs/rate-cards.md).
        """
        return self in (FineKind.FALSE_MELD, FineKind.MISSED_MELD)


class Cup(IdentityEnum):
    KING = "king"
    PAGAT = "pagat"


#: An account of the double-entry journal: a player (by name) or a cup.
Account = str | Cup


@dataclass(frozen=True)
class Meld:
    player: str
    kind: MeldKind
    count: int | None = None          # taroks, matadors, honours, ladons
    pagat: bool | None = None         # taroks: "med" / "uden" pagat
    group: Group | Rank | None = None  # overfull, full, half: a Group; four: a Rank
    missing: Suit | Court | None = None  # half: the card the melder lacks
    scies: bool | None = None         # taroks on a card with ``taroks_scies``: holds the scies


@dataclass(frozen=True)
class Announcement:
    """A vole or nolo announced before a trick (docs/rules/grosstarock.md §2: ``announced_vole``,
    ``announced_nolo``): who, and before which trick (1-based)."""

    player: str
    before_trick: int


@dataclass(frozen=True)
class CardFate:
    owner: str
    fate: Fate


@dataclass(frozen=True)
class Fine:
    player: str
    kind: FineKind
    amount: int | None = None  # points per cup, custom fines only


@dataclass(frozen=True)
class CupFine:
    """A player made to replace what a cup holds (docs/rules/danish.md §7.4, the older rule book,
    SPILLET l. 189–203), besides his fine for a revoke or wrong cards: into the ``cup`` (his offence
    caused someone's ultimo, which took the cup home: "erstatte det beløb, som den pågældende kop
    indeholder"), or, with ``to``, to the player whose ultimo his offence prevented, who takes the
    cup's contents home ("erstatter indholdet af den pågældende kop, som tages hjem af den, hvis
    ultimo ... mislykkedes")."""

    player: str
    cup: Cup
    to: str | None = None


@dataclass(frozen=True)
class Deal:
    dealer: str
    kind: DealKind = DealKind.PLAYED
    melds: tuple[Meld, ...] = ()
    fines: tuple[Fine, ...] = ()
    pagat: CardFate | None = None
    kings: tuple[tuple[Suit, CardFate], ...] = ()
    last_trick: str | None = None
    tout: str | None = None
    nolo: str | None = None
    counts: tuple[tuple[str, int], ...] = ()
    derived: str | None = None
    failed_tout: str | None = None    # a tout tried and lost; only on a card with ``failed_tout_each``
    #: Announcements, only on a card with ``announcements`` (docs/rules/grosstarock.md §2, §3).
    announced_vole: Announcement | None = None
    announced_nolo: tuple[Announcement, ...] = ()
    #: docs/rules/danish.md §7.4, each only on a card that has the rule: a misdeal the dealer let
    #: pass instead of paying its fine (``misdeal_may_pass``); who asked for a free redeal
    #: (``free_redeal``); the players whose ultimo is forfeited without a fine (``ultimo_forfeit``).
    passed: bool | None = None
    asked_by: str | None = None
    ultimo_forfeited: tuple[str, ...] = ()
    #: Who replaces a cup's contents, into the cup or to whom (``cup_fine``; ``CupFine``).
    cup_fines: tuple[CupFine, ...] = ()

    def king(self, suit: Suit) -> CardFate | None:
        return dict(self.kings).get(suit)

    @property
    def count_map(self) -> dict[str, int]:
        return dict(self.counts)

    def cards(self) -> tuple[tuple[Cup, Suit | None, CardFate], ...]:
        """The pagat and the recorded kings as (cup, suit, fate), pagat first."""
        kings = [(Cup.KING, suit, fate) for suit, fate in self.kings]
        return tuple(kings if self.pagat is None else [(Cup.PAGAT, None, self.pagat), *kings])


@dataclass(frozen=True)
class Evening:
    players: tuple[str, ...]
    deals: tuple[Deal, ...] = ()
    rules: str = "vlk"
    date: date | None = None
    #: A card carried by the file itself (a club's own card, docs/format.md extension ``rate_card``);
    #: ``None``: the built-in card named ``rules``.
    card: object | None = None


@dataclass(frozen=True)
class Seating:
    """Who does what in one deal (docs/rules/danish.md §1)."""

    dealer: str
    forehand: str
    middlehand: str
    active: tuple[str, ...]       # forehand, middlehand, dealer
    sitting_out: tuple[str, ...]
    next_dealer: str
    default_derived: str


def seating(players: tuple[str, ...], dealer: str) -> Seating:
    """Active players, forehand, middlehand and sitters-out for a deal (docs/rules/danish.md §1, booklet §3a).

    3 at the table: everybody plays. 4: the player opposite the dealer (dealer+2) sits out.
    5: the dealer and his two neighbours play. The forehand is dealer+1, the middlehand the third
    active player. The next dealer is dealer+1 (dealer+2 with five). The default derived counter
    is the next dealer when he is active, else the middlehand (§3.3.6 Decision).
    """
    n = len(players)
    if n not in (3, 4, 5):
        raise ValueError(f"a table seats 3 to 5 players, not {n}")
    d = players.index(dealer)

    def at(offset: int) -> str:
        return players[(d + offset) % n]

    forehand = at(1)
    middlehand = {3: at(2), 4: at(3), 5: at(4)}[n]
    active = (forehand, middlehand, dealer)
    next_dealer = at(2) if n == 5 else at(1)
    return Seating(
        dealer=dealer,
        forehand=forehand,
        middlehand=middlehand,
        active=active,
        sitting_out=tuple(p for p in players if p not in active),
        next_dealer=next_dealer,
        default_derived=next_dealer if next_dealer in active else middlehand,
    )


def seatings(players: tuple[str, ...]) -> dict[str, Seating]:
    """The seating of each possible dealer at a table of distinct ``players``: an evening's deals
    look theirs up instead of working it out again deal by deal."""
    return {dealer: seating(players, dealer) for dealer in players}
