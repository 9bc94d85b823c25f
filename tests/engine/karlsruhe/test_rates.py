"""docs/rules/karlsruhe.md §8: the rate card holds every number, travels whole in the evening file, and
an old evening re-settles with the numbers it was played with."""
import copy
import json
import re

import pytest

from scoring.engine.families import family, family_of_file
from scoring.engine.interchange import dumps, loads
from families.karlsruhe.engine.model import Bonus, Game, KontraLevel
from families.karlsruhe.engine.rates import KARLSRUHE, RATE_CARDS, RateCard
from scoring.engine.report import settlement_to_dict
from scoring.engine.settle import settle_evening

from .helpers import evening, problems

S8 = {
    "name": "karlsruhe", "title": KARLSRUHE.title,
    "game": {"koenigsrufer": 2, "solorufer": 4, "dreier": 8, "sechserbock": 8, "bettel_ouvert": 12, "fahrer": 2},
    "bonus": {"canari": [10, 20], "uhu": [8, 16], "pagat": [6, 12]},
    "silent_bonus": {"trull": 2, "four_kings": 2},
    "king_caught": 2, "win_above": 105, "schneider_max": 52, "schneider": 2, "valat": [8, 16],
    "kontra": {"kontra": 2, "re": 4, "sub": 8, "hirsch": 16}, "radl": 2, "misdeal_fine": 0,
}
DEAL = {"dealer": "Anna", "game": "dreier", "declarer": "Clara", "declarers_count": 120}


def test_karlsruhe_s8_the_built_in_card_is_every_number_of_the_rules():
    assert KARLSRUHE.to_dict() == S8
    assert RATE_CARDS == {"karlsruhe": KARLSRUHE}
    assert [KARLSRUHE.game_value(g) for g in Game] == [2, 4, 8, 8, 12, 2]
    assert [KARLSRUHE.bonus_value(b, False) for b in Bonus] == [10, 8, 6, 2, 2]
    assert [KARLSRUHE.bonus_value(b, True) for b in (Bonus.CANARI, Bonus.UHU, Bonus.PAGAT)] == [20, 16, 12]
    assert [KARLSRUHE.kontra_factor(k) for k in (None, *KontraLevel)] == [1, 2, 4, 8, 16]
    assert (KARLSRUHE.valat_factor(False), KARLSRUHE.valat_factor(True)) == (8, 16)


def test_karlsruhe_s8_to_dict_from_dict_round_trip():
    assert RateCard.from_dict(KARLSRUHE.to_dict()) == KARLSRUHE
    assert RateCard.from_dict(json.loads(json.dumps(S8))) == KARLSRUHE
    club = RateCard.from_dict({**S8, "name": "club", "title": "Club", "radl": 3,
                               "bonus": {**S8["bonus"], "uhu": [9, 18]}})
    assert (club.radl, club.uhu) == (3, (9, 18))
    assert hash(club) == hash(RateCard.from_dict(club.to_dict()))


def _without(path):
    data = copy.deepcopy(S8)
    *outer, last = path
    target = data
    for key in outer:
        target = target[key]
    del target[last]
    return data


def _with(path, value):
    data = copy.deepcopy(S8)
    *outer, last = path
    target = data
    for key in outer:
        target = target[key]
    target[last] = value
    return data


@pytest.mark.parametrize("path", [("name",), ("title",), ("game",), ("radl",), ("game", "fahrer"), ("bonus", "uhu"),
                                  ("silent_bonus", "trull"), ("kontra", "hirsch"), ("misdeal_fine",)])
def test_karlsruhe_s8_every_key_required(path):
    with pytest.raises(ValueError, match=f"^{'.'.join(path)}: required"):
        RateCard.from_dict(_without(path))


@pytest.mark.parametrize("path", [("colour",), ("game", "piccolo"), ("kontra", "retour"), ("bonus", "trull")])
def test_karlsruhe_s8_no_other_key(path):
    with pytest.raises(ValueError, match=f"^{'.'.join(path)}: unknown field"):
        RateCard.from_dict(_with(path, 1))


@pytest.mark.parametrize(("path", "value", "field"), [
    (("radl",), -1, "radl"), (("radl",), 2.5, "radl"), (("radl",), True, "radl"), (("radl",), "2", "radl"),
    (("game", "dreier"), -8, "game.dreier"), (("bonus", "uhu"), [8], "bonus.uhu"),
    (("bonus", "uhu"), [8, -1], "bonus.uhu[2]"),
    (("valat",), 8, "valat"), (("kontra", "re"), None, "kontra.re"), (("name",), "", "name"), (("title",), 3, "title"),
    (("game",), [], "game"),
])
def test_karlsruhe_s8_numbers_whole_and_not_negative_texts_non_empty(path, value, field):
    with pytest.raises(ValueError, match="^" + re.escape(field) + ": "):
        RateCard.from_dict(_with(path, value))


def test_karlsruhe_s8_a_club_card_travels_in_the_file_and_re_settles_with_its_numbers():
    card = {**S8, "name": "hausregel", "title": "Unsere Hausregel", "game": {**S8["game"], "dreier": 10}}
    data = evening(DEAL, rules="hausregel", rate_card=card)
    assert family_of_file(data) is family("karlsruhe")
    got = loads(json.dumps(data))
    assert got.card.dreier == 10
    assert settlement_to_dict(settle_evening(got))["deals"][0]["formula"] == "10"
    assert loads(dumps(got)) == got
    assert json.loads(dumps(got))["rate_card"] == card


def test_karlsruhe_s8_a_copy_of_the_built_in_card_under_its_own_name_is_found_by_rules():
    data = evening(DEAL, rate_card=S8)
    assert loads(json.dumps(data)).card == KARLSRUHE


@pytest.mark.parametrize(("path", "value", "field"), [
    (("win_above",), -1, "rate_card.win_above"), (("kontra", "sub"), "8", "rate_card.kontra.sub"),
    (("game", "dreier"), 10**6, "rate_card.game.dreier"), (("bonus", "pagat"), [6, 10**6], "rate_card.bonus.pagat[2]"),
    (("title",), " Hausregel", "rate_card.title"),
])
def test_karlsruhe_s9_evening_rate_card_not_whole(path, value, field):
    found = problems(evening(DEAL, rate_card=_with(path, value)))
    assert [(d, f) for d, f, _ in found] == [(None, field)]


def test_karlsruhe_s9_evening_rate_card_missing_a_key():
    found = problems(evening(DEAL, rate_card=_without(("schneider",))))
    assert found == [(None, "rate_card.schneider", "bad_rate_card")]
