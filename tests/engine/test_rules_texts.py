"""The rules the Danish texts still held (docs/rules/danish.md §7.1, §7.2, §7.4): the pagat laid away,
the lost tout paid as a won one, the ultimo forfeited without a fine, at most 4 at an aeldre1900
table, the dealer letting a misdeal pass, and the free redeal; each only on the cards whose text has
it, and the first editions of the cards unchanged; the older rule book's cup's contents replaced
(its golden evening: fixtures/golden/aeldre1900-cup-fines.json, worked by hand below)."""
from __future__ import annotations

import pytest

from families.danish.engine import FAMILY, interchange
from families.danish.engine.model import CardFate, Cup, CupFine, Deal, DealKind, Fate, Fine, FineKind, Suit
from families.danish.engine.rates import (
    AELDRE1900, AELDRE1900_FIRST, AELDRE1900_SECOND, DTF2011, DTF2011_FIRST, VLK,
)
from families.danish.engine.settle import Cups, Reason, settle_deal, settle_evening
from families.danish.engine.validate import validate_deal, validate_players
from scoring.engine.problems import EveningError

A, B, C, D, E = "Anne", "Bent", "Carl", "Dorte", "Erik"
THREE = (A, B, C)
K, P = Cup.KING, Cup.PAGAT


def settle(deal: Deal, card, players=THREE, king=100, pagat=100):
    entry = settle_deal(players, 1, deal, Cups(king=king, pagat=pagat), card)
    assert sum(entry.net.values()) == 0
    return entry


def codes(deal: Deal, card, players=THREE) -> list[tuple[str, str]]:
    return [(p.field, p.code) for p in validate_deal(players, 1, deal, card)]


def played(dealer=A, **fields) -> Deal:
    return Deal(dealer=dealer, pagat=fields.pop("pagat", CardFate(B, Fate.HOME)),
                last_trick=fields.pop("last_trick", C), counts=fields.pop("counts", ((B, 26), (C, 26))), **fields)


# §7.2 aeldre1900: at most 4 at the table ("et tre-mandsspil, der kan spilles af 4") -------------------

def test_aeldre1900_seats_at_most_four_its_first_edition_five():
    five = (A, B, C, D, E)
    assert [p.code for p in validate_players(five, AELDRE1900)] == ["player_count_card"]
    assert validate_players((A, B, C, D), AELDRE1900) == []
    assert validate_players(five, AELDRE1900_FIRST) == [] and validate_players(five, DTF2011) == []
    file = {"format": "tarokklub.evening/1", "rules": "aeldre1900", "players": list(five), "deals": []}
    with pytest.raises(EveningError) as refused:
        interchange.parse_evening(file)
    assert [(p.field, p.code) for p in refused.value.problems] == [("players", "player_count_card")]
    # the same evening carrying its first-edition card reads (docs/rules/danish.md §7.4)
    carried = interchange.parse_evening(file | {"rate_card": AELDRE1900_FIRST.to_dict()})
    assert carried.card == AELDRE1900_FIRST and carried.players == five


# §7.2 aeldre1900: a lost tout "koster det samme" as a won one: 95 to each and both cups' contents -------

def test_aeldre1900_a_lost_tout_pays_95_to_each_and_doubles_both_cups():
    # fee Anne -10 (K 105, P 105); pagat home Bent +10; failed tout Carl: 95 to Anne and to Bent and
    # K 105, P 105 into the cups (the snapshot, as a bagud); last trick Bent 10 from each (pagat and
    # kings fell before it); counts 26/26 nothing.
    # Anne -10 -5 +95 -10 = +70; Bent +10 +95 +20 = +125; Carl -5 -190 -210 -10 = -415
    deal = played(pagat=CardFate(B, Fate.HOME), last_trick=B, failed_tout=C, counts=((A, 26), (C, 26)))
    entry = settle(deal, AELDRE1900)
    assert entry.net == {A: 70, B: 125, C: -415, K: 110, P: 110}
    lost = [(p.payer, p.payee, p.amount) for p in entry.postings if p.reason is Reason.FAILED_TOUT]
    assert lost == [(C, B, 95), (C, A, 95), (C, K, 105), (C, P, 105)]
    # the first edition paid 95 to each only
    assert settle(deal, AELDRE1900_FIRST).net == {A: 70, B: 125, C: -205, K: 5, P: 5}


# §7.1, §7.2: the pagat laid away in the skat -------------------------------------------------------

@pytest.mark.parametrize("card", [AELDRE1900, DTF2011], ids=["aeldre1900", "dtf2011"])
def test_the_pagat_laid_away_by_the_dealer_pays_nothing(card):
    # Anne deals and lays the pagat away: no pagat home, lost, ultimo or bagud; the pagat cup keeps
    # its content; on aeldre1900 the pagat fell before the last trick, so the last trick is paid.
    deal = played(pagat=CardFate(A, Fate.DISCARDED), last_trick=C, counts=((A, 26), (B, 26)))
    assert codes(deal, card) == []
    entry = settle(deal, card)
    assert not {Reason.PAGAT_HOME, Reason.PAGAT_LOST, Reason.ULTIMO, Reason.BAGUD} & {p.reason for p in entry.postings}
    assert entry.net[P] == card.dealer_fee_per_cup
    assert entry.net[C] == 2 * card.last_trick_each


def test_the_pagat_laid_away_only_by_the_dealer_and_only_where_the_text_allows_it():
    deal = played(pagat=CardFate(B, Fate.DISCARDED))
    assert codes(deal, AELDRE1900) == [("pagat.owner", "discard_not_dealer")]
    by_dealer = played(pagat=CardFate(A, Fate.DISCARDED))
    for card in (VLK, DTF2011_FIRST, AELDRE1900_FIRST):
        assert codes(by_dealer, card) == [("pagat.fate", "fate_not_on_card")]


# §7.2 aeldre1900: an ultimo forfeited without a fine -----------------------------------------------

def test_aeldre1900_a_forfeited_ultimo_is_not_paid_and_costs_no_fine():
    # Bent's pagat wins the last trick, but he melded too late (MELDINGEN l. 84-87): no ultimo, no
    # cup, no fine; and as the pagat was in the last trick, no last trick either (§7.2).
    deal = played(pagat=CardFate(B, Fate.ULTIMO), last_trick=B, ultimo_forfeited=(B,))
    assert codes(deal, AELDRE1900) == []
    entry = settle(deal, AELDRE1900)
    assert entry.net == {A: -10, B: 0, C: 0, K: 5, P: 5}
    won = settle(Deal(dealer=A, pagat=CardFate(B, Fate.ULTIMO), last_trick=B, counts=((B, 26), (C, 26))), AELDRE1900)
    # the same deal without the forfeit: 45 from each and P's 105, less his 20 refilling the cup
    assert won.net[B] == 90 + 105 - 20


def test_a_forfeited_ultimo_is_checked():
    deal = played(pagat=CardFate(B, Fate.ULTIMO), last_trick=B, ultimo_forfeited=(B, B))
    assert codes(deal, AELDRE1900) == [("ultimo_forfeited[2]", "forfeited_twice")]
    # four at the table, Anne deals: Carl, facing her, sits out
    four = replace_forfeit(played(pagat=CardFate(B, Fate.ULTIMO), last_trick=B, counts=((B, 26), (D, 26))), (C,))
    assert codes(four, AELDRE1900, (A, B, C, D)) == [("ultimo_forfeited[1]", "sits_out")]
    assert codes(replace_forfeit(deal, (B,)), VLK) == [("ultimo_forfeited", "key_not_on_card")]
    misdeal = Deal(dealer=A, kind=DealKind.MISDEAL, ultimo_forfeited=(B,))
    assert ("ultimo_forfeited", "only_dealer_and_fines") in codes(misdeal, AELDRE1900)


def replace_forfeit(deal: Deal, who: tuple[str, ...]) -> Deal:
    from dataclasses import replace
    return replace(deal, ultimo_forfeited=who)


# §7.2 aeldre1900: the dealer lets a misdeal pass instead of paying its fine -------------------------

def test_aeldre1900_a_passed_misdeal_pays_the_fee_but_no_fine():
    fined = settle(Deal(dealer=A, kind=DealKind.MISDEAL), AELDRE1900)
    passed = settle(Deal(dealer=A, kind=DealKind.MISDEAL, passed=True), AELDRE1900)
    assert fined.net == {A: -20, B: 0, C: 0, K: 10, P: 10}
    assert passed.net == {A: -10, B: 0, C: 0, K: 5, P: 5}
    assert {p.reason for p in passed.postings} == {Reason.DEALER_FEE}
    assert settle(Deal(dealer=A, kind=DealKind.MISDEAL, passed=False), AELDRE1900).net == fined.net


def test_a_passed_misdeal_is_checked():
    assert codes(Deal(dealer=A, kind=DealKind.MISDEAL, passed=True), VLK) == [("passed", "key_not_on_card")]
    assert codes(Deal(dealer=A, kind=DealKind.SCRAPPED, passed=True), AELDRE1900) == [("passed", "passed_not_misdeal")]
    with_fine = Deal(dealer=A, kind=DealKind.MISDEAL, passed=True, fines=(Fine(A, FineKind.MISDEAL),))
    assert codes(with_fine, AELDRE1900) == [("passed", "passed_no_fine")]


# §7.1, §7.2: the free redeal ----------------------------------------------------------------------

@pytest.mark.parametrize("card", [AELDRE1900, DTF2011], ids=["aeldre1900", "dtf2011"])
def test_a_free_redeal_pays_nothing_and_the_same_dealer_deals_again(card):
    from families.danish.engine import FAMILY
    deal = Deal(dealer=A, kind=DealKind.REDEAL, asked_by=C)
    assert codes(deal, card) == []
    entry = settle(deal, card)
    assert entry.postings == () and set(entry.net.values()) == {0}
    assert FAMILY.dealer_after(THREE, A, "redeal") == A and FAMILY.dealer_after(THREE, A, "misdeal") == B
    assert codes(Deal(dealer=A, kind=DealKind.REDEAL), card) == []     # who asked is optional


def test_a_free_redeal_is_checked():
    deal = Deal(dealer=A, kind=DealKind.REDEAL, asked_by=C)
    for card in (VLK, DTF2011_FIRST, AELDRE1900_FIRST):
        assert codes(deal, card) == [("kind", "redeal_not_on_card")]
    assert codes(Deal(dealer=A, kind=DealKind.REDEAL, fines=(Fine(B, FineKind.OUT_OF_TURN),)), DTF2011) == [
        ("fines", "redeal_only_dealer")]
    assert codes(Deal(dealer=A, kind=DealKind.REDEAL, pagat=CardFate(B, Fate.HOME)), DTF2011) == [
        ("pagat", "only_dealer_and_fines")]
    assert codes(played(asked_by=B), DTF2011) == [("asked_by", "asked_by_not_redeal")]
    assert codes(Deal(dealer=A, kind=DealKind.REDEAL, asked_by=C), DTF2011, (A, B, C, D)) == [("asked_by", "sits_out")]


# §7.2, §7.4 aeldre1900: a revoke or wrong cards that caused or prevented an ultimo ------------------
#
# fixtures/golden/aeldre1900-cup-fines.json (Anne, Bent, Carl; opening each -40, K 60, P 60):
#  1. Anne deals. Carl revokes (20 a cup; K 85, P 85 after the fee), which gave Bent his pagat
#     ultimo (SPILLET l. 189-194): 45 from each and P's 85; Carl "erstatte det beløb, som den
#     pågældende kop indeholder": 85 into the pagat cup. No last trick after a paid ultimo; counts
#     Anne 20 -> -6, Bent 35 -> +9, the derived Carl. Anne -10 -45 -6 = -61; Bent +90 +85 +9 = +184;
#     Carl -40 -45 -85 +6 -9 = -173. Cups 85 / 85.
#  2. Bent deals. Anne has wrong cards (20 a cup; K 110, P 110 after the fee), which kept Carl from
#     his king ultimo (SPILLET l. 201-203): Carl takes the king cup's 110 home and Anne replaces it.
#     Carl's pagat home (5 from each); Bent takes the last trick, everything fell before it (10 from
#     each); counts Carl 30 -> +4, Anne 20 -> -6, the derived Bent. Anne -40 -5 -10 -110 -6 = -171;
#     Bent -10 -5 +20 +2 = +7; Carl +10 -10 +110 +4 = +114. Cups 110 / 110.
#  Split 220 / 3 -> 70 each, the 10 left to Anne (lowest). Totals Anne -192, Bent 221, Carl -29.

def test_aeldre1900_the_cup_s_contents_replaced_into_the_cup_or_to_whom_the_ultimo_was_kept_from():
    from pathlib import Path
    from scoring.engine.interchange import load

    evening = load(Path(__file__).resolve().parents[2] / "fixtures" / "golden" / "aeldre1900-cup-fines.json")
    first, second = settle_evening(evening).deals
    replaced = [[(p.payer, p.payee, p.amount) for p in e.postings if p.reason is Reason.CUP_FINE] for e in (first, second)]
    assert replaced == [[(C, P, 85)], [(K, C, 110), (A, K, 110)]]
    assert deal_stats_of(evening, 1)[C]["fines"] == 40 + 85 and deal_stats_of(evening, 2)[C]["cup_won"] == 110


def deal_stats_of(evening, number: int) -> dict:
    s = settle_evening(evening)
    return {f.player: vars(f) for f in FAMILY.deal_stats(evening.players, evening.deals[number - 1],
                                                          s.deals[number - 1])}


def test_a_cup_s_contents_replaced_is_checked():
    revoke = Fine(C, FineKind.REVOKE)
    caused = played(pagat=CardFate(B, Fate.ULTIMO), last_trick=B, fines=(revoke,), cup_fines=(CupFine(C, P),))
    assert codes(caused, AELDRE1900) == []
    # only on the card whose text has it (its second edition, the tables seated before it, has not)
    for card in (VLK, AELDRE1900_SECOND):
        assert ("cup_fines", "key_not_on_card") in codes(caused, card)
    # besides the fine for a revoke or wrong cards ("foruden ovennævnte bøde")
    assert codes(played(pagat=CardFate(B, Fate.ULTIMO), last_trick=B, cup_fines=(CupFine(C, P),)), AELDRE1900) == [
        ("cup_fines[1].player", "cup_fine_without_fine")]
    # into a cup only an ultimo of another player took home; else to whom an ultimo was kept from
    assert codes(played(last_trick=B, fines=(revoke,), cup_fines=(CupFine(C, K),)), AELDRE1900) == [
        ("cup_fines[1].cup", "cup_fine_no_ultimo")]
    assert codes(played(last_trick=B, fines=(revoke,), cup_fines=(CupFine(C, K, B),)), AELDRE1900) == []
    assert codes(played(last_trick=B, fines=(revoke,), cup_fines=(CupFine(C, K, C),)), AELDRE1900) == [
        ("cup_fines[1].to", "cup_fine_to_self")]
    assert codes(played(last_trick=B, fines=(revoke,), cup_fines=(CupFine(C, K, B), CupFine(C, K, A))),
                 AELDRE1900) == [("cup_fines[2].cup", "cup_fine_twice")]
    assert ("cup_fines", "only_dealer_and_fines") in codes(
        Deal(dealer=A, kind=DealKind.SCRAPPED, fines=(revoke,), cup_fines=(CupFine(C, K, B),)), AELDRE1900)


# The evening file: the new keys read, write back and round-trip; old files unchanged ---------------

def test_the_new_keys_in_an_evening_file_round_trip_and_settle():
    file = {"format": "tarokklub.evening/1", "rules": "aeldre1900", "players": [A, B, C, D], "deals": [
        {"dealer": A, "kind": "redeal", "asked_by": B},
        {"dealer": A, "kind": "misdeal", "passed": True},
        {"dealer": B, "pagat": {"owner": B, "fate": "discarded"}, "last_trick": C, "counts": {C: 30, A: 20}},
        {"dealer": C, "pagat": {"owner": D, "fate": "ultimo"}, "last_trick": D, "counts": {B: 30, D: 20},
         "ultimo_forfeited": [D]},
        {"dealer": D, "kind": "misdeal", "passed": False},
    ]}
    evening = interchange.parse_evening(file)
    assert FAMILY.evening_to_dict(evening)["deals"] == file["deals"]
    assert interchange.parse_evening(FAMILY.evening_to_dict(evening)) == evening
    s = settle_evening(evening)
    assert [sum(v for k, v in e.net.items() if k not in (K, P)) for e in s.deals] == [0, -10, -10, -10, -20]


def test_the_new_keys_are_refused_where_they_do_not_belong_in_a_file():
    file = {"format": "tarokklub.evening/1", "rules": "vlk", "players": [A, B, C], "deals": [
        {"dealer": A, "kind": "redeal"}, {"dealer": A, "kind": "misdeal", "passed": "yes"},
        {"dealer": A, "pagat": {"owner": B, "fate": "home"}, "last_trick": C, "counts": {B: 26, C: 26},
         "ultimo_forfeited": B}]}
    with pytest.raises(EveningError) as refused:
        interchange.parse_evening(file)
    assert [(p.deal, p.field, p.code) for p in refused.value.problems] == [
        (1, "kind", "redeal_not_on_card"), (2, "passed", "not_bool"), (3, "ultimo_forfeited", "not_list")]
    assert refused.value.problems[0].text("da") == ("spil 1: kind: takstkortet 'vlk' kender ikke en ny give "
                                                    "uden betaling")


def test_a_card_of_a_first_edition_in_a_file_is_a_copy_of_a_built_in_card():
    from families.danish.engine.interchange import card_base
    assert card_base(AELDRE1900_FIRST) is AELDRE1900_FIRST and card_base(AELDRE1900) is AELDRE1900
    assert card_base(DTF2011) is DTF2011 and card_base(DTF2011_FIRST) is VLK   # a copy of VLK's, as ever
    club = AELDRE1900_FIRST.to_dict() | {"name": "club", "title": "Gammel klub", "tout_each": 100}
    file = {"format": "tarokklub.evening/1", "rules": "club", "rate_card": club, "players": [A, B, C, D, E],
            "deals": [{"dealer": A, "failed_tout": B, "pagat": {"owner": B, "fate": "home"}, "last_trick": A,
                       "counts": {A: 30, B: 20}}]}
    assert interchange.parse_evening(file).card.tout_each == 100


def test_king_fates_are_untouched_by_the_discard():
    # a king is never laid away, on any card
    deal = played(kings=((Suit.HEARTS, CardFate(A, Fate.DISCARDED)),))
    assert ("kings.hearts.fate", "king_discarded") in codes(deal, AELDRE1900)
