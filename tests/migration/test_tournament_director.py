"""The tournaments' migration for the director (``scoring/migrations/0031_tournament_director.py``;
docs/tournaments.md) on a database as the code before it wrote one: the database is taken back to
0030, a tournament is written with that state's models as the services before wrote it (placement
points "places", a round closed with a misdeal among its deals, the table's money in the journal),
then migrated forwards and read by today's code. It keeps what it was played with: its standings
(n − 1 … 0 at a table of n, not the scaled scheme) and its closed round (every deal counted towards
the length, the misdeal too). Run on SQLite and on PostgreSQL alike (it touches the database)."""
from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.every_database]

BEFORE = [("scoring", "0030_club_payment_details")]


def migrate(targets):
    MigrationExecutor(connection).migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


def latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@pytest.fixture
def old():
    apps = migrate(BEFORE)
    yield apps
    migrate(latest())


def test_a_tournament_played_before_keeps_its_scheme_and_its_round_s_length(old):
    model = {name: old.get_model("scoring", name) for name in (
        "Club", "Player", "Tournament", "Entrant", "TournamentRound", "Evening", "Table", "Seat", "Deal",
        "JournalEntry", "Leg")}
    club = model["Club"].objects.create(name="Før opdateringen")
    names = ("Anne", "Bent", "Carl", "Dorte")
    players = {name: model["Player"].objects.create(club=club, name=name) for name in names}
    cup = model["Tournament"].objects.create(
        club=club, name="Pokal", rules="vlk", family="danish", rate_card_json="{}", rounds=2, round_length=2,
        round_length_kind="deals", scoring="places", bye_score="zero", seed=11)
    for player in players.values():
        model["Entrant"].objects.create(tournament=cup, player=player)
    evening = model["Evening"].objects.create(club=club, date=dt.date(2026, 10, 1), counts_in_standings=False,
                                              closed_at=dt.datetime(2026, 10, 1, 23, tzinfo=dt.timezone.utc),
                                              kroner_per_point=0, currency="DKK")
    keys = [players[name].pk for name in names]
    model["TournamentRound"].objects.create(
        tournament=cup, number=1, seed=5, state="closed", evening=evening,
        draw={"tables": [keys], "byes": [], "numbers": [[k, n] for n, k in enumerate(keys, 1)], "repeats": 0,
              "random_repeats": 0})
    table = model["Table"].objects.create(evening=evening, number=1, rules="vlk", family="danish")
    for position, name in enumerate(names):
        model["Seat"].objects.create(table=table, player=players[name], position=position, name=name)
    # two deals as the round closed them: a misdeal and a played deal (the old rule counted both)
    for number, kind in ((1, "misdeal"), (2, "played")):
        model["Deal"].objects.create(table=table, number=number, dealer=players["Anne"], kind=kind,
                                     outcome_json="{}")
    # the table's money as the journal holds it: Anne +10, Bent +5, Carl −5, Dorte −10
    with transaction.atomic():        # PostgreSQL checks an entry's sum at the commit
        entry = model["JournalEntry"].objects.create(table=table, kind="deal", pots_after={})
        for name, amount in zip(names, (10, 5, -5, -10)):
            model["Leg"].objects.create(entry=entry, account="player", player=players[name], amount=amount)
        model["JournalEntry"].objects.filter(pk=entry.pk).update(posted=True)

    migrate(latest())
    from scoring import services
    from scoring.models import Tournament
    from scoring.selectors.tournaments import tournament_standings
    from scoring.services.tournaments import short_tables

    cup = Tournament.objects.get(pk=cup.pk)
    assert (cup.scoring, cup.length_counts) == ("places", "deals")
    assert short_tables(cup.round_set.get(number=1)) == []       # the misdeal still counts: complete
    scores = {row.name: row.rounds[1].score for row in tournament_standings(cup)}
    assert scores == {"Anne": 3, "Bent": 2, "Carl": 1, "Dorte": 0}                      # n − 1 … 0
    assert sum(scores.values()) == 4 * Fraction(3, 2)
    # a tournament created now counts the games played, and may take the scaled scheme
    new = services.tournament_create(club=cup.club, name="Ny", rules="vlk", rounds=1, round_length=1,
                                     scoring="scaled")
    assert (new.scoring, new.length_counts) == ("scaled", "games")
