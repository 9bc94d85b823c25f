"""docs/rules/danish.md, one test per rule, named after its section.

Every expected number below is worked out by hand from docs/rules/danish.md (the arithmetic is in the comment
next to it), never copied from a run of the engine. Pure engine: no database, no Django.

Conventions of the hand-worked deals: unless a test says otherwise the cups hold K = 100 and
P = 100 before the deal, Anne deals, and the nets are written as ``{player: points, K: .., P: ..}``
(K = king cup, P = pagat cup, what each account gains in the deal).
"""
from __future__ import annotations

from decimal import Decimal

import pytest

from scoring.engine.interchange import loads, parse_evening
from families.danish.engine.model import (
    CardFate, Court, Cup, Deal, DealKind, Evening, Fate, Fine, FineKind, Group, Meld, MeldKind, Suit, seating,
)
from scoring.engine.money import kroner
from scoring.engine.problems import EveningError
from families.danish.engine.rates import VLK
from families.danish.engine.settle import Cups, Reason, settle_deal, settle_evening, settle_opening, settle_split
from scoring.engine.transfers import Transfer, fewest_transfers
from families.danish.engine.validate import validate_deal

A, B, C, D, E = "Anne", "Bent", "Carl", "Dorte", "Erik"
THREE = (A, B, C)
FOUR = (A, B, C, D)
FIVE = (A, B, C, D, E)
K, P = Cup.KING, Cup.PAGAT
HOME, LOST, ULTIMO, BAGUD = Fate.HOME, Fate.LOST, Fate.ULTIMO, Fate.BAGUD
HEARTS, DIAMONDS, CLUBS, SPADES = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES


# Helpers ---------------------------------------------------------------------------------------

def played(dealer=A, *, pagat, last, counts=None, kings=None, melds=(), fines=(), tout=None, nolo=None,
           derived=None) -> Deal:
    """A played deal: ``pagat=(owner, fate)``, ``kings={suit: (owner, fate)}``, ``counts={player: n}``."""
    return Deal(
        dealer=dealer,
        melds=tuple(melds),
        fines=tuple(fines),
        pagat=CardFate(*pagat),
        kings=tuple((suit, CardFate(*fate)) for suit, fate in (kings or {}).items()),
        last_trick=last,
        tout=tout,
        nolo=nolo,
        counts=tuple((counts or {}).items()),
        derived=derived,
    )


def settle(deal: Deal, players=THREE, king=100, pagat=100, number=1):
    """The journal entry of one deal, the cups holding ``king`` / ``pagat`` before it."""
    return settle_deal(players, number, deal, Cups(king=king, pagat=pagat), VLK)


def taroks(player, count, with_pagat):
    return Meld(player, MeldKind.TAROKS, count=count, pagat=with_pagat)


def matadors(player, count):
    return Meld(player, MeldKind.MATADORS, count=count)


def overfull(player, group):
    return Meld(player, MeldKind.OVERFULL, group=group)


def full(player, group):
    return Meld(player, MeldKind.FULL, group=group)


def half(player, group, missing):
    return Meld(player, MeldKind.HALF, group=group, missing=missing)


def fine(player, kind, amount=None):
    return Fine(player, FineKind(kind), amount)


def assert_zero_sum(entry):
    assert sum(entry.net.values()) == 0


def rejected(deal: Deal, players=THREE, number=3) -> list[tuple[str, str]]:
    """The (field, code) of every problem of ``deal`` recorded as deal ``number``.

    Checks that every problem names that deal, and that settling the deal raises ``EveningError``
    carrying the same problems.
    """
    found = validate_deal(players, number, deal, VLK)
    assert found, "the deal should have been rejected"
    assert all(p.deal == number for p in found)
    with pytest.raises(EveningError) as err:
        settle_deal(players, number, deal, Cups(100, 100), VLK)
    assert err.value.problems == tuple(found)
    return [(p.field, p.code) for p in found]


# The plain three-player deal most tests start from: Anne deals, Carl brings the pagat home, Bent
# takes the last trick, Anne and Carl count 26 (0 points each, so the derived Bent gets 0).
#   Anne: fee -10, pagat -5, last trick -20          = -35
#   Bent: pagat -5, last trick +40                   = +35
#   Carl: pagat +10, last trick -20                  = -10
#   cups: fee +5 each                                → 105 / 105
PLAIN = dict(pagat=(C, HOME), last=B, counts={A: 26, C: 26})


# §1 Table, seats, who plays ---------------------------------------------------------------------

def test_1_active_players_three_at_table_everybody_plays():
    s = seating(THREE, B)
    # dealer Bent (seat 1): forehand seat 2 = Carl, middlehand dealer+2 = seat 0 = Anne
    assert (s.forehand, s.middlehand, s.dealer) == (C, A, B)
    assert set(s.active) == {A, B, C} and s.sitting_out == ()


def test_1_active_players_four_at_table_opposite_dealer_sits_out():
    s = seating(FOUR, C)
    # dealer Carl (seat 2): forehand seat 3 = Dorte, opposite (2+2)%4 = seat 0 = Anne sits out,
    # middlehand dealer+3 = (2+3)%4 = seat 1 = Bent
    assert (s.forehand, s.middlehand, s.dealer) == (D, B, C)
    assert set(s.active) == {B, C, D} and s.sitting_out == (A,)


def test_1_active_players_five_at_table_dealer_and_his_two_neighbours():
    s = seating(FIVE, B)
    # dealer Bent (seat 1): neighbours seat 2 = Carl (forehand) and seat 0 = Anne (middlehand, dealer+4)
    assert (s.forehand, s.middlehand, s.dealer) == (C, A, B)
    assert set(s.active) == {A, B, C} and set(s.sitting_out) == {D, E}


def test_1_next_dealer_suggested():
    # 3: dealer+1 ; 4: dealer+1 ; 5: dealer+2 (the sitter-out on the dealer's right)
    assert seating(THREE, C).next_dealer == A      # seat (2+1)%3 = 0
    assert seating(FOUR, D).next_dealer == A       # seat (3+1)%4 = 0
    assert seating(FIVE, D).next_dealer == A       # seat (3+2)%5 = 0
    assert A in seating(FIVE, D).sitting_out       # ... who sat out the deal before


def test_1_sitters_out_pay_and_receive_nothing_but_cup_funding():
    # Five at the table, Anne deals: Bent, Erik, Anne play; Carl and Dorte sit out.
    # Cups before: K 100, P 15. Bent melds full kings; Erik makes pagat ultimo; counts Anne 30
    # (+5), Bent 20 (-5), Erik derived -(5 - 5) = 0.
    deal = played(pagat=(E, ULTIMO), last=E, counts={A: 30, B: 20}, melds=[full(B, Group.KINGS)])
    entry = settle(deal, FIVE, king=100, pagat=15)
    # P snapshot 15 + 5 fee = 20 -> Erik, pagat cup empty -> each of the five puts 20 in (100)
    #   Anne: fee -10, meld -10, ultimo -45, count +5, refund -20 = -80
    #   Bent: meld +20, ultimo -45, count -5, refund -20           = -50
    #   Erik: meld -10, ultimo +90 +20, refund -20                  = +80
    #   Carl, Dorte: refund only                                    = -20
    #   K: fee +5 ; P: +5 -20 +100 = +85
    assert entry.net == {A: -80, B: -50, C: -20, D: -20, E: 80, K: 5, P: 85}
    assert entry.cups == Cups(king=105, pagat=100)


# §2 The two cups --------------------------------------------------------------------------------

def test_2_opening_twenty_into_each_cup():
    entry = settle_opening(FOUR, VLK)
    # each player 20 into each cup = -40 ; each cup 4 x 20 = 80
    assert entry.net == {A: -40, B: -40, C: -40, D: -40, K: 80, P: 80}
    assert entry.cups == Cups(king=80, pagat=80)
    five = settle_opening(FIVE, VLK)
    assert five.cups == Cups(king=100, pagat=100)   # 5 x 20, sitters-out included


def test_2_dealers_fee_five_into_each_cup():
    entry = settle(played(**PLAIN), king=100, pagat=100)
    # the plain deal: Anne's fee -10 is part of her -35; each cup 100 + 5
    assert entry.net == {A: -35, B: 35, C: -10, K: 5, P: 5}
    assert entry.cups == Cups(king=105, pagat=105)


def test_2_refund_empty_cup():
    # Four at the table, Anne deals (Carl sits out). Cups before K 100, P 15.
    # Bent makes pagat ultimo: 45 from Anne and Dorte plus P = 15 + 5 fee = 20 -> pagat cup empty
    # -> every player at the table, Carl (sitting out) and Bent (who emptied it) too, puts 20 in.
    entry = settle(played(pagat=(B, ULTIMO), last=B, counts={A: 26, D: 26}), FOUR, king=100, pagat=15)
    #   Anne: fee -10, ultimo -45, refund -20 = -75
    #   Bent: ultimo +90 +20, refund -20      = +90
    #   Carl: refund -20                      = -20
    #   Dorte: ultimo -45, refund -20         = -65
    #   K: +5 ; P: +5 -20 +4x20 = +65
    assert entry.net == {A: -75, B: 90, C: -20, D: -65, K: 5, P: 65}
    assert entry.cups == Cups(king=105, pagat=80)


def test_2_split_equal_shares_rounded_down_to_five():
    # three players, pool 120 + 80 = 200: 200 / 3 = 66.7 -> 66 -> 65 each; 200 - 195 = 5 left over
    # running before: Anne -70, Bent -60, Carl -70 (sum -200) -> Anne (earliest of the tied lowest)
    entry = settle_split(THREE, Cups(king=120, pagat=80), {A: -70, B: -60, C: -70}, VLK)
    assert entry.net == {A: 70, B: 65, C: 65, K: -120, P: -80}
    assert entry.cups == Cups(0, 0)


def test_2_split_leftover_to_lowest_running_total():
    # four players, pool 90 + 85 = 175: 175 / 4 = 43.75 -> 40 each, 175 - 160 = 15 left over
    # running before: Anne -40, Bent -90 (lowest), Carl -20, Dorte -25 (sum -175) -> Bent 40 + 15
    running = {A: -40, B: -90, C: -20, D: -25}
    entry = settle_split(FOUR, Cups(king=90, pagat=85), running, VLK)
    assert entry.net == {A: 40, B: 55, C: 40, D: 40, K: -90, P: -85}
    assert entry.cups == Cups(0, 0)
    # totals: Anne 0, Bent -35, Carl 20, Dorte 15 -> sum 0
    assert {p: running[p] + entry.net[p] for p in FOUR} == {A: 0, B: -35, C: 20, D: 15}


def test_2_split_leftover_tie_goes_to_earliest_seat():
    # pool 175 as above; Anne and Bent tie lowest at -60 -> Anne (seat 0) gets 40 + 15
    running = {A: -60, B: -60, C: -30, D: -25}
    entry = settle_split(FOUR, Cups(king=90, pagat=85), running, VLK)
    assert entry.net == {A: 55, B: 40, C: 40, D: 40, K: -90, P: -85}


def test_2_split_through_a_whole_evening():
    # Three players, one misdeal by Anne. Opening: each -40, cups 60/60.
    # Misdeal: Anne fee 5 + fine 5 into each cup -> -20 ; cups 70/70.
    # Pool 140: 140/3 = 46.7 -> 45 each, 5 left to the lowest: Anne (-60; Bent, Carl -40).
    evening = parse_evening({"format": "tarokklub.evening/1", "players": list(THREE),
                             "deals": [{"dealer": A, "kind": "misdeal"}]})
    s = settle_evening(evening)
    assert s.split.net == {A: 50, B: 45, C: 45, K: -70, P: -70}
    # totals: Anne -60 + 50 = -10, Bent -40 + 45 = 5, Carl 5
    assert dict(s.totals) == {A: -10, B: 5, C: 5}


# §3.1 Melds -------------------------------------------------------------------------------------
# Carl (the plain deal's pagat owner) melds; a meld of price x from each: Anne -35 - x, Bent 35 - x,
# Carl -10 + 2x.

@pytest.mark.parametrize("count, price", [
    (10, 10),   # 10 for 10
    (11, 15),   # 10 + 5
    (12, 20),   # 10 + 2x5
    (16, 40),   # 10 + 6x5
    (22, 70),   # 10 + 12x5
])
def test_3_1_taroks_price(count, price):
    entry = settle(played(**PLAIN, melds=[taroks(C, count, True)]))
    assert entry.net == {A: -35 - price, B: 35 - price, C: -10 + 2 * price, K: 5, P: 5}


def test_3_1_taroks_11_pays_15_from_each():
    entry = settle(played(**PLAIN, melds=[taroks(C, 11, True)]))
    # Anne -35 -15 = -50 ; Bent 35 - 15 = 20 ; Carl -10 + 30 = 20
    assert entry.net == {A: -50, B: 20, C: 20, K: 5, P: 5}


@pytest.mark.parametrize("count, price", [
    (3, 10),     # 10 for 3
    (4, 15),     # 10 + 5
    (5, 20),     # 10 + 2x5
    (22, 105),   # 10 + 19x5
])
def test_3_1_matadors_price(count, price):
    entry = settle(played(**PLAIN, melds=[matadors(C, count)]))
    assert entry.net == {A: -35 - price, B: 35 - price, C: -10 + 2 * price, K: 5, P: 5}


def test_3_1_matadors_5():
    entry = settle(played(**PLAIN, melds=[matadors(C, 5)]))
    # 10 + 2x5 = 20 from each: Anne -55, Bent 15, Carl -10 + 40 = 30
    assert entry.net == {A: -55, B: 15, C: 30, K: 5, P: 5}


def test_3_1_overfull():
    entry = settle(played(**PLAIN, melds=[overfull(C, Group.KINGS)]))
    # 15 from each: Anne -50, Bent 20, Carl -10 + 30 = 20
    assert entry.net == {A: -50, B: 20, C: 20, K: 5, P: 5}


def test_3_1_full():
    entry = settle(played(**PLAIN, melds=[full(C, Group.HEARTS)]))
    # 10 from each: Anne -45, Bent 25, Carl -10 + 20 = 10
    assert entry.net == {A: -45, B: 25, C: 10, K: 5, P: 5}


def test_3_1_half():
    entry = settle(played(**PLAIN, melds=[half(C, Group.SPADES, Court.CAVALIER)]))
    # 5 from each: Anne -40, Bent 30, Carl -10 + 10 = 0
    assert entry.net == {A: -40, B: 30, C: 0, K: 5, P: 5}


def test_3_1_several_melds_of_one_player_scies_counts_in_each():
    # "11 med" 15 + "3 store" 10 + "halvt i hjerter mangler damen" 5 = 30 from each;
    # the scies counts both in the matadors and in the half meld.
    melds = [taroks(C, 11, True), matadors(C, 3), half(C, Group.HEARTS, Court.QUEEN)]
    entry = settle(played(**PLAIN, melds=melds))
    # Anne -35 - 30 = -65 ; Bent 35 - 30 = 5 ; Carl -10 + 60 = 50
    assert entry.net == {A: -65, B: 5, C: 50, K: 5, P: 5}


def test_3_1_melds_are_paid_by_the_other_two_active_players_only():
    # Four at the table, Anne deals, Carl sits out. Dorte brings the pagat home, Bent takes the
    # last trick and melds full kings; counts Anne 26, Dorte 26 (0 each).
    deal = played(pagat=(D, HOME), last=B, counts={A: 26, D: 26}, melds=[full(B, Group.KINGS)])
    entry = settle(deal, FOUR)
    #   Anne: fee -10, pagat -5, last trick -20, meld -10 = -45
    #   Bent: pagat -5, last trick +40, meld +20          = +55
    #   Carl: nothing                                      =   0
    #   Dorte: pagat +10, last trick -20, meld -10        = -20
    assert entry.net == {A: -45, B: 55, C: 0, D: -20, K: 5, P: 5}


# §3.2 During play -------------------------------------------------------------------------------

def test_3_2_pagat_home():
    # Anne brings the pagat home, Carl takes the last trick; Anne and Bent count 26 (Carl derived, 0)
    entry = settle(played(pagat=(A, HOME), last=C, counts={A: 26, B: 26}))
    #   Anne: fee -10, pagat +5 +5, last trick -20 = -20
    #   Bent: pagat -5, last trick -20             = -25
    #   Carl: pagat -5, last trick +40             = +35
    assert entry.net == {A: -20, B: -25, C: 35, K: 5, P: 5}


def test_3_2_pagat_lost():
    entry = settle(played(pagat=(C, LOST), last=B, counts={A: 26, C: 26}))
    # Carl pays 5 to Anne, 5 to Bent and 5 into the pagat cup
    #   Anne: fee -10, pagat +5, last trick -20    = -25
    #   Bent: pagat +5, last trick +40              = +45
    #   Carl: pagat -5 -5 -5, last trick -20        = -35
    #   K: fee +5 ; P: fee +5, pagat +5 = +10
    assert entry.net == {A: -25, B: 45, C: -35, K: 5, P: 10}
    assert entry.cups == Cups(king=105, pagat=110)


def test_3_2_king_lost():
    # Anne loses the king of hearts and the king of spades: per king 5 to each and 5 into the king cup
    entry = settle(played(**PLAIN, kings={HEARTS: (A, LOST), SPADES: (A, LOST)}))
    #   Anne: plain -35, kings 2 x (-5 -5 -5) = -30     = -65
    #   Bent: plain +35, kings 2 x 5                    = +45
    #   Carl: plain -10, kings 2 x 5                    =   0
    #   K: fee +5, kings 2 x 5 = +15 ; P: +5
    assert entry.net == {A: -65, B: 45, C: 0, K: 15, P: 5}


def test_3_2_king_brought_home_pays_nothing():
    entry = settle(played(**PLAIN, kings={HEARTS: (A, HOME)}))
    # exactly the plain deal
    assert entry.net == {A: -35, B: 35, C: -10, K: 5, P: 5}


# §3.3 End of play -------------------------------------------------------------------------------

def test_3_3_snapshot_rule_two_bagud_same_cup_ends_at_3K():
    # Bent brings the pagat home and takes the last trick; Anne's king of spades and Carl's king of
    # hearts are both in it: two bagud in the king cup. K = 100 + 5 fee = 105 at the end of play.
    deal = played(pagat=(B, HOME), last=B, counts={A: 26, C: 26},
                  kings={SPADES: (A, BAGUD), HEARTS: (C, BAGUD)})
    entry = settle(deal)
    #   Anne: fee -10, pagat -5, own bagud -40 -40 -105, Carl's bagud +40, last trick -20 = -180
    #   Bent: pagat +10, bagud +40 +40, last trick +40                                    = +130
    #   Carl: pagat -5, own bagud -40 -40 -105, Anne's bagud +40, last trick -20          = -170
    #   K: +5 +105 +105 = +215 -> 315 = 3 x 105 ; P: +5
    assert entry.net == {A: -180, B: 130, C: -170, K: 215, P: 5}
    assert entry.cups == Cups(king=3 * 105, pagat=105)


def test_3_3_snapshot_includes_fee_fines_and_losses_during_play():
    # Cups before K 50, P 50. Bent is fined out_of_turn (20 into each cup), Anne loses the king of
    # hearts (5 into the king cup), Carl makes king ultimo with the king of clubs.
    # K = 50 + 5 fee + 20 fine + 5 lost king = 80 goes to Carl -> king cup empty -> refund 3 x 20.
    deal = played(pagat=(B, HOME), last=C, counts={A: 26, B: 26},
                  kings={HEARTS: (A, LOST), CLUBS: (C, ULTIMO)}, fines=[fine(B, "out_of_turn")])
    entry = settle(deal, king=50, pagat=50)
    #   Anne: fee -10, pagat -5, king lost -5 -5 -5, ultimo -40, refund -20  = -90
    #   Bent: fine -40, pagat +10, king lost +5, ultimo -40, refund -20       = -85
    #   Carl: pagat -5, king lost +5, ultimo +40 +40 +80, refund -20          = +140
    #   K: +5 +20 +5 -80 +60 = +10 ; P: +5 +20 = +25
    assert entry.net == {A: -90, B: -85, C: 140, K: 10, P: 25}
    assert entry.cups == Cups(king=60, pagat=75)


def test_3_3_1_tout_takes_85_and_both_cups():
    # Bent takes every trick (pagat home too). K = P = 105 at the end of play; both cups empty ->
    # both re-funded (3 x 20 each). Counts: Bent 78 (+50), Anne 0 (-25), Carl derived -(50 - 25).
    deal = played(pagat=(B, HOME), last=B, tout=B, counts={B: 78, A: 0})
    entry = settle(deal)
    #   Anne: fee -10, pagat -5, tout -85, count -25, refund -40           = -165
    #   Bent: pagat +10, tout +170 +105 +105, count +50, refund -40        = +400
    #   Carl: pagat -5, tout -85, count -25, refund -40                    = -155
    #   each cup: +5 -105 +60 = -40
    assert entry.net == {A: -165, B: 400, C: -155, K: -40, P: -40}
    assert entry.cups == Cups(king=60, pagat=60)


def test_3_3_1_tout_no_ultimo_and_no_last_trick_on_top():
    # Bent's tout ends with the pagat in the last trick: the ultimo (45 each + P) is not paid on top,
    # nor the last trick. Counts: Bent 78 (+50), Carl 0 (-25), Anne derived -25.
    deal = played(pagat=(B, ULTIMO), last=B, tout=B, counts={B: 78, C: 0})
    entry = settle(deal)
    #   Anne: fee -10, tout -85, count -25, refund -40       = -160
    #   Bent: tout +170 +105 +105, count +50, refund -40     = +390
    #   Carl: tout -85, count -25, refund -40                = -150
    assert entry.net == {A: -160, B: 390, C: -150, K: -40, P: -40}


def test_3_3_1_tout_opponents_losses_still_paid():
    # Bent's tout. Carl lost the king of hearts during play (to Bent); Anne's king of clubs falls in
    # the last trick: bagud. K = 100 + 5 fee + 5 lost king = 110, P = 105.
    deal = played(pagat=(B, HOME), last=B, tout=B, counts={B: 78, A: 0},
                  kings={HEARTS: (C, LOST), CLUBS: (A, BAGUD)})
    entry = settle(deal)
    #   Anne: fee -10, pagat -5, king lost +5, tout -85, bagud -40 -40 -110, count -25, refund P -20 = -330
    #   Bent: pagat +10, king lost +5, tout +170 +110 +105, bagud +40, count +50, refund -20        = +470
    #   Carl: pagat -5, king lost -5 -5 -5, tout -85, bagud +40, count -25, refund -20              = -110
    #   K: +5 +5 -110 +110 = +10 (110, not empty) ; P: +5 -105 +60 = -40
    assert entry.net == {A: -330, B: 470, C: -110, K: 10, P: -40}
    assert entry.cups == Cups(king=110, pagat=60)


def test_3_3_2_pagat_ultimo():
    entry = settle(played(pagat=(B, ULTIMO), last=B, counts={A: 26, C: 26}))
    # P = 105 to Bent, pagat cup empty -> refund 3 x 20; no last-trick payment after a paid ultimo
    #   Anne: fee -10, ultimo -45, refund -20     = -75
    #   Bent: ultimo +45 +45 +105, refund -20     = +175
    #   Carl: ultimo -45, refund -20              = -65
    #   K: +5 ; P: +5 -105 +60 = -40
    assert entry.net == {A: -75, B: 175, C: -65, K: 5, P: -40}
    assert entry.cups == Cups(king=105, pagat=60)


def test_3_3_2_king_ultimo():
    entry = settle(played(pagat=(A, HOME), last=C, counts={A: 26, B: 26}, kings={CLUBS: (C, ULTIMO)}))
    # K = 105 to Carl, king cup empty -> refund 3 x 20
    #   Anne: fee -10, pagat +10, ultimo -40, refund -20   = -60
    #   Bent: pagat -5, ultimo -40, refund -20             = -65
    #   Carl: pagat -5, ultimo +40 +40 +105, refund -20    = +160
    #   K: +5 -105 +60 = -40 ; P: +5
    assert entry.net == {A: -60, B: -65, C: 160, K: -40, P: 5}
    assert entry.cups == Cups(king=60, pagat=105)


def test_3_3_2_ultimo_blocked_by_nolo():
    # Carl wins the last trick with the pagat, but Bent took no trick: no ultimo, no last trick,
    # no counting; only the nolo (25 from each).
    entry = settle(played(pagat=(C, ULTIMO), last=C, nolo=B))
    #   Anne: fee -10, nolo -25  = -35
    #   Bent: nolo +50           = +50
    #   Carl: nolo -25           = -25
    assert entry.net == {A: -35, B: 50, C: -25, K: 5, P: 5}


@pytest.mark.parametrize("kind", ["false_meld", "missed_meld"])
def test_3_3_2_ultimo_blocked_by_false_meld_fine(kind):
    # Carl is fined (10 into each cup) and wins the last trick with the pagat: only the last trick.
    entry = settle(played(pagat=(C, ULTIMO), last=C, counts={A: 26, B: 26}, fines=[fine(C, kind)]))
    #   Anne: fee -10, last trick -20       = -30
    #   Bent: last trick -20                = -20
    #   Carl: fine -20, last trick +40      = +20
    #   cups: fee +5, fine +10 = +15 each (the pagat cup keeps its 115)
    assert entry.net == {A: -30, B: -20, C: 20, K: 15, P: 15}
    assert entry.cups == Cups(king=115, pagat=115)


def test_3_3_2_fine_on_another_player_does_not_block_ultimo():
    # Anne's false meld does not stop Carl's pagat ultimo. P = 100 + 5 + 10 = 115 -> Carl -> refund.
    entry = settle(played(pagat=(C, ULTIMO), last=C, counts={A: 26, B: 26}, fines=[fine(A, "false_meld")]))
    #   Anne: fee -10, fine -20, ultimo -45, refund -20     = -95
    #   Bent: ultimo -45, refund -20                        = -65
    #   Carl: ultimo +45 +45 +115, refund -20               = +185
    #   K: +5 +10 = +15 ; P: +5 +10 -115 +60 = -40
    assert entry.net == {A: -95, B: -65, C: 185, K: 15, P: -40}


def test_3_3_3_bagud():
    # Anne's king of spades falls in Bent's last trick: she pays 40 to each and K = 105 into the
    # king cup ("doubles the cup").
    entry = settle(played(**PLAIN, kings={SPADES: (A, BAGUD)}))
    #   Anne: plain -35, bagud -40 -40 -105      = -220
    #   Bent: plain +35, bagud +40               = +75
    #   Carl: plain -10, bagud +40               = +30
    #   K: +5 +105 = +110 -> 210 = 2 x 105 ; P: +5
    assert entry.net == {A: -220, B: 75, C: 30, K: 110, P: 5}
    assert entry.cups == Cups(king=210, pagat=105)


def test_3_3_3_pagat_bagud():
    # Carl's pagat falls in Bent's last trick: 45 to each and P = 105 into the pagat cup.
    entry = settle(played(pagat=(C, BAGUD), last=B, counts={A: 26, C: 26}))
    #   Anne: fee -10, bagud +45, last trick -20           = +15
    #   Bent: bagud +45, last trick +40                    = +85
    #   Carl: bagud -45 -45 -105, last trick -20           = -215
    #   K: +5 ; P: +5 +105 = +110
    assert entry.net == {A: 15, B: 85, C: -215, K: 5, P: 110}
    assert entry.cups == Cups(king=105, pagat=210)


def test_3_3_4_last_trick():
    # the plain deal: Bent's last trick is 20 from Anne and 20 from Carl
    entry = settle(played(pagat=(C, HOME), last=B, counts={A: 26, C: 26}))
    # Bent: pagat -5, last trick +20 +20 = +35
    assert entry.net[B] == 35
    assert entry.net == {A: -35, B: 35, C: -10, K: 5, P: 5}


def test_3_3_4_bagud_by_someone_else_keeps_last_trick():
    # Anne's pagat goes bagud in Bent's last trick: Bent still gets the last trick.
    entry = settle(played(pagat=(A, BAGUD), last=B, counts={A: 26, C: 26}))
    #   Anne: fee -10, bagud -45 -45 -105, last trick -20   = -225
    #   Bent: bagud +45, last trick +40                     = +85
    #   Carl: bagud +45, last trick -20                     = +25
    #   K: +5 ; P: +5 +105 = +110
    assert entry.net == {A: -225, B: 85, C: 25, K: 5, P: 110}


def test_3_3_5_nolo():
    # Bent takes no trick (and loses his king of diamonds during play); Carl brings the pagat home
    # and takes the last trick. No last-trick payment, no counting; the lost king still counts.
    entry = settle(played(pagat=(C, HOME), last=C, nolo=B, kings={DIAMONDS: (B, LOST)}))
    #   Anne: fee -10, pagat -5, king +5, nolo -25        = -35
    #   Bent: pagat -5, king -5 -5 -5, nolo +25 +25       = +30
    #   Carl: pagat +10, king +5, nolo -25                = -10
    #   K: fee +5, king +5 = +10 ; P: +5
    assert entry.net == {A: -35, B: 30, C: -10, K: 10, P: 5}


def test_3_3_5_nolo_bagud_still_paid():
    # Bent takes no trick; Anne's pagat falls in Carl's last trick: bagud (P = 105).
    entry = settle(played(pagat=(A, BAGUD), last=C, nolo=B))
    #   Anne: fee -10, bagud -45 -45 -105, nolo -25   = -230
    #   Bent: bagud +45, nolo +50                     = +95
    #   Carl: bagud +45, nolo -25                     = +20
    #   K: +5 ; P: +5 +105 = +110
    assert entry.net == {A: -230, B: 95, C: 20, K: 5, P: 110}


@pytest.mark.parametrize("low, high, points", [
    (0, 3, -25), (4, 8, -20), (9, 13, -15), (14, 18, -10), (19, 23, -5), (24, 28, 0),
    (29, 33, 5), (34, 38, 10), (39, 43, 15), (44, 48, 20), (49, 53, 25), (54, 58, 30),
    (59, 63, 35), (64, 68, 40), (69, 73, 45), (74, 78, 50),
])
def test_3_3_6_counting_bands(low, high, points):
    # the table of §3.3.6; e.g. 3: 5 x round(-23/5 = -4.6) = -25 ; 4: 5 x round(-4.4) = -20
    for count in range(low, high + 1):
        assert VLK.count_value(count) == points, count


def test_3_3_6_counting_band_edges_by_formula():
    # 5 x round((c - 26)/5): 28 -> 0.4 -> 0 ; 29 -> 0.6 -> +5 ; 24 -> -0.4 -> 0 ; 23 -> -0.6 -> -5
    assert [VLK.count_value(c) for c in (23, 24, 28, 29)] == [-5, 0, 0, 5]


def test_3_3_6_derived_player_default_3_players():
    # Anne deals to three: the derived player is the next dealer, Bent (forehand).
    # Counts Anne 39 (+15), Bent 20, Carl 19 (-5): Bent gets -(15 - 5) = -10, not his table value -5.
    entry = settle(played(pagat=(C, HOME), last=B, counts={A: 39, B: 20, C: 19}))
    #   Anne: fee -10, pagat -5, last trick -20, count +15   = -20
    #   Bent: pagat -5, last trick +40, count -10           = +25
    #   Carl: pagat +10, last trick -20, count -5           = -15
    assert entry.net == {A: -20, B: 25, C: -15, K: 5, P: 5}


def test_3_3_6_derived_player_default_4_players():
    # Anne deals to four: Bent (forehand, next dealer) is derived; Carl sits out.
    # Counts Anne 39 (+15), Bent 20, Dorte 19 (-5): Bent -10.
    entry = settle(played(pagat=(D, HOME), last=B, counts={A: 39, B: 20, D: 19}), FOUR)
    #   Anne: fee -10, pagat -5, last trick -20, count +15   = -20
    #   Bent: pagat -5, last trick +40, count -10           = +25
    #   Dorte: pagat +10, last trick -20, count -5          = -15
    assert entry.net == {A: -20, B: 25, C: 0, D: -15, K: 5, P: 5}


def test_3_3_6_derived_player_default_5_players():
    # Anne deals to five: the next dealer Carl sits out, so the middlehand Erik is derived.
    # Counts Anne 39 (+15), Bent 19 (-5), Erik 20: Erik -(15 - 5) = -10.
    entry = settle(played(pagat=(B, HOME), last=E, counts={A: 39, B: 19, E: 20}), FIVE)
    #   Anne: fee -10, pagat -5, last trick -20, count +15   = -20
    #   Bent: pagat +10, last trick -20, count -5           = -15
    #   Erik: pagat -5, last trick +40, count -10           = +25
    assert entry.net == {A: -20, B: -15, C: 0, D: 0, E: 25, K: 5, P: 5}


def test_3_3_6_scorer_may_choose_the_derived_player():
    # Same counts as the three-player default, but the scorer derives Anne: Bent 20 -> -5,
    # Carl 19 -> -5, Anne +10 (not her table value +15).
    entry = settle(played(pagat=(C, HOME), last=B, counts={A: 39, B: 20, C: 19}, derived=A))
    #   Anne: fee -10, pagat -5, last trick -20, count +10   = -25
    #   Bent: pagat -5, last trick +40, count -5            = +30
    #   Carl: pagat +10, last trick -20, count -5           = -15
    assert entry.net == {A: -25, B: 30, C: -15, K: 5, P: 5}


def test_3_3_6_booklet_example_39_19_third_pays_10():
    # Two counts: Anne 39 -> +15, Carl 19 -> -5; the third (Bent) pays 15 - 5 = 10.
    entry = settle(played(pagat=(C, HOME), last=B, counts={A: 39, C: 19}))
    #   Anne: plain -35, count +15 = -20 ; Bent: plain +35, count -10 = +25 ; Carl: plain -10, count -5 = -15
    assert entry.net == {A: -20, B: 25, C: -15, K: 5, P: 5}


def test_3_3_6_with_two_counts_the_uncounted_player_is_derived():
    # Anne 39 (+15) and Bent 19 (-5) count, so Carl is derived (-10) although Bent is the default.
    entry = settle(played(pagat=(C, HOME), last=B, counts={A: 39, B: 19}))
    #   Anne: plain -35 +15 = -20 ; Bent: plain +35 -5 = +30 ; Carl: plain -10 -10 = -20
    assert entry.net == {A: -20, B: 30, C: -20, K: 5, P: 5}


# §3.3.6 (amended): after a tout the counts are entered as counted ------------------------------
# A tout's opponents still count what they hold: the dealer, as an opponent, his skat (at least 1),
# the scies' owner its 4. Each opponent 0–78, the tout-maker 1–78, the sums as without a tout.

TOUT_EVENING_FILE = """{
 "format": "tarokklub.evening/1",
 "rules": "vlk",
 "players": ["Anne", "Bent", "Carl"],
 "deals": [
  {"dealer": "Anne", "pagat": {"owner": "Bent", "fate": "home"}, "last_trick": "Bent", "tout": "Bent",
   "counts": {"Bent": 76, "Anne": 2}}
 ]
}"""


def test_3_3_6_tout_evening_file_with_the_dealers_skat_counted_settles():
    # Anne deals, Bent makes a tout; Anne (dealer, an opponent) counted her skat: 2; Bent 76;
    # Carl is derived. Opening: each -40, cups 60 / 60.
    # Deal 1: fee: Anne -10, cups 65 / 65 ; pagat home: Bent +10, Anne -5, Carl -5.
    #   tout: 85 from each and both cups (K = P = 65): Bent +170 +65 +65, Anne -85, Carl -85.
    #   counting: Bent 76 (74–78) +50 from Carl ; Anne 2 (0–3) -25 to Carl ; Carl -(50 - 25) = -25.
    #   both cups empty: re-funded, 20 from each into each (-40 each), cups 60 / 60.
    #   Anne: -10 -5 -85 -25 -40 = -165 ; Bent: +10 +300 +50 -40 = +320 ; Carl: -5 -85 -50 +25 -40 = -155
    # Split: 120 / 3 = 40 each. Totals: Anne -40 -165 +40 = -165, Bent +320, Carl -155.
    settlement = settle_evening(loads(TOUT_EVENING_FILE))
    (entry,) = settlement.deals
    assert entry.net == {A: -165, B: 320, C: -155, K: 0, P: 0}
    assert entry.cups == Cups(king=60, pagat=60)
    counting = [(p.payer, p.payee, p.amount, p.detail) for p in entry.postings if p.reason is Reason.COUNTING]
    assert counting == [(C, B, 50, "76"), (A, C, 25, "2")]
    assert dict(settlement.totals) == {A: -165, B: 320, C: -155}


def test_3_3_6_tout_counts_are_paid_as_entered_not_as_78_and_0():
    # Bent's tout; Anne (dealer) counted her skat 1 and the scies 4 she played by the third-last
    # trick: 5 (4–8: -20); Bent 73 (69–73: +45); Carl derived -(45 - 20) = -25.
    # K = P = 105 at the end of play, both re-funded (3 x 20).
    deal = played(pagat=(B, HOME), last=B, tout=B, counts={B: 73, A: 5})
    entry = settle(deal)
    #   Anne: fee -10, pagat -5, tout -85, count -20, refund -40          = -160
    #   Bent: pagat +10, tout +170 +105 +105, count +45, refund -40       = +395
    #   Carl: pagat -5, tout -85, count -45 +20, refund -40               = -155
    #   each cup: +5 -105 +60 = -40   (with 78 and 0 forced: Anne -165, Bent +400)
    assert entry.net == {A: -160, B: 395, C: -155, K: -40, P: -40}


def test_3_3_6_tout_three_counts_with_the_derived_tout_maker():
    # Anne (dealer) 2, Carl (the scies) 4, Bent (tout) 72: 2 + 4 + 72 = 78. Bent is the default
    # derived player (the next dealer): he gets -(-25 - 20) = +45 (his table value too).
    deal = played(pagat=(B, HOME), last=B, tout=B, counts={A: 2, C: 4, B: 72})
    entry = settle(deal)
    #   Anne: fee -10, pagat -5, tout -85, count -25, refund -40          = -165
    #   Bent: pagat +10, tout +170 +210, count +25 +20, refund -40        = +395
    #   Carl: pagat -5, tout -85, count -20, refund -40                   = -150
    assert entry.net == {A: -165, B: 395, C: -150, K: -40, P: -40}


# §4 Fines ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind, player, amount, deal_kind, net", [
    # played deals: the plain deal (Anne -35, Bent +35, Carl -10, cups +5) plus the fine per cup
    pytest.param("cup_not_moved", A, None, DealKind.PLAYED,
                 {A: -35 - 10, B: 35, C: -10, K: 5 + 5, P: 5 + 5}, id="cup_not_moved-5"),
    pytest.param("false_meld", C, None, DealKind.PLAYED,
                 {A: -35, B: 35, C: -10 - 20, K: 5 + 10, P: 5 + 10}, id="false_meld-10"),
    pytest.param("missed_meld", C, None, DealKind.PLAYED,
                 {A: -35, B: 35, C: -10 - 20, K: 5 + 10, P: 5 + 10}, id="missed_meld-10"),
    pytest.param("meld_before_dealer", B, None, DealKind.PLAYED,
                 {A: -35, B: 35 - 40, C: -10, K: 5 + 20, P: 5 + 20}, id="meld_before_dealer-20"),
    pytest.param("out_of_turn", C, None, DealKind.PLAYED,
                 {A: -35, B: 35, C: -10 - 40, K: 5 + 20, P: 5 + 20}, id="out_of_turn-20"),
    pytest.param("false_scies_call", B, None, DealKind.PLAYED,
                 {A: -35, B: 35 - 40, C: -10, K: 5 + 20, P: 5 + 20}, id="false_scies_call-20"),
    pytest.param("custom", C, 15, DealKind.PLAYED,
                 {A: -35, B: 35, C: -10 - 30, K: 5 + 15, P: 5 + 15}, id="custom-15"),
    # the deal is scrapped: Anne's fee -10, Carl 40 into each cup
    pytest.param("wrong_card_count", C, None, DealKind.SCRAPPED,
                 {A: -10, B: 0, C: -80, K: 5 + 40, P: 5 + 40}, id="wrong_card_count-40"),
    # a misdeal: the dealer pays his fee (5 per cup) and the misdeal fine (5 per cup), once
    pytest.param("misdeal", A, None, DealKind.MISDEAL,
                 {A: -10 - 10, B: 0, C: 0, K: 5 + 5, P: 5 + 5}, id="misdeal-5"),
])
def test_4_fine_kinds(kind, player, amount, deal_kind, net):
    if deal_kind is DealKind.PLAYED:
        deal = played(**PLAIN, fines=[fine(player, kind, amount)])
    else:
        deal = Deal(dealer=A, kind=deal_kind, fines=(fine(player, kind, amount),))
    entry = settle(deal)
    assert entry.net == net
    assert entry.cups == Cups(king=100 + net[K], pagat=100 + net[P])


def test_4_misdeal_deal_fee_and_misdeal_fine_only():
    # Four at the table, Bent misdeals: fee 5 + fine 5 into each cup, nothing else, nobody else.
    entry = settle(Deal(dealer=B, kind=DealKind.MISDEAL), FOUR)
    assert entry.net == {A: 0, B: -20, C: 0, D: 0, K: 10, P: 10}
    assert entry.cups == Cups(king=110, pagat=110)


def test_4_scrapped_deal_fee_and_its_fines():
    # Anne's skat was not laid (40 per cup) and Bent played out of turn (20 per cup); no play payments.
    deal = Deal(dealer=A, kind=DealKind.SCRAPPED, fines=(fine(A, "wrong_card_count"), fine(B, "out_of_turn")))
    entry = settle(deal)
    #   Anne: fee -10, fine -80 = -90 ; Bent: fine -40 ; each cup +5 +40 +20 = +65
    assert entry.net == {A: -90, B: -40, C: 0, K: 65, P: 65}


def test_4_several_fines_add_up():
    # Carl: out_of_turn (20) + false_scies_call (20) + custom 5 = 45 into each cup
    deal = played(**PLAIN, fines=[fine(C, "out_of_turn"), fine(C, "false_scies_call"), fine(C, "custom", 5)])
    entry = settle(deal)
    # Carl: plain -10 - 90 = -100 ; cups +5 +45 = +50
    assert entry.net == {A: -35, B: 35, C: -100, K: 50, P: 50}


# §5 What must be impossible to record -----------------------------------------------------------
# Each case is recorded as deal 3; the problem must name deal 3 and the exact field.

# Four at the table, Anne deals: Bent, Dorte, Anne play; Carl sits out.
FOUR_OK = dict(pagat=(D, HOME), last=B, counts={A: 26, D: 26})


@pytest.mark.parametrize("deal, expected", [
    pytest.param(played(pagat=(C, HOME), last=B, counts={A: 26, D: 26}),
                 [("pagat.owner", "sits_out")], id="pagat-owner"),
    pytest.param(played(**FOUR_OK, kings={HEARTS: (C, LOST)}),
                 [("kings.hearts.owner", "sits_out")], id="king-owner"),
    pytest.param(played(pagat=(D, HOME), last=C, counts={A: 26, D: 26}),
                 [("last_trick", "sits_out")], id="last-trick-winner"),
    pytest.param(played(**FOUR_OK, melds=[full(C, Group.SPADES)]),
                 [("melds[1].player", "sits_out")], id="melder"),
    pytest.param(played(pagat=(D, HOME), last=B, counts={A: 26, C: 26}),
                 [("counts.Carl", "sits_out")], id="counter"),
    pytest.param(played(**FOUR_OK, fines=[fine(C, "out_of_turn")]),
                 [("fines[1].player", "sits_out")], id="fined-player"),
    pytest.param(played(pagat=(D, HOME), last=B, nolo=C),
                 [("nolo", "sits_out")], id="nolo"),
    pytest.param(played(pagat=(D, HOME), last=B, counts={A: 30, B: 20, D: 28}, derived=C),
                 [("derived", "sits_out")], id="derived"),
    pytest.param(played(pagat=("Zoe", HOME), last=B, counts={A: 26, D: 26}),
                 [("pagat.owner", "not_at_table")], id="not-at-table"),
])
def test_5_active_player_rule_broken(deal, expected):
    assert rejected(deal, FOUR) == expected


def test_5_problem_names_deal_and_field_in_an_evening():
    # deals 1 and 2 are fine; deal 3 gives the king of hearts to Carl, who sits out (Anne deals)
    ok = played(**FOUR_OK)
    bad = played(**FOUR_OK, kings={HEARTS: (C, LOST)})
    with pytest.raises(EveningError) as err:
        settle_evening(Evening(FOUR, (ok, Deal(dealer=B, kind=DealKind.MISDEAL), bad)))
    [p] = err.value.problems
    assert p.deal == 3 and p.field == "kings.hearts.owner"
    assert str(p) == "deal 3: kings.hearts.owner: Carl sits out this deal"


# Three at the table, Anne deals; Bent owns the pagat.
THREE_OK = dict(pagat=(B, HOME), last=B, counts={A: 26, C: 26})


@pytest.mark.parametrize("deal, expected", [
    # the pagat: its owner Bent vs Carl's "10 med pagat"
    pytest.param(played(**THREE_OK, melds=[taroks(C, 10, True)]),
                 [("melds[1].pagat", "card_claimed_twice")], id="pagat-owner-vs-taroks-with-pagat"),
    # the pagat: its owner Bent vs Carl's matadors (which need the pagat)
    pytest.param(played(**THREE_OK, melds=[matadors(C, 3)]),
                 [("melds[1]", "card_claimed_twice")], id="pagat-owner-vs-matadors"),
    # the scies: Bent's matadors vs Carl's overfull kings
    pytest.param(played(**THREE_OK, melds=[matadors(B, 3), overfull(C, Group.KINGS)]),
                 [("melds[2]", "card_claimed_twice")], id="scies-matadors-vs-overfull"),
    # the scies: Bent's matadors vs Carl's half clubs
    pytest.param(played(**THREE_OK, melds=[matadors(B, 3), half(C, Group.CLUBS, Court.QUEEN)]),
                 [("melds[2]", "card_claimed_twice")], id="scies-matadors-vs-half"),
    # pagat, scies and tarok 21: two players melding matadors
    pytest.param(played(**THREE_OK, melds=[matadors(B, 3), matadors(C, 3)]),
                 [("melds[2]", "card_claimed_twice")] * 3, id="tarok21-two-matadors"),
    # a king by its owner: Anne holds the king of hearts, Carl melds full kings
    pytest.param(played(**THREE_OK, kings={HEARTS: (A, HOME)}, melds=[full(C, Group.KINGS)]),
                 [("melds[1]", "card_claimed_twice")], id="king-owner-vs-full-kings"),
    # a king implied by two melds: Anne's full kings vs Carl's full hearts
    pytest.param(played(**THREE_OK, melds=[full(A, Group.KINGS), full(C, Group.HEARTS)]),
                 [("melds[2]", "card_claimed_twice")], id="king-two-melds"),
    # court cards: Anne's full diamonds vs Carl's half diamonds without the king (Q, C, Kn)
    pytest.param(played(**THREE_OK, melds=[full(A, Group.DIAMONDS), half(C, Group.DIAMONDS, Court.KING)]),
                 [("melds[2]", "card_claimed_twice")] * 3, id="court-cards-two-melds"),
    # "without pagat" by the pagat's owner
    pytest.param(played(**THREE_OK, melds=[taroks(B, 10, False)]),
                 [("melds[1].pagat", "taroks_without_own_pagat")], id="without-pagat-by-owner"),
    # half kings naming the king of spades as missing while Carl owns it
    pytest.param(played(**THREE_OK, kings={SPADES: (C, LOST)}, melds=[half(C, Group.KINGS, SPADES)]),
                 [("melds[1].missing", "missing_card_owned")], id="missing-card-owned-king"),
    # half hearts naming the king as missing while his own full kings meld holds it
    pytest.param(played(**THREE_OK, melds=[full(C, Group.KINGS), half(C, Group.HEARTS, Court.KING)]),
                 [("melds[2].missing", "missing_card_owned")], id="missing-card-owned-by-meld"),
    # 12 + 11 = 23 taroks melded, there are 22
    pytest.param(played(**THREE_OK, melds=[taroks(A, 12, False), taroks(C, 11, False)]),
                 [("melds", "too_many_taroks")], id="more-than-22-taroks"),
])
def test_5_two_players_claiming_one_card(deal, expected):
    assert rejected(deal) == expected


def test_5_two_players_claiming_one_card_names_the_cards():
    # two matadors melds clash on exactly the pagat, the scies and tarok 21
    found = validate_deal(THREE, 3, played(**THREE_OK, melds=[matadors(B, 3), matadors(C, 3)]), VLK)
    assert {dict(p.params)["card"] for p in found} == {"pagat", "scies", "tarok21"}
    # full diamonds vs half diamonds without the king: queen, cavalier, knave of diamonds
    found = validate_deal(THREE, 3, played(**THREE_OK, melds=[full(A, Group.DIAMONDS),
                                                              half(C, Group.DIAMONDS, Court.KING)]), VLK)
    assert {dict(p.params)["card"] for p in found} == {"diamonds.queen", "diamonds.cavalier", "diamonds.knave"}


@pytest.mark.parametrize("deal, expected", [
    # two ultimo cards (Bent's pagat, Carl's king of hearts): the second is also not the winner's
    pytest.param(played(pagat=(B, ULTIMO), last=B, counts={A: 26, C: 26}, kings={HEARTS: (C, ULTIMO)}),
                 [("kings.hearts.fate", "two_ultimo"), ("kings.hearts.fate", "ultimo_not_winner")],
                 id="two-ultimo"),
    pytest.param(played(pagat=(C, ULTIMO), last=B, counts={A: 26, C: 26}),
                 [("pagat.fate", "ultimo_not_winner")], id="ultimo-owner-not-winner"),
    pytest.param(played(pagat=(B, BAGUD), last=B, counts={A: 26, C: 26}),
                 [("pagat.fate", "bagud_winner")], id="bagud-owner-won"),
    pytest.param(played(pagat=(C, BAGUD), last=B, counts={A: 26, C: 26}, kings={CLUBS: (C, BAGUD)}),
                 [("kings.clubs.fate", "two_cards_last_trick")], id="two-cards-one-player"),
])
def test_5_last_trick_cards(deal, expected):
    assert rejected(deal) == expected


@pytest.mark.parametrize("deal, expected", [
    pytest.param(played(pagat=(B, HOME), last=C, tout=B, counts={B: 78, A: 0}),
                 [("tout", "tout_not_winner")], id="tout-not-last-trick"),
    pytest.param(played(pagat=(C, HOME), last=B, nolo=B),
                 [("nolo", "nolo_winner")], id="nolo-by-last-trick-winner"),
    pytest.param(played(pagat=(B, HOME), last=C, nolo=B),
                 [("pagat.fate", "nolo_card_home")], id="nolo-pagat-home"),
    pytest.param(played(pagat=(C, HOME), last=C, nolo=B, kings={SPADES: (B, HOME)}),
                 [("kings.spades.fate", "nolo_card_home")], id="nolo-king-home"),
    pytest.param(played(pagat=(B, HOME), last=B, tout=B, nolo=C),
                 [("nolo", "tout_and_nolo")], id="tout-and-nolo"),
])
def test_5_tout_and_nolo(deal, expected):
    assert rejected(deal) == expected


@pytest.mark.parametrize("deal, expected", [
    pytest.param(played(pagat=(B, HOME), last=B, counts={A: 0, C: 26}),
                 [("counts.Anne", "count_range")], id="zero-without-tout"),
    pytest.param(played(pagat=(B, HOME), last=B, counts={A: 79, C: 26}),
                 [("counts.Anne", "count_range")], id="above-78"),
    pytest.param(played(pagat=(B, HOME), last=B, tout=B, counts={B: 0, A: 20}),
                 [("counts.Bent", "count_range")], id="tout-maker-0"),
    pytest.param(played(pagat=(B, HOME), last=B, tout=B, counts={B: 70, A: -1}),
                 [("counts.Anne", "count_range")], id="tout-opponent-below-0"),
    pytest.param(played(pagat=(B, HOME), last=B, tout=B, counts={B: 70, A: 79}),
                 [("counts.Anne", "count_range")], id="tout-opponent-above-78"),
    pytest.param(played(pagat=(B, HOME), last=B, tout=B, counts={B: 76, A: 3}),
                 [("counts", "counts_sum_two")], id="tout-two-counts-79"),
    pytest.param(played(pagat=(B, HOME), last=B, tout=B, counts={B: 76, A: 2, C: 1}),
                 [("counts", "counts_sum_three")], id="tout-three-counts-79"),
    pytest.param(played(pagat=(B, HOME), last=C, nolo=A, counts={B: 30, C: 30}),
                 [("counts", "counts_after_nolo")], id="counts-after-nolo"),
    pytest.param(played(pagat=(B, HOME), last=B),
                 [("counts", "counts_missing")], id="no-counts"),
    pytest.param(played(pagat=(B, HOME), last=B, counts={A: 26}),
                 [("counts", "counts_missing")], id="one-count"),
    pytest.param(played(pagat=(B, HOME), last=B, counts={A: 40, C: 38}),
                 [("counts", "counts_sum_two")], id="two-counts-78"),
    pytest.param(played(pagat=(B, HOME), last=B, counts={A: 26, B: 26, C: 25}),
                 [("counts", "counts_sum_three")], id="three-counts-77"),
])
def test_5_counts(deal, expected):
    assert rejected(deal) == expected


def test_5_counts_at_the_limits_are_accepted():
    # two counts 77 and three counts 78 are fine; after a tout (§3.3.6, amended) as counted: an
    # opponent 0–78, the tout-maker 1–78, two counts up to 78, three exactly 78
    assert validate_deal(THREE, 1, played(pagat=(B, HOME), last=B, counts={A: 40, C: 37}), VLK) == []
    assert validate_deal(THREE, 1, played(pagat=(B, HOME), last=B, counts={A: 40, B: 1, C: 37}), VLK) == []
    for counts in ({B: 78, C: 0}, {B: 76, A: 2}, {B: 74, C: 4}, {A: 2, C: 4}, {A: 0, C: 0}, {B: 1, A: 77},
                   {A: 2, C: 4, B: 72}, {A: 0, C: 0, B: 78}, {A: 1, C: 4, B: 73}):
        assert validate_deal(THREE, 1, played(pagat=(B, HOME), last=B, tout=B, counts=counts), VLK) == [], counts


def test_5_tout_count_out_of_range_message():
    # after a tout an opponent's count is 0–78, the tout-maker's 1–78
    deal = played(pagat=(B, HOME), last=B, tout=B, counts={B: 0, A: 79})
    assert [p.text("en") for p in validate_deal(THREE, 2, deal, VLK)] == [
        "deal 2: counts.Bent: must be between 1 and 78", "deal 2: counts.Anne: must be between 0 and 78"]
    assert [p.text("da") for p in validate_deal(THREE, 2, deal, VLK)] == [
        "spil 2: counts.Bent: skal være mellem 1 og 78", "spil 2: counts.Anne: skal være mellem 0 og 78"]


@pytest.mark.parametrize("deal, expected", [
    pytest.param(played(**THREE_OK, melds=[taroks(C, 9, False)]),
                 [("melds[1].count", "meld_count_range")], id="taroks-9"),
    pytest.param(played(**THREE_OK, melds=[taroks(C, 23, False)]),
                 [("melds[1].count", "meld_count_range"), ("melds", "too_many_taroks")], id="taroks-23"),
    pytest.param(played(**THREE_OK, melds=[matadors(B, 2)]),
                 [("melds[1].count", "meld_count_range")], id="matadors-2"),
    pytest.param(played(**THREE_OK, melds=[matadors(B, 23)]),
                 [("melds[1].count", "meld_count_range")], id="matadors-23"),
    pytest.param(played(**THREE_OK, melds=[overfull(C, Group.HEARTS), full(C, Group.HEARTS)]),
                 [("melds[2].group", "two_melds_group")], id="two-melds-one-group"),
    pytest.param(played(**THREE_OK, melds=[taroks(C, 10, False), taroks(C, 11, False)]),
                 [("melds[2].kind", "two_melds_kind")], id="two-taroks-melds"),
])
def test_5_meld_counts_and_groups(deal, expected):
    assert rejected(deal) == expected


@pytest.mark.parametrize("deal, expected", [
    pytest.param(played(**THREE_OK, fines=[fine(C, "custom", 0)]),
                 [("fines[1].amount", "custom_amount")], id="custom-zero"),
    pytest.param(played(**THREE_OK, fines=[fine(C, "custom", -5)]),
                 [("fines[1].amount", "custom_amount")], id="custom-negative"),
    pytest.param(Deal(dealer=A, kind=DealKind.MISDEAL, last_trick=B),
                 [("last_trick", "only_dealer_and_fines")], id="misdeal-with-last-trick"),
    pytest.param(Deal(dealer=A, kind=DealKind.MISDEAL, pagat=CardFate(B, HOME)),
                 [("pagat", "only_dealer_and_fines")], id="misdeal-with-pagat"),
    pytest.param(Deal(dealer=A, kind=DealKind.SCRAPPED, melds=(full(C, Group.KINGS),)),
                 [("melds", "only_dealer_and_fines")], id="scrapped-with-melds"),
    pytest.param(Deal(dealer=A, kind=DealKind.SCRAPPED, counts=((A, 40), (C, 37))),
                 [("counts", "only_dealer_and_fines")], id="scrapped-with-counts"),
])
def test_5_fines_and_void_deals(deal, expected):
    assert rejected(deal) == expected


def test_5_unknown_fine_kind_in_an_evening_file():
    data = {"format": "tarokklub.evening/1", "players": list(THREE), "deals": [
        {"dealer": A, "kind": "misdeal"},
        {"dealer": B, "kind": "scrapped", "fines": [{"player": B, "kind": "drunk"}]},
    ]}
    with pytest.raises(EveningError) as err:
        parse_evening(data)
    assert [(p.deal, p.field, p.code) for p in err.value.problems] == [(2, "fines[1].kind", "choice")]


def test_5_void_deal_with_play_results_in_an_evening_file():
    data = {"format": "tarokklub.evening/1", "players": list(THREE), "deals": [
        {"dealer": A, "kind": "misdeal"},
        {"dealer": B, "kind": "misdeal"},
        {"dealer": C, "kind": "scrapped", "last_trick": A},
    ]}
    with pytest.raises(EveningError) as err:
        parse_evening(data)
    assert [(p.deal, p.field) for p in err.value.problems] == [(3, "last_trick")]


# §6 Invariants, on a small hand-made evening ----------------------------------------------------

EVENING = {
    "format": "tarokklub.evening/1",
    "players": [A, B, C, D],
    "deals": [
        # Anne deals, Carl sits out. Bent: pagat ultimo. Counts Anne 30 (+5), Dorte 20 (-5), Bent derived 0.
        {"dealer": A, "pagat": {"owner": B, "fate": "ultimo"}, "last_trick": B, "counts": {A: 30, D: 20}},
        # Bent misdeals.
        {"dealer": B, "kind": "misdeal"},
        # Carl deals, Anne sits out (Dorte forehand, Bent middlehand). Dorte melds 11 med and brings the
        # pagat home, Carl loses the king of clubs and takes the last trick; Bent's custom fine 5.
        # Counts Dorte 44 (+20), Bent 10 (-15), Carl derived -5.
        {"dealer": C, "melds": [{"player": D, "kind": "taroks", "count": 11, "pagat": True}],
         "pagat": {"owner": D, "fate": "home"}, "kings": {"clubs": {"owner": C, "fate": "lost"}},
         "last_trick": C, "counts": {D: 44, B: 10}, "fines": [{"player": B, "kind": "custom", "amount": 5}]},
    ],
}

# Worked by hand:
# opening: each -40, cups 80/80
# deal 1:  P = 80 + 5 = 85 to Bent -> empty -> 4 x 20 = 80
#   Anne -10 -45 +5 -20 = -70 ; Bent +90 +85 -20 = +155 ; Carl -20 ; Dorte -45 -5 -20 = -70
#   K +5 (85) ; P +5 -85 +80 = 0 (80)
# deal 2:  Bent fee 5 + fine 5 into each cup: Bent -20 ; K 95, P 90
# deal 3:  Carl fee -10 ; meld Dorte +30, Bent -15, Carl -15 ; pagat Dorte +10, Bent -5, Carl -5 ;
#   king Carl -15 (5 to Bent, 5 to Dorte, 5 to K) ; last trick Carl +40, Bent -20, Dorte -20 ;
#   counts Dorte +20, Bent -15, Carl -5 ; Bent's custom fine -10 (5 per cup)
#   Anne 0 ; Bent -15 -5 +5 -20 -15 -10 = -60 ; Carl -10 -15 -5 -15 +40 -5 = -10 ;
#   Dorte +30 +10 +5 -20 +20 = +45 ; K +5 +5 +5 = +15 (110) ; P +5 +5 = +10 (100)
# running before the split: Anne -110, Bent +35, Carl -70, Dorte -65 (sum -210)
# split: pool 210, 210 / 4 = 52.5 -> 50 each, 10 left to Anne (lowest)
# totals: Anne -50, Bent +85, Carl -20, Dorte -15
EXPECTED_ROWS = [
    {A: -40, B: -40, C: -40, D: -40, K: 80, P: 80},
    {A: -70, B: 155, C: -20, D: -70, K: 5, P: 0},
    {A: 0, B: -20, C: 0, D: 0, K: 10, P: 10},
    {A: 0, B: -60, C: -10, D: 45, K: 15, P: 10},
    {A: 60, B: 50, C: 50, D: 50, K: -110, P: -100},
]
EXPECTED_CUPS = [Cups(80, 80), Cups(85, 80), Cups(95, 90), Cups(110, 100), Cups(0, 0)]
EXPECTED_TOTALS = {A: -50, B: 85, C: -20, D: -15}


def _evening():
    return settle_evening(parse_evening(EVENING))


def test_6_hand_worked_evening():
    s = _evening()
    assert [e.net for e in s.entries] == EXPECTED_ROWS
    assert [e.cups for e in s.entries] == EXPECTED_CUPS
    assert dict(s.totals) == EXPECTED_TOTALS
    # one creditor: each debtor pays Bent, largest debt first
    assert s.transfers == (Transfer(A, B, 50), Transfer(C, B, 20), Transfer(D, B, 15))


def test_6_every_entry_sums_to_zero():
    s = _evening()
    for entry in s.entries:
        assert_zero_sum(entry)
        assert sum(entry.net.values()) == 0
    for row in EXPECTED_ROWS:   # the hand-worked rows balance too
        assert sum(row.values()) == 0


def test_6_cups_never_negative_and_empty_after_split():
    s = _evening()
    assert all(e.cups.king >= 0 and e.cups.pagat >= 0 for e in s.entries)
    assert s.split.cups == Cups(0, 0)
    assert sum(t for _, t in s.totals) == 0


def test_6_every_amount_a_multiple_of_five():
    s = _evening()
    for entry in s.entries:
        assert all(amount % 5 == 0 for amount in entry.net.values())
        assert all(posting.amount % 5 == 0 for posting in entry.postings)
    assert all(t % 5 == 0 for _, t in s.totals)
    assert all(t.points % 5 == 0 for t in s.transfers)


def test_6_settling_twice_gives_the_same_result():
    assert _evening() == _evening()


def test_6_deal_by_deal_equals_the_whole_evening():
    evening = parse_evening(EVENING)
    whole = settle_evening(evening)
    cups = settle_opening(evening.players, VLK).cups
    for number, deal in enumerate(evening.deals, 1):
        entry = settle_deal(evening.players, number, deal, cups, VLK)
        assert entry == whole.deals[number - 1]
        cups = entry.cups
    assert cups == Cups(110, 100)   # as worked by hand, before the split


# transfers.fewest_transfers ---------------------------------------------------------------------

def _as_set(transfers):
    return {(t.payer, t.payee, t.points) for t in transfers}


def _settles(totals, transfers):
    balance = dict(totals)
    for t in transfers:
        assert t.points > 0
        balance[t.payer] += t.points
        balance[t.payee] -= t.points
    return all(v == 0 for v in balance.values())


def test_transfers_pairs_equal_debts_two_transfers():
    totals = ((A, 30), (B, 20), (C, -30), (D, -20))
    # {A, C} and {B, D} each balance: 2 transfers instead of 3
    assert _as_set(fewest_transfers(totals)) == {(C, A, 30), (D, B, 20)}


def test_transfers_beat_greedy():
    # A+30, B+25, C+20, D-45, E-30. Greedy (largest debtor to largest creditor): D->A 30, E->B 25,
    # E->C 5, D->C 15 = 4 transfers. The groups {A, E} and {B, C, D} balance: 3 transfers.
    totals = ((A, 30), (B, 25), (C, 20), (D, -45), (E, -30))
    result = fewest_transfers(totals)
    assert _as_set(result) == {(E, A, 30), (D, B, 25), (D, C, 20)}
    assert _settles(totals, result)


def test_transfers_at_most_n_minus_1():
    totals = ((A, 100), (B, -25), (C, -25), (D, -25), (E, -25))
    result = fewest_transfers(totals)
    # one creditor and four debtors: exactly 4 = 5 - 1 transfers
    assert _as_set(result) == {(B, A, 25), (C, A, 25), (D, A, 25), (E, A, 25)}
    for totals in (((A, 35), (B, -10), (C, -25)), ((A, 45), (B, 15), (C, -20), (D, -40)),
                   ((A, 5), (B, 10), (C, -15), (D, 20), (E, -20))):
        result = fewest_transfers(totals)
        assert len(result) <= len(totals) - 1 and _settles(totals, result)
    # A+5, B+10, C-15 balance and D+20, E-20 balance: 2 + 1 = 3
    assert len(fewest_transfers(((A, 5), (B, 10), (C, -15), (D, 20), (E, -20)))) == 3


def test_transfers_deterministic():
    totals = ((A, 20), (B, 20), (C, -20), (D, -20))
    first = fewest_transfers(totals)
    assert all(fewest_transfers(totals) == first for _ in range(5))
    assert len(first) == 2 and _settles(totals, first)


def test_transfers_nobody_owes_and_unbalanced_totals():
    assert fewest_transfers(((A, 0), (B, 0), (C, 0))) == ()
    with pytest.raises(ValueError):
        fewest_transfers(((A, 5), (B, 0), (C, 0)))


# money.kroner -----------------------------------------------------------------------------------

@pytest.mark.parametrize("points, rate, expected", [
    (35, "0.25", "8.75"),     # 35 x 0.25 = 8.75
    (1, "0.125", "0.13"),     # 0.125 -> half up -> 0.13
    (3, "0.005", "0.02"),     # 0.015 -> half up -> 0.02
    (7, "0.001", "0.01"),     # 0.007 -> 0.01
    (4, "0.5", "2.00"),       # whole kroner still carry øre
    (0, "0.25", "0.00"),
    (-35, "0.25", "-8.75"),
])
def test_money_kroner_decimal_half_up_to_ore(points, rate, expected):
    result = kroner(points, Decimal(rate))
    assert isinstance(result, Decimal)
    assert result == Decimal(expected)
    assert str(result) == expected
