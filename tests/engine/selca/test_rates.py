"""The Selca rate card holds every number of docs/rules/selca.md, travels whole in the evening file, and
an old evening re-settles with the numbers it was played with."""
import copy
import json

import pytest

from scoring.engine.interchange import dumps, loads
from scoring.engine.report import settlement_to_dict
from families.selca.engine.model import KontraLevel
from families.selca.engine.rates import RATE_CARDS, SELCA, RateCard
from scoring.engine.settle import settle_evening

from .helpers import evening, problems

CARD = {
    "name": "selca", "title": "Tarok po Selško", "game": {"three": 1, "two": 2, "one": 3}, "win_from": 106,
    "poeni_base": 98, "poeni_step": 15, "game_point": 1, "kavf": 1, "kings": 1, "trula": 1, "pagat": [2, 4],
    "valat": [8, 16], "renons": 1, "kontra": {"kontra": 2, "re": 4, "sub": 8}, "izkupicek_21": 63,
    "klop": [5, 10], "full_klop_from": 105, "misdeal": 2, "mondfang": 1, "pagatfonk": 2,
}
DEAL = {"dealer": "Ana", "kind": "game", "declarer": "Bojan", "game": 3, "count": 129, "kings": "declarer"}


def test_selca_the_built_in_card_is_every_number_of_the_rules():
    assert SELCA.to_dict() == CARD
    assert RATE_CARDS == {"selca": SELCA}
    assert [SELCA.multiplier(g) for g in (3, 2, 1)] == [1, 2, 3]          # §3
    assert (SELCA.won(105), SELCA.won(106)) == (False, True)                # §3
    assert [SELCA.poeni(t) for t in (105, 112, 113, 127, 128, 202, 203, 210)] == [0, 0, 1, 1, 2, 6, 7, 7]
    assert [SELCA.kontra_factor(k) for k in (None, *KontraLevel)] == [1, 2, 4, 8]   # §5
    assert (SELCA.pagat_value(False), SELCA.pagat_value(True), SELCA.valat_value(False),
            SELCA.valat_value(True)) == (2, 4, 8, 16)                       # §4
    assert (SELCA.klop_penalty(False), SELCA.klop_penalty(True)) == (5, 10)  # §8


def test_selca_card_to_dict_from_dict_round_trip():
    assert RateCard.from_dict(SELCA.to_dict()) == SELCA
    club = RateCard.from_dict({**CARD, "name": "club", "title": "Club", "klop": [6, 12], "kontra": {
        "kontra": 3, "re": 9, "sub": 27}})
    assert (club.klop, club.re) == ((6, 12), 9)
    assert hash(club) == hash(RateCard.from_dict(club.to_dict()))


def _paths(data, prefix=""):
    for key, value in data.items():
        yield (*prefix, key) if prefix else (key,)
        if isinstance(value, dict):
            yield from _paths(value, (*prefix, key) if prefix else (key,))


@pytest.mark.parametrize("path", list(_paths(CARD)))
def test_selca_card_every_key_is_required(path):
    data = copy.deepcopy(CARD)
    inner = data
    for key in path[:-1]:
        inner = inner[key]
    del inner[path[-1]]
    with pytest.raises(ValueError, match=f"^{'.'.join(path)}: required"):
        RateCard.from_dict(data)


@pytest.mark.parametrize(("where", "value", "message"), [
    ("extra", 1, "extra: unknown field"), ("kavf", -1, "kavf: must be a whole number"),
    ("kavf", 1.0, "kavf: must be a whole number"), ("kavf", True, "kavf: must be a whole number"),
    ("pagat", [2], "pagat: must be a list of two numbers"), ("klop", [5, "10"], r"klop\[2\]: must be a whole"),
    ("title", " ", "title: must be a non-empty text"), ("poeni_step", 0, "poeni_step: must be 1 or more"),
    ("game", {"three": 1, "two": 2}, "game.one: required"),
])
def test_selca_card_refuses_what_is_not_its_shape(where, value, message):
    with pytest.raises(ValueError, match=message):
        RateCard.from_dict({**CARD, where: value})


def test_selca_a_club_card_travels_with_its_evening_and_settles_with_its_numbers():
    club = RateCard.from_dict({**CARD, "name": "club", "title": "Club", "kings": 3})
    data = evening(DEAL, rules="club", rate_card=club.to_dict())
    got = loads(json.dumps(data))
    assert got.card == club
    assert settlement_to_dict(settle_evening(got))["deals"][0]["net"] == {"Ana": -6, "Bojan": 6, "Cene": -6}
    assert loads(dumps(got)) == got
    assert settlement_to_dict(settle_evening(loads(json.dumps(evening(DEAL)))))["deals"][0]["net"]["Bojan"] == 4


def test_selca_an_embedded_card_with_problems_names_its_field():
    assert problems(evening(DEAL, rules="club", rate_card={**CARD, "name": "club", "kavf": -1})) == [
        (None, "rate_card.kavf", "number_range")]
    assert problems(evening(DEAL, rules="selca", rate_card={**CARD, "name": "club"})) == [
        (None, "rate_card.name", "rate_card_name")]
    assert problems(evening(DEAL, rules="club", rate_card={**CARD, "name": "club", "kavf": "1"})) == [
        (None, "rate_card.kavf", "bad_rate_card")]
