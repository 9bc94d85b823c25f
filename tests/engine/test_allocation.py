"""Payments allocated to a pair's transfers (``scoring/engine/allocation.py``, docs/money.md
"Payments"): oldest transfer first, what is paid beyond the transfers a credit that pays the next,
open transfers set off the other way, each currency on its own, to the hundredth."""
from collections import defaultdict

import pytest
from hypothesis import given, settings, strategies as st

from scoring.engine.allocation import PAID, PART, UNPAID, Balance, Due, Paid, allocate, net

ANNE, BENT, CARL = 1, 2, 3


def due(key, payer, receiver, amount, currency="DKK"):
    return Due(key, payer, receiver, amount, currency)


def paid(key, payer, receiver, amount, currency="DKK"):
    return Paid(key, payer, receiver, amount, currency)


# The rules, one example each ----------------------------------------------------------------------

def test_a_part_payment_leaves_the_difference_open():
    # the Carl: 1,25 paid, then a correction makes his transfer 2,50
    found = allocate([due("feb", CARL, ANNE, 250)], [paid("cash", CARL, ANNE, 125)])
    cover = found.covers["feb"]
    assert (cover.paid, cover.open, cover.state) == (125, 125, PART)
    assert found.balances == (Balance(CARL, ANNE, "DKK", 125),)
    assert found.uses == (("cash", "feb", 125),)


def test_payments_pay_the_oldest_transfer_first():
    found = allocate([due("jan", CARL, ANNE, 300), due("feb", CARL, ANNE, 200), due("mar", CARL, ANNE, 100)],
                     [paid("p1", CARL, ANNE, 250), paid("p2", CARL, ANNE, 100)])
    assert [found.covers[k].state for k in ("jan", "feb", "mar")] == [PAID, PART, UNPAID]
    assert (found.covers["feb"].paid, found.covers["feb"].open) == (50, 150)
    assert found.uses == (("p1", "jan", 250), ("p2", "jan", 50), ("p2", "feb", 50))
    assert found.used("p2") == 100


def test_an_overpayment_is_a_credit_that_pays_the_next_transfer():
    # 2,50 paid; the transfer was corrected down to 1,25: Anne owes Carl 1,25 back ...
    smaller = allocate([due("feb", CARL, ANNE, 125)], [paid("p", CARL, ANNE, 250)])
    assert smaller.covers["feb"].state == PAID
    assert smaller.balances == (Balance(ANNE, CARL, "DKK", 125, credit=125),)
    assert smaller.credits == {(CARL, ANNE, "DKK"): 125}
    # ... until Carl owes her again: the credit pays that transfer
    later = allocate([due("feb", CARL, ANNE, 125), due("apr", CARL, ANNE, 300)], [paid("p", CARL, ANNE, 250)])
    assert (later.covers["apr"].paid, later.covers["apr"].state) == (125, PART)
    assert later.balances == (Balance(CARL, ANNE, "DKK", 175),)


def test_a_payment_whose_transfer_is_gone_or_reversed_stays_paid():
    gone = allocate([], [paid("p", CARL, ANNE, 125)])
    assert gone.balances == (Balance(ANNE, CARL, "DKK", 125, credit=125),)
    # reversed: now Anne owes Carl 1,00 beside the 1,25 he paid her
    reversed_ = allocate([due("feb", ANNE, CARL, 100)], [paid("p", CARL, ANNE, 125)])
    assert reversed_.covers["feb"].state == UNPAID
    assert reversed_.balances == (Balance(ANNE, CARL, "DKK", 225, credit=125),)


def test_transfers_the_other_way_are_set_off_oldest_first():
    found = allocate([due("jan", CARL, ANNE, 500), due("feb", ANNE, CARL, 300), due("mar", ANNE, CARL, 400)], [])
    assert [(found.covers[k].offset, found.covers[k].state) for k in ("jan", "feb", "mar")] == [
        (500, PAID), (300, PAID), (200, PART)]
    assert found.balances == (Balance(ANNE, CARL, "DKK", 200),)


def test_payments_pay_their_own_way_before_anything_is_set_off():
    # Carl owes Anne 5,00 (January), Anne owes Carl 3,00 (February) and pays it in March
    found = allocate([due("jan", CARL, ANNE, 500), due("feb", ANNE, CARL, 300)], [paid("mar", ANNE, CARL, 300)])
    assert found.covers["feb"].paid == 300 and found.covers["jan"].state == UNPAID
    assert found.balances == (Balance(CARL, ANNE, "DKK", 500),)


def test_two_currencies_are_never_set_against_each_other():
    found = allocate([due("kr", CARL, ANNE, 500, "DKK"), due("eur", CARL, ANNE, 500, "EUR")],
                     [paid("p", CARL, ANNE, 500, "EUR")])
    assert (found.covers["kr"].state, found.covers["eur"].state) == (UNPAID, PAID)
    assert found.balances == (Balance(CARL, ANNE, "DKK", 500),)


def test_a_player_owes_himself_nothing():
    # a duplicate's transfer to the player he was merged into: nothing to pay, no balance
    found = allocate([due("self", ANNE, ANNE, 300)], [paid("p", ANNE, ANNE, 100)])
    assert found.covers["self"].state == PAID and found.balances == () and found.uses == ()


def test_a_zero_transfer_is_paid_and_a_bad_amount_is_refused():
    assert allocate([due("nil", CARL, ANNE, 0)], []).covers["nil"].state == PAID
    with pytest.raises(ValueError):
        allocate([], [paid("p", CARL, ANNE, 0)])
    with pytest.raises(ValueError):
        allocate([due("d", CARL, ANNE, -5)], [])


# Properties -------------------------------------------------------------------------------------

PLAYERS = st.sampled_from((ANNE, BENT, CARL))
CURRENCY = st.sampled_from(("DKK", "EUR"))


@st.composite
def books(draw):
    dues = [due(("t", i), *draw(st.tuples(PLAYERS, PLAYERS, st.integers(0, 5000), CURRENCY)))
            for i in range(draw(st.integers(0, 12)))]
    payments = [paid(("p", i), *draw(st.tuples(PLAYERS, PLAYERS, st.integers(1, 5000), CURRENCY)))
                for i in range(draw(st.integers(0, 8)))]
    return dues, payments


PROPERTIES = settings(max_examples=150)


@PROPERTIES
@given(books())
def test_nothing_is_covered_twice_and_no_payment_is_spent_twice(book):
    dues, payments = book
    found = allocate(dues, payments)
    for d in dues:
        cover = found.covers[d.key]
        assert cover.amount == d.amount and 0 <= cover.paid and 0 <= cover.offset and cover.open >= 0
    for p in payments:
        assert 0 <= found.used(p.key) <= p.amount
    by_transfer = defaultdict(int)
    for _p, transfer, amount in found.uses:
        by_transfer[transfer] += amount
    assert all(found.covers[d.key].paid == by_transfer[d.key] for d in dues if d.payer != d.receiver)


@PROPERTIES
@given(books())
def test_each_way_is_paid_as_far_as_its_payments_go_oldest_first_and_the_rest_is_credit(book):
    dues, payments = book
    found = allocate(dues, payments)
    ways = {(d.payer, d.receiver, d.currency) for d in dues + payments if d.payer != d.receiver}
    for way in ways:
        owed = [d for d in dues if (d.payer, d.receiver, d.currency) == way]
        money = sum(p.amount for p in payments if (p.payer, p.receiver, p.currency) == way)
        covered = [found.covers[d.key].paid for d in owed]
        assert sum(covered) == min(money, sum(d.amount for d in owed))
        assert found.credits.get(way, 0) == max(0, money - sum(d.amount for d in owed))
        # oldest first: a transfer is paid only once every older one of its way is paid in full
        for i, d in enumerate(owed):
            if covered[i]:
                assert all(covered[j] == owed[j].amount for j in range(i))


@PROPERTIES
@given(books())
def test_the_balance_is_the_sums_to_the_hundredth_and_what_is_left_open(book):
    dues, payments = book
    found = allocate(dues, payments)
    balances = {(b.debtor, b.creditor, b.currency): b for b in found.balances}
    for a in (ANNE, BENT, CARL):
        for b in (ANNE, BENT, CARL):
            for currency in ("DKK", "EUR"):
                owes = net(dues, payments, a, b, currency)
                shown = balances.get((a, b, currency))
                assert (shown.amount if shown else 0) == max(owes, 0) or a == b
    # what is open is owed: a pair's open transfers never point both ways, and sum into its balance
    for (a, b, currency), balance in balances.items():
        open_there = sum(found.covers[d.key].open for d in dues if (d.payer, d.receiver, d.currency) == (a, b, currency))
        open_back = sum(found.covers[d.key].open for d in dues if (d.payer, d.receiver, d.currency) == (b, a, currency))
        assert open_back == 0 or open_there == 0
        credit_back = found.credits.get((b, a, currency), 0)
        credit_there = found.credits.get((a, b, currency), 0)
        assert balance.amount == open_there + credit_back - open_back - credit_there
        assert 0 <= balance.credit <= balance.amount


@PROPERTIES
@given(books())
def test_a_pair_is_allocated_on_its_own(book):
    """Another pair's or currency's items, wherever they stand in the lists, change nothing of a pair."""
    dues, payments = book
    whole = allocate(dues, payments)
    mine = (ANNE, CARL)
    alone = allocate([d for d in dues if {d.payer, d.receiver} <= set(mine) and d.currency == "DKK"],
                     [p for p in payments if {p.payer, p.receiver} <= set(mine) and p.currency == "DKK"])
    for key, cover in alone.covers.items():
        assert whole.covers[key] == cover
    assert [b for b in whole.balances if {b.debtor, b.creditor} == set(mine) and b.currency == "DKK"] == list(
        alone.balances)
