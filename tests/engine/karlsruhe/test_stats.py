"""Per-player figures of a Karlsruhe deal (the player page): derived from the deal and its entry."""
from families.karlsruhe.engine.interchange import parse_deal
from families.karlsruhe.engine.stats import deal_stats

from .helpers import FIVE, FOUR, entry


def stats(deal, players=FOUR, state=0):
    return {s.player: s for s in deal_stats(players, parse_deal(deal), entry(deal, players, state))}


def test_karlsruhe_stats_rufer_declarer_and_partner():
    got = stats({"dealer": "Anna", "game": "koenigsrufer", "declarer": "Bernd", "called_king": "hearts",
                 "partner": "Dieter", "declarers_count": 130}, state=1)
    assert (got["Bernd"].declarer, got["Bernd"].declarer_won, got["Bernd"].partner) == (1, 1, 0)
    assert (got["Dieter"].declarer, got["Dieter"].partner, got["Dieter"].partner_won) == (0, 1, 1)
    assert got["Anna"].net == -4 and got["Anna"].radl == 1
    assert sum(s.declarer for s in got.values()) == 1


def test_karlsruhe_stats_valat_by_the_opponents_and_the_sitter_out():
    got = stats({"dealer": "Emil", "game": "dreier", "declarer": "Clara",
                 "valat": {"side": "opponents", "won": True}}, FIVE)
    assert {p for p, s in got.items() if s.valat} == {"Anna", "Bernd", "Dieter"}
    assert got["Clara"].declarer_lost == 1 and got["Clara"].net == -192
    assert not got["Emil"].active and got["Emil"].net == 0


def test_karlsruhe_stats_fahrer_and_misdeal():
    got = stats({"dealer": "Anna", "game": "fahrer", "counts": {"Anna": 60, "Bernd": 50, "Clara": 50, "Dieter": 50}})
    assert all(s.fahrer == 1 and s.declarer == 0 for s in got.values())
    got = stats({"dealer": "Anna", "kind": "misdeal"})
    assert not any(s.active for s in got.values())
