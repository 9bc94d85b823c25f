"""The Danish reader's fast path reads a sound deal exactly as the strict reader does, and gives up
(so the strict reader words the problem) on anything the strict reader would report; the settle
pipeline validates once and still refuses a broken evening with the same problems."""
import copy
import json
import random

import pytest

from scoring.engine import interchange
from families.danish.engine import generate
from families.danish.engine.interchange import _parse_deal, _sound_deal, deal_to_dict
from families.danish.engine.rates import rate_card
from scoring.engine.pipeline import settlement_json
from scoring.engine.problems import EveningError
from scoring.engine.reading import Duplicated, LongNumber, Reader
from scoring.engine.report import settlement_to_dict
from scoring.engine.settle import settle_evening

CASES = [("vlk", ("Anne", "Bent", "Carl", "Dorte")), ("vlk", ("Anne", "Bent", "Carl", "Dorte", "Erik")),
         ("grosstarock", ("Anne", "Bent", "Carl")), ("dtf2011", ("Anne", "Bent", "Carl"))]


def strict_read(raw, card, bounded=True):
    """What the strict reader alone makes of ``raw``: (deal, problems)."""
    import families.danish.engine.interchange as module
    original = module._sound_deal
    module._sound_deal = lambda *args: None
    try:
        reader = Reader(1, bounded)
        return _parse_deal(reader, raw, card), reader.problems
    finally:
        module._sound_deal = original


def raw_deals(rules, players, count=120):
    evening = generate.random_evening(seed=len(players) * 7 + len(rules), players=players, deals=count, rules=rules)
    return [json.loads(json.dumps(deal_to_dict(d))) for d in evening.deals]


@pytest.mark.parametrize("rules,players", CASES)
def test_the_fast_path_reads_every_sound_deal_as_the_strict_reader(rules, players):
    card = rate_card(rules)
    for raw in raw_deals(rules, players):
        fast = _sound_deal(raw, card, True, {})
        deal, problems = strict_read(raw, card)
        assert problems == [] and fast == deal


def mutations(raw):
    """Deals the strict reader reports a problem in: a key unknown, a value of the wrong type, a
    name too long, a repeated key, a number too long, a choice unknown."""
    for key in list(raw):
        for bad in (None, 1, True, "x" * 500, [], {}, LongNumber("9" * 40), "nonsense"):
            changed = copy.deepcopy(raw)
            changed[key] = bad
            yield changed
        dropped = copy.deepcopy(raw)
        del dropped[key]
        yield dropped
    yield {**raw, "unknown": 1}
    repeated = Duplicated(raw)
    repeated.duplicates = ("dealer",)
    yield repeated
    for meld_key in ("kind", "count", "group", "pagat", "player"):
        for meld in raw.get("melds", []):
            changed = copy.deepcopy(raw)
            changed["melds"][raw["melds"].index(meld)][meld_key] = "bogus"
            yield changed
    for i, meld in enumerate(raw.get("melds", [])):   # each key of each meld left out in turn
        for meld_key in meld:
            dropped = copy.deepcopy(raw)
            del dropped["melds"][i][meld_key]
            yield dropped
    for card in ("pagat",):
        if card in raw:
            for inner in ("owner", "fate"):
                changed = copy.deepcopy(raw)
                changed[card][inner] = 7
                yield changed


@pytest.mark.parametrize("rules,players", CASES)
def test_the_fast_path_gives_way_to_the_strict_reader_on_every_problem(rules, players):
    card = rate_card(rules)
    rng = random.Random(3)
    for raw in rng.sample(raw_deals(rules, players), 25):
        for changed in mutations(raw):
            fast = _sound_deal(changed, card, True, {})
            deal, problems = strict_read(changed, card)
            if problems:
                assert fast is None, changed
            else:
                assert fast == deal


@pytest.mark.parametrize("rules,players", CASES)
def test_the_pipeline_settles_as_the_engine_and_refuses_as_it(rules, players):
    evening = generate.random_evening(seed=5, players=players, deals=60, rules=rules)
    text = interchange.dumps(evening)
    assert json.loads(settlement_json(text)) == json.loads(json.dumps(settlement_to_dict(settle_evening(evening))))
    broken = json.loads(text)
    broken["deals"][10]["dealer"] = "Nobody"
    broken["deals"][20]["melds"] = [{"player": "Anne", "kind": "bogus"}]
    with pytest.raises(EveningError) as strictly:
        interchange.loads(json.dumps(broken))
    with pytest.raises(EveningError) as piped:
        settlement_json(json.dumps(broken))
    assert piped.value.lines("en") == strictly.value.lines("en")


@pytest.mark.parametrize("owner", ["Anne ", "A" * 200, "Anne\u0301"])
def test_a_card_read_in_a_file_of_the_app_is_checked_again_in_a_file_from_outside(owner):
    """The fast path keeps each (owner, fate) it has read, apart for files held to bounds.py and
    files that are not: an owner an unbounded file may name (the app's own stored table) is still
    reported, at the card's field, in a file from outside, however often the app read it before."""
    card = rate_card("vlk")
    raw = {"dealer": "Bent", "pagat": {"owner": owner, "fate": "home"},
           "kings": {"hearts": {"owner": owner, "fate": "lost"}}, "last_trick": "Bent"}
    unbounded = _sound_deal(copy.deepcopy(raw), card, False, {})
    assert unbounded is not None and unbounded.pagat.owner == owner
    assert _sound_deal(copy.deepcopy(raw), card, False, {}) == unbounded
    assert _sound_deal(copy.deepcopy(raw), card, True, {}) is None
    _deal, problems = strict_read(raw, card)
    assert [p.field for p in problems] == ["pagat.owner", "kings.hearts.owner"]


def test_a_card_read_before_is_found_only_with_exactly_its_two_keys_and_texts():
    """A card's {owner, fate} found among those read before only when it is a plain object of
    exactly ``owner`` and ``fate``, both texts: anything else is looked at whole and gives way."""
    card = rate_card("vlk")
    sound = {"dealer": "Bent", "pagat": {"owner": "Anne", "fate": "home"}, "last_trick": "Bent"}
    assert _sound_deal(sound, card, True, {}) is not None   # now read before
    repeated = Duplicated({"owner": "Anne", "fate": "home"})
    repeated.duplicates = ("owner",)
    for pagat in ({"owner": "Anne", "fate": "home", "x": 1}, {"owner": "Anne", "x": "home"}, repeated,
                  {"owner": "Anne", "fate": "nonsense"}, {"owner": ["Anne"], "fate": "home"}, {"owner": "Anne"}):
        changed = {**sound, "pagat": pagat}
        assert _sound_deal(changed, card, True, {}) is None, pagat
        assert strict_read(changed, card)[1], pagat


def test_a_meld_read_before_is_found_only_with_exactly_its_items_and_their_types():
    """A meld found among those read before (``_MELDS_READ``) is the one the strict reader makes;
    a meld whose items only compare equal to it (1.0 or true for 1, 1 for true), or that holds a
    value that cannot be hashed, is looked at whole and gives way to the strict reader."""
    card = rate_card("grosstarock")
    meld = {"player": "Anne", "kind": "taroks", "count": 11, "pagat": True, "scies": False}
    sound = {"dealer": "Bent", "melds": [meld], "pagat": {"owner": "Anne", "fate": "home"}, "last_trick": "Bent"}
    first = _sound_deal(copy.deepcopy(sound), card, True, {})
    again = _sound_deal(copy.deepcopy(sound), card, True, {})   # now read before
    assert first is not None and again == first == strict_read(sound, card)[0]
    for changed_meld in ({**meld, "count": 11.0}, {**meld, "count": True}, {**meld, "pagat": 1},
                         {**meld, "scies": 0.0}, {**meld, "count": [11]}, {**meld, "pagat": {}}):
        changed = {**sound, "melds": [changed_meld]}
        assert _sound_deal(changed, card, True, {}) is None, changed_meld
        assert strict_read(changed, card)[1], changed_meld


def test_a_meld_read_on_a_card_that_lets_the_pagat_go_unsaid_is_checked_again_on_one_that_does_not():
    """A taroks meld without ``pagat``, read on a card where that may go unsaid, is still required
    to say it on a card that demands it (the melds read are kept by the card's rule), and a name
    read in the app's own file is checked again in a file from outside."""
    optional = next(card for card in (rate_card(name) for name in ("vlk", "dtf2011", "aeldre1900", "taroc1754"))
                    if card.taroks_pagat_optional)
    strict = next(card for card in (rate_card(name) for name in ("vlk", "dtf2011", "aeldre1900", "taroc1754"))
                  if not card.taroks_pagat_optional)
    raw = {"dealer": "Bent", "melds": [{"player": "Anne", "kind": "taroks", "count": 11}],
           "pagat": {"owner": "Bent", "fate": "home"}, "last_trick": "Bent"}
    assert _sound_deal(copy.deepcopy(raw), optional, True, {}) is not None
    assert _sound_deal(copy.deepcopy(raw), strict, True, {}) is None
    assert [p.field for p in strict_read(raw, strict)[1]] == ["melds[1].pagat"]
    long_name = {**raw, "melds": [{"player": "A" * 200, "kind": "taroks", "count": 11, "pagat": True}]}
    assert _sound_deal(copy.deepcopy(long_name), strict, False, {}) is not None
    assert _sound_deal(copy.deepcopy(long_name), strict, True, {}) is None
    assert [p.field for p in strict_read(long_name, strict)[1]] == ["melds[1].player"]


@pytest.mark.parametrize("bounded", [False, True])
def test_a_files_namer_answers_as_sound_name_asked_once_or_again(bounded):
    """``reading.sound_namer`` is ``sound_name`` for one file: the same name, or ``Unsound``, for
    every value, the first time and once the file's names have seen it."""
    from scoring.engine.reading import Unsound, sound_name, sound_namer

    def outcome(read, value):
        try:
            return read(value)
        except Unsound:
            return Unsound

    names: dict = {}
    name = sound_namer(bounded, names)
    values = ["Anne", "Anne ", "A" * 200, "Anne\u0301", "", 7, True, None, ["Anne"], {"Anne": 1}, LongNumber("9" * 40)]
    for value in values * 2:
        assert outcome(name, value) == outcome(lambda v: sound_name(v, bounded, {}), value), value
    if bounded:
        assert outcome(name, "A" * 200) is Unsound and outcome(name, "Anne ") is Unsound
