"""Per-player figures of a Selca deal (the player page): derived from the deal and its entry."""
from families.selca.engine.interchange import parse_deal
from families.selca.engine.stats import deal_stats

from .helpers import FOUR, THREE, entry


def stats(deal, players=THREE):
    return {s.player: s for s in deal_stats(players, parse_deal(deal), entry(deal, players))}


def test_selca_stats_declarer_won_per_game_and_the_resting_dealer():
    got = stats({"dealer": "Darja", "kind": "game", "declarer": "Bojan", "game": 2, "count": 129,
                 "mondfang": {"owner": "Bojan", "by": "Ana"}}, FOUR)
    b = got["Bojan"]
    assert (b.declarer, b.declarer_won, b.two_won, b.three_won, b.net, b.mondfang) == (1, 1, 1, 0, 6 - 1, 1)
    assert not got["Darja"].active and got["Darja"].net == 0
    assert got["Ana"].declarer == 0 and got["Ana"].net == -6


def test_selca_stats_the_value_decides_won_or_lost_not_the_count():
    # §10.2: 157 thirds but the announced valat failed: V −33
    got = stats({"dealer": "Cene", "kind": "game", "declarer": "Ana", "game": 1, "count": 157,
                 "announced": ["valat"], "valat": False, "kings": "declarer"})
    assert (got["Ana"].declarer_lost, got["Ana"].one_lost, got["Ana"].declarer_won) == (1, 1, 0)


def test_selca_stats_valat_renons_and_nothing_written():
    got = stats({"dealer": "Ana", "kind": "game", "declarer": "Cene", "game": 3, "count": 207, "valat": True,
                 "renons": ["Cene"]})
    assert got["Cene"].valat == 1 and got["Cene"].renons == 1
    assert (got["Cene"].declarer_won, got["Cene"].declarer_lost, got["Cene"].net) == (0, 0, 0)


def test_selca_stats_klop_misdeal_shown():
    got = stats({"dealer": "Bojan", "kind": "klop", "counts": {"Ana": 81, "Bojan": 81, "Cene": 48}})
    assert [(s.klop, s.klop_lost) for s in got.values()] == [(1, 1), (1, 1), (1, 0)]
    got = stats({"dealer": "Bojan", "kind": "misdeal"})
    assert got["Bojan"].misdeal == 1 and got["Bojan"].net == -2 and not any(s.active for s in got.values())
    got = stats({"dealer": "Darja", "kind": "shown", "shown_by": "Ana"}, FOUR)
    assert got["Ana"].shown == 1 and not got["Darja"].active and got["Bojan"].active
