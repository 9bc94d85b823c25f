"""What must be impossible to record (docs/rules/danish.md §5).

``validate_evening`` returns every problem of an evening, each naming the deal and the field, so
that a scorekeeper can fix a whole file (or form) at once.

A check runs only when the deal has what it checks (melds, fines, a tout or nolo, a failed tout;
each check would find nothing otherwise). Every check is the one statement of its rule.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import Iterable

from .model import (
    IN_LAST_TRICK, WON_A_TRICK, CardFate, Court, Cup, Deal, DealKind, Evening, Fate, FineKind, Group, Meld,
    MeldKind, Rank, Seating, Suit, seating,
)
from scoring.engine.problems import Path, Problem, name_problems, problem
from . import problems as _problems  # noqa: F401  (registers the family's own message codes)
from .rates import DEFAULT_RATE_CARD, HONOURS_MAX, HONOURS_MIN, LADONS_IN_DECK, LADONS_MAX, LADONS_MIN, RateCard

_TAROKS_OR_MATADORS = frozenset({MeldKind.TAROKS, MeldKind.MATADORS})
_OPTIONAL = "optional"   # RateCard.king_fates' default

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


def validate_players(players: tuple[str, ...], card: RateCard | None = None) -> list[Problem]:
    """3–5 distinct non-empty names in seat order (docs/rules/danish.md §1, docs/format.md); at most the card's
    ``max_players`` (docs/rules/grosstarock.md §1: 3 or 4)."""
    found: list[Problem] = []
    if not 3 <= len(players) <= 5:
        found.append(problem(None, "players", "player_count", count=len(players)))
    elif card is not None and len(players) > card.max_players:
        found.append(problem(None, "players", "player_count_card", count=len(players), rules=card.name,
                             maximum=card.max_players))
    return found + name_problems(players)


def validate_evening(evening: Evening, card: RateCard) -> list[Problem]:
    found = validate_players(evening.players, card)
    if found:
        return found
    for number, deal in enumerate(evening.deals, 1):
        found += validate_deal(evening.players, number, deal, card)
    return found


def validate_deal(players: tuple[str, ...], number: int, deal: Deal, card: RateCard) -> list[Problem]:
    """Every problem of one deal (docs/rules/danish.md §5)."""
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
    if (deal.kind is DealKind.REDEAL or deal.passed is not None or deal.asked_by is not None or deal.ultimo_forfeited
            or deal.cup_fines):
        found += _check_text_rules(deal, card)
    if deal.kind is DealKind.PLAYED:
        cards = deal.cards()
        if card.hands_checked and len(cards) > 2:
            # docs/rules/grosstarock.md §5: the last trick's cards in the order pagat, hearts, diamonds,
            # clubs, spades, whatever order the kings were given in
            cards = tuple(sorted(cards, key=_card_order))
        if deal.pagat is None or deal.last_trick is None:
            found += _check_required(deal)
        announced = deal.announced_vole is not None or deal.announced_nolo
        if announced or card.king_fates != _OPTIONAL or not card.tout_recorded:
            found += _check_card_keys(deal, card)
        if deal.melds:
            found += _check_melds(deal, card)
        if card.hands_checked:
            found += _check_holdings(deal, card)
        else:
            found += _check_cards(deal)
        found += _check_last_trick(deal, cards, card)
        if deal.tout is not None or deal.nolo is not None:
            found += _check_tout_nolo(deal, cards)
        if deal.failed_tout is not None:
            found += _check_failed_tout(deal, card)
        if announced:
            found += _check_announcements(deal, card)
        if seats is not None:
            found += _check_counts(seats, deal, card)
    else:
        found += _check_void_deal(deal)
    return [replace(p, deal=number) for p in found]


# Each check yields problems with deal number None; _validate_deal stamps the number.

def _people(deal: Deal) -> Iterable[tuple[Path, str]]:
    """(field, player) for every person a deal names besides the dealer; the field by its parts,
    written as a path only for a problem (``problems.field_path``)."""
    for i, meld in enumerate(deal.melds, 1):
        yield ("melds", i, "player"), meld.player
    for i, fine in enumerate(deal.fines, 1):
        yield ("fines", i, "player"), fine.player
    if deal.pagat is not None:
        yield ("pagat", "owner"), deal.pagat.owner
    for suit, fate in deal.kings:
        yield ("kings", suit.value, "owner"), fate.owner
    for field, name in (("last_trick", deal.last_trick), ("tout", deal.tout), ("nolo", deal.nolo),
                        ("derived", deal.derived), ("failed_tout", deal.failed_tout)):
        if name is not None:
            yield (field,), name
    for player, _ in deal.counts:
        yield ("counts", player), player
    if deal.asked_by is not None:
        yield ("asked_by",), deal.asked_by
    for i, player in enumerate(deal.ultimo_forfeited, 1):
        yield ("ultimo_forfeited", i), player
    for i, cup_fine in enumerate(deal.cup_fines, 1):
        yield ("cup_fines", i, "player"), cup_fine.player
        if cup_fine.to is not None:
            yield ("cup_fines", i, "to"), cup_fine.to
    if deal.announced_vole is not None:
        yield ("announced_vole", "player"), deal.announced_vole.player
    for i, announcement in enumerate(deal.announced_nolo, 1):
        yield ("announced_nolo", i, "player"), announcement.player


def _check_people(players: tuple[str, ...], seats: Seating, deal: Deal) -> Iterable[Problem]:
    """Owners, winners, melders, counters and fined players must be active (docs/rules/danish.md §5)."""
    active = seats.active
    for field, name in _people(deal):
        if name not in active:
            yield problem(None, field, "sits_out" if name in players else "not_at_table", name=name)


def _check_text_rules(deal: Deal, card: RateCard) -> Iterable[Problem]:
    """The keys of docs/rules/danish.md §7.4, each only on a card that has its rule: a free redeal
    (only the dealer and who asked), a misdeal passed without its fine, ultimos forfeited without
    a fine (each player once, in a played deal)."""
    if deal.kind is DealKind.REDEAL:
        if not card.free_redeal:
            yield problem(None, "kind", "redeal_not_on_card", rules=card.name)
        if deal.fines:
            yield problem(None, "fines", "redeal_only_dealer")
    elif deal.asked_by is not None:
        yield problem(None, "asked_by", "asked_by_not_redeal")
    if deal.passed is not None:
        if not card.misdeal_may_pass:
            yield problem(None, "passed", "key_not_on_card", key="passed", rules=card.name)
        elif deal.kind is not DealKind.MISDEAL:
            yield problem(None, "passed", "passed_not_misdeal")
        elif deal.passed and any(f.kind is FineKind.MISDEAL for f in deal.fines):
            yield problem(None, "passed", "passed_no_fine")
    if deal.ultimo_forfeited:
        if not card.ultimo_forfeit:
            yield problem(None, "ultimo_forfeited", "key_not_on_card", key="ultimo_forfeited", rules=card.name)
        seen: set[str] = set()
        for i, player in enumerate(deal.ultimo_forfeited, 1):
            if player in seen:
                yield problem(None, f"ultimo_forfeited[{i}]", "forfeited_twice", name=player)
            seen.add(player)
    if deal.cup_fines:
        yield from _check_cup_fines(deal, card)


#: The fines whose offence the older rule book makes replace a cup's contents (SPILLET l. 189–203:
#: "svigter kuleur eller har fejle kort").
_CUP_FINE_OFFENCES = frozenset({FineKind.REVOKE, FineKind.WRONG_CARD_COUNT})


def _check_cup_fines(deal: Deal, card: RateCard) -> Iterable[Problem]:
    """A cup's contents replaced (docs/rules/danish.md §7.4), only on a card with ``cup_fine`` and
    in a played deal: besides the player's fine for a revoke or wrong cards ("foruden ovennævnte
    bøde", "med den sædvanlige straf"); into the cup only when another player's ultimo took that
    cup home in this deal (the offence caused it); to another player, never to himself; each
    player and cup once."""
    if not card.cup_fine:
        yield problem(None, "cup_fines", "key_not_on_card", key="cup_fines", rules=card.name)
        return
    fined = {f.player for f in deal.fines if f.kind in _CUP_FINE_OFFENCES}
    ultimo_by = {cup: {fate.owner for c, _suit, fate in deal.cards() if c is cup and fate.fate is Fate.ULTIMO}
                 for cup in Cup}
    seen: set[tuple[str, Cup]] = set()
    for i, each in enumerate(deal.cup_fines, 1):
        at = f"cup_fines[{i}]"
        if (each.player, each.cup) in seen:
            yield problem(None, f"{at}.cup", "cup_fine_twice", name=each.player, cup=each.cup.value)
        seen.add((each.player, each.cup))
        if each.player not in fined:
            yield problem(None, f"{at}.player", "cup_fine_without_fine", name=each.player)
        if each.to == each.player:
            yield problem(None, f"{at}.to", "cup_fine_to_self", name=each.player)
        elif each.to is None and not ultimo_by[each.cup] - {each.player}:
            yield problem(None, f"{at}.cup", "cup_fine_no_ultimo", cup=each.cup.value)


def _check_void_deal(deal: Deal) -> Iterable[Problem]:
    """A misdeal or scrapped deal carries no play results (docs/rules/danish.md §4, §5)."""
    carried = {
        "melds": deal.melds, "pagat": deal.pagat, "kings": deal.kings, "last_trick": deal.last_trick,
        "tout": deal.tout, "nolo": deal.nolo, "counts": deal.counts, "derived": deal.derived,
        "failed_tout": deal.failed_tout, "announced_vole": deal.announced_vole, "announced_nolo": deal.announced_nolo,
        "ultimo_forfeited": deal.ultimo_forfeited, "cup_fines": deal.cup_fines,
    }
    for field, value in carried.items():
        if value not in (None, ()):
            yield problem(None, field, "only_dealer_and_fines")


def _check_fines(seats: Seating, deal: Deal, card: RateCard) -> Iterable[Problem]:
    """Kinds the card lists, positive custom amounts; the misdeal fine only with a misdeal deal
    (docs/rules/danish.md §4)."""
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
        elif deal.kind is DealKind.MISDEAL and fine.kind is not FineKind.MISDEAL and not card.misdeal_other_fines:
            # docs/rules/danish.md §4: "A misdeal deal has only the dealer's fee and the misdeal fine."
            yield problem(None, f"fines[{i}].kind", "misdeal_only_its_fine")


def _check_required(deal: Deal) -> Iterable[Problem]:
    if deal.pagat is None:
        yield problem(None, "pagat", "required")
    if deal.last_trick is None:
        yield problem(None, "last_trick", "required")


def _check_melds(deal: Deal, card: RateCard) -> Iterable[Problem]:
    """Meld fields, counts in range, one meld per group and kind per player (docs/rules/danish.md §3.1, §5)."""
    held: set[tuple[str, object]] = set()
    taroks_total = 0
    kinds = card.meld_kinds
    for i, meld in enumerate(deal.melds, 1):
        if meld.kind not in kinds:
            yield problem(None, f"melds[{i}].kind", "meld_not_on_card", kind=meld.kind.value, rules=card.name)
            continue
        if meld.scies is not None and not (meld.kind is MeldKind.TAROKS and card.taroks_scies):
            yield problem(None, f"melds[{i}].scies", "key_not_on_card", key="scies", rules=card.name)
        if meld.kind in _NEW_KINDS:
            yield from _check_new_meld(i, meld)
            key = meld.kind if meld.kind in _NEW_COUNTED else meld.group
            if (meld.player, key) in held:
                if meld.kind in _NEW_COUNTED:
                    yield problem(None, f"melds[{i}].kind", "two_melds_kind", name=meld.player, kind=meld.kind.value)
                else:
                    yield problem(None, f"melds[{i}].group", "two_melds_group", name=meld.player, group=meld.group.value)
            held.add((meld.player, key))
            continue
        if meld.kind in _TAROKS_OR_MATADORS:
            low, high = ((card.taroks_min, card.taroks_max) if meld.kind is MeldKind.TAROKS
                         else (card.matadors_min, card.matadors_max))
            if meld.count is None:
                yield problem(None, f"melds[{i}].count", "required")
            elif not low <= meld.count <= high:
                yield problem(None, f"melds[{i}].count", "meld_count_range", low=low, high=high)
            if meld.kind is MeldKind.TAROKS:
                taroks_total += meld.count or 0
                if meld.pagat is None and not card.taroks_pagat_optional:
                    yield problem(None, f"melds[{i}].pagat", "required")
                if meld.scies is None and card.taroks_scies:
                    yield problem(None, f"melds[{i}].scies", "required")
            elif meld.pagat is not None:
                yield problem(None, f"melds[{i}].pagat", "meld_field_unused", kind=meld.kind.value)
            if meld.group is not None:   # the fields a counted meld leaves unsaid, in this order
                yield problem(None, f"melds[{i}].group", "meld_field_unused", kind=meld.kind.value)
            if meld.missing is not None:
                yield problem(None, f"melds[{i}].missing", "meld_field_unused", kind=meld.kind.value)
            key: object = meld.kind
            if (meld.player, key) in held:
                yield problem(None, f"melds[{i}].kind", "two_melds_kind", name=meld.player, kind=meld.kind.value)
        else:
            if meld.count is not None:   # the fields a group meld leaves unsaid, in this order
                yield problem(None, f"melds[{i}].count", "meld_field_unused", kind=meld.kind.value)
            if meld.pagat is not None:
                yield problem(None, f"melds[{i}].pagat", "meld_field_unused", kind=meld.kind.value)
            if meld.group is None:
                yield problem(None, f"melds[{i}].group", "required")
                continue
            if not isinstance(meld.group, Group) or (meld.group is Group.KINGS and not card.king_melds):
                yield problem(None, f"melds[{i}].group", "group_not_on_card" if isinstance(meld.group, Group) else "group_kind",
                              kind=meld.kind.value, rules=card.name)
                continue
            if meld.kind is MeldKind.HALF:
                wanted = Suit if meld.group is Group.KINGS else Court
                if meld.missing is None:
                    yield problem(None, f"melds[{i}].missing", "required")
                elif not isinstance(meld.missing, wanted):
                    code = "missing_kind_kings" if wanted is Suit else "missing_kind_court"
                    yield problem(None, f"melds[{i}].missing", code)
            elif meld.missing is not None:
                yield problem(None, f"melds[{i}].missing", "meld_field_unused", kind=meld.kind.value)
            key = meld.group
            if (meld.player, key) in held:
                yield problem(None, f"melds[{i}].group", "two_melds_group", name=meld.player, group=meld.group.value)
        held.add((meld.player, key))
    if taroks_total > 22 and not card.hands_checked:   # hands_checked: per meld, _check_holdings
        yield problem(None, "melds", "too_many_taroks", total=taroks_total)


_NEW_COUNTED = frozenset({MeldKind.HONOURS, MeldKind.LADONS})
_NEW_KINDS = frozenset({*_NEW_COUNTED, MeldKind.FOUR})
_COUNT_RANGE = {MeldKind.HONOURS: (HONOURS_MIN, HONOURS_MAX), MeldKind.LADONS: (LADONS_MIN, LADONS_MAX)}


def _check_new_meld(i: int, meld: Meld) -> Iterable[Problem]:
    """The fields of an ``honours``, ``ladons`` or ``four`` meld (docs/rules/grosstarock.md §2.1)."""
    counted = meld.kind in _NEW_COUNTED
    for name in ("pagat", "missing") + (("group",) if counted else ("count",)):
        if getattr(meld, name) is not None:
            yield problem(None, f"melds[{i}].{name}", "meld_field_unused", kind=meld.kind.value)
    if counted:
        low, high = _COUNT_RANGE[meld.kind]
        if meld.count is None:
            yield problem(None, f"melds[{i}].count", "required")
        elif not low <= meld.count <= high:
            yield problem(None, f"melds[{i}].count", "meld_count_range", low=low, high=high)
    elif meld.group is None:
        yield problem(None, f"melds[{i}].group", "required")
    elif not isinstance(meld.group, Rank):
        yield problem(None, f"melds[{i}].group", "four_group")


#: The suits in their order, as a tuple: iterating over the enum itself is a Python-level generator.
_ALL_SUITS = tuple(Suit)
_SUIT_ORDER = {None: 0, **{suit: i for i, suit in enumerate(Suit, 1)}}


def _card_order(item: tuple[Cup, Suit | None, CardFate]) -> int:
    return _SUIT_ORDER[item[1]]


def _check_card_keys(deal: Deal, card: RateCard) -> Iterable[Problem]:
    """Keys of a played deal against the card (docs/rules/grosstarock.md §2): kings required for every
    suit or refused, a tout or announcements the card does not know, a discarded pagat (by the
    dealer only), never a discarded king."""
    present = {suit for suit, _ in deal.kings}
    if card.king_fates == "refused":
        for suit, _ in deal.kings:
            yield problem(None, _CARD_FIELD[suit], "key_not_on_card", key="kings", rules=card.name)
    elif card.king_fates == "required" and not present.issuperset(_ALL_SUITS):
        for suit in _ALL_SUITS:
            if suit not in present:
                yield problem(None, _CARD_FIELD[suit], "required")
    if deal.tout is not None and not card.tout_recorded:
        yield problem(None, "tout", "key_not_on_card", key="tout", rules=card.name)
    if not card.announcements:
        if deal.announced_vole is not None:
            yield problem(None, "announced_vole", "key_not_on_card", key="announced_vole", rules=card.name)
        if deal.announced_nolo:
            yield problem(None, "announced_nolo", "key_not_on_card", key="announced_nolo", rules=card.name)


def _check_discard(deal: Deal, suit: Suit | None, owner: str, card: RateCard) -> Iterable[Problem]:
    """A discarded pagat only on a card that allows it and only by the dealer; never a king
    (docs/rules/grosstarock.md §2, §5)."""
    if suit is not None:
        yield problem(None, _FATE_FIELD[suit], "king_discarded")
    elif not card.pagat_discard:
        yield problem(None, "pagat.fate", "fate_not_on_card", fate="discarded", rules=card.name)
    elif owner != deal.dealer:
        yield problem(None, "pagat.owner", "discard_not_dealer", name=owner)


#: The taroks a matadors meld of ``count`` names, in order: pagat, scies, 21, then 20, 19 ...
_MATADOR_KEYS = ("pagat", "scies", "tarok21", *(f"tarok{n}" for n in range(20, 1, -1)))
_TAROK_KEYS = frozenset(_MATADOR_KEYS)
_HONOUR_KEYS = frozenset({"pagat", "scies", "tarok21", *(_CARD_KEY[s] for s in Suit)})
_RANK_KEYS = {r: tuple(_COURT_KEY[s, r.court] for s in Suit) for r in Rank}
_COURT_KEYS = frozenset(_COURT_KEY.values())
_HONOUR_COURT_KEYS, _HONOUR_TAROK_KEYS = _HONOUR_KEYS & _COURT_KEYS, _HONOUR_KEYS & _TAROK_KEYS
_NO_KEYS: frozenset[str] = frozenset()
#: A hand: 78 cards, the dealer keeps 8 and discards 3, so every hand holds 25 (§5).
HAND = 25
TAROKS_IN_DECK = 22


#: (card key, the end of its field after ``melds[i]``) of the claims a taroks meld makes, by
#: (``pagat``, ``scies``); those of a matadors meld, its first ``count``; those of a four, by rank.
_TAROKS_CLAIMS = {(pagat, scies): (((("pagat", ".pagat"),) if pagat else ()) + ((("scies", ".scies"),) if scies else ()))
                  for pagat in (False, True) for scies in (False, True)}
_MATADOR_CLAIMS = tuple((key, "") for key in _MATADOR_KEYS)
_RANK_CLAIMS = {rank: tuple((key, "") for key in keys) for rank, keys in _RANK_KEYS.items()}


def _claims_of(meld: Meld) -> tuple[tuple[str, str], ...]:
    """(card key, the end of its field after ``melds[i]``) of every card a meld says its melder
    holds (docs/rules/grosstarock.md §5): the field itself is worded only for a problem."""
    kind = meld.kind
    if kind is MeldKind.TAROKS:
        return _TAROKS_CLAIMS[bool(meld.pagat), bool(meld.scies)]
    if kind is MeldKind.MATADORS:
        return _MATADOR_CLAIMS[:meld.count] if isinstance(meld.count, int) and 3 <= meld.count <= 22 else ()
    if kind is MeldKind.FOUR:
        return _RANK_CLAIMS.get(meld.group, ())
    if kind in _GROUP_MELDS and isinstance(meld.group, Group):
        return _implied(meld)[1]
    return ()


def _claim_problem(holder: dict[str, str | None], key: str, player: str, field: str) -> Problem:
    """What is wrong with ``player``'s claim of ``key``, which ``holder`` gives someone else."""
    if holder[key] is None:
        return problem(None, field, "card_discarded", card=key)
    return problem(None, field, "card_claimed_twice", card=key, first=holder[key], second=player)


def _check_holdings(deal: Deal, card: RateCard) -> Iterable[Problem]:
    """One card, one holder, in full (docs/rules/grosstarock.md §5): holders from the pagat's and the
    kings' owners, then the melds in order, last the 1754 nolo's scies; then the melds' counts
    against what the others hold, the 40 ladons and the 25 cards of a hand."""
    holder: dict[str, str | None] = {}      # card key -> player; None: discarded
    pagat = deal.pagat
    discarded = pagat is not None and pagat.fate is Fate.DISCARDED
    if pagat is not None:
        holder["pagat"] = None if discarded else pagat.owner
    for suit, fate in deal.kings:
        key = _CARD_KEY[suit]
        if holder.setdefault(key, fate.owner) != fate.owner:
            yield problem(None, _OWNER_FIELD[suit], "card_claimed_twice", card=key, first=holder[key], second=fate.owner)

    kinds, king_melds = card.meld_kinds, card.king_melds
    melds = [(i, m) for i, m in enumerate(deal.melds, 1)   # those _check_melds found on the card
             if m.kind in kinds and (king_melds or m.group is not Group.KINGS)]
    for i, meld in melds:
        player = meld.player
        reported: frozenset[str] | set[str] = _NO_KEYS   # one problem per claim's field (a set once one is)
        for key, end in _claims_of(meld):
            # the first claim holds the card; a discarded card's holder is None
            if holder.setdefault(key, player) != player and end not in reported:
                reported = {*reported, end}
                yield _claim_problem(holder, key, player, f"melds[{i}]{end}")
    # the 1754 nolo's scies, claimed as a meld's card is
    if card.nolo_holds_scies and deal.nolo is not None and holder.setdefault("scies", deal.nolo) != deal.nolo:
        yield _claim_problem(holder, "scies", deal.nolo, "nolo")
    if not melds:
        return
    held: dict[str, set[str]] = defaultdict(set)
    taroks_of: dict[str, int] = defaultdict(int)   # a player's taroks: his meld's count or, if more, those he holds
    for key, player in holder.items():
        if player is not None:
            held[player].add(key)
            if key in _TAROK_KEYS:
                taroks_of[player] += 1
    for _, meld in melds:
        if meld.kind is MeldKind.TAROKS and isinstance(meld.count, int):
            taroks_of[meld.player] = max(taroks_of[meld.player], meld.count)
    ladons = 0
    last_meld: dict[str, int] = {}
    honours_of: dict[str, int] = {}
    ladons_of: dict[str, int] = defaultdict(int)
    taroks_melders: set[str] = set()
    for i, meld in melds:
        last_meld[meld.player] = i
        if meld.kind is MeldKind.TAROKS:
            taroks_melders.add(meld.player)
            if meld.pagat is False and holder.get("pagat") == meld.player:
                yield problem(None, f"melds[{i}].pagat", "taroks_without_own_pagat", name=meld.player)
            if meld.scies is False and holder.get("scies") == meld.player:
                yield problem(None, f"melds[{i}].scies", "taroks_without_own_scies", name=meld.player)
            if isinstance(meld.count, int):
                others = 0
                for p, n in taroks_of.items():
                    if p != meld.player:
                        others += n
                maximum = TAROKS_IN_DECK - discarded - others
                if meld.count > maximum:
                    yield problem(None, f"melds[{i}].count", "taroks_over_deck", name=meld.player, maximum=maximum)
        elif meld.kind is MeldKind.HALF:
            missing = _half_missing(meld)
            if missing and holder.get(missing) == meld.player:
                yield problem(None, f"melds[{i}].missing", "missing_card_owned", name=meld.player, card=missing)
        elif meld.kind is MeldKind.HONOURS and isinstance(meld.count, int):
            gone = 0
            for key in _HONOUR_KEYS:
                if key in holder and holder[key] != meld.player:
                    gone += 1
            honours_of[meld.player] = meld.count
            if meld.count > HONOURS_MAX - gone:
                yield problem(None, f"melds[{i}].count", "honours_over_deck", name=meld.player, maximum=HONOURS_MAX - gone)
        elif meld.kind is MeldKind.LADONS and isinstance(meld.count, int):
            ladons += meld.count
            ladons_of[meld.player] += meld.count
            if ladons > LADONS_IN_DECK:
                yield problem(None, f"melds[{i}].count", "ladons_over_deck", total=ladons, maximum=LADONS_IN_DECK)
    for player, i in last_meld.items():
        keys = held.get(player, _NO_KEYS)
        honours = honours_of.get(player, 0)
        # honours not among his taroks and courts: with a taroks meld every honour tarok he has is
        # in its count (at most the three); without one only those he is known to hold are
        among = len(keys & _HONOUR_COURT_KEYS) + (min(3, honours) if player in taroks_melders
                                                  else len(keys & _HONOUR_TAROK_KEYS))
        size = taroks_of[player] + len(keys & _COURT_KEYS) + ladons_of[player] + max(0, honours - among)
        if size > HAND:
            yield problem(None, f"melds[{i}]", "hand_over_25", name=player, count=size, maximum=HAND)


def _check_announcements(deal: Deal, card: RateCard) -> Iterable[Problem]:
    """An announced vole before trick 1-20, announced nolos before trick 1-13; each player's nolo
    announced once and never beside his vole (docs/rules/grosstarock.md §2, §5)."""
    if not card.announcements:
        return   # _check_card_keys reports the keys
    vole = deal.announced_vole
    if vole is not None and not 1 <= vole.before_trick <= 20:
        yield problem(None, "announced_vole.before_trick", "meld_count_range", low=1, high=20)
    seen: set[str] = set()
    for i, nolo in enumerate(deal.announced_nolo, 1):
        if not 1 <= nolo.before_trick <= 13:
            yield problem(None, f"announced_nolo[{i}].before_trick", "meld_count_range", low=1, high=13)
        if nolo.player in seen:
            yield problem(None, f"announced_nolo[{i}].player", "announced_nolo_twice", name=nolo.player)
        elif vole is not None and nolo.player == vole.player:
            yield problem(None, f"announced_nolo[{i}].player", "announced_nolo_and_vole", name=nolo.player)
        seen.add(nolo.player)


def _meld_cards(meld: Meld) -> tuple[str, ...]:
    """The key of every card a meld implies its melder holds (docs/rules/danish.md §3.1, §5)."""
    return _implied(meld)[0]


def _implied(meld: Meld) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """``_implied_cards`` of a meld and the same cards as ``_claims_of`` gives them (each at the
    meld's own field)."""
    cards = tuple(_implied_cards(meld))
    return cards, tuple((key, "") for key in cards)


def _implied_cards(meld: Meld) -> list[str]:
    """The key of every card a meld implies its melder holds (docs/rules/danish.md §3.1, §5)."""
    cards: list[str] = []
    if meld.kind is MeldKind.TAROKS and meld.pagat:
        cards.append("pagat")
    elif meld.kind is MeldKind.MATADORS:
        cards += ["pagat", "scies", "tarok21"]
    elif meld.kind in _GROUP_MELDS and meld.group is not None:
        if meld.kind in _SCIES_MELDS:
            cards.append("scies")
        implied = _GROUP_KEYS[meld.group]
        if meld.kind is MeldKind.HALF and meld.missing is not None:
            suit = _GROUP_SUIT[meld.group]
            missing = (_CARD_KEY[meld.missing] if isinstance(meld.missing, Suit)
                       else _COURT_KEY[suit, meld.missing] if suit else None)
            implied = tuple(c for c in implied if c != missing)
        cards += implied
    return cards


def _half_missing(meld: Meld) -> str | None:
    if meld.kind is not MeldKind.HALF or meld.group is None or meld.missing is None:
        return None
    if meld.group is Group.KINGS and isinstance(meld.missing, Suit):
        return _CARD_KEY[meld.missing]
    if meld.group is not Group.KINGS and isinstance(meld.missing, Court):
        return _COURT_KEY[_GROUP_SUIT[meld.group], meld.missing]
    return None


def _check_cards(deal: Deal) -> Iterable[Problem]:
    """No card held by two players; 'without pagat' and 'missing' agree with ownership (§5)."""
    holder: dict[str, str] = {}            # card -> the first who claims it
    twice = False
    if deal.pagat is not None:
        holder["pagat"] = deal.pagat.owner
    for suit, fate in deal.kings:
        twice = holder.setdefault(_CARD_KEY[suit], fate.owner) != fate.owner or twice
    for meld in deal.melds:
        player = meld.player
        for key in _meld_cards(meld):
            twice = holder.setdefault(key, player) != player or twice
    if twice:   # the fields are worded only now
        yield from _claimed_twice(deal)
    if not deal.melds:
        return
    # (card, player) of every claim: while no card is claimed by two, each card's one claimer is its holder
    claimed = _claims(deal) if twice else None
    for i, meld in enumerate(deal.melds, 1):
        if meld.kind is MeldKind.TAROKS and meld.pagat is False and holder.get("pagat") == meld.player:
            yield problem(None, f"melds[{i}].pagat", "taroks_without_own_pagat", name=meld.player)
        missing = _half_missing(meld) if meld.kind is MeldKind.HALF else None
        if missing and (holder.get(missing) == meld.player if claimed is None else (missing, meld.player) in claimed):
            yield problem(None, f"melds[{i}].missing", "missing_card_owned", name=meld.player, card=missing)


def _claims(deal: Deal) -> set[tuple[str, str]]:
    """(card, player) of every claim a deal makes: the pagat's and the kings' owners, each melder
    of the cards his meld implies (``_meld_cards``)."""
    claimed = {("pagat", deal.pagat.owner)} if deal.pagat is not None else set()
    claimed.update((_CARD_KEY[suit], fate.owner) for suit, fate in deal.kings)
    for meld in deal.melds:
        claimed.update((key, meld.player) for key in _meld_cards(meld))
    return claimed


def _claimed_twice(deal: Deal) -> Iterable[Problem]:
    """Each card claimed by a second player, at the field of the first claim that differs (§5)."""
    claims: dict[str, list[tuple[str, str]]] = defaultdict(list)  # card -> [(player, field)]
    if deal.pagat is not None:
        claims["pagat"].append((deal.pagat.owner, "pagat.owner"))
    for suit, fate in deal.kings:
        claims[_CARD_KEY[suit]].append((fate.owner, _OWNER_FIELD[suit]))
    for i, meld in enumerate(deal.melds, 1):
        at = f"melds[{i}]"
        for key in _meld_cards(meld):
            claims[key].append((meld.player, f"{at}.pagat" if (key == "pagat" and meld.kind is MeldKind.TAROKS) else at))
    for key, holders in claims.items():
        first = holders[0][0]
        for player, field in holders[1:]:
            if player != first:
                yield problem(None, field, "card_claimed_twice", card=key, first=first, second=player)
                break


def _check_last_trick(deal: Deal, cards: tuple[tuple[Cup, Suit | None, CardFate], ...],
                      rate_card: RateCard = DEFAULT_RATE_CARD) -> Iterable[Problem]:
    """Ultimo and bagud agree with the last trick (docs/rules/danish.md §3.3.2-3, §5); a discarded card
    (docs/rules/grosstarock.md §5) is none of them."""
    ultimo_seen = False
    in_trick: set[str] = set()
    for _, suit, card in cards:
        fate, owner = card.fate, card.owner
        if fate is Fate.DISCARDED:
            yield from _check_discard(deal, suit, owner, rate_card)
            continue
        if fate is Fate.ULTIMO:
            if ultimo_seen:
                yield problem(None, _FATE_FIELD[suit], "two_ultimo")
            ultimo_seen = True
            if deal.last_trick is not None and owner != deal.last_trick:
                yield problem(None, _FATE_FIELD[suit], "ultimo_not_winner", name=owner)
        if fate is Fate.BAGUD and owner == deal.last_trick:
            yield problem(None, _FATE_FIELD[suit], "bagud_winner", name=owner)
        if fate in IN_LAST_TRICK:
            if owner in in_trick:
                yield problem(None, _FATE_FIELD[suit], "two_cards_last_trick", name=owner)
            in_trick.add(owner)


def _check_tout_nolo(deal: Deal, cards: tuple[tuple[Cup, Suit | None, CardFate], ...]) -> Iterable[Problem]:
    """Tout and nolo agree with the tricks (docs/rules/danish.md §3.3.1, §3.3.5, §5)."""
    if deal.tout is not None:
        if deal.last_trick is not None and deal.tout != deal.last_trick:
            yield problem(None, "tout", "tout_not_winner", name=deal.tout)
        if deal.nolo is not None:
            yield problem(None, "nolo", "tout_and_nolo")
        for _, suit, card in cards:
            if card.owner != deal.tout and card.fate in WON_A_TRICK:
                yield problem(None, _FATE_FIELD[suit], "tout_card_home",
                              name=deal.tout, owner=card.owner, card=_CARD_KEY[suit])
            if card.owner == deal.tout and card.fate is Fate.LOST:
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
    elif deal.announced_vole is not None and deal.failed_tout == deal.announced_vole.player:
        # docs/rules/grosstarock.md §5: his failed vole is already paid
        yield problem(None, "failed_tout", "failed_tout_vole", name=deal.failed_tout)


def _check_counts(seats: Seating, deal: Deal, card: RateCard) -> Iterable[Problem]:
    """Counts in range and adding up; the derived player (docs/rules/danish.md §3.3.6, §5).

    Each count is 1–78; after a tout each opponent's is 0–78 (a player without a trick) and the
    tout-maker's 1–78, as counted: the app never demands 78 and 0 (§3.3.6, amended). Two counts
    add up to at most 77 (78 after a tout), three to exactly 78.
    """
    total = card.count_total
    if deal.nolo is not None and not card.count_after_nolo:
        if deal.counts:
            yield problem(None, "counts", "counts_after_nolo")
        if deal.derived is not None:
            yield problem(None, "derived", "counts_after_nolo")
        return
    if len(deal.counts) not in (2, 3):
        yield problem(None, "counts", "counts_missing")
        return
    if card.discarder_counts or card.count_zero_without_trick:
        yield from _check_counts_by_hand(seats, deal, card)
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


def _must_count(player: str, seats: Seating, deal: Deal, card: RateCard) -> bool:
    """Whether ``player`` counts at least 1 (docs/rules/grosstarock.md §4): the discarder (his
    discard), and whoever took a trick: the ``last_trick`` winner, the ``tout``, an owner of a
    pagat or king ``home``/``ultimo``, the 1754 nolo (the excuse); on a card where a player without
    a trick is a nolo (grosstarock) everyone but a tout's opponent."""
    if card.discarder_counts and player == seats.dealer:
        return True
    if not card.count_zero_without_trick:
        return deal.tout is None or player == deal.tout
    if player == deal.last_trick or player == deal.tout or (card.nolo_holds_scies and player == deal.nolo):
        return True
    return any(fate.owner == player and fate.fate in WON_A_TRICK for _, _, fate in deal.cards())


def _check_counts_by_hand(seats: Seating, deal: Deal, card: RateCard) -> Iterable[Problem]:
    """Counts on a card that says who must count (docs/rules/grosstarock.md §4, §5): each 0-78, 0 only
    for one who need not count; two add up to at most 78, and to 77 when the third must count;
    three to exactly 78."""
    total = card.count_total
    in_range = True
    for player, count in deal.counts:
        if not 0 <= count <= total:
            yield problem(None, f"counts.{player}", "count_range", low=0, high=total)
            in_range = False
        elif count == 0 and _must_count(player, seats, deal, card):
            yield problem(None, f"counts.{player}", "count_must", name=player)
            in_range = False
    if not in_range:
        return
    counted = sum(count for _, count in deal.counts)
    if len(deal.counts) == 2:
        counters = deal.count_map
        uncounted = [p for p in seats.active if p not in counters]
        third_may_be_0 = len(uncounted) == 1 and not _must_count(uncounted[0], seats, deal, card)
        maximum = total if third_may_be_0 else total - 1
        if counted > maximum:
            yield problem(None, "counts", "counts_sum_two", total=counted, maximum=maximum)
        if len(uncounted) == 1 and deal.derived is not None and deal.derived != uncounted[0]:
            yield problem(None, "derived", "derived_must_be", name=uncounted[0])
    elif counted != total:
        yield problem(None, "counts", "counts_sum_three", total=counted, expected=total)
