"""The tournament draw (scoring/engine/draw.py; docs/tournaments.md, "The draw"): sizes, byes, meetings
kept low against a plain random draw from the same seed, the known solutions, dealing order."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.draw import DrawError, draw_round, meetings, table_sizes

#: (the game's tournament size, the sizes its family seats): Danish, Karlsruhe, Selca, the old
#: German cards.
GAMES = {"danish": (4, (3, 4, 5)), "karlsruhe": (4, (4, 5)), "selca": (4, (3, 4)), "old_german": (3, (3,))}


def names(n: int) -> list[str]:
    return [f"Spiller {i:02d}" for i in range(1, n + 1)]


def tournament(players, rounds, game="danish", seed=7, withdrawn=None):
    """Every round's draw, each from the meetings and byes of the rounds before it; ``withdrawn``
    maps a round to the players who are gone from it on."""
    size, seatable = GAMES[game]
    players, draws, byes = list(players), [], {}
    for number in range(1, rounds + 1):
        for gone in (withdrawn or {}).get(number, ()):
            players.remove(gone)
        draw = draw_round(players, number=number, seed=seed * 100 + number, tournament_seed=seed, size=size,
                          seatable=seatable, met=meetings(d.tables for d in draws), byes_so_far=byes)
        draws.append(draw)
        for player in draw.byes:
            byes[player] = byes.get(player, 0) + 1
    return draws


@pytest.mark.parametrize("seed", [1, 2, 3, 2026])
def test_sixteen_players_in_fours_over_five_rounds_meet_no_pair_twice(seed):
    draws = tournament(names(16), 5, seed=seed)
    assert all(len(d.tables) == 4 and all(len(t) == 4 for t in d.tables) and not d.byes for d in draws)
    assert max(meetings(d.tables for d in draws).values()) == 1
    assert len(meetings(d.tables for d in draws)) == 16 * 15 // 2        # everybody met everybody once


def test_sixty_four_players_over_seven_rounds_meet_no_pair_twice():
    draws = tournament(names(64), 7)
    assert sum(d.repeats for d in draws) == 0
    assert max(meetings(d.tables for d in draws).values()) == 1


def test_nine_at_the_old_german_cards_meet_no_pair_twice_in_four_rounds():
    draws = tournament(names(9), 4, game="old_german")
    assert max(meetings(d.tables for d in draws).values()) == 1


def test_the_search_meets_fewer_pairs_again_than_the_plain_draw_where_no_plane_helps():
    draws = tournament(names(20), 6, seed=11)
    assert sum(d.repeats for d in draws) < sum(d.random_repeats for d in draws)


@settings(max_examples=40)
@given(n=st.integers(8, 64), rounds=st.integers(1, 7), game=st.sampled_from(sorted(GAMES)),
       seed=st.integers(0, 10_000))
def test_every_draw_seats_everybody_once_fairly_and_never_worse_than_the_plain_draw(n, rounds, game, seed):
    size, seatable = GAMES[game]
    players = names(n)
    draws = tournament(players, rounds, game=game, seed=seed)
    byes: dict[str, int] = {p: 0 for p in players}
    for draw in draws:
        seated = [p for t in draw.tables for p in t]
        assert sorted(seated + list(draw.byes)) == sorted(players)       # each player once
        assert all(len(t) in seatable for t in draw.tables)
        assert draw.repeats <= draw.random_repeats
        # the lowest number deals first, the others follow in their numbers' order
        assert all([draw.numbers[p] for p in t] == sorted(draw.numbers[p] for p in t) for t in draw.tables)
        assert sorted(draw.numbers.values()) == list(range(1, len(seated) + 1))
        # nobody has a second bye before everybody has had one: the round's byes go to players
        # with no more byes than anybody who plays
        playing = [byes[p] for p in players if p not in draw.byes]
        assert not draw.byes or not playing or max(byes[p] for p in draw.byes) <= min(playing)
        for player in draw.byes:
            byes[player] += 1
        assert max(byes.values()) - min(byes.values()) <= 1


def test_the_draw_is_reproducible_from_its_seed_and_changes_with_it():
    first = tournament(names(24), 3, seed=5)
    assert first == tournament(names(24), 3, seed=5)
    assert [d.tables for d in first] != [d.tables for d in tournament(names(24), 3, seed=6)]
    # the order the players are given in does not matter
    assert first == tournament(list(reversed(names(24))), 3, seed=5)


def test_a_withdrawn_player_is_not_drawn_again():
    draws = tournament(names(17), 4, withdrawn={3: ["Spiller 05"]})
    assert all("Spiller 05" not in d.numbers and "Spiller 05" not in d.byes for d in draws[2:])
    assert "Spiller 05" in draws[0].numbers or "Spiller 05" in draws[0].byes


@pytest.mark.parametrize(("players", "size", "seatable", "expected"), [
    (16, 4, (3, 4, 5), ((4, 4, 4, 4), 0)),
    (17, 4, (3, 4, 5), ((5, 4, 4, 4), 0)),
    (10, 4, (3, 4, 5), ((4, 3, 3), 0)),        # sizes other than four only as ten demands
    (7, 4, (3, 4, 5), ((4, 3), 0)),
    (7, 4, (4, 5), ((5,), 2)),                 # Karlsruhe seats four or five: two byes
    (10, 3, (3,), ((3, 3, 3), 1)),             # the old German cards: three at a table, one bye
    (6, 4, (3, 4), ((3, 3), 0)),
    (3, 3, (3,), ((3,), 0)),
])
def test_table_sizes(players, size, seatable, expected):
    assert table_sizes(players, size, seatable) == expected


@pytest.mark.parametrize(("players", "size", "seatable"), [(2, 3, (3,)), (3, 4, (4, 5)), (0, 4, (3, 4, 5))])
def test_too_few_players_for_one_table_are_refused(players, size, seatable):
    with pytest.raises(DrawError):
        table_sizes(players, size, seatable)
    with pytest.raises(DrawError):
        draw_round(names(players), number=1, seed=1, size=size, seatable=seatable)


def test_a_tournament_size_the_game_does_not_seat_is_refused():
    with pytest.raises(DrawError):
        table_sizes(12, 6, (3, 4, 5))


@pytest.mark.parametrize(("players", "game"), [(16, "danish"), (13, "selca"), (10, "old_german")])
def test_a_player_is_an_opaque_id_the_draw_reads_only_their_order(players, game):
    """The service draws over player keys (docs/tournaments.md, "The stored draw"): keys in the
    names' order give the very draws the names give, round after round."""
    by_name = tournament(names(players), 4, game=game)
    key = {name: i * 7 + 3 for i, name in enumerate(names(players))}
    by_key = tournament(list(key.values()), 4, game=game)
    for named, keyed in zip(by_name, by_key):
        assert [[key[p] for p in t] for t in named.tables] == [list(t) for t in keyed.tables]
        assert [key[p] for p in named.byes] == list(keyed.byes)
        assert {key[p]: n for p, n in named.numbers.items()} == dict(keyed.numbers)
        assert (named.repeats, named.random_repeats) == (keyed.repeats, keyed.random_repeats)
