"""One test per rule of docs/rules/danish.md, named after its section, each with hand-worked numbers."""
from decimal import Decimal

import pytest

from scoring.engine.interchange import parse_evening
from families.danish.engine.interchange import parse_deal
from families.danish.engine.model import Cup, seating
from scoring.engine.money import kroner
from scoring.engine.problems import EveningError
from families.danish.engine.rates import VLK
from families.danish.engine.settle import Cups, settle_deal, settle_evening
from scoring.engine.transfers import fewest_transfers
from families.danish.engine.validate import validate_deal

THREE = ("Anne", "Bent", "Carl")
FOUR = ("Anne", "Bent", "Carl", "Dorte")
FIVE = ("Anne", "Bent", "Carl", "Dorte", "Erik")


def deal(players=THREE, cups=(100, 100), **fields):
    """Settle one deal (an evening-file deal object) with the cups before it; net per account."""
    outcome = {"dealer": "Anne", **fields}
    entry = settle_deal(players, 1, parse_deal(outcome), Cups(*cups), VLK)
    net = {k if isinstance(k, str) else k.value: v for k, v in entry.net.items()}
    return net, (entry.cups.king, entry.cups.pagat)


def plain(**extra):
    """Anne deals to Anne, Bent, Carl: pagat home for Carl, Bent takes the last trick, counts 26/26."""
    base = {"dealer": "Anne", "pagat": {"owner": "Carl", "fate": "home"}, "last_trick": "Bent",
            "counts": {"Anne": 26, "Carl": 26}}
    return {**base, **extra}


def problems(players, outcome):
    outcome = {"dealer": "Anne", **outcome}
    return [(p.field, p.code) for p in validate_deal(players, 1, parse_deal(outcome), VLK)]


# §1 Table, seats, who plays ------------------------------------------------------------------

def test_1_three_at_table_everybody_plays():
    s = seating(THREE, "Anne")
    assert (s.forehand, s.middlehand, s.dealer, s.sitting_out, s.next_dealer) == ("Bent", "Carl", "Anne", (), "Bent")


def test_1_four_at_table_opposite_dealer_sits_out():
    s = seating(FOUR, "Bent")
    assert (s.forehand, s.middlehand, s.sitting_out, s.next_dealer) == ("Carl", "Anne", ("Dorte",), "Carl")


def test_1_five_at_table_dealer_and_neighbours_play():
    s = seating(FIVE, "Anne")
    assert set(s.active) == {"Anne", "Bent", "Erik"}
    assert (s.forehand, s.middlehand, s.sitting_out) == ("Bent", "Erik", ("Carl", "Dorte"))
    assert s.next_dealer == "Carl"   # §3a(3): the sitter-out on the dealer's right deals next


def test_1_sitters_out_pay_nothing_but_cup_funding():
    net, _ = deal(FOUR, cups=(5, 5), **plain(pagat={"owner": "Bent", "fate": "ultimo"}, last_trick="Bent",
                                               counts={"Anne": 26, "Bent": 26}))
    # Bent's ultimo empties the pagat cup (5 + 5 fee = 10): everyone re-funds it, Carl (sitting out) too
    assert net["Carl"] == -20


# §2 The two cups -----------------------------------------------------------------------------

def test_2_opening_twenty_into_each_cup():
    s = settle_evening(parse_evening({"format": "tarokklub.evening/1", "players": list(FOUR), "deals": []}))
    assert s.opening.net["Anne"] == -40 and (s.opening.cups.king, s.opening.cups.pagat) == (80, 80)


def test_2_dealer_fee_five_into_each_cup():
    net, cups = deal(**plain())
    # Anne: fee -10, pagat -5, last trick -20 = -35 ; cups 100 + 5 each
    assert net["Anne"] == -35 and cups == (105, 105)


def test_2_refund_empty_cup():
    net, cups = deal(cups=(60, 60), **plain(pagat={"owner": "Bent", "fate": "ultimo"}, counts={"Anne": 26, "Bent": 26}))
    # P = 60 + 5 = 65 to Bent, then each of the three puts 20 back: pagat cup 60
    assert cups == (65, 60)
    # Bent: +45 +45 +65 -20 = 135
    assert net["Bent"] == 135


def test_2_split_leftover_to_lowest_running_total():
    # 3 players, cups 60/60 + one deal: K 65 P 65 -> pool 130, share 40 each (130/3 = 43.3 -> 40), 10 left
    s = settle_evening(parse_evening({"format": "tarokklub.evening/1", "players": list(THREE),
                                      "deals": [plain()]}))
    # running before split: Anne -40-35 = -75 (lowest), Bent -40-5+40 = -5, Carl -40+10-20 = -50
    assert s.split.net == {"Anne": 50, "Bent": 40, "Carl": 40, Cup.KING: -65, Cup.PAGAT: -65}
    assert dict(s.totals) == {"Anne": -25, "Bent": 35, "Carl": -10}


def test_2_split_tie_goes_to_earliest_seat():
    s = settle_evening(parse_evening({"format": "tarokklub.evening/1", "players": list(FOUR), "deals": [
        {"dealer": "Anne", "kind": "misdeal"}]}))
    # Anne -40-20 = -60 lowest; pool 80+10+80+10 = 180, 45 each, nothing left over
    assert dict(s.totals) == {"Anne": -15, "Bent": 5, "Carl": 5, "Dorte": 5}
    s = settle_evening(parse_evening({"format": "tarokklub.evening/1", "players": list(FOUR), "deals": []}))
    # pool 160, 40 each; all tie at -40, nothing left
    assert dict(s.totals) == {"Anne": 0, "Bent": 0, "Carl": 0, "Dorte": 0}


# §3.1 Melds -----------------------------------------------------------------------------------

@pytest.mark.parametrize("count, price", [(10, 10), (11, 15), (12, 20), (15, 35), (22, 70)])
def test_3_1_taroks_price(count, price):
    net, _ = deal(**plain(melds=[{"player": "Bent", "kind": "taroks", "count": count, "pagat": False}]))
    # Bent: meld +2·price, pagat -5, last trick +40 ; counts 0
    assert net["Bent"] == 2 * price - 5 + 40


@pytest.mark.parametrize("count, price", [(3, 10), (4, 15), (5, 20), (22, 105)])
def test_3_1_matadors_price(count, price):
    net, _ = deal(**plain(melds=[{"player": "Carl", "kind": "matadors", "count": count}]))
    # Carl: meld 2·price, pagat +10, last trick -20
    assert net["Carl"] == 2 * price + 10 - 20


@pytest.mark.parametrize("kind, price", [("overfull", 15), ("full", 10)])
def test_3_1_overfull_and_full(kind, price):
    net, _ = deal(**plain(melds=[{"player": "Bent", "kind": kind, "group": "spades"}]))
    assert net["Bent"] == 2 * price - 5 + 40


def test_3_1_half_names_the_missing_card():
    net, _ = deal(**plain(melds=[{"player": "Bent", "kind": "half", "group": "hearts", "missing": "queen"}]))
    assert net["Bent"] == 2 * 5 - 5 + 40


def test_3_1_several_melds_of_one_player_and_the_scies_in_several():
    melds = [{"player": "Carl", "kind": "taroks", "count": 11, "pagat": True},
             {"player": "Carl", "kind": "matadors", "count": 3},
             {"player": "Carl", "kind": "half", "group": "hearts", "missing": "queen"},
             {"player": "Carl", "kind": "overfull", "group": "clubs"}]
    net, _ = deal(**plain(melds=melds))
    # (15 + 10 + 5 + 15) from each = 90, pagat +10, last trick -20
    assert net["Carl"] == 90 + 10 - 20


# §3.2 During play -----------------------------------------------------------------------------

def test_3_2_pagat_home():
    net, _ = deal(**plain())
    assert (net["Carl"], net["Anne"], net["Bent"]) == (10 - 20, -10 - 5 - 20, -5 + 40)


def test_3_2_pagat_lost():
    net, cups = deal(**plain(pagat={"owner": "Carl", "fate": "lost"}))
    # Carl pays 5 to each and 5 into the pagat cup: -15, last trick -20
    assert net["Carl"] == -35 and cups == (105, 110)


def test_3_2_king_lost_per_king():
    net, cups = deal(**plain(kings={"hearts": {"owner": "Anne", "fate": "lost"},
                                    "spades": {"owner": "Anne", "fate": "lost"}}))
    # Anne: fee -10, two kings 2·(-15), pagat -5, last trick -20 = -65 ; king cup 100+5+10
    assert net["Anne"] == -65 and cups == (115, 105)


def test_3_2_king_brought_home_pays_nothing():
    assert deal(**plain(kings={"hearts": {"owner": "Anne", "fate": "home"}}))[0] == deal(**plain())[0]


# §3.3 End of play ----------------------------------------------------------------------------

def test_3_3_snapshot_rule_two_bagud_same_cup_ends_at_3K():
    net, cups = deal(FIVE, cups=(95, 95), pagat={"owner": "Anne", "fate": "home"}, last_trick="Anne",
                     kings={"hearts": {"owner": "Bent", "fate": "bagud"}, "spades": {"owner": "Erik", "fate": "bagud"}},
                     counts={"Anne": 26, "Bent": 26})
    # K = 95 + 5 = 100 when play ends; each bagud adds K: 100 + 100 + 100
    assert cups[0] == 300
    # Bent: pagat -5, bagud -80 -100, Erik's bagud +40, last trick -20 = -165
    assert net["Bent"] == -165


def test_3_3_1_tout_takes_85_and_both_cups():
    net, cups = deal(cups=(100, 50), pagat={"owner": "Bent", "fate": "lost"}, last_trick="Anne", tout="Anne",
                     counts={"Anne": 78, "Bent": 0})
    # play ends: K 105, P 55 + 5 = 60. Anne: fee -10, pagat +5, tout +170 + 105 + 60, counts +50,
    # refund both cups -40 = 340 ; Bent: -10 -5 -85 -25 -40 = -165 ; Carl: +5 -85 -25 -40 = -145
    # the cups: king 100 -> 60 (-40), pagat 50 -> 60 (+10)
    assert net == {"Anne": 340, "Bent": -165, "Carl": -145, "king": -40, "pagat": 10}
    assert cups == (60, 60)


def test_3_3_1_tout_has_no_ultimo_or_last_trick_on_top():
    net, _ = deal(pagat={"owner": "Anne", "fate": "ultimo"}, last_trick="Anne", tout="Anne",
                  counts={"Anne": 78, "Bent": 0})
    # -10 fee + 170 tout + 105 + 105 cups + 50 counting - 40 refund; no 45s, no 20s
    assert net["Anne"] == 380


def test_3_3_6_tout_opponents_count_what_they_hold():
    # §3.3.6 (amended): Anne makes the tout; Carl, the scies' owner, played it by the third-last
    # trick and counts 4 (4–8: -20); Anne counted 74 (+50); Bent (dealer's neighbour) is derived:
    # -(50 - 20) = -30. Play ends: K 105, P 55 + 5 = 60.
    net, cups = deal(cups=(100, 50), pagat={"owner": "Bent", "fate": "lost"}, last_trick="Anne", tout="Anne",
                     counts={"Anne": 74, "Carl": 4})
    # Anne: fee -10, pagat +5, tout +170 +105 +60, counts +50, refund -40 = 340 (as with 78 and 0)
    # Bent: pagat -5 -5 -5 (cup), tout -85, counts -30, refund -40 = -170 (-165 with 78 and 0)
    # Carl: pagat +5, tout -85, counts -20, refund -40 = -140 (-145 with 78 and 0)
    # the cups: king 100 +5 -105 +60 = -40 ; pagat 50 +5 +5 -60 +60 = +10
    assert net == {"Anne": 340, "Bent": -170, "Carl": -140, "king": -40, "pagat": 10}
    assert cups == (60, 60)


def test_3_3_6_after_a_tout_the_dealer_counts_his_skat():
    # Bent's tout; Anne (dealer, opponent) counted her skat 2, Bent 76: accepted and paid as counted.
    out = {"pagat": {"owner": "Bent", "fate": "home"}, "last_trick": "Bent", "tout": "Bent",
           "counts": {"Bent": 76, "Anne": 2}}
    assert problems(THREE, out) == []
    net, _ = deal(**out)
    # Anne: fee -10, pagat -5, tout -85, counts -25 (0–3), refund -40 = -165
    # Bent: pagat +10, tout +170 +105 +105, counts +50 (74–78), refund -40 = +400
    # Carl: pagat -5, tout -85, counts -(50 - 25) = -25, refund -40 = -155
    assert net == {"Anne": -165, "Bent": 400, "Carl": -155, "king": -40, "pagat": -40}


def test_3_3_2_pagat_ultimo():
    net, cups = deal(pagat={"owner": "Bent", "fate": "ultimo"}, last_trick="Bent", counts={"Anne": 26, "Bent": 26})
    # Bent: 2·45 + P (105) ; no last trick ; pagat cup empty -> refund 20 each
    assert net["Bent"] == 90 + 105 - 20 and cups == (105, 60)


def test_3_3_2_king_ultimo():
    net, cups = deal(kings={"clubs": {"owner": "Bent", "fate": "ultimo"}}, **{**plain(), "last_trick": "Bent"})
    # Bent: 2·40 + K (105), pagat -5, no last trick, refund -20
    assert net["Bent"] == 80 + 105 - 5 - 20 and cups == (60, 105)


def test_3_3_2_ultimo_blocked_by_nolo():
    net, cups = deal(pagat={"owner": "Bent", "fate": "ultimo"}, last_trick="Bent", nolo="Carl")
    # no ultimo, no last trick after a nolo: Bent only pays the nolo, Carl gets 25 from each
    assert net == {"Anne": -10 - 25, "Bent": -25, "Carl": 50, "king": 5, "pagat": 5}


def test_3_3_2_ultimo_blocked_by_false_meld_fine():
    net, cups = deal(pagat={"owner": "Bent", "fate": "ultimo"}, last_trick="Bent", counts={"Anne": 26, "Bent": 26},
                     fines=[{"player": "Bent", "kind": "false_meld"}])
    # Bent: fine 10 into each cup -20, then only the last trick +40
    assert net["Bent"] == 20 and cups == (115, 115)


def test_3_3_2_ultimo_blocked_by_missed_meld_fine():
    net, _ = deal(pagat={"owner": "Bent", "fate": "ultimo"}, last_trick="Bent", counts={"Anne": 26, "Bent": 26},
                  fines=[{"player": "Bent", "kind": "missed_meld"}])
    assert net["Bent"] == 20


def test_3_3_3_bagud():
    net, cups = deal(pagat={"owner": "Carl", "fate": "bagud"}, last_trick="Bent", counts={"Anne": 26, "Bent": 26})
    # Carl pays 45 to each and P (105) into the pagat cup, and 20 for Bent's last trick
    assert net["Carl"] == -90 - 105 - 20 and cups == (105, 210)


def test_3_3_4_last_trick():
    net, _ = deal(**plain())
    assert net["Bent"] == 40 - 5


def test_3_3_4_bagud_by_someone_else_keeps_last_trick():
    net, _ = deal(pagat={"owner": "Carl", "fate": "bagud"}, last_trick="Bent", counts={"Anne": 26, "Bent": 26})
    # Bent: +45 from Carl's bagud, +40 last trick
    assert net["Bent"] == 85


def test_3_3_5_nolo():
    net, cups = deal(pagat={"owner": "Anne", "fate": "lost"}, last_trick="Bent", nolo="Carl")
    # Carl: +50 nolo, +5 from Anne's lost pagat ; no counting, no last trick
    assert net["Carl"] == 55 and net["Bent"] == -25 + 5 and cups == (105, 110)


def test_3_3_5_bagud_still_counts_after_nolo():
    net, _ = deal(pagat={"owner": "Carl", "fate": "bagud"}, last_trick="Bent", nolo="Carl")
    # Carl: nolo +50, bagud -90 - 105
    assert net["Carl"] == 50 - 90 - 105


@pytest.mark.parametrize("count, points", [
    (0, -25), (3, -25), (4, -20), (8, -20), (9, -15), (13, -15), (14, -10), (18, -10), (19, -5), (23, -5),
    (24, 0), (28, 0), (29, 5), (33, 5), (34, 10), (38, 10), (39, 15), (43, 15), (44, 20), (48, 20), (49, 25),
    (53, 25), (54, 30), (58, 30), (59, 35), (63, 35), (64, 40), (68, 40), (69, 45), (73, 45), (74, 50), (78, 50)])
def test_3_3_6_counting_bands(count, points):
    assert VLK.count_value(count) == points


def test_3_3_6_booklet_example_39_19_third_pays_10():
    net, _ = deal(pagat={"owner": "Anne", "fate": "lost"}, last_trick="Bent", counts={"Bent": 39, "Carl": 19})
    # counting alone: Bent +15, Carl -5, Anne (derived) -10
    base, _ = deal(pagat={"owner": "Anne", "fate": "lost"}, last_trick="Bent", counts={"Bent": 26, "Carl": 26})
    assert (net["Bent"] - base["Bent"], net["Carl"] - base["Carl"], net["Anne"] - base["Anne"]) == (15, -5, -10)


@pytest.mark.parametrize("players, dealer, derived", [(THREE, "Anne", "Bent"), (FOUR, "Anne", "Bent"),
                                                      (FIVE, "Anne", "Erik")])
def test_3_3_6_derived_player_default(players, dealer, derived):
    s = seating(players, dealer)
    assert s.default_derived == derived
    counts = {p: 30 for p in s.active}
    counts[derived] = 18   # 30 + 30 + 18 = 78; the table would give him -10, he gets -(5 + 5)
    net, _ = deal(players, pagat={"owner": dealer, "fate": "lost"}, last_trick=s.forehand, counts=counts)
    base, _ = deal(players, pagat={"owner": dealer, "fate": "lost"}, last_trick=s.forehand,
                   counts={p: 26 for p in s.active if p != derived})
    assert net[derived] - base[derived] == -10


def test_3_3_6_derived_can_be_chosen_with_three_counts():
    net, _ = deal(pagat={"owner": "Anne", "fate": "lost"}, last_trick="Bent",
                  counts={"Anne": 20, "Bent": 30, "Carl": 28}, derived="Carl")
    base, _ = deal(pagat={"owner": "Anne", "fate": "lost"}, last_trick="Bent", counts={"Anne": 26, "Bent": 26})
    # Anne -5, Bent +5, Carl derived -(−5 + 5) = 0
    assert (net["Anne"] - base["Anne"], net["Bent"] - base["Bent"], net["Carl"] - base["Carl"]) == (-5, 5, 0)


# §4 Fines ------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind, per_cup", [("cup_not_moved", 5), ("false_meld", 10), ("missed_meld", 10),
                                           ("meld_before_dealer", 20), ("out_of_turn", 20), ("false_scies_call", 20),
                                           ("wrong_card_count", 40)])
def test_4_fine_into_each_cup(kind, per_cup):
    net, cups = deal(**plain(fines=[{"player": "Carl", "kind": kind}]))
    assert net["Carl"] == 10 - 20 - 2 * per_cup and cups == (105 + per_cup, 105 + per_cup)


def test_4_custom_fine_as_entered():
    net, cups = deal(**plain(fines=[{"player": "Carl", "kind": "custom", "amount": 15}]))
    assert net["Carl"] == -10 - 30 and cups == (120, 120)


def test_4_misdeal_only_fee_and_fine():
    net, cups = deal(FOUR, kind="misdeal")
    assert net == {"Anne": -20, "Bent": 0, "Carl": 0, "Dorte": 0, "king": 10, "pagat": 10}


def test_4_misdeal_fine_is_charged_once_when_also_listed():
    net, _ = deal(FOUR, kind="misdeal", fines=[{"player": "Anne", "kind": "misdeal"}])
    assert net["Anne"] == -20


def test_4_misdeal_carries_no_other_fine():
    # docs/rules/danish.md §4 wins over docs/format.md's "may carry fines": only the misdeal fine
    assert problems(FOUR, {"kind": "misdeal", "fines": [{"player": "Bent", "kind": "out_of_turn"}]}) == [
        ("fines[1].kind", "misdeal_only_its_fine")]


def test_4_scrapped_deal_fee_and_its_fines():
    net, cups = deal(FOUR, kind="scrapped", fines=[{"player": "Bent", "kind": "wrong_card_count"}])
    assert net == {"Anne": -10, "Bent": -80, "Carl": 0, "Dorte": 0, "king": 45, "pagat": 45}


# §5 What must be impossible to record ---------------------------------------------------------

def test_5_active_player_rule():
    out = plain(pagat={"owner": "Carl", "fate": "home"}, counts={"Anne": 26, "Bent": 26})
    assert problems(FOUR, out) == [("pagat.owner", "sits_out")]
    assert problems(FOUR, plain(fines=[{"player": "Carl", "kind": "out_of_turn"}], pagat={"owner": "Bent", "fate": "home"},
                                counts={"Anne": 26, "Bent": 26})) == [("fines[1].player", "sits_out")]


def test_5_two_players_claim_the_pagat():
    out = plain(melds=[{"player": "Anne", "kind": "taroks", "count": 10, "pagat": True}])
    assert ("melds[1].pagat", "card_claimed_twice") in problems(THREE, out)


def test_5_two_players_claim_the_scies():
    out = plain(melds=[{"player": "Anne", "kind": "half", "group": "hearts", "missing": "king"},
                       {"player": "Bent", "kind": "overfull", "group": "spades"}])
    assert ("melds[2]", "card_claimed_twice") in problems(THREE, out)


def test_5_two_players_claim_a_king():
    out = plain(melds=[{"player": "Anne", "kind": "full", "group": "kings"}], kings={"hearts": {"owner": "Bent", "fate": "lost"}})
    assert problems(THREE, out) == [("melds[1]", "card_claimed_twice")]


def test_5_taroks_without_pagat_by_its_owner():
    out = plain(melds=[{"player": "Carl", "kind": "taroks", "count": 10, "pagat": False}])
    assert problems(THREE, out) == [("melds[1].pagat", "taroks_without_own_pagat")]


def test_5_half_meld_missing_card_the_melder_owns():
    out = plain(melds=[{"player": "Bent", "kind": "half", "group": "kings", "missing": "hearts"}],
                kings={"hearts": {"owner": "Bent", "fate": "lost"}})
    assert problems(THREE, out) == [("melds[1].missing", "missing_card_owned")]


def test_5_more_than_22_taroks_melded():
    out = plain(melds=[{"player": "Anne", "kind": "taroks", "count": 12, "pagat": False},
                       {"player": "Bent", "kind": "taroks", "count": 11, "pagat": False}])
    assert problems(THREE, out) == [("melds", "too_many_taroks")]


def test_5_more_than_one_ultimo_card():
    out = plain(pagat={"owner": "Bent", "fate": "ultimo"}, kings={"hearts": {"owner": "Anne", "fate": "ultimo"}},
                counts={"Anne": 26, "Bent": 26})
    assert ("kings.hearts.fate", "two_ultimo") in problems(THREE, out)


def test_5_ultimo_owner_must_win_last_trick():
    out = plain(pagat={"owner": "Carl", "fate": "ultimo"})
    assert problems(THREE, out) == [("pagat.fate", "ultimo_not_winner")]


def test_5_bagud_owner_cannot_win_last_trick():
    out = plain(pagat={"owner": "Bent", "fate": "bagud"}, counts={"Anne": 26, "Bent": 26})
    assert problems(THREE, out) == [("pagat.fate", "bagud_winner")]


def test_5_one_player_with_two_cards_in_last_trick():
    out = plain(pagat={"owner": "Carl", "fate": "bagud"}, kings={"clubs": {"owner": "Carl", "fate": "bagud"}})
    assert problems(THREE, out) == [("kings.clubs.fate", "two_cards_last_trick")]


def test_5_tout_by_non_winner():
    out = plain(tout="Anne", counts={"Anne": 78, "Bent": 0}, pagat={"owner": "Carl", "fate": "lost"})
    assert ("tout", "tout_not_winner") in problems(THREE, out)


def test_5_nolo_by_last_trick_winner_or_with_a_card_home():
    assert problems(THREE, {"pagat": {"owner": "Anne", "fate": "lost"}, "last_trick": "Bent", "nolo": "Bent"}) == [
        ("nolo", "nolo_winner")]
    assert problems(THREE, {"pagat": {"owner": "Carl", "fate": "home"}, "last_trick": "Bent", "nolo": "Carl"}) == [
        ("pagat.fate", "nolo_card_home")]


def test_5_tout_and_nolo_together():
    out = {"pagat": {"owner": "Bent", "fate": "lost"}, "last_trick": "Anne", "tout": "Anne", "nolo": "Carl"}
    assert ("nolo", "tout_and_nolo") in problems(THREE, out)


@pytest.mark.parametrize("counts, code", [
    ({"Anne": 0, "Bent": 30}, "count_range"), ({"Anne": 79, "Bent": 1}, "count_range"),
    ({"Anne": 50, "Bent": 28}, "counts_sum_two"), ({"Anne": 20, "Bent": 20, "Carl": 20}, "counts_sum_three"),
    ({"Anne": 30}, "counts_missing")])
def test_5_counts_out_of_range_or_not_adding_up(counts, code):
    assert code in [c for _, c in problems(THREE, plain(counts=counts))]


@pytest.mark.parametrize("counts, code", [
    ({"Anne": 0, "Bent": 30}, "count_range"),            # the tout-maker took every trick: 1–78
    ({"Anne": 70, "Bent": -1}, "count_range"), ({"Anne": 70, "Bent": 79}, "count_range"),
    ({"Anne": 70, "Bent": 9}, "counts_sum_two"),         # 79: two counts at most 78 after a tout
    ({"Anne": 70, "Bent": 4, "Carl": 2}, "counts_sum_three")])
def test_5_counts_after_a_tout_out_of_range_or_not_adding_up(counts, code):
    out = {"pagat": {"owner": "Anne", "fate": "home"}, "last_trick": "Anne", "tout": "Anne", "counts": counts}
    assert [c for _, c in problems(THREE, out)] == [code]


def test_5_counts_after_nolo_and_missing_counts():
    assert problems(THREE, {"pagat": {"owner": "Anne", "fate": "lost"}, "last_trick": "Bent", "nolo": "Carl",
                            "counts": {"Anne": 30, "Bent": 30}}) == [("counts", "counts_after_nolo")]
    assert problems(THREE, {"pagat": {"owner": "Anne", "fate": "lost"}, "last_trick": "Bent"}) == [
        ("counts", "counts_missing")]


@pytest.mark.parametrize("meld", [{"player": "Bent", "kind": "taroks", "count": 9, "pagat": False},
                                  {"player": "Bent", "kind": "taroks", "count": 23, "pagat": False},
                                  {"player": "Bent", "kind": "matadors", "count": 2}])
def test_5_meld_counts_out_of_range(meld):
    assert ("melds[1].count", "meld_count_range") in problems(THREE, plain(melds=[meld]))


def test_5_two_melds_in_one_group_for_one_player():
    out = plain(melds=[{"player": "Bent", "kind": "full", "group": "hearts"},
                       {"player": "Bent", "kind": "half", "group": "hearts", "missing": "knave"}])
    assert ("melds[2].group", "two_melds_group") in problems(THREE, out)


def test_5_unknown_fine_kind_and_nonpositive_custom_fine():
    with pytest.raises(EveningError) as err:
        parse_deal({"dealer": "Anne", "kind": "misdeal", "fines": [{"player": "Anne", "kind": "rude"}]})
    assert [p.field for p in err.value.problems] == ["fines[1].kind"]
    assert problems(THREE, {"kind": "scrapped", "fines": [{"player": "Anne", "kind": "custom", "amount": 0}]}) == [
        ("fines[1].amount", "custom_amount")]


def test_5_misdeal_or_scrapped_with_play_results():
    assert problems(THREE, {"kind": "misdeal", "last_trick": "Anne"}) == [("last_trick", "only_dealer_and_fines")]
    assert problems(THREE, {"kind": "scrapped", "pagat": {"owner": "Anne", "fate": "home"}}) == [
        ("pagat", "only_dealer_and_fines")]


def test_5_every_problem_names_deal_and_field():
    data = {"format": "tarokklub.evening/1", "players": list(FOUR), "deals": [
        {"dealer": "Anne", "kind": "misdeal"},
        {"dealer": "Anne", "kind": "misdeal"},
        {"dealer": "Anne", "pagat": {"owner": "Anne", "fate": "home"}, "last_trick": "Anne",
         "kings": {"hearts": {"owner": "Carl", "fate": "lost"}}, "counts": {"Anne": 40, "Bent": 20}}]}
    with pytest.raises(EveningError) as err:
        parse_evening(data)
    assert err.value.lines() == ["deal 3: kings.hearts.owner: Carl sits out this deal"]
    assert err.value.lines("da") == ["spil 3: kings.hearts.owner: Carl sidder over i dette spil"]


# §6 Invariants -------------------------------------------------------------------------------

def test_6_every_entry_sums_to_zero_and_split_empties_cups():
    s = settle_evening(parse_evening({"format": "tarokklub.evening/1", "players": list(FIVE), "deals": [
        plain(melds=[{"player": "Bent", "kind": "taroks", "count": 12, "pagat": False}]) | {"dealer": "Anne",
         "pagat": {"owner": "Erik", "fate": "home"}, "counts": {"Anne": 26, "Erik": 26}},
        {"dealer": "Carl", "kind": "misdeal"}]}))
    assert all(sum(e.net.values()) == 0 for e in s.entries)
    assert (s.split.cups.king, s.split.cups.pagat) == (0, 0) and sum(t for _, t in s.totals) == 0


# Who pays whom and money ----------------------------------------------------------------------

def test_transfers_fewest_beats_greedy():
    # greedy (largest to largest) would need 3 transfers; two pairs settle in 2
    result = fewest_transfers((("A", 30), ("B", 20), ("C", -30), ("D", -20)))
    assert [(t.payer, t.payee, t.points) for t in result] == [("C", "A", 30), ("D", "B", 20)]


def test_transfers_at_most_players_minus_one_and_deterministic():
    totals = (("A", 35), ("B", -10), ("C", -15), ("D", -5), ("E", -5))
    first = fewest_transfers(totals)
    assert first == fewest_transfers(totals) and len(first) == 4
    assert [(t.payer, t.payee, t.points) for t in first] == [("C", "A", 15), ("B", "A", 10), ("D", "A", 5),
                                                             ("E", "A", 5)]


def test_money_one_rounding_half_up_to_ore():
    assert kroner(35, Decimal("0.25")) == Decimal("8.75")
    assert kroner(1, Decimal("0.125")) == Decimal("0.13")
    assert kroner(-1, Decimal("0.125")) == Decimal("-0.13")
