"""docs/rules/selca.md §12: what must be impossible to record, one test per problem, each naming the deal
and the field as §12 and §14 name them; the evening's own problems (deal ``None``)."""
import json

import pytest

from scoring.engine.problems import EveningError
from families.selca.engine.interchange import parse_deal
from families.selca.engine.model import Deal, Kind, Kontra, Mondfang
from families.selca.engine.rates import SELCA
from families.selca.engine.validate import DEAL_FIELDS, USES, validate_deal, validate_players
from tests.conftest import settle

from .helpers import FOUR, THREE, evening, problems, problems_of_deal

GAME = {"dealer": "Ana", "kind": "game", "declarer": "Bojan", "game": 2, "count": 131}
KLOP = {"dealer": "Ana", "kind": "klop", "counts": {"Ana": 102, "Bojan": 66, "Cene": 42}}
MISDEAL = {"dealer": "Ana", "kind": "misdeal"}
SHOWN = {"dealer": "Ana", "kind": "shown", "shown_by": "Bojan"}
#: A valid deal of each kind, with every optional field it may carry.
FULL = {
    "game": {**GAME, "kings": "declarer", "trula": "declarer", "pagat_ultimo": "declarer", "announced": ["pagat"],
             "valat": False, "mondfang": {"owner": "Ana", "by": "Bojan"}, "kontra": {"by": "Cene", "game": "kontra",
                                                                                    "pagat": "re"},
             "renons": ["Cene"]},
    "klop": {**KLOP, "renons": ["Ana"]},
    "misdeal": MISDEAL,
    "shown": SHOWN,
}
#: A value for each field a kind might not use.
SAMPLE = {"shown_by": "Bojan", "declarer": "Bojan", "game": 3, "count": 120, "kings": "declarer",
          "trula": "opponents", "pagat_ultimo": "declarer", "pagat_lost": "opponents", "announced": [],
          "valat": False, "mondfang": {"owner": "Ana", "by": "Bojan"}, "pagatfonk": {"skis": "Ana", "pagat": "Bojan"},
          "kontra": {"by": "Ana", "game": "kontra"}, "renons": [], "counts": {"Ana": 210}}


def one(deal, players=THREE):
    found = problems_of_deal(deal, players)
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize("kind", list(FULL))
def test_selca_s14_a_full_deal_of_each_kind_is_valid(kind):
    assert validate_deal(THREE, 1, parse_deal(FULL[kind]), SELCA) == []


def test_selca_s14_the_rules_files_example_is_valid():
    data = {"format": "tarokklub.evening/1", "rules": "selca", "players": ["Ana", "Bojan", "Cene"], "deals": [
        {"dealer": "Ana", "kind": "game", "declarer": "Bojan", "game": 2, "count": 131, "announced": ["pagat"],
         "pagat_ultimo": "declarer", "kontra": {"by": "Cene", "game": "kontra", "pagat": "re"}},
        {"dealer": "Bojan", "kind": "klop", "counts": {"Ana": 102, "Bojan": 66, "Cene": 42}},
        {"dealer": "Cene", "kind": "misdeal"}]}
    from scoring.engine.interchange import loads
    assert len(loads(json.dumps(data)).deals) == 3


# The evening ----------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [["Ana", "Bojan"], ["Ana", "Bojan", "Cene", "Darja", "Eva"]])
def test_selca_s12_evening_players_three_or_four(players):
    assert problems(evening(players=players)) == [(None, "players", "selca_player_count")]


def test_selca_s12_evening_players_distinct_and_non_empty():
    assert problems(evening(players=["Ana", "Ana", "Cene"])) == [(None, "players[2]", "duplicate_name")]
    assert [(p.field, p.code) for p in validate_players(("Ana", " ", "Cene"))] == [("players[2]", "empty_name")]


def test_selca_s14_rules_required_and_known():
    data = evening()
    del data["rules"]
    data["rate_card"] = SELCA.to_dict()
    assert problems(data) == [(None, "rules", "required")]
    assert problems(evening(rules="selca2")) == [(None, "rules", "unknown_rules")]


# Every deal: dealer, kind, keys -------------------------------------------------------------------

def test_selca_s12_dealer_not_at_the_table():
    assert one({**GAME, "dealer": "Zoe"}) == (1, "dealer", "not_at_table")


def test_selca_s12_dealer_not_at_a_table_of_four_names_only_the_dealer():
    assert one({**GAME, "dealer": "Zoe", "declarer": "Eva"}, FOUR) == (1, "dealer", "not_at_table")


def test_selca_s12_kind_missing():
    assert one({"dealer": "Ana", "declarer": "Bojan"}) == (1, "kind", "required")


@pytest.mark.parametrize("kind", ["played", "Game", "", 1, None])
def test_selca_s12_kind_not_one_of_the_four(kind):
    found = one({"dealer": "Ana", "kind": kind})
    assert found[:2] == (1, "kind") and found[2] in ("choice",)


FORBIDDEN = [(kind.value, field) for kind, uses in USES.items() for field in DEAL_FIELDS if field not in uses]
REQUIRED = [(kind.value, field) for kind, uses in USES.items() for field, use in uses.items() if use == "required"]


@pytest.mark.parametrize(("kind", "field"), FORBIDDEN)
def test_selca_s12_a_key_not_allowed_for_the_kind(kind, field):
    assert one({**FULL[kind], field: SAMPLE[field]}) == (1, field, "selca_field_unused")


@pytest.mark.parametrize(("kind", "field"), REQUIRED)
def test_selca_s12_required_field_missing(kind, field):
    assert one({k: v for k, v in FULL[kind].items() if k != field}) == (1, field, "required")


def test_selca_s12_a_form_built_misdeal_with_a_game_field():
    deal = Deal(dealer="Ana", kind=Kind.MISDEAL, declarer="Bojan", mondfang=Mondfang("Ana", "Bojan"))
    assert [(p.deal, p.field, p.code) for p in validate_deal(THREE, 4, deal, SELCA)] == [
        (4, "declarer", "selca_field_unused"), (4, "mondfang", "selca_field_unused")]


@pytest.mark.parametrize(("where", "key"), [("", "radl"), ("mondfang", "who"), ("pagatfonk", "mond"),
                                            ("kontra", "re")])
def test_selca_s12_an_unknown_key_is_its_own_field(where, key):
    deal = {**GAME, "mondfang": {"owner": "Ana", "by": "Bojan"}, "pagatfonk": {"skis": "Cene", "pagat": "Bojan"},
            "kontra": {"by": "Cene", "game": "kontra"}}
    deal.pop("mondfang" if where == "pagatfonk" else "pagatfonk")
    if where:
        deal[where] = {**deal[where], key: "x"}
    else:
        deal[key] = True
    assert one(deal) == (1, f"{where}.{key}" if where else key, "unknown_key")


# Players named in a deal -------------------------------------------------------------------------

NAMED = [("shown_by", SHOWN, lambda d, n: {**d, "shown_by": n}),
         ("declarer", GAME, lambda d, n: {**d, "declarer": n}),
         ("mondfang.owner", GAME, lambda d, n: {**d, "mondfang": {"owner": n, "by": "Bojan"}}),
         ("mondfang.by", GAME, lambda d, n: {**d, "mondfang": {"owner": "Bojan", "by": n}}),
         ("pagatfonk.skis", GAME, lambda d, n: {**d, "pagatfonk": {"skis": n, "pagat": "Bojan"}}),
         ("pagatfonk.pagat", GAME, lambda d, n: {**d, "pagatfonk": {"skis": "Bojan", "pagat": n}}),
         ("kontra.by", GAME, lambda d, n: {**d, "kontra": {"by": n, "game": "kontra"}})]


@pytest.mark.parametrize(("field", "base", "build"), NAMED)
def test_selca_s12_a_named_player_not_at_the_table(field, base, build):
    assert one(build(base, "Zoe")) == (1, field, "not_at_table")


@pytest.mark.parametrize(("field", "base", "build"), NAMED)
def test_selca_s12_a_named_player_is_the_resting_dealer(field, base, build):
    assert one(build({**base, "dealer": "Darja"}, "Darja"), FOUR) == (1, field, "sits_out")


@pytest.mark.parametrize(("field", "base", "build"), NAMED[2:])
def test_selca_s12_a_named_player_missing(field, base, build):
    deal = build(base, "Ana")
    outer, inner = field.split(".")
    del deal[outer][inner]
    assert one(deal) == (1, field, "required")


def test_selca_s12_renons_not_at_the_table_resting_or_twice():
    assert one({**GAME, "renons": ["Zoe"]}) == (1, "renons", "not_at_table")
    assert one({**GAME, "dealer": "Darja", "renons": ["Darja"]}, FOUR) == (1, "renons", "sits_out")
    assert one({**GAME, "renons": ["Ana", "Ana"]}) == (1, "renons", "duplicate_name")


def test_selca_s12_klop_renons_the_resting_dealer_plays():
    counts = {"Ana": 50, "Bojan": 50, "Cene": 50, "Darja": 60}
    deal = parse_deal({"dealer": "Darja", "kind": "klop", "counts": counts, "renons": ["Darja"]})
    assert validate_deal(FOUR, 1, deal, SELCA) == []
    assert one({**KLOP, "renons": ["Zoe"]}) == (1, "renons", "not_at_table")
    assert one({**KLOP, "renons": ["Ana", "Ana"]}) == (1, "renons", "duplicate_name")


# Numbers ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", [0, 4, -1])
def test_selca_s12_game_not_1_2_3(game):
    assert one({**GAME, "game": game}) == (1, "game", "selca_game")


@pytest.mark.parametrize(("count", "code"), [(211, "selca_count_range"), (-1, "selca_count_range"), (106.0, "not_int"),
                                             (True, "not_int"), ("106", "not_int"), (None, "not_int")])
def test_selca_s12_count_not_an_integer_0_to_210(count, code):
    assert one({**GAME, "count": count}) == (1, "count", code)


def test_selca_s12_game_true_or_float_refused():
    assert one({**GAME, "game": True}) == (1, "game", "not_int")
    assert one({**GAME, "game": 2.0}) == (1, "game", "not_int")


def test_selca_s12_counts_missing_a_player_the_resting_dealer_too():
    assert one({**KLOP, "counts": {"Ana": 168, "Bojan": 42}}) == (1, "counts", "selca_counts_players")
    counts = {"Ana": 70, "Bojan": 70, "Cene": 70}
    assert one({"dealer": "Darja", "kind": "klop", "counts": counts}, FOUR) == (1, "counts", "selca_counts_players")


def test_selca_s12_counts_not_summing_to_210():
    assert one({**KLOP, "counts": {"Ana": 102, "Bojan": 66, "Cene": 41}}) == (1, "counts", "selca_counts_sum")


@pytest.mark.parametrize(("value", "code"), [(211, "selca_count_range"), (-3, "selca_count_range"), (1.0, "not_int"),
                                             (True, "not_int")])
def test_selca_s12_counts_name_not_an_integer_0_to_210(value, code):
    found = problems_of_deal({**KLOP, "counts": {"Ana": value, "Bojan": 66, "Cene": 42}})
    assert found[0] == (1, "counts.Ana", code)


def test_selca_s12_counts_name_not_a_player():
    found = problems_of_deal({**KLOP, "counts": {"Ana": 102, "Bojan": 66, "Cene": 32, "Zoe": 10}})
    assert found == [(1, "counts.Zoe", "not_at_table")]


# Sides, announcements, valat ----------------------------------------------------------------------

@pytest.mark.parametrize("field", ["kings", "trula", "pagat_ultimo", "pagat_lost"])
@pytest.mark.parametrize("value", ["Bojan", "declarers", True, None])
def test_selca_s12_a_side_not_declarer_or_opponents(field, value):
    found = one({**GAME, field: value})
    assert found == (1, field, "choice")


@pytest.mark.parametrize(("announced", "code"), [(["pagat", "pagat"], "duplicate_name"), (["trula"], "choice"),
                                                 ("pagat", "not_list"), ([None], "choice")])
def test_selca_s12_announced_not_distinct_pagat_valat(announced, code):
    assert one({**GAME, "announced": announced}) == (1, "announced", code)


@pytest.mark.parametrize("valat", ["true", 1, None])
def test_selca_s12_valat_not_a_boolean(valat):
    assert one({**GAME, "valat": valat}) == (1, "valat", "not_bool")


def test_selca_s12_mondfang_by_its_owner():
    assert one({**GAME, "mondfang": {"owner": "Ana", "by": "Ana"}}) == (1, "mondfang.by", "selca_mondfang_own")


def test_selca_s12_pagatfonk_pagat_its_skis():
    assert one({**GAME, "pagatfonk": {"skis": "Ana", "pagat": "Ana"}}) == (1, "pagatfonk.pagat", "selca_pagatfonk_own")


# Kontra --------------------------------------------------------------------------------------------

def test_selca_s12_kontra_by_the_declarer():
    assert one({**GAME, "kontra": {"by": "Bojan", "game": "kontra"}}) == (1, "kontra.by", "selca_kontra_by_declarer")


def test_selca_s12_kontra_with_no_item():
    assert one({**GAME, "kontra": {"by": "Ana"}}) == (1, "kontra", "selca_kontra_empty")


@pytest.mark.parametrize("item", ["game", "pagat", "valat"])
@pytest.mark.parametrize("level", ["hirsch", "Kontra", 2, None])
def test_selca_s12_kontra_item_not_kontra_re_sub(item, level):
    deal = {**GAME, "announced": ["pagat", "valat"], "kontra": {"by": "Ana", item: level}}
    assert one(deal) == (1, f"kontra.{item}", "choice")


@pytest.mark.parametrize("item", ["pagat", "valat"])
def test_selca_s12_kontra_on_an_item_not_announced(item):
    deal = {**GAME, "kontra": {"by": "Ana", item: "kontra"}}
    assert one(deal) == (1, f"kontra.{item}", "selca_kontra_not_announced")


def test_selca_s12_kontra_structure():
    assert one({**GAME, "kontra": None}) == (1, "kontra", "not_object")
    assert one({**GAME, "kontra": {"by": None, "game": "kontra"}}) == (1, "kontra.by", "not_text")


# Pagat --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("field", ["pagat_ultimo", "pagat_lost"])
def test_selca_s12_opponents_pagat_though_the_declarer_announced_it(field):
    deal = {**GAME, "announced": ["pagat"], field: "opponents"}
    assert one(deal) == (1, field, "selca_pagat_announced_opponents")


def test_selca_s12_pagat_lost_with_pagat_ultimo():
    deal = {**GAME, "pagat_ultimo": "declarer", "pagat_lost": "opponents"}
    assert one(deal) == (1, "pagat_lost", "selca_pagat_lost_and_ultimo")


# Valat ---------------------------------------------------------------------------------------------

def test_selca_s12_valat_when_the_declarer_lost():
    assert one({**GAME, "count": 105, "valat": True}) == (1, "valat", "selca_valat_lost")
    assert validate_deal(THREE, 1, parse_deal({**GAME, "count": 106, "valat": True}), SELCA) == []


@pytest.mark.parametrize("more", [{"pagat_ultimo": "opponents"}, {"pagat_lost": "declarer"},
                                  {"mondfang": {"owner": "Bojan", "by": "Ana"}},
                                  {"pagatfonk": {"skis": "Bojan", "pagat": "Cene"}, "trula": "opponents"}])
def test_selca_s12_valat_with_a_trick_of_the_opponents(more):
    assert one({**GAME, "count": 200, "valat": True, **more}) == (1, "valat", "selca_valat_trick")


def test_selca_s12_valat_with_what_the_declarer_took_is_valid():
    deal = {**GAME, "count": 200, "valat": True, "pagat_ultimo": "declarer",
            "mondfang": {"owner": "Ana", "by": "Bojan"}}
    assert validate_deal(THREE, 1, parse_deal(deal), SELCA) == []


# Pagatfonk -----------------------------------------------------------------------------------------

def test_selca_s12_pagatfonk_pagat_not_the_declarers_though_he_announced_pagat():
    deal = {**GAME, "announced": ["pagat"], "pagatfonk": {"skis": "Bojan", "pagat": "Cene"}}
    assert one(deal) == (1, "pagatfonk.pagat", "selca_pagatfonk_announced")


@pytest.mark.parametrize(("field", "value"), [("mondfang", {"owner": "Ana", "by": "Bojan"}),
                                              ("pagat_lost", "opponents")])
def test_selca_s12_pagatfonk_with_mondfang_or_pagat_lost(field, value):
    deal = {**GAME, "pagatfonk": {"skis": "Ana", "pagat": "Bojan"}, field: value}
    assert one(deal) == (1, field, "selca_pagatfonk_with")


@pytest.mark.parametrize("field", ["trula", "pagat_ultimo"])
def test_selca_s12_pagatfonk_trula_or_pagat_ultimo_not_the_pagats_side(field):
    deal = {**GAME, "pagatfonk": {"skis": "Ana", "pagat": "Bojan"}, field: "opponents"}
    assert one(deal) == (1, field, "selca_pagatfonk_side")
    assert validate_deal(THREE, 1, parse_deal({**deal, field: "declarer"}), SELCA) == []


# Trula ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("more", "trula"), [
    ({"mondfang": {"owner": "Ana", "by": "Bojan"}}, "opponents"),    # the mond ended with the declarer
    ({"mondfang": {"owner": "Bojan", "by": "Ana"}}, "declarer"),
    ({"pagat_ultimo": "opponents"}, "declarer"),
    ({"pagat_ultimo": "declarer"}, "opponents"),
    ({"pagat_lost": "declarer"}, "declarer"),                       # the declarer's pagat went to them
])
def test_selca_s12_trula_of_a_side_that_did_not_end_with_mond_or_pagat(more, trula):
    assert one({**GAME, **more, "trula": trula}) == (1, "trula", "selca_trula_side")


def test_selca_s12_trula_beside_an_opponents_lost_pagat_is_not_decided():
    for trula in ("declarer", "opponents"):
        assert validate_deal(THREE, 1, parse_deal({**GAME, "pagat_lost": "opponents", "trula": trula}), SELCA) == []


# Whole files ---------------------------------------------------------------------------------------

def test_selca_s12_every_problem_of_a_file_at_once_numbered_by_deal():
    data = evening(MISDEAL, {**GAME, "dealer": "Bojan", "declarer": "Zoe"}, {**KLOP, "counts": {"Ana": 1}},
                   {**GAME, "dealer": "Cene", "kontra": {"by": "Bojan"}})
    assert problems(data) == [(2, "declarer", "not_at_table"), (3, "counts", "selca_counts_players"),
                              (4, "kontra.by", "selca_kontra_by_declarer"), (4, "kontra", "selca_kontra_empty")]


def test_selca_s12_messages_in_danish_and_english():
    with pytest.raises(EveningError) as caught:
        from scoring.engine.interchange import loads
        loads(json.dumps(evening({**GAME, "kontra": {"by": "Bojan", "game": "kontra"}})))
    assert caught.value.lines("en") == ["deal 1: kontra.by: kontra is said by an opponent, not by the declarer Bojan"]
    assert caught.value.lines("da") == ["spil 1: kontra.by: kontra siges af en modspiller, ikke af spilføreren Bojan"]


def test_selca_s12_manage_py_settle_prints_problems_and_exits_2(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(evening({**GAME, "count": 106.0})))
    out = settle(path, "--json")
    assert out.returncode == 2 and out.stdout == ""
    assert "deal 1: count:" in out.stderr


def test_selca_s12_a_deal_built_by_a_form_with_kontra_missing_its_by():
    deal = Deal(dealer="Ana", kind=Kind.GAME, declarer="Bojan", game=3, count=120, kontra=Kontra(game=None))
    assert [(p.field, p.code) for p in validate_deal(THREE, 1, deal, SELCA)] == [
        ("kontra.by", "required"), ("kontra", "selca_kontra_empty")]


def test_selca_s12_a_form_built_klop_naming_a_player_twice():
    from families.selca.engine.model import Kind as K
    deal = Deal(dealer="Ana", kind=K.KLOP, counts=(("Ana", 100), ("Ana", 10), ("Bojan", 50), ("Cene", 50)))
    assert [(p.field, p.code) for p in validate_deal(THREE, 1, deal, SELCA)] == [("counts.Ana", "duplicate_name")]


def _import_messages(deal: dict, lang: str) -> list[str]:
    """The messages an import of ``deal`` gives, as the import page shows them."""
    from scoring.engine.interchange import loads
    with pytest.raises(EveningError) as caught:
        loads(json.dumps(evening(deal)))
    return [f"{p.field}: {p.message(lang)}" for p in caught.value.problems]


def test_selca_s2_an_import_error_says_the_count_in_thirds_and_in_tocke():
    """The file keeps its thirds (docs/format.md); its error also says the count as players do."""
    assert _import_messages({**GAME, "count": 211}, "da") == [
        "count: skal være fra 0 til 210 tredjedele = 0 točk til 70 točk, ikke 211 = 70 in 1 platelc"]
    assert _import_messages({**KLOP, "counts": {"Ana": 102, "Bojan": 66, "Cene": 41}}, "en") == [
        "counts: the counts add up to 209 thirds = 69 in 2 platelca; they must add up to 210 = 70 točk"]
    assert _import_messages({**GAME, "count": 105, "valat": True}, "en") == [
        "valat: valat, but the declarer lost (105 thirds = 35 točk)"]
