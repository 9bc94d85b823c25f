"""Tournaments (docs/tournaments.md): created, players registered, each round drawn, confirmed as an
evening of the club with one ordinary table per drawn table, closed when its tables are complete (or
with the director's ruling on an unfinished table); players withdrawn, disqualified, reinstated, absent
for a round; the last round deleted while nothing was played in it. Every write atomic and logged
(``TournamentEvent``), every undo with a reason.

A draw names its players by key (docs/architecture.md, habit 5): a rename between the draw and its
confirmation, or after a bye, changes the name shown and nothing else (docs/tournaments.md, "The
stored draw"). The engine draws over whatever ids it is given; here they are the players' keys.

A draw shown but not yet confirmed was drawn from who was in the tournament then: registering,
removing, withdrawing, disqualifying, reinstating or marking a player absent discards it (logged), and
a confirmation or a new draw sent from a page that showed another draw is refused (``StaleDraw``)."""
from __future__ import annotations

import datetime as dt
import json
import random
from collections import Counter
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.engine import families
from scoring.engine.draw import DrawError, draw_again, draw_round, meetings, odd_rounds
from scoring.models import (
    Absence, ByeScore, Club, ClubRateCard, Deal, Entrant, EntrantStatus, LengthCounts, PendingDeal, PendingState,
    Player, RoundLength, RoundState, Table, TableRuling,
    Tournament, TournamentEvent, TournamentEventKind, TournamentRound, TournamentScoring
)
from scoring.selectors.members import identities, identity_of
from scoring.selectors.tournaments import (
    bye_keys, draw_byes, draw_numbers, draw_tables, drawn_keys, known_tables, table_progress,
    unresolved_names
)

from .errors import FieldError, RecordingError
from .evenings import evening_close, evening_create
from .journal import _user
from .players import player_get_or_create
from .tables import builtin_card, table_create

#: How many rounds and how long a round may be (a bound of the form and of the service alike).
MAX_ROUNDS = 30
MAX_ROUND_LENGTH = 300


class StaleDraw(RecordingError):
    """The draw the director saw is no longer the one shown (drawn again or discarded since)."""

    http_status = 409


def tournament_card(club: Club, rules: str):
    """The card named ``rules``: a built-in card, or one of the club's own cards."""
    if families.family_of_rules(rules) is not None:
        return builtin_card(rules)
    own = ClubRateCard.objects.filter(club=club, name=rules).first()
    if own is None:
        raise RecordingError.single("rules", _("Ukendt takstkort: %(name)s") % {"name": rules})
    return own.card()


def _whole(field: str, value, low: int, high: int) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise RecordingError.single(field, _("Skriv et helt tal.")) from None
    if not low <= number <= high:
        raise RecordingError.single(field, _("Skal være mellem %(low)s og %(high)s.") % {"low": low, "high": high})
    return number


def _choice(field: str, value, choices) -> str:
    if value not in choices.values:
        raise RecordingError.single(field, _("Vælg en af mulighederne."))
    return value


def _reason(reason) -> str:
    reason = " ".join(str(reason or "").split())
    if not reason:
        raise RecordingError.single("reason", _("Skriv en begrundelse."))
    if len(reason) > 500:
        raise RecordingError.single("reason", _("Begrundelsen er for lang (højst %(n)s tegn).") % {"n": 500})
    return reason


@transaction.atomic
def tournament_create(*, club: Club, name: str, rules: str, rounds, round_length, round_length_kind: str = RoundLength.DEALS,
                      scoring: str = TournamentScoring.POINTS, bye_score: str = ByeScore.ZERO,
                      length_counts: str = LengthCounts.GAMES, counts_in_standings: bool = False,
                      kroner_per_point="0", seed: int | None = None, user=None) -> Tournament:
    name = " ".join(str(name or "").split())
    if not name:
        raise RecordingError.single("name", _("Navnet må ikke være tomt."))
    if len(name) > 100:
        raise RecordingError.single("name", _("Navnet er for langt (højst %(n)s tegn).") % {"n": 100})
    if Tournament.objects.filter(club=club, name=name).exists():
        raise RecordingError.single("name", _("Klubben har allerede en turnering med det navn."))
    card = tournament_card(club, rules)
    family = families.family_of_card(card)
    try:
        rate = Decimal(str(kroner_per_point).replace(",", "."))
    except InvalidOperation:
        raise RecordingError.single("kroner_per_point", _("Skriv et beløb, fx 0,25.")) from None
    if not rate.is_finite() or rate < 0 or rate >= 10_000 or rate != rate.quantize(Decimal("0.0001")):
        raise RecordingError.single("kroner_per_point", _("Skriv et beløb, fx 0,25."))
    tournament = Tournament.objects.create(
        club=club, name=name, rules=card.name, family=family.name,
        rate_card_json=json.dumps(card.to_dict(), ensure_ascii=False),
        rounds=_whole("rounds", rounds, 1, MAX_ROUNDS),
        round_length_kind=_choice("round_length_kind", round_length_kind, RoundLength),
        round_length=_whole("round_length", round_length, 1, MAX_ROUND_LENGTH),
        scoring=_choice("scoring", scoring, TournamentScoring), bye_score=_choice("bye_score", bye_score, ByeScore),
        length_counts=_choice("length_counts", length_counts, LengthCounts),
        counts_in_standings=bool(counts_in_standings), kroner_per_point=rate,
        seed=random.SystemRandom().randrange(1, 2**31) if seed is None else int(seed), created_by=_user(user))
    TournamentEvent.objects.create(tournament=tournament, kind=TournamentEventKind.CREATED, seed=tournament.seed,
                                   user=_user(user))
    return tournament


def card_of(tournament: Tournament):
    """The card the tournament plays, as frozen when it was created."""
    return families.family(tournament.family).card_from_dict(json.loads(tournament.rate_card_json))


def _lock(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().select_related("club").get(pk=tournament.pk)


def _confirmed(tournament: Tournament) -> list[TournamentRound]:
    return list(tournament.round_set.exclude(state=RoundState.DRAWN).order_by("number"))


def _next_round_number(tournament: Tournament) -> int:
    return tournament.round_set.exclude(state=RoundState.DRAWN).count() + 1


def status_round(tournament: Tournament) -> int:
    """The first round whose standings show a status set now: the round being played, else the next."""
    playing = tournament.round_set.filter(state=RoundState.PLAYING).order_by("-number").first()
    return playing.number if playing is not None else _next_round_number(tournament)


def _discard_shown(tournament: Tournament, player: Player | None, why: str, user) -> int | None:
    """Drop the draw shown but not confirmed (drawn from who was in the tournament before this
    change), logged with what changed (``why``: the log's kind of the change); its number, or None."""
    shown = tournament.round_set.filter(state=RoundState.DRAWN).first()
    if shown is None:
        return None
    TournamentEvent.objects.create(tournament=tournament, kind=TournamentEventKind.DISCARDED, round=shown.number,
                                   seed=shown.seed, player=player, reason=why,
                                   detail={"tables": draw_tables(shown.draw)},
                                   user=_user(user))
    shown.delete()
    return shown.number


def _entrant(tournament: Tournament, player: Player) -> Entrant:
    entrant = Entrant.objects.filter(tournament=tournament, player=player).first()
    if entrant is None:
        raise RecordingError.single("player", _("%(name)s er ikke tilmeldt.") % {"name": player.name})
    return entrant


@transaction.atomic
def entrant_register(*, tournament: Tournament, name: str, user=None) -> Entrant:
    """Register a member or a guest (a new player of the club) by name; twice is refused, naming him."""
    tournament = _lock(tournament)
    player = player_get_or_create(club=tournament.club, name=name)
    if Entrant.objects.filter(tournament=tournament, player=player).exists():
        raise RecordingError.single("name", _("%(name)s er allerede tilmeldt.") % {"name": player.name})
    entrant = Entrant.objects.create(tournament=tournament, player=player)
    TournamentEvent.objects.create(tournament=tournament, kind=TournamentEventKind.REGISTERED, player=player,
                                   user=_user(user))
    _discard_shown(tournament, player, TournamentEventKind.REGISTERED, user)
    return entrant


@transaction.atomic
def entrant_unregister(*, tournament: Tournament, player: Player, reason: str, user=None) -> None:
    """Take back a registration made by mistake, with a reason: only for a player in no confirmed
    round (after that he withdraws, and his rounds stay)."""
    tournament = _lock(tournament)
    entrant = _entrant(tournament, player)
    reason = _reason(reason)
    if any(player.pk in drawn_keys(r.draw) for r in _confirmed(tournament)):
        raise RecordingError.single("player", _("%(name)s har været med i en runde; han kan trække sig, men ikke "
                                                "afmeldes.") % {"name": player.name})
    Absence.objects.filter(tournament=tournament, player=player).delete()
    entrant.delete()
    TournamentEvent.objects.create(tournament=tournament, kind=TournamentEventKind.UNREGISTERED, player=player,
                                   reason=reason, user=_user(user))
    _discard_shown(tournament, player, TournamentEventKind.UNREGISTERED, user)


@transaction.atomic
def entrant_leave(*, tournament: Tournament, player: Player, disqualify: bool, reason: str, user=None) -> Entrant:
    """Withdraw a player, or disqualify him (the Selca text's competition commission may, for
    repeated intentional renons: docs/rules/selca.md §17): rounds from the next one to be drawn on
    are drawn without him; a reason is required and logged. Set while a round is played, it shows in
    that round's standings (a player disqualified mid-round leaves his table: the director rules on
    it when the round closes, ``round_close``)."""
    tournament = _lock(tournament)
    entrant = _entrant(tournament, player)
    if entrant.status != EntrantStatus.ACTIVE:
        raise RecordingError.single("player", _("%(name)s er ikke længere med.") % {"name": player.name})
    reason = _reason(reason)
    entrant.status = EntrantStatus.DISQUALIFIED if disqualify else EntrantStatus.WITHDRAWN
    entrant.since_round = _next_round_number(tournament)
    entrant.reason = reason
    entrant.save(update_fields=["status", "since_round", "reason"])
    kind = TournamentEventKind.DISQUALIFIED if disqualify else TournamentEventKind.WITHDRAWN
    TournamentEvent.objects.create(tournament=tournament, kind=kind, player=player, reason=reason,
                                   round=status_round(tournament), user=_user(user))
    _discard_shown(tournament, player, kind, user)
    return entrant


@transaction.atomic
def entrant_reinstate(*, tournament: Tournament, player: Player, reason: str, user=None) -> Entrant:
    """Take a withdrawn or disqualified player back into the tournament, with a reason: he is drawn
    again from the next round drawn; the rounds he missed stay missed (docs/tournaments.md)."""
    tournament = _lock(tournament)
    entrant = _entrant(tournament, player)
    if entrant.status == EntrantStatus.ACTIVE:
        raise RecordingError.single("player", _("%(name)s er med i turneringen.") % {"name": player.name})
    reason = _reason(reason)
    entrant.status, entrant.since_round, entrant.reason = EntrantStatus.ACTIVE, None, ""
    entrant.save(update_fields=["status", "since_round", "reason"])
    TournamentEvent.objects.create(tournament=tournament, kind=TournamentEventKind.REINSTATED, player=player,
                                   reason=reason, round=status_round(tournament), user=_user(user))
    _discard_shown(tournament, player, TournamentEventKind.REINSTATED, user)
    return entrant


@transaction.atomic
def absence_set(*, tournament: Tournament, player: Player, reason: str, user=None) -> Absence:
    """Mark a player absent from the next round to be drawn (a late arrival): drawn without him, he
    scores 0 in it and is drawn again after it."""
    tournament = _lock(tournament)
    entrant = _entrant(tournament, player)
    if entrant.status != EntrantStatus.ACTIVE:
        raise RecordingError.single("player", _("%(name)s er ikke længere med.") % {"name": player.name})
    reason = _reason(reason)
    number = _next_round_number(tournament)
    if number > tournament.rounds:
        raise RecordingError.single("player", _("Alle %(n)s runder er spillet.") % {"n": tournament.rounds})
    if Absence.objects.filter(tournament=tournament, player=player, round=number).exists():
        raise RecordingError.single("player", _("%(name)s er allerede meldt fraværende i runde %(n)s.")
                                    % {"name": player.name, "n": number})
    absence = Absence.objects.create(tournament=tournament, player=player, round=number)
    TournamentEvent.objects.create(tournament=tournament, kind=TournamentEventKind.ABSENT, player=player,
                                   round=number, reason=reason, user=_user(user))
    _discard_shown(tournament, player, TournamentEventKind.ABSENT, user)
    return absence


@transaction.atomic
def absence_clear(*, tournament: Tournament, player: Player, reason: str, user=None) -> None:
    """Take back an absence from the next round to be drawn (he came after all), with a reason."""
    tournament = _lock(tournament)
    _entrant(tournament, player)
    reason = _reason(reason)
    number = _next_round_number(tournament)
    absence = Absence.objects.filter(tournament=tournament, player=player, round=number).first()
    if absence is None:
        raise RecordingError.single("player", _("%(name)s er ikke meldt fraværende i runde %(n)s.")
                                    % {"name": player.name, "n": number})
    absence.delete()
    TournamentEvent.objects.create(tournament=tournament, kind=TournamentEventKind.PRESENT, player=player,
                                   round=number, reason=reason, user=_user(user))
    _discard_shown(tournament, player, TournamentEventKind.PRESENT, user)


def _draw_inputs(tournament: Tournament, confirmed: list[TournamentRound], number: int) -> dict:
    """What round ``number`` is drawn from: the active players not absent from it (every key as the
    player he is now, selectors.members: a merged duplicate's rounds are his), the table sizes, the
    meetings, byes and rounds at an odd-sized table of the rounds before it."""
    now = identities(tournament.club_id)
    absent = set(Absence.objects.filter(tournament=tournament, round=number).values_list("player_id", flat=True))
    players = sorted({now.get(pk, pk) for pk in Entrant.objects.filter(tournament=tournament,
                                                                        status=EntrantStatus.ACTIVE)
                      .values_list("player_id", flat=True) if pk not in absent})
    size, seatable = families.family(tournament.family).tournament_size(card_of(tournament))
    tables = [[[now.get(key, key) for key in table] for table in known_tables(r.draw)] for r in confirmed]
    return {"players": players, "size": size, "seatable": seatable, "met": meetings(tables),
            "byes_so_far": Counter(now.get(key, key) for r in confirmed for key in bye_keys(r.draw)),
            "odd_so_far": odd_rounds(tables, size), "absent": sorted(now.get(pk, pk) for pk in absent)}


def _stored(draw, absent: list[int]) -> dict:
    """The draw as ``TournamentRound.draw`` keeps it (docs/tournaments.md, "The stored draw"):
    numbers as [key, n] pairs in the numbers' order (a JSON object's keys would all be text)."""
    return {"tables": [list(t) for t in draw.tables], "byes": list(draw.byes), "absent": list(absent),
            "numbers": [[key, n] for key, n in sorted(draw.numbers.items(), key=lambda item: item[1])],
            "repeats": draw.repeats, "random_repeats": draw.random_repeats,
            "most": draw.cost.most, "random_most": draw.random_cost.most}


def _too_few(inputs: dict) -> RecordingError:
    return RecordingError.single("players", _("%(n)s spillere er for få til ét bord (mindst %(min)s).")
                                 % {"n": len(inputs["players"]), "min": min(inputs["seatable"])})


@transaction.atomic
def round_draw(*, tournament: Tournament, seed: int | None = None, user=None) -> TournamentRound:
    """Draw the next round from the active players not absent from it and the meetings, byes and
    odd-sized tables of the rounds before it. Shown, not played, until ``round_confirm``; drawn
    again with ``round_redraw``."""
    tournament = _lock(tournament)
    confirmed = _confirmed(tournament)
    if confirmed and confirmed[-1].state != RoundState.CLOSED:
        raise RecordingError.single("round", _("Runde %(n)s er ikke afsluttet.") % {"n": confirmed[-1].number})
    number = len(confirmed) + 1
    if number > tournament.rounds:
        raise RecordingError.single("round", _("Alle %(n)s runder er spillet.") % {"n": tournament.rounds})
    if tournament.round_set.filter(state=RoundState.DRAWN).exists():
        raise RecordingError.single("round", _("Runde %(n)s er allerede trukket; godkend den eller træk igen.")
                                    % {"n": number})
    inputs = _draw_inputs(tournament, confirmed, number)
    seed = random.SystemRandom().randrange(1, 2**31) if seed is None else int(seed)
    try:
        draw = draw_round(inputs["players"], number=number, seed=seed, tournament_seed=tournament.seed,
                          size=inputs["size"], seatable=inputs["seatable"], met=inputs["met"],
                          byes_so_far=inputs["byes_so_far"], odd_so_far=inputs["odd_so_far"])
    except DrawError:
        raise _too_few(inputs) from None
    drawn = TournamentRound.objects.create(tournament=tournament, number=number, seed=seed,
                                           draw=_stored(draw, inputs["absent"]))
    TournamentEvent.objects.create(tournament=tournament, kind=TournamentEventKind.DRAWN, round=number, seed=seed,
                                   user=_user(user))
    return drawn


def _shown_round(round: TournamentRound, shown_seed) -> TournamentRound:
    """The round locked, refused unless it is still the draw the director saw (its seed)."""
    locked = TournamentRound.objects.select_for_update(of=("self",)).select_related("tournament__club").filter(
        pk=round.pk).first()
    if locked is None or locked.state != RoundState.DRAWN:
        raise StaleDraw.single("round", _("Lodtrækningen er ikke længere den viste (kasseret eller godkendt); se "
                                          "den, der gælder nu."))
    if shown_seed is not None and str(shown_seed) != str(locked.seed):
        raise StaleDraw.single("round", _("Runde %(n)s er trukket igen, siden du så den; her er lodtrækningen, der "
                                          "gælder nu.") % {"n": locked.number})
    return locked


@transaction.atomic
def round_redraw(*, round: TournamentRound, shown_seed, seed: int | None = None, user=None) -> TournamentRound:
    """"Træk igen": another grouping at least as good as the one shown (``draw.draw_again``, a
    bounded search from a new seed), refused with a word where none was found (the shown draw
    stands). Only the draw the director saw is drawn again (``shown_seed``)."""
    Tournament.objects.select_for_update().filter(pk=round.tournament_id).first()
    locked = _shown_round(round, shown_seed)
    tournament = locked.tournament
    inputs = _draw_inputs(tournament, _confirmed(tournament), locked.number)
    seed = random.SystemRandom().randrange(1, 2**31) if seed is None else int(seed)
    found = draw_again(inputs["players"], draw_tables(locked.draw), number=locked.number, seed=seed,
                       tournament_seed=tournament.seed, size=inputs["size"], seatable=inputs["seatable"],
                       met=inputs["met"], byes_so_far=inputs["byes_so_far"], odd_so_far=inputs["odd_so_far"])
    if found is None:
        raise RecordingError.single("round", _("Der blev ikke fundet en anden lodtrækning, der er lige så god; den "
                                               "viste gælder stadig."))
    locked.seed, locked.draw = found.seed, _stored(found, inputs["absent"])
    locked.save(update_fields=["seed", "draw"])
    TournamentEvent.objects.create(tournament=tournament, kind=TournamentEventKind.DRAWN, round=locked.number,
                                   seed=found.seed, user=_user(user))
    return locked


@transaction.atomic
def draw_name_assign(*, round: TournamentRound, name: str, player: Player, user=None) -> TournamentRound:
    """Say whose a name of a round's draw is, where the upgrade to player keys could not tell
    (migration 0019: a name two players had, or one no player has; docs/tournaments.md, "The stored
    draw"): every place the name stands in the round's draw takes the player's key. He must be
    registered and not already in that round. Logged with the name as it stood."""
    locked = TournamentRound.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=round.pk)
    tournament = locked.tournament
    if name not in unresolved_names(locked.draw):
        raise RecordingError.single("name", _("Runde %(n)s har intet navn %(name)s at tildele.")
                                    % {"name": name, "n": locked.number})
    if player.club_id != tournament.club_id or not Entrant.objects.filter(tournament=tournament,
                                                                          player=player).exists():
        raise RecordingError.single("player", _("%(name)s er ikke tilmeldt.") % {"name": player.name})
    if player.pk in drawn_keys(locked.draw):
        raise RecordingError.single("player", _("%(name)s er allerede med i runde %(n)s.")
                                    % {"name": player.name, "n": locked.number})
    locked.draw = _assigned(locked.draw, name, player.pk)
    locked.save(update_fields=["draw"])
    # the log's reason holds the name as it stood in the draw: what was assigned
    TournamentEvent.objects.create(tournament=tournament, kind=TournamentEventKind.ASSIGNED, player=player,
                                   round=locked.number, reason=name, user=_user(user))
    return locked


def _assigned(draw: dict, name: str, key: int) -> dict:
    """``draw`` with every ``name`` entry (tables, byes, numbers) as ``key``, and no longer unresolved."""
    def swap(entry):
        return key if entry == name else entry

    out = dict(draw)
    out["tables"] = [[swap(e) for e in table] for table in draw_tables(draw)]
    out["byes"] = [swap(e) for e in draw_byes(draw)]
    out["numbers"] = [[swap(e), n] for e, n in draw_numbers(draw).items()]
    out["unresolved"] = [n for n in draw.get("unresolved") or () if n != name]
    if not out["unresolved"]:
        del out["unresolved"]
    return out


@transaction.atomic
def round_confirm(*, round: TournamentRound, shown_seed=None, date: dt.date | None = None,
                  user=None) -> TournamentRound:
    """The draw shown becomes the round: an evening of the club on the day it is played (``date``,
    default today), counting in the season's standings only if the director said so and settling
    its money at the tournament's rate (0 for none), with one table per drawn table, its players
    seated in dealing order (the lowest number deals first). Only the draw the director saw
    (``shown_seed``; the pages always send it) is confirmed."""
    drawn = _shown_round(round, shown_seed)
    tournament = drawn.tournament
    day = date or timezone.localdate()
    evening = evening_create(club=tournament.club, date=day, user=user)   # its season: by its date
    evening.counts_in_standings = tournament.counts_in_standings
    # the tournament's rate, in the club's currency, frozen on the round now (docs/money.md)
    evening.kroner_per_point, evening.currency = tournament.kroner_per_point, tournament.club.currency
    evening.save(update_fields=["counts_in_standings", "kroner_per_point", "currency"])
    # by key, as the player is now: renamed since the draw, he sits under his new name
    players = {p.pk: identity_of(p) for p in Player.objects.filter(club=tournament.club, pk__in=drawn_keys(drawn.draw))
               .select_related("merged_into")}
    card = card_of(tournament)
    for table in draw_tables(drawn.draw):
        table_create(evening=evening, players=[players[key] for key in table], card=card, user=user)
    drawn.evening = evening
    drawn.state = RoundState.PLAYING
    drawn.save(update_fields=["evening", "state"])
    TournamentEvent.objects.create(tournament=tournament, kind=TournamentEventKind.CONFIRMED, round=drawn.number,
                                   seed=drawn.seed, user=_user(user))
    return drawn


def short_tables(round: TournamentRound) -> list[tuple[int, int, int]]:
    """(table number, games so far, the round's length) of each table not yet complete
    (``selectors.tournaments.table_progress``: what counts is the tournament's ``length_counts``)."""
    return [(t.number, t.done, t.length) for t in table_progress(round) if not t.complete]


def _rulings(short: list[tuple[int, int, int]], rulings) -> tuple[dict, list]:
    """The director's ruling on each unfinished table ({table number: (ruling, reason)}), checked:
    every unfinished table needs one of ``TableRuling`` and a reason (each refusal names its field,
    ``ruling_N`` or ``reason_N``)."""
    rulings = rulings or {}
    kept, errors = {}, []
    for number, done, length in short:
        ruling, reason = rulings.get(number, ("", ""))
        reason = " ".join(str(reason or "").split())
        if ruling not in TableRuling.values:
            errors.append((f"ruling_{number}", _("Bord %(t)s er ikke færdigt (%(done)s af %(length)s): vælg, hvordan "
                                                 "det tæller.") % {"t": number, "done": done, "length": length}))
        if not reason:
            errors.append((f"reason_{number}", _("Bord %(t)s: skriv en begrundelse.") % {"t": number}))
        elif len(reason) > 500:
            errors.append((f"reason_{number}", _("Begrundelsen er for lang (højst %(n)s tegn).") % {"n": 500}))
        kept[str(number)] = {"ruling": ruling, "reason": reason}
    return kept, errors


@transaction.atomic
def round_close(*, round: TournamentRound, rulings: dict | None = None, user=None) -> TournamentRound:
    """Close a round and its evening (the family's split, the cups); the next round can then be
    drawn. A table that has not played the round's length closes only by the director's ruling, with
    a reason (``rulings``: {table number: (a ``TableRuling``, reason)}): its deals count as played, or
    it is adjusted (scored as if its players had all tied: scoring/engine/placement.py); without
    one the round is refused, naming the tables. A deal waiting for the director at one of its tables
    is decided first."""
    # only the round row is locked: PostgreSQL locks no row of the nullable side of an outer join
    playing = (TournamentRound.objects.select_for_update(of=("self",)).select_related("tournament", "evening")
               .get(pk=round.pk))
    if playing.state != RoundState.PLAYING:
        raise RecordingError.single("round", _("Runde %(n)s spilles ikke.") % {"n": playing.number})
    waiting = sorted(set(PendingDeal.objects.filter(table__evening=playing.evening, state=PendingState.PENDING)
                         .values_list("table__number", flat=True)))
    if waiting:
        raise RecordingError.single("round", _("Et spil ud over runden venter på din afgørelse ved bord %(tables)s.")
                                    % {"tables": ", ".join(str(t) for t in waiting)})
    short = short_tables(playing)
    kept, errors = _rulings(short, rulings)
    if errors:
        summary = _("Bordene er ikke færdige: %(tables)s.") % {"tables": ", ".join(
            _("bord %(table)s (%(done)s af %(length)s)") % {"table": t, "done": d, "length": n} for t, d, n in short)}
        raise RecordingError([FieldError(None, "round", summary), *(FieldError(None, f, m) for f, m in errors)])
    tournament = playing.tournament
    for number, ruling in kept.items():
        TournamentEvent.objects.create(tournament=tournament, kind=TournamentEventKind.RULED, round=playing.number,
                                       detail={"table": int(number), "ruling": ruling["ruling"]},
                                       reason=ruling["reason"], user=_user(user))
    playing.rulings = kept
    playing.state = RoundState.CLOSED
    playing.save(update_fields=["state", "rulings"])
    # the round is closed first: its evening closes with it, never before (services.evening_close)
    if playing.evening.closed_at is None:
        playing.evening = evening_close(evening=playing.evening, user=user)
    TournamentEvent.objects.create(tournament=tournament, kind=TournamentEventKind.ROUND_CLOSED,
                                   round=playing.number, user=_user(user))
    return playing


@transaction.atomic
def round_delete(*, round: TournamentRound, reason: str, user=None) -> int:
    """Delete the last confirmed round while none of its tables has a deal (confirmed by mistake, or
    before a player's absence was known), with a reason; its number. The tournament forgets the round
    (it is drawn again); its evening stays in the club's books, since the ledger's entries are reversed,
    never edited or deleted (the database refuses to delete a posted entry's legs): each table's
    opening entry stays, and the evening is closed as it stands, the family's split sharing back what
    the openings put in the cups, so each table's entries come to nothing; it is kept out of the
    season's standings. The tournament's log keeps the round: its seed, its tables and its evening
    (``TournamentEvent.detail``), who deleted it, when and why."""
    tournament = _lock(round.tournament)
    reason = _reason(reason)
    found = (TournamentRound.objects.select_for_update(of=("self",)).select_related("evening")
             .filter(pk=round.pk).first())
    confirmed = _confirmed(tournament)
    if found is None or found.state == RoundState.DRAWN or found.number != confirmed[-1].number:
        raise RecordingError.single("round", _("Kun den sidste godkendte runde kan slettes."))
    if found.state != RoundState.PLAYING:
        raise RecordingError.single("round", _("Runde %(n)s er afsluttet og kan ikke slettes.") % {"n": found.number})
    evening = found.evening
    if (Deal.objects.filter(table__evening=evening).exists()
            or PendingDeal.objects.filter(table__evening=evening).exists()):
        raise RecordingError.single("round", _("Runde %(n)s har spil ved sine borde og kan ikke slettes.")
                                    % {"n": found.number})
    TournamentEvent.objects.create(tournament=tournament, kind=TournamentEventKind.DELETED, round=found.number,
                                   seed=found.seed, detail={"tables": draw_tables(found.draw), "evening": evening.pk},
                                   reason=reason, user=_user(user))
    number = found.number
    found.delete()
    evening.counts_in_standings = False
    evening.save(update_fields=["counts_in_standings"])
    evening_close(evening=evening, user=user)
    return number


class BeyondRound(RecordingError):
    """A deal sent to a tournament table that has played the round's length: not recorded; the
    caller keeps it as pending for the director (``pending_store``)."""

    http_status = 409


def check_round_length(table: Table) -> None:
    """Refuse a deal at a table of a round being played that has played the round's length
    (``BeyondRound``): a further deal needs the director (docs/tournaments.md, "A round"). One query
    for a table of no tournament (``services.deal_record`` asks it before every deal)."""
    playing = (TournamentRound.objects.filter(evening_id=table.evening_id, state=RoundState.PLAYING)
               .select_related("tournament").first())
    if playing is None:
        return
    progress = table_progress(playing, table)[0]
    if progress.complete:
        raise BeyondRound.single("", _("Bordet har spillet rundens længde (%(done)s af %(length)s); spillet venter "
                                       "på turneringslederens godkendelse.") % {"done": progress.done,
                                                                                 "length": progress.length})
