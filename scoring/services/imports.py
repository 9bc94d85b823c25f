"""Importing one table's evening file (docs/format.md): checked and settled in memory, then written
in a few bulk statements, all or nothing."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

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
class PreparedImport:
    """An evening file checked and settled in memory, ready to be written (``evening_import``)."""

    parsed: Any                  # the engine's Evening (of the file's family)
    card: Any                    # the table's card: one the club has, or the new club card to create
    new_card_title: str | None   # set when ``card`` is to be created as a club card with this title
    entries: tuple[Any, ...]     # the engine's entry of each deal
    stats: tuple[tuple, ...]     # the engine's per-player figures of each deal


def evening_import_prepare(*, club: Club, data: Any, user=None, new_card: str | None = None) -> PreparedImport:
    """Everything of an import that needs no lock, done before its transaction: the file decoded
    by ``interchange.decode`` is parsed, held to ``bounds.py`` (at most ``MAX_DEALS_PER_FILE``
    deals), its card matched, and the whole evening validated and settled by the engine in memory.

    A ``rate_card`` in the file must be a card the club has, matched by its amounts (a built-in card
    or one of the club's cards, whose name and title the table then takes); else a club admin (or
    the command line, ``user`` None) imports it as a new club card titled ``new_card``.

    The file's names are kept exactly (its deals name the players): a name that folds equal to a
    club player's of another spelling ("bent" for Bent, ``names.fold``) or to another name of the
    file is refused, naming both, rather than becoming a second player."""
    try:
        parsed = interchange.parse_evening(data, max_deals=bounds.MAX_DEALS_PER_FILE)
    except EveningError as exc:
        raise RecordingError.from_problems(exc.problems) from None
    _check_import_names(club, parsed.players)
    _check_import_table_bound(parsed)
    family = interchange.family_of(parsed)
    card, title = _import_card(club, parsed, user, new_card)
    try:
        settlement = family.settle_evening(parsed, card)
    except EveningError as exc:
        raise RecordingError.from_problems(exc.problems) from None
    stats = tuple(tuple(family.deal_stats(parsed.players, deal, entry))
                  for deal, entry in zip(parsed.deals, settlement.deals))
    return PreparedImport(parsed, card, title, settlement.deals, stats)


def evening_import(*, club: Club, data: Any = None, evening: Evening | None = None, user=None,
                   new_card: str | None = None, prepared: PreparedImport | None = None) -> Table:
    """Import one table's evening file (docs/format.md): ``evening_import_prepare`` (outside the
    transaction, unless ``prepared`` already), then one short transaction of a few bulk statements
    that write exactly the rows recording the deals one by one through ``deal_record`` writes.
    All or nothing."""
    if prepared is None:
        prepared = evening_import_prepare(club=club, data=data, user=user, new_card=new_card)
    if evening is not None and evening.club_id != club.id:
        raise RecordingError.single("evening", _("Aftenen hører til en anden klub."))
    with transaction.atomic():
        parsed = prepared.parsed
        if evening is not None:   # locked: two imports into one evening cannot both pass the bound
            _check_import_evening_bound(_lock_evening(evening.pk), parsed)
        card = prepared.card if prepared.new_card_title is None else _create_card(club, prepared)
        if evening is None:
            evening = evening_create(club=club, date=parsed.date or timezone.localdate(), user=user)
        players = [player_get_or_create(club=club, name=name) for name in parsed.players]
        if [p.name for p in players] != list(parsed.players):   # a "bent" came meanwhile: as the check says
            _check_import_names(club, parsed.players)
        table = table_create(evening=evening, players=players, card=card, _log=False)
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
    another of the file's names (``evening_import_prepare``)."""
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
        elif (similar := lookalikes.lookalike(name, [*(n for ns in known.values() for n in ns), *seen.values()])):
            errors.append(lookalikes.message(name, *similar))
        seen.setdefault(key, name)
    if errors:
        raise RecordingError([FieldError(None, "players", e) for e in errors])


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
    by_name = {p.name: p for p in players}
    recorder = _user(user)
    family = table.engine
    deal_versions_post(table, by_name, [
        Version(Deal(table=table, number=number, dealer=by_name[deal.dealer], kind=deal.kind.value,
                     outcome_json=_outcome_json(family, deal), recorded_by=recorder), deal, entry, figures)
        for number, (deal, entry, figures) in enumerate(zip(deals, entries, stats), 1)])
