"""docs/rules/karlsruhe.md §9: what must be impossible to record, each line naming deal and field exactly
as §9's brackets say; and the evening's own problems (named ``evening``: deal ``None``)."""
import json

import pytest

from families.karlsruhe.engine.interchange import parse_deal
from scoring.engine.interchange import loads
from families.karlsruhe.engine.model import Deal, Game
from families.karlsruhe.engine.rates import KARLSRUHE
from families.karlsruhe.engine.validate import USES, validate_deal, validate_players
from scoring.engine.problems import EveningError
from tests.conftest import settle

from .helpers import FIVE, FOUR, evening, problems, problems_of_deal

RUFER = {"dealer": "Anna", "game": "koenigsrufer", "declarer": "Bernd", "called_king": "hearts", "partner": "Dieter",
         "declarers_count": 121}
DREIER = {"dealer": "Anna", "game": "dreier", "declarer": "Clara", "declarers_count": 121}
BETTEL = {"dealer": "Anna", "game": "bettel_ouvert", "declarer": "Clara", "won": True}
FAHRER = {"dealer": "Anna", "game": "fahrer", "counts": {"Anna": 60, "Bernd": 50, "Clara": 50, "Dieter": 50}}
VALAT = {"dealer": "Anna", "game": "dreier", "declarer": "Clara", "valat": {"side": "declarers", "won": True}}
#: A valid deal of each game, with every optional field it may carry.
FULL = {
    "koenigsrufer": {**RUFER, "bonuses": {"pagat": {"side": "declarers", "announced": True, "won": True}},
                     "king_caught": False, "kontra": {"game": "re"}},
    "solorufer": {**RUFER, "game": "solorufer", "bonuses": {}, "kontra": {}},
    "dreier": {**DREIER, "bonuses": {"trull": {"side": "opponents", "won": True}}, "kontra": {"game": "kontra"}},
    "sechserbock": {**DREIER, "game": "sechserbock"},
    "bettel_ouvert": {**BETTEL, "kontra": {"game": "sub"}},
    "fahrer": FAHRER,
}
#: A value for each field a game might not use.
SAMPLE = {"declarer": "Bernd", "called_king": "spades", "partner": "Bernd", "declarers_count": 100,
          "valat": {"side": "declarers", "won": True}, "bonuses": {}, "king_caught": False, "kontra": {},
          "won": True, "counts": {"Anna": 210}}


def one(deal, players=FOUR):
    found = problems_of_deal(deal, players)
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize("game", list(FULL))
def test_karlsruhe_s11_a_full_deal_of_each_game_is_valid(game):
    deal = parse_deal(FULL[game])
    assert validate_deal(FOUR, 1, deal, KARLSRUHE) == []


# The seats -----------------------------------------------------------------------------------

def test_karlsruhe_s9_dealer_not_at_table():
    assert one({**RUFER, "dealer": "Zoe"}) == (1, "dealer", "not_at_table")


def test_karlsruhe_s9_dealer_not_at_a_table_of_five_names_only_the_dealer():
    deal = {"dealer": "Zoe", "game": "fahrer", "counts": {"Anna": 60, "Bernd": 50, "Clara": 50, "Dieter": 50}}
    assert one(deal, FIVE) == (1, "dealer", "not_at_table")
    assert one({**DREIER, "dealer": "Zoe", "declarer": "Emil"}, FIVE) == (1, "dealer", "not_at_table")


def test_karlsruhe_s9_declarer_not_at_table():
    assert one({**DREIER, "declarer": "Zoe"}) == (1, "declarer", "not_at_table")


def test_karlsruhe_s9_declarer_sitting_out_at_five():
    assert one({**DREIER, "dealer": "Clara"}, FIVE) == (1, "declarer", "sits_out")


def test_karlsruhe_s9_partner_not_at_table():
    assert one({**RUFER, "partner": "Zoe"}) == (1, "partner", "not_at_table")


def test_karlsruhe_s9_partner_sitting_out_at_five():
    assert one({**RUFER, "dealer": "Dieter"}, FIVE) == (1, "partner", "sits_out")


def test_karlsruhe_s9_partner_missing_in_rufer():
    deal = {k: v for k, v in RUFER.items() if k != "partner"}
    assert one(deal) == (1, "partner", "required")
    assert one({**deal, "game": "solorufer"}) == (1, "partner", "required")


def test_karlsruhe_s9_deal_number_counts_misdeals_and_redeals():
    assert problems_of_deal({**DREIER, "declarer": "Zoe"}, number=4) == [(4, "declarer", "not_at_table")]


# The fields each game uses (§11's table) --------------------------------------------------------

FORBIDDEN = [(game.value, field) for game, uses in USES.items() for field, use in uses.items()
             if use == "forbidden"]
REQUIRED = [(game.value, field) for game, uses in USES.items() for field, use in uses.items()
            if use == "required"]


@pytest.mark.parametrize(("game", "field"), FORBIDDEN)
def test_karlsruhe_s9_field_the_game_does_not_use(game, field):
    assert one({**FULL[game], field: SAMPLE[field]}) == (1, field, "karlsruhe_field_unused")


@pytest.mark.parametrize(("game", "field"), REQUIRED)
def test_karlsruhe_s9_required_field_missing(game, field):
    deal = {k: v for k, v in FULL[game].items() if k != field}
    assert one(deal) == (1, field, "required")


def test_karlsruhe_s9_game_missing_in_played_deal():
    assert one({"dealer": "Anna"}) == (1, "game", "required")
    assert one({"dealer": "Anna", "kind": "played"}) == (1, "game", "required")


@pytest.mark.parametrize("kind", ["misdeal", "redeal"])
@pytest.mark.parametrize("field", ["game", *SAMPLE])
def test_karlsruhe_s9_misdeal_or_redeal_with_more_than_dealer_and_kind(kind, field):
    value = "dreier" if field == "game" else SAMPLE[field]
    assert one({"dealer": "Anna", "kind": kind, field: value}) == (1, field, "karlsruhe_only_dealer_and_kind")


@pytest.mark.parametrize("kind", ["misdeal", "redeal"])
def test_karlsruhe_s9_misdeal_or_redeal_built_by_a_form_with_a_game(kind):
    from families.karlsruhe.engine.model import DealKind
    deal = Deal(dealer="Anna", kind=DealKind(kind), game=Game.DREIER, declarer="Bernd")
    found = [(p.deal, p.field, p.code) for p in validate_deal(FOUR, 3, deal, KARLSRUHE)]
    assert found == [(3, "game", "karlsruhe_only_dealer_and_kind"), (3, "declarer", "karlsruhe_only_dealer_and_kind")]


def test_karlsruhe_s9_unknown_field():
    assert one({**RUFER, "contra": {"game": "kontra"}}) == (1, "contra", "unknown_key")


def test_karlsruhe_s9_unknown_field_in_an_entry():
    deal = {**DREIER, "bonuses": {"pagat": {"side": "declarers", "won": True, "ultimo": True}}}
    assert one(deal) == (1, "bonuses.pagat.ultimo", "unknown_key")


def test_karlsruhe_s9_hand_entered_radl():
    assert one({**DREIER, "radl": True}) == (1, "radl", "karlsruhe_radl_derived")


@pytest.mark.parametrize(("field", "value", "code"), [
    ("game", "piccolo", "choice"), ("game", 3, "choice"), ("kind", "scrapped", "choice"),
    ("called_king", "roses", "choice"), ("declarer", 7, "not_text"), ("partner", ["Dieter"], "not_text"),
    ("king_caught", "yes", "not_bool"), ("declarers_count", "121", "not_int"), ("declarers_count", 120.5, "not_int"),
    ("declarers_count", True, "not_int"), ("bonuses", [], "not_object"), ("kontra", "kontra", "not_object"),
    ("valat", True, "not_object"),
])
def test_karlsruhe_s9_wrong_type_or_value(field, value, code):
    assert one({**RUFER, field: value}) == (1, field, code)


@pytest.mark.parametrize("field", ["dealer", "kind", "game", "declarer", "called_king", "partner", "declarers_count",
                                   "bonuses", "king_caught", "kontra"])
def test_karlsruhe_s9_null_is_never_a_value(field):
    assert [f for _, f, _ in problems_of_deal({**RUFER, field: None})] == [field]


@pytest.mark.parametrize(("field", "value"), [("side", None), ("won", None), ("announced", None), ("side", "both"),
                                              ("won", "true"), ("announced", 1)])
def test_karlsruhe_s9_wrong_value_in_an_entry(field, value):
    deal = {**DREIER, "bonuses": {"uhu": {"side": "declarers", "won": True, field: value}}}
    assert [f for _, f, _ in problems_of_deal(deal)] == [f"bonuses.uhu.{field}"]


@pytest.mark.parametrize("field", ["side", "won"])
def test_karlsruhe_s9_entry_without_side_or_won(field):
    valat = {k: v for k, v in {"side": "declarers", "won": True}.items() if k != field}
    assert one({**VALAT, "valat": valat}) == (1, f"valat.{field}", "required")


def test_karlsruhe_s9_key_given_twice():
    text = json.dumps(evening(DREIER))[:-3] + ', "declarer": "Dieter"}]}'
    from scoring.engine.interchange import loads
    with pytest.raises(EveningError) as caught:
        loads(text)
    assert [(p.deal, p.field, p.code) for p in caught.value.problems] == [(1, "declarer", "duplicate_key")]


# The declarers' count ---------------------------------------------------------------------------

@pytest.mark.parametrize("count", [0, 210, -5, 1000])
def test_karlsruhe_s9_declarers_count_outside_1_to_209(count):
    assert one({**DREIER, "declarers_count": count}) == (1, "declarers_count", "karlsruhe_count_range")


@pytest.mark.parametrize("count", [1, 209])
def test_karlsruhe_s9_declarers_count_1_and_209_are_valid(count):
    assert validate_deal(FOUR, 1, parse_deal({**DREIER, "declarers_count": count}), KARLSRUHE) == []


def test_karlsruhe_s9_declarers_count_missing_without_valat():
    assert one({k: v for k, v in DREIER.items() if k != "declarers_count"}) == (1, "declarers_count", "required")


def test_karlsruhe_s9_declarers_count_beside_valat():
    assert one({**VALAT, "declarers_count": 150}) == (1, "declarers_count", "karlsruhe_count_beside_valat")


def test_karlsruhe_s9_count_message_in_danish_and_english():
    with pytest.raises(EveningError) as caught:
        from scoring.engine.interchange import loads
        loads(json.dumps(evening({**DREIER, "declarers_count": 0})))
    # The file's field and its thirds, and the count as the players say it (docs/format.md, §3).
    assert caught.value.lines("da") == ["spil 1: declarers_count: skal være fra 1 til 209 tredjedele = "
                                        "0 Punkte 1 Blatt til 69 Punkte 2 Blätter, ikke 0 = 0 Punkte"]
    assert caught.value.lines("en") == ["deal 1: declarers_count: must be from 1 to 209 thirds = "
                                        "0 Punkte 1 Blatt to 69 Punkte 2 Blätter, not 0 = 0 Punkte"]


# Bonuses and Valat ------------------------------------------------------------------------------

def test_karlsruhe_s9_unknown_bonus():
    deal = {**DREIER, "bonuses": {"piccolo": {"side": "declarers", "won": True}}}
    assert one(deal) == (1, "bonuses.piccolo", "unknown_key")


@pytest.mark.parametrize("bonus", ["canari", "uhu", "pagat", "trull", "four_kings"])
def test_karlsruhe_s9_silent_bonus_beside_valat(bonus):
    deal = {**VALAT, "bonuses": {bonus: {"side": "declarers", "won": True}}}
    assert one(deal) == (1, f"bonuses.{bonus}", "karlsruhe_silent_beside_valat")


def test_karlsruhe_s9_announced_bonus_beside_valat_is_valid():
    deal = {**VALAT, "bonuses": {"pagat": {"side": "declarers", "announced": True, "won": False}}}
    assert validate_deal(FOUR, 1, parse_deal(deal), KARLSRUHE) == []


def test_karlsruhe_s9_caught_king_beside_valat():
    deal = {**RUFER, "valat": {"side": "declarers", "won": True}, "king_caught": True}
    del deal["declarers_count"]
    assert one(deal) == (1, "king_caught", "karlsruhe_king_caught_beside_valat")


@pytest.mark.parametrize("bonus", ["canari", "uhu", "pagat"])
def test_karlsruhe_s9_announced_bonus_on_the_opponents_side(bonus):
    deal = {**DREIER, "bonuses": {bonus: {"side": "opponents", "announced": True, "won": True}}}
    assert one(deal) == (1, f"bonuses.{bonus}.side", "karlsruhe_announced_by_opponents")


def test_karlsruhe_s9_announced_valat_on_the_opponents_side():
    deal = {**VALAT, "valat": {"side": "opponents", "announced": True, "won": True}}
    assert one(deal) == (1, "valat.side", "karlsruhe_announced_by_opponents")


@pytest.mark.parametrize("bonus", ["trull", "four_kings"])
def test_karlsruhe_s9_announced_trull_or_four_kings(bonus):
    deal = {**DREIER, "bonuses": {bonus: {"side": "declarers", "announced": True, "won": True}}}
    assert one(deal) == (1, f"bonuses.{bonus}.announced", "karlsruhe_not_announced")


@pytest.mark.parametrize("bonus", ["trull", "four_kings"])
def test_karlsruhe_s9_silent_trull_or_four_kings_that_failed(bonus):
    deal = {**DREIER, "bonuses": {bonus: {"side": "opponents", "won": False}}}
    assert one(deal) == (1, f"bonuses.{bonus}.won", "karlsruhe_silent_cannot_fail")


def test_karlsruhe_s9_silent_valat_that_failed():
    for side in ("declarers", "opponents"):
        assert one({**VALAT, "valat": {"side": side, "won": False}}) == (1, "valat.won", "karlsruhe_silent_cannot_fail")


@pytest.mark.parametrize(("pagat", "trull_side"), [
    ({"side": "declarers", "won": True}, "opponents"),                      # silent made: its side
    ({"side": "opponents", "won": True}, "declarers"),
    ({"side": "declarers", "won": False}, "declarers"),                     # silent failed: the other side
    ({"side": "opponents", "won": False}, "opponents"),
    ({"side": "declarers", "announced": True, "won": True}, "opponents"),   # announced made: the declarers
])
def test_karlsruhe_s9_pagat_in_both_sides_tricks(pagat, trull_side):
    deal = {**DREIER, "bonuses": {"pagat": pagat, "trull": {"side": trull_side, "won": True}}}
    assert one(deal) == (1, "bonuses.trull", "karlsruhe_pagat_and_trull")


@pytest.mark.parametrize("trull_side", ["declarers", "opponents"])
def test_karlsruhe_s9_announced_pagat_that_failed_places_nothing(trull_side):
    deal = {**DREIER, "bonuses": {"pagat": {"side": "declarers", "announced": True, "won": False},
                                  "trull": {"side": trull_side, "won": True}}}
    assert validate_deal(FOUR, 1, parse_deal(deal), KARLSRUHE) == []


def test_karlsruhe_s9_caught_king_while_declarers_hold_four_kings():
    deal = {**RUFER, "king_caught": True, "bonuses": {"four_kings": {"side": "declarers", "won": True}}}
    assert one(deal) == (1, "king_caught", "karlsruhe_king_caught_four_kings")


@pytest.mark.parametrize("caught", [False, None])
def test_karlsruhe_s9_king_not_caught_while_opponents_hold_four_kings(caught):
    deal = {**RUFER, "bonuses": {"four_kings": {"side": "opponents", "won": True}}}
    if caught is not None:
        deal["king_caught"] = caught
    assert one(deal) == (1, "king_caught", "karlsruhe_king_not_caught_four_kings")


def test_karlsruhe_s9_declarer_alone_may_keep_the_king_from_opponents_with_four_kings():
    # alone, the called king lay in the talon: not caught although the opponents hold four kings
    deal = {**RUFER, "partner": "Bernd", "bonuses": {"four_kings": {"side": "opponents", "won": True}}}
    assert validate_deal(FOUR, 1, parse_deal(deal), KARLSRUHE) == []


# Kontra ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["uhu", "valat", "king_caught", "trull", "canari"])
def test_karlsruhe_s9_kontra_on_anything_but_game_or_an_announced_bonus(key):
    deal = {**DREIER, "bonuses": {"uhu": {"side": "declarers", "won": True},
                                  "trull": {"side": "opponents", "won": True}},
            "kontra": {key: "kontra"}}
    assert one(deal) == (1, f"kontra.{key}", "karlsruhe_kontra_target")


def test_karlsruhe_s9_kontra_in_bettel_ouvert_only_on_the_game():
    assert one({**BETTEL, "kontra": {"pagat": "re"}}) == (1, "kontra.pagat", "karlsruhe_kontra_bettel")


@pytest.mark.parametrize("level", ["double", "Kontra", 2, None, "retour"])
def test_karlsruhe_s9_kontra_level_not_kontra_re_sub_hirsch(level):
    assert one({**DREIER, "kontra": {"game": level}}) == (1, "kontra.game", "choice")


# Fahrer counts -----------------------------------------------------------------------------------

def test_karlsruhe_s9_fahrer_counts_missing_a_player():
    deal = {**FAHRER, "counts": {"Anna": 110, "Bernd": 50, "Clara": 50}}
    assert one(deal) == (1, "counts", "karlsruhe_counts_players")


def test_karlsruhe_s9_fahrer_counts_for_the_sitter_out():
    deal = {"dealer": "Emil", "game": "fahrer", "counts": {"Anna": 60, "Bernd": 50, "Clara": 50, "Emil": 50}}
    assert one(deal, FIVE) == (1, "counts", "karlsruhe_counts_players")


def test_karlsruhe_s9_fahrer_counts_for_a_stranger():
    deal = {**FAHRER, "counts": {"Anna": 60, "Bernd": 50, "Clara": 50, "Dieter": 40, "Zoe": 10}}
    assert one(deal) == (1, "counts", "karlsruhe_counts_players")


def test_karlsruhe_s9_fahrer_counts_not_adding_up_to_210():
    deal = {**FAHRER, "counts": {"Anna": 60, "Bernd": 50, "Clara": 50, "Dieter": 49}}
    assert one(deal) == (1, "counts", "karlsruhe_counts_sum")


@pytest.mark.parametrize(("value", "code"), [(211, "karlsruhe_count_range"), (-1, "karlsruhe_count_range"), (50.5, "not_int"),
                                             ("50", "not_int"), (None, "not_int")])
def test_karlsruhe_s9_fahrer_count_not_an_integer_0_to_210(value, code):
    deal = {**FAHRER, "counts": {**FAHRER["counts"], "Bernd": value}}
    assert one(deal) == (1, "counts.Bernd", code)


def test_karlsruhe_s9_fahrer_count_0_and_210_are_valid():
    deal = {**FAHRER, "counts": {"Anna": 210, "Bernd": 0, "Clara": 0, "Dieter": 0}}
    assert validate_deal(FOUR, 1, parse_deal(deal), KARLSRUHE) == []


def test_karlsruhe_s9_every_problem_of_a_file_at_once():
    found = problems(evening({**DREIER, "declarer": "Zoe"}, {"dealer": "Bernd", "kind": "misdeal", "won": True},
                             {**FAHRER, "dealer": "Clara", "counts": {"Anna": 1}}))
    assert found == [(1, "declarer", "not_at_table"), (2, "won", "karlsruhe_only_dealer_and_kind"),
                     (3, "counts", "karlsruhe_counts_players")]


# The evening ----------------------------------------------------------------------------------

def test_karlsruhe_s9_evening_format():
    assert problems(evening(format="tarokklub.evening/2")) == [(None, "format", "format")]


def test_karlsruhe_s9_evening_rate_card_named_other_than_rules():
    card = {**KARLSRUHE.to_dict(), "name": "hausregel"}
    assert problems(evening(rules="kaiser", rate_card=card)) == [(None, "rate_card.name", "rate_card_name")]


def test_karlsruhe_s9_evening_rules_not_text():
    from families.karlsruhe.engine.interchange import parse_evening
    with pytest.raises(EveningError) as caught:
        parse_evening(evening(rules=5))
    assert [(p.deal, p.field, p.code) for p in caught.value.problems] == [(None, "rules", "not_text")]


def test_karlsruhe_s9_evening_rules_unknown():
    from families.karlsruhe.engine.interchange import parse_evening
    with pytest.raises(EveningError) as caught:
        parse_evening(evening(rules="kaiser"))
    assert [(p.deal, p.field, p.code) for p in caught.value.problems] == [(None, "rules", "unknown_rules")]


@pytest.mark.parametrize("value", ["20.11.2026", "2026-13-01", None, 20261120])
def test_karlsruhe_s9_evening_date(value):
    found = problems(evening(date=value))
    assert [(d, f) for d, f, _ in found] == [(None, "date")]


@pytest.mark.parametrize("players", [FOUR[:3], (*FIVE, "Frieda"), ()])
def test_karlsruhe_s9_evening_players_four_or_five(players):
    assert problems(evening(players=players)) == [(None, "players", "karlsruhe_player_count")]


def test_karlsruhe_s9_player_count_message_in_danish_and_english():
    (found,) = validate_players(FOUR[:3])
    assert found.text("da") == "players: et Karlsruhe-bord har 4 eller 5 spillere, ikke 3"
    assert found.text("en") == "players: a Karlsruhe table seats 4 or 5 players, not 3"


def test_karlsruhe_s9_evening_players_distinct_and_non_empty():
    assert problems(evening(players=["Anna", "Bernd", "Anna", "Dieter"])) == [(None, "players[3]", "duplicate_name")]
    assert problems(evening(players=["Anna", "", "Clara", "Dieter"])) == [(None, "players[2]", "empty_name")]
    assert problems(evening(players=["Anna", 5, "Clara", "Dieter"])) == [(None, "players[2]", "not_text")]
    assert validate_players(("Anna", " ", "Clara", "Dieter"))[0].code == "empty_name"


def test_karlsruhe_s9_evening_players_missing_or_not_a_list():
    data = evening()
    del data["players"]
    assert problems(data) == [(None, "players", "required")]
    assert problems(evening() | {"players": "Anna"}) == [(None, "players", "not_list")]


def test_karlsruhe_s9_evening_deals_not_a_list():
    assert problems(evening() | {"deals": {"dealer": "Anna"}}) == [(None, "deals", "not_list")]


def test_karlsruhe_s9_evening_unknown_top_level_key():
    assert problems(evening(colour="red")) == [(None, "colour", "unknown_key")]


def test_karlsruhe_s9_evening_too_many_deals():
    from families.karlsruhe.engine.interchange import parse_evening
    with pytest.raises(EveningError) as caught:
        parse_evening(evening(*[{"dealer": "Anna", "kind": "redeal"}] * 3), max_deals=2)
    assert [(p.deal, p.field, p.code) for p in caught.value.problems] == [(None, "deals", "too_many_deals")]


def test_karlsruhe_s9_player_name_held_to_bounds():
    assert problems(evening(players=["Anna", "Bernd ", "Clara", "Dieter"])) == [(None, "players[2]", "name_spaces")]


def test_karlsruhe_s9_problems_through_manage_py_settle(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(evening(DREIER, DREIER, {**RUFER, "partner": "Zoe"})))
    out = settle(path, "--json")
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.strip() == "deal 3: partner: Zoe does not sit at this table"


def _import_messages(deal: dict, lang: str) -> list[str]:
    """The messages an import of ``deal`` gives, as the import page shows them."""
    with pytest.raises(EveningError) as caught:
        loads(json.dumps(evening(deal)))
    return [f"{p.field}: {p.message(lang)}" for p in caught.value.problems]


def test_karlsruhe_s3_an_import_error_says_the_count_in_thirds_and_in_punkte():
    """The file keeps its thirds (docs/format.md); its error also says the count as players do."""
    assert _import_messages({**DREIER, "declarers_count": 210}, "da") == [
        "declarers_count: skal være fra 1 til 209 tredjedele = 0 Punkte 1 Blatt til 69 Punkte 2 Blätter, "
        "ikke 210 = 70 Punkte"]
    deal = {**FAHRER, "counts": {"Anna": 60, "Bernd": 50, "Clara": 50, "Dieter": 47}}
    assert _import_messages(deal, "en") == [
        "counts: the counts add up to 207 thirds = 69 Punkte; they must add up to 210 = 70 Punkte"]
    deal = {**FAHRER, "counts": {**FAHRER["counts"], "Bernd": 211}}
    assert "not 211 = 70 Punkte 1 Blatt" in _import_messages(deal, "en")[0]
