"""Hand-worked deals, one rule at a time (docs/rules/karlsruhe.md §1-§7): the value, its formula in the
seed's notation and who pays whom."""
import pytest

from families.karlsruhe.engine.model import (
    Deal, DealKind, Game, count_to_thirds, dealer_after, other_side_thirds, points_said, seating,
    thirds_to_count,
)
from families.karlsruhe.engine.interchange import parse_deal
from families.karlsruhe.engine.rates import KARLSRUHE, RateCard
from families.karlsruhe.engine.settle import (
    Reason, radl_status, settle_opening, settle_split, state_before,
)
from families.karlsruhe.engine import FAMILY
from families.karlsruhe.engine.model import Evening
from scoring.engine.problems import EveningError

from .helpers import FIVE, FOUR, entry
settle_deal, settle_evening = FAMILY.settle_deal, FAMILY.settle_evening   # the family's defaults (family_of_modules)


def dreier(count=None, declarer="Clara", dealer="Anna", **more):
    deal = {"dealer": dealer, "game": "dreier", "declarer": declarer, **more}
    if count is not None:
        deal["declarers_count"] = count
    return deal


def rufer(count, partner="Dieter", declarer="Bernd", dealer="Anna", game="koenigsrufer", **more):
    return {"dealer": dealer, "game": game, "declarer": declarer, "called_king": "hearts", "partner": partner,
            "declarers_count": count, **more}


def settled(deal, **kw):
    e = entry(deal, **kw)
    return e.facts["formula"], e.net


# §3 counting in thirds ------------------------------------------------------------------------

def test_karlsruhe_s3_count_to_thirds_as_players_say_it():
    assert count_to_thirds(35, 1) == 106
    assert count_to_thirds(35, 0) == 105
    assert count_to_thirds(70, 0) == 210
    assert thirds_to_count(106) == (35, 1)
    assert thirds_to_count(52) == (17, 1)
    assert all(count_to_thirds(*thirds_to_count(t)) == t for t in range(211))


def test_karlsruhe_s3_a_count_is_written_as_the_seed_writes_it():
    """Punkte and the Blätter beside them ("35 Punkte + 1 Blatt", §S), no Blatt when there is none,
    never a fraction or thirds alone."""
    assert [points_said(t) for t in (106, 44, 114, 0, 3, 4, 210, 211, -6)] == [
        "35 Punkte 1 Blatt", "14 Punkte 2 Blätter", "38 Punkte", "0 Punkte", "1 Punkt", "1 Punkt 1 Blatt",
        "70 Punkte", "70 Punkte 1 Blatt", "-2 Punkte"]


@pytest.mark.parametrize(("points", "blaetter"), [(35, 3), (35, -1), (-1, 0)])
def test_karlsruhe_s3_blaetter_are_0_to_2(points, blaetter):
    with pytest.raises(ValueError):
        count_to_thirds(points, blaetter)


def test_karlsruhe_s3_the_other_sides_count():
    assert other_side_thirds(106) == 104
    assert other_side_thirds(count_to_thirds(17, 1)) == count_to_thirds(52, 2)


@pytest.mark.parametrize(("count", "formula"), [(106, "8"), (105, "-8"), (107, "8"), (104, "-8")])
def test_karlsruhe_s3_declarers_win_with_more_than_105(count, formula):
    assert settled(dreier(count))[0] == formula


# §5.1 Schneider ------------------------------------------------------------------------------

@pytest.mark.parametrize(("count", "formula", "declarer_net"), [
    (158, "8x2=16", 48),    # the opponents count 52: Schneider
    (157, "8", 24),         # 53: not
    (52, "-8x2=-16", -48),  # the declarers count 52 and lose Schneider
    (53, "-8", -24),
    (1, "-8x2=-16", -48),
    (209, "8x2=16", 48),
])
def test_karlsruhe_s5_1_schneider_either_side_at_52_thirds(count, formula, declarer_net):
    got, net = settled(dreier(count))
    assert got == formula
    assert net["Clara"] == declarer_net


def test_karlsruhe_s5_1_schneider_doubles_the_game_not_the_bonuses():
    assert settled(dreier(170, bonuses={"pagat": {"side": "declarers", "won": True}}))[0] == "(8x2)+6=22"


def test_karlsruhe_s5_1_schneider_max_is_the_cards():
    card = RateCard(name="club", title="Club", schneider_max=60)
    assert entry(dreier(150), card=card).facts["formula"] == "8x2=16"
    assert entry(dreier(150)).facts["formula"] == "8"


# §4 bonuses ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("bird", "silent", "announced"), [("canari", 10, 20), ("uhu", 8, 16), ("pagat", 6, 12)])
@pytest.mark.parametrize(("side", "won", "sign"), [("declarers", True, "+"), ("declarers", False, "-"),
                                                   ("opponents", True, "-"), ("opponents", False, "+")])
def test_karlsruhe_s4_silent_bird_both_ways_and_both_sides(bird, silent, announced, side, won, sign):
    formula, net = settled(dreier(120, bonuses={bird: {"side": side, "won": won}}))
    v = 8 + silent if sign == "+" else 8 - silent
    assert formula == f"8{sign}{silent}={v}"
    assert net == {"Anna": -v, "Bernd": -v, "Clara": 3 * v, "Dieter": -v}


@pytest.mark.parametrize(("bird", "announced"), [("canari", 20), ("uhu", 16), ("pagat", 12)])
@pytest.mark.parametrize("won", [True, False])
def test_karlsruhe_s4_announced_bird_made_or_failed(bird, announced, won):
    formula, _ = settled(dreier(120, bonuses={bird: {"side": "declarers", "announced": True, "won": won}}))
    assert formula == (f"8+{announced}={8 + announced}" if won else f"8-{announced}={8 - announced}")


def test_karlsruhe_s4_announced_bird_counts_even_when_the_game_is_lost():
    assert settled(dreier(90, bonuses={"pagat": {"side": "declarers", "announced": True, "won": True}}))[0] == "-8+12=4"


@pytest.mark.parametrize("bonus", ["trull", "four_kings"])
@pytest.mark.parametrize(("side", "formula"), [("declarers", "8+2=10"), ("opponents", "8-2=6")])
def test_karlsruhe_s4_trull_and_four_kings_silent_2_for_their_side(bonus, side, formula):
    assert settled(dreier(120, bonuses={bonus: {"side": side, "won": True}}))[0] == formula


def test_karlsruhe_s5_5_terms_in_order_game_canari_uhu_pagat_trull_four_kings_king_caught():
    deal = rufer(120, bonuses={
        "four_kings": {"side": "opponents", "won": True}, "pagat": {"side": "declarers", "won": True},
        "trull": {"side": "declarers", "won": True}, "uhu": {"side": "opponents", "won": True},
        "canari": {"side": "declarers", "announced": True, "won": False}}, king_caught=True)
    formula, net = settled(deal)
    assert formula == "2-20-8+6+2-2-2=-22"
    assert net == {"Anna": 22, "Bernd": -22, "Clara": 22, "Dieter": -22}


# King caught (§4) ---------------------------------------------------------------------------

def test_karlsruhe_s4_king_caught_t9():
    formula, net = settled(rufer(118, declarer="Anna", partner="Clara", king_caught=True))
    assert formula == "2-2=0"
    assert set(net.values()) == {0}


def test_karlsruhe_s4_king_caught_in_a_lost_game():
    formula, net = settled(rufer(100, king_caught=True))
    assert formula == "-2-2=-4"
    assert net == {"Anna": 4, "Bernd": -4, "Clara": 4, "Dieter": -4}


def test_karlsruhe_s4_king_caught_when_the_declarer_plays_alone():
    formula, net = settled(rufer(100, partner="Bernd", king_caught=True))
    assert formula == "-2-2=-4"
    assert net == {"Anna": 4, "Bernd": -12, "Clara": 4, "Dieter": 4}


def test_karlsruhe_s4_king_caught_is_flat_and_never_doubled_by_kontra_or_schneider():
    assert settled(rufer(170, king_caught=True, kontra={"game": "re"}))[0] == "(2x2x4)-2=14"


def test_karlsruhe_s4_king_caught_false_pays_nothing():
    assert settled(rufer(120, king_caught=False))[0] == "2"


# §5.2 Valat -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("valat", "formula", "declarer_net"), [
    ({"side": "declarers", "won": True}, "8x8=64", 192),                        # silent (T8)
    ({"side": "declarers", "announced": True, "won": True}, "8x16=128", 384),   # announced
    ({"side": "declarers", "announced": True, "won": False}, "-8x16=-128", -384),   # announced, failed
    ({"side": "opponents", "won": True}, "-8x8=-64", -192),                     # silent, by the opponents
])
def test_karlsruhe_s5_2_valat(valat, formula, declarer_net):
    got, net = settled(dreier(valat=valat))
    assert got == formula
    assert net["Clara"] == declarer_net
    assert sum(net.values()) == 0


def test_karlsruhe_s5_2_valat_with_an_announced_pagat():
    deal = dreier(valat={"side": "declarers", "won": True, "announced": True},
                  bonuses={"pagat": {"side": "declarers", "announced": True, "won": True}})
    assert settled(deal)[0] == "(8x16)+12=140"


def test_karlsruhe_s5_2_valat_keeps_a_failed_announcement():
    deal = dreier(valat={"side": "opponents", "won": True},
                  bonuses={"uhu": {"side": "declarers", "announced": True, "won": False}})
    assert settled(deal)[0] == "-(8x8)-16=-80"


def test_karlsruhe_s5_2_valat_in_a_rufer_2_v_2():
    deal = rufer(None, valat={"side": "declarers", "won": True})
    del deal["declarers_count"]
    formula, net = settled(deal)
    assert formula == "2x8=16"
    assert net == {"Anna": -16, "Bernd": 16, "Clara": -16, "Dieter": 16}


# §5.3 Kontra -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("level", "factor"), [("kontra", 2), ("re", 4), ("sub", 8), ("hirsch", 16)])
def test_karlsruhe_s5_3_kontra_levels_on_the_game(level, factor):
    assert settled(dreier(120, kontra={"game": level}))[0] == f"8x{factor}={8 * factor}"
    assert settled(dreier(90, kontra={"game": level}))[0] == f"-8x{factor}={-8 * factor}"


@pytest.mark.parametrize(("level", "factor"), [("kontra", 2), ("re", 4), ("sub", 8), ("hirsch", 16)])
def test_karlsruhe_s5_3_kontra_on_an_announced_bonus_only_that_item(level, factor):
    deal = dreier(120, bonuses={"uhu": {"side": "declarers", "announced": True, "won": False},
                                "pagat": {"side": "declarers", "won": True}},
                  kontra={"uhu": level})
    assert settled(deal)[0] == f"8-(16x{factor})+6={8 - 16 * factor + 6}"


def test_karlsruhe_s5_3_kontra_on_game_and_announcement_each_its_own():
    deal = dreier(170, bonuses={"canari": {"side": "declarers", "announced": True, "won": True}},
                  kontra={"game": "kontra", "canari": "hirsch"})
    assert settled(deal)[0] == "(8x2x2)+(20x16)=352"


def test_karlsruhe_s5_3_kontra_on_a_valat():
    assert settled(dreier(valat={"side": "declarers", "won": True}, kontra={"game": "re"}))[0] == "8x8x4=256"


def test_karlsruhe_s5_3_kontra_on_bettel_ouvert():
    deal = {"dealer": "Anna", "game": "bettel_ouvert", "declarer": "Bernd", "won": False, "kontra": {"game": "sub"}}
    formula, net = settled(deal)
    assert formula == "-12x8=-96"
    assert net == {"Anna": 96, "Bernd": -288, "Clara": 96, "Dieter": 96}


# Bettel ouvert and the sides (§2, §6) ----------------------------------------------------------

@pytest.mark.parametrize(("won", "formula", "declarer_net"), [(True, "12", 36), (False, "-12", -36)])
def test_karlsruhe_s2_bettel_ouvert(won, formula, declarer_net):
    got, net = settled({"dealer": "Anna", "game": "bettel_ouvert", "declarer": "Anna", "won": won})
    assert got == formula
    assert net["Anna"] == declarer_net


def test_karlsruhe_s6_rufer_2_v_2_each_declarer_plus_v():
    assert settled(rufer(120))[1] == {"Anna": -2, "Bernd": 2, "Clara": -2, "Dieter": 2}


def test_karlsruhe_s6_rufer_alone_1_v_3():
    assert settled(rufer(120, partner="Bernd"))[1] == {"Anna": -2, "Bernd": 6, "Clara": -2, "Dieter": -2}
    assert settled(rufer(90, partner="Bernd", game="solorufer"))[1] == {"Anna": 4, "Bernd": -12, "Clara": 4,
                                                                         "Dieter": 4}


def test_karlsruhe_s6_postings_say_what_was_paid_for():
    e = entry(dreier(120, bonuses={"pagat": {"side": "opponents", "won": True}}))
    reasons = sorted((p.reason.value, p.detail, p.payer, p.payee, p.amount) for p in e.postings)
    assert reasons == [("bonus", "pagat", "Clara", "Anna", 6), ("bonus", "pagat", "Clara", "Bernd", 6),
                       ("bonus", "pagat", "Clara", "Dieter", 6), ("game", "", "Anna", "Clara", 8),
                       ("game", "", "Bernd", "Clara", 8), ("game", "", "Dieter", "Clara", 8)]
    assert e.facts == {"formula": "8-6=2", "radl": False}


# §6 Fahrer ---------------------------------------------------------------------------------

def fahrer(counts, dealer="Anna"):
    return {"dealer": dealer, "game": "fahrer", "counts": counts}


def test_karlsruhe_s6_fahrer_the_two_highest_pay_the_two_lowest():
    formula, net = settled(fahrer({"Anna": 30, "Bernd": 80, "Clara": 40, "Dieter": 60}))
    assert formula == "2"
    assert net == {"Anna": 2, "Bernd": -2, "Clara": 2, "Dieter": -2}


@pytest.mark.parametrize(("dealer", "payers"), [
    ("Bernd", {"Anna", "Clara"}),    # §12: forehand Clara, of the three at 45 she sits first
    ("Anna", {"Anna", "Bernd"}),     # forehand Bernd
    ("Clara", {"Anna", "Dieter"}),   # forehand Dieter
    ("Dieter", {"Anna", "Bernd"}),   # forehand Anna holds the highest count; Bernd next
])
def test_karlsruhe_s6_fahrer_tie_by_seat_from_forehand(dealer, payers):
    _, net = settled(fahrer({"Anna": 75, "Bernd": 45, "Clara": 45, "Dieter": 45}, dealer=dealer))
    assert {p for p, v in net.items() if v < 0} == payers


def test_karlsruhe_s6_fahrer_tie_for_the_highest_count():
    _, net = settled(fahrer({"Anna": 70, "Bernd": 70, "Clara": 70, "Dieter": 0}, dealer="Bernd"))
    assert net == {"Anna": -2, "Bernd": 2, "Clara": -2, "Dieter": 2}


def test_karlsruhe_s1_five_at_the_table_the_dealer_sits_out_with_0():
    formula, net = settled(fahrer({"Anna": 75, "Bernd": 45, "Clara": 45, "Dieter": 45}, dealer="Emil"), players=FIVE)
    assert formula == "2"
    assert net == {"Anna": -2, "Bernd": -2, "Clara": 2, "Dieter": 2, "Emil": 0}   # forehand Anna
    _, net = settled(dreier(120, dealer="Emil"), players=FIVE)
    assert net == {"Anna": -8, "Bernd": -8, "Clara": 24, "Dieter": -8, "Emil": 0}
    _, net = settled(rufer(120, dealer="Clara", declarer="Emil", partner="Anna"), players=FIVE)
    assert net == {"Anna": 2, "Bernd": -2, "Clara": 0, "Dieter": -2, "Emil": 2}


def test_karlsruhe_s1_seating_and_the_next_dealer():
    s = seating(FIVE, "Emil")
    assert (s.forehand, s.active, s.sitting_out) == ("Anna", FOUR, ("Emil",))
    s = seating(FOUR, "Bernd")
    assert (s.forehand, s.active, s.sitting_out, s.next_dealer) == ("Clara", FOUR, (), "Clara")
    assert dealer_after(FOUR, "Dieter", "played") == "Anna"
    assert dealer_after(FOUR, "Dieter", "misdeal") == "Dieter"
    assert dealer_after(FOUR, "Dieter", "redeal") == "Dieter"
    with pytest.raises(ValueError):
        seating(FOUR[:3], "Anna")


# §5.4 Radl ----------------------------------------------------------------------------------

F = {"dealer": "Anna", "game": "fahrer", "counts": {"Anna": 60, "Bernd": 50, "Clara": 50, "Dieter": 50}}
D = dreier(120)
MISDEAL = {"dealer": "Anna", "kind": "misdeal"}
REDEAL = {"dealer": "Anna", "kind": "redeal"}


def run(deals, players=FOUR, card=None):
    evening = Evening(players, tuple(parse_deal(d) for d in deals))
    return settle_evening(evening, card)


def test_karlsruhe_s5_4_a_fahrer_doubles_the_next_n_played_deals():
    s = run([F, D, D, D, D, D])
    assert [e.facts["radl"] for e in s.deals] == [False, True, True, True, True, False]
    assert [e.facts["formula"] for e in s.deals] == ["2", "8x2=16", "8x2=16", "8x2=16", "8x2=16", "8"]
    assert [e.state for e in s.deals] == [4, 3, 2, 1, 0, 0]


def test_karlsruhe_s5_4_five_at_the_table_a_radl_of_five():
    s = run([F | {"dealer": "Emil"}, D, D, D, D, D, D], players=FIVE)
    assert [e.facts["radl"] for e in s.deals] == [False, True, True, True, True, True, False]


def test_karlsruhe_s5_4_a_fahrer_inside_a_radl_is_doubled_and_queues_n_more():
    s = run([F, D, F, D, D, D, D, D, D, D, D])
    assert [e.facts["radl"] for e in s.deals] == [False, True, True, True, True, True, True, True, True, False, False]
    assert s.deals[2].facts["formula"] == "2x2=4"
    assert s.deals[2].net == {"Anna": -4, "Bernd": -4, "Clara": 4, "Dieter": 4}
    assert [e.state for e in s.deals] == [4, 3, 6, 5, 4, 3, 2, 1, 0, 0, 0]
    assert max(abs(v) for e in s.deals for v in e.net.values()) == 48   # ×2, never ×4


def test_karlsruhe_s5_4_misdeals_and_redeals_do_not_count_and_are_not_doubled():
    card = RateCard(name="club", title="Club", misdeal_fine=5)
    s = run([F, MISDEAL, D, REDEAL, D, D, MISDEAL, D, D], card=card)
    assert [e.facts["radl"] for e in s.deals] == [False, False, True, False, True, True, False, True, False]
    assert [e.facts["formula"] for e in s.deals][1] == "5"
    assert s.deals[1].net == {"Anna": -15, "Bernd": 5, "Clara": 5, "Dieter": 5}
    assert s.deals[3].facts["formula"] == "0"
    assert set(s.deals[3].net.values()) == {0}


def test_karlsruhe_s5_4_a_radl_still_owed_at_the_end_lapses():
    s = run([D, F, D])
    assert s.deals[-1].state == 3
    assert s.split.state == 0
    assert set(s.split.net.values()) == {0}


def test_karlsruhe_s5_4_radl_status_and_state_before_replay_the_history():
    deals = [parse_deal(d) for d in (F, D, MISDEAL, F, D)]
    assert radl_status(FOUR, deals[:1]) == 4
    assert radl_status(FOUR, deals[:3]) == 3
    assert radl_status(FOUR, deals) == 5
    assert state_before(FOUR, KARLSRUHE, {}, lambda: deals) == 5
    assert radl_status(FOUR, []) == 0


def test_karlsruhe_s10_correcting_a_deal_re_derives_later_radls():
    before = run([D, F, D, D])
    after = run([D, D, D, D])   # deal 2 corrected from a Fahrer to a Dreier
    assert [e.facts["radl"] for e in before.deals] == [False, False, True, True]
    assert [e.facts["radl"] for e in after.deals] == [False, False, False, False]


# §7 misdeal and redeal ------------------------------------------------------------------------

def test_karlsruhe_s7_misdeal_default_fine_0_and_nothing_else_paid():
    e = entry(MISDEAL)
    assert e.facts == {"formula": "0", "radl": False}
    assert e.postings == () and set(e.net.values()) == {0}


def test_karlsruhe_s7_misdeal_fine_to_each_other_player_at_the_table_even_the_one_sitting_out():
    card = RateCard(name="club", title="Club", misdeal_fine=3)
    e = entry({"dealer": "Clara", "kind": "misdeal"}, players=FIVE, card=card)
    assert e.net == {"Anna": 3, "Bernd": 3, "Clara": -12, "Dieter": 3, "Emil": 3}
    assert e.facts["formula"] == "3"
    assert {p.reason for p in e.postings} == {Reason.MISDEAL_FINE}


def test_karlsruhe_s7_redeal_is_free():
    card = RateCard(name="club", title="Club", misdeal_fine=3)
    e = entry(REDEAL, card=card)
    assert e.facts == {"formula": "0", "radl": False}
    assert set(e.net.values()) == {0}


# The seed's rows and the protocol ------------------------------------------------------------

def test_karlsruhe_s5_5_formula_t5():
    assert settled(dreier(140, bonuses={"pagat": {"side": "declarers", "won": True}}), state=3)[0] == "(8+6)x2=28"


def test_karlsruhe_s5_5_formula_t7():
    deal = {"dealer": "Clara", "game": "sechserbock", "declarer": "Clara", "declarers_count": 166,
            "bonuses": {b: {"side": "declarers", "announced": True, "won": True} for b in ("canari", "uhu", "pagat")}}
    assert settled(deal, state=1)[0] == "[(8x2)+20+16+12]x2=128"


def test_karlsruhe_s5_5_formula_t9():
    assert settled(rufer(118, declarer="Anna", partner="Clara", king_caught=True))[0] == "2-2=0"


def test_karlsruhe_s5_5_formula_valat_with_announced_pagat():
    deal = dreier(valat={"side": "declarers", "won": True, "announced": True},
                  bonuses={"pagat": {"side": "declarers", "announced": True, "won": True}})
    assert settled(deal)[0] == "(8x16)+12=140"


def test_karlsruhe_s5_5_formula_negative_first_term_with_factors_in_a_radl():
    deal = dreier(40, bonuses={"uhu": {"side": "declarers", "won": True}})
    assert settled(deal, state=2)[0] == "[-(8x2)+8]x2=-16"
    assert settled(dreier(90), state=2)[0] == "-8x2=-16"
    assert settled(dreier(90, bonuses={"uhu": {"side": "declarers", "won": True}}), state=2)[0] == "(-8+8)x2=0"


def test_karlsruhe_s5_4_settle_deal_gives_the_state_after():
    assert entry(F).state == 4
    assert entry(F, state=2).state == 5
    assert entry(D, state=2).state == 1
    assert entry(MISDEAL, state=2).state == 2


def test_karlsruhe_s8_opening_and_split_pay_nothing():
    assert set(settle_opening(FOUR, KARLSRUHE).net.values()) == {0}
    assert settle_opening(FOUR, KARLSRUHE).pot_contents == {}
    assert set(settle_split(FOUR, 3, dict.fromkeys(FOUR, 0), KARLSRUHE).net.values()) == {0}


def test_karlsruhe_s9_settle_deal_refuses_an_invalid_deal():
    with pytest.raises(EveningError) as caught:
        settle_deal(FOUR, 7, Deal(dealer="Anna", game=Game.DREIER, declarer="Zoe", declarers_count=120), 0, KARLSRUHE)
    assert [(p.deal, p.field) for p in caught.value.problems] == [(7, "declarer")]


def test_karlsruhe_s9_settle_evening_refuses_an_invalid_evening():
    with pytest.raises(EveningError):
        settle_evening(Evening(FOUR[:3], (Deal(dealer="Anna", kind=DealKind.REDEAL),)))
