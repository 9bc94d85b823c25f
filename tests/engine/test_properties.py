"""Hypothesis properties over generated valid evenings (3, 4 and 5 players, every deal kind and
event), and fuzzing of the evening file: only the engine's own validation error may come out."""
import copy
import json
from collections import Counter

from hypothesis import HealthCheck, given, settings, strategies as st

from scoring.engine.generate import random_deal
from scoring.engine.interchange import dumps, evening_to_dict, loads, parse_evening
from scoring.engine.model import Cup, DealKind, Evening, Fine, FineKind, seating
from scoring.engine.problems import EveningError
from scoring.engine.rates import VLK
from scoring.engine.settle import settle_deal, settle_evening, settle_opening, settle_split
from scoring.engine.validate import validate_evening

NAMES = ("Anne", "Bent", "Carl", "Dorte", "Erik")
SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def evenings(draw, odd_fines: bool = False):
    """A valid evening: cards dealt first, melds and fates follow from the hands (generate.py)."""
    players = NAMES[: draw(st.sampled_from([3, 4, 5]))]
    rng = draw(st.randoms(use_true_random=False))
    count = draw(st.integers(0, 25))
    dealer, deals = players[draw(st.integers(0, len(players) - 1))], []
    for _ in range(count):
        deal = random_deal(rng, players, dealer)
        if odd_fines and deal.kind is not DealKind.MISDEAL and draw(st.booleans()):
            active = seating(players, dealer).active
            extra = Fine(draw(st.sampled_from(active)), FineKind.CUSTOM, draw(st.integers(1, 99)))
            deal = deal.__class__(**{**deal.__dict__, "fines": deal.fines + (extra,)})
        deals.append(deal)
        if deal.kind is not DealKind.SCRAPPED:
            dealer = seating(players, dealer).next_dealer
    return Evening(players, tuple(deals), "vlk", None)


@SETTINGS
@given(evenings())
def test_generated_evenings_are_valid(evening):
    assert validate_evening(evening, VLK) == []


@SETTINGS
@given(evenings(odd_fines=True))
def test_every_entry_sums_to_zero_and_cups_never_go_negative(evening):
    s = settle_evening(evening)
    for entry in s.entries:
        assert sum(entry.net.values()) == 0
        assert entry.cups.king >= 0 and entry.cups.pagat >= 0
    assert (s.split.cups.king, s.split.cups.pagat) == (0, 0)
    assert sum(total for _, total in s.totals) == 0


@SETTINGS
@given(evenings())
def test_every_amount_is_a_multiple_of_5(evening):
    s = settle_evening(evening)
    for entry in s.entries:
        assert all(amount % 5 == 0 for amount in entry.net.values())
        assert all(p.amount % 5 == 0 and p.amount > 0 for p in entry.postings)


@SETTINGS
@given(evenings(odd_fines=True))
def test_whole_evening_equals_deal_by_deal(evening):
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
    assert whole.opening == opening and whole.deals == tuple(entries) and whole.split == split
    assert whole == settle_evening(evening)   # settling twice gives the same result


@SETTINGS
@given(evenings(odd_fines=True))
def test_serialise_parse_settle_is_unchanged(evening):
    again = loads(dumps(evening))
    assert again == evening
    assert parse_evening(json.loads(json.dumps(evening_to_dict(evening)))) == evening
    assert settle_evening(again) == settle_evening(evening)


@SETTINGS
@given(evenings(odd_fines=True))
def test_transfers_settle_the_totals_in_at_most_players_minus_one(evening):
    s = settle_evening(evening)
    balance = dict(s.totals)
    for t in s.transfers:
        assert t.points > 0 and t.payer != t.payee
        balance[t.payer] += t.points
        balance[t.payee] -= t.points
    assert set(balance.values()) <= {0}
    assert len(s.transfers) <= len(evening.players) - 1
    assert settle_evening(evening).transfers == s.transfers


# Fuzzing ---------------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=20)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, prefix + (key,))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _paths(child, prefix + (i,))


@st.composite
def mutated_files(draw):
    data = evening_to_dict(draw(evenings()))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        action = draw(st.sampled_from(["drop", "replace", "unknown", "int", "rename", "duplicate"]))
        last = path[-1]
        if action == "drop":
            del parent[last]
        elif action == "replace":
            parent[last] = draw(json_values)
        elif action == "unknown" and isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=8))] = draw(json_values)
        elif action == "int":
            parent[last] = draw(st.integers(-100, 200))
        elif action == "rename":
            parent[last] = draw(st.sampled_from(["Zoe", "", "Anne", "Bent", "ultimo", "kings", 0]))
        elif action == "duplicate" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[last]))
    return data


def _only_engine_errors(data, deals: int):
    try:
        settle_evening(parse_evening(data))
    except EveningError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.field
            assert problem.deal is None or 1 <= problem.deal <= max(deals, 1)
            if problem.deal is not None:
                assert str(problem).startswith(f"deal {problem.deal}: {problem.field}: ")
            assert problem.message("da") and problem.message("en")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_files())
def test_mutated_files_raise_only_the_engines_error(data):
    deals = data.get("deals") if isinstance(data, dict) else None
    _only_engine_errors(data, len(deals) if isinstance(deals, list) else 0)


@settings(max_examples=300, deadline=None)
@given(json_values | st.fixed_dictionaries({"format": st.just("tarokklub.evening/1"),
                                             "players": st.lists(st.text(max_size=5), max_size=6),
                                             "deals": st.lists(json_values, max_size=4)}))
def test_random_json_raises_only_the_engines_error(data):
    deals = data.get("deals") if isinstance(data, dict) else None
    _only_engine_errors(data, len(deals) if isinstance(deals, list) else 0)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_random_text_raises_only_the_engines_error(text):
    try:
        loads(text)
    except EveningError as exc:
        assert all(p.field for p in exc.problems)
