"""docs/rules/grosstarock.md rule by rule: the taroc1754 and grosstarock cards of the Danish family.

§7's worked deals, every payment row of §3 per card (each as the difference it makes to a deal
that pays nothing, or as little as a grosstarock deal can: its four kings must be recorded), §4's
counting, every "impossible to record" of §5 naming its field, and the cards as data (old stored
cards read as before)."""
from dataclasses import replace

import pytest

from families.danish.engine import FAMILY
from families.danish.engine.interchange import card_base, parse_evening
from families.danish.engine.model import (
    Announcement, CardFate, Court, Deal, DealKind, Evening, Fate, Fine, FineKind, Group, Meld, MeldKind, Rank, Suit,
)
from families.danish.engine.rates import (
    AELDRE1900, AELDRE1900_FIRST, ALL_RATE_CARDS, DTF2011, DTF2011_FIRST, GROSSTAROCK, NEW_KEYS, RATE_CARDS, TAROC1754,
    VLK, RateCard, rate_card,
)
from families.danish.engine.settle import Cups, settle_deal, settle_evening
from families.danish.engine.validate import validate_deal, validate_evening
from scoring.engine.problems import EveningError

A, B, C, D = "Anne", "Bent", "Carl", "Dorte"
THREE = (A, B, C)
FOUR = (A, B, C, D)
HOME, LOST, ULTIMO, BAGUD, DISCARDED = Fate.HOME, Fate.LOST, Fate.ULTIMO, Fate.BAGUD, Fate.DISCARDED
HEARTS, DIAMONDS, CLUBS, SPADES = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES


def net(deal: Deal, card: RateCard, players=THREE) -> dict:
    entry = settle_deal(players, 1, deal, Cups(), card)
    assert sum(entry.amounts) == 0 and entry.pots == () and entry.pot_contents == {}
    return {p: entry.net[p] for p in players}


def problems(deal: Deal, card: RateCard, players=THREE) -> list[tuple[str, str]]:
    found = validate_deal(players, 1, deal, card)
    if found:
        with pytest.raises(EveningError):
            settle_deal(players, 1, deal, Cups(), card)
    return [(p.field, p.code) for p in found]


def kings(**fates) -> tuple:
    """All four kings (grosstarock requires them): Anne's and home unless given as suit=(owner, fate)."""
    return tuple((suit, CardFate(*fates.get(suit.value, (A, HOME)))) for suit in Suit)


#: A grosstarock deal paying as little as it can: Anne deals and discards the pagat, holds the four
#: kings (home: +40, Bent and Carl -20 each) and wins the last trick; counts 26 each pay nothing.
GT = Deal(dealer=A, pagat=CardFate(A, DISCARDED), kings=kings(), last_trick=A, counts=((A, 26), (B, 26)))
GT_NET = {A: 40, B: -20, C: -20}
#: A taroc1754 deal paying nothing: Anne deals and discards the pagat; no kings; counts 26 each.
T54 = Deal(dealer=A, pagat=CardFate(A, DISCARDED), last_trick=A, counts=((A, 26), (B, 26)))


def delta(deal: Deal, card: RateCard) -> dict:
    base = GT_NET if card is GROSSTAROCK else dict.fromkeys(THREE, 0)
    got = net(deal, card)
    return {p: got[p] - base[p] for p in THREE}


def test_the_base_deals_pay_what_they_say():
    assert net(GT, GROSSTAROCK) == GT_NET
    assert net(T54, TAROC1754) == {A: 0, B: 0, C: 0}


# §7 worked deals --------------------------------------------------------------------------------

def test_s7a_taroc1754_worked_deal():
    deal = Deal(dealer=C, melds=(
        Meld(A, MeldKind.TAROKS, count=11, pagat=False),                       # 15: +30, B -15, C -15
        Meld(B, MeldKind.HALF, group=Group.SPADES, missing=Court.KING),        # +10, A -5, C -5
        Meld(C, MeldKind.FULL, group=Group.KINGS),                             # +20, A -10, B -10
    ), pagat=CardFate(C, BAGUD), last_trick=A,                                 # C -20, A +10, B +10
        counts=((A, 40), (B, 20)))                                             # +14, -6, (C 18) -8
    assert net(deal, TAROC1754) == {A: 39, B: -11, C: -28}


def test_s7b_grosstarock_worked_deal():
    deal = Deal(dealer=A, melds=(
        Meld(B, MeldKind.HONOURS, count=4),                                    # +20, C -10, A -10
        Meld(C, MeldKind.LADONS, count=17),                                    # +40, A -20, B -20
        Meld(A, MeldKind.FOUR, group=Rank.QUEENS),                             # +10, B -5, C -5
    ), pagat=CardFate(B, HOME),                                                # +10, A -5, C -5
        kings=((HEARTS, CardFate(B, ULTIMO)), (DIAMONDS, CardFate(C, LOST)),   # +20 / -10
               (CLUBS, CardFate(A, HOME)), (SPADES, CardFate(B, HOME))),       # +10 / +10
        last_trick=B, counts=((B, 35), (C, 21)))                               # +9, -5, (A 22) -4
    assert net(deal, GROSSTAROCK) == {B: 44, C: -15, A: -29}


def test_s7c_grosstarock_announced_vole_with_four_at_the_table():
    deal = Deal(dealer=B, melds=(
        Meld(C, MeldKind.MATADORS, count=4),                                   # 15 each
        Meld(C, MeldKind.TAROKS, count=12, pagat=True, scies=True),            # 20 each: 35 each in all
    ), pagat=CardFate(C, ULTIMO),                                              # +30
        kings=((HEARTS, CardFate(C, HOME)), (CLUBS, CardFate(C, HOME)),        # +20
               (DIAMONDS, CardFate(A, LOST)), (SPADES, CardFate(B, BAGUD))),   # A -10; B -20
        last_trick=C, tout=C, announced_vole=Announcement(C, 13),              # 38 instead of 26: +76
        counts=((C, 76), (A, 0)))                                              # +50, -26, (Bent 2) -24
    assert net(deal, GROSSTAROCK, FOUR) == {C: 261, A: -124, B: -137, D: 0}


# §3 payments, row by row --------------------------------------------------------------------------

BOTH = [TAROC1754, GROSSTAROCK]


def base(card: RateCard) -> Deal:
    return GT if card is GROSSTAROCK else T54


def each(player: str, amount: int) -> dict:
    """``amount`` from each of the two others to ``player`` (negative: to each)."""
    return {p: (2 * amount if p == player else -amount) for p in THREE}


@pytest.mark.parametrize("card", BOTH, ids=lambda c: c.name)
@pytest.mark.parametrize("count, price", [(10, 10), (11, 15), (14, 30)])
def test_s3_taroks_10_plus_5(card, count, price):
    meld = Meld(B, MeldKind.TAROKS, count=count, pagat=False, scies=False if card.taroks_scies else None)
    assert delta(replace(base(card), melds=(meld,)), card) == each(B, price)


@pytest.mark.parametrize("card", BOTH, ids=lambda c: c.name)
@pytest.mark.parametrize("count, price", [(3, 10), (4, 15), (6, 25)])
def test_s3_matadors_3_is_10_plus_5(card, count, price):
    deal = replace(base(card), pagat=CardFate(B, LOST), melds=(Meld(B, MeldKind.MATADORS, count=count),))
    lost = delta(replace(base(card), pagat=CardFate(B, LOST)), card)
    got = delta(deal, card)
    assert {p: got[p] - lost[p] for p in THREE} == each(B, price)


def test_s3_taroc1754_full_and_half_kings_10_and_5():
    assert delta(replace(T54, melds=(Meld(B, MeldKind.FULL, group=Group.KINGS),)), TAROC1754) == each(B, 10)
    half = Meld(B, MeldKind.HALF, group=Group.KINGS, missing=Suit.CLUBS)
    assert delta(replace(T54, melds=(half,)), TAROC1754) == each(B, 5)


def test_s3_grosstarock_has_no_kings_meld():
    meld = Meld(B, MeldKind.FULL, group=Group.KINGS)
    assert problems(replace(GT, melds=(meld,)), GROSSTAROCK) == [("melds[1].group", "group_not_on_card")]


@pytest.mark.parametrize("card", BOTH, ids=lambda c: c.name)
def test_s3_cavallerie_full_10_half_5(card):
    b = replace(base(card), kings=kings(hearts=(B, HOME))) if card is GROSSTAROCK else base(card)
    full, plain = net(replace(b, melds=(Meld(B, MeldKind.FULL, group=Group.HEARTS),)), card), net(b, card)
    assert {p: full[p] - plain[p] for p in THREE} == each(B, 10)
    half = Meld(B, MeldKind.HALF, group=Group.CLUBS, missing=Court.KING)
    assert delta(replace(base(card), melds=(half,)), card) == each(B, 5)


@pytest.mark.parametrize("count, price", [(3, 5), (4, 10), (7, 25)])
def test_s3_grosstarock_honours_3_is_5_plus_5(count, price):
    deal = replace(GT, kings=kings(hearts=(B, HOME), diamonds=(B, HOME), clubs=(B, HOME), spades=(B, HOME)),
                   pagat=CardFate(B, HOME), last_trick=B, melds=(Meld(B, MeldKind.HONOURS, count=count),))
    without = replace(deal, melds=())
    got, plain = net(deal, GROSSTAROCK), net(without, GROSSTAROCK)
    assert {p: got[p] - plain[p] for p in THREE} == each(B, price)


@pytest.mark.parametrize("rank", list(Rank))
def test_s3_grosstarock_four_of_a_rank_5(rank):
    assert delta(replace(GT, melds=(Meld(C, MeldKind.FOUR, group=rank),)), GROSSTAROCK) == each(C, 5)


@pytest.mark.parametrize("count, price", [(16, 15), (17, 20), (25, 60)])
def test_s3_grosstarock_ladons_16_is_15_plus_5(count, price):
    assert delta(replace(GT, melds=(Meld(C, MeldKind.LADONS, count=count),)), GROSSTAROCK) == each(C, price)


@pytest.mark.parametrize("kind", [MeldKind.HONOURS, MeldKind.FOUR, MeldKind.LADONS, MeldKind.OVERFULL])
def test_s2_1_taroc1754_refuses_the_melds_it_does_not_know(kind):
    meld = Meld(B, kind, count=5 if kind is MeldKind.HONOURS else 16 if kind is MeldKind.LADONS else None,
                group=Rank.QUEENS if kind is MeldKind.FOUR else Group.HEARTS if kind is MeldKind.OVERFULL else None)
    assert problems(replace(T54, melds=(meld,)), TAROC1754) == [("melds[1].kind", "meld_not_on_card")]


def test_s2_1_grosstarock_has_no_overfull():
    meld = Meld(B, MeldKind.OVERFULL, group=Group.HEARTS)
    assert problems(replace(GT, melds=(meld,)), GROSSTAROCK) == [("melds[1].kind", "meld_not_on_card")]


@pytest.mark.parametrize("card, fate, amount", [
    (TAROC1754, HOME, 0), (TAROC1754, ULTIMO, 10), (TAROC1754, LOST, -5), (TAROC1754, BAGUD, -10),
    (GROSSTAROCK, HOME, 5), (GROSSTAROCK, ULTIMO, 15), (GROSSTAROCK, LOST, -5), (GROSSTAROCK, BAGUD, -15),
], ids=lambda v: getattr(v, "name", getattr(v, "value", v)))
def test_s3_pagat_fates_pay_only_their_row(card, fate, amount):
    """1754: no pagat home bonus, ultimo/bagud 10, lost 5; grosstarock 5 / 15; an ultimo is not
    also home, a bagud not also lost."""
    owner = A if fate in (HOME, ULTIMO) else B
    assert delta(replace(base(card), pagat=CardFate(owner, fate)), card) == each(owner, amount)


@pytest.mark.parametrize("card", BOTH, ids=lambda c: c.name)
def test_s3_a_discarded_pagat_pays_nothing(card):
    assert delta(base(card), card) == {A: 0, B: 0, C: 0}


@pytest.mark.parametrize("fate, amount", [(HOME, 5), (ULTIMO, 10), (LOST, -5), (BAGUD, -10)])
def test_s3_grosstarock_each_king_home_5_ultimo_10_lost_5_bagud_10(fate, amount):
    owner = A if fate in (HOME, ULTIMO) else B
    deal = replace(GT, kings=kings(hearts=(owner, fate)))
    got = net(deal, GROSSTAROCK)
    # the other three kings stay Anne's and home: +30 for Anne, -15 from each other
    assert {p: got[p] - {A: 30, B: -15, C: -15}[p] for p in THREE} == each(owner, amount)


def test_s3_taroc1754_nolo_4_from_each_and_counting_goes_on():
    deal = replace(T54, nolo=B, counts=((A, 40), (B, 2)))          # B holds the scies: counts at least 1
    assert net(deal, TAROC1754) == {A: 14 - 4, B: -24 + 8, C: (78 - 42 - 26) - 4}


def test_s3_grosstarock_nolo_26_from_each_and_no_counting():
    deal = replace(GT, nolo=B, counts=())
    assert delta(deal, GROSSTAROCK) == each(B, 26)


def test_s3_grosstarock_tout_26_and_failed_tout_26():
    tout = replace(GT, tout=A, counts=((A, 78), (B, 0)))
    counting = {A: 52, B: -26, C: -26}
    got = delta(tout, GROSSTAROCK)
    assert {p: got[p] - counting[p] for p in THREE} == each(A, 26)
    assert delta(replace(GT, failed_tout=B), GROSSTAROCK) == each(B, -26)


@pytest.mark.parametrize("trick, amount", [(1, 52), (2, 38), (13, 38), (14, 31), (20, 31)])
def test_s3_announced_vole_won_instead_of_the_tout_or_failed_to_each(trick, amount):
    tout = replace(GT, tout=A, counts=((A, 78), (B, 0)))
    won = net(replace(tout, announced_vole=Announcement(A, trick)), GROSSTAROCK)
    plain = net(tout, GROSSTAROCK)
    assert {p: won[p] - plain[p] for p in THREE} == each(A, amount - 26)
    assert delta(replace(GT, announced_vole=Announcement(B, trick)), GROSSTAROCK) == each(B, -amount)


@pytest.mark.parametrize("trick, won, failed", [(1, 36, 10), (2, 31, 5), (13, 31, 5)])
def test_s3_announced_nolo_won_36_31_failed_10_5(trick, won, failed):
    assert delta(replace(GT, announced_nolo=(Announcement(C, trick),)), GROSSTAROCK) == each(C, -failed)
    # won: the melds, the fines and its premium are all the deal pays (no kings, no counting)
    deal = replace(GT, nolo=C, counts=(), announced_nolo=(Announcement(C, trick), Announcement(B, 1)),
                   melds=(Meld(B, MeldKind.FOUR, group=Rank.KNAVES),), fines=(Fine(A, FineKind.CUSTOM, 3),))
    assert net(deal, GROSSTAROCK) == {A: -won - 5 - 6, B: -won + 10 + 3, C: 2 * won - 5 + 3}


def test_s3_tout_and_nolo_exclude_each_other_every_announced_nolo_fails_with_a_tout():
    deal = replace(GT, tout=A, counts=((A, 78), (B, 0)), announced_nolo=(Announcement(B, 1),))
    plain = net(replace(deal, announced_nolo=()), GROSSTAROCK)
    got = net(deal, GROSSTAROCK)
    assert {p: got[p] - plain[p] for p in THREE} == each(B, -10)
    assert ("nolo", "tout_and_nolo") in problems(replace(deal, nolo=B), GROSSTAROCK)


@pytest.mark.parametrize("card", BOTH, ids=lambda c: c.name)
def test_s1_custom_fine_paid_to_each_other_active_player(card):
    deal = replace(base(card), fines=(Fine(B, FineKind.CUSTOM, 7),))
    assert delta(deal, card) == each(B, -7)
    four = replace(base(card), fines=(Fine(C, FineKind.CUSTOM, 7),), counts=((A, 26), (B, 26)))
    assert problems(four, card, FOUR) == [("fines[1].player", "sits_out")]   # Anne deals: Carl (A+2) sits out
    ok = replace(four, fines=(Fine(D, FineKind.CUSTOM, 7),))
    got = net(ok, card, FOUR)
    assert got[C] == 0 and got[D] == (-14 if card is TAROC1754 else -14 + -5 * 4)


@pytest.mark.parametrize("card", BOTH, ids=lambda c: c.name)
def test_s1_misdeal_pays_only_its_fines_and_the_misdeal_fine_is_0(card):
    deal = Deal(dealer=A, kind=DealKind.MISDEAL, fines=(Fine(A, FineKind.MISDEAL), Fine(B, FineKind.CUSTOM, 4)))
    assert net(deal, card) == {A: 4, B: -8, C: 4}
    scrapped = Deal(dealer=A, kind=DealKind.SCRAPPED, fines=(Fine(C, FineKind.CUSTOM, 2),))
    assert net(scrapped, card) == {A: 2, B: 2, C: -4}
    assert net(Deal(dealer=A, kind=DealKind.MISDEAL), card) == {A: 0, B: 0, C: 0}


@pytest.mark.parametrize("card", BOTH, ids=lambda c: c.name)
def test_s3_last_trick_and_cups_pay_0(card):
    assert card.last_trick_each == 0 and not card.has_cups and card.cupless
    deal = replace(base(card), last_trick=B)
    assert delta(deal, card) == {A: 0, B: 0, C: 0}


# §4 counting -------------------------------------------------------------------------------------

@pytest.mark.parametrize("card", BOTH, ids=lambda c: c.name)
def test_s4_counting_c_minus_26_the_seeds_example(card):
    """"A 40, B 20, C 18": +14, -6, -8 (two counts; three adding to 78 give the same)."""
    two = replace(base(card), counts=((A, 40), (B, 20)))
    three = replace(base(card), counts=((A, 40), (B, 20), (C, 18)), derived=B)
    expected = {A: 14, B: -6, C: -8}
    for deal in (two, three):
        got = delta(deal, card)
        assert got == expected


def test_s4_taroc1754_a_player_without_a_trick_may_count_0():
    deal = replace(T54, counts=((A, 78), (B, 0)))
    assert problems(deal, TAROC1754) == []
    assert net(deal, TAROC1754) == {A: 52, B: -26, C: -26}


@pytest.mark.parametrize("card", BOTH, ids=lambda c: c.name)
def test_s4_s5_counts_name_0_for_one_who_must_count(card):
    # the dealer (discarder) and the last trick's winner count at least 1
    assert problems(replace(base(card), counts=((A, 0), (B, 40))), card) == [("counts.Anne", "count_must")]
    assert problems(replace(base(card), last_trick=C, counts=((C, 0), (B, 40))), card) == [
        ("counts.Carl", "count_must")]


def test_s4_grosstarock_everyone_counts_but_a_touts_opponent():
    assert problems(replace(GT, counts=((A, 40), (B, 0))), GROSSTAROCK) == [("counts.Bent", "count_must")]
    tout = replace(GT, tout=A, counts=((A, 78), (B, 0)))
    assert problems(tout, GROSSTAROCK) == []
    # but the discarder counts his discard, also after another's tout
    other = replace(GT, tout=B, last_trick=B, kings=kings(hearts=(B, HOME), diamonds=(B, HOME), clubs=(B, HOME),
                                                          spades=(B, HOME)), counts=((B, 78), (A, 0)))
    assert problems(other, GROSSTAROCK) == [("counts.Anne", "count_must")]


def test_s4_taroc1754_the_nolo_counts_the_excuse_and_a_home_pagat_counts():
    assert problems(replace(T54, nolo=B, counts=((A, 78), (B, 0))), TAROC1754) == [("counts.Bent", "count_must")]
    home = replace(T54, pagat=CardFate(C, HOME), counts=((A, 78), (C, 0)))
    assert problems(home, TAROC1754) == [("counts.Carl", "count_must")]


# §5 impossible to record ---------------------------------------------------------------------------

def test_s5_players_3_or_4_at_the_table():
    five = (A, B, C, D, "Erik")
    for card in BOTH:
        found = validate_evening(Evening(five, (), card.name), card)
        assert [(p.field, p.code) for p in found] == [("players", "player_count_card")]
    data = {"format": "tarokklub.evening/1", "rules": "grosstarock", "players": list(five), "deals": []}
    with pytest.raises(EveningError) as err:
        parse_evening(data)
    assert [p.field for p in err.value.problems] == ["players"]
    assert validate_evening(Evening(five, (), "vlk"), VLK) == []


def test_s5_dealer_not_at_the_table():
    assert problems(replace(GT, dealer="Erik"), GROSSTAROCK)[0] == ("dealer", "not_at_table")


def test_s5_taroc1754_refuses_kings_tout_failed_tout_and_announcements():
    deal = replace(T54, kings=((HEARTS, CardFate(A, HOME)),))
    assert problems(deal, TAROC1754) == [("kings.hearts", "key_not_on_card")]
    assert problems(replace(T54, tout=A, counts=((A, 78), (B, 0))), TAROC1754) == [("tout", "key_not_on_card")]
    assert problems(replace(T54, failed_tout=B), TAROC1754) == [("failed_tout", "failed_tout_not_on_card")]
    assert problems(replace(T54, announced_vole=Announcement(B, 1)), TAROC1754) == [
        ("announced_vole", "key_not_on_card")]
    assert problems(replace(T54, announced_nolo=(Announcement(B, 1),)), TAROC1754) == [
        ("announced_nolo", "key_not_on_card")]


def test_s5_the_danish_cards_refuse_the_new_keys():
    deal = Deal(dealer=A, pagat=CardFate(B, LOST), last_trick=A, counts=((A, 30), (B, 30)))
    assert problems(deal, VLK) == []
    assert problems(replace(deal, announced_vole=Announcement(B, 1)), VLK) == [("announced_vole", "key_not_on_card")]
    assert problems(replace(deal, pagat=CardFate(A, DISCARDED)), VLK) == [("pagat.fate", "fate_not_on_card")]
    assert problems(replace(deal, melds=(Meld(B, MeldKind.LADONS, count=16),)), VLK) == [
        ("melds[1].kind", "meld_not_on_card")]
    meld = Meld(C, MeldKind.TAROKS, count=10, pagat=False, scies=True)
    assert problems(replace(deal, melds=(meld,)), VLK) == [("melds[1].scies", "key_not_on_card")]


def test_s5_keys_in_a_file_other_cards_keys_and_unknown_keys():
    def read(rules, deal):
        data = {"format": "tarokklub.evening/1", "rules": rules, "players": list(THREE), "deals": [deal]}
        try:
            parse_evening(data)
        except EveningError as exc:
            return [(p.field, p.code) for p in exc.problems]
        return []
    t54 = {"dealer": A, "pagat": {"owner": A, "fate": "discarded"}, "last_trick": A, "counts": {A: 26, B: 26}}
    assert read("taroc1754", t54) == []
    assert read("taroc1754", {**t54, "melds": [{"player": B, "kind": "taroks", "count": 10, "scies": True}]}) == [
        ("melds[1].scies", "key_not_on_card")]
    assert read("taroc1754", {**t54, "wuehlmaus": B}) == [("wuehlmaus", "unknown_key")]
    assert sorted(read("vlk", {**t54, "announced_nolo": [{"player": B, "before_trick": 1}]})) == [
        ("announced_nolo", "key_not_on_card"), ("pagat.fate", "fate_not_on_card")]
    gt = {"dealer": A, "pagat": {"owner": A, "fate": "discarded"}, "last_trick": A, "counts": {A: 26, B: 26},
          "kings": {s.value: {"owner": A, "fate": "home"} for s in Suit}}
    assert read("grosstarock", gt) == []
    assert read("grosstarock", {**gt, "announced_vole": {"player": B, "before_trick": True}}) == [
        ("announced_vole.before_trick", "not_int")]
    assert read("grosstarock", {**gt, "announced_nolo": [{"player": B}]}) == [
        ("announced_nolo[1].before_trick", "required")]


def test_s5_grosstarock_requires_every_kings_fate():
    deal = replace(GT, kings=GT.kings[1:])
    assert problems(deal, GROSSTAROCK) == [("kings.hearts", "required")]


def test_s5_required_pagat_last_trick_and_the_taroks_flags():
    assert ("pagat", "required") in problems(replace(GT, pagat=None), GROSSTAROCK)
    assert ("last_trick", "required") in problems(replace(GT, last_trick=None), GROSSTAROCK)
    meld = Meld(B, MeldKind.TAROKS, count=10, pagat=False)
    assert problems(replace(GT, melds=(meld,)), GROSSTAROCK) == [("melds[1].scies", "required")]
    assert problems(replace(GT, melds=(replace(meld, pagat=None, scies=False),)), GROSSTAROCK) == [
        ("melds[1].pagat", "required")]
    assert problems(replace(T54, melds=(replace(meld, pagat=None),)), TAROC1754) == []   # optional on 1754


@pytest.mark.parametrize("card", BOTH, ids=lambda c: c.name)
def test_s5_fines_only_custom_and_misdeal(card):
    deal = replace(base(card), fines=(Fine(B, FineKind.OUT_OF_TURN),))
    assert problems(deal, card) == [("fines[1].kind", "fine_not_on_card")]
    assert problems(replace(base(card), fines=(Fine(B, FineKind.CUSTOM, 0),)), card) == [
        ("fines[1].amount", "custom_amount")]
    misdeal = Deal(dealer=A, kind=DealKind.MISDEAL, fines=(Fine(A, FineKind.MISDEAL, 5),))
    assert problems(misdeal, card) == [("fines[1].amount", "amount_not_custom")]


@pytest.mark.parametrize("field, deal", [
    ("kings.hearts.owner", replace(GT, kings=kings(hearts=(D, HOME)))),
    ("announced_nolo[1].player", replace(GT, announced_nolo=(Announcement(D, 1),))),
    ("announced_vole.player", replace(GT, announced_vole=Announcement(D, 1))),
    ("counts.Dorte", replace(GT, counts=((A, 26), (D, 26)))),
])
def test_s5_a_player_not_active_at_that_key(field, deal):
    """Dealer Bent at four: Dorte (Bent+2) sits out."""
    deal = replace(deal, dealer=B, pagat=CardFate(B, DISCARDED))
    assert (field, "sits_out") in problems(deal, GROSSTAROCK, FOUR)
    assert (field, "not_at_table") in problems(replace(deal, dealer=A, pagat=CardFate(A, DISCARDED)), GROSSTAROCK)


@pytest.mark.parametrize("field, code, deal", [
    ("kings.clubs.fate", "king_discarded", replace(GT, kings=kings(clubs=(A, DISCARDED)))),
    ("announced_nolo[1].before_trick", "meld_count_range", replace(GT, announced_nolo=(Announcement(B, 14),))),
    ("announced_nolo[1].before_trick", "meld_count_range", replace(GT, announced_nolo=(Announcement(B, 0),))),
    ("announced_vole.before_trick", "meld_count_range", replace(GT, announced_vole=Announcement(B, 21))),
    ("melds[1].count", "meld_count_range", replace(GT, melds=(Meld(B, MeldKind.HONOURS, count=8),))),
    ("melds[1].count", "meld_count_range", replace(GT, melds=(Meld(B, MeldKind.HONOURS, count=2),))),
    ("melds[1].count", "meld_count_range", replace(GT, melds=(Meld(B, MeldKind.LADONS, count=15),))),
    ("melds[1].count", "meld_count_range", replace(GT, melds=(Meld(B, MeldKind.LADONS, count=26),))),
    ("melds[1].count", "required", replace(GT, melds=(Meld(B, MeldKind.LADONS),))),
    ("melds[1].group", "four_group", replace(GT, melds=(Meld(B, MeldKind.FOUR, group=Group.HEARTS),))),
    ("melds[1].group", "required", replace(GT, melds=(Meld(B, MeldKind.FOUR),))),
    ("melds[1].count", "meld_field_unused", replace(GT, melds=(Meld(B, MeldKind.FOUR, count=4, group=Rank.KNAVES),))),
    ("melds[1].group", "meld_field_unused", replace(GT, melds=(Meld(B, MeldKind.HONOURS, count=3, group=Group.HEARTS),))),
])
def test_s5_a_value_out_of_range(field, code, deal):
    assert (field, code) in problems(deal, GROSSTAROCK)


def test_s5_pagat_discarded_by_another_than_the_dealer():
    assert problems(replace(GT, pagat=CardFate(B, DISCARDED)), GROSSTAROCK) == [("pagat.owner", "discard_not_dealer")]


def test_s5_two_melds_of_one_group_and_announcements_twice():
    two = (Meld(C, MeldKind.FOUR, group=Rank.QUEENS), Meld(C, MeldKind.FOUR, group=Rank.QUEENS))
    assert ("melds[2].group", "two_melds_group") in problems(replace(GT, melds=two), GROSSTAROCK)
    honours = (Meld(A, MeldKind.HONOURS, count=4), Meld(A, MeldKind.HONOURS, count=4))
    assert ("melds[2].kind", "two_melds_kind") in problems(replace(GT, melds=honours), GROSSTAROCK)
    nolos = (Announcement(B, 1), Announcement(C, 2), Announcement(B, 3))
    assert problems(replace(GT, announced_nolo=nolos), GROSSTAROCK) == [
        ("announced_nolo[3].player", "announced_nolo_twice")]
    beside = replace(GT, announced_vole=Announcement(B, 5), announced_nolo=(Announcement(B, 1),))
    assert problems(beside, GROSSTAROCK) == [("announced_nolo[1].player", "announced_nolo_and_vole")]


def test_s5_one_card_one_holder_claims_in_order():
    # the pagat's owner first, then the melds: another's "with pagat" is reported at .pagat
    taroks = Meld(C, MeldKind.TAROKS, count=10, pagat=True, scies=False)
    deal = replace(GT, pagat=CardFate(B, LOST), melds=(taroks,))
    assert problems(deal, GROSSTAROCK) == [("melds[1].pagat", "card_claimed_twice")]
    # a half claims the scies; a later taroks "with scies" by another is reported at .scies
    half = Meld(B, MeldKind.HALF, group=Group.CLUBS, missing=Court.KING)
    scies = Meld(C, MeldKind.TAROKS, count=10, pagat=False, scies=True)
    assert problems(replace(GT, melds=(half, scies)), GROSSTAROCK) == [("melds[2].scies", "card_claimed_twice")]
    # a meld claiming a king another owns, at melds[i]
    assert problems(replace(GT, melds=(Meld(B, MeldKind.FULL, group=Group.HEARTS),)), GROSSTAROCK) == [
        ("melds[1]", "card_claimed_twice")]
    # four queens against a full suit: the later one
    melds = (Meld(C, MeldKind.FOUR, group=Rank.QUEENS), Meld(B, MeldKind.HALF, group=Group.CLUBS, missing=Court.KING))
    assert problems(replace(GT, melds=melds), GROSSTAROCK) == [("melds[2]", "card_claimed_twice")]
    # matadors claim the discarded pagat
    assert problems(replace(GT, melds=(Meld(B, MeldKind.MATADORS, count=3),)), GROSSTAROCK) == [
        ("melds[1]", "card_discarded")]
    assert problems(replace(GT, melds=(replace(taroks, player=A),)), GROSSTAROCK) == [
        ("melds[1].pagat", "card_discarded")]


def test_s5_taroc1754_the_nolo_holds_the_scies():
    half = Meld(C, MeldKind.HALF, group=Group.HEARTS, missing=Court.QUEEN)
    deal = replace(T54, nolo=B, melds=(half,), counts=((A, 40), (B, 4)))
    assert problems(deal, TAROC1754) == [("nolo", "card_claimed_twice")]
    assert problems(replace(deal, melds=(replace(half, player=B),)), TAROC1754) == []


def test_s5_without_pagat_or_scies_by_its_holder_and_a_half_missing_its_own_card():
    assert problems(replace(GT, pagat=CardFate(B, LOST), melds=(Meld(B, MeldKind.TAROKS, count=10, pagat=False,
                                                                     scies=False),)), GROSSTAROCK) == [
        ("melds[1].pagat", "taroks_without_own_pagat")]
    melds = (Meld(B, MeldKind.HALF, group=Group.CLUBS, missing=Court.KING),
             Meld(B, MeldKind.TAROKS, count=10, pagat=False, scies=False))
    assert problems(replace(GT, melds=melds), GROSSTAROCK) == [("melds[2].scies", "taroks_without_own_scies")]
    half = Meld(A, MeldKind.HALF, group=Group.CLUBS, missing=Court.KING)   # Anne owns the clubs king
    assert problems(replace(GT, melds=(half,)), GROSSTAROCK) == [("melds[1].missing", "missing_card_owned")]


def test_s5_honours_count_above_what_the_others_leave():
    # Anne holds the four kings and discarded the pagat: Bent can hold at most scies and 21
    assert problems(replace(GT, melds=(Meld(B, MeldKind.HONOURS, count=3),)), GROSSTAROCK) == [
        ("melds[1].count", "honours_over_deck")]
    # Anne: four kings + scies + 21 = 6 without the discarded pagat
    assert problems(replace(GT, melds=(Meld(A, MeldKind.HONOURS, count=7),)), GROSSTAROCK) == [
        ("melds[1].count", "honours_over_deck")]
    assert problems(replace(GT, melds=(Meld(A, MeldKind.HONOURS, count=6),)), GROSSTAROCK) == []


def test_s5_taroks_count_above_22_less_the_discarded_pagat_and_the_others():
    melds = (Meld(B, MeldKind.TAROKS, count=12, pagat=False, scies=False),
             Meld(C, MeldKind.TAROKS, count=10, pagat=False, scies=True))
    # 22 - 1 (discarded pagat) - 10 (Carl) = 11 for Bent; 22 - 1 - 12 = 9 for Carl
    assert problems(replace(GT, melds=melds), GROSSTAROCK) == [
        ("melds[1].count", "taroks_over_deck"), ("melds[2].count", "taroks_over_deck")]
    ok = (replace(melds[0], count=11), melds[1])
    assert problems(replace(GT, melds=ok), GROSSTAROCK) == []
    # the taroks another holds count too: Carl's matadors 5 (pagat, scies, 21, 20, 19)
    deal = replace(GT, pagat=CardFate(C, LOST), melds=(Meld(C, MeldKind.MATADORS, count=5),
                                                       Meld(B, MeldKind.TAROKS, count=18, pagat=False, scies=False)))
    assert problems(deal, GROSSTAROCK) == [("melds[2].count", "taroks_over_deck")]
    assert problems(replace(deal, melds=(deal.melds[0], replace(deal.melds[1], count=17))), GROSSTAROCK) == []


def test_s5_over_40_ladons_melded_in_all():
    melds = (Meld(B, MeldKind.LADONS, count=20), Meld(C, MeldKind.LADONS, count=21))
    assert problems(replace(GT, melds=melds), GROSSTAROCK) == [("melds[2].count", "ladons_over_deck")]
    assert problems(replace(GT, melds=(melds[0], replace(melds[1], count=20))), GROSSTAROCK) == []


def test_s5_a_hand_of_over_25_cards_at_the_players_last_meld():
    # Anne holds the four kings and meld four queens (8 courts): 17 ladons would make 25 + ... 26
    melds = (Meld(A, MeldKind.FOUR, group=Rank.QUEENS), Meld(A, MeldKind.LADONS, count=18))
    assert problems(replace(GT, melds=melds), GROSSTAROCK) == [("melds[2]", "hand_over_25")]
    assert problems(replace(GT, melds=(melds[0], replace(melds[1], count=17))), GROSSTAROCK) == []
    # taroks and ladons: 10 + 16 = 26
    two = (Meld(B, MeldKind.TAROKS, count=10, pagat=False, scies=False), Meld(B, MeldKind.LADONS, count=16))
    assert problems(replace(GT, melds=two), GROSSTAROCK) == [("melds[2]", "hand_over_25")]


def test_s5_last_trick_checks_on_the_cards():
    assert ("kings.hearts.fate", "two_ultimo") in problems(
        replace(GT, pagat=CardFate(A, ULTIMO), kings=kings(hearts=(A, ULTIMO))), GROSSTAROCK)
    assert ("kings.hearts.fate", "ultimo_not_winner") in problems(replace(GT, kings=kings(hearts=(B, ULTIMO))),
                                                                  GROSSTAROCK)
    assert ("kings.hearts.fate", "bagud_winner") in problems(replace(GT, kings=kings(hearts=(A, BAGUD))), GROSSTAROCK)
    assert ("kings.diamonds.fate", "two_cards_last_trick") in problems(
        replace(GT, kings=kings(hearts=(B, BAGUD), diamonds=(B, BAGUD))), GROSSTAROCK)


def test_s5_last_trick_cards_in_the_order_pagat_hearts_diamonds_clubs_spades():
    """The second ultimo is the later card in that order, whatever order the kings were given in."""
    backwards = tuple(reversed(kings(hearts=(A, ULTIMO), spades=(A, ULTIMO))))
    assert problems(replace(GT, kings=backwards), GROSSTAROCK) == [
        ("kings.spades.fate", "two_ultimo"), ("kings.spades.fate", "two_cards_last_trick")]


def test_s5_tout_and_nolo_checks():
    tout = replace(GT, counts=((A, 78), (B, 0)))
    assert ("tout", "tout_not_winner") in problems(replace(tout, tout=B), GROSSTAROCK)
    assert ("kings.hearts.fate", "tout_card_lost") in problems(replace(tout, tout=A, kings=kings(hearts=(A, LOST))),
                                                              GROSSTAROCK)
    assert ("kings.hearts.fate", "tout_card_home") in problems(replace(tout, tout=A, kings=kings(hearts=(B, HOME))),
                                                              GROSSTAROCK)
    assert ("nolo", "nolo_winner") in problems(replace(GT, nolo=A, counts=()), GROSSTAROCK)
    assert ("kings.hearts.fate", "nolo_card_home") in problems(
        replace(GT, nolo=B, counts=(), kings=kings(hearts=(B, HOME))), GROSSTAROCK)


def test_s5_failed_tout_by_the_tout_or_the_vole_player():
    tout = replace(GT, tout=A, counts=((A, 78), (B, 0)))
    assert ("failed_tout", "failed_tout_made") in problems(replace(tout, failed_tout=A), GROSSTAROCK)
    assert problems(replace(GT, failed_tout=B, announced_vole=Announcement(B, 3)), GROSSTAROCK) == [
        ("failed_tout", "failed_tout_vole")]


@pytest.mark.parametrize("card", BOTH, ids=lambda c: c.name)
def test_s5_counts_that_cannot_be(card):
    b = base(card)
    assert problems(replace(b, counts=((A, 40),)), card) == [("counts", "counts_missing")]
    assert problems(replace(b, counts=((A, 40), (B, 20), (C, 20))), card) == [("counts", "counts_sum_three")]
    assert problems(replace(b, counts=((A, 60), (B, 19))), card) == [("counts", "counts_sum_two")]
    assert problems(replace(b, counts=((A, 40), (B, 79))), card) == [("counts.Bent", "count_range")]
    # 78 with two counts only when the third may count 0: Carl, no trick, on 1754; never on grosstarock
    found = problems(replace(b, counts=((A, 60), (B, 18))), card)
    assert found == ([] if card is TAROC1754 else [("counts", "counts_sum_two")])
    assert problems(replace(b, counts=((A, 40), (B, 20)), derived=A), card) == [("derived", "derived_must_be")]


def test_s5_no_counts_after_a_grosstarock_nolo_but_required_after_a_1754_nolo():
    nolo = replace(GT, nolo=B)
    assert problems(nolo, GROSSTAROCK) == [("counts", "counts_after_nolo")]
    assert problems(replace(nolo, counts=(), derived=C), GROSSTAROCK) == [("derived", "counts_after_nolo")]
    assert problems(replace(T54, nolo=B, counts=()), TAROC1754) == [("counts", "counts_missing")]


def test_s5_messages_danish_first_and_english():
    found = validate_deal(THREE, 4, replace(GT, pagat=CardFate(B, DISCARDED)), GROSSTAROCK)
    assert found[0].text("da") == "spil 4: pagat.owner: kun giveren kan lægge pagat i skat; Bent gav ikke"
    assert found[0].text("en") == "deal 4: pagat.owner: only the dealer can discard the pagat; Bent did not deal"
    found = validate_deal(THREE, 2, replace(GT, melds=(Meld(B, MeldKind.MATADORS, count=3),)), GROSSTAROCK)
    assert [p.text("en") for p in found] == ["deal 2: melds[1]: the pagat was discarded by the dealer"]
    found = validate_deal(THREE, 1, replace(T54, melds=(Meld(B, MeldKind.LADONS, count=16),)), TAROC1754)
    assert found[0].text("da") == "spil 1: melds[1].kind: takstkortet 'taroc1754' kender ingen ladons-melding"


# The cards as data --------------------------------------------------------------------------------

def test_the_cards_by_name_in_the_family():
    assert list(ALL_RATE_CARDS) == ["vlk", "dtf2011", "aeldre1900", "taroc1754", "grosstarock"]
    assert rate_card("taroc1754") is TAROC1754 and rate_card("grosstarock") is GROSSTAROCK
    assert "taroc1754" not in RATE_CARDS   # the Danish game's own three stay as they were


def test_an_old_stored_card_without_the_new_keys_reads_as_before():
    """Cards stored before the old German cards (ClubRateCard.data, Table.rate_card_json, an exported
    evening's rate_card) lack the new keys: each reads as the old behaviour, and a Danish card
    writes exactly the keys it always had."""
    for card in (VLK, DTF2011_FIRST, AELDRE1900_FIRST):   # the editions such stores hold
        data = card.to_dict()
        assert not set(NEW_KEYS) & set(data)
        assert RateCard.from_dict(data) == card
    # the corrected editions (docs/rules/danish.md §7.4) write the keys that make them differ
    assert DTF2011.to_dict().keys() - DTF2011_FIRST.to_dict().keys() == {"pagat_discard", "free_redeal"}
    assert AELDRE1900.to_dict()["max_players"] == 4 and RateCard.from_dict(AELDRE1900.to_dict()) == AELDRE1900
    club = VLK.to_dict() | {"name": "club", "title": "Club", "tout_each": 100}
    again = RateCard.from_dict(club)
    assert again.meld_kinds == VLK.meld_kinds and not again.fines_to_players and again.max_players == 5
    assert card_base(again) is VLK
    some = club | {"king_home_each": 5}     # a stored card may carry some new keys and not others
    assert RateCard.from_dict(some).king_home_each == 5


def test_the_new_cards_round_trip_and_refuse_bad_new_keys():
    for card in (TAROC1754, GROSSTAROCK):
        data = card.to_dict()
        assert RateCard.from_dict(data) == card and card_base(RateCard.from_dict(data)) is card
        assert card.to_dict(every_key=True).keys() >= set(NEW_KEYS)
    for bad, field in [({"meld_kinds": ["taroks", "trull"]}, "meld_kinds[2]"), ({"meld_kinds": "taroks"}, "meld_kinds"),
                       ({"king_fates": "some"}, "king_fates"), ({"announcements": 1}, "announcements"),
                       ({"max_players": 6}, "max_players"), ({"ladons_base": -1}, "ladons_base")]:
        with pytest.raises(ValueError) as err:
            RateCard.from_dict(GROSSTAROCK.to_dict() | bad)
        assert str(err.value).startswith(f"{field}: ")


def test_a_club_copy_of_grosstarock_with_an_amount_changed_travels_in_its_file():
    copy = GROSSTAROCK.to_dict() | {"name": "gt-club", "title": "Klubbens grosstarock", "tout_each": 30}
    data = {"format": "tarokklub.evening/1", "rules": "gt-club", "rate_card": copy, "players": list(THREE),
            "deals": [{"dealer": A, "pagat": {"owner": A, "fate": "discarded"}, "last_trick": A, "tout": A,
                       "kings": {s.value: {"owner": A, "fate": "home"} for s in Suit}, "counts": {A: 78, B: 0}}]}
    evening = parse_evening(data)
    assert evening.card.tout_each == 30 and card_base(evening.card) is GROSSTAROCK
    assert settle_evening(evening).totals == ((A, 40 + 60 + 52), (B, -20 - 30 - 26), (C, -20 - 30 - 26))
    assert parse_evening(FAMILY.evening_to_dict(evening)) == evening
