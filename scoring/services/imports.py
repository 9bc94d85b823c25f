"""Importing one table's evening file (docs/format.md): checked and settled in memory, then written
in a few bulk statements, all or nothing."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import lookalikes
from scoring.engine import bounds, families, interchange
from scoring.engine import names as player_names
from scoring.engine.families import Family
from scoring.engine.problems import EveningError, problem
from scoring.models import Club, Deal, Evening, EveningEvent, EveningEventKind, Player, Table

from .errors import FieldError, RecordingError
from .evenings import evening_create
from .journal import Version, _outcome_json, _user, deal_versions_post
from .locks import _lock_evening
from .players import player_get_or_create
from .tables import builtin_card, table_create


@dataclass(frozen=True)
class ImportQuestion:
    """A name of the file near a club member's ("Bnet" beside Bent), asked as seating asks it before
    anything is written: is it that member, or a new player? A ``lookalike`` (a name that imitates a
    member's by mixing scripts, ``lookalikes``) can only be the member it imitates."""

    position: int                # the name's place in the file's players (0 first)
    name: str                    # as the file writes it
    members: tuple[Player, ...]  # who it may be, nearest first
    lookalike: str = ""          # for a lookalike: why (``lookalikes.message``)

    @property
    def text(self) -> str:
        return _("%(name)s i filen ligner %(members)s i klubben.") % {
            "name": self.name, "members": ", ".join(m.name for m in self.members)}


class NamesUnanswered(RecordingError):
    """The file has names to be answered (``ImportQuestion``) before it can be imported."""

    http_status = 409

    def __init__(self, questions: tuple[ImportQuestion, ...]):
        self.questions = questions
        super().__init__([FieldError(None, "players", q.lookalike or q.text) for q in questions])


@dataclass(frozen=True)
class PreparedImport:
    """An evening file checked and settled in memory, ready to be written (``evening_import``)."""

    parsed: Any                  # the engine's Evening (of the file's family)
    card: Any                    # the table's card: one the club has, or the new club card to create
    new_card_title: str | None   # set when ``card`` is to be created as a club card with this title
    entries: tuple[Any, ...]     # the engine's entry of each deal
    stats: tuple[tuple, ...]     # the engine's per-player figures of each deal
    # the member each of the file's names was answered to be (by key), None for a name taken as it
    # is (a member of that very name, or a new player)
    seats: tuple[int | None, ...] = ()
    questions: tuple[ImportQuestion, ...] = ()   # names still to be answered: nothing may be written


#: An answer: the file's name → the member's key it is, or None for "a new player".
Answers = Mapping[str, "int | None"]


def evening_import_prepare(*, club: Club, data: Any, user=None, new_card: str | None = None,
                           answers: Answers | None = None) -> PreparedImport:
    """Everything of an import that needs no lock, done before its transaction: the file decoded
    by ``interchange.decode`` is parsed, held to ``bounds.py`` (at most ``MAX_DEALS_PER_FILE``
    deals), its card matched, and the whole evening validated and settled by the engine in memory.

    A ``rate_card`` in the file must be a card the club has, matched by its amounts (a built-in card
    or one of the club's cards, whose name and title the table then takes); else a club admin (or
    the command line, ``user`` None) imports it as a new club card titled ``new_card``.

    The file's names are kept exactly (its deals name the players): a name that folds equal to a
    club player's of another spelling ("bent" for Bent, ``names.fold``) or to another name of the
    file is refused, naming both, rather than becoming a second player. A name near a member's
    ("Bnet") or imitating one (``lookalikes``) is a question (``questions``), answered in
    ``answers``: that member, who then sits under the file's name as the deals write it
    (``Seat.name``), or a new player (never for a lookalike)."""
    try:
        parsed = interchange.parse_evening(data, max_deals=bounds.MAX_DEALS_PER_FILE)
    except EveningError as exc:
        raise RecordingError.from_problems(exc.problems) from None
    _check_import_names(club, parsed.players)
    seats, questions = _import_seats(club, parsed.players, answers or {})
    _check_import_table_bound(parsed)
    family = interchange.family_of(parsed)
    card, title = _import_card(club, parsed, user, new_card)
    try:
        settlement = family.settle_evening(parsed, card)
    except EveningError as exc:
        raise RecordingError.from_problems(exc.problems) from None
    stats = tuple(tuple(family.deal_stats(parsed.players, deal, entry))
                  for deal, entry in zip(parsed.deals, settlement.deals))
    return PreparedImport(parsed, card, title, settlement.deals, stats, seats, questions)


def evening_import(*, club: Club, data: Any = None, evening: Evening | None = None, user=None,
                   new_card: str | None = None, prepared: PreparedImport | None = None,
                   answers: Answers | None = None) -> Table:
    """Import one table's evening file (docs/format.md): ``evening_import_prepare`` (outside the
    transaction, unless ``prepared`` already), then one short transaction of a few bulk statements
    that write exactly the rows recording the deals one by one through ``deal_record`` writes.
    All or nothing; a name of the file still to be answered (``answers``, see
    ``evening_import_prepare``) refuses it all (``NamesUnanswered``)."""
    if prepared is None:
        prepared = evening_import_prepare(club=club, data=data, user=user, new_card=new_card, answers=answers)
    if prepared.questions:
        raise NamesUnanswered(prepared.questions)
    if evening is not None and evening.club_id != club.id:
        raise RecordingError.single("evening", _("Aftenen hører til en anden klub."))
    with transaction.atomic():
        parsed = prepared.parsed
        if evening is not None:   # locked: two imports into one evening cannot both pass the bound
            _check_import_evening_bound(_lock_evening(evening.pk), parsed)
        card = prepared.card if prepared.new_card_title is None else _create_card(club, prepared)
        if evening is None:
            evening = evening_create(club=club, date=parsed.date or timezone.localdate(), user=user)
        players = [_answered_player(club, key) if key is not None else player_get_or_create(club=club, name=name)
                   for name, key in zip(parsed.players, prepared.seats or (None,) * len(parsed.players))]
        if any(p.name != name for p, name, key in zip(players, parsed.players, prepared.seats) if key is None):
            _check_import_names(club, parsed.players)   # a "bent" came meanwhile: as the check says
        table = table_create(evening=evening, players=players, card=card, seat_names=parsed.players, _log=False)
        _record_settled(table, players, parsed.deals, prepared.entries, prepared.stats, user)
        EveningEvent.objects.create(evening=evening, kind=EveningEventKind.IMPORTED, table=table,
                                    count=len(parsed.deals), user=_user(user))
    return table


def _file_table(parsed) -> str:
    """The table of an evening file as a person knows it before it has a number: its players."""
    return ", ".join(parsed.players)


def _check_import_table_bound(parsed) -> None:
    """An evening file is one table: it holds to ``bounds.MAX_DEALS_PER_TABLE`` as recording does
    (``deals._check_deal_bounds``), refused naming the table and the bound, before anything is written."""
    if len(parsed.deals) > bounds.MAX_DEALS_PER_TABLE:
        raise RecordingError.single("deals", _(
            "Bordet i filen (%(table)s) har %(n)s spil; et bord kan højst have %(max)s spil på en aften.")
            % {"table": _file_table(parsed), "n": len(parsed.deals), "max": bounds.MAX_DEALS_PER_TABLE})


def _check_import_evening_bound(evening: Evening, parsed) -> None:
    """A table imported into an evening brings it to at most ``bounds.MAX_DEALS_PER_EVENING``
    deals (the evening locked by the caller)."""
    have = Deal.objects.filter(table__evening=evening, current=True).count()
    if have + len(parsed.deals) > bounds.MAX_DEALS_PER_EVENING:
        raise RecordingError.single("deals", _(
            "Bordet i filen (%(table)s) har %(n)s spil, og aftenen har allerede %(have)s; en aften kan højst "
            "have %(max)s spil.") % {"table": _file_table(parsed), "n": len(parsed.deals), "have": have,
                                     "max": bounds.MAX_DEALS_PER_EVENING})


def _check_import_names(club: Club, file_names) -> None:
    """Refuse a file's name that folds equal to, but is not spelled as, a club player's or
    another of the file's names, or that imitates another of the file's names
    (``evening_import_prepare``; one imitating a club name is asked about, ``_import_seats``)."""
    known = {}
    for name in Player.objects.filter(club=club).order_by("pk").values_list("name", flat=True):
        known.setdefault(player_names.fold(name), []).append(name)
    seen: dict[str, str] = {}
    errors = []
    for name in file_names:
        key = player_names.fold(name)
        if key in seen:
            errors.append(_("%(name)s og %(other)s i filen er samme navn; en spiller kan kun sidde ét sted ved bordet.")
                          % {"name": name, "other": seen[key]})
        elif key in known and name not in known[key]:
            errors.append(_("%(name)s i filen er klubbens spiller %(player)s: skriv navnet som i klubben, så det "
                            "ikke bliver en ny spiller.") % {"name": name, "player": known[key][0]})
        elif (similar := lookalikes.lookalike(name, seen.values())):   # a club name's lookalike is a question
            errors.append(lookalikes.message(name, *similar))
        seen.setdefault(key, name)
    if errors:
        raise RecordingError([FieldError(None, "players", e) for e in errors])


def _import_seats(club: Club, file_names, answers: Answers) -> tuple[tuple[int | None, ...], tuple[ImportQuestion, ...]]:
    """Each of the file's names as the member it was answered to be (his key), or None (the name as
    it is: a member of that name, or a new player); and the questions still unanswered. A name of
    the file is a question when it imitates a club name (``lookalikes``: only the member imitated
    may answer it) or is near an active member's (``names.match``, as seating asks). An answer that
    the question does not allow is refused, naming the name."""
    unknown = sorted(set(answers) - set(file_names))
    if unknown:
        raise RecordingError([FieldError(None, "players", _("%(name)s er ikke et navn i filen.") % {"name": name})
                              for name in unknown])
    everyone = list(Player.objects.filter(club=club).order_by("pk"))
    active = [p for p in everyone if p.merged_into_id is None and p.retired_at is None]
    taken = {p.name for p in everyone} & set(file_names)   # sitting as themselves: nobody's answer
    seats: list[int | None] = []
    questions: list[ImportQuestion] = []
    errors: list[FieldError] = []
    for position, name in enumerate(file_names):
        seats.append(None)
        if name in taken:
            continue
        imitated = lookalikes.lookalike(name, [p.name for p in everyone])
        if imitated is not None:
            same = next(p for p in everyone if p.name == imitated[0])
            members = (_merged_target(same, everyone),)
            why = lookalikes.message(name, *imitated)
        else:
            free = [p for p in active if p.name not in taken]
            near = player_names.match(name, [p.name for p in free]).near
            members = tuple(next(p for p in free if p.name == n) for n in near)
            why = ""
        if not members:
            continue
        if name not in answers:
            questions.append(ImportQuestion(position, name, members, why))
            continue
        key = answers[name]
        allowed = {m.pk for m in members} if why else {p.pk for p in active if p.name not in taken}
        if key is None and not why:
            continue   # a new player, as answered
        if key not in allowed:
            errors.append(FieldError(None, "players", why or _("%(name)s kan kun være %(members)s eller en ny spiller.")
                                     % {"name": name, "members": ", ".join(m.name for m in members)}))
            continue
        seats[-1] = key
    answered = [key for key in seats if key is not None]
    if len(set(answered)) < len(answered):
        errors.append(FieldError(None, "players", _("En spiller kan kun sidde ét sted ved bordet.")))
    if errors:
        raise RecordingError(errors)
    return tuple(seats), tuple(questions)


def _merged_target(player: Player, everyone: list[Player]) -> Player:
    """A merged player is the one he was merged into (``selectors.members``)."""
    return next((p for p in everyone if p.pk == player.merged_into_id), player)


def _answered_player(club: Club, key: int) -> Player:
    """The member a name of the file was answered to be; gone or merged meanwhile, refused."""
    player = Player.objects.filter(club=club, pk=key, merged_into__isnull=True).first()
    if player is None:
        raise RecordingError.single("players", _("Spilleren findes ikke længere i klubben; indlæs filen igen."))
    return player


def _card_amounts(card) -> dict:
    """Everything of a card but its name and title: what makes two cards the same card."""
    return {k: v for k, v in card.to_dict().items() if k not in ("name", "title")}


def _known_cards(club: Club, family: Family | None = None) -> list:
    """The cards the club has (every family's built-in cards and its own), of ``family`` if given."""
    found = [*(card for f in families.families() for card in (*f.rate_cards.values(), *f.earlier_cards)),
             *(row.card() for row in club.rate_cards.order_by("id"))]
    return [card for card in found if family is None or families.family_of_card(card) is family]


def _import_card(club: Club, parsed, user, new_card: str | None) -> tuple[Any, str | None]:
    """The card an imported table is played with (see ``evening_import_prepare``) and, for a card
    the club does not have, the title it is to be created with. A sheet never shows a card's name or
    title for other amounts: an unknown card is refused, naming ``rate_card``."""
    if parsed.card is None:
        return builtin_card(parsed.rules), None
    wanted = _card_amounts(parsed.card)
    known = _known_cards(club, families.family_of_card(parsed.card))
    for card in known:   # the very card (export → import in the same club), then by amounts alone
        if card.name == parsed.card.name and _card_amounts(card) == wanted:
            return card, None
    for card in known:
        if _card_amounts(card) == wanted:
            return card, None
    from scoring import access
    from scoring.models import Role
    if new_card is None or (user is not None and not access.can(user, club, Role.ADMIN)):
        raise RecordingError.from_problems([problem(None, "rate_card", "card_unknown", name=parsed.card.name)])
    title = new_card.strip()
    found = bounds.text_problem(title, bounds.CARD_TITLE_MAX_LENGTH)
    if found is not None:
        raise RecordingError.from_problems([problem(None, "new_card", found[0], **dict(found[1]))])
    _check_title_free(title, known)
    return parsed.card, title


def _check_title_free(title: str, known: list) -> None:
    if title.casefold() in {card.title.casefold() for card in known}:
        raise RecordingError.from_problems([problem(None, "new_card", "card_title_taken", title=title)])


def _create_card(club: Club, prepared: PreparedImport):
    """Create the imported card as a club card (inside the import's transaction), named anew."""
    from scoring.models import ClubRateCard
    _check_title_free(prepared.new_card_title, _known_cards(club))   # again: a card may have come meanwhile
    number = club.rate_cards.count() + 1
    while club.rate_cards.filter(name=f"{club.pk}-import-{number}").exists():
        number += 1
    name = f"{club.pk}-import-{number}"
    family = families.family_of_card(prepared.card)
    card = family.card_from_dict(prepared.card.to_dict() | {"name": name, "title": prepared.new_card_title})
    base = family.card_base(card)
    ClubRateCard.objects.create(club=club, name=name, based_on=base.name if base else "", family=family.name,
                                data=json.dumps(card.to_dict(), ensure_ascii=False))
    return card


def _record_settled(table: Table, players: list[Player], deals, entries: tuple, stats: tuple[tuple, ...],
                    user) -> None:
    """Write the deals of a new table, already settled in memory by the engine, through the one write
    path of deal versions (``deal_versions_post``: a few bulk statements for all of them): the same
    rows, in the same order, that ``deal_record`` writes deal by deal (a test compares them)."""
    by_name = dict(zip(table.seats.order_by("position").values_list("name", flat=True), players))
    recorder = _user(user)
    family = table.engine
    deal_versions_post(table, by_name, [
        Version(Deal(table=table, number=number, dealer=by_name[deal.dealer], kind=deal.kind.value,
                     outcome_json=_outcome_json(family, deal), recorded_by=recorder), deal, entry, figures)
        for number, (deal, entry, figures) in enumerate(zip(deals, entries, stats), 1)])
