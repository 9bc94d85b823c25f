"""The family-blind double-entry core (docs/architecture.md habit 3): postings, journal entries, settlements.

Every family settles an evening into the same shapes: one journal ``Entry`` for the opening, one
per deal and one for the split. An entry's legs are the players at the table (seat order) and then
the family's pots (the Danish cups; a family without pots has none) and sum to zero. What a family
adds per deal for the sheet and ``settle --json`` (a formula a person can check, "this deal was
doubled") travels in ``Entry.info`` (its pairs); what
the next deal needs from this one (the cups' content, the Radl still owed) in ``Entry.state``. The
ledger, the sheet and the exports read only these.

An ``Entry`` keeps its postings as rows of atoms (``Row``) and reads them back as ``Posting`` objects.
A family may keep entries of its own class for speed (the Danish one does), as long as it answers
the same attributes: ``kind``, ``number``, ``players``, ``postings``,
``amounts``, ``legs``, ``net``, ``pots``, ``pot_contents``, ``state`` and ``info``.
"""
from __future__ import annotations

import enum
import threading
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable

from .problems import EveningError
from .transfers import Transfer, fewest_transfers


class IdentityEnum(enum.Enum):
    """The engine's enums. Members hash by identity, at C speed: a member is a singleton and
    equal only to itself, so this agrees with equality (``enum.Enum`` hashes the member's name
    in a Python-level ``__hash__``, which settling an evening would call ~50 times a deal)."""

    __hash__ = object.__hash__


class LedgerError(AssertionError):
    """An entry that does not sum to zero or a pot below zero: a bug, never a user error."""


class EntryKind(IdentityEnum):
    OPENING = "opening"
    DEAL = "deal"
    SPLIT = "split"


#: An account of the journal: a player (by name) or one of the family's pots (an enum member
#: whose ``value`` is the pot's name, e.g. the Danish ``Cup.KING`` = "king").
Account = Any


@dataclass(frozen=True, slots=True)
class Posting:
    """``payer`` pays ``payee`` ``amount`` points, for ``reason`` (a member of the family's own
    enum of reasons, each citing its rule)."""

    payer: Account
    payee: Account
    amount: int
    reason: enum.Enum
    detail: str = ""   # e.g. the meld kind, the fine kind, the card, the bonus


#: A posting as an ``Entry`` keeps it: ``(payer, payee, amount, reason, detail)`` made of atoms only,
#: a player by name, a pot by its place in the entry's ``pots`` and the reason by its number
#: (``_reason_number``). The garbage collector stops tracking a tuple of atoms the first time it
#: sees it; kept as ``Posting`` objects, the entries of a long evening are what its collections
#: walk again and again, and they cost more than settling it.
Row = tuple[str | int, str | int, int, int, str]

#: Every reason a posting was made with, by number, and each one's number: filled as reasons are
#: first met (a family's own enum; the ledger knows none), under ``_REASONS_LOCK`` so that two
#: threads meeting a reason at once cannot give two reasons one number.
_REASONS: list[enum.Enum] = []
_REASON_NUMBERS: dict[enum.Enum, int] = {}
_REASONS_LOCK = threading.Lock()


def _reason_number(reason: enum.Enum) -> int:
    number = _REASON_NUMBERS.get(reason)
    if number is None:
        with _REASONS_LOCK:
            number = _REASON_NUMBERS.get(reason)
            if number is None:
                number = _REASON_NUMBERS[reason] = len(_REASONS)
                _REASONS.append(reason)
    return number


def _posting(row: Row, pots: tuple[enum.Enum, ...]) -> Posting:
    payer, payee, amount, reason, detail = row
    return Posting(pots[payer] if payer.__class__ is int else payer, pots[payee] if payee.__class__ is int else payee,
                   amount, _REASONS[reason], detail)


#: The fact that holds a formula's words (a stored phrase, scoring/engine/translation.py) beside its
#: English ``formula``: stored with the deal so that a page words the formula in its language;
#: the evening file and ``settle`` print the English ``formula`` only.
FORMULA_WORDS = "formula_words"


@dataclass(frozen=True, slots=True)
class Entry:
    """One journal entry: its postings kept as rows of atoms (``Row``), read as ``postings``."""

    kind: EntryKind
    number: int | None                      # the deal number of a DEAL entry
    players: tuple[str, ...]                # the table, in seat order
    rows: tuple[Row, ...]                   # the postings, as kept (``Row``)
    amounts: tuple[int, ...]                # the legs' amounts: every player in seat order, then the pots
    pots: tuple[enum.Enum, ...] = ()        # the family's pot accounts, in the legs' order
    contents: tuple[int, ...] = ()          # each pot's content after this entry
    state: Any = None                       # what the next deal needs from this one (family-defined)
    info: tuple[tuple[str, Any], ...] = ()  # the family's facts about the deal (``formula``, ``radl`` …)

    @property
    def postings(self) -> tuple[Posting, ...]:
        pots = self.pots
        return tuple([_posting(row, pots) for row in self.rows])

    @property
    def legs(self) -> tuple[tuple[Account, int], ...]:
        return tuple(zip((*self.players, *self.pots), self.amounts))

    @property
    def net(self) -> dict[Account, int]:
        return dict(self.legs)

    @property
    def pot_contents(self) -> dict[str, int]:
        """Each pot's content after this entry, by the pot's name."""
        return {pot.value: content for pot, content in zip(self.pots, self.contents)}

    @property
    def facts(self) -> dict[str, Any]:
        return dict(self.info)

    def __reduce__(self):
        # A reason's number holds in this process only: pickled, the postings go as objects.
        return _entry_of_postings, (self.kind, self.number, self.players, self.postings, self.amounts, self.pots,
                                    self.contents, self.state, self.info)


def _rows(postings: Iterable[Posting], pots: tuple[enum.Enum, ...]) -> tuple[Row, ...]:
    place = {pot: i for i, pot in enumerate(pots)}
    return tuple((place.get(p.payer, p.payer), place.get(p.payee, p.payee), p.amount, _reason_number(p.reason),
                  p.detail) for p in postings)


def _entry_of_postings(kind, number, players, postings, amounts, pots, contents, state, info) -> Entry:
    """An unpickled ``Entry``: its postings kept as rows again, the reasons numbered in this process."""
    return Entry(kind, number, players, _rows(postings, pots), amounts, pots, contents, state, info)


#: A posting as a family may hand it to ``make_entry`` on its hot path: ``(payer, payee, amount,
#: reason, detail)``, the fields of a ``Posting`` in its order, without building the object only
#: for it to be kept as a ``Row``.
PostingTuple = tuple[Account, Account, int, enum.Enum, str]


def make_entry(kind: EntryKind, number: int | None, players: tuple[str, ...],
               postings: Iterable[Posting | PostingTuple], *,
               pots: tuple[enum.Enum, ...] = (), before: tuple[int, ...] = (), state: Any = None,
               info: tuple[tuple[str, Any], ...] = (), floored: bool = True) -> Entry:
    """The entry of ``postings`` (``Posting`` objects or ``PostingTuple``s; zero amounts dropped):
    the legs of every player and pot. Raises
    ``LedgerError`` if a posting names an account outside the table, if the legs do not sum to zero
    or if a pot would go below zero (``floored``: a pot that holds something, like the Danish cups;
    a written-score family's sheet account, the other side of what is written, has no floor)."""
    legs: dict[Account, int] = dict.fromkeys((*players, *pots), 0)
    rows: list[Row] = []
    numbers = _REASON_NUMBERS   # a reason met before: its number without a call
    # An account outside the table is found by the legs' own lookup (a KeyError) rather than by
    # looking each account up once more first; and an entry without pots (most families') keeps
    # its accounts as they are, so only an entry with pots looks each one up in ``place``.
    place = {pot: i for i, pot in enumerate(pots)} if pots else None   # a pot's atom in a row
    for p in postings:
        if p.__class__ is tuple:
            payer, payee, amount, reason, detail = p
        else:
            payer, payee, amount, reason, detail = p.payer, p.payee, p.amount, p.reason, p.detail
        if not amount:
            continue
        try:
            legs[payer] -= amount
            legs[payee] += amount
        except KeyError:
            raise LedgerError(
                f"posting to an account outside the table: {Posting(payer, payee, amount, reason, detail)}") from None
        code = numbers.get(reason)
        if code is None:
            code = _reason_number(reason)
        if place is None:
            rows.append((payer, payee, amount, code, detail))
        else:
            rows.append((place.get(payer, payer), place.get(payee, payee), amount, code, detail))
    amounts = tuple(legs.values())
    if sum(amounts) != 0:
        raise LedgerError(f"{kind.value} {number}: entry sums to {sum(amounts)}")
    if pots:
        before = before or (0,) * len(pots)
        contents = tuple([b + legs[pot] for b, pot in zip(before, pots)])
        if floored and min(contents) < 0:
            raise LedgerError(f"{kind.value} {number}: a pot went below zero ({contents})")
    else:   # no pot, no content: no generator set up only to find nothing
        contents = ()
    return Entry(kind, number, players, tuple(rows), amounts, pots, contents, state, info)


def holds(pot: enum.Enum) -> bool:
    """Whether ``pot`` holds something to share, like the Danish cups. A pot says otherwise with a
    ``holds`` attribute of False: a written-score family's sheet, the other side of what each deal
    writes, is an account of the ledger but never a cup (``cup_contents``)."""
    return getattr(pot, "holds", True)


def cup_contents(entry: Any) -> dict[str, int]:
    """The content after ``entry`` of the pots that hold something (``holds``), by name: what the
    sheet and ``settle --json`` show as "cups". Every pot of a family with cups; none of a family
    without pots or whose only pot is a written score's sheet."""
    contents = entry.pot_contents
    return {pot.value: contents[pot.value] for pot in entry.pots if holds(pot)}


def zero_sum_money(totals: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    """The points each player wins or pays at the end of a family whose deals are payments: his
    total itself (the totals of such a family sum to zero)."""
    return tuple(totals)


def player_totals(players: tuple[str, ...], entries: Iterable[Any]) -> dict[str, int]:
    """Each player's total over ``entries`` (an entry's amounts list the players first, in seat order)."""
    # Summed column by column (the transposed amounts), not entry by entry: an evening's totals are
    # summed twice as it is settled, and a loop in Python over every entry's every leg cost more.
    columns = zip(*[entry.amounts for entry in entries])
    totals = dict.fromkeys(players, 0)
    for player, column in zip(players, columns):
        totals[player] = sum(column)
    return totals


@dataclass(frozen=True)
class Settlement:
    """A whole evening at one table, in any family: the opening, every deal, the split, the totals
    and who pays whom. ``rules`` names the rule set (rate card) it was settled with."""

    players: tuple[str, ...]
    rules: str
    opening: Any
    deals: tuple[Any, ...]
    split: Any
    totals: tuple[tuple[str, int], ...]
    transfers: tuple[Transfer, ...]
    #: A written-score family: the points each player wins or pays at the end (``Family.money``),
    #: when they are not the totals themselves; ``transfers`` settle these. ``None``: the totals.
    money: tuple[tuple[str, int], ...] | None = None

    @property
    def entries(self) -> tuple[Any, ...]:
        return (self.opening, *self.deals, self.split)

    @property
    def pots(self) -> tuple[str, ...]:
        """The names of the family's pots (the Danish cups), none for a family without."""
        return tuple(pot.value for pot in self.opening.pots)

    @property
    def cups(self) -> tuple[str, ...]:
        """The names of the pots that hold something to share (``holds``): the Danish cups; not a
        written-score family's sheet."""
        return tuple(pot.value for pot in self.opening.pots if holds(pot))

    def running(self) -> list[dict[str, int]]:
        """The players' running totals after the opening and after each deal (the paper sheet)."""
        rows, total = [], Counter()
        for entry in (self.opening, *self.deals):
            total.update({p: entry.net[p] for p in self.players})
            rows.append({p: total[p] for p in self.players})
        return rows


def settlement(players: tuple[str, ...], rules: str, opening: Any, deals: Iterable[Any], split: Any,
               money: Any = None, running: dict[str, int] | None = None) -> Settlement:
    """The settlement of these entries: totals and the fewest transfers. Without ``money`` the
    totals are payments and are asserted zero-sum; with it (a written-score family's
    ``money(totals)``) the money is asserted zero-sum and the transfers settle it. ``running``:
    each player's total before the split (``player_totals`` of the opening and the deals), which
    the caller worked out for the split: the totals are then it and the split's amounts, rather than
    every entry summed again."""
    deals = tuple(deals)
    if running is None:
        summed = player_totals(players, (opening, *deals, split))
        totals = tuple((p, summed[p]) for p in players)
    else:   # an entry's amounts list the players first, in seat order
        totals = tuple((p, running[p] + amount) for p, amount in zip(players, split.amounts))
    paid = totals if money is None else tuple(money(totals))
    if sum(amount for _, amount in paid) != 0:
        raise LedgerError(f"the evening's money sums to {sum(amount for _, amount in paid)}")
    return Settlement(players, rules, opening, deals, split, totals, fewest_transfers(paid),
                      None if money is None else paid)


def settle_checked(players: tuple[str, ...], number: int, deal: Any, state: Any, card: Any, *,
                   validate_deal: Any, settle_valid_deal: Any) -> Entry:
    """The journal entry of one deal by ``settle_valid_deal``, after ``validate_deal``; raises
    ``EveningError`` if the deal is not valid."""
    problems = validate_deal(players, number, deal, card)
    if problems:
        raise EveningError(problems)
    return settle_valid_deal(players, number, deal, state, card)


def settle_in_turn(evening: Any, card: Any, *, validate_evening: Any, settle_opening: Any, settle_deal: Any,
                   settle_split: Any, money: Any = None, validated: bool = False) -> Settlement:
    """Validate a whole evening and settle it with ``card``: the opening, each deal given the
    ``Entry.state`` the entry before it left (``settle_deal`` of a valid deal), the split, and
    the ``settlement`` (``money``: a written-score family's rule). Raises ``EveningError`` with
    every problem found (``validated``: already checked by the family's reader, not again)."""
    problems = [] if validated else validate_evening(evening, card)
    if problems:
        raise EveningError(problems)
    players = evening.players
    opening = settle_opening(players, card)
    state, deals = opening.state, []
    for number, deal in enumerate(evening.deals, 1):
        entry = settle_deal(players, number, deal, state, card)
        deals.append(entry)
        state = entry.state
    running = player_totals(players, (opening, *deals))
    split = settle_split(players, state, running, card)
    return settlement(players, card.name, opening, deals, split, money=money, running=running)
