"""The draws' migration to player keys (``scoring/migrations/0019_draw_by_key.py``; docs/tournaments.md,
"The stored draw") on a database as the code before it wrote one: the database is taken back to 0018,
the rows are written with that state's models exactly as the services before wrote them (draws by
name: ``{"tables": [[name, …]], "byes": [name], "numbers": {name: n}, "repeats": n, "random_repeats":
n}``, the club's rename log, a round's evening and seats), then migrated forwards. Run on SQLite and
on PostgreSQL alike (it touches the database)."""
from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.every_database]

BEFORE = [("scoring", "0018_mail_render_attempts")]
AFTER = [("scoring", "0019_draw_by_key")]
T0 = dt.datetime(2026, 10, 1, 19, 0, tzinfo=dt.timezone.utc)


def migrate(targets):
    """The database migrated to ``targets``; that state's models."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


def latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@pytest.fixture
def old():
    apps = migrate(BEFORE)
    yield apps
    migrate(latest())


def at(model, row, hours: float):
    """``row``'s ``at`` set to T0 + ``hours`` (auto_now_add writes the time of the call)."""
    model.objects.filter(pk=row.pk).update(at=T0 + dt.timedelta(hours=hours))


def old_draw(tables, byes):
    """A draw as ``services.round_draw`` wrote it before: by name, numbers a dict by name."""
    numbers = {name: n for n, name in enumerate((name for t in tables for name in t), start=1)}
    return {"tables": [list(t) for t in tables], "byes": list(byes), "numbers": numbers, "repeats": 0,
            "random_repeats": 0}


class Old:
    """Rows written the way the code before the migration wrote them, with that state's models."""

    def __init__(self, apps):
        self.apps = apps
        for name in ("Club", "Player", "ClubEvent", "Tournament", "Entrant", "TournamentRound", "TournamentEvent",
                     "Evening", "Table", "Seat"):
            setattr(self, name, apps.get_model("scoring", name))

    def tournament(self, club, name, players):
        tournament = self.Tournament.objects.create(
            club=club, name=name, rules="vlk", family="danish", rate_card_json="{}", rounds=4, round_length=1,
            round_length_kind="deals", scoring="points", bye_score="zero", seed=11)
        for player in players:
            self.Entrant.objects.create(tournament=tournament, player=player)
            self.TournamentEvent.objects.create(tournament=tournament, kind="registered", player=player)
        return tournament

    def drawn(self, tournament, number, tables, byes, hours, seed=None):
        seed = seed or number * 100
        draw = old_draw(tables, byes)
        at(self.TournamentEvent, self.TournamentEvent.objects.create(tournament=tournament, kind="drawn",
                                                                     round=number, seed=seed), hours)
        return self.TournamentRound.objects.create(tournament=tournament, number=number, seed=seed, draw=draw)

    def confirmed(self, round, players, hours, state="closed"):
        """The round's evening with a table per drawn table, each seat under the name drawn."""
        evening = self.Evening.objects.create(club=round.tournament.club, date=dt.date(2026, 10, round.number),
                                              counts_in_standings=False)
        for number, table in enumerate(round.draw["tables"], start=1):
            made = self.Table.objects.create(evening=evening, number=number, rules="vlk", family="danish")
            for position, name in enumerate(table):
                self.Seat.objects.create(table=made, player=players[name], position=position, name=name)
        round.evening, round.state = evening, state
        round.save(update_fields=["evening", "state"])
        at(self.TournamentEvent, self.TournamentEvent.objects.create(
            tournament=round.tournament, kind="confirmed", round=round.number, seed=round.seed), hours)
        return round

    def rename(self, player, name, hours):
        """``services.player_rename`` before: the name changed, the club's log told."""
        before = player.name
        self.Player.objects.filter(pk=player.pk).update(name=name)
        at(self.ClubEvent, self.ClubEvent.objects.create(club=player.club, kind="renamed", player=player,
                                                         before=before, after=name), hours)


def test_stored_draws_are_carried_over_to_player_keys(old):
    rows = Old(old)
    club = rows.Club.objects.create(name="Gammel klub")
    p = {name: rows.Player.objects.create(club=club, name=name) for name in ("Anne", "Bent", "Carl", "Dorte", "Erik")}
    cup = rows.tournament(club, "Pokal", p.values())
    # round 1: Erik's bye; Erik is renamed after it (his bye is read through the log as of the draw)
    one = rows.confirmed(rows.drawn(cup, 1, [["Bent", "Anne", "Dorte", "Carl"]], ["Erik"], hours=1), p, hours=1.1)
    rows.rename(p["Erik"], "Erik Holm", hours=2)
    # round 2: Anne's bye, drawn and played; then she is renamed and a new "Anne" registers: two
    # registered players had her name, as the log tells it
    two = rows.confirmed(rows.drawn(cup, 2, [["Erik Holm", "Bent", "Carl", "Dorte"]], ["Anne"], hours=3),
                         {**p, "Erik Holm": p["Erik"]}, hours=3.1, state="playing")
    rows.rename(p["Anne"], "Anne Lund", hours=4)
    rows.rename(p["Carl"], "Carl Berg", hours=4.5)       # sat at both tables: read through the seats
    new_anne = rows.Player.objects.create(club=club, name="Anne")
    rows.Entrant.objects.create(tournament=cup, player=new_anne)
    # round 3: drawn, not confirmed: dropped
    rows.drawn(cup, 3, [["Anne", "Anne Lund", "Carl Berg", "Dorte"]], ["Bent", "Erik Holm"], hours=5)

    # a player renamed outside the members page (no log): his bye's name is no registered player's
    q = {name: rows.Player.objects.create(club=club, name=name) for name in ("Gitte", "Hans", "Ida", "Jens", "Knud")}
    winter = rows.tournament(club, "Vinter", q.values())
    cold = rows.confirmed(rows.drawn(winter, 1, [["Hans", "Ida", "Jens", "Knud"]], ["Gitte"], hours=6), q, hours=6.1)
    rows.Player.objects.filter(pk=q["Gitte"].pk).update(name="Gitte Ny")

    # a draw no code could have written: that tournament is left as stored, and the upgrade goes on
    broken = rows.tournament(club, "Rodet", [])
    rows.TournamentRound.objects.create(tournament=broken, number=1, seed=1, draw=["not", "a", "draw"],
                                        state="closed")
    rows.TournamentRound.objects.create(tournament=broken, number=2, seed=2, draw={"tables": [["X"]]})

    new = migrate(AFTER)
    Round = new.get_model("scoring", "TournamentRound")
    Event = new.get_model("scoring", "TournamentEvent")
    pk = {name: player.pk for name, player in p.items()}
    one = Round.objects.get(pk=one.pk)
    assert one.draw == {"tables": [[pk["Bent"], pk["Anne"], pk["Dorte"], pk["Carl"]]], "byes": [pk["Erik"]],
                        "numbers": [[pk["Bent"], 1], [pk["Anne"], 2], [pk["Dorte"], 3], [pk["Carl"], 4]],
                        "repeats": 0, "random_repeats": 0}
    two = Round.objects.get(pk=two.pk)
    assert two.draw["tables"] == [[pk["Erik"], pk["Bent"], pk["Carl"], pk["Dorte"]]]
    assert two.draw["byes"] == ["Anne"] and two.draw["unresolved"] == ["Anne"]
    assert not Round.objects.filter(tournament_id=cup.pk, number=3).exists()
    assert Event.objects.filter(tournament_id=cup.pk, kind="dropped", round=3, seed=300).exists()
    cold = Round.objects.get(pk=cold.pk)
    assert cold.draw["byes"] == ["Gitte"] and cold.draw["unresolved"] == ["Gitte"]
    assert cold.draw["tables"] == [[q[n].pk for n in ("Hans", "Ida", "Jens", "Knud")]]
    assert Round.objects.get(tournament_id=broken.pk, number=1).draw == ["not", "a", "draw"]
    assert not Round.objects.filter(tournament_id=broken.pk, number=2).exists()

    # today's code reads what the migration left: the standings, the names waiting for the director
    migrate(latest())
    from scoring.models import Tournament
    from scoring.selectors.tournaments import shown_draw, tournament_standings, unresolved_entries

    cup = Tournament.objects.get(pk=cup.pk)
    standings = {row.player_id: row for row in tournament_standings(cup)}
    assert standings[pk["Erik"]].rounds[1].bye and standings[pk["Erik"]].name == "Erik Holm"
    assert 2 not in standings[pk["Anne"]].rounds and 2 not in standings[new_anne.pk].rounds
    [waiting] = unresolved_entries(cup)
    assert (waiting.round, waiting.name, waiting.table) == (2, "Anne", None)
    assert {pk for pk, _name in waiting.choices} == {pk["Anne"], new_anne.pk}
    shown = shown_draw(cup.round_set.get(number=1))
    assert [p.name for p in shown.tables[0][1]] == ["Bent", "Anne Lund", "Dorte", "Carl Berg"]
    assert [p.name for p in shown.byes] == ["Erik Holm"]


def test_the_migration_goes_back_to_names_and_forwards_again(old):
    rows = Old(old)
    club = rows.Club.objects.create(name="Frem og tilbage")
    p = {name: rows.Player.objects.create(club=club, name=name) for name in ("Anne", "Bent", "Carl", "Dorte", "Erik")}
    cup = rows.tournament(club, "Pokal", p.values())
    one = rows.confirmed(rows.drawn(cup, 1, [["Bent", "Anne", "Dorte", "Carl"]], ["Erik"], hours=1), p, hours=1.1)
    stored = one.draw
    migrate(AFTER)
    back = migrate(BEFORE)
    assert back.get_model("scoring", "TournamentRound").objects.get(pk=one.pk).draw == stored
    forwards = migrate(AFTER)
    assert forwards.get_model("scoring", "TournamentRound").objects.get(pk=one.pk).draw["byes"] == [p["Erik"].pk]
