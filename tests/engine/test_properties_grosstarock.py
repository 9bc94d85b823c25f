"""docs/rules/grosstarock.md §6 as Hypothesis properties, over random valid evenings of the taroc1754 and
grosstarock cards (``generate.random_evening``): each deal nets 0 and a sitter-out 0; opening and
split 0 and cups ``{}``; amounts are integers; with three counts each counting part is c − 26;
settling twice or deal by deal gives the same; meld, king and announcement order never changes an
amount; an evening survives write then read."""
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from families.danish.engine.generate import random_deal, random_evening
from families.danish.engine.model import DealKind, Evening, seating
from families.danish.engine.rates import GROSSTAROCK, TAROC1754, rate_card
from families.danish.engine.settle import Cups, Reason, derived_player, settle_deal, settle_evening
from families.danish.engine.validate import validate_evening
from scoring.engine.interchange import dumps, loads
from scoring.engine.ledger import cup_contents
from scoring.engine.report import settlement_to_dict

TABLES = st.sampled_from([("Anne", "Bent", "Carl"), ("Anne", "Bent", "Carl", "Dorte")])
RULES = st.sampled_from(["taroc1754", "grosstarock"])
SEEDS = st.integers(0, 2**32 - 1)
FEW = settings(max_examples=40, deadline=None)


def _evening(rules: str, players, seed: int, deals: int = 25) -> Evening:
    return random_evening(seed, players, deals=deals, rules=rules)


def test_the_generator_makes_every_new_event():
    """The properties below see what they are about: each card's own keys appear."""
    gt = random_evening(5, ("Anne", "Bent", "Carl"), deals=400, rules="grosstarock").deals
    assert any(d.announced_vole for d in gt) and any(d.announced_nolo for d in gt)
    assert any(d.tout and d.announced_vole and d.announced_vole.player == d.tout for d in gt)
    assert any(d.nolo and any(a.player == d.nolo for a in d.announced_nolo) for d in gt)
    kinds = {m.kind.value for d in gt for m in d.melds}
    assert {"honours", "four", "ladons", "taroks", "full", "half"} <= kinds
    assert any(d.pagat and d.pagat.fate.value == "discarded" for d in gt)
    assert any(d.failed_tout for d in gt) and any(f.kind.value == "custom" for d in gt for f in d.fines)
    t54 = random_evening(5, ("Anne", "Bent", "Carl", "Dorte"), deals=400, rules="taroc1754").deals
    assert any(d.nolo and d.counts for d in t54)
    assert any(m.group and m.group.value == "kings" for d in t54 for m in d.melds)
    assert not any(d.kings or d.tout or d.announced_vole or d.announced_nolo or d.failed_tout for d in t54)


@FEW
@given(RULES, TABLES, SEEDS)
def test_s6_each_deal_nets_0_a_sitter_out_0_no_cups(rules, players, seed):
    evening = _evening(rules, players, seed)
    assert validate_evening(evening, rate_card(rules)) == []
    s = settle_evening(evening)
    for entry in (s.opening, s.split):
        assert set(entry.net.values()) == {0} and cup_contents(entry) == {}
    for deal, entry in zip(evening.deals, s.deals):
        assert sum(entry.amounts) == 0 and entry.pots == () and cup_contents(entry) == {}
        assert all(type(a) is int for a in entry.amounts)
        for player in seating(players, deal.dealer).sitting_out:
            assert entry.net[player] == 0
    data = settlement_to_dict(s)
    assert all(row["cups"] == {} for row in [data["opening"], *data["deals"], data["split"]])
    assert sum(dict(s.totals).values()) == 0


@FEW
@given(RULES, TABLES, SEEDS)
def test_s6_three_counts_each_counting_part_is_c_minus_26(rules, players, seed):
    evening = _evening(rules, players, seed)
    s = settle_evening(evening)
    for deal, entry in zip(evening.deals, s.deals):
        if len(deal.counts) != 3:
            continue
        part = dict.fromkeys(players, 0)
        for p in entry.postings:
            if p.reason is Reason.COUNTING:
                part[p.payer] -= p.amount
                part[p.payee] += p.amount
        for player, count in deal.counts:
            assert part[player] == count - 26


@FEW
@given(RULES, TABLES, SEEDS)
def test_s6_settling_twice_and_deal_by_deal_give_the_same(rules, players, seed):
    evening = _evening(rules, players, seed)
    card = rate_card(rules)
    first, second = settle_evening(evening), settle_evening(evening)
    assert [e.amounts for e in first.deals] == [e.amounts for e in second.deals]
    state = first.opening.state
    for number, (deal, entry) in enumerate(zip(evening.deals, first.deals), 1):
        one = settle_deal(players, number, deal, state, card)
        assert one.amounts == entry.amounts and one.rows == entry.rows
        state = one.state
    assert state == Cups()


@FEW
@given(RULES, TABLES, SEEDS, st.randoms(use_true_random=False))
def test_s6_meld_king_and_announcement_order_never_changes_an_amount(rules, players, seed, shuffler):
    card = rate_card(rules)
    rng = random.Random(seed)
    dealer = players[0]
    for number in range(1, 16):
        deal = random_deal(rng, players, dealer, card)
        if deal.kind is DealKind.PLAYED:
            shuffled = replace(deal, melds=tuple(shuffler.sample(deal.melds, len(deal.melds))),
                               kings=tuple(shuffler.sample(deal.kings, len(deal.kings))),
                               announced_nolo=tuple(shuffler.sample(deal.announced_nolo, len(deal.announced_nolo))),
                               counts=tuple(shuffler.sample(deal.counts, len(deal.counts))))
            a = settle_deal(players, number, deal, Cups(), card)
            b = settle_deal(players, number, shuffled, Cups(), card)
            assert a.net == b.net
        dealer = seating(players, dealer).next_dealer


@FEW
@given(RULES, TABLES, SEEDS)
def test_s6_an_evening_survives_write_then_read(rules, players, seed):
    evening = _evening(rules, players, seed, deals=15)
    assert loads(dumps(evening)) == evening


def test_the_derived_player_of_two_counts_is_the_third():
    deal = random_evening(11, ("Anne", "Bent", "Carl"), deals=60, rules="grosstarock").deals
    two = next(d for d in deal if len(d.counts) == 2)
    active = seating(("Anne", "Bent", "Carl"), two.dealer).active
    assert derived_player(active, "x", two) not in dict(two.counts)
    assert GROSSTAROCK.cupless and TAROC1754.cupless
