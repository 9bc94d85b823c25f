"""Hand-worked deals, one rule at a time (docs/rules/selca.md §1-§11): what each deal writes to whom,
worked out by hand from the rules, and §10's worked examples."""
import pytest

from scoring.engine.ledger import EntryKind
from families.selca.engine.model import (
    Kind, Pot, count_to_thirds, dealer_after, declarer_thirds, derived_count, other_side_thirds, said_to_thirds, seating,
    thirds_to_count, thirds_to_said, points_said, Side,
)
from families.selca.engine.rates import SELCA, RateCard
from families.selca.engine.settle import Reason, money, settle_opening, settle_split, state_before

from .helpers import FOUR, THREE, entry, written


def game(count, declarer="Bojan", g=3, dealer="Ana", **more):
    return {"dealer": dealer, "kind": "game", "declarer": declarer, "game": g, "count": count, **more}


def klop(counts, dealer="Ana", **more):
    return {"dealer": dealer, "kind": "klop", "counts": counts, **more}


def value(deal, players=THREE, card=SELCA):
    """What the declarer is written (his V, before flat penalties)."""
    return written(deal, players, card)[deal["declarer"]]


# §1 Table and seats ------------------------------------------------------------------------------

def test_selca_s1_three_players_all_active_forehand_is_the_next_seat():
    s = seating(THREE, "Bojan")
    assert (s.dealer, s.forehand, s.active, s.sitting_out, s.next_dealer) == ("Bojan", "Cene", THREE, (), "Cene")
    assert seating(THREE, "Cene").forehand == "Ana"


def test_selca_s1_four_players_the_dealer_rests():
    s = seating(FOUR, "Darja")
    assert (s.forehand, s.active, s.sitting_out) == ("Ana", ("Ana", "Bojan", "Cene"), ("Darja",))


@pytest.mark.parametrize("players", [("Ana", "Bojan"), ("Ana", "Bojan", "Cene", "Darja", "Eva")])
def test_selca_s1_a_table_is_three_or_four(players):
    with pytest.raises(ValueError):
        seating(players, "Ana")
    with pytest.raises(ValueError):
        seating(THREE, "Zoe")


def test_selca_s1_next_dealer_is_the_right_hand_neighbour_after_a_misdeal_the_same():
    assert [dealer_after(FOUR, "Cene", kind) for kind in ("game", "klop", "shown", "misdeal")] == [
        "Darja", "Darja", "Darja", "Cene"]
    assert dealer_after(THREE, "Cene", "game") == "Ana"


def test_selca_s1_the_resting_dealer_is_written_nothing_in_a_game():
    got = written(game(129, kings="declarer", dealer="Darja", declarer="Ana"), FOUR)
    assert got == {"Ana": 4, "Bojan": -4, "Cene": -4, "Darja": 0}


# §2 Counting in thirds ------------------------------------------------------------------------

def test_selca_s2_counts_as_players_say_them():
    assert count_to_thirds(35, 1) == 106 and count_to_thirds(35, 0) == 105
    assert thirds_to_count(106) == (35, 1)
    assert all(count_to_thirds(*thirds_to_count(t)) == t for t in range(211))
    assert [said_to_thirds(s) for s in ("35,3", "37,6", "35", "35,0", "0,3", "70", "35 in 1 platelc",
                                        "35 in en platelc", "42 in 2 platelca", " 35,3 ")] == [
        106, 113, 105, 105, 1, 210, 106, 106, 128, 106]
    # written as the seed's table writes a count (ŠTETJE NAGRADE: "35,3 do 37,3"), and read back
    assert [thirds_to_said(t) for t in (106, 113, 105, 0)] == ["35,3", "37,6", "35", "0"]
    assert all(said_to_thirds(thirds_to_said(t)) == t for t in range(211))
    # said in a sentence as the seed says it (ZMAGA: "35 in en platelc"), točka in its number
    assert [points_said(t) for t in (106, 92, 105, 3, 6, 9, 210)] == [
        "35 in 1 platelc", "30 in 2 platelca", "35 točk", "1 točka", "2 točki", "3 točke", "70 točk"]


@pytest.mark.parametrize("text", ["35,5", "35,33", "-1", "71", "70,3", "35 in 3 platelci", "", "35.3.3", "x"])
def test_selca_s2_a_said_count_that_is_no_count(text):
    with pytest.raises(ValueError):
        said_to_thirds(text)


def test_selca_s14_the_last_klop_count_is_derived_from_70():
    assert derived_count({"Ana": 102, "Bojan": 66}) == 42


def test_selca_s2_either_sides_count_becomes_the_declarers():
    assert other_side_thirds(104) == 106
    assert declarer_thirds(104, Side.OPPONENTS) == 106 and declarer_thirds(104, Side.DECLARER) == 104


# §3 Games, winning, poeni ----------------------------------------------------------------------

@pytest.mark.parametrize(("count", "v"), [
    (106, 1), (112, 1), (113, 2), (127, 2), (128, 3), (142, 3), (143, 4), (157, 4), (158, 5), (172, 5),
    (173, 6), (187, 6), (188, 7), (202, 7), (203, 8), (210, 8),
])
def test_selca_s3_won_game_poeni_bands_and_edges(count, v):
    assert value(game(count)) == v          # +(1 + p)


@pytest.mark.parametrize(("count", "v"), [
    (105, -2), (98, -2), (97, -3), (83, -3), (82, -4), (68, -4), (67, -5), (0, -9),
])
def test_selca_s3_lost_game_same_edges_from_35_plus_kavf(count, v):
    assert value(game(count)) == v          # -(1 + p + 1): 35:35 is the opponents'


@pytest.mark.parametrize(("g", "m"), [(3, 1), (2, 2), (1, 3)])
def test_selca_s3_multiplier_of_three_two_one(g, m):
    assert written(game(129, g=g)) == {"Ana": -3 * m, "Bojan": 3 * m, "Cene": -3 * m}


def test_selca_s3_postings_say_game_poeni_and_kavf():
    e = entry(game(92))   # lost: opponents 118, p 1
    reasons = {(p.reason, p.detail) for p in e.postings if p.payer == "Bojan"}
    assert reasons == {(Reason.GAME, "game"), (Reason.GAME, "poeni"), (Reason.KAVF, "kavf")}


# §4 Bonuses and penalties ------------------------------------------------------------------------

@pytest.mark.parametrize(("field", "side", "v"), [
    ("kings", "declarer", 2), ("kings", "opponents", 0), ("trula", "declarer", 2), ("trula", "opponents", 0),
    ("pagat_ultimo", "declarer", 3), ("pagat_ultimo", "opponents", -1),
    ("pagat_lost", "opponents", 3), ("pagat_lost", "declarer", -1),
])
def test_selca_s4_kings_trula_silent_pagat_for_the_side_that_ends_with_them(field, side, v):
    assert value(game(106, **{field: side})) == v


def test_selca_s4_absent_kings_and_trula_are_split():
    assert value(game(106)) == 1


@pytest.mark.parametrize(("ultimo", "v"), [("declarer", 1 + 4), (None, 1 - 4)])
def test_selca_s4_announced_pagat_counts_double_and_is_lost_without_the_last_trick(ultimo, v):
    deal = game(106, announced=["pagat"])
    if ultimo:
        deal["pagat_ultimo"] = ultimo
    assert value(deal) == v


def test_selca_s4_announced_pagat_lost_in_the_last_trick():
    assert value(game(106, announced=["pagat"], pagat_lost="declarer")) == 1 - 4


def test_selca_s4_silent_valat_adds_8_to_the_game():
    assert value(game(210, valat=True)) == 1 + 7 + 8


@pytest.mark.parametrize(("made", "v"), [(True, 1 + 7 + 16), (False, 1 + 7 - 16)])
def test_selca_s4_announced_valat_made_or_failed_on_top_of_game_and_poeni(made, v):
    assert value(game(210, announced=["valat"], valat=made)) == v


def test_selca_s4_failed_valat_makes_the_winner_of_the_count_lose():
    # §10.2: Ana one, 157, announced valat failed: V = 3·(5 − 16) = −33
    assert written(game(157, declarer="Ana", g=1, dealer="Cene", announced=["valat"], valat=False,
                        kings="declarer")) == {"Ana": -33, "Bojan": 33, "Cene": 33}


@pytest.mark.parametrize(("mondfang", "expected"), [
    ({"owner": "Ana", "by": "Bojan"}, {"Ana": -1 - 2, "Bojan": 2, "Cene": -1 - 2}),   # declarer caught an opponent's
    ({"owner": "Bojan", "by": "Cene"}, {"Ana": -2, "Bojan": 2 - 1, "Cene": -2}),      # the declarer's is caught
    ({"owner": "Ana", "by": "Cene"}, {"Ana": -2, "Bojan": 2 + 1, "Cene": -2}),        # partners: the declarer +1
])
def test_selca_s4_mondfang_all_three_cases(mondfang, expected):
    e = entry(game(113, mondfang=mondfang))
    assert {p: e.net[p] for p in THREE} == expected
    assert {p.reason for p in e.postings} >= {Reason.MONDFANG}


def test_selca_s4_mondfang_outside_the_value_no_multiplier_no_kontra():
    deal = game(113, g=1, mondfang={"owner": "Bojan", "by": "Ana"}, kontra={"by": "Ana", "game": "sub"})
    assert written(deal)["Bojan"] == 3 * 2 * 8 - 1


@pytest.mark.parametrize(("pagatfonk", "expected"), [
    ({"skis": "Ana", "pagat": "Bojan"}, {"Ana": -3 - 2, "Bojan": 3, "Cene": -3 - 2}),
    ({"skis": "Ana", "pagat": "Cene"}, {"Ana": -1 - 2, "Bojan": 1, "Cene": -1 - 2}),   # the partner's pagat too
    ({"skis": "Bojan", "pagat": "Cene"}, {"Ana": -1, "Bojan": 1 - 2, "Cene": -1}),     # the declarer alone
])
def test_selca_s4_pagatfonk_the_skis_side_and_the_trula_to_the_pagat(pagatfonk, expected):
    # 113: game +1 + poeni +1; the trula (derived) goes to the pagat's side: ±1
    assert written(game(113, pagatfonk=pagatfonk)) == expected


def test_selca_s4_pagatfonk_and_mondfang_are_written_when_nobody_gets_the_value():
    # §10.5 deal 15 with a pagatfonk: V0 = 1 - kings 1 - trula 1 = -1, the opponents win, Cene revoked
    got = written(game(108, declarer="Ana", dealer="Bojan", kings="opponents", renons=["Cene"],
                       pagatfonk={"skis": "Ana", "pagat": "Cene"}))
    assert got == {"Ana": -2, "Bojan": 0, "Cene": 0}


# §5 Kontra -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("level", "k"), [("kontra", 2), ("re", 4), ("sub", 8)])
def test_selca_s5_kontra_on_the_game_doubles_all_the_silent_value(level, k):
    deal = game(129, kings="declarer", trula="declarer", pagat_ultimo="declarer", kontra={"by": "Ana", "game": level})
    assert value(deal) == (1 + 2 + 1 + 1 + 2) * k


def test_selca_s5_kontra_per_item():
    deal = game(129, announced=["pagat", "valat"], pagat_ultimo="declarer", valat=False,
                kontra={"by": "Cene", "pagat": "re", "valat": "sub"})
    assert value(deal) == 3 + 4 * 4 - 16 * 8
    deal["kontra"] = {"by": "Cene", "game": "kontra"}
    assert value(deal) == 3 * 2 + 4 - 16


def test_selca_s5_s10_3_izkupicek_21():
    # §10.3: Cene two 167, trula opponents, game kontra by Ana: V 16; opponents 43 < 63
    got = written(game(167, declarer="Cene", g=2, kontra={"by": "Ana", "game": "kontra"}, trula="opponents"))
    assert got == {"Ana": -32, "Bojan": 0, "Cene": 16}


@pytest.mark.parametrize(("count", "doubled"), [(148, True), (147, False)])
def test_selca_s5_izkupicek_21_edge_is_below_63_thirds(count, doubled):
    got = written(game(count, kontra={"by": "Cene", "game": "kontra"}))
    v = got["Bojan"]
    assert got == ({"Ana": 0, "Bojan": v, "Cene": -2 * v} if doubled else {"Ana": -v, "Bojan": v, "Cene": -v})


def test_selca_s5_izkupicek_21_needs_a_kontra_on_the_game_and_a_positive_value():
    assert written(game(180, announced=["pagat"], pagat_ultimo="declarer",
                        kontra={"by": "Cene", "pagat": "kontra"})) == {"Ana": -14, "Bojan": 14, "Cene": -14}
    # V < 0 although the opponents are below 21: plain
    got = written(game(180, announced=["valat"], kontra={"by": "Cene", "game": "kontra"}))
    assert got == {"Ana": 4, "Bojan": -4, "Cene": 4}    # (1 + 5)·2 − 16 = −4


def test_selca_s5_izkupicek_21_at_four_the_partner_is_the_other_active_opponent():
    got = written(game(200, declarer="Ana", dealer="Bojan", kontra={"by": "Darja", "game": "re"}), FOUR)
    assert got == {"Ana": 28, "Bojan": 0, "Cene": 0, "Darja": -56}      # p 6: (1 + 6)·4


# §6 The formula ------------------------------------------------------------------------------------

def test_selca_s6_m_covers_every_item_and_kontra_comes_first():
    deal = game(129, g=2, kings="declarer", announced=["pagat"], pagat_ultimo="declarer",
                kontra={"by": "Ana", "game": "kontra", "pagat": "re"})
    assert value(deal) == 2 * ((1 + 2 + 1) * 2 + 4 * 4)
    assert entry(deal).facts["formula"] == (
        "Bojan plays two, wins 43:27: game item [game +1 + poeni +2 + kings +1] = +4 x2; pagat announced +4 x4; "
        "x2 (two) = V0 +48; declarer V, opponents -V each")


# §7 Who is written what ----------------------------------------------------------------------------

def test_selca_s7_v0_zero_nothing_written_renons_or_not():
    for renons in (None, ["Ana"], ["Bojan"]):
        deal = game(106, kings="opponents", **({"renons": renons} if renons else {}))
        assert written(deal) == {"Ana": 0, "Bojan": 0, "Cene": 0}


def test_selca_s7_1_the_winning_declarer_revoked_nothing_written():
    assert written(game(129, renons=["Bojan"])) == {"Ana": 0, "Bojan": 0, "Cene": 0}


def test_selca_s7_1_the_winning_opponents_revoked_nothing_written():
    assert written(game(92, renons=["Cene"])) == {"Ana": 0, "Bojan": 0, "Cene": 0}
    assert written(game(92, renons=["Ana", "Cene"])) == {"Ana": 0, "Bojan": 0, "Cene": 0}


def test_selca_s7_1_double_renons_declarer_won_nothing_written():
    assert written(game(129, renons=["Bojan", "Ana"])) == {"Ana": 0, "Bojan": 0, "Cene": 0}


def test_selca_s7_1_double_renons_declarer_lost():
    # four-players deal 4: Darja two 80, kings opponents: V0 −10; Darja and Ana revoked
    got = written(game(80, declarer="Darja", g=2, dealer="Cene", kings="opponents", renons=["Darja", "Ana"]), FOUR)
    assert got == {"Ana": -10, "Bojan": 10, "Cene": 0, "Darja": 0}


def test_selca_s7_1_declarer_and_both_opponents_revoked_nothing_written():
    assert written(game(92, renons=["Bojan", "Ana", "Cene"])) == {"Ana": 0, "Bojan": 0, "Cene": 0}


def test_selca_s7_2_losing_opponent_revoked_bears_double_partner_zero():
    # §10.5 deal 11 without the pagatfonk: V0 = 1 + trula 1 = 2, V = 3
    got = written(game(108, declarer="Cene", trula="declarer", renons=["Bojan"]))
    assert got == {"Ana": 0, "Bojan": -6, "Cene": 3}


def test_selca_s7_2_renons_poen_takes_the_game_kontra_and_m():
    got = written(game(173, declarer="Ana", g=2, dealer="Cene", trula="declarer",
                       kontra={"by": "Darja", "game": "re"}, renons=["Bojan"]), FOUR)
    assert got == {"Ana": 64, "Bojan": -128, "Cene": 0, "Darja": 0}


def test_selca_s7_2_both_losing_opponents_revoked_minus_v_each():
    assert written(game(129, renons=["Ana", "Cene"])) == {"Ana": -4, "Bojan": 4, "Cene": -4}   # V0 3 + 1


def test_selca_s7_2_losing_declarer_revoked():
    assert written(game(92, renons=["Bojan"])) == {"Ana": 4, "Bojan": -4, "Cene": 4}


def test_selca_s7_2_renons_beats_izkupicek_21():
    got = written(game(200, kontra={"by": "Cene", "game": "kontra"}, renons=["Ana"]))
    assert got == {"Ana": -2 * (14 + 2), "Bojan": 14 + 2, "Cene": 0}    # (1 + 6)·2 + renons 1·2


def test_selca_s7_postings_name_renons_and_the_partners_share():
    e = entry(game(108, declarer="Cene", trula="declarer", renons=["Bojan"]))
    bojan = {(p.reason, p.amount) for p in e.postings if p.payer == "Bojan"}
    assert (Reason.RENONS, 1) in bojan and (Reason.RENONS_DOUBLE, 3) in bojan


@pytest.mark.parametrize("renons", [["Ana"], ["Cene"], ["Bojan"], ["Ana", "Cene"], ["Ana", "Bojan"],
                                    ["Ana", "Bojan", "Cene"]])
@pytest.mark.parametrize("count", [60, 92, 105, 106, 129, 200])
def test_selca_s7_guarantee_by_hand(renons, count):
    deal = game(count, kontra={"by": "Ana", "game": "kontra"})
    plain, revoked = written(deal), written({**deal, "renons": renons})
    opponents = ("Ana", "Cene")
    declarer_revoked = "Bojan" in renons
    opponents_revoked = any(p in renons for p in opponents)
    declarer_sum, opponents_sum = revoked["Bojan"], sum(revoked[p] for p in opponents)
    if declarer_revoked and not opponents_revoked:
        assert declarer_sum <= plain["Bojan"]
    if opponents_revoked and not declarer_revoked:
        assert opponents_sum <= sum(plain[p] for p in opponents)
    if declarer_revoked and opponents_revoked:
        if declarer_sum > plain["Bojan"]:
            assert plain["Bojan"] < 0 and declarer_sum == 0
        if opponents_sum > sum(plain[p] for p in opponents):
            assert sum(plain[p] for p in opponents) < 0 and opponents_sum == 0
    for p in opponents:
        if p not in renons and any(q in renons for q in opponents):
            assert revoked[p] >= min(0, plain[p])


# §8 Klop --------------------------------------------------------------------------------------------

def test_selca_s8_plain_klop_the_largest_count_loses_5():
    assert written(klop({"Ana": 102, "Bojan": 66, "Cene": 42})) == {"Ana": -5, "Bojan": 0, "Cene": 0}


@pytest.mark.parametrize(("most", "penalty"), [(104, -5), (105, -10), (111, -10)])
def test_selca_s8_full_klop_at_105_thirds(most, penalty):
    got = written(klop({"Ana": 30, "Bojan": 180 - most, "Cene": most}))
    assert got == {"Ana": 0, "Bojan": 0, "Cene": penalty}


def test_selca_s8_tied_losers_5_each_never_doubled():
    assert written(klop({"Ana": 81, "Bojan": 81, "Cene": 48})) == {"Ana": -5, "Bojan": -5, "Cene": 0}
    assert written(klop({"Ana": 105, "Bojan": 105, "Cene": 0})) == {"Ana": -5, "Bojan": -5, "Cene": 0}


def test_selca_s8_klop_at_four_the_dealer_plays_the_talon():
    got = written(klop({"Ana": 30, "Bojan": 110, "Cene": 50, "Darja": 20}, dealer="Bojan"), FOUR)
    assert got == {"Ana": 0, "Bojan": -10, "Cene": 0, "Darja": 0}


def test_selca_s8_klop_renons_the_revoker_bears_the_whole_penalty():
    got = written(klop({"Ana": 30, "Bojan": 110, "Cene": 50, "Darja": 20}, dealer="Darja", renons=["Ana"]), FOUR)
    assert got == {"Ana": -10, "Bojan": 0, "Cene": 0, "Darja": 0}
    got = written(klop({"Ana": 81, "Bojan": 81, "Cene": 48}, renons=["Cene"]))
    assert got == {"Ana": 0, "Bojan": 0, "Cene": -10}          # 5 per tied loser
    got = written(klop({"Ana": 81, "Bojan": 81, "Cene": 48}, renons=["Cene", "Ana"]))
    assert got == {"Ana": -10, "Bojan": 0, "Cene": -10}        # each revoker


def test_selca_s8_klop_postings_and_formula():
    e = entry(klop({"Ana": 30, "Bojan": 69, "Cene": 111}))
    assert [(p.payer, p.payee, p.amount, p.reason) for p in e.postings] == [("Cene", Pot.SHEET, 10, Reason.KLOP)]
    assert e.facts["formula"] == "klop: Cene took most (37) = polni klop -10"


# §9 Misdeal and shown hand ---------------------------------------------------------------------------

def test_selca_s9_misdeal_the_dealer_minus_2_at_three_and_four():
    assert written({"dealer": "Bojan", "kind": "misdeal"}) == {"Ana": 0, "Bojan": -2, "Cene": 0}
    assert written({"dealer": "Darja", "kind": "misdeal"}, FOUR) == {"Ana": 0, "Bojan": 0, "Cene": 0, "Darja": -2}


def test_selca_s9_shown_hand_writes_nothing():
    e = entry({"dealer": "Darja", "kind": "shown", "shown_by": "Ana"}, FOUR)
    assert e.postings == () and set(e.net.values()) == {0}
    assert e.facts["formula"] == "shown by Ana: nothing written"


# §10 Worked examples -----------------------------------------------------------------------------------

def test_selca_s10_1_deal_3_ana_two_lost_with_kontra():
    got = written(game(92, declarer="Ana", g=2, dealer="Cene", trula="declarer", kontra={"by": "Bojan", "game": "kontra"}))
    assert got == {"Ana": -8, "Bojan": 8, "Cene": 8}


def test_selca_s10_2_deal_10_failed_announced_valat():
    assert value(game(157, declarer="Ana", g=1, dealer="Cene", announced=["valat"], valat=False,
                      kings="declarer")) == -33


def test_selca_s10_3_deal_14_izkupicek_21():
    got = written(game(167, declarer="Cene", g=2, trula="opponents", kontra={"by": "Ana", "game": "kontra"}))
    assert got == {"Ana": -32, "Bojan": 0, "Cene": 16}


def test_selca_s10_4_deal_9_mondfang_on_the_declarer():
    got = written(game(101, declarer="Cene", g=2, dealer="Bojan", kings="opponents", pagat_ultimo="opponents",
                       mondfang={"owner": "Cene", "by": "Ana"}))
    assert got == {"Ana": 10, "Bojan": 10, "Cene": -11}


def test_selca_s10_5_deal_11_pagatfonk_and_renons():
    got = written(game(108, declarer="Cene", pagatfonk={"skis": "Ana", "pagat": "Cene"}, renons=["Bojan"]))
    assert got == {"Ana": -2, "Bojan": -8, "Cene": 3}


def test_selca_s10_5_deal_15_the_winning_opponents_revoked():
    got = written(game(108, declarer="Ana", dealer="Bojan", kings="opponents", trula="opponents",
                       pagat_ultimo="opponents", renons=["Cene"]))
    assert got == {"Ana": 0, "Bojan": 0, "Cene": 0}


def test_selca_s10_6_klop_deals_6_and_12():
    assert written(klop({"Ana": 30, "Bojan": 69, "Cene": 111}, dealer="Bojan")) == {"Ana": 0, "Bojan": 0, "Cene": -10}
    assert written(klop({"Ana": 81, "Bojan": 81, "Cene": 48}, dealer="Bojan")) == {"Ana": -5, "Bojan": -5, "Cene": 0}


# §11 End of the evening; the ledger ----------------------------------------------------------------------

def test_selca_s11_money_each_pair_settles_the_difference():
    assert money((("Ana", 26), ("Bojan", -162), ("Cene", 31), ("Darja", -29))) == (
        ("Ana", 238), ("Bojan", -514), ("Cene", 258), ("Darja", 18))
    assert money((("Ana", 0), ("Bojan", 0), ("Cene", 0))) == (("Ana", 0), ("Bojan", 0), ("Cene", 0))


def test_selca_s11_the_sheet_pot_takes_the_other_side_and_has_no_floor():
    e = entry(game(129, kings="declarer"), state=7)
    assert e.pots == (Pot.SHEET,) and e.legs[-1] == (Pot.SHEET, 4)
    assert sum(e.amounts) == 0 and e.state == 11 and e.pot_contents == {"sheet": 11}
    e = entry(game(60), state=0)
    assert e.state == e.pot_contents["sheet"] == -(-5 + 10) and e.state < 0


def test_selca_s11_opening_and_split_write_nothing_and_keep_the_sheet():
    assert settle_opening(THREE, SELCA).amounts == (0, 0, 0, 0)
    split = settle_split(THREE, -13, {"Ana": 1, "Bojan": 2, "Cene": 3}, SELCA)
    assert split.kind is EntryKind.SPLIT and split.postings == () and split.state == -13
    assert state_before(THREE, SELCA, {"sheet": -13}, lambda: ()) == -13
    assert state_before(THREE, SELCA, {}, lambda: ()) == 0


def test_selca_kind_enum_values_are_the_files():
    assert [k.value for k in Kind] == ["game", "klop", "misdeal", "shown"]


def test_selca_a_club_card_changes_the_numbers():
    card = RateCard(name="club", title="Club", kings=2, klop=(6, 12), misdeal=3, mondfang=2)
    assert value(game(129, kings="declarer"), card=card) == 5
    assert written(klop({"Ana": 110, "Bojan": 60, "Cene": 40}), card=card)["Ana"] == -12
    assert written({"dealer": "Ana", "kind": "misdeal"}, card=card)["Ana"] == -3


@pytest.mark.parametrize("players", [THREE, FOUR])
def test_selca_s6_a_game_value_is_the_one_its_fields_make(players):
    """``game_value`` (§5, §6): every game of random evenings gives the value
    ``GameValue(**fields)`` gives, items equal to fresh ones, and ``k`` as ``kontra_factor`` says."""
    import dataclasses

    from families.selca.engine.generate import random_evening
    from families.selca.engine.model import KONTRA_ITEMS, Kind
    from families.selca.engine.settle import GameValue, Item, game_value

    kontras = set()
    for seed in range(3):
        for deal in random_evening(seed, players, deals=300).deals:
            if deal.kind is not Kind.GAME:
                continue
            gv = game_value(players, deal, SELCA)
            made = GameValue(**{f.name: getattr(gv, f.name) for f in dataclasses.fields(GameValue)})
            assert gv == made and vars(gv) == vars(made) and type(gv) is GameValue
            assert gv.items == tuple(Item(i.reason, i.label, i.base, i.kontra_item) for i in gv.items)
            assert gv.values == tuple(gv.m * gv.k[i.kontra_item] * i.base for i in gv.items)   # §6
            assert gv.value0 == sum(gv.values)
            kontra = deal.kontra
            assert gv.k == {item: SELCA.kontra_factor(kontra.level(item) if kontra else None) for item in KONTRA_ITEMS}
            kontras.add(kontra is None)
    assert kontras == {True, False}
