"""Hypothesis properties of the engine (docs/rules/danish.md §6) over generated valid evenings (strategies.py),
the rejection of what docs/rules/danish.md §5 forbids, and fuzzing of the evening file: whatever comes in, the
only error that may come out is the engine's own ``EveningError``, naming deal and field.

No database and no Django: the engine is pure Python.
"""
from __future__ import annotations

import copy
import json
from collections import Counter
from dataclasses import replace
from itertools import combinations

from hypothesis import given, settings, strategies as st

from families.danish.engine import interchange
from scoring.engine.interchange import FORMAT, dumps, evening_to_dict, loads, parse_evening
from families.danish.engine.interchange import parse_deal
from families.danish.engine.model import (
    CardFate, Court, Cup, Deal, DealKind, Fate, Fine, FineKind, Group, Meld, MeldKind, Suit, seating,
)
from scoring.engine.problems import EveningError, echo
from families.danish.engine.rates import RATE_CARDS, VLK
from families.danish.engine.settle import (
    Cups, EntryKind, Reason, settle_deal, settle_evening, settle_opening, settle_split,
)
from scoring.engine.transfers import fewest_transfers
from families.danish.engine.validate import validate_deal, validate_evening

from .strategies import evenings, played_deals

EXAMPLES = settings(max_examples=150, deadline=None)
FEWER = settings(max_examples=100, deadline=None)    # properties beyond docs/rules/danish.md §6, to keep the file fast
FUZZ = settings(max_examples=250, deadline=None)


def _players_and_cups(entry) -> int:
    return sum(entry.net.values())


def _postings_net(entry) -> Counter:
    net: Counter = Counter()
    for posting in entry.postings:
        net[posting.payer] -= posting.amount
        net[posting.payee] += posting.amount
    return net


# Generated evenings are valid -------------------------------------------------------------------

@FEWER
@given(evenings(arbitrary_fines=True))
def test_generated_evenings_pass_validation(evening):
    assert validate_evening(evening, VLK) == []
    settle_evening(evening)


# docs/rules/danish.md §6: zero sum, cups, multiples of 5 ----------------------------------------------------

@EXAMPLES
@given(evenings(arbitrary_fines=True))
def test_6_every_entry_sums_to_zero_over_players_and_cups(evening):
    s = settle_evening(evening)
    accounts = [*evening.players, Cup.KING, Cup.PAGAT]
    kinds = [EntryKind.OPENING, *[EntryKind.DEAL] * len(evening.deals), EntryKind.SPLIT]
    assert [e.kind for e in s.entries] == kinds
    for entry in s.entries:
        assert [account for account, _ in entry.legs] == accounts
        assert _players_and_cups(entry) == 0
        net = _postings_net(entry)
        assert all(entry.net[a] == net[a] for a in accounts)   # the legs are the postings
        assert all(p.amount > 0 for p in entry.postings)


@EXAMPLES
@given(evenings(arbitrary_fines=True))
def test_6_cups_never_negative_and_empty_after_the_split(evening):
    s = settle_evening(evening)
    cups = Cups()
    for entry in s.entries:
        cups = cups.moved(entry.net)
        assert entry.cups == cups                              # content after the entry
        assert entry.cups.king >= 0 and entry.cups.pagat >= 0
        if entry.kind is not EntryKind.SPLIT:                  # §2 re-funding: never left empty
            assert entry.cups.king > 0 and entry.cups.pagat > 0
    assert (s.split.cups.king, s.split.cups.pagat) == (0, 0)
    assert sum(total for _, total in s.totals) == 0
    running = Counter()
    for entry in s.entries:
        running.update({p: entry.net[p] for p in evening.players})
    assert dict(s.totals) == {p: running[p] for p in evening.players}


@EXAMPLES
@given(evenings(arbitrary_fines=False))
def test_6_every_amount_is_a_multiple_of_5_when_the_fines_are(evening):
    s = settle_evening(evening)
    for entry in s.entries:
        assert all(amount % 5 == 0 for amount in entry.net.values())
        assert all(p.amount % 5 == 0 for p in entry.postings)
        assert entry.cups.king % 5 == 0 and entry.cups.pagat % 5 == 0
    assert all(total % 5 == 0 for _, total in s.totals)
    assert all(t.points % 5 == 0 for t in s.transfers)


@EXAMPLES
@given(evenings(arbitrary_fines=True))
def test_6_whole_evening_equals_folding_deal_by_deal(evening):
    players = evening.players
    opening = settle_opening(players, VLK)
    cups, entries, running = opening.cups, [], Counter({p: opening.net[p] for p in players})
    for number, deal in enumerate(evening.deals, 1):
        entry = settle_deal(players, number, deal, cups, VLK)
        entries.append(entry)
        cups = entry.cups
        running.update({p: entry.net[p] for p in players})
    split = settle_split(players, cups, running, VLK)
    whole = settle_evening(evening)
    assert whole.opening == opening
    assert len(whole.deals) == len(entries)
    for mine, theirs in zip(whole.deals, entries):
        assert mine == theirs
    assert whole.split == split
    assert whole.totals == tuple((p, running[p] + split.net[p]) for p in players)


@EXAMPLES
@given(evenings(arbitrary_fines=True))
def test_6_settling_twice_gives_equal_results(evening):
    first, second = settle_evening(evening), settle_evening(evening)
    assert first == second
    assert settle_evening(evening, VLK) == first
    assert first.running() == second.running()


@FEWER
@given(evenings(arbitrary_fines=True), st.randoms(use_true_random=False))
def test_order_of_melds_fines_kings_and_counts_does_not_change_a_deal(evening, rnd):
    """The snapshot rule (§3.3) and one entry per deal: recording order is not a payment."""
    def shuffled(items):
        items = list(items)
        rnd.shuffle(items)
        return tuple(items)

    permuted = replace(evening, deals=tuple(
        replace(d, melds=shuffled(d.melds), fines=shuffled(d.fines), kings=shuffled(d.kings),
                counts=shuffled(d.counts))
        for d in evening.deals))
    a, b = settle_evening(evening), settle_evening(permuted)
    assert [(e.legs, e.cups) for e in a.entries] == [(e.legs, e.cups) for e in b.entries]
    assert a.totals == b.totals and a.transfers == b.transfers


# §1 and §3.3 as payments --------------------------------------------------------------------------

@FEWER
@given(evenings(arbitrary_fines=True))
def test_sitters_out_only_fund_the_cups_and_share_them(evening):
    s = settle_evening(evening)
    for deal, entry in zip(evening.deals, s.deals):
        out = seating(evening.players, deal.dealer).sitting_out
        for posting in entry.postings:
            if posting.payer in out or posting.payee in out:
                assert posting.reason is Reason.REFUND and posting.payer in out, posting


@FEWER
@given(evenings(arbitrary_fines=True))
def test_end_of_play_payments_follow_3_3_and_the_decisions(evening):
    s = settle_evening(evening)
    for deal, entry in zip(evening.deals, s.deals):
        reasons = Counter(p.reason for p in entry.postings)
        if deal.kind is not DealKind.PLAYED:
            assert set(reasons) <= {Reason.DEALER_FEE, Reason.FINE, Reason.REFUND}
            continue
        blocked = {f.player for f in deal.fines if f.kind.blocks_ultimo}
        ultimo = [f for _, _, f in deal.cards() if f.fate is Fate.ULTIMO]
        paid = bool(ultimo) and deal.tout is None and deal.nolo is None and ultimo[0].owner not in blocked
        assert (Reason.ULTIMO in reasons) == paid
        assert (Reason.TOUT in reasons) == (deal.tout is not None)
        assert (Reason.NOLO in reasons) == (deal.nolo is not None)
        assert (Reason.LAST_TRICK in reasons) == (deal.tout is None and deal.nolo is None and not paid)
        if deal.nolo is not None:
            assert Reason.COUNTING not in reasons
        bagud = sum(1 for _, _, f in deal.cards() if f.fate is Fate.BAGUD)
        assert sum(1 for p in entry.postings if p.reason is Reason.BAGUD and isinstance(p.payee, str)) == 2 * bagud
        fee = sum(p.amount for p in entry.postings if p.reason is Reason.DEALER_FEE)
        assert fee == 2 * VLK.dealer_fee_per_cup
        # the snapshot rule: tout, ultimo and every bagud move the same K (or P) of a cup
        moved: dict[Cup, set[int]] = {Cup.KING: set(), Cup.PAGAT: set()}
        for p in entry.postings:
            if p.reason in (Reason.TOUT, Reason.ULTIMO, Reason.BAGUD):
                for side in (p.payer, p.payee):
                    if isinstance(side, Cup):
                        moved[side].add(p.amount)
        assert all(len(amounts) <= 1 for amounts in moved.values()), moved
        # §3.3.6: two counters get their band value, the derived player minus their sum
        if deal.nolo is None:
            seats = seating(evening.players, deal.dealer)
            counts = deal.count_map
            derived = (next(p for p in seats.active if p not in counts) if len(counts) == 2
                       else deal.derived or seats.default_derived)
            counting = Counter()
            for p in entry.postings:
                if p.reason is Reason.COUNTING:
                    counting[p.payer] -= p.amount
                    counting[p.payee] += p.amount
            values = {player: VLK.count_value(c) for player, c in counts.items() if player != derived}
            assert len(values) == 2
            assert {p: counting[p] for p in values} == values
            assert counting[derived] == -sum(values.values())


# Interchange ----------------------------------------------------------------------------------

@EXAMPLES
@given(evenings(arbitrary_fines=True))
def test_write_then_read_gives_the_same_evening_and_settlement(evening):
    text = dumps(evening)
    again = loads(text)
    assert again == evening
    assert parse_evening(json.loads(text)) == evening
    assert settle_evening(again) == settle_evening(evening)
    assert dumps(again) == text


# Transfers ------------------------------------------------------------------------------------

@EXAMPLES
@given(evenings(arbitrary_fines=True))
def test_transfers_settle_the_totals_in_at_most_players_minus_one(evening):
    s = settle_evening(evening)
    balance = dict(s.totals)
    for t in s.transfers:
        assert t.points > 0 and t.payer != t.payee
        assert t.payer in balance and t.payee in balance
        balance[t.payer] += t.points
        balance[t.payee] -= t.points
    assert set(balance.values()) <= {0}
    assert len(s.transfers) <= len(evening.players) - 1
    assert fewest_transfers(s.totals) == s.transfers            # deterministic
    assert settle_evening(evening).transfers == s.transfers


def _most_zero_groups(amounts: list[int]) -> int:
    """Brute force: the largest number of disjoint zero-sum groups covering every amount."""
    if not amounts:
        return 0
    best, rest = 0, amounts[1:]
    for size in range(len(rest) + 1):
        for picked in combinations(range(len(rest)), size):
            if amounts[0] + sum(rest[i] for i in picked) == 0:
                left = [a for i, a in enumerate(rest) if i not in picked]
                best = max(best, 1 + _most_zero_groups(left))
    return best


@st.composite
def zero_sum_totals(draw):
    n = draw(st.integers(1, 5))
    names = [f"P{i}" for i in range(n)]
    amounts = draw(st.lists(st.integers(-60, 60).map(lambda k: 5 * k), min_size=n - 1, max_size=n - 1))
    return tuple(zip(names, [*amounts, -sum(amounts)]))


@EXAMPLES
@given(zero_sum_totals())
def test_transfers_are_the_fewest_possible(totals):
    transfers = fewest_transfers(totals)
    balance = dict(totals)
    for t in transfers:
        balance[t.payer] += t.points
        balance[t.payee] -= t.points
    assert set(balance.values()) <= {0}
    nonzero = [a for _, a in totals if a]
    assert len(transfers) == len(nonzero) - _most_zero_groups(nonzero)
    assert fewest_transfers(totals) == transfers


# Every rate card: the same invariants -----------------------------------------------------------

@FEWER
@given(evenings())
def test_every_rate_card_keeps_the_invariants_or_refuses(evening):
    """The same evening under each card the engine knows: sound entries, or the engine's error."""
    for name, card in RATE_CARDS.items():
        try:
            s = settle_evening(replace(evening, rules=name))
        except EveningError as exc:
            _check_error(exc, len(evening.deals))
            continue
        jeton = getattr(card, "jeton", 5)
        for entry in s.entries:
            assert sum(entry.net.values()) == 0, name
            assert entry.cups.king >= 0 and entry.cups.pagat >= 0, name
            assert all(amount % jeton == 0 for amount in entry.net.values()), name
        assert (s.split.cups.king, s.split.cups.pagat) == (0, 0), name
        assert sum(total for _, total in s.totals) == 0, name
        assert len(s.transfers) <= len(evening.players) - 1, name


# docs/rules/danish.md §5: what must be impossible to record ------------------------------------------------

OUTSIDER = "Outsider at another table"   # longer than any generated name


def _swap_card(deal: Deal, suit: Suit | None, fate: CardFate) -> Deal:
    """``deal`` with the pagat (suit None) or the king of ``suit`` recorded as ``fate``."""
    if suit is None:
        return replace(deal, pagat=fate)
    return replace(deal, kings=tuple((s, f) for s, f in deal.kings if s is not suit) + ((suit, fate),))


def _add(deal: Deal, *items: Meld | Fine) -> Deal:
    melds = tuple(i for i in items if isinstance(i, Meld))
    fines = tuple(i for i in items if isinstance(i, Fine))
    return replace(deal, melds=deal.melds + melds, fines=deal.fines + fines)


@st.composite
def forbidden_deals(draw, players: tuple[str, ...], deal: Deal, hand) -> tuple[str, Deal, set[str]]:
    """Break a valid played deal in one way that §5 (or a decision of docs/format.md) forbids:
    ``(name, broken deal, problem codes that must be among its problems)``."""
    seats = seating(players, deal.dealer)
    active, dealer = seats.active, seats.dealer
    pick = lambda items: draw(st.sampled_from(list(items)))  # noqa: E731
    w = deal.last_trick
    other = pick(p for p in active if p != w)               # active, did not win the last trick
    anyone = pick(active)
    owner = deal.pagat.owner                                 # of the pagat
    not_owner = pick(p for p in active if p != owner)
    suit, group = pick(Suit), pick(Group)
    suit_group = Group(suit.value)
    king_owner = hand.courts[(suit, Court.KING)]
    king = deal.king(suit) or CardFate(king_owner, Fate.HOME if king_owner == deal.tout else Fate.LOST)
    not_king_owner = pick(p for p in active if p != king_owner)
    plain = replace(deal, tout=None, nolo=None, derived=None)
    other_fines = [k for k in VLK.fines if k is not FineKind.MISDEAL]

    def full(player, grp):
        return Meld(player, MeldKind.FULL, group=grp)

    def half(player, grp, missing):
        return Meld(player, MeldKind.HALF, group=grp, missing=missing)

    def taroks(player, count, pagat):
        return Meld(player, MeldKind.TAROKS, count=count, pagat=pagat)

    def matadors(player, count=3):
        return Meld(player, MeldKind.MATADORS, count=count)

    cases = {
        # an active-player rule broken
        "not_at_table": lambda: pick([
            replace(deal, last_trick=OUTSIDER), replace(deal, pagat=CardFate(OUTSIDER, Fate.LOST)),
            _add(deal, Fine(OUTSIDER, FineKind.OUT_OF_TURN)), replace(deal, dealer=OUTSIDER),
            _add(deal, full(OUTSIDER, Group.HEARTS)), replace(deal, derived=OUTSIDER)]),
        # two players claiming one card
        "card_claimed_twice": lambda: pick([
            _add(deal, taroks(not_owner, 10, True)),                      # the pagat
            _add(deal, matadors(not_owner)),                              # the pagat
            _add(_swap_card(deal, suit, king), full(not_king_owner, Group.KINGS)),   # a king
            _add(deal, Meld(w, MeldKind.OVERFULL, group=Group.HEARTS),
                 half(other, Group.SPADES, Court.KNAVE)),                 # the scies
            _add(deal, matadors(w), matadors(other)),                     # tarok 21
            _add(deal, full(w, suit_group), half(other, suit_group, pick(Court)))]),  # a court card
        "taroks_without_own_pagat": lambda: _add(deal, taroks(owner, 10, False)),
        "missing_card_owned": lambda: pick([
            _add(deal, half(anyone, Group.KINGS, suit), full(anyone, suit_group)),
            _add(_swap_card(deal, suit, CardFate(king_owner, king.fate)), half(king_owner, Group.KINGS, suit))]),
        "too_many_taroks": lambda: _add(
            replace(deal, melds=tuple(m for m in deal.melds if m.kind is not MeldKind.TAROKS)),
            taroks(w, 12, w == owner), taroks(other, 11, other == owner)),
        # the last trick
        "two_ultimo": lambda: _swap_card(replace(deal, pagat=CardFate(w, Fate.ULTIMO)), suit,
                                         CardFate(w, Fate.ULTIMO)),
        "ultimo_not_winner": lambda: replace(deal, pagat=CardFate(other, Fate.ULTIMO)),
        "bagud_winner": lambda: replace(deal, pagat=CardFate(w, Fate.BAGUD)),
        "two_cards_last_trick": lambda: _swap_card(replace(deal, pagat=CardFate(other, Fate.BAGUD)), suit,
                                                   CardFate(other, Fate.BAGUD)),
        # tout and nolo
        "tout_not_winner": lambda: replace(deal, tout=other),
        "tout_and_nolo": lambda: replace(deal, tout=w, nolo=other),
        "nolo_winner": lambda: replace(deal, tout=None, nolo=w),
        "nolo_card_home": lambda: replace(deal, tout=None, nolo=other, pagat=CardFate(other, Fate.HOME)),
        "tout_card_home": lambda: replace(deal, tout=w, nolo=None, pagat=CardFate(other, Fate.HOME)),
        "tout_card_lost": lambda: replace(deal, tout=w, nolo=None, pagat=CardFate(w, Fate.LOST)),
        # counts
        "counts_after_nolo": lambda: pick([
            replace(deal, tout=None, nolo=other, counts=((w, 30), (anyone, 30))),
            replace(deal, tout=None, nolo=other, counts=(), derived=w)]),
        "counts_missing": lambda: replace(plain, counts=pick([(), ((w, 30),)])),
        "count_range": lambda: pick([
            replace(plain, counts=((w, pick([0, -1, 79, 1000])), (other, 20))),
            # after a tout (§3.3.6, amended): the tout-maker 1–78, each opponent 0–78
            replace(deal, tout=w, nolo=None, derived=None, counts=pick([
                ((w, 0), (other, 2)), ((other, -1), (w, 70)), ((other, 79), (w, 1)), ((w, 1000), (other, 0))]))]),
        "counts_sum_two": lambda: pick([
            replace(plain, counts=((w, 40), (other, draw(st.integers(38, 77))))),
            replace(deal, tout=w, nolo=None, derived=None, counts=((w, 70), (other, draw(st.integers(9, 78)))))]),
        "counts_sum_three": lambda: replace(plain, counts=tuple(zip(active, pick([
            (26, 26, 25), (26, 26, 27), (1, 1, 1), (78, 78, 78)])))),
        "derived_must_be": lambda: replace(plain, counts=((w, 30), (other, 30)), derived=pick([w, other])),
        # melds
        "meld_count_range": lambda: _add(deal, pick([
            taroks(owner, pick([9, 23, 0, -10]), True), matadors(owner, pick([2, 23, 0]))])),
        "two_melds_group": lambda: _add(deal, full(anyone, group), full(anyone, group)),
        "two_melds_kind": lambda: _add(deal, matadors(owner, 3), matadors(owner, 4)),
        "missing_kind_kings": lambda: _add(deal, half(anyone, Group.KINGS, Court.QUEEN)),
        "missing_kind_court": lambda: _add(deal, half(anyone, Group.HEARTS, Suit.CLUBS)),
        "meld_field_unused": lambda: _add(deal, pick([
            Meld(anyone, MeldKind.FULL, group=group, count=10),
            Meld(owner, MeldKind.TAROKS, count=10, pagat=True, group=Group.HEARTS),
            Meld(anyone, MeldKind.FULL, group=Group.KINGS, missing=Suit.HEARTS)])),
        "required": lambda: pick([replace(deal, pagat=None), replace(deal, last_trick=None)]),
        # fines and void deals
        "custom_amount": lambda: _add(deal, Fine(anyone, FineKind.CUSTOM, pick([0, -5, None]))),
        "amount_not_custom": lambda: _add(deal, Fine(anyone, FineKind.OUT_OF_TURN, 20)),
        "misdeal_fine_misplaced": lambda: pick([
            _add(deal, Fine(dealer, FineKind.MISDEAL)),
            Deal(dealer=dealer, kind=DealKind.MISDEAL, fines=(Fine(seats.forehand, FineKind.MISDEAL),)),
            Deal(dealer=dealer, kind=DealKind.SCRAPPED, fines=(Fine(dealer, FineKind.MISDEAL),))]),
        "misdeal_only_its_fine": lambda: Deal(  # docs/format.md, Decisions: docs/rules/danish.md §4 over docs/format.md
            dealer=dealer, kind=DealKind.MISDEAL, fines=tuple(draw(st.permutations(
                [Fine(anyone, pick(other_fines))] + pick([[], [Fine(dealer, FineKind.MISDEAL)]]))))),
        "only_dealer_and_fines": lambda: replace(deal, kind=pick([DealKind.MISDEAL, DealKind.SCRAPPED])),
    }
    if seats.sitting_out:
        out = pick(seats.sitting_out)
        cases["sits_out"] = lambda: pick([
            replace(deal, last_trick=out), replace(deal, pagat=CardFate(out, deal.pagat.fate)),
            _add(deal, Fine(out, FineKind.CUP_NOT_MOVED)), replace(deal, counts=((out, 26),) + deal.counts[1:]),
            _add(deal, full(out, Group.CLUBS)), replace(deal, tout=out)])
    name = pick(sorted(cases))
    return name, cases[name](), {name}


@st.composite
def evenings_with_a_forbidden_deal(draw):
    """A valid evening with one broken deal put in: (evening, the broken deal's number, name, codes)."""
    evening = draw(evenings(max_deals=4))
    deal, hand = draw(played_deals(evening.players, draw(st.sampled_from(evening.players))))
    name, broken, codes = draw(forbidden_deals(evening.players, deal, hand))
    at = draw(st.integers(0, len(evening.deals)))
    return replace(evening, deals=evening.deals[:at] + (broken,) + evening.deals[at:]), at + 1, name, codes


@settings(max_examples=200, deadline=None)
@given(evenings_with_a_forbidden_deal())
def test_5_what_must_be_impossible_is_rejected_naming_deal_and_field(case):
    evening, number, name, codes = case
    found = validate_evening(evening, VLK)
    assert found, f"{name}: accepted"
    assert {p.deal for p in found} == {number}, name
    assert codes <= {p.code for p in found}, (name, [str(p) for p in found])
    try:
        settle_evening(evening)
    except EveningError as exc:
        assert exc.problems == tuple(found)
    else:
        raise AssertionError(f"{name}: settled")
    try:
        loads(dumps(evening))   # the same deal read from a file is rejected too
    except EveningError as exc:
        assert {p.deal for p in exc.problems} == {number}, name
    else:
        raise AssertionError(f"{name}: read back from the file")


def _every_check(players: tuple[str, ...], number: int, deal: Deal) -> list:
    """docs/rules/danish.md §5 with every check run, whatever the deal holds (no guard)."""
    from families.danish.engine import validate as v
    from scoring.engine.problems import problem

    seats = seating(players, deal.dealer) if deal.dealer in players else None
    found = [problem(None, "dealer", "not_at_table", name=deal.dealer)] if seats is None else [
        *v._check_people(players, seats, deal), *v._check_fines(seats, deal, VLK)]
    found += v._check_text_rules(deal, VLK)
    if deal.kind is DealKind.PLAYED:
        cards = deal.cards()
        found += [*v._check_required(deal), *v._check_melds(deal, VLK), *v._check_cards(deal),
                  *v._check_last_trick(deal, cards), *v._check_tout_nolo(deal, cards), *v._check_failed_tout(deal, VLK)]
        if seats is not None:
            found += v._check_counts(seats, deal, VLK)
    else:
        found += v._check_void_deal(deal)
    return [replace(p, deal=number) for p in found]


@FEWER
@given(evenings_with_a_forbidden_deal() | evenings().map(lambda e: (e, None, None, None)))
def test_validation_skips_only_checks_that_would_find_nothing(case):
    """validate_deal runs a check only when the deal has what it checks (melds, fines, a tout or
    nolo, a failed tout) and settle_evening looks seatings up per evening: the same problems, in
    the same order, as every check run on every deal."""
    evening = case[0]
    found = []
    for number, deal in enumerate(evening.deals, 1):
        expected = _every_check(evening.players, number, deal)
        assert validate_deal(evening.players, number, deal, VLK) == expected
        found += expected
    assert validate_evening(evening, VLK) == found


@FUZZ
@given(st.sampled_from([("Anne", "Bent", "Carl"), ("Anne", "Bent", "Carl", "Dorte"),
                        ("Anne", "Bent", "Carl", "Dorte", "Erik")]), st.data())
def test_validation_of_any_deal_object_equals_every_check(players, data):
    try:
        deal = parse_deal(data.draw(deal_like), 3)
    except EveningError:
        return
    assert validate_deal(players, 3, deal, VLK) == _every_check(players, 3, deal)


# Fuzzing: only the engine's error may come out ------------------------------------------------

json_scalars = (st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.integers()
                | st.floats() | st.text(max_size=12))
json_values = st.recursive(
    json_scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=20)
out_of_range_ints = (st.sampled_from([-1, 0, 1, 2, 9, 10, 22, 23, 26, 77, 78, 79, 2**31, -2**63, 10**30])
                     | st.integers())
odd_keys = st.sampled_from(["", " ", "Melds", "fate ", "amount", "kind", "player", "owner", "deals", "__proto__",
                            "hearts", "count"]) | st.text(max_size=6)


def _json_type(value) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    return {type(None): "null", str: "str", list: "list", dict: "dict"}[type(value)]


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, prefix + (key,))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _paths(child, prefix + (i,))


def _at(data, path):
    for key in path:
        data = data[key]
    return data


def _rename_everywhere(value, old, new):
    if isinstance(value, dict):
        return {(new if k == old else k): _rename_everywhere(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [_rename_everywhere(v, old, new) for v in value]
    return new if value == old and isinstance(value, str) else value


@st.composite
def mutated_files(draw):
    """The evening file of a valid evening, broken (or not) in 1-4 ways."""
    data = evening_to_dict(draw(evenings(max_deals=12)))
    names = list(data["players"])
    people = st.sampled_from(names + ["", " ", "Zoe", 0]) | st.text(max_size=5)
    for _ in range(draw(st.integers(1, 4))):
        if not isinstance(data, dict):
            break
        paths = [p for p in _paths(data) if p]
        action = draw(st.sampled_from(["drop", "unknown_key", "retype", "bad_int", "rename", "swap_fates",
                                       "duplicate", "swap_items", "deal_kind", "set_person", "rules"]))
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent, last = _at(data, path[:-1]), path[-1]
        if action == "rules":
            data["rules"] = draw(st.sampled_from(sorted(RATE_CARDS)))
        elif action == "drop":
            del parent[last]
        elif action == "unknown_key":
            dicts = [p for p in _paths(data) if isinstance(_at(data, p), dict)]
            target = _at(data, draw(st.sampled_from(dicts)))
            target[draw(odd_keys)] = draw(json_values)
        elif action == "retype":
            old = _json_type(parent[last])
            parent[last] = draw(json_values.filter(lambda v: _json_type(v) != old))
        elif action == "bad_int":
            parent[last] = draw(out_of_range_ints)
        elif action == "rename" and names:
            old, new = draw(st.sampled_from(names)), draw(people)
            how = draw(st.sampled_from(["everywhere", "seat_only", "here_only"]))
            if how == "everywhere" and isinstance(new, str):
                data = _rename_everywhere(data, old, new)
            elif how == "seat_only" and isinstance(data.get("players"), list) and old in data["players"]:
                data["players"][data["players"].index(old)] = new
            elif isinstance(parent[last], str):
                parent[last] = new
        elif action == "swap_fates":
            cards = [p for p in _paths(data) if isinstance(_at(data, p), dict) and "fate" in _at(data, p)]
            if len(cards) >= 2:
                a, b = (_at(data, p) for p in draw(st.lists(st.sampled_from(cards), min_size=2, max_size=2)))
                a["fate"], b["fate"] = b["fate"], a["fate"]
            elif cards:
                _at(data, cards[0])["fate"] = draw(st.sampled_from(["home", "lost", "ultimo", "bagud", "Home", 1]))
        elif action == "duplicate":
            lists = [p for p in _paths(data) if isinstance(_at(data, p), list) and _at(data, p)]
            if lists:
                target = _at(data, draw(st.sampled_from(lists)))
                target.append(copy.deepcopy(target[draw(st.integers(0, len(target) - 1))]))
        elif action == "swap_items":
            lists = [p for p in _paths(data) if isinstance(_at(data, p), list) and len(_at(data, p)) >= 2]
            if lists:
                target = _at(data, draw(st.sampled_from(lists)))
                i, j = draw(st.integers(0, len(target) - 1)), draw(st.integers(0, len(target) - 1))
                target[i], target[j] = target[j], target[i]
        elif action in ("deal_kind", "set_person"):
            deals = data.get("deals")
            if isinstance(deals, list) and deals and isinstance(deals[0], dict):
                deal = draw(st.sampled_from([d for d in deals if isinstance(d, dict)]))
                if action == "deal_kind":
                    deal["kind"] = draw(st.sampled_from(["played", "misdeal", "scrapped", "Played", None]))
                else:
                    deal[draw(st.sampled_from(["last_trick", "tout", "nolo", "derived", "dealer"]))] = draw(people)
    return data


def _deal_count(data) -> int:
    deals = data.get("deals") if isinstance(data, dict) else None
    return len(deals) if isinstance(deals, list) else 0


def _check_error(exc: EveningError, deals: int) -> None:
    assert isinstance(exc, EveningError) and exc.problems
    for p in exc.problems:
        assert isinstance(p.field, str) and p.field, p
        assert p.deal is None or (type(p.deal) is int and 1 <= p.deal <= deals), p
        if p.deal is not None:
            assert str(p).startswith(f"deal {p.deal}: "), str(p)
            assert p.text("da").startswith(f"spil {p.deal}: ")
        assert p.message("da") and p.message("en")
    assert exc.lines("da") and exc.lines("en") and str(exc)


def _settled_or_refused(data) -> None:
    """Read and settle decoded JSON: either a sound settlement or an EveningError, nothing else."""
    deals = _deal_count(data)
    try:
        evening = parse_evening(data)
    except EveningError as exc:
        _check_error(exc, deals)
        return
    s = settle_evening(evening)       # parse_evening validated it: it must settle
    assert all(sum(e.net.values()) == 0 for e in s.entries)
    assert (s.split.cups.king, s.split.cups.pagat) == (0, 0)
    assert loads(dumps(evening)) == evening


def _text_settled_or_refused(text: str, deals: int) -> None:
    try:
        settle_evening(loads(text))
    except EveningError as exc:
        _check_error(exc, deals)


@settings(max_examples=200, deadline=None)
@given(mutated_files())
def test_mutated_files_raise_only_the_engines_error(data):
    _settled_or_refused(data)
    _text_settled_or_refused(json.dumps(data), _deal_count(data))


names_or_junk = st.sampled_from(["Anne", "Bent", "Carl", "Dorte", "Erik"]) | json_scalars
enum_values = st.sampled_from([e.value for enum in (DealKind, Fate, MeldKind, Group, Suit, Court, FineKind)
                               for e in enum])
card_like = st.fixed_dictionaries({}, optional={"owner": names_or_junk,
                                                "fate": st.sampled_from(["home", "lost", "ultimo", "bagud", 3])})
plausible = st.deferred(lambda: st.one_of(
    json_values, names_or_junk, out_of_range_ints, enum_values, card_like,
    st.lists(st.fixed_dictionaries({}, optional={
        k: plausible for k in ("player", "kind", "count", "pagat", "group", "missing", "amount")}), max_size=3),
    st.dictionaries(names_or_junk.filter(lambda v: isinstance(v, str)), out_of_range_ints, max_size=3),
    st.dictionaries(st.sampled_from([s.value for s in Suit] + ["joker"]), card_like | plausible, max_size=3),
))
deal_like = st.dictionaries(st.sampled_from(sorted(interchange._DEAL_KEYS)) | st.text(max_size=4), plausible,
                            max_size=8)
TABLES = [["Anne", "Bent", "Carl"], ["Anne", "Bent", "Carl", "Dorte"], ["Anne", "Bent", "Carl", "Dorte", "Erik"]]
junk_evenings = st.fixed_dictionaries(
    {"format": st.one_of(st.just(FORMAT), st.just(FORMAT), st.just("tarokklub.evening/2"), json_scalars),
     "players": st.one_of(st.sampled_from(TABLES), st.sampled_from(TABLES), json_values),
     "deals": st.lists(deal_like | json_values, max_size=4)},
    optional={"rules": st.sampled_from([*RATE_CARDS, "VLK"]) | json_scalars,
              "date": st.sampled_from(["2026-11-20", "2026-02-30", "20261120"]) | json_values,
              "extra": json_values})


@FUZZ
@given(json_values | junk_evenings)
def test_random_json_raises_only_the_engines_error(data):
    _settled_or_refused(data)


@FUZZ
@given(st.sampled_from([tuple(t) for t in TABLES]), deal_like | json_values, st.integers(1, 30))
def test_random_deal_objects_raise_only_the_engines_error(players, data, number):
    """The table-side form and the services read one deal at a time (``parse_deal``)."""
    try:
        entry = settle_deal(players, number, parse_deal(data, number), Cups(100, 100), VLK)
    except EveningError as exc:
        _check_error(exc, number)
        assert {p.deal for p in exc.problems} == {number}
    else:
        assert sum(entry.net.values()) == 0


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200) | st.text(alphabet="[]{}\":,0123456789tfnul ", max_size=300)
       | st.integers(1, 200_000).map(lambda depth: "[" * depth + "]" * depth))
def test_random_text_raises_only_the_engines_error(text):
    try:
        deals = _deal_count(json.loads(text))
    except (ValueError, RecursionError):   # the engine must turn both into its own error
        deals = 0
    _text_settled_or_refused(text, deals)


# docs/format.md: unknown keys are errors, so that a typo never silently drops a payment -------------

KNOWN_KEYS = (interchange._EVENING_KEYS | interchange._DEAL_KEYS | interchange._MELD_KEYS
              | interchange._CARD_KEYS | interchange._FINE_KEYS | {s.value for s in Suit})


def _where(path) -> tuple[int | None, str]:
    """(deal number, field) that a problem at ``path`` of an evening file names (docs/format.md names)."""
    deal, rest = (path[1] + 1, path[2:]) if path[:1] == ("deals",) and len(path) >= 2 else (None, path)
    field = ""
    for part in rest:
        field += f"[{part + 1}]" if isinstance(part, int) else (f".{part}" if field else part)
    return deal, field


@FEWER
@given(evenings(max_deals=6), st.data())
def test_unknown_keys_are_errors_naming_deal_and_field(evening, data):
    doc = evening_to_dict(evening)
    dicts = [p for p in _paths(doc) if isinstance(_at(doc, p), dict)]
    path = data.draw(st.sampled_from(dicts), label="where")
    key = data.draw(odd_keys.filter(lambda k: k not in KNOWN_KEYS and k not in evening.players), label="key")
    _at(doc, path)[key] = data.draw(json_values, label="value")
    deal, field = _where(path)
    expected = f"{field}.{key or chr(34) * 2}" if field else (key or chr(34) * 2)
    if path[-1:] == ("counts",):
        expected = f"{field}.{key}"    # a count of somebody who is not at the table
    expected = echo(expected)  # a message shows the input, never repeats control characters
    try:
        parse_evening(doc)
    except EveningError as exc:
        _check_error(exc, len(evening.deals))
        assert (deal, expected) in {(p.deal, p.field) for p in exc.problems}, [str(p) for p in exc.problems]
    else:
        raise AssertionError(f"unknown key {key!r} at {path} accepted")


def _zero_groups_by_lru(amounts: tuple[int, ...]) -> list[list[int]]:
    """The groups as the first implementation found them (each mask summed anew, memoised): the
    bottom-up table must choose exactly the same groups, or an evening closed before would read
    other transfers than the ones stored with it."""
    from functools import lru_cache

    n = len(amounts)

    @lru_cache(maxsize=None)
    def best(mask: int) -> int:
        if mask == 0:
            return 0
        closes = 1 if sum(amounts[i] for i in range(n) if mask >> i & 1) == 0 else 0
        return closes + max(best(mask & ~(1 << i)) for i in range(n) if mask >> i & 1)

    order, mask = [], (1 << n) - 1
    while mask:
        closes = 1 if sum(amounts[i] for i in range(n) if mask >> i & 1) == 0 else 0
        last = next(i for i in reversed(range(n)) if mask >> i & 1 and best(mask & ~(1 << i)) + closes == best(mask))
        order.append(last)
        mask &= ~(1 << last)
    order.reverse()
    groups, current, running = [], [], 0
    for i in order:
        current.append(i)
        running += amounts[i]
        if running == 0:
            groups.append(sorted(current))
            current = []
    return groups


@FEWER
@given(st.integers(1, 12).flatmap(lambda n: st.lists(st.integers(-8, 8).map(lambda k: 5 * k).filter(bool),
                                                      min_size=n - 1, max_size=n - 1)))
def test_the_groups_are_those_the_first_implementation_found(amounts):
    from scoring.engine.transfers import _zero_groups

    amounts = (*amounts, -sum(amounts)) if sum(amounts) else (*amounts,)
    amounts = tuple(a for a in amounts if a)
    assert _zero_groups(amounts) == _zero_groups_by_lru(amounts)
