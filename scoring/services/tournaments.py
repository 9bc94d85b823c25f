"""Tournaments (docs/tournaments.md): created, players registered, each round drawn, confirmed as an
evening of the club with one ordinary table per drawn table, closed when its tables are complete;
players withdrawn or disqualified. Every write atomic and logged (``TournamentEvent``).

A draw names its players by key (docs/architecture.md, habit 5): a rename between the draw and its
confirmation, or after a bye, changes the name shown and nothing else (docs/tournaments.md, "The
stored draw"). The engine draws over whatever ids it is given; here they are the players' keys."""
from __future__ import annotations

import datetime as dt
import json
import random
from collections import Counter
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.engine import families
from scoring.engine.draw import DrawError, draw_round, meetings
from scoring.models import (
    ByeScore, Club, ClubRateCard, Deal, Entrant, EntrantStatus, Player, RoundLength, RoundState, Seat,
    Tournament, TournamentEvent, TournamentEventKind, TournamentRound, TournamentScoring
)
from scoring.selectors.members import identities, identity_of
from scoring.selectors.tournaments import (
    bye_keys, draw_byes, draw_numbers, draw_tables, drawn_keys, known_tables, unresolved_names
)

from .errors import RecordingError
from .evenings import evening_close, evening_create
from .journal import _user
from .players import player_get_or_create
from .tables import builtin_card, table_create

#: How many rounds and how long a round may be (a bound of the form and of the service alike).
MAX_ROUNDS = 30
MAX_ROUND_LENGTH = 300


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


@transaction.atomic
def tournament_create(*, club: Club, name: str, rules: str, rounds, round_length, round_length_kind: str = RoundLength.DEALS,
                      scoring: str = TournamentScoring.POINTS, bye_score: str = ByeScore.ZERO,
                      counts_in_standings: bool = False, kroner_per_point="0", seed: int | None = None,
                      user=None) -> Tournament:
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
        counts_in_standings=bool(counts_in_standings), kroner_per_point=rate,
        seed=random.SystemRandom().randrange(1, 2**31) if seed is None else int(seed), created_by=_user(user))
    TournamentEvent.objects.create(tournament=tournament, kind=TournamentEventKind.CREATED, seed=tournament.seed,
                                   user=_user(user))
    return tournament


def card_of(tournament: Tournament):
    """The card the tournament plays, as frozen when it was created."""
    return families.family(tournament.family).card_from_dict(json.loads(tournament.rate_card_json))


@transaction.atomic
def entrant_register(*, tournament: Tournament, name: str, user=None) -> Entrant:
    """Register a member or a guest (a new player of the club) by name; twice is refused, naming him."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    player = player_get_or_create(club=tournament.club, name=name)
    if Entrant.objects.filter(tournament=tournament, player=player).exists():
        raise RecordingError.single("name", _("%(name)s er allerede tilmeldt.") % {"name": player.name})
    entrant = Entrant.objects.create(tournament=tournament, player=player)
    TournamentEvent.objects.create(tournament=tournament, kind=TournamentEventKind.REGISTERED, player=player,
                                   user=_user(user))
    return entrant


@transaction.atomic
def entrant_unregister(*, tournament: Tournament, player: Player, user=None) -> None:
    """Take back a registration made by mistake: only for a player in no confirmed round (after that
    he withdraws, and his rounds stay)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    entrant = Entrant.objects.filter(tournament=tournament, player=player).first()
    if entrant is None:
        raise RecordingError.single("player", _("%(name)s er ikke tilmeldt.") % {"name": player.name})
    if any(player.pk in drawn_keys(r.draw) for r in _confirmed(tournament)):
        raise RecordingError.single("player", _("%(name)s har spillet en runde; han kan trække sig, men ikke "
                                                "afmeldes.") % {"name": player.name})
    entrant.delete()
    TournamentEvent.objects.create(tournament=tournament, kind=TournamentEventKind.UNREGISTERED, player=player,
                                   user=_user(user))


@transaction.atomic
def entrant_leave(*, tournament: Tournament, player: Player, disqualify: bool, reason: str, user=None) -> Entrant:
    """Withdraw a player, or disqualify him (the Selca text's competition commission may, for
    repeated intentional renons: docs/rules/selca.md): rounds from the next one to be drawn on are
    drawn without him; a reason is required and logged."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    entrant = Entrant.objects.filter(tournament=tournament, player=player).first()
    if entrant is None:
        raise RecordingError.single("player", _("%(name)s er ikke tilmeldt.") % {"name": player.name})
    if entrant.status != EntrantStatus.ACTIVE:
        raise RecordingError.single("player", _("%(name)s er ikke længere med.") % {"name": player.name})
    reason = (reason or "").strip()
    if not reason:
        raise RecordingError.single("reason", _("Skriv en begrundelse."))
    entrant.status = EntrantStatus.DISQUALIFIED if disqualify else EntrantStatus.WITHDRAWN
    entrant.since_round = _next_round_number(tournament)
    entrant.reason = reason
    entrant.save(update_fields=["status", "since_round", "reason"])
    # a round drawn but not yet confirmed is drawn again without him
    pending = tournament.round_set.filter(state=RoundState.DRAWN).first()
    if pending is not None:
        pending.delete()
    kind = TournamentEventKind.DISQUALIFIED if disqualify else TournamentEventKind.WITHDRAWN
    TournamentEvent.objects.create(tournament=tournament, kind=kind, player=player, reason=reason, user=_user(user))
    return entrant


def _confirmed(tournament: Tournament) -> list[TournamentRound]:
    return list(tournament.round_set.exclude(state=RoundState.DRAWN).order_by("number"))


def _next_round_number(tournament: Tournament) -> int:
    return tournament.round_set.exclude(state=RoundState.DRAWN).count() + 1


@transaction.atomic
def round_draw(*, tournament: Tournament, seed: int | None = None, user=None) -> TournamentRound:
    """Draw the next round (or draw the round shown again, with a new seed, before it is
    confirmed): the active players, the meetings and byes of the rounds before it. Shown, not
    played, until ``round_confirm``."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    confirmed = _confirmed(tournament)
    if confirmed and confirmed[-1].state != RoundState.CLOSED:
        raise RecordingError.single("round", _("Runde %(n)s er ikke afsluttet.") % {"n": confirmed[-1].number})
    number = len(confirmed) + 1
    if number > tournament.rounds:
        raise RecordingError.single("round", _("Alle %(n)s runder er spillet.") % {"n": tournament.rounds})
    # every key as the player he is now (selectors.members): a merged duplicate's rounds are his
    now = identities(tournament.club_id)
    players = sorted({now.get(pk, pk) for pk in Entrant.objects.filter(tournament=tournament,
                                                                        status=EntrantStatus.ACTIVE)
                      .values_list("player_id", flat=True)})
    size, seatable = families.family(tournament.family).tournament_size(card_of(tournament))
    byes = Counter(now.get(key, key) for r in confirmed for key in bye_keys(r.draw))
    met = meetings([[now.get(key, key) for key in table] for table in known_tables(r.draw)] for r in confirmed)
    seed = random.SystemRandom().randrange(1, 2**31) if seed is None else int(seed)
    try:
        draw = draw_round(players, number=number, seed=seed, tournament_seed=tournament.seed, size=size,
                          seatable=seatable, met=met, byes_so_far=byes)
    except DrawError:
        raise RecordingError.single("players", _("%(n)s spillere er for få til ét bord (mindst %(min)s).")
                                    % {"n": len(players), "min": min(seatable)}) from None
    # numbers as [key, n] pairs in the numbers' order: a JSON object's keys would all be text
    stored = {"tables": [list(t) for t in draw.tables], "byes": list(draw.byes),
              "numbers": [[key, n] for key, n in sorted(draw.numbers.items(), key=lambda item: item[1])],
              "repeats": draw.repeats, "random_repeats": draw.random_repeats}
    tournament.round_set.filter(state=RoundState.DRAWN).delete()
    drawn = TournamentRound.objects.create(tournament=tournament, number=number, seed=seed, draw=stored)
    TournamentEvent.objects.create(tournament=tournament, kind=TournamentEventKind.DRAWN, round=number, seed=seed,
                                   user=_user(user))
    return drawn


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
def round_confirm(*, round: TournamentRound, date: dt.date | None = None, user=None) -> TournamentRound:
    """The draw shown becomes the round: an evening of the club (counting in the season's standings
    only if the director said so; settling its money at the tournament's rate, 0 for none) with one
    table per drawn table, its players seated in dealing order (the lowest number deals first)."""
    drawn = TournamentRound.objects.select_for_update(of=("self",)).select_related("tournament__club").get(pk=round.pk)
    if drawn.state != RoundState.DRAWN:
        raise RecordingError.single("round", _("Runde %(n)s er allerede i gang.") % {"n": drawn.number})
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
    """(table number, deals or dealer turns so far, the round's length) of each table not yet
    complete: deals per table, or every seated player having dealt N times (his fewest counts)."""
    tournament = round.tournament
    deals = Deal.objects.filter(table__evening=round.evening, current=True, voided=False)
    short = []
    if tournament.round_length_kind == RoundLength.DEALS:
        counts = dict(deals.values_list("table__number").annotate(n=Count("id")).values_list("table__number", "n"))
        for number in round.evening.tables.order_by("number").values_list("number", flat=True):
            if counts.get(number, 0) < tournament.round_length:
                short.append((number, counts.get(number, 0), tournament.round_length))
        return short
    dealt: dict[tuple[int, int], int] = {}
    for number, dealer, n in deals.values_list("table__number", "dealer_id").annotate(n=Count("id")).values_list(
            "table__number", "dealer_id", "n"):
        dealt[(number, dealer)] = n
    seats: dict[int, list[int]] = {}
    for number, player in Seat.objects.filter(table__evening=round.evening).values_list("table__number", "player_id"):
        seats.setdefault(number, []).append(player)
    for number in sorted(seats):
        fewest = min(dealt.get((number, p), 0) for p in seats[number])
        if fewest < tournament.round_length:
            short.append((number, fewest, tournament.round_length))
    return short


@transaction.atomic
def round_close(*, round: TournamentRound, user=None) -> TournamentRound:
    """Close a round whose tables are complete (a short table is refused by its number) and its
    evening; the next round can then be drawn."""
    # only the round row is locked: PostgreSQL locks no row of the nullable side of an outer join
    playing = (TournamentRound.objects.select_for_update(of=("self",)).select_related("tournament", "evening")
               .get(pk=round.pk))
    if playing.state != RoundState.PLAYING:
        raise RecordingError.single("round", _("Runde %(n)s spilles ikke.") % {"n": playing.number})
    short = short_tables(playing)
    if short:
        raise RecordingError.single("round", _("Bordene er ikke færdige: %(tables)s.") % {"tables": ", ".join(
            _("bord %(table)s (%(done)s af %(length)s)") % {"table": t, "done": d, "length": n} for t, d, n in short)})
    if playing.evening.closed_at is None:
        playing.evening = evening_close(evening=playing.evening, user=user)
    playing.state = RoundState.CLOSED
    playing.save(update_fields=["state"])
    TournamentEvent.objects.create(tournament=playing.tournament, kind=TournamentEventKind.ROUND_CLOSED,
                                   round=playing.number, user=_user(user))
    return playing
