"""Settlement as double-entry journal entries (docs/rules/karlsruhe.md §5-§7).

One entry for the opening and one for the split, both without postings (no cups, §8), and one per
deal. A deal's value ``v`` (§5.5) is the sum of its items (the game or Valat, each bonus, a caught
king), each doubled in a Radl; each item is paid between the sides as §6 splits it, so the postings
say what was paid for. The entry's ``info`` carries the deal's ``formula`` (the seed's notation,
§5.5) and whether it was in a ``radl``; its ``state`` is the number of Radl deals still owed after
it (§5.4), which is all the next deal needs.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable, Iterable, Mapping, Sequence

from scoring.engine.ledger import (
    Entry, EntryKind, IdentityEnum, PostingTuple, make_entry,
)
from .model import (
    KONTRA_GAME, POSITIVE_GAMES, Bonus, Deal, DealKind, Game, KontraLevel, Side, active_players, from_forehand,
    other_side_thirds,
)
from .rates import RateCard

#: The bonuses in the formula's order, each with its key (kontra, detail), read once: iterating an
#: enum and reading a member's ``value`` run Python code on every deal.
_BONUSES = tuple((bonus, bonus.value) for bonus in Bonus)
_NO_BONUSES: Mapping[Bonus, object] = MappingProxyType({})


class Reason(IdentityEnum):
    """Why a posting was made; each names the rule it comes from."""

    GAME = "game"                  # §2, §5.1, §5.3: the game's value b, Schneider, kontra
    VALAT = "valat"                # §5.2
    BONUS = "bonus"                # §4 (detail: the bonus)
    KING_CAUGHT = "king_caught"    # §4
    FAHRER = "fahrer"              # §6
    MISDEAL_FINE = "misdeal_fine"  # §7




@dataclass(frozen=True, slots=True)
class Term:
    """One item of a deal's value (§5.5): ``sign`` × ``base`` × each factor, from the declarers'
    point of view."""

    reason: Reason
    base: int
    factors: tuple[int, ...] = ()
    negative: bool = False
    detail: str = ""
    #: The item's worth, signed: worked out when the item is made. Not compared: it follows from the fields.
    value: int = field(init=False, repr=False, compare=False)
    #: The item as the formula writes it (``text``), alone and among others, set when it is made.
    texts: tuple[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        value = self.base
        for factor in self.factors:
            value *= factor
        object.__setattr__(self, "value", -value if self.negative else value)
        text = "x".join(map(str, (self.base, *self.factors)))
        object.__setattr__(self, "texts", (text, f"({text})" if self.factors else text))

    def text(self, wrapped: bool) -> str:
        """The term without its sign: ``8``, ``8x2x4``; ``(8x2)`` when ``wrapped`` and it has factors."""
        return self.texts[1 if wrapped else 0]


# Radl (§5.4) ------------------------------------------------------------------------------------

def radl_after(players: tuple[str, ...], deal: Deal, owed: int) -> tuple[bool, int]:
    """Whether ``deal`` is doubled, given the Radl deals ``owed`` before it, and what is owed after
    it (§5.4): a played deal in a Radl uses one up; a Fahrer adds one per player at the table;
    misdeals and redeals neither count nor are doubled."""
    if deal.kind is not DealKind.PLAYED:
        return False, owed
    radl = owed > 0
    if radl:
        owed -= 1
    if deal.game is Game.FAHRER:
        owed += len(players)
    return radl, owed


def radl_status(players: tuple[str, ...], deals: Iterable[Deal]) -> int:
    """The Radl deals still owed after ``deals``, the evening's deals in order (§5.4): the next
    deal is doubled when this is more than 0. Derived from the history, never entered."""
    owed = 0
    for deal in deals:
        owed = radl_after(players, deal, owed)[1]
    return owed


def state_before(players: tuple[str, ...], card: RateCard, pots: Mapping[str, int],
                 earlier: Callable[[], Sequence[Deal]]) -> int:
    """The Radl owed before the next deal, replayed over ``earlier()``, the deals before it (§5.4);
    the family has no pots."""
    return radl_status(players, earlier())


# A deal's value (§5) -----------------------------------------------------------------------------

def declarers_won(deal: Deal, card: RateCard) -> bool | None:
    """Whether the declarers won the game (a Valat included); ``None`` for a Fahrer, a misdeal or
    a redeal (§3, §5.2)."""
    if deal.kind is not DealKind.PLAYED or deal.game is Game.FAHRER:
        return None
    if deal.game is Game.BETTEL_OUVERT:
        return deal.won
    if deal.valat is not None:
        return (deal.valat.side is Side.DECLARERS) == deal.valat.won
    return deal.declarers_count > card.win_above


def schneider(deal: Deal, card: RateCard) -> bool:
    """The losing side of a positive game counts ``schneider_max`` thirds or less (§5.1); never
    beside a Valat (§5.2)."""
    if deal.game not in POSITIVE_GAMES or deal.valat is not None:
        return False
    count = deal.declarers_count
    losers = count if count <= card.win_above else other_side_thirds(count)
    return losers <= card.schneider_max


def _kontra(levels: Mapping[str, KontraLevel], key: str, card: RateCard) -> tuple[int, ...]:
    """The factor of the last word said on the item ``key`` (§5.3), none without a word."""
    level = levels.get(key)
    return () if level is None else (card.kontra_factor(level),)


_NO_WORDS: Mapping[str, KontraLevel] = MappingProxyType({})



def deal_terms(deal: Deal, card: RateCard) -> tuple[Term, ...]:
    """The items of a played deal's value before the Radl, in the formula's order (§5.5): the game
    (or Valat), canari, uhu, pagat, trull, four kings, king caught."""
    game, b = deal.game, card.game_value(deal.game)
    if game is Game.FAHRER:
        return (Term(Reason.FAHRER, b),)
    won = declarers_won(deal, card)
    # Each mapping read once for the deal (``Deal.kontra_map``, ``bonus_map`` build one a call).
    levels = dict(deal.kontra) if deal.kontra else _NO_WORDS
    kontra = _kontra(levels, KONTRA_GAME, card)
    if game is Game.BETTEL_OUVERT:
        return (Term(Reason.GAME, b, kontra, not won),)
    valat = deal.valat
    if valat is not None:
        terms = [Term(Reason.VALAT, b, (card.valat_factor(valat.announced), *kontra), not won)]
    else:
        terms = [Term(Reason.GAME, b, ((card.schneider,) if schneider(deal, card) else ()) + kontra, not won)]
    bonuses = dict(deal.bonuses) if deal.bonuses else _NO_BONUSES
    for bonus, key in _BONUSES if bonuses else ():
        entry = bonuses.get(bonus)
        if entry is None or (valat is not None and not entry.announced):
            continue
        for_declarers = (entry.side is Side.DECLARERS) == entry.won
        factors = _kontra(levels, key, card) if entry.announced else ()
        terms.append(Term(Reason.BONUS, card.bonus_value(bonus, entry.announced), factors, not for_declarers, key))
    if deal.king_caught and valat is None:
        terms.append(Term(Reason.KING_CAUGHT, card.king_caught, (), True))
    return tuple(terms)


def formula(terms: Sequence[Term], radl: bool, card: RateCard) -> str:
    """The deal's formula in the seed's notation (§5.5): ``(8+6)x2=28``, ``[(8x2)+20+16+12]x2=128``,
    ``2-2=0``, ``(8x16)+12=140``."""
    written = 1 if len(terms) > 1 else 0   # several items: each with factors in brackets (``text``)
    expression = ""
    for i, term in enumerate(terms):
        sign = "-" if term.negative else ("+" if i else "")
        expression += sign + term.texts[written]
    bare = _bare_integer(expression)
    if radl:
        factor = card.radl
        if bare:
            expression = f"{expression}x{factor}"
        elif "(" in expression:
            expression = f"[{expression}]x{factor}"
        else:
            expression = f"({expression})x{factor}"
        bare = False
    if bare:
        return expression
    value = sum([t.value for t in terms]) * (card.radl if radl else 1)
    return f"{expression}={value}"


def _bare_integer(text: str) -> bool:
    return text.lstrip("-").isdigit()


# Entries ----------------------------------------------------------------------------------------

def settle_opening(players: tuple[str, ...], card: RateCard) -> Entry:
    """No cups, nothing paid before the first deal (§8, §12: the opening's nets are all 0)."""
    return make_entry(EntryKind.OPENING, None, players, (), state=0)


def settle_split(players: tuple[str, ...], state: int, running: Mapping[str, int], card: RateCard) -> Entry:
    """No cups to share (§8, §12: the split's nets are all 0); a Radl still owed lapses (§5.4)."""
    return make_entry(EntryKind.SPLIT, None, players, (), state=0)


def settle_valid_deal(players: tuple[str, ...], number: int, deal: Deal, state: int, card: RateCard) -> Entry:
    radl, owed = radl_after(players, deal, state)
    if deal.kind is not DealKind.PLAYED:   # §7: the misdeal fine, or a free redeal
        fine = card.misdeal_fine if deal.kind is DealKind.MISDEAL else 0
        postings = [(deal.dealer, other, fine, Reason.MISDEAL_FINE, "") for other in players if other != deal.dealer]
        return make_entry(EntryKind.DEAL, number, players, postings, state=owed,
                          info=(("formula", str(fine)), ("radl", False)))
    terms = deal_terms(deal, card)
    factor = card.radl if radl else 1
    pairs = _paying_pairs(players, deal)   # the same for every item of the deal
    return make_entry(EntryKind.DEAL, number, players, _postings(terms, factor, pairs), state=owed,
                      info=deal_facts(terms, radl, card))


def deal_facts(terms: Sequence[Term], radl: bool, card: RateCard) -> tuple[tuple[str, object], ...]:
    """A played deal's facts: its ``formula`` (§5.5) and whether it was in a ``radl`` (§5.4)."""
    return (("formula", formula(terms, radl, card)), ("radl", radl))


def sides(players: tuple[str, ...], deal: Deal) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(declarers, opponents) of a game with a declarer, each in seat order (§2, §6)."""
    return _sides(players, deal.dealer, deal.declarer, None if deal.alone else deal.partner)


def _sides(players: tuple[str, ...], dealer: str, declarer: str,
           partner: str | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``sides`` of a deal dealt by ``dealer`` whose declarer plays with ``partner`` (``None``: alone)."""
    declarers = {declarer} if partner is None else {declarer, partner}
    active = active_players(players, dealer)
    return (tuple(p for p in active if p in declarers), tuple(p for p in active if p not in declarers))


def fahrer_payers(players: tuple[str, ...], deal: Deal) -> tuple[tuple[str, str], tuple[str, str]]:
    """(the two who pay, the two who receive) in a Fahrer (§6 Decision): the two highest counts pay;
    a tie goes by seat from the forehand, the earlier seat counting higher."""
    return _fahrer_payers(players, deal.dealer, deal.counts)


def _fahrer_payers(players: tuple[str, ...], dealer: str,
                   counts: tuple[tuple[str, int], ...]) -> tuple[tuple[str, str], tuple[str, str]]:
    order = [p for p in from_forehand(players, dealer) if p in active_players(players, dealer)]
    count_of = dict(counts)
    ranked = sorted(order, key=lambda p: (-count_of[p], order.index(p)))
    return (ranked[0], ranked[1]), (ranked[2], ranked[3])


def _postings(terms: Sequence[Term], factor: int, pairs: tuple[tuple[str, str], ...]) -> list[PostingTuple]:
    """Each item's value (signed, times the Radl ``factor``) paid by each payer to his payee
    (``_paying_pairs``): a negative value goes the other way."""
    postings: list[PostingTuple] = []
    post = postings.append
    for term in terms:
        amount, reason, detail = term.value * factor, term.reason, term.detail
        if amount < 0:
            for payer, payee in pairs:
                post((payee, payer, -amount, reason, detail))
        else:
            for payer, payee in pairs:
                post((payer, payee, amount, reason, detail))
    return postings


def _paying_pairs(players: tuple[str, ...], deal: Deal) -> tuple[tuple[str, str], ...]:
    """(payer, payee) of each item's value between the sides (§6), for a positive value: 2 v 2
    each opponent pays a declarer; 1 v 3 each opponent pays the declarer; a Fahrer's two highest
    pay the two lowest."""
    if deal.game is Game.FAHRER:
        return _fahrer_pairs(players, deal.dealer, deal.counts)
    return _side_pairs(players, deal.dealer, deal.declarer, None if deal.alone else deal.partner)


def _fahrer_pairs(players: tuple[str, ...], dealer: str,
                  counts: tuple[tuple[str, int], ...]) -> tuple[tuple[str, str], ...]:
    high, low = _fahrer_payers(players, dealer, counts)
    return tuple(zip(high, low))


def _side_pairs(players: tuple[str, ...], dealer: str, declarer: str,
                partner: str | None) -> tuple[tuple[str, str], ...]:
    declarers, opponents = _sides(players, dealer, declarer, partner)
    if len(declarers) == 1:
        return tuple((o, declarers[0]) for o in opponents)
    return tuple(zip(opponents, declarers))
