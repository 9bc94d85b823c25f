"""docs/rules/selca.md §14: the family's evening file, read strictly and written back exactly; the family
answers the protocol of families.py; its messages exist in Danish and English."""
import json
import string

import pytest

from scoring.engine.families import built_in, engine_package, family, family_of_file, family_of_rules
from scoring.engine.interchange import dumps, loads
from scoring.engine.ledger import cup_contents
from scoring.engine.problems import EveningError, problem
from families.selca.engine import CODES, FAMILY
from families.selca.engine.interchange import deal_to_dict, parse_deal
from families.selca.engine.model import (
    Announcement, Deal, Kind, Kontra, KontraLevel, Mondfang, Pagatfonk, Pot, Side,
)
from families.selca.engine.rates import SELCA

from .helpers import FOUR, THREE, evening, problems
evening_to_dict = FAMILY.evening_to_dict   # the family's defaults (family_of_modules)

GAME = {"dealer": "Ana", "kind": "game", "declarer": "Bojan", "game": 2, "count": 131, "announced": ["pagat"],
        "pagat_ultimo": "declarer", "kings": "opponents", "valat": False,
        "mondfang": {"owner": "Bojan", "by": "Cene"}, "kontra": {"by": "Cene", "game": "kontra", "pagat": "re"},
        "renons": ["Ana"]}


def test_selca_family_is_registered_and_answers_the_protocol():
    assert "selca" in built_in() and engine_package("selca") == "families.selca.engine"
    assert family("selca") is FAMILY and family_of_rules("selca") is FAMILY
    assert family_of_file(evening()) is FAMILY
    assert (FAMILY.name, FAMILY.players, FAMILY.pots, FAMILY.writes_score) == ("selca", (3, 4), ("sheet",), True)
    assert FAMILY.cups == ()   # the sheet is an account, never a cup
    assert FAMILY.default_card is SELCA and FAMILY.card_base(SELCA) is SELCA
    assert FAMILY.owns_card(SELCA.to_dict())
    assert not any(family(f).owns_card(SELCA.to_dict()) for f in built_in() if f != "selca")
    assert not FAMILY.owns_card(family("danish").default_card.to_dict())
    assert not FAMILY.owns_card(family("karlsruhe").default_card.to_dict())
    assert FAMILY.make_evening(THREE, (), "selca", None, None).players == THREE
    assert FAMILY.seating(FOUR, "Ana").sitting_out == ("Ana",)
    assert FAMILY.dealer_after(FOUR, "Darja", "misdeal") == "Darja"
    assert FAMILY.money((("Ana", 1), ("Bojan", 2), ("Cene", 3))) == (("Ana", -3), ("Bojan", 0), ("Cene", 3))


def test_selca_the_sheet_is_a_pot_but_no_cup():
    assert Pot.SHEET.holds is False
    e = FAMILY.settle_deal(THREE, 1, parse_deal({"dealer": "Ana", "kind": "misdeal"}), 5, SELCA)
    assert e.pot_contents == {"sheet": 7} and cup_contents(e) == {}


def test_selca_s14_a_deal_reads_into_the_model():
    assert parse_deal(GAME) == Deal(
        dealer="Ana", kind=Kind.GAME, declarer="Bojan", game=2, count=131, kings=Side.OPPONENTS,
        pagat_ultimo=Side.DECLARER, announced=(Announcement.PAGAT,), valat=False, mondfang=Mondfang("Bojan", "Cene"),
        kontra=Kontra("Cene", KontraLevel.KONTRA, KontraLevel.RE), renons=("Ana",))
    assert parse_deal({"dealer": "Ana", "kind": "game", "pagatfonk": {"skis": "Ana", "pagat": "Cene"}}).pagatfonk \
        == Pagatfonk("Ana", "Cene")


def test_selca_s14_a_deal_keeps_exactly_the_fields_it_was_given():
    for deal in (GAME, {"dealer": "Ana", "kind": "misdeal"}, {"dealer": "Ana", "kind": "shown", "shown_by": "Cene"},
                 {"dealer": "Ana", "kind": "klop", "counts": {"Ana": 100, "Bojan": 100, "Cene": 10}, "renons": []},
                 {"dealer": "Ana", "kind": "game", "declarer": "Bojan", "game": 3, "count": 0, "announced": [],
                  "kontra": {}}):
        assert deal_to_dict(parse_deal(deal)) == deal
        assert parse_deal(deal_to_dict(parse_deal(deal))) == parse_deal(deal)


def test_selca_s14_parse_deal_checks_structure_only():
    assert parse_deal({**GAME, "declarer": "Zoe"}, 5).declarer == "Zoe"
    with pytest.raises(EveningError) as caught:
        parse_deal({**GAME, "declarer": None, "valat": "yes"}, 5)
    assert [(p.deal, p.field, p.code) for p in caught.value.problems] == [(5, "declarer", "not_text"),
                                                                           (5, "valat", "not_bool")]


def test_selca_s14_an_evening_writes_and_reads_back():
    data = evening({**GAME, "renons": []}, {"dealer": "Bojan", "kind": "misdeal"}, date="2026-11-20")
    got = loads(json.dumps(data))
    assert json.loads(dumps(got)) == data
    assert "rate_card" not in evening_to_dict(got)
    assert loads(dumps(got)) == got


@pytest.mark.parametrize("where", ["top", "deal", "mondfang", "kontra", "counts"])
def test_selca_s14_a_repeated_key_is_an_error(where):
    if where == "counts":
        text = json.dumps(evening({"dealer": "Ana", "kind": "klop", "counts": {"Ana": 100, "Bojan": 100, "Cene": 10}}))
        text = text.replace('"Cene": 10}', '"Cene": 10, "Ana": 5}')
        field = "counts.Ana"
    else:
        text = json.dumps(evening(GAME))
        old, new, field = {
            "top": ('"rules": "selca"', '"rules": "selca", "rules": "selca"', "rules"),
            "deal": ('"count": 131', '"count": 131, "count": 132', "count"),
            "mondfang": ('"by": "Cene"}, "kontra"', '"by": "Cene", "by": "Ana"}, "kontra"', "mondfang.by"),
            "kontra": ('"pagat": "re"}', '"pagat": "re", "game": "sub"}', "kontra.game"),
        }[where]
        assert old in text
        text = text.replace(old, new, 1)
    with pytest.raises(EveningError) as caught:
        loads(text)
    assert (1 if where != "top" else None, field, "duplicate_key") in [(p.deal, p.field, p.code)
                                                                        for p in caught.value.problems]


@pytest.mark.parametrize(("field", "value", "code"), [
    ("format", "tarokklub.evening/2", "format"), ("date", "20.11.2026", "not_date"), ("date", None, "not_text"),
    ("date", "20261120", "not_date"), ("date", "2026-02-30", "not_date"),
    ("players", None, "not_list"), ("deals", {}, "not_list"), ("colour", "red", "unknown_key"),
])
def test_selca_s14_the_evenings_own_fields(field, value, code):
    assert (None, field, code) in problems({**evening(), field: value})


def test_selca_s14_a_deal_is_an_object_and_null_is_never_a_value():
    assert problems(evening(None)) == [(1, "deal", "not_object")]
    assert problems(evening({**GAME, "kings": None})) == [(1, "kings", "choice")]
    assert problems(evening({**GAME, "mondfang": None})) == [(1, "mondfang", "not_object")]
    assert problems(evening({**GAME, "renons": None})) == [(1, "renons", "not_list")]
    assert problems(evening({"dealer": "Ana", "kind": "klop", "counts": None})) == [(1, "counts", "not_object")]


def test_selca_s14_bounded_names_and_unbounded_rereading():
    data = evening(players=["Ana", "Bojan ", "Cene"])
    assert FAMILY.parse_evening(data, bounded=False).players[1] == "Bojan "
    with pytest.raises(EveningError):
        FAMILY.parse_evening(data)


def test_selca_s14_too_many_deals():
    data = evening(*[{"dealer": "Ana", "kind": "misdeal"}] * 3)
    with pytest.raises(EveningError) as caught:
        FAMILY.parse_evening(data, max_deals=2)
    assert [p.code for p in caught.value.problems] == ["too_many_deals"]


def test_selca_messages_have_the_same_parameters_in_every_language():
    for code, wording in CODES.items():
        da = {name for _, name, _, _ in string.Formatter().parse(wording.msgid) if name}
        for lang in ("en", "de", "sl"):
            assert {name for _, name, _, _ in string.Formatter().parse(wording.in_language(lang)) if name} == da, code
        p = problem(1, "x", code, **{name: "v" for name in da})
        assert all(p.message(lang) for lang in ("da", "en", "de", "sl"))
