"""docs/rules/selca.md §13's invariants as properties over random valid evenings (``generate.py``): every
net lists every player, klop and misdeal nets ≤ 0, the resting dealer 0, klop counts 210, a game's
amounts multiples of m, §7's guarantee, money zero-sum with n·(T_i − T_j) between any two, the
transfers, deal by deal equals the evening, idempotence, and every entry's legs (the sheet pot
included) summing to zero. What every family keeps (valid random evenings, writing then reading an
evening, zero sums) is also tests/engine/test_family_conformance.py's."""
import random
from dataclasses import replace
from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.bounds import name_problem
from scoring.engine.ledger import cup_contents, player_totals
from families.selca.engine.generate import random_deal, random_evening
from families.selca.engine import FAMILY
from families.selca.engine.model import Evening, Kind, Pot, active_players, dealer_after
from families.selca.engine.rates import SELCA, RateCard
from families.selca.engine.settle import Reason, money, settle_opening, settle_split, state_before
from families.selca.engine.stats import deal_stats
from families.selca.engine.validate import validate_evening
# the family's defaults (family_of_modules)
settle_deal, settle_evening, evening_to_dict = FAMILY.settle_deal, FAMILY.settle_evening, FAMILY.evening_to_dict

POOL = ("Ana", "Bojan", "Cene", "Darja", "Eva", "Žiga", "Špela", "Jan Peter")
names = st.sampled_from(POOL) | st.text(min_size=1, max_size=8).filter(lambda s: name_problem(s) is None)
tables = st.integers(3, 4).flatmap(lambda n: st.lists(names, min_size=n, max_size=n, unique=True).map(tuple))
cards = st.builds(lambda kings, renons, kontra, klop, win: RateCard(
    name="club", title="Club", kings=kings, renons=renons, kontra=kontra, klop=klop, win_from=win),
    st.integers(0, 3), st.integers(0, 3), st.integers(1, 3), st.tuples(st.integers(0, 9), st.integers(0, 20)),
    st.integers(100, 110))
_FLAT = (Reason.MONDFANG, Reason.PAGATFONK)


@st.composite
def evenings(draw, card=st.none()):
    players = draw(tables)
    card = draw(card)
    seed = draw(st.integers(0, 2**32))
    count = draw(st.integers(0, 40))
    on = draw(st.none() | st.dates(date(2000, 1, 1), date(2099, 12, 31)))
    generated = random_evening(seed, players, count, on, card=card or SELCA)
    return Evening(players, generated.deals, "selca" if card is None else card.name, on, card)


@given(evenings(cards))
def test_selca_s13_nets_klop_misdeal_and_the_resting_dealer(evening):
    s = settle_evening(evening)
    players = evening.players
    for deal, entry in zip(evening.deals, s.deals):
        assert list(entry.net)[:len(players)] == list(players)
        if deal.kind in (Kind.KLOP, Kind.MISDEAL):
            assert all(entry.net[p] <= 0 for p in players)
        if deal.kind is Kind.KLOP:
            assert sum(deal.count_map.values()) == 210 and set(deal.count_map) == set(players)
        if deal.kind in (Kind.GAME, Kind.SHOWN):
            for p in players:
                if p not in active_players(players, deal.dealer):
                    assert entry.net[p] == 0
        if deal.kind is Kind.SHOWN:
            assert set(entry.net.values()) == {0}


@given(evenings(cards))
def test_selca_s13_a_games_amounts_less_flat_penalties_are_multiples_of_m(evening):
    s = settle_evening(evening)
    for deal, entry in zip(evening.deals, s.deals):
        if deal.kind is not Kind.GAME:
            continue
        m = evening.card.multiplier(deal.game)
        for p in evening.players:
            amount = sum((x.amount if x.payee == p else -x.amount) for x in entry.postings
                         if x.reason not in _FLAT and p in (x.payer, x.payee))
            assert amount % m == 0 if m else amount == 0


def _value_written(entry) -> dict[str, int]:
    """What the game's value wrote to each player: his postings but the flat penalties."""
    out = dict.fromkeys(entry.players, 0)
    for x in entry.postings:
        if x.reason not in _FLAT:
            if x.payee in out:
                out[x.payee] += x.amount
            if x.payer in out:
                out[x.payer] -= x.amount
    return out


@given(evenings(cards))
def test_selca_s13_s7_guarantee_against_the_same_deal_without_renons(evening):
    card = evening.card
    players = evening.players
    for number, deal in enumerate(evening.deals, 1):
        if deal.kind is not Kind.GAME or not deal.revoked:
            continue
        # §7 decides the value's shares; mondfang and pagatfonk are written on top, renons or not (§4)
        got = _value_written(settle_deal(players, number, deal, 0, card))
        plain = _value_written(settle_deal(players, number, replace(deal, renons=None), 0, card))
        opponents = [p for p in active_players(players, deal.dealer) if p != deal.declarer]
        declarer_revoked = deal.declarer in deal.revoked
        revoking = [p for p in opponents if p in deal.revoked]
        declarer_side = (got[deal.declarer], plain[deal.declarer])
        opponents_side = (sum(got[p] for p in opponents), sum(plain[p] for p in opponents))
        if declarer_revoked and not revoking:
            assert declarer_side[0] <= declarer_side[1]
        if revoking and not declarer_revoked:
            assert opponents_side[0] <= opponents_side[1]
        if declarer_revoked and revoking:
            for now, before in (declarer_side, opponents_side):
                assert now <= before or (before < 0 and now == 0)
        if revoking:
            for p in opponents:
                if p not in deal.revoked:
                    assert got[p] >= min(0, plain[p])


@given(evenings(cards))
def test_selca_s13_money_zero_sum_pairwise_differences_and_transfers(evening):
    s = settle_evening(evening)
    n = len(evening.players)
    totals, paid = dict(s.totals), dict(s.money)
    assert list(paid) == list(evening.players)
    assert sum(paid.values()) == 0
    for i in evening.players:
        for j in evening.players:
            assert paid[i] - paid[j] == n * (totals[i] - totals[j])
    balance = dict(paid)
    for t in s.transfers:
        assert t.points > 0
        balance[t.payer] += t.points
        balance[t.payee] -= t.points
    assert set(balance.values()) <= {0}
    assert len(s.transfers) <= n - 1
    assert s.money == money(s.totals)


@given(evenings(cards))
def test_selca_s13_every_entry_with_the_sheet_sums_to_zero_and_the_sheet_is_minus_what_is_written(evening):
    s = settle_evening(evening)
    written = 0
    for entry in s.entries:
        assert sum(entry.amounts) == 0
        assert entry.pots == (Pot.SHEET,) and cup_contents(entry) == {}
        written += sum(entry.net[p] for p in evening.players)
        assert entry.state == entry.pot_contents["sheet"] == -written
        for posting in entry.postings:
            assert Pot.SHEET in (posting.payer, posting.payee) and posting.amount > 0
    assert sum(dict(s.totals).values()) == written
    assert s.opening.amounts == s.split.amounts == (0,) * (len(evening.players) + 1)


@settings(max_examples=60)
@given(evenings(cards))
def test_selca_s13_deal_by_deal_equals_the_evening_and_settling_is_idempotent(evening):
    card = evening.card
    whole = settle_evening(evening)
    assert settle_evening(evening) == whole
    players = evening.players
    state = settle_opening(players, card).state
    entries = []
    for number, deal in enumerate(evening.deals, 1):
        assert state == state_before(players, card, {"sheet": state}, lambda: evening.deals[:number - 1])
        entry = settle_deal(players, number, deal, state, card)
        entries.append(entry)
        state = entry.state
        # a deal's net depends on its record and the table only
        assert settle_deal(players, number, deal, 0, card).net | {Pot.SHEET: 0} == entry.net | {Pot.SHEET: 0}
    assert tuple(entries) == whole.deals
    assert settle_split(players, state, player_totals(players, entries), card) == whole.split
    summed = player_totals(players, entries)
    assert summed == dict(whole.totals)


@given(evenings())
def test_selca_stats_agree_with_what_is_written(evening):
    s = settle_evening(evening)
    for deal, entry in zip(evening.deals, s.deals):
        stats = deal_stats(evening.players, deal, entry)
        assert [x.player for x in stats] == list(evening.players)
        assert [x.net for x in stats] == [entry.net[p] for p in evening.players]
        assert sum(x.declarer for x in stats) == (1 if deal.kind is Kind.GAME else 0)
        assert sum(x.klop_lost for x in stats) == sum(1 for p in evening.players if entry.net[p] < 0) \
            if deal.kind is Kind.KLOP else sum(x.klop_lost for x in stats) == 0
        for x in stats:
            assert x.declarer_won + x.declarer_lost <= x.declarer
            assert x.three_won + x.two_won + x.one_won == x.declarer_won
            assert x.three_lost + x.two_lost + x.one_lost == x.declarer_lost
            assert x.renons == int(x.player in deal.revoked)


@given(st.integers(0, 2**32), tables)
def test_selca_generator_is_deterministic_and_valid_deal_by_deal(seed, players):
    assert random_evening(seed, players, 10) == random_evening(seed, players, 10)
    rng = random.Random(seed)
    dealer = players[0]
    for _ in range(10):
        deal = random_deal(rng, players, dealer, SELCA)
        assert validate_evening(Evening(players, (deal,)), SELCA) == []
        dealer = dealer_after(players, dealer, deal.kind.value)
