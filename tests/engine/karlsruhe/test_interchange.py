"""docs/rules/karlsruhe.md §11: the family's evening file, read strictly and written back exactly; the
family answers the protocol of families.py."""
import json

import pytest

from scoring.engine.families import built_in, engine_package, family, family_of_file, family_of_rules
from scoring.engine.interchange import dumps, loads
from families.karlsruhe.engine import FAMILY
from families.karlsruhe.engine.interchange import deal_to_dict, parse_deal
from families.karlsruhe.engine.model import BirdEntry, Bonus, Deal, DealKind, Game, KontraLevel, Side, Suit
from families.karlsruhe.engine.rates import KARLSRUHE
from scoring.engine.problems import EveningError

from .helpers import FOUR, evening
evening_to_dict = FAMILY.evening_to_dict   # the family's defaults (family_of_modules)

RUFER = {"dealer": "Anna", "game": "koenigsrufer", "declarer": "Bernd", "called_king": "hearts", "partner": "Dieter",
         "declarers_count": 121, "bonuses": {"pagat": {"side": "declarers", "announced": True, "won": True},
                                             "uhu": {"side": "opponents", "won": False}},
         "king_caught": False, "kontra": {"game": "kontra", "pagat": "re"}}


def test_karlsruhe_family_is_registered_and_answers_the_protocol():
    assert "karlsruhe" in built_in() and engine_package("karlsruhe") == "families.karlsruhe.engine"
    assert family("karlsruhe") is FAMILY
    assert family_of_rules("karlsruhe") is FAMILY
    assert family_of_file(evening()) is FAMILY
    assert (FAMILY.name, FAMILY.players, FAMILY.pots, FAMILY.writes_score) == ("karlsruhe", (4, 5), (), False)
    assert FAMILY.default_card is KARLSRUHE and FAMILY.card_base(KARLSRUHE) is KARLSRUHE
    assert FAMILY.owns_card(KARLSRUHE.to_dict()) and not family("danish").owns_card(KARLSRUHE.to_dict())
    assert not FAMILY.owns_card(family("danish").default_card.to_dict())
    assert FAMILY.make_evening(FOUR, (), "karlsruhe", None, None).players == FOUR


def test_karlsruhe_s11_a_deal_reads_into_the_model():
    assert parse_deal(RUFER) == Deal(
        dealer="Anna", game=Game.KOENIGSRUFER, declarer="Bernd", called_king=Suit.HEARTS, partner="Dieter",
        declarers_count=121,
        bonuses=((Bonus.UHU, BirdEntry(Side.OPPONENTS, False)), (Bonus.PAGAT, BirdEntry(Side.DECLARERS, True, True))),
        king_caught=False, kontra=(("game", KontraLevel.KONTRA), ("pagat", KontraLevel.RE)))


def test_karlsruhe_s11_a_deal_keeps_exactly_the_fields_it_was_given():
    assert parse_deal(deal_to_dict(parse_deal(RUFER))) == parse_deal(RUFER)
    out = deal_to_dict(parse_deal(RUFER))
    assert out["king_caught"] is False and out["kontra"] == RUFER["kontra"]
    assert deal_to_dict(parse_deal({"dealer": "Anna", "kind": "played", "game": "fahrer", "counts": {}})) == {
        "dealer": "Anna", "game": "fahrer", "counts": {}}
    assert deal_to_dict(parse_deal({"dealer": "Anna", "kind": "misdeal"})) == {"dealer": "Anna", "kind": "misdeal"}
    assert parse_deal({"dealer": "Anna", "kind": "redeal"}).kind is DealKind.REDEAL


def test_karlsruhe_s11_parse_deal_checks_structure_only():
    deal = parse_deal({**RUFER, "declarer": "Zoe"}, 5)
    assert deal.declarer == "Zoe"
    with pytest.raises(EveningError) as caught:
        parse_deal({**RUFER, "declarer": None, "won": "yes"}, 5)
    assert [(p.deal, p.field, p.code) for p in caught.value.problems] == [(5, "declarer", "not_text"),
                                                                           (5, "won", "not_bool")]


def test_karlsruhe_s11_an_evening_writes_and_reads_back():
    data = evening(RUFER, {"dealer": "Bernd", "kind": "misdeal"}, date="2026-11-20")
    got = loads(json.dumps(data))
    assert json.loads(dumps(got)) == {**data, "deals": [
        {**RUFER, "bonuses": {"uhu": RUFER["bonuses"]["uhu"], "pagat": RUFER["bonuses"]["pagat"]}},
        data["deals"][1]]}
    assert evening_to_dict(got)["rules"] == "karlsruhe"
    assert "rate_card" not in evening_to_dict(got)
    assert loads(dumps(got)) == got


def test_karlsruhe_s11_a_repeated_key_inside_bonuses():
    text = json.dumps(evening({**RUFER, "bonuses": {"uhu": {"side": "opponents", "won": False}}, "kontra": {}}))
    text = text.replace('"won": false}}', '"won": false}, "uhu": {"side": "declarers", "won": true}}')
    with pytest.raises(EveningError) as caught:
        loads(text)
    assert [(p.deal, p.field, p.code) for p in caught.value.problems] == [(1, "bonuses.uhu", "duplicate_key")]


def test_karlsruhe_s11_unbounded_reading_of_stored_names():
    data = evening(players=["Anna", "Bernd ", "Clara", "Dieter"])
    assert FAMILY.parse_evening(data, bounded=False).players[1] == "Bernd "
    with pytest.raises(EveningError):
        FAMILY.parse_evening(data)
