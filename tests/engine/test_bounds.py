"""Issue 11: the evening file is held to the bounds of ``bounds.py`` (no database).

Names a form would refuse, numbers too long to convert, a key given twice, custom fines and card
amounts beyond the club pages' limits, a card that is no copy of a built-in card, too many deals:
each is one problem naming its deal and field, in Danish and in English.
"""
import json

import pytest

from scoring.engine import bounds
from scoring.engine.interchange import FORMAT, decode, dumps, loads, parse_evening
from families.danish.engine.generate import random_evening
from scoring.engine.problems import EveningError
from families.danish.engine.rates import AELDRE1900, DTF2011, FINE_AMOUNT_MAX, VLK

PLAYERS = ["Anne", "Bent", "Carl", "Dorte"]
PLAIN = {"dealer": "Anne", "pagat": {"owner": "Bent", "fate": "home"}, "last_trick": "Bent",
         "counts": {"Bent": 31, "Dorte": 20}}


def evening(**changes) -> dict:
    return {"format": FORMAT, "players": list(PLAYERS), "deals": [dict(PLAIN)], **changes}


def problems(data) -> list[tuple[int | None, str, str]]:
    with pytest.raises(EveningError) as err:
        parse_evening(decode(data) if isinstance(data, str) else data)
    for p in err.value.problems:                       # every problem speaks both languages
        assert p.message("da") and p.message("en")
    return [(p.deal, p.field, p.code) for p in err.value.problems]


# Names ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, code", [
    ("An\x00ne", "name_characters"),                  # NUL: breaks every XLSX export of the standings
    ("An\u200bne", "name_characters"),                # zero-width space (Cf)
    ("Anne\u2028", "name_characters"),                # line separator (Zl)
    ("An\ue000ne", "name_characters"),                # private use (Co)
    ("Anne\tMarie", "name_characters"),               # a tab is a control character
    (" Anne", "name_spaces"),
    ("Anne ", "name_spaces"),
    ("Anne  Marie", "name_inner_spaces"),
    ("Anne\u00a0Marie", "name_inner_spaces"),         # no-break space
    ("A" * 10_000, "name_too_long"),
    ("A" * (bounds.NAME_MAX_LENGTH + 1), "name_too_long"),
    ("Ande\u0301rs", "name_not_nfc"),                 # e + combining acute: NFC is "é"
    ("   ", "empty_name"),
])
def test_a_name_a_form_would_refuse_is_refused_naming_the_player(name, code):
    data = evening(players=["Anne", "Bent", name, "Dorte"], deals=[])
    assert problems(data) == [(None, "players[3]", code)]


def test_the_name_rule_keeps_ordinary_names():
    for name in ("Anne", "Jens Peter", "Åse", "Øjvind", "Anne-Marie", "D'Artagnan", "李雷", "A" * 60, "Zoë 👍"):
        assert bounds.name_problem(name) is None, name


def test_a_player_named_in_a_deal_is_held_to_the_name_rule_too():
    deal = dict(PLAIN, last_trick="Bent\x00")
    assert problems(evening(deals=[deal])) == [(1, "last_trick", "name_characters")]
    deal = dict(PLAIN, counts={"Bent": 31, "Dorte\u200b": 20})
    assert problems(evening(deals=[deal])) == [(1, "counts.Dorte\ufffd", "name_characters")]  # shown, not repeated


def test_the_app_rereads_what_it_stored_without_the_bounds():
    data = evening(players=["Anne", "Bent", "Carl  Erik", "Dorte"], deals=[])
    assert problems(data) == [(None, "players[3]", "name_inner_spaces")]
    assert parse_evening(data, bounded=False).players[2] == "Carl  Erik"


# Numbers -------------------------------------------------------------------------------------------

def test_a_count_of_5000_digits_is_one_problem_at_its_field():
    text = json.dumps(evening()).replace('"Bent": 31', '"Bent": ' + "9" * 5000)
    assert problems(text) == [(1, "counts.Bent", "too_many_digits")]
    with pytest.raises(EveningError) as err:
        loads(text)
    assert err.value.lines() == ["deal 1: counts.Bent: a number of 5000 digits is too large"]


@pytest.mark.parametrize("amount", [10**20, 3 * 10**9, FINE_AMOUNT_MAX + 1, 0])
def test_a_custom_fine_beyond_the_forms_bounds_is_refused(amount):
    deal = dict(PLAIN, fines=[{"player": "Anne", "kind": "custom", "amount": amount}])
    found = problems(evening(deals=[deal]))
    assert found == [(1, "fines[1].amount", "number_range")]
    deal["fines"][0]["amount"] = FINE_AMOUNT_MAX
    assert parse_evening(evening(deals=[deal])).deals[0].fines[0].amount == FINE_AMOUNT_MAX


def test_a_count_of_three_billion_is_out_of_range():
    deal = dict(PLAIN, counts={"Bent": 3 * 10**9, "Dorte": 20})
    assert problems(evening(deals=[deal])) == [(1, "counts.Bent", "count_range")]


# Keys given twice --------------------------------------------------------------------------------

def test_a_key_given_twice_is_refused_naming_its_path():
    text = json.dumps(evening(deals=[dict(PLAIN), dict(PLAIN)]))
    text = text.replace('"last_trick": "Bent"', '"last_trick": "Bent", "last_trick": "Dorte"', 1)
    text = text.replace('"owner": "Bent"', '"owner": "Bent", "owner": "Bent"', 1)
    assert sorted(problems(text)) == [(1, "last_trick", "duplicate_key"), (1, "pagat.owner", "duplicate_key")]
    with pytest.raises(EveningError) as err:
        loads(text)
    assert "deal 1: last_trick: the key appears twice; only one value is allowed" in err.value.lines()


@pytest.mark.parametrize("before, after, deal, field", [
    ('"format"', '"players": ["A", "B", "C"], "format"', None, "players"),
    ('"Bent": 31', '"Bent": 31, "Bent": 35', 1, "counts.Bent"),
    ('"dealer"', '"dealer": "Anne", "dealer"', 1, "dealer"),
])
def test_duplicates_anywhere_in_the_file(before, after, deal, field):
    text = json.dumps(evening()).replace(before, after, 1)
    assert (deal, field, "duplicate_key") in problems(text)


def test_a_key_given_twice_in_an_embedded_card():
    card = VLK.to_dict() | {"name": "own", "title": "Own"}
    text = json.dumps(evening(rules="own", rate_card=card)).replace('"tout_each": 85', '"tout_each": 85, "tout_each": 50000')
    assert problems(text) == [(None, "rate_card.tout_each", "duplicate_key")]


# Embedded rate cards -----------------------------------------------------------------------------

def card_file(**amounts) -> dict:
    card = VLK.to_dict() | {"name": "own", "title": "Own"} | amounts
    return evening(rules="own", rate_card=card)


@pytest.mark.parametrize("field, value", [("last_trick_each", 10**20), ("tout_each", 3 * 10**9),
                                          ("nolo_each", bounds.CARD_AMOUNT_MAX + 5), ("half", -5)])
def test_card_amounts_beyond_the_card_pages_bounds_are_refused(field, value):
    assert problems(card_file(**{field: value})) == [(None, f"rate_card.{field}", "number_range")]


def test_card_fines_are_bounded_too():
    fines = dict(VLK.to_dict()["fines"], revoke=5, out_of_turn=10**20)
    data = card_file(fines=fines)
    assert problems(data) == [(None, "rate_card.fines.out_of_turn", "number_range")]


def test_a_card_of_5000_digits():
    text = json.dumps(card_file()).replace('"tout_each": 85', '"tout_each": ' + "5" * 5000)
    assert problems(text) == [(None, "rate_card.tout_each", "too_many_digits")]


def test_an_embedded_card_is_a_copy_of_a_built_in_card_with_only_its_amounts_changed():
    assert parse_evening(card_file(tout_each=100, last_trick_each=50)).card.tout_each == 100
    assert problems(card_file(count_total=1000)) == [(None, "rate_card.count_total", "card_fixed_field")]
    found = problems(card_file(count_band=3, count_par=30))
    assert sorted(found) == [(None, "rate_card.count_band", "card_fixed_field"),
                             (None, "rate_card.count_par", "card_fixed_field")]
    # every built-in card, and a copy of aeldre1900 with its failed tout changed, are copies
    for base in (VLK, DTF2011, AELDRE1900):
        data = evening(rules="own", rate_card=base.to_dict() | {"name": "own", "title": "Own"}, deals=[])
        assert parse_evening(data).card.tout_each == base.tout_each


def test_a_cards_name_and_title_are_texts_a_person_may_enter():
    assert problems(card_file(title="VLK\x00")) == [(None, "rate_card.title", "name_characters")]
    data = card_file(name="x" * 41)
    data["rules"] = "x" * 41
    assert sorted(problems(data)) == [(None, "rate_card.name", "name_too_long"), (None, "rules", "name_too_long")]


# Deals per file ----------------------------------------------------------------------------------

def test_a_file_beyond_the_deal_limit_is_refused_before_its_deals_are_read():
    data = evening(deals=[{"dealer": "nobody"}] * (bounds.MAX_DEALS_PER_FILE + 1))
    with pytest.raises(EveningError) as err:
        parse_evening(data, max_deals=bounds.MAX_DEALS_PER_FILE)
    assert err.value.lines() == [f"deals: an evening file may hold at most {bounds.MAX_DEALS_PER_FILE} deals; "
                                 f"this one has {bounds.MAX_DEALS_PER_FILE + 1}"]
    assert err.value.lines("da") == [f"deals: en aftenfil må højst have {bounds.MAX_DEALS_PER_FILE} spil; "
                                     f"denne har {bounds.MAX_DEALS_PER_FILE + 1}"]


def test_a_file_at_the_deal_limit_is_read():
    text = dumps(random_evening(seed=3, players=tuple(PLAYERS), deals=bounds.MAX_DEALS_PER_FILE))
    assert len(text.encode()) < bounds.MAX_FILE_BYTES
    assert len(loads(text, max_deals=bounds.MAX_DEALS_PER_FILE).deals) == bounds.MAX_DEALS_PER_FILE


def test_a_message_repeats_at_most_a_hundred_characters_of_hostile_input():
    from scoring.engine.interchange import parse_evening
    from scoring.engine.problems import EveningError, ECHO_MAX

    long_name = "X" * 10_000
    data = {"format": "tarokklub.evening/1", "players": ["Anne", "Bent", "Carl"], "rules": "vlk",
            "deals": [{"dealer": "Anne", "last_trick": long_name, "counts": {"Anne\x00": 40}}]}
    with pytest.raises(EveningError) as info:
        parse_evening(data)
    for line in info.value.lines("da") + info.value.lines("en"):
        assert "\x00" not in line and "X" * (ECHO_MAX + 1) not in line
        assert len(line) < 4 * ECHO_MAX
