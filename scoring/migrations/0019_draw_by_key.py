"""Tournament draws name their players by key (docs/tournaments.md, "The stored draw").

Until now ``TournamentRound.draw`` held names: {"tables": [[name, …], …], "byes": [name, …],
"numbers": {name: n}, "repeats": n, "random_repeats": n}. Each is read here as of its draw:

- a **confirmed** round's tables and numbers through its evening's seats (table i of the draw is the
  evening's table i; ``Seat.name`` is the name the player sat down with, ``Seat.player`` his key);
- its **byes**, and whatever the seats do not answer, through the club's rename log as of the draw (the
  last "drawn" event of the round): the registered player whose name was that name then;
- a round **drawn but not confirmed** is dropped and the tournament's log says so: the director draws
  it again;
- an entry it cannot resolve with certainty — a name two registered players had, or one no registered
  player had (a rename made outside the members page leaves no log) — stays as stored, as text, and is
  listed under "unresolved"; the tournament's page asks the director whose it is.

Nothing here may stop a club's upgrade: a tournament whose draws cannot be read is left as stored (its
rounds drawn but not confirmed still dropped, every text entry listed as unresolved where the draw can
be read at all), and the reason logged. Self-contained: it reads the historical models only.
"""
import logging

from django.db import migrations, models, transaction

log = logging.getLogger(__name__)

DRAWN, DROPPED, RENAMED = "drawn", "dropped", "renamed"


def _is_key(entry) -> bool:
    return isinstance(entry, int) and not isinstance(entry, bool)


def _numbers(draw: dict) -> list:
    """The stored numbers as [entry, n] pairs (a dict before; pairs once converted)."""
    numbers = draw.get("numbers") or {}
    return [list(pair) for pair in (numbers.items() if isinstance(numbers, dict) else numbers)]


def _converted(draw) -> bool:
    """Already by key (the migration run before, or a draw written by the new code)."""
    return (isinstance(draw, dict) and isinstance(draw.get("numbers", []), list)
            and all(_is_key(e) for t in draw.get("tables") or () for e in t)
            and all(_is_key(e) for e in draw.get("byes") or ()))


class Names:
    """Who had a name when, for one club: each player's name now, and his renames from the log."""

    def __init__(self, apps, club_id: int):
        Player = apps.get_model("scoring", "Player")
        ClubEvent = apps.get_model("scoring", "ClubEvent")
        self.now = dict(Player.objects.filter(club_id=club_id).values_list("pk", "name"))
        self.renames: dict[int, list] = {}
        for player_id, at, before, after in (ClubEvent.objects.filter(club_id=club_id, kind=RENAMED,
                                                                      player__isnull=False)
                                             .order_by("at", "id").values_list("player_id", "at", "before", "after")):
            self.renames.setdefault(player_id, []).append((at, before, after))

    def at(self, player_id: int, when) -> str | None:
        """The player's name at ``when``: the name before his first rename after it, else his name now."""
        for at, before, _after in self.renames.get(player_id, ()):
            if at > when:
                return before
        return self.now.get(player_id)

    def ever(self, player_id: int) -> set[str]:
        return {self.now.get(player_id), *(n for _at, b, a in self.renames.get(player_id, ()) for n in (b, a))}

    def whose(self, name: str, when, among, taken: set[int]) -> int | None:
        """The one player of ``among`` (the tournament's registered players) who had ``name`` at ``when``
        (at any time, when the draw's time is not logged) and is not ``taken`` in the round; else None."""
        found = [p for p in among if (self.at(p, when) == name if when is not None else name in self.ever(p))]
        return found[0] if len(found) == 1 and found[0] not in taken else None


def _seated(apps, evening_id) -> dict[int, dict[str, int]]:
    """{table number: {the name sat down with: player key}} of a round's evening."""
    Seat = apps.get_model("scoring", "Seat")
    seats: dict[int, dict[str, int]] = {}
    if evening_id is not None:
        for number, name, player_id in Seat.objects.filter(table__evening_id=evening_id).values_list(
                "table__number", "name", "player_id"):
            seats.setdefault(number, {})[name] = player_id
    return seats


def _round_by_key(draw: dict, seats: dict, names: Names, when, entrants) -> dict:
    """A confirmed round's draw by key (the module's docstring)."""
    key_of: dict[str, int] = {}
    unresolved: list[str] = []
    # the seats first (certain), then the log for what they do not answer
    for number, table in enumerate(draw.get("tables") or (), start=1):
        for name in table:
            found = seats.get(number, {}).get(name)
            if found is not None and found not in key_of.values():
                key_of[name] = found
    entries = [name for table in draw.get("tables") or () for name in table] + list(draw.get("byes") or ())
    entries += [name for name, _n in _numbers(draw)]
    for name in entries:
        if _is_key(name) or name in key_of or name in unresolved:
            continue
        found = names.whose(name, when, entrants, set(key_of.values()))
        if found is None:
            unresolved.append(name)
        else:
            key_of[name] = found

    def key(name):
        return name if _is_key(name) else key_of.get(name, name)

    out = {**draw, "tables": [[key(n) for n in table] for table in draw.get("tables") or ()],
           "byes": [key(n) for n in draw.get("byes") or ()], "numbers": [[key(n), number] for n, number in
                                                                       sorted(_numbers(draw), key=lambda p: p[1])]}
    if unresolved:
        out["unresolved"] = unresolved
    return out


def _tournament(apps, tournament) -> None:
    TournamentRound = apps.get_model("scoring", "TournamentRound")
    TournamentEvent = apps.get_model("scoring", "TournamentEvent")
    Entrant = apps.get_model("scoring", "Entrant")
    names = Names(apps, tournament.club_id)
    entrants = sorted(Entrant.objects.filter(tournament=tournament).values_list("player_id", flat=True))
    drawn_at: dict[int, object] = {}
    for number, at in TournamentEvent.objects.filter(tournament=tournament, kind=DRAWN).order_by(
            "at", "id").values_list("round", "at"):
        drawn_at[number] = at            # the last draw of the round is the one that stands
    for r in TournamentRound.objects.filter(tournament=tournament).order_by("number"):
        if r.state == DRAWN:
            _drop(TournamentEvent, r)
        elif not _converted(r.draw):
            r.draw = _round_by_key(r.draw, _seated(apps, r.evening_id), names, drawn_at.get(r.number), entrants)
            r.save(update_fields=["draw"])


def _drop(TournamentEvent, r) -> None:
    """A round drawn but not confirmed: dropped, and the tournament's log says so (it is drawn again)."""
    TournamentEvent.objects.create(tournament_id=r.tournament_id, kind=DROPPED, round=r.number, seed=r.seed)
    r.delete()


def _as_stored(apps, tournament) -> None:
    """A tournament whose draws could not be read whole: its unconfirmed rounds dropped, every name of
    a readable draw flagged for the director, the rest left exactly as stored."""
    TournamentRound = apps.get_model("scoring", "TournamentRound")
    TournamentEvent = apps.get_model("scoring", "TournamentEvent")
    for r in TournamentRound.objects.filter(tournament=tournament).order_by("number"):
        try:
            with transaction.atomic():
                if r.state == DRAWN:
                    _drop(TournamentEvent, r)
                elif isinstance(r.draw, dict) and not _converted(r.draw):
                    tables = [list(t) for t in r.draw.get("tables") or ()]
                    byes = list(r.draw.get("byes") or ())
                    unresolved = list(dict.fromkeys(str(e) for e in [*(e for t in tables for e in t), *byes]
                                                    if not _is_key(e)))
                    r.draw = {**r.draw, "tables": tables, "byes": byes, "numbers": _numbers(r.draw),
                              "unresolved": unresolved}
                    r.save(update_fields=["draw"])
        except Exception:
            log.exception("tournament %s round %s: draw left as stored", tournament.pk, r.number)


def draws_by_key(apps, schema_editor):
    Tournament = apps.get_model("scoring", "Tournament")
    for tournament in Tournament.objects.filter(round_set__isnull=False).distinct().order_by("pk"):
        try:
            with transaction.atomic():
                _tournament(apps, tournament)
        except Exception:
            # never stop a club's upgrade over one tournament's data
            log.exception("tournament %s: its draws could not be converted to player keys", tournament.pk)
            try:
                _as_stored(apps, tournament)
            except Exception:
                log.exception("tournament %s: draws left as stored", tournament.pk)


def draws_by_name(apps, schema_editor):
    """Back: every key as the player's name now (an unresolved name as it stands); numbers as a dict."""
    TournamentRound = apps.get_model("scoring", "TournamentRound")
    Player = apps.get_model("scoring", "Player")
    names = dict(Player.objects.values_list("pk", "name"))
    for r in TournamentRound.objects.all():
        try:
            with transaction.atomic():
                if not isinstance(r.draw, dict):
                    continue

                def name(entry):
                    return names.get(entry, entry) if _is_key(entry) else entry

                draw = {k: v for k, v in r.draw.items() if k != "unresolved"}
                draw["tables"] = [[name(e) for e in t] for t in r.draw.get("tables") or ()]
                draw["byes"] = [name(e) for e in r.draw.get("byes") or ()]
                draw["numbers"] = {name(e): n for e, n in _numbers(r.draw)}
                r.draw = draw
                r.save(update_fields=["draw"])
        except Exception:
            log.exception("tournament round %s: draw left as stored", r.pk)


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0018_mail_render_attempts"),
    ]

    operations = [
        migrations.AlterField(
            model_name="tournamentevent",
            name="kind",
            field=models.CharField(choices=[("created", "turnering oprettet"), ("registered", "spiller tilmeldt"), ("unregistered", "spiller afmeldt"), ("drawn", "runde trukket"), ("confirmed", "lodtrækning godkendt"), ("closed", "runde afsluttet"), ("withdrawn", "spiller trukket sig"), ("disqualified", "spiller diskvalificeret"), ("dropped", "lodtrækning kasseret ved opdatering"), ("assigned", "navn i lodtrækningen tildelt")], max_length=12),
        ),
        migrations.RunPython(draws_by_key, draws_by_name),
    ]
