"""What every game family keeps, whatever its rules (docs/families.md): one suite run over every
family of the registry (``scoring.engine.families``), the tests' own minimal one (tests/minifamily)
included, through the ``Family`` protocol alone. Over random valid evenings at every table size the
family seats, under its default card and under a club's copy of it carried by the file:

- the evenings are valid (the generator makes only what the rules allow);
- every entry sums to zero over the players and the family's pots, the totals (or a written-score
  family's money) sum to zero, and the transfers settle them, at most one fewer than the players;
- settling deal by deal, each from the state before it, gives the whole evening, and settling twice
  gives the same;
- writing an evening (its file, its deals) and reading it back gives the same evening;
- each deal's figures list every player, with his net.

A family's own rules, and its properties that hold for its rules only, stay in its own tests
(tests/engine/<family>/, tests/engine/test_properties*.py)."""
from __future__ import annotations

import json
import random
from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import families
from scoring.engine.bounds import name_problem
from scoring.engine.interchange import dumps, loads
from scoring.engine.ledger import player_totals
from tests.minifamily import engine as _minifamily   # noqa: F401  (registered beside the app's families)

#: Names as clubs write them (any script, a space inside), and any other name the bounds allow.
POOL = ("Anne", "Bent", "Jörg", "Ülkü", "Hans Peter", "Žiga", "Špela", "Ana")
names = st.sampled_from(POOL) | st.text(min_size=1, max_size=8).filter(lambda s: name_problem(s) is None)

#: Few examples per property and family: the families' own suites go deeper into their rules.
CONFORMANCE = settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])


def _minifamily_deal(rng: random.Random, players, dealer, card):
    """A random deal of the minimal family, which has no generator of its own (rule 2: distinct
    counts, so that no highest count is tied), read from its file form by the family itself."""
    counts = rng.sample(range(101), len(players))
    return families.family("minifamily").parse_deal({"dealer": dealer, "counts": dict(zip(players, counts))}, 1)


#: A random valid deal of each family: its ``random_deal``, or ``_minifamily_deal``.
GENERATORS = {"minifamily": _minifamily_deal}


def every_family() -> tuple[str, ...]:
    return families.names()


def test_the_suite_runs_over_every_family_the_test_only_one_included():
    assert set(families.built_in()) | {"minifamily"} <= set(every_family())
    for name in every_family():
        assert families.family(name).random_deal is not None or name in GENERATORS, name


def club_copy(family):
    """A club's copy of the family's default card, carried by the evening file (``rate_card``)."""
    return family.card_from_dict({**family.default_card.to_dict(), "name": "club", "title": "Club"})


@st.composite
def evenings(draw, name: str):
    """(family, card, evening): a random valid evening of the family at a table size its card seats,
    the dealer passing on by the family's own rule."""
    family = families.family(name)
    card = draw(st.sampled_from([family.default_card, club_copy(family)]))
    size = draw(st.sampled_from(sorted(family.seats(card))))
    players = tuple(draw(st.lists(names, min_size=size, max_size=size, unique=True)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    deal_of = GENERATORS.get(name) or family.random_deal
    dealer, deals = players[0], []
    for _ in range(draw(st.integers(0, 25))):
        deal = deal_of(rng, players, dealer, card)
        deals.append(deal)
        dealer = family.dealer_after(players, dealer, deal.kind.value)
    on = draw(st.none() | st.dates(date(2000, 1, 1), date(2099, 12, 31)))
    carried = None if card is family.default_card else card
    evening = family.make_evening(players, tuple(deals), card.name, on, carried)
    return family, card, evening


@pytest.mark.parametrize("name", every_family())
def test_random_evenings_are_valid(name):
    @CONFORMANCE
    @given(evenings(name))
    def check(found):
        family, card, evening = found
        assert family.validate_players(evening.players) == []
        for number, deal in enumerate(evening.deals, 1):
            assert family.validate_deal(evening.players, number, deal, card) == [], (number, deal)
    check()


@pytest.mark.parametrize("name", every_family())
def test_every_entry_and_the_evening_sum_to_zero_and_the_transfers_settle_it(name):
    @CONFORMANCE
    @given(evenings(name))
    def check(found):
        family, card, evening = found
        s = family.settle_evening(evening, card)
        for entry in s.entries:
            assert sum(entry.net.values()) == 0, entry
            assert set(entry.pot_contents) <= set(family.pots)
        paid = dict(s.money if s.money is not None else s.totals)
        assert list(paid) == list(evening.players)
        assert sum(paid.values()) == 0
        if not family.writes_score:
            assert sum(dict(s.totals).values()) == 0
        balance = dict(paid)
        for t in s.transfers:
            assert t.points > 0
            balance[t.payer] += t.points
            balance[t.payee] -= t.points
        assert set(balance.values()) <= {0}
        assert len(s.transfers) <= len(evening.players) - 1
    check()


@pytest.mark.parametrize("name", every_family())
def test_deal_by_deal_equals_the_evening_and_settling_is_idempotent(name):
    @CONFORMANCE
    @given(evenings(name))
    def check(found):
        family, card, evening = found
        whole = family.settle_evening(evening, card)
        assert family.settle_evening(evening, card) == whole
        players = evening.players
        previous = family.settle_opening(players, card)
        assert previous == whole.opening
        state, entries = previous.state, []
        for number, deal in enumerate(evening.deals, 1):
            # the state as the app rebuilds it: the stored pots after the deal before, and the history
            assert state == family.state_before(players, card, previous.pot_contents,
                                                lambda: evening.deals[:number - 1])
            previous = family.settle_deal(players, number, deal, state, card)
            entries.append(previous)
            state = previous.state
        assert tuple(entries) == whole.deals
        assert family.settle_split(players, state, player_totals(players, entries), card) == whole.split
        assert player_totals(players, (whole.opening, *entries, whole.split)) == dict(whole.totals)
    check()


@pytest.mark.parametrize("name", every_family())
def test_write_then_read_gives_the_same_evening(name):
    @CONFORMANCE
    @given(evenings(name))
    def check(found):
        family, _card, evening = found
        assert family.parse_evening(json.loads(json.dumps(family.evening_to_dict(evening)))) == evening
        assert loads(dumps(evening)) == evening
        for number, deal in enumerate(evening.deals, 1):
            assert family.parse_deal(family.deal_to_dict(deal), number) == deal
    check()


@pytest.mark.parametrize("name", every_family())
def test_each_deals_figures_list_every_player_with_his_net(name):
    @CONFORMANCE
    @given(evenings(name))
    def check(found):
        family, card, evening = found
        s = family.settle_evening(evening, card)
        for deal, entry in zip(evening.deals, s.deals):
            figures = family.deal_stats(evening.players, deal, entry)
            assert [x.player for x in figures] == list(evening.players)
            assert [x.net for x in figures] == [entry.net[p] for p in evening.players]
    check()
