"""docs/rules/karlsruhe.md §10's invariants as properties over random valid evenings (``generate.py``):
deal by deal equals the whole evening however often under any card, the Radl derived from the
history, the formula a person can check. What every family keeps (valid random evenings, zero sums
and the transfers, writing then reading an evening) is tests/engine/test_family_conformance.py's."""
import re
from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.bounds import name_problem
from families.karlsruhe.engine.generate import random_deal, random_evening
from families.karlsruhe.engine import FAMILY
from families.karlsruhe.engine.model import DealKind, Evening, Game, dealer_after
from families.karlsruhe.engine.rates import KARLSRUHE, RateCard
from families.karlsruhe.engine.settle import (
    _paying_pairs, fahrer_payers, radl_status, sides, settle_opening, settle_split, state_before,
)
from families.karlsruhe.engine.stats import deal_stats
from families.karlsruhe.engine.validate import validate_evening
from scoring.engine.ledger import player_totals
# the family's defaults (family_of_modules)
settle_deal, settle_evening, evening_to_dict = FAMILY.settle_deal, FAMILY.settle_evening, FAMILY.evening_to_dict

POOL = ("Anna", "Bernd", "Clara", "Dieter", "Emil", "Jörg", "Ülkü", "Hans Peter")
names = st.sampled_from(POOL) | st.text(min_size=1, max_size=8).filter(lambda s: name_problem(s) is None)
tables = st.integers(4, 5).flatmap(lambda n: st.lists(names, min_size=n, max_size=n, unique=True).map(tuple))
cards = st.builds(lambda radl, fine, dreier: RateCard(name="club", title="Club", radl=radl, misdeal_fine=fine,
                                                      dreier=dreier),
                  st.integers(0, 5), st.integers(0, 20), st.integers(0, 30))


@st.composite
def evenings(draw, card=st.none()):
    players = draw(tables)
    seed = draw(st.integers(0, 2**32))
    count = draw(st.integers(0, 40))
    dates = draw(st.none() | st.dates(date(2000, 1, 1), date(2099, 12, 31)))
    evening = random_evening(seed, players, count, dates)
    card = draw(card)
    return Evening(players, evening.deals, "karlsruhe" if card is None else card.name, dates, card)


@settings(max_examples=60)
@given(evenings(), cards)
def test_karlsruhe_s10_deal_by_deal_equals_the_evening_however_often(evening, card):
    whole = settle_evening(evening, card)
    assert settle_evening(evening, card) == whole
    players = evening.players
    state = settle_opening(players, card).state
    entries = []
    for number, deal in enumerate(evening.deals, 1):
        assert state == state_before(players, card, {}, lambda: evening.deals[:number - 1])
        entry = settle_deal(players, number, deal, state, card)
        entries.append(entry)
        state = entry.state
    assert tuple(entries) == whole.deals
    assert settle_split(players, state, player_totals(players, entries), card) == whole.split


@given(evenings())
def test_karlsruhe_s5_4_radl_deals_are_n_per_fahrer_less_what_lapses(evening):
    s = settle_evening(evening)
    fahrers = sum(1 for d in evening.deals if d.game is Game.FAHRER)
    radls = sum(1 for e in s.deals if e.facts["radl"])
    owed = radl_status(evening.players, evening.deals)
    assert radls == len(evening.players) * fahrers - owed
    assert owed == (s.deals[-1].state if s.deals else 0)
    for deal, entry in zip(evening.deals, s.deals):
        if deal.kind is not DealKind.PLAYED:
            assert entry.facts["radl"] is False


def _evaluate(expression: str) -> int:
    assert re.fullmatch(r"[-+0-9x()\[\]]+", expression)
    return eval(expression.replace("x", "*").replace("[", "(").replace("]", ")"))  # noqa: S307 (checked above)


@given(evenings(), cards)
def test_karlsruhe_s5_5_the_formula_adds_up_to_what_is_paid(evening, card):
    s = settle_evening(evening, card)
    for deal, entry in zip(evening.deals, s.deals):
        formula = entry.facts["formula"]
        expression, _, shown = formula.partition("=")
        v = _evaluate(expression)
        if shown:
            assert int(shown) == v
        else:
            assert re.fullmatch(r"-?\d+", expression)
        net = entry.net
        if deal.kind is not DealKind.PLAYED:
            assert net[deal.dealer] == -v * (len(evening.players) - 1)
        elif deal.game is Game.FAHRER:
            assert sorted(v for v in net.values() if v) in ([], [-v, -v, v, v])
        else:
            declarers, opponents = sides(evening.players, deal)
            assert all(net[p] == -v for p in opponents)
            assert all(net[p] == v * (3 if len(declarers) == 1 else 1) for p in declarers)


@given(evenings())
def test_karlsruhe_stats_agree_with_the_payments(evening):
    s = settle_evening(evening)
    for deal, entry in zip(evening.deals, s.deals):
        stats = deal_stats(evening.players, deal, entry)
        assert [x.player for x in stats] == list(evening.players)
        assert [x.net for x in stats] == [entry.net[p] for p in evening.players]
        played = deal.kind is DealKind.PLAYED
        assert sum(x.active for x in stats) == (4 if played else 0)
        assert sum(x.declarer for x in stats) == (1 if played and deal.game is not Game.FAHRER else 0)
        assert sum(x.radl for x in stats) == (4 if entry.facts["radl"] else 0)
        assert all(x.declarer_won + x.declarer_lost <= x.declarer for x in stats)


@given(st.integers(0, 2**32), tables)
def test_karlsruhe_generator_is_deterministic_and_valid_deal_by_deal(seed, players):
    assert random_evening(seed, players, 10) == random_evening(seed, players, 10)
    import random
    rng = random.Random(seed)
    dealer = players[0]
    for _ in range(10):
        deal = random_deal(rng, players, dealer, KARLSRUHE)
        assert validate_evening(Evening(players, (deal,)), KARLSRUHE) == []
        dealer = dealer_after(players, dealer, deal.kind.value)


@given(evenings())
def test_karlsruhe_s6_the_paying_pairs_are_those_of_the_sides(evening):
    """The pairs a deal's items are paid between are the pairs of ``sides`` and ``fahrer_payers`` (§6)."""
    players = evening.players
    for deal in evening.deals:
        if deal.kind is not DealKind.PLAYED:
            continue
        if deal.game is Game.FAHRER:
            high, low = fahrer_payers(players, deal)
            expected = tuple(zip(high, low))
        else:
            declarers, opponents = sides(players, deal)
            expected = (tuple((o, declarers[0]) for o in opponents) if len(declarers) == 1
                        else tuple(zip(opponents, declarers)))
        assert _paying_pairs(players, deal) == expected
