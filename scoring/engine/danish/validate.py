"""What must be impossible to record (RULES.md §5).

``validate_evening`` returns every problem of an evening, each naming the deal and the field, so
that a scorekeeper can fix a whole file (or form) at once.

Validation runs before every settlement, so the happy path is kept cheap: a check runs only when
the deal has what it checks (melds, fines, a tout or nolo, a failed tout; each check would find
nothing otherwise), the keys and field paths of the cards are looked up rather than built, and an
evening's seatings are worked out once. Every check is still the one statement of its rule.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import Iterable

from .model import (
    IN_LAST_TRICK, WON_A_TRICK, CardFate, Court, Cup, Deal, DealKind, Evening, Fate, FineKind, Group, Meld,
    MeldKind, Seating, Suit, seating, seatings,
)
from ..problems import Problem, problem
from .rates import RateCard

# Members used on every deal, looked up once (an enum class attribute is slow to read).
_PLAYED = DealKind.PLAYED
_ULTIMO, _BAGUD, _LOST = Fate.ULTIMO, Fate.BAGUD, Fate.LOST
_TAROKS, _MATADORS, _HALF = MeldKind.TAROKS, MeldKind.MATADORS, MeldKind.HALF

#: Card keys: the pagat (``None``) and the kings by suit; every court card by (suit, court).
_COURT_KEY = {(s, c): f"{s.value}.{c.value}" for s in Suit for c in Court}
_CARD_KEY: dict[Suit | None, str] = {None: "pagat", **{s: _COURT_KEY[s, Court.KING] for s in Suit}}
#: The four cards of a meld group (the kings, or the court cards of one suit), and the group's suit.
_GROUP_SUIT = {g: g.suit for g in Group}
_GROUP_KEYS = {g: tuple(_CARD_KEY[s] for s in Suit) if g is Group.KINGS
               else tuple(_COURT_KEY[g.suit, c] for c in Court) for g in Group}
_GROUP_MELDS = frozenset(k for k in MeldKind if k.is_group)
_SCIES_MELDS = frozenset({MeldKind.OVERFULL, MeldKind.HALF})
#: Field paths of the pagat (``None``) and the kings, by suit.
_CARD_FIELD: dict[Suit | None, str] = {None: "pagat", **{s: f"kings.{s.value}" for s in Suit}}
_OWNER_FIELD = {suit: f"{field}.owner" for suit, field in _CARD_FIELD.items()}
_FATE_FIELD = {suit: f"{field}.fate" for suit, field in _CARD_FIELD.items()}


def validate_players(players: tuple[str, ...]) -> list[Problem]:
    """3–5 distinct non-empty names in seat order (RULES.md §1, FORMAT.md)."""
    found: list[Problem] = []
    if not 3 <= len(players) <= 5:
        found.append(problem(None, "players", "player_count", count=len(players)))
    seen: set[str] = set()
    for i, name in enumerate(players, 1):
        if not name.strip():
            found.append(problem(None, f"players[{i}]", "empty_name"))
        elif name in seen:
            found.append(problem(None, f"players[{i}]", "duplicate_name", name=name))
        seen.add(name)
    return found


def validate_evening(evening: Evening, card: RateCard) -> list[Problem]:
    found = validate_players(evening.players)
    if found:
        return found
    players = evening.players
    table = seatings(players)
    for number, deal in enumerate(evening.deals, 1):
        found += _validate_deal(players, number, deal, card, table.get(deal.dealer))
    return found


def validate_deal(players: tuple[str, ...], number: int, deal: Deal, card: RateCard) -> list[Problem]:
    """Every problem of one deal (RULES.md §5)."""
    seats = seating(players, deal.dealer) if deal.dealer in players else None
    return _validate_deal(players, number, deal, card, seats)


def _validate_deal(players: tuple[str, ...], number: int, deal: Deal, card: RateCard,
                   seats: Seating | None) -> list[Problem]:
    """Every problem of one deal, given its seating (``None``: the dealer is not at the table)."""
    found: list[Problem] = []
    if seats is None:
        found.append(problem(None, "dealer", "not_at_table", name=deal.dealer))
    else:
        found += _check_people(players, seats, deal)
        if deal.fines:
            found += _check_fines(seats, deal, card)
    if deal.kind is _PLAYED:
        cards = deal.cards()
        found += _check_required(deal)
        if deal.melds:
            found += _check_melds(deal, card)
        found += _check_cards(deal)
        found += _check_last_trick(deal, cards)
        if deal.tout is not None or deal.nolo is not None:
            found += _check_tout_nolo(deal, cards)
        if deal.failed_tout is not None:
            found += _check_failed_tout(deal, card)
        if seats is not None:
            found += _check_counts(seats, deal, card)
    else:
        found += _check_void_deal(deal)
    return [replace(p, deal=number) for p in found]


# Each check yields problems with deal number None; _validate_deal stamps the number.

def _people(deal: Deal) -> Iterable[tuple[str, str]]:
    """(field, player) for every person a deal names besides the dealer."""
    for i, meld in enumerate(deal.melds, 1):
        yield f"melds[{i}].player", meld.player
    for i, fine in enumerate(deal.fines, 1):
        yield f"fines[{i}].player", fine.player
    if deal.pagat is not None:
        yield "pagat.owner", deal.pagat.owner
    for suit, fate in deal.kings:
        yield _OWNER_FIELD[suit], fate.owner
    for field, name in (("last_trick", deal.last_trick), ("tout", deal.tout), ("nolo", deal.nolo),
                        ("derived", deal.derived), ("failed_tout", deal.failed_tout)):
        if name is not None:
            yield field, name
    for player, _ in deal.counts:
        yield f"counts.{player}", player


def _check_people(players: tuple[str, ...], seats: Seating, deal: Deal) -> Iterable[Problem]:
    """Owners, winners, melders, counters and fined players must be active (RULES.md §5)."""
    active = seats.active
    for field, name in _people(deal):
        if name not in active:
            yield problem(None, field, "sits_out" if name in players else "not_at_table", name=name)


def _check_void_deal(deal: Deal) -> Iterable[Problem]:
    """A misdeal or scrapped deal carries no play results (RULES.md §4, §5)."""
    carried = {
        "melds": deal.melds, "pagat": deal.pagat, "kings": deal.kings, "last_trick": deal.last_trick,
        "tout": deal.tout, "nolo": deal.nolo, "counts": deal.counts, "derived": deal.derived,
        "failed_tout": deal.failed_tout,
    }
    for field, value in carried.items():
        if value not in (None, ()):
            yield problem(None, field, "only_dealer_and_fines")


def _check_fines(seats: Seating, deal: Deal, card: RateCard) -> Iterable[Problem]:
    """Kinds the card lists, positive custom amounts; the misdeal fine only with a misdeal deal
    (RULES.md §4)."""
    for i, fine in enumerate(deal.fines, 1):
        if not card.accepts_fine(fine.kind):
            yield problem(None, f"fines[{i}].kind", "fine_not_on_card", fine=fine.kind.value, rules=card.name)
            continue
        if fine.kind is FineKind.CUSTOM:
            if not isinstance(fine.amount, int) or isinstance(fine.amount, bool) or fine.amount <= 0:
                yield problem(None, f"fines[{i}].amount", "custom_amount")
        elif fine.amount is not None:
            yield problem(None, f"fines[{i}].amount", "amount_not_custom")
        if fine.kind is FineKind.MISDEAL and (deal.kind is not DealKind.MISDEAL or fine.player != seats.dealer):
            yield problem(None, f"fines[{i}].kind", "misdeal_fine_misplaced")
        elif deal.kind is DealKind.MISDEAL and fine.kind is not FineKind.MISDEAL:
            # RULES.md §4: "A misdeal deal has only the dealer's fee and the misdeal fine."
            yield problem(None, f"fines[{i}].kind", "misdeal_only_its_fine")


def _check_required(deal: Deal) -> Iterable[Problem]:
    if deal.pagat is None:
        yield problem(None, "pagat", "required")
    if deal.last_trick is None:
        yield problem(None, "last_trick", "required")


def _check_melds(deal: Deal, card: RateCard) -> Iterable[Problem]:
    """Meld fields, counts in range, one meld per group and kind per player (RULES.md §3.1, §5)."""
    held: set[tuple[str, object]] = set()
    taroks_total = 0
    for i, meld in enumerate(deal.melds, 1):
        at = f"melds[{i}]"
        if meld.kind in (MeldKind.TAROKS, MeldKind.MATADORS):
            low, high = ((card.taroks_min, card.taroks_max) if meld.kind is MeldKind.TAROKS
                         else (card.matadors_min, card.matadors_max))
            if meld.count is None:
                yield problem(None, f"{at}.count", "required")
            elif not low <= meld.count <= high:
                yield problem(None, f"{at}.count", "meld_count_range", low=low, high=high)
            if meld.kind is MeldKind.TAROKS:
                taroks_total += meld.count or 0
                if meld.pagat is None:
                    yield problem(None, f"{at}.pagat", "required")
            elif meld.pagat is not None:
                yield problem(None, f"{at}.pagat", "meld_field_unused", kind=meld.kind.value)
            for name in ("group", "missing"):
                if getattr(meld, name) is not None:
                    yield problem(None, f"{at}.{name}", "meld_field_unused", kind=meld.kind.value)
            key: object = meld.kind
            if (meld.player, key) in held:
                yield problem(None, f"{at}.kind", "two_melds_kind", name=meld.player, kind=meld.kind.value)
        else:
            for name in ("count", "pagat"):
                if getattr(meld, name) is not None:
                    yield problem(None, f"{at}.{name}", "meld_field_unused", kind=meld.kind.value)
            if meld.group is None:
                yield problem(None, f"{at}.group", "required")
                continue
            if meld.kind is MeldKind.HALF:
                wanted = Suit if meld.group is Group.KINGS else Court
                if meld.missing is None:
                    yield problem(None, f"{at}.missing", "required")
                elif not isinstance(meld.missing, wanted):
                    code = "missing_kind_kings" if wanted is Suit else "missing_kind_court"
                    yield problem(None, f"{at}.missing", code)
            elif meld.missing is not None:
                yield problem(None, f"{at}.missing", "meld_field_unused", kind=meld.kind.value)
            key = meld.group
            if (meld.player, key) in held:
                yield problem(None, f"{at}.group", "two_melds_group", name=meld.player, group=meld.group.value)
        held.add((meld.player, key))
    if taroks_total > 22:
        yield problem(None, "melds", "too_many_taroks", total=taroks_total)


def _meld_cards(meld: Meld) -> list[str]:
    """The key of every card a meld implies its melder holds (RULES.md §3.1, §5)."""
    cards: list[str] = []
    if meld.kind is _TAROKS and meld.pagat:
        cards.append("pagat")
    elif meld.kind is _MATADORS:
        cards += ["pagat", "scies", "tarok21"]
    elif meld.kind in _GROUP_MELDS and meld.group is not None:
        if meld.kind in _SCIES_MELDS:
            cards.append("scies")
        implied = _GROUP_KEYS[meld.group]
        if meld.kind is _HALF and meld.missing is not None:
            suit = _GROUP_SUIT[meld.group]
            missing = (_CARD_KEY[meld.missing] if isinstance(meld.missing, Suit)
                       else _COURT_KEY[suit, meld.missing] if suit else None)
            implied = tuple(c for c in implied if c != missing)
        cards += implied
    return cards


def _half_missing(meld: Meld) -> str | None:
    if meld.kind is not _HALF or meld.group is None or meld.missing is None:
        return None
    if meld.group is Group.KINGS and isinstance(meld.missing, Suit):
        return _CARD_KEY[meld.missing]
    if meld.group is not Group.KINGS and isinstance(meld.missing, Court):
        return _COURT_KEY[_GROUP_SUIT[meld.group], meld.missing]
    return None


def _check_cards(deal: Deal) -> Iterable[Problem]:
    """No card held by two players; 'without pagat' and 'missing' agree with ownership (§5)."""
    claims: dict[str, list[tuple[str, str]]] = defaultdict(list)  # card -> [(player, field)]
    if deal.pagat is not None:
        claims["pagat"].append((deal.pagat.owner, "pagat.owner"))
    for suit, fate in deal.kings:
        claims[_CARD_KEY[suit]].append((fate.owner, _OWNER_FIELD[suit]))
    for i, meld in enumerate(deal.melds, 1):
        at = f"melds[{i}]"
        for key in _meld_cards(meld):
            claims[key].append((meld.player, f"{at}.pagat" if (key == "pagat" and meld.kind is _TAROKS) else at))
    for key, holders in claims.items():
        first = holders[0][0]
        for player, field in holders[1:]:
            if player != first:
                yield problem(None, field, "card_claimed_twice", card=key, first=first, second=player)
                break
    if not deal.melds:
        return
    owners = {key: holders[0][0] for key, holders in claims.items()}
    for i, meld in enumerate(deal.melds, 1):
        if meld.kind is _TAROKS and meld.pagat is False and owners.get("pagat") == meld.player:
            yield problem(None, f"melds[{i}].pagat", "taroks_without_own_pagat", name=meld.player)
        missing = _half_missing(meld)
        if missing and any(p == meld.player for p, _ in claims.get(missing, ())):
            yield problem(None, f"melds[{i}].missing", "missing_card_owned", name=meld.player, card=missing)


def _check_last_trick(deal: Deal, cards: tuple[tuple[Cup, Suit | None, CardFate], ...]) -> Iterable[Problem]:
    """Ultimo and bagud agree with the last trick (RULES.md §3.3.2-3, §5)."""
    ultimo_seen = False
    in_trick: set[str] = set()
    for _, suit, card in cards:
        fate, owner = card.fate, card.owner
        if fate is _ULTIMO:
            if ultimo_seen:
                yield problem(None, _FATE_FIELD[suit], "two_ultimo")
            ultimo_seen = True
            if deal.last_trick is not None and owner != deal.last_trick:
                yield problem(None, _FATE_FIELD[suit], "ultimo_not_winner", name=owner)
        if fate is _BAGUD and owner == deal.last_trick:
            yield problem(None, _FATE_FIELD[suit], "bagud_winner", name=owner)
        if fate in IN_LAST_TRICK:
            if owner in in_trick:
                yield problem(None, _FATE_FIELD[suit], "two_cards_last_trick", name=owner)
            in_trick.add(owner)


def _check_tout_nolo(deal: Deal, cards: tuple[tuple[Cup, Suit | None, CardFate], ...]) -> Iterable[Problem]:
    """Tout and nolo agree with the tricks (RULES.md §3.3.1, §3.3.5, §5)."""
    if deal.tout is not None:
        if deal.last_trick is not None and deal.tout != deal.last_trick:
            yield problem(None, "tout", "tout_not_winner", name=deal.tout)
        if deal.nolo is not None:
            yield problem(None, "nolo", "tout_and_nolo")
        for _, suit, card in cards:
            if card.owner != deal.tout and card.fate in WON_A_TRICK:
                yield problem(None, _FATE_FIELD[suit], "tout_card_home",
                              name=deal.tout, owner=card.owner, card=_CARD_KEY[suit])
            if card.owner == deal.tout and card.fate is _LOST:
                yield problem(None, _FATE_FIELD[suit], "tout_card_lost", name=deal.tout, card=_CARD_KEY[suit])
    if deal.nolo is not None:
        if deal.nolo == deal.last_trick:
            yield problem(None, "nolo", "nolo_winner", name=deal.nolo)
        for _, suit, card in cards:
            if card.owner == deal.nolo and card.fate in WON_A_TRICK:
                yield problem(None, _FATE_FIELD[suit], "nolo_card_home", name=deal.nolo, card=_CARD_KEY[suit])


def _check_failed_tout(deal: Deal, card: RateCard) -> Iterable[Problem]:
    """A failed tout only on a card that prices it, and not by the player who made the tout."""
    if deal.failed_tout is None:
        return
    if card.failed_tout_each is None:
        yield problem(None, "failed_tout", "failed_tout_not_on_card", rules=card.name)
    if deal.failed_tout == deal.tout:
        yield problem(None, "failed_tout", "failed_tout_made", name=deal.failed_tout)


def _check_counts(seats: Seating, deal: Deal, card: RateCard) -> Iterable[Problem]:
    """Counts in range and adding up; the derived player (RULES.md §3.3.6, §5).

    Each count is 1–78; after a tout each opponent's is 0–78 (a player without a trick) and the
    tout-maker's 1–78, as counted: the app never demands 78 and 0 (§3.3.6, amended). Two counts
    add up to at most 77 (78 after a tout), three to exactly 78.
    """
    total = card.count_total
    if deal.nolo is not None:
        if deal.counts:
            yield problem(None, "counts", "counts_after_nolo")
        if deal.derived is not None:
            yield problem(None, "derived", "counts_after_nolo")
        return
    if len(deal.counts) not in (2, 3):
        yield problem(None, "counts", "counts_missing")
        return
    in_range = True
    for player, count in deal.counts:
        # §3.3.6 (amended): counts are entered as counted; after a tout an opponent may hold
        # nothing (0), though the dealer counts his skat and the scies' owner its 4.
        low = 0 if deal.tout is not None and player != deal.tout else 1
        if not low <= count <= total:
            yield problem(None, f"counts.{player}", "count_range", low=low, high=total)
            in_range = False
    if not in_range:
        return
    counted = sum(count for _, count in deal.counts)
    if len(deal.counts) == 2:
        maximum = total if deal.tout is not None else total - 1
        if counted > maximum:
            yield problem(None, "counts", "counts_sum_two", total=counted, maximum=maximum)
        counters = deal.count_map
        uncounted = [p for p in seats.active if p not in counters]
        if len(uncounted) == 1 and deal.derived is not None and deal.derived != uncounted[0]:
            yield problem(None, "derived", "derived_must_be", name=uncounted[0])
    elif counted != total:
        yield problem(None, "counts", "counts_sum_three", total=counted, expected=total)
