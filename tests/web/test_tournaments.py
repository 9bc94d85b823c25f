"""Tournaments (docs/tournaments.md): the services (create, register, draw, draw again, confirm, close
with rulings, withdraw, disqualify, reinstate, absent, delete a round, unregister) and the standings,
on the database."""
from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal
from fractions import Fraction

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import services
from scoring.engine import families, placement
from scoring.models import (
    Club, Deal, Entrant, EntrantStatus, Evening, JournalEntry, RoundState, Seat, Table, Tournament, TournamentEvent,
    TournamentRound
)
from scoring.selectors.standings import standings
from scoring.selectors.tournaments import draw_numbers, format_score, table_progress, tournament_standings

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


@pytest.fixture
def club():
    return Club.objects.create(name="Turneringsklubben", kroner_per_point=Decimal("0.25"))


def names(n):
    return [f"Spiller {i:02d}" for i in range(1, n + 1)]


def make(club, players=16, rules="vlk", name=None, **options):
    options = {"rounds": 5, "round_length": 2, **options}
    tournament = services.tournament_create(club=club, name=name or f"Mesterskab {rules}", rules=rules, seed=42,
                                            **options)
    for name in names(players):
        services.entrant_register(tournament=tournament, name=name)
    return tournament


def play(round, deals=None, seed=1):
    """Record random deals at every table of a confirmed round: ``deals`` each, or (default) until the
    table has played the round's length (a misdeal or a shown hand is no game)."""
    rng = random.Random(seed)
    for table in Table.objects.filter(evening=round.evening).order_by("number"):
        game = families.family(table.family)
        seated = tuple(table.seats.order_by("position").values_list("player__name", flat=True))
        last = Deal.objects.filter(table=table, current=True).order_by("-number").first()
        dealer = seated[0] if last is None else game.dealer_after(seated, last.dealer.name, last.kind)
        for _ in range(deals if deals is not None else 1000):
            if deals is None and table_progress(round, table)[0].complete:
                break
            deal = game.random_deal(rng, seated, dealer, table.card)
            services.deal_record(table=table, outcome=game.deal_to_dict(deal))
            dealer = game.dealer_after(seated, dealer, deal.kind.value)


def play_round(tournament, seed=1):
    drawn = services.round_draw(tournament=tournament, seed=seed)
    playing = services.round_confirm(round=drawn, shown_seed=drawn.seed)
    play(playing, seed=seed)
    return services.round_close(round=playing)


def test_a_round_is_drawn_shown_redrawn_and_confirmed_as_an_evening_of_ordinary_tables(club):
    tournament = make(club)
    drawn = services.round_draw(tournament=tournament, seed=7)
    assert drawn.state == RoundState.DRAWN and drawn.evening is None
    assert [len(t) for t in drawn.draw["tables"]] == [4, 4, 4, 4] and drawn.draw["byes"] == []
    with pytest.raises(services.RecordingError, match="allerede trukket"):
        services.round_draw(tournament=tournament, seed=8)
    again = services.round_redraw(round=drawn, shown_seed=7, seed=8)
    assert TournamentRound.objects.filter(tournament=tournament).count() == 1 and again.seed != 7
    # another grouping as good: sixteen in fours before any round take another of the plane's
    assert {frozenset(t) for t in map(frozenset, again.draw["tables"])} != {frozenset(t) for t in drawn.draw["tables"]}
    playing = services.round_confirm(round=again, shown_seed=again.seed, date=dt.date(2026, 5, 2))
    evening = playing.evening
    assert playing.state == RoundState.PLAYING and evening.club == club and evening.date == dt.date(2026, 5, 2)
    assert evening.counts_in_standings is False and evening.kroner_per_point == Decimal("0")
    tables = list(evening.tables.order_by("number"))
    assert [[s.player_id for s in t.seats.order_by("position")] for t in tables] == again.draw["tables"]
    # the lowest number deals first at each table
    numbers = draw_numbers(again.draw)
    for seated in again.draw["tables"]:
        assert [numbers[p] for p in seated] == sorted(numbers[p] for p in seated)
    kinds = list(TournamentEvent.objects.filter(tournament=tournament).values_list("kind", flat=True))
    assert kinds.count("drawn") == 2 and kinds[-1] == "confirmed" and kinds.count("registered") == 16


def test_a_draw_is_confirmed_only_as_the_director_saw_it(club):
    tournament = make(club, players=12)
    shown = services.round_draw(tournament=tournament, seed=7)
    services.round_redraw(round=shown, shown_seed=7, seed=9)           # another director draws again
    with pytest.raises(services.StaleDraw, match="trukket igen"):
        services.round_confirm(round=shown, shown_seed=7)
    with pytest.raises(services.StaleDraw):
        services.round_redraw(round=shown, shown_seed=7)
    assert TournamentRound.objects.get(tournament=tournament).state == RoundState.DRAWN
    # registering while a draw is shown discards it (logged): its confirmation is refused
    current = TournamentRound.objects.get(tournament=tournament)
    services.entrant_register(tournament=tournament, name="Sen ankomst")
    assert not TournamentRound.objects.filter(tournament=tournament).exists()
    discarded = TournamentEvent.objects.get(tournament=tournament, kind="discarded")
    assert (discarded.round, discarded.seed, discarded.reason) == (1, current.seed, "registered")
    with pytest.raises(services.StaleDraw):
        services.round_confirm(round=current, shown_seed=current.seed)
    assert not Evening.objects.filter(club=club).exists()


def test_drawing_again_says_so_where_no_other_grouping_is_as_good(club):
    tournament = make(club, players=4, rounds=2)
    shown = services.round_draw(tournament=tournament, seed=1)
    with pytest.raises(services.RecordingError, match="ikke fundet en anden"):
        services.round_redraw(round=shown, shown_seed=1)
    assert TournamentRound.objects.get(tournament=tournament).seed == 1


def test_a_round_closes_when_every_table_is_complete_or_by_the_director_s_ruling(club):
    tournament = make(club, players=12, round_length=3, scoring="scaled")
    playing = services.round_confirm(round=services.round_draw(tournament=tournament, seed=1))
    play(playing)
    short = Table.objects.get(evening=playing.evening, number=2)
    Deal.objects.filter(pk=Deal.objects.filter(table=short, kind="played").order_by("-number").first().pk).update(
        voided=True)
    with pytest.raises(services.RecordingError) as refused:
        services.round_close(round=playing)
    assert "Bordene er ikke færdige: bord 2 (2 af 3)." in str(refused.value)
    assert {e.field for e in refused.value.errors} == {"round", "ruling_2", "reason_2"}
    # a scorekeeper cannot close the round's evening from a table page: it closes with the round
    with pytest.raises(services.RecordingError, match="runde 1 af"):
        services.evening_close(evening=playing.evening)
    assert Evening.objects.get(pk=playing.evening_id).closed_at is None
    with pytest.raises(services.RecordingError) as no_reason:
        services.round_close(round=playing, rulings={2: ("adjusted", " ")})
    assert [e.field for e in no_reason.value.errors][1:] == ["reason_2"]
    closed = services.round_close(round=playing, rulings={2: ("adjusted", "Bent blev syg")})
    assert closed.state == RoundState.CLOSED and closed.evening.closed_at is not None
    assert closed.rulings == {"2": {"ruling": "adjusted", "reason": "Bent blev syg"}}
    seated = set(Seat.objects.filter(table=short).values_list("player_id", flat=True))
    rows = tournament_standings(tournament)
    for row in rows:
        result = row.rounds[1]
        if row.player_id in seated:      # adjusted: as if all had tied, a seat's average and no points
            assert (result.score, result.points, result.ruling) == (6, 0, "adjusted")
    assert sum(r.score for r in rows) == 6 * 12       # a seat is worth 6 at every table
    ruled = TournamentEvent.objects.get(tournament=tournament, kind="ruled")
    assert (ruled.detail, ruled.reason) == ({"table": 2, "ruling": "adjusted"}, "Bent blev syg")


def test_a_round_s_length_counts_the_games_played_as_the_family_says(club):
    """A Danish misdeal is no game (``Family.played_kinds``); a tournament created before counted
    every deal and keeps that rule (``length_counts``)."""
    for counts, done in (("games", 1), ("deals", 2)):
        tournament = make(club, players=4, rounds=1, round_length=2, length_counts=counts, name=counts)
        playing = services.round_confirm(round=services.round_draw(tournament=tournament, seed=1))
        table = playing.evening.tables.get()
        seated = tuple(table.seats.order_by("position").values_list("player__name", flat=True))
        services.deal_record(table=table, outcome={"dealer": seated[0], "kind": "misdeal"})
        play(playing, deals=1)
        assert services.tournaments.short_tables(playing) == ([(1, done, 2)] if done < 2 else [])


def test_dealer_turns_count_each_player_s_deals(club):
    tournament = make(club, players=8, round_length_kind="dealer", round_length=1)
    playing = services.round_confirm(round=services.round_draw(tournament=tournament, seed=1))
    play(playing, deals=3)     # three deals: one of the four players at each table has not dealt yet
    with pytest.raises(services.RecordingError, match="bord 1 \\(0 af 1\\), bord 2 \\(0 af 1\\)"):
        services.round_close(round=playing)
    # until every player has dealt a game: a scrapped deal, dealt again by the same dealer, is no
    # turn of another, and a misdeal is no game
    play(playing, seed=2)
    closed = services.round_close(round=playing)
    assert closed.state == RoundState.CLOSED
    dealt = set(Deal.objects.filter(table__evening=closed.evening, current=True, kind="played").values_list(
        "dealer_id", flat=True))
    assert dealt == {n for t in closed.draw["tables"] for n in t}


def test_sixteen_players_over_five_rounds_meet_no_pair_twice_and_the_standings_add_up(club):
    tournament = make(club)
    for number in range(1, 6):
        play_round(tournament, seed=number)
    met = {}
    for r in tournament.round_set.all():
        assert r.draw["repeats"] == 0
        for table in r.draw["tables"]:
            for i, a in enumerate(table):
                for b in table[i + 1:]:
                    met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
    assert max(met.values()) == 1
    rows = tournament_standings(tournament)
    assert len(rows) == 16 and [r.rank for r in rows] == sorted(r.rank for r in rows)
    assert sum(r.points for r in rows) == 0          # a payment game: every round's points sum to zero
    assert all(len(r.rounds) == 5 for r in rows)
    with pytest.raises(services.RecordingError, match="5 runder"):
        services.round_draw(tournament=tournament)


def test_a_score_prints_its_halves():
    assert format_score(Fraction(5, 2)) == "2½" and format_score(Fraction(-1, 2)) == "−½"


@pytest.mark.parametrize(("scoring", "seat"), [("places", Fraction(3, 2)), ("scaled", 6)])
def test_placement_standings_sum_to_the_places_given_in_the_tournament_s_scheme(club, scoring, seat):
    tournament = make(club, players=12, scoring=scoring, rounds=2)
    play_round(tournament, seed=3)
    rows = tournament_standings(tournament)
    assert sum(r.score for r in rows) == 12 * seat
    scheme = placement.scheme(scoring)
    assert all(r.rounds[1].score == placement.table_scores(scheme, {
        x.name: x.rounds[1].points for x in rows if x.rounds[1].table == r.rounds[1].table})[r.name] for r in rows)


def test_byes_score_zero_or_the_player_s_average_and_nobody_has_two_before_all_had_one(club):
    # five at the old German cards (three-handed; four with one sitting out): one table of four, one bye
    tournament = make(club, players=5, rules="taroc1754", rounds=5, bye_score="average", scoring="places")
    for number in range(1, 6):
        play_round(tournament, seed=number)
    byes = {}
    for r in tournament.round_set.all():
        assert [len(t) for t in r.draw["tables"]] == [4] and len(r.draw["byes"]) == 1
        for key in r.draw["byes"]:
            byes[key] = byes.get(key, 0) + 1
    assert max(byes.values()) == 1
    for row in tournament_standings(tournament):
        played = [x.score for x in row.rounds.values() if not x.bye]
        for result in row.rounds.values():
            if result.bye:
                assert result.score == sum(played, Fraction(0)) / len(played)


def test_a_withdrawn_player_is_drawn_no_more_and_a_disqualified_one_is_out_of_the_ranking(club):
    tournament = make(club, players=13)
    play_round(tournament, seed=1)
    services.entrant_leave(tournament=tournament, player=club.players.get(name="Spiller 01"), disqualify=False,
                           reason="Syg")
    services.entrant_leave(tournament=tournament, player=club.players.get(name="Spiller 02"), disqualify=True,
                           reason="Gentaget forsætlig renons")
    drawn = services.round_draw(tournament=tournament, seed=2)
    gone = set(club.players.filter(name__in=("Spiller 01", "Spiller 02")).values_list("pk", flat=True))
    assert not gone & set(draw_numbers(drawn.draw)) and not gone & set(drawn.draw["byes"])
    rows = {r.name: r for r in tournament_standings(tournament)}
    assert rows["Spiller 01"].rank is not None and 1 in rows["Spiller 01"].rounds
    assert rows["Spiller 02"].rank is None and 1 in rows["Spiller 02"].rounds
    assert Entrant.objects.get(player__name="Spiller 02").status == EntrantStatus.DISQUALIFIED
    with pytest.raises(services.RecordingError, match="begrundelse"):
        services.entrant_leave(tournament=tournament, player=club.players.get(name="Spiller 03"), disqualify=False,
                               reason=" ")


def test_reinstated_absent_and_the_standings_as_they_stood_after_each_round(club):
    tournament = make(club, players=9, rounds=4, round_length=1)
    ana, bo, cy = (club.players.get(name=f"Spiller 0{i}") for i in (1, 2, 3))
    play_round(tournament, seed=1)
    playing = services.round_confirm(round=services.round_draw(tournament=tournament, seed=2))
    # disqualified while round 2 is played: in its standings, not in round 1's
    services.entrant_leave(tournament=tournament, player=ana, disqualify=True, reason="Renons")
    services.absence_set(tournament=tournament, player=bo, reason="Kommer sent")
    play(playing)
    services.round_close(round=playing)
    after = {n: {r.player_id: r for r in tournament_standings(tournament, n)} for n in (1, 2)}
    assert after[1][ana.pk].status == "active" and after[1][ana.pk].rank is not None
    assert after[2][ana.pk].status == "disqualified" and after[2][ana.pk].rank is None
    third = services.round_draw(tournament=tournament, seed=3)
    assert ana.pk not in draw_numbers(third.draw) and third.draw["absent"] == [bo.pk]
    assert bo.pk not in draw_numbers(third.draw) and bo.pk not in third.draw["byes"]
    # reinstating and marking absent again discard the draw shown; each undone with a reason
    services.entrant_reinstate(tournament=tournament, player=ana, reason="Kommissionen omgjorde")
    services.absence_clear(tournament=tournament, player=bo, reason="Kom alligevel")
    services.absence_set(tournament=tournament, player=cy, reason="Kommer sent")
    assert not TournamentRound.objects.filter(tournament=tournament, state="drawn").exists()
    third = services.round_draw(tournament=tournament, seed=3)
    assert {ana.pk, bo.pk} <= set(draw_numbers(third.draw)) and third.draw["absent"] == [cy.pk]
    services.round_confirm(round=third)
    rows = {r.player_id: r for r in tournament_standings(tournament)}
    assert rows[ana.pk].status == "active" and rows[cy.pk].rounds[3].absent and rows[cy.pk].rounds[3].score == 0
    assert tournament_standings(tournament, 2)[0].rounds.keys() <= {1, 2}
    kinds = list(TournamentEvent.objects.filter(tournament=tournament, kind__in=(
        "disqualified", "reinstated", "absent", "present")).values_list("kind", "round", "reason"))
    assert kinds == [("disqualified", 2, "Renons"), ("absent", 3, "Kommer sent"),
                     ("reinstated", 3, "Kommissionen omgjorde"), ("present", 3, "Kom alligevel"),
                     ("absent", 3, "Kommer sent")]
    with pytest.raises(services.RecordingError, match="er med i turneringen"):
        services.entrant_reinstate(tournament=tournament, player=ana, reason="igen")


def test_the_last_round_is_deleted_while_nothing_was_played_in_it(club):
    tournament = make(club, players=8, rounds=3, round_length=1)
    play_round(tournament, seed=1)
    drawn = services.round_draw(tournament=tournament, seed=2)
    playing = services.round_confirm(round=drawn)
    evening, tables = playing.evening, list(Table.objects.filter(evening=playing.evening))
    first = TournamentRound.objects.get(tournament=tournament, number=1)
    with pytest.raises(services.RecordingError, match="sidste"):
        services.round_delete(round=first, reason="fejl")
    with pytest.raises(services.RecordingError, match="begrundelse"):
        services.round_delete(round=playing, reason="")
    assert services.round_delete(round=playing, reason="Godkendt for tidligt") == 2
    assert not TournamentRound.objects.filter(tournament=tournament, number=2).exists()
    # the evening stays in the books, closed as it stood: each opening's cups shared back, no entry deleted
    evening.refresh_from_db()
    assert evening.closed_at is not None and evening.counts_in_standings is False
    assert JournalEntry.objects.filter(table__in=tables, kind="opening").count() == len(tables)
    from scoring.selectors.ledger_audit import table_differences
    assert all(table_differences(t) == [] for t in tables)
    log = TournamentEvent.objects.get(tournament=tournament, kind="deleted")
    assert (log.round, log.seed, log.reason) == (2, drawn.seed, "Godkendt for tidligt")
    assert log.detail == {"tables": drawn.draw["tables"], "evening": evening.pk}
    again = services.round_confirm(round=services.round_draw(tournament=tournament, seed=5))
    play(again, deals=1)
    with pytest.raises(services.RecordingError, match="har spil"):
        services.round_delete(round=again, reason="fejl")


def test_a_registration_is_removed_with_a_reason_only_before_he_played(club):
    tournament = make(club, players=8, rounds=2, round_length=1)
    extra = services.entrant_register(tournament=tournament, name="Fejltilmeldt").player
    with pytest.raises(services.RecordingError) as no_reason:
        services.entrant_unregister(tournament=tournament, player=extra, reason="")
    assert no_reason.value.errors[0].field == "reason"
    services.entrant_unregister(tournament=tournament, player=extra, reason="Tastefejl")
    assert not Entrant.objects.filter(tournament=tournament, player=extra).exists()
    play_round(tournament, seed=1)
    with pytest.raises(services.RecordingError) as played:
        services.entrant_unregister(tournament=tournament, player=club.players.get(name="Spiller 01"), reason="x")
    assert played.value.errors[0].field == "player"


def test_bad_input_is_refused_by_field_with_nothing_written(club):
    tournament = make(club, players=3)
    with pytest.raises(services.RecordingError) as twice:
        services.entrant_register(tournament=tournament, name="Spiller 01")
    assert twice.value.errors[0].field == "name" and "Spiller 01" in str(twice.value)
    assert Entrant.objects.filter(tournament=tournament).count() == 3
    karlsruhe = make(club, players=3, rules="karlsruhe")
    with pytest.raises(services.RecordingError) as few:
        services.round_draw(tournament=karlsruhe)
    assert few.value.errors[0].field == "players" and "3 spillere" in str(few.value)
    assert not TournamentRound.objects.filter(tournament=karlsruhe).exists()
    for field, value in (("rounds", "0"), ("round_length", "x"), ("rules", "nosuchcard"),
                         ("kroner_per_point", "-1"), ("scoring", "lottery"), ("name", " ")):
        arguments = {"rounds": 3, "round_length": 4, "rules": "vlk", "name": "Ny", field: value}
        with pytest.raises(services.RecordingError) as refused:
            services.tournament_create(club=club, **arguments)
        assert refused.value.errors[0].field == field
    assert Tournament.objects.filter(club=club).count() == 2


def test_a_tournament_kept_out_of_the_season_standings_is_not_in_them(club):
    tournament = make(club, players=8, rounds=1)
    play_round(tournament)
    assert standings(club, rules="vlk") == []
    counted = make(club, players=8, rounds=1, counts_in_standings=True, kroner_per_point="0.50", name="Pokal")
    play_round(counted)
    rows = standings(club, rules="vlk")
    assert len(rows) == 8 and sum(r.points for r in rows) == 0
    assert counted.round_set.get().evening.kroner_per_point == Decimal("0.50")


def test_every_family_plays_a_round(club):
    for rules in ("vlk", "karlsruhe", "selca", "grosstarock"):
        tournament = make(club, players=8, rules=rules, rounds=1)
        closed = play_round(tournament)
        rows = tournament_standings(tournament)
        assert closed.evening.tables.count() >= 2 and all(1 in r.rounds for r in rows)
        assert sum(r.points for r in rows) == 0, rules


def test_the_standings_cost_the_same_queries_after_two_rounds_as_after_seven(club):
    tournament = make(club, players=8, rounds=7, round_length=1)
    counts = {}
    for number in range(1, 8):
        play_round(tournament, seed=number)
        if number in (2, 7):
            with CaptureQueriesContext(connection) as queries:
                tournament_standings(Tournament.objects.get(pk=tournament.pk))
            counts[number] = len(queries)
    assert counts[2] == counts[7]


def test_the_season_report_ranks_only_what_counts_but_books_every_krone(club):
    from scoring.selectors.season import Scope, season_report

    kept_out = make(club, players=8, rounds=1, kroner_per_point="0.50", name="Uden for stillingen")
    play_round(kept_out)
    report = season_report(Scope(club))
    assert all(not r.rows for r in report.rule_sets)              # nobody ranked by a round kept out
    evening = kept_out.round_set.get().evening
    line = next(line for line in report.evenings if line.evening_id == evening.pk)
    assert line.deals == 4 and line.moved == sum((t.kroner for t in report.transfers), Decimal("0"))
