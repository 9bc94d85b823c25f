"""An evening under another card (docs/what-if.md) as a pure function of the recorded deals."""
import datetime as dt
from dataclasses import replace
from decimal import Decimal

from families.danish.engine.generate import random_evening
from families.danish.engine.interchange import deal_to_dict
from scoring.engine.families import family
from scoring.engine.money import Purse
from scoring.engine.what_if import WhatIfTable, evening_what_if, player_totals_of, table_under
from tests.minifamily.engine import FAMILY as MINI
from tests.minifamily.engine.rates import DEFAULT_RATE_CARD as MINI_CARD

PLAYERS = ("Anne", "Bent", "Carl")
#: Anne's highest count, then Bent's (tests/minifamily: the highest count wins ``win`` from each other
#: player and pays ``fee`` into the kitty, which goes to the lowest total at the close)
DEALS = ((1, {"dealer": "Anne", "counts": {"Anne": 60, "Bent": 30, "Carl": 10}}),
         (2, {"dealer": "Bent", "counts": {"Anne": 20, "Bent": 70, "Carl": 10}}))


def test_the_same_deals_under_a_card_that_pays_double_worked_by_hand():
    double = replace(MINI_CARD, name="double", title="Double", win=10, fee=2)
    # as played (win 5, fee 1): Anne 10 - 1 - 5, Bent -5 + 10 - 1, Carl -5 - 5 and the kitty's 2
    assert table_under(MINI, PLAYERS, DEALS, MINI_CARD, closed=True).totals == (4, 4, -8)
    # under the card: Anne 20 - 2 - 10, Bent -10 + 20 - 2, Carl -10 - 10 and the kitty's 4; open, the kitty stays
    assert table_under(MINI, PLAYERS, DEALS, double, closed=True).totals == (8, 8, -16)
    assert table_under(MINI, PLAYERS, DEALS, double, closed=False).totals == (8, 8, -20)
    # the money at 0,25 a point: Carl pays each of the others 4 points as played, 8 under the card
    result = evening_what_if(MINI, [WhatIfTable(1, PLAYERS, (11, 12, 13), DEALS, (4, 4, -8))], double,
                             Decimal("0.25"), closed=True)
    assert [(p.key, p.recorded_points, p.points, p.points_difference, p.recorded_money, p.money, p.money_difference)
            for p in result.players] == [
        (11, 4, 8, 4, Decimal("1.00"), Decimal("2.00"), Decimal("1.00")),
        (12, 4, 8, 4, Decimal("1.00"), Decimal("2.00"), Decimal("1.00")),
        (13, -8, -16, -8, Decimal("-2.00"), Decimal("-4.00"), Decimal("-2.00"))]
    assert result.refused == () and result.unseated == ()


DANISH = family("danish")


def recorded(seed: int, players: tuple[str, ...]):
    evening = random_evening(seed, players, deals=20, on=dt.date(2026, 1, 1))
    deals = tuple((n, deal_to_dict(d)) for n, d in enumerate(evening.deals, 1))
    return evening, deals, tuple(total for _p, total in DANISH.settle_evening(evening).totals)


def test_a_deal_the_card_refuses_is_left_out_of_the_what_if_only_and_the_cups_run_on_without_it():
    evening, deals, as_played = recorded(1, ("Anne", "Bent", "Carl", "Dorte"))
    card = DANISH.rate_card("grosstarock")
    under = table_under(DANISH, evening.players, deals, card, closed=True)
    refused = {r.number for r in under.refused}
    assert refused and len(refused) < len(deals)
    assert all(r.problems for r in under.refused)
    # what remains is exactly an evening of the deals the card takes, settled under it
    kept = replace(evening, deals=tuple(d for n, d in enumerate(evening.deals, 1) if n not in refused))
    assert under.totals == tuple(t for _p, t in DANISH.settle_evening(kept, card).totals)
    # under the card it was played with, nothing changes
    assert table_under(DANISH, evening.players, deals, DANISH.rate_card("vlk"), closed=True).totals == as_played


def test_a_table_the_card_cannot_seat_is_left_out_whole_and_named_and_a_season_sums_the_rest():
    four, four_deals, four_played = recorded(2, ("Anne", "Bent", "Carl", "Dorte"))
    five, five_deals, five_played = recorded(3, ("Erik", "Frida", "Gitte", "Hans", "Ida"))
    card = DANISH.rate_card("aeldre1900")   # the older book seats at most four
    tables = [WhatIfTable(1, four.players, (1, 2, 3, 4), four_deals, four_played),
              WhatIfTable(2, five.players, (5, 6, 7, 8, 9), five_deals, five_played)]
    night = evening_what_if(DANISH, tables, card, Decimal("0.25"), closed=True)
    assert [number for number, _problems in night.unseated] == [2]
    assert night.unseated[0][1][0].code == "player_count_card"
    lines = {p.key: p for p in night.players}
    assert all(lines[k].points is None and lines[k].money is None for k in (5, 6, 7, 8, 9))
    assert sum(lines[k].money for k in (1, 2, 3, 4)) == 0   # the what-if's money settles among the seated
    assert sum(p.recorded_money for p in night.players) == 0
    # a season of this evening and one of the four alone: the five's evening left out of their what-if
    alone = evening_what_if(DANISH, tables[:1], card, Decimal("0.25"), closed=True)
    season = {t.key: t for t in player_totals_of([("DKK", night), ("EUR", alone)])}
    anne, erik = season[1], season[5]
    assert anne.recorded_points == 2 * four_played[0] and anne.left_out == 0
    assert anne.points_difference == 2 * (anne.points // 2 - four_played[0])
    assert anne.money == Purse({"DKK": lines[1].money, "EUR": lines[1].money})
    assert (erik.recorded_points, erik.points, erik.money, erik.left_out) == (five_played[0], None, None, 1)
