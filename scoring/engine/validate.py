"""What must be impossible to record (RULES.md §5).

``validate_evening`` returns every problem of an evening, each naming the deal and the field, so
that a scorekeeper can fix a whole file (or form) at once.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import Iterable

from .model import (
    Court, Deal, DealKind, Evening, Fate, FineKind, Group, MeldKind, Seating, Suit, seating,
)
from .problems import Problem, problem
from .rates import RateCard


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
    for number, deal in enumerate(evening.deals, 1):
        found.extend(validate_deal(evening.players, number, deal, card))
    return found


def validate_deal(players: tuple[str, ...], number: int, deal: Deal, card: RateCard) -> list[Problem]:
    """Every problem of one deal (RULES.md §5)."""
    seats = seating(players, deal.dealer) if deal.dealer in players else None
    checks: list[Iterable[Problem]] = []
    if seats is None:
        checks.append([problem(None, "dealer", "not_at_table", name=deal.dealer)])
    else:
        checks += [_check_people(players, seats, deal), _check_fines(seats, deal, card)]
    if deal.kind is DealKind.PLAYED:
        checks += [
            _check_required(deal),
            _check_melds(deal, card),
            _check_cards(deal),
            _check_last_trick(deal),
            _check_tout_nolo(deal),
            _check_failed_tout(deal, card),
        ]
        if seats is not None:
            checks.append(_check_counts(seats, deal, card))
    else:
        checks.append(_check_void_deal(deal))
    return [replace(p, deal=number) for check in checks for p in check]


# Each check yields problems with deal number None; validate_deal stamps the number.

def _people(deal: Deal) -> Iterable[tuple[str, str]]:
    """(field, player) for every person a deal names besides the dealer."""
    for i, meld in enumerate(deal.melds, 1):
        yield f"melds[{i}].player", meld.player
    for i, fine in enumerate(deal.fines, 1):
        yield f"fines[{i}].player", fine.player
    if deal.pagat is not None:
        yield "pagat.owner", deal.pagat.owner
    for suit, fate in deal.kings:
        yield f"kings.{suit.value}.owner", fate.owner
    for name in ("last_trick", "tout", "nolo", "derived", "failed_tout"):
        if getattr(deal, name) is not None:
            yield name, getattr(deal, name)
    for player, _ in deal.counts:
        yield f"counts.{player}", player


def _check_people(players: tuple[str, ...], seats: Seating, deal: Deal) -> Iterable[Problem]:
    """Owners, winners, melders, counters and fined players must be active (RULES.md §5)."""
    for field, name in _people(deal):
        if name not in players:
            yield problem(None, field, "not_at_table", name=name)
        elif name not in seats.active:
            yield problem(None, field, "sits_out", name=name)


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


def _court_key(suit: Suit, court: Court) -> str:
    return f"{suit.value}.{court.value}"


def _meld_cards(meld) -> tuple[tuple[str, str], ...]:
    """(card key, field) for every card a meld implies its melder holds (RULES.md §3.1, §5)."""
    at = "melds[{}]"
    cards: list[str] = []
    if meld.kind is MeldKind.TAROKS and meld.pagat:
        cards.append("pagat")
    elif meld.kind is MeldKind.MATADORS:
        cards += ["pagat", "scies", "tarok21"]
    elif meld.kind.is_group and meld.group is not None:
        if meld.kind in (MeldKind.OVERFULL, MeldKind.HALF):
            cards.append("scies")
        if meld.group is Group.KINGS:
            implied = [_court_key(s, Court.KING) for s in Suit]
        else:
            implied = [_court_key(meld.group.suit, c) for c in Court]
        if meld.kind is MeldKind.HALF and meld.missing is not None:
            missing = (_court_key(meld.missing, Court.KING) if isinstance(meld.missing, Suit)
                       else _court_key(meld.group.suit, meld.missing) if meld.group.suit else None)
            implied = [c for c in implied if c != missing]
        cards += implied
    return tuple((c, at) for c in cards)


def _half_missing(meld) -> str | None:
    if meld.kind is not MeldKind.HALF or meld.group is None or meld.missing is None:
        return None
    if meld.group is Group.KINGS and isinstance(meld.missing, Suit):
        return _court_key(meld.missing, Court.KING)
    if meld.group is not Group.KINGS and isinstance(meld.missing, Court):
        return _court_key(meld.group.suit, meld.missing)
    return None


def _check_cards(deal: Deal) -> Iterable[Problem]:
    """No card held by two players; 'without pagat' and 'missing' agree with ownership (§5)."""
    claims: dict[str, list[tuple[str, str]]] = defaultdict(list)  # card -> [(player, field)]
    if deal.pagat is not None:
        claims["pagat"].append((deal.pagat.owner, "pagat.owner"))
    for suit, fate in deal.kings:
        claims[_court_key(suit, Court.KING)].append((fate.owner, f"kings.{suit.value}.owner"))
    for i, meld in enumerate(deal.melds, 1):
        for key, _ in _meld_cards(meld):
            field = f"melds[{i}].pagat" if (key == "pagat" and meld.kind is MeldKind.TAROKS) else f"melds[{i}]"
            claims[key].append((meld.player, field))
    for key, holders in claims.items():
        first = holders[0][0]
        for player, field in holders[1:]:
            if player != first:
                yield problem(None, field, "card_claimed_twice", card=key, first=first, second=player)
                break
    owners = {key: holders[0][0] for key, holders in claims.items()}
    for i, meld in enumerate(deal.melds, 1):
        if meld.kind is MeldKind.TAROKS and meld.pagat is False and owners.get("pagat") == meld.player:
            yield problem(None, f"melds[{i}].pagat", "taroks_without_own_pagat", name=meld.player)
        missing = _half_missing(meld)
        if missing and any(p == meld.player for p, _ in claims.get(missing, ())):
            yield problem(None, f"melds[{i}].missing", "missing_card_owned", name=meld.player, card=missing)


def _card_field(suit: Suit | None) -> str:
    return "pagat" if suit is None else f"kings.{suit.value}"


def _card_key(suit: Suit | None) -> str:
    return "pagat" if suit is None else _court_key(suit, Court.KING)


def _check_last_trick(deal: Deal) -> Iterable[Problem]:
    """Ultimo and bagud agree with the last trick (RULES.md §3.3.2-3, §5)."""
    ultimo_seen = False
    in_trick: set[str] = set()
    for _, suit, fate in deal.cards():
        field = f"{_card_field(suit)}.fate"
        if fate.fate is Fate.ULTIMO:
            if ultimo_seen:
                yield problem(None, field, "two_ultimo")
            ultimo_seen = True
            if deal.last_trick is not None and fate.owner != deal.last_trick:
                yield problem(None, field, "ultimo_not_winner", name=fate.owner)
        if fate.fate is Fate.BAGUD and fate.owner == deal.last_trick:
            yield problem(None, field, "bagud_winner", name=fate.owner)
        if fate.fate.in_last_trick:
            if fate.owner in in_trick:
                yield problem(None, field, "two_cards_last_trick", name=fate.owner)
            in_trick.add(fate.owner)


def _check_tout_nolo(deal: Deal) -> Iterable[Problem]:
    """Tout and nolo agree with the tricks (RULES.md §3.3.1, §3.3.5, §5)."""
    if deal.tout is not None:
        if deal.last_trick is not None and deal.tout != deal.last_trick:
            yield problem(None, "tout", "tout_not_winner", name=deal.tout)
        if deal.nolo is not None:
            yield problem(None, "nolo", "tout_and_nolo")
        for _, suit, fate in deal.cards():
            if fate.owner != deal.tout and fate.fate.won_a_trick:
                yield problem(None, f"{_card_field(suit)}.fate", "tout_card_home",
                              name=deal.tout, owner=fate.owner, card=_card_key(suit))
            if fate.owner == deal.tout and fate.fate is Fate.LOST:
                yield problem(None, f"{_card_field(suit)}.fate", "tout_card_lost",
                              name=deal.tout, card=_card_key(suit))
    if deal.nolo is not None:
        if deal.nolo == deal.last_trick:
            yield problem(None, "nolo", "nolo_winner", name=deal.nolo)
        for _, suit, fate in deal.cards():
            if fate.owner == deal.nolo and fate.fate.won_a_trick:
                yield problem(None, f"{_card_field(suit)}.fate", "nolo_card_home",
                              name=deal.nolo, card=_card_key(suit))


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
        uncounted = [p for p in seats.active if p not in deal.count_map]
        if len(uncounted) == 1 and deal.derived is not None and deal.derived != uncounted[0]:
            yield problem(None, "derived", "derived_must_be", name=uncounted[0])
    elif counted != total:
        yield problem(None, "counts", "counts_sum_three", total=counted, expected=total)
