"""Settlement as double-entry journal entries (docs/rules/danish.md §2, §3, §4).

One entry for the opening, one per deal, one for the split. An entry is a list of postings (who
pays whom, and why) and their legs per account: each player at the table and the two cups. Every
entry sums to zero; the engine raises ``LedgerError`` rather than return one that does not.

An entry keeps its postings as rows of plain atoms (see ``Row``), made into ``Posting`` objects when
they are read.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .model import (
    IN_LAST_TRICK, Account, Cup, CupFine, Deal, DealKind, Evening, Fate, FineKind, IdentityEnum, MeldKind, Seating,
    Suit, seating, seatings,
)
from scoring.engine.ledger import EntryKind, LedgerError, Posting, Settlement, player_totals, settlement
from scoring.engine.problems import EveningError
from .rates import RateCard, rate_card
from .validate import validate_deal, validate_evening


class Reason(IdentityEnum):
    """Why a posting was made; each names the rule it comes from."""

    OPENING = "opening"              # §2 opening
    DEALER_FEE = "dealer_fee"        # §2 dealer's fee
    FINE = "fine"                    # §4
    MELD = "meld"                    # §3.1
    PAGAT_HOME = "pagat_home"        # §3.2
    PAGAT_LOST = "pagat_lost"        # §3.2
    KING_LOST = "king_lost"          # §3.2
    TOUT = "tout"                    # §3.3.1
    FAILED_TOUT = "failed_tout"      # a card with failed_tout_each (docs/rate-cards.md)
    ULTIMO = "ultimo"                # §3.3.2
    BAGUD = "bagud"                  # §3.3.3
    CUP_FINE = "cup_fine"            # §7.4: a cup's contents replaced (the older rule book)
    LAST_TRICK = "last_trick"        # §3.3.4
    NOLO = "nolo"                    # §3.3.5
    KING_HOME = "king_home"          # docs/rules/grosstarock.md §3: a king home (grosstarock)
    ANNOUNCED_VOLE = "announced_vole"  # docs/rules/grosstarock.md §3: won (instead of the tout) or failed
    ANNOUNCED_NOLO = "announced_nolo"  # docs/rules/grosstarock.md §3: won or failed
    COUNTING = "counting"            # §3.3.6
    REFUND = "refund"                # §2 re-funding an empty cup
    SPLIT = "split"                  # §2 end of the evening


#: A posting as an entry keeps it: ``(payer, payee, amount, reason, detail)`` made of atoms only,
#: a player by name, a cup by its number in ``CUPS`` and the reason by its number in ``REASONS``.
#: The garbage collector stops tracking a tuple of atoms the first time it sees it; kept as
#: ``Posting`` objects, the entries of a 20,000-deal evening cost more in collections than in
#: settling. ``Entry.postings`` reads the rows back as ``Posting`` objects.
Row = tuple[str | int, str | int, int, int, str]

CUPS = (Cup.KING, Cup.PAGAT)     # the cups, in the enum's order and in every entry's legs
REASONS = tuple(Reason)
_KING, _PAGAT = CUPS
_ATOM: dict[Cup | Reason, int] = {**{cup: i for i, cup in enumerate(CUPS)},
                                  **{reason: i for i, reason in enumerate(REASONS)}}
_KING_ATOM, _PAGAT_ATOM = _ATOM[_KING], _ATOM[_PAGAT]

#: A posting's detail: the value of the meld kind, fine kind, king's suit or cup it is about, and
#: "pagat" for the pagat card (``None`` in ``Deal.cards()``).
_DETAIL: dict[object, str] = {None: "pagat", **{m: m.value for e in (MeldKind, FineKind, Suit, Cup) for m in e}}


def _row(payer: Account, payee: Account, amount: int, reason: Reason, detail: str = "") -> Row:
    return (_ATOM.get(payer, payer), _ATOM.get(payee, payee), amount, _ATOM[reason], detail)


def _account(atom: str | int) -> Account:
    return CUPS[atom] if isinstance(atom, int) else atom


def _posting(row: Row) -> Posting:
    payer, payee, amount, reason, detail = row
    return Posting(_account(payer), _account(payee), amount, REASONS[reason], detail)


@dataclass(frozen=True, slots=True)
class Cups:
    king: int = 0
    pagat: int = 0

    def get(self, cup: Cup) -> int:
        return self.king if cup is _KING else self.pagat

    def moved(self, legs: dict[Account, int]) -> "Cups":
        return Cups(self.king + legs.get(_KING, 0), self.pagat + legs.get(_PAGAT, 0))


@dataclass(frozen=True, slots=True)
class Entry:
    """One journal entry. It keeps atoms only (see ``Row``); ``postings``, ``legs`` (``net``) and
    ``cups`` read them as the engine's objects."""

    kind: EntryKind
    number: int | None                      # the deal number of a DEAL entry
    players: tuple[str, ...]                # the table, in seat order
    rows: tuple[Row, ...]                   # the postings, as kept (``Row``)
    amounts: tuple[int, ...]                # the legs' amounts: every player in seat order, then the cups
    contents: tuple[int, int]               # the cups' content after this entry: king, pagat

    @property
    def cups(self) -> Cups:
        """The cups' content after this entry."""
        return Cups(*self.contents)

    @property
    def postings(self) -> tuple[Posting, ...]:
        return tuple([_posting(row) for row in self.rows])

    @property
    def legs(self) -> tuple[tuple[Account, int], ...]:
        """Every player in seat order, then king and pagat cup, with what the entry moves."""
        return tuple(zip((*self.players, *CUPS), self.amounts))

    @property
    def net(self) -> dict[Account, int]:
        return dict(self.legs)

    # The ledger's protocol (ledger.py): the cups are this family's pots and its state.
    pots = CUPS
    info = ()

    @property
    def facts(self) -> dict:
        return {}

    @property
    def pot_contents(self) -> dict[str, int]:
        return {"king": self.contents[0], "pagat": self.contents[1]}

    @property
    def state(self) -> Cups:
        return Cups(*self.contents)


@dataclass(frozen=True, slots=True)
class CuplessEntry(Entry):
    """An entry of a card without cups (``RateCard.has_cups`` false, docs/rules/grosstarock.md §1):
    the same rows, but no pots, so the sheet, ``settle --json`` (``"cups": {}``) and the ledger
    see none. Its cup amounts and contents are always 0."""

    pots = ()

    @property
    def pot_contents(self) -> dict[str, int]:
        return {}

    @property
    def legs(self) -> tuple[tuple[Account, int], ...]:
        return tuple(zip(self.players, self.amounts))


def _make_entry(kind: EntryKind, number: int | None, players: tuple[str, ...], cups: Cups,
                rows: list[Row], entry: type[Entry] = Entry) -> Entry:
    """The entry of ``rows`` (double entry): the legs of every player in seat order and of both
    cups; raises ``LedgerError`` if a posting names an account outside the table, if the legs do
    not sum to zero or if a cup would go below zero."""
    legs = _no_legs(players)
    return _entry_of(kind, number, players, cups, legs, _posted(legs, rows), entry)


def _no_legs(players: tuple[str, ...]) -> dict[str | int, int]:
    """Every account of the table at 0: each player in seat order, then the king and pagat cup."""
    legs: dict[str | int, int] = dict.fromkeys(players, 0)
    legs[_KING_ATOM] = legs[_PAGAT_ATOM] = 0
    return legs


def _posted(legs: dict[str | int, int], rows: Iterable[Row]) -> list[Row]:
    """The rows that move something (a card may set an amount to 0: no posting), each added to
    ``legs``; raises ``LedgerError`` if one names an account outside the table (not in ``legs``)."""
    kept: list[Row] = []
    keep = kept.append
    for row in rows:
        payer, payee, amount, _reason, _detail = row
        if amount:
            if payer in legs and payee in legs:
                legs[payer] -= amount
                legs[payee] += amount
                keep(row)
            else:
                raise LedgerError(f"posting to an account outside the table: {_posting(row)}")
    return kept


def _entry_of(kind: EntryKind, number: int | None, players: tuple[str, ...], cups: Cups,
              legs: dict[str | int, int], rows: list[Row], entry: type[Entry] = Entry) -> Entry:
    """The entry of ``rows`` already ``_posted`` into ``legs``; raises ``LedgerError`` if the legs
    do not sum to zero or if a cup would go below zero."""
    return entry(kind, number, players, tuple(rows), tuple(legs.values()), _checked(kind, number, cups, legs))


def _checked(kind: EntryKind, number: int | None, cups: Cups, legs: dict[str | int, int]) -> tuple[int, int]:
    """The cups' content (king, pagat) once ``legs`` are paid; raises ``LedgerError`` if the legs
    do not sum to zero or if a cup would go below zero."""
    total = sum(legs.values())
    if total != 0:
        raise LedgerError(f"{kind.value} {number}: entry sums to {total}")
    king, pagat = cups.king + legs[_KING_ATOM], cups.pagat + legs[_PAGAT_ATOM]
    if king < 0 or pagat < 0:
        raise LedgerError(f"{kind.value} {number}: a cup went below zero ({Cups(king, pagat)})")
    return king, pagat


def _into_cups(player: str, amount: int, reason: Reason, detail: str = "") -> list[Row]:
    """``amount`` from ``player`` into each cup."""
    code = _ATOM[reason]
    return [(player, _KING_ATOM, amount, code, detail), (player, _PAGAT_ATOM, amount, code, detail)]


def _from_each(others: tuple[str, str], payee: str, amount: int, reason: Reason, detail: str = "") -> list[Row]:
    """``amount`` to the player ``payee`` from each of his two fellow players ``others`` (``_opponents``)."""
    code = _ATOM[reason]
    first, second = others   # two rows written out: no comprehension's frame on every payment
    return [(first, payee, amount, code, detail), (second, payee, amount, code, detail)]


def _to_each(payer: str, others: tuple[str, str], amount: int, reason: Reason, detail: str = "") -> list[Row]:
    """``amount`` from the player ``payer`` to each of his two fellow players ``others`` (``_opponents``)."""
    code = _ATOM[reason]
    first, second = others
    return [(payer, first, amount, code, detail), (payer, second, amount, code, detail)]


def settle_opening(players: tuple[str, ...], card: RateCard) -> Entry:
    """Every player at the table puts ``opening_per_cup`` into each cup (docs/rules/danish.md §2, §3b(1))."""
    rows = [row for player in players for row in _into_cups(player, card.opening_per_cup, Reason.OPENING)]
    return _make_entry(EntryKind.OPENING, None, players, Cups(), rows, _entry_type(card))


def _entry_type(card: RateCard) -> type[Entry]:
    """``CuplessEntry`` for a card without cups (``RateCard.cupless``, docs/rules/grosstarock.md §1),
    else ``Entry``."""
    return CuplessEntry if card.cupless else Entry


def settle_deal(players: tuple[str, ...], number: int, deal: Deal, cups: Cups, card: RateCard) -> Entry:
    """The journal entry of one deal, given the cups before it (docs/rules/danish.md §2-§4).

    Raises ``EveningError`` if the deal is not valid (docs/rules/danish.md §5).
    """
    problems = validate_deal(players, number, deal, card)
    if problems:
        raise EveningError(problems)
    return _settle_valid_deal(players, number, deal, cups, card, seating(players, deal.dealer), _entry_type(card))


def _settle_valid_deal(players: tuple[str, ...], number: int, deal: Deal, cups: Cups, card: RateCard,
                       seats: Seating, entry_type: type[Entry] = Entry,
                       others: dict[str, tuple[str, str]] | None = None) -> Entry:
    """``others``: ``_opponents(seats.active)``, if the caller has it (an evening's are worked out
    once per dealer)."""
    if deal.kind is DealKind.REDEAL:   # docs/rules/danish.md §7.4: a free redeal pays nothing, not even the fee
        return _make_entry(EntryKind.DEAL, number, players, cups, [], entry_type)
    if others is None:
        others = _opponents(seats.active)
    # The legs are summed as the rows are paid, once: the snapshot, the entry and a re-funded
    # entry read the same running legs instead of adding every row up again.
    legs = _no_legs(players)
    rows = _posted(legs, _until_end_of_play(deal, others, card))
    if deal.kind is DealKind.PLAYED and not (deal.announced_nolo and _won_announced_nolo(deal) is not None):
        # the snapshot rule: the end of play pays K and P as they are now
        snapshot = Cups(cups.king + legs[_KING_ATOM], cups.pagat + legs[_PAGAT_ATOM])
        rows += _posted(legs, _end_of_play(seats, deal, others, snapshot, card))
    contents = _checked(EntryKind.DEAL, number, cups, legs)
    empty = [cup for cup, content in zip(CUPS, contents) if content == 0]
    if not empty or entry_type is CuplessEntry:   # a card without cups re-funds none (docs/rules/grosstarock.md §1)
        return entry_type(EntryKind.DEAL, number, players, tuple(rows), tuple(legs.values()), contents)
    for cup in empty:  # §2 re-funding: a cup left empty is refilled by everyone at the table
        rows += _posted(legs, _into_cup(players, cup, card.refund_per_player, Reason.REFUND))
    return _entry_of(EntryKind.DEAL, number, players, cups, legs, rows)


def _into_cup(players: Iterable[str], cup: Cup, amount: int, reason: Reason) -> list[Row]:
    """``amount`` from each of ``players`` into ``cup``."""
    return [_row(player, cup, amount, reason) for player in players]


def _opponents(active: tuple[str, str, str]) -> dict[str, tuple[str, str]]:
    """Each active player's two fellow players, in seat order ("from each", "to each", docs/rules/danish.md §3)."""
    first, second, third = active
    return {first: (second, third), second: (first, third), third: (first, second)}


def _until_end_of_play(deal: Deal, others: dict[str, tuple[str, str]], card: RateCard) -> list[Row]:
    """A deal's postings before the end of play (docs/rules/danish.md §2, §3.1, §3.2, §4), in the order they
    are paid; a misdeal or scrapped deal has no others."""
    rows = _into_cups(deal.dealer, card.dealer_fee_per_cup, Reason.DEALER_FEE)
    if deal.fines or deal.kind is DealKind.MISDEAL:
        fine = _to_players if card.fines_to_players else _fine_into_cups
        if deal.kind is DealKind.MISDEAL and not deal.passed:  # §11a: the misdeal fine, once (§7.4: unless passed)
            rows += fine(deal.dealer, others, card.fine_per_cup(FineKind.MISDEAL), _DETAIL[FineKind.MISDEAL])
        for each in deal.fines:
            if each.kind is FineKind.MISDEAL:
                continue  # the same fine the misdeal deal already charged
            rows += fine(each.player, others, card.fine_per_cup(each.kind, each.amount), _DETAIL[each.kind])
    if deal.kind is not DealKind.PLAYED:
        return rows

    # §3.1 melds, from each other active player
    for meld in deal.melds:
        rows += _from_each(others[meld.player], meld.player, card.meld_price(meld.kind, meld.count),
                           Reason.MELD, _DETAIL[meld.kind])
    if deal.announced_nolo and (won := _won_announced_nolo(deal)) is not None:
        # docs/rules/grosstarock.md §3: a won announced nolo, the melds and the fines are all it pays
        return rows + _from_each(others[won.player], won.player, card.announced_nolo_each(won.before_trick, True),
                                 Reason.ANNOUNCED_NOLO, str(won.before_trick))

    # §3.2 during play
    pagat = deal.pagat
    if pagat.fate is Fate.HOME:
        rows += _from_each(others[pagat.owner], pagat.owner, card.pagat_home_each, Reason.PAGAT_HOME)
    elif pagat.fate is Fate.LOST:
        rows += _to_each(pagat.owner, others[pagat.owner], card.pagat_lost_each, Reason.PAGAT_LOST)
        rows.append(_row(pagat.owner, _PAGAT, card.pagat_lost_cup, Reason.PAGAT_LOST))
    king_home = card.king_home_each if deal.kings else 0
    for suit, king in deal.kings:
        if king.fate is Fate.LOST:
            rows += _to_each(king.owner, others[king.owner], card.king_lost_each, Reason.KING_LOST, _DETAIL[suit])
            rows.append(_row(king.owner, _KING, card.king_lost_cup, Reason.KING_LOST, _DETAIL[suit]))
        elif king_home and king.fate is Fate.HOME:   # docs/rules/grosstarock.md §3: "Einen Stich mit einem König machen"
            rows += _from_each(others[king.owner], king.owner, king_home, Reason.KING_HOME, _DETAIL[suit])
    return rows


def _fine_into_cups(player: str, others: dict[str, tuple[str, str]], amount: int, detail: str) -> list[Row]:
    """A fine into each cup (docs/rules/danish.md §4)."""
    return _into_cups(player, amount, Reason.FINE, detail)


def _to_players(player: str, others: dict[str, tuple[str, str]], amount: int, detail: str) -> list[Row]:
    """A fine to each other active player, on a card with ``fines_to_players`` (docs/rules/grosstarock.md
    §1: "alle Strafen werden von dem Spieler gezahlt, der sie erhält, an beide Gegner")."""
    return _to_each(player, others[player], amount, Reason.FINE, detail)


def _won_announced_nolo(deal: Deal):
    """The announced nolo that was won: its player is the deal's ``nolo`` (docs/rules/grosstarock.md §3)."""
    return next((a for a in deal.announced_nolo if a.player == deal.nolo), None) if deal.nolo is not None else None


def _announcements(deal: Deal, others: dict[str, tuple[str, str]], card: RateCard) -> list[Row]:
    """Failed announcements, each paid to each other active player, besides the normal payments
    (docs/rules/grosstarock.md §3): a vole whose player is not the ``tout`` ("die gleiche Strafe in
    umgekehrter Reihenfolge"), a nolo whose player is not the ``nolo`` (10 / 5). A won vole is
    paid instead of the tout (``_end_of_play``); a won nolo never comes here."""
    rows: list[Row] = []
    vole = deal.announced_vole
    if vole is not None and vole.player != deal.tout:
        rows += _to_each(vole.player, others[vole.player], card.vole_each(vole.before_trick),
                         Reason.ANNOUNCED_VOLE, str(vole.before_trick))
    for nolo in deal.announced_nolo:
        rows += _to_each(nolo.player, others[nolo.player], card.announced_nolo_each(nolo.before_trick, False),
                         Reason.ANNOUNCED_NOLO, str(nolo.before_trick))
    return rows


def _end_of_play(seats: Seating, deal: Deal, others: dict[str, tuple[str, str]], snapshot: Cups,
                 card: RateCard) -> list[Row]:
    """The postings of the end of play (docs/rules/danish.md §3.3, in its order), with the cups' content
    ``snapshot`` when play ended (the snapshot rule)."""
    rows: list[Row] = []
    cards = deal.cards()
    ultimo_paid = False
    if deal.tout is not None:  # 1. tout; a won announced vole instead (docs/rules/grosstarock.md §3)
        vole = deal.announced_vole
        if vole is not None and vole.player == deal.tout:
            rows += _from_each(others[deal.tout], deal.tout, card.vole_each(vole.before_trick),
                               Reason.ANNOUNCED_VOLE, str(vole.before_trick))
        else:
            rows += _from_each(others[deal.tout], deal.tout, card.tout_each, Reason.TOUT)
        rows += [_row(cup, deal.tout, snapshot.get(cup), Reason.TOUT, _DETAIL[cup])
                 for cup in CUPS if snapshot.get(cup)]
    if deal.failed_tout is not None:  # 1b. a failed tout, on a card that has one: "costs the same"
        rows += _to_each(deal.failed_tout, others[deal.failed_tout], card.failed_tout_each, Reason.FAILED_TOUT)
        if card.failed_tout_doubles_cups:
            rows += [_row(deal.failed_tout, cup, snapshot.get(cup), Reason.FAILED_TOUT, _DETAIL[cup])
                     for cup in CUPS if snapshot.get(cup)]
    if deal.announced_vole is not None or deal.announced_nolo:   # failed announcements
        rows += _announcements(deal, others, card)
    blocked = ultimo_blocked(card, ((f.player, f.kind) for f in deal.fines), deal.ultimo_forfeited)
    for cup, suit, fate in cards:  # 2. ultimo; a tout or nolo voids it unless the card says ultimo_always
        if fate.fate is Fate.ULTIMO and ultimo_pays(card, fate.owner, blocked, deal.tout, deal.nolo):
            each = card.pagat_ultimo_each if cup is _PAGAT else card.king_ultimo_each
            rows += _from_each(others[fate.owner], fate.owner, each, Reason.ULTIMO, _DETAIL[suit])
            if snapshot.get(cup):
                rows.append(_row(cup, fate.owner, snapshot.get(cup), Reason.ULTIMO, _DETAIL[suit]))
            ultimo_paid = True
    fallen = True   # the pagat and every king fell before the last trick
    for cup, suit, fate in cards:  # 3. bagud
        if fate.fate is Fate.BAGUD:
            each = card.pagat_bagud_each if cup is _PAGAT else card.king_bagud_each
            rows += _to_each(fate.owner, others[fate.owner], each, Reason.BAGUD, _DETAIL[suit])
            if snapshot.get(cup):
                rows.append(_row(fate.owner, cup, snapshot.get(cup), Reason.BAGUD, _DETAIL[suit]))
        if fate.fate in IN_LAST_TRICK:
            fallen = False
    for each in deal.cup_fines:   # 3b. a cup's contents replaced (docs/rules/danish.md §7.4)
        rows += _cup_fine(each, snapshot.get(each.cup))
    if last_trick_pays(card, deal.tout, deal.nolo, ultimo_paid, fallen):   # 4. last trick
        rows += _from_each(others[deal.last_trick], deal.last_trick, card.last_trick_each, Reason.LAST_TRICK)
    if deal.nolo is not None:  # 5. nolo (and no counting, but on a card with count_after_nolo)
        rows += _from_each(others[deal.nolo], deal.nolo, card.nolo_each, Reason.NOLO)
        if card.count_after_nolo:
            rows += _counting(seats.active, seats.default_derived, deal, card)
    else:  # 6. counting
        rows += _counting(seats.active, seats.default_derived, deal, card)
    return rows


def _cup_fine(each: CupFine, contents: int) -> list[Row]:
    """What replacing a cup's contents pays (docs/rules/danish.md §7.4; the older rule book, SPILLET
    l. 189–203), the contents being the cup's when play ended (the snapshot, as an ultimo takes
    it): into the cup, which an ultimo his offence caused has just emptied; or, to the player whose
    ultimo his offence prevented, the cup's contents taken home by him and replaced by the offender."""
    if not contents:
        return []
    rows = [_row(each.player, each.cup, contents, Reason.CUP_FINE, _DETAIL[each.cup])]
    if each.to is not None:
        rows.insert(0, _row(each.cup, each.to, contents, Reason.CUP_FINE, _DETAIL[each.cup]))
    return rows


def ultimo_blocked(card: RateCard, fines: Iterable[tuple[str, FineKind]], forfeited: Iterable[str]) -> set[str]:
    """The players who may not ultimo in this deal: fined with a fine that takes the right away
    (docs/rules/danish.md §3.3.2, "kan ikke ultimere i det spil") or whose ultimo is forfeited
    without a fine (§7.4). ``fines``: (player, kind). The settlement and the sheet's words ask here."""
    return {player for player, kind in fines if card.blocks_ultimo(kind)} | set(forfeited)


def ultimo_pays(card: RateCard, owner: str, blocked: set[str], tout: str | None, nolo: str | None) -> bool:
    """Whether an ultimo won by ``owner`` is paid (§3.3.2): not beside a tout or a nolo (unless the
    card pays it always, ``ultimo_always``), nor to a player who may not ultimo (``ultimo_blocked``)."""
    return (tout is None and nolo is None or card.ultimo_always) and owner not in blocked


def last_trick_pays(card: RateCard, tout: str | None, nolo: str | None, ultimo_paid: bool, fallen: bool) -> bool:
    """Whether the last trick is paid (§3.3.4): not with a tout, a nolo or a paid ultimo; on a card
    that pays it only once the pagat and every king have fallen (``last_trick_needs_honours_fallen``,
    §7.2), not when one was played to the last trick (``fallen`` false: an ultimo or a bagud)."""
    return (tout is None and nolo is None and not ultimo_paid
            and (fallen or not card.last_trick_needs_honours_fallen))


def derived_player(active: tuple[str, ...], default: str, deal: Deal) -> str:
    """Whose counting amount is derived (docs/rules/danish.md §3.3.6 Decision, docs/format.md ``derived``)."""
    counts = deal.count_map
    if len(counts) == 2:
        return next(p for p in active if p not in counts)
    return deal.derived or default


def _counting(active: tuple[str, ...], default: str, deal: Deal, card: RateCard) -> list[Row]:
    """Two counters get their band value; the derived player gets minus their sum (§3.3.6)."""
    derived = derived_player(active, default, deal)
    rows: list[Row] = []
    for player, count in deal.counts:
        if player == derived:
            continue
        value = card.count_value(count)
        if value > 0:
            rows.append(_row(derived, player, value, Reason.COUNTING, str(count)))
        elif value < 0:
            rows.append(_row(player, derived, -value, Reason.COUNTING, str(count)))
    return rows


def settle_split(players: tuple[str, ...], cups: Cups, running: dict[str, int], card: RateCard) -> Entry:
    """Share both cups among all players at the table (docs/rules/danish.md §2, booklet §12).

    Decision: equal shares rounded down to ``split_unit``; the rest goes to the player with the
    lowest running total before the split, the earliest seat on a tie.
    """
    pool = cups.king + cups.pagat
    share = pool // len(players) // card.split_unit * card.split_unit
    lowest = min(players, key=lambda p: (running[p], players.index(p)))
    rows: list[Row] = []
    remaining = {_KING: cups.king, _PAGAT: cups.pagat}

    def pay(player: str, amount: int) -> None:
        for cup in CUPS:  # draw from the king cup first, then the pagat cup
            part = min(amount, remaining[cup])
            if part:
                rows.append(_row(cup, player, part, Reason.SPLIT))
                remaining[cup] -= part
                amount -= part

    for player in players:
        pay(player, share + (pool - share * len(players) if player == lowest else 0))
    return _make_entry(EntryKind.SPLIT, None, players, cups, rows, _entry_type(card))


def settle_evening(evening: Evening, card: RateCard | None = None, *, validated: bool = False) -> Settlement:
    """Validate and settle a whole evening. Raises ``EveningError`` with every problem found.
    ``validated``: the evening was just read by this family's ``parse_evening``, which checked every
    deal with the same card and would have raised; the checks are not run a second time."""
    if card is None:
        card = evening.card or rate_card(evening.rules)
    problems = [] if validated else validate_evening(evening, card)
    if problems:
        raise EveningError(problems)
    players = evening.players
    table = seatings(players)
    others_of = {dealer: _opponents(seats.active) for dealer, seats in table.items()}
    opening = settle_opening(players, card)
    entry_type = _entry_type(card)
    cups, deals = opening.cups, []
    for number, deal in enumerate(evening.deals, 1):
        dealer = deal.dealer
        entry = _settle_valid_deal(players, number, deal, cups, card, table[dealer], entry_type, others_of[dealer])
        deals.append(entry)
        cups = entry.cups
    running = player_totals(players, (opening, *deals))
    split = settle_split(players, cups, running, card)
    return settlement(players, card.name, opening, deals, split, running=running)
