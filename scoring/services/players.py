"""A club's player found by his name, or a new one with a name the bounds accept; and what a club
admin changes of a player: his name, e-mail and login, retirement, a merge of a duplicate."""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import lookalikes
from scoring.engine import bounds
from scoring.engine import names as player_names
from scoring.engine.problems import problem
from scoring.language import known as known_language
from scoring.models import Club, ClubEvent, ClubEventKind, Player
from scoring.selectors.members import merge_preview

from .errors import FieldError, RecordingError
from .journal import _user


def player_get_or_create(*, club: Club, name: str) -> Player:
    """The club's player of that name; a new player only with a name ``bounds.name_problem``
    accepts (a player stored before the rule keeps his name). The name is ``names.tidy``'d, and a
    name that folds equal to a club player's (``names.match``: "bent ", "BENT", "Bént" for Bent)
    is that player, never a second one. A near name ("Bnet") is asked about by
    the forms before they call this; here it is a new player. A new name that imitates a club
    player's by mixing scripts ("Аnne", a Cyrillic А, beside Anne: ``lookalikes``) is refused here,
    so that no path that creates a player — seating, the members page, a tournament's
    registration, an import — lets one in; a retired or merged player's name counts too."""
    name = player_names.tidy(name)
    if not name:
        raise RecordingError.single("name", _("Navnet må ikke være tomt."))
    player = Player.objects.filter(club=club, name=name).first()
    if player is not None:
        return player
    known = list(Player.objects.filter(club=club).order_by("pk").values_list("name", flat=True))
    same = player_names.match(name, known).exact
    if same is not None:
        return Player.objects.filter(club=club, name=same).first()
    found = bounds.name_problem(name)
    if found is not None:
        raise RecordingError.from_problems([problem(None, "name", found[0], **dict(found[1]))])
    imitated = lookalikes.problem(name, known)
    if imitated:
        raise RecordingError.single("name", imitated)
    player, _created = Player.objects.get_or_create(club=club, name=name)
    return player


# The members page's writes: rename, e-mail and login, retire and back, merge ---------------------

def _locked_player(player: Player) -> Player:
    """The player's row, locked for the change (one admin's tap at a time; SQLite: one writer)."""
    return Player.objects.select_for_update(of=("self",)).select_related("merged_into").get(pk=player.pk)


def _log(club_id: int, kind: str, player: Player, user, *, other: Player | None = None, before: str = "",
         after: str = "", count: int | None = None) -> None:
    ClubEvent.objects.create(club_id=club_id, kind=kind, player=player, other=other, before=before, after=after,
                             count=count, subject=player.name, user=_user(user))


def _not_merged(player: Player) -> None:
    if player.merged_into_id is not None:
        raise RecordingError.single("player", _("%(name)s er lagt sammen med %(other)s; ret %(other)s i stedet.")
                                    % {"name": player.name, "other": player.merged_into.name})


@transaction.atomic
def player_rename(*, player: Player, name: str, user=None) -> Player:
    """Give ``player`` a new name: the pages show it from now on, on old sheets too, while each
    table keeps the name he sat down with for its deals (``Seat.name``). The name rule of
    ``bounds.name_problem``; never a name that folds equal to, or imitates, another player's of the
    club. Logged with the old and the new name; the same name again changes and logs nothing."""
    player = _locked_player(player)
    _not_merged(player)
    name = player_names.tidy(name or "")
    if not name:
        raise RecordingError.single("name", _("Navnet må ikke være tomt."))
    found = bounds.name_problem(name)
    if found is not None:
        raise RecordingError.from_problems([problem(None, "name", found[0], **dict(found[1]))])
    if name == player.name:
        return player
    others = list(Player.objects.filter(club_id=player.club_id).exclude(pk=player.pk).order_by("pk")
                  .values_list("name", flat=True))
    same = player_names.match(name, others).exact
    if same is not None:
        raise RecordingError.single("name", _("Der er allerede en spiller med det navn.") + f" ({same})")
    imitated = lookalikes.problem(name, others)
    if imitated:
        raise RecordingError.single("name", imitated)
    before = player.name
    Player.objects.filter(pk=player.pk).update(name=name)
    player.name = name
    _log(player.club_id, ClubEventKind.RENAMED, player, user, before=before, after=name)
    return player


@transaction.atomic
def player_contact_set(*, player: Player, email: str, login: str = "", language: str | None = None,
                       user=None) -> Player:
    """``player``'s e-mail address (never shown outside his club; blank: none), the member's login
    that speaks for him (``login``: the username of a member of the club; blank: none), one player
    per login in a club, and the language of his mails (``language``: one of settings.LANGUAGES, blank
    for his club's default, None to leave it; scoring/language.py player_language). Logged (without
    the address) when any changed."""
    from django.contrib.auth import get_user_model
    from django.core.exceptions import ValidationError
    from django.core.validators import validate_email

    player = _locked_player(player)
    _not_merged(player)
    email = (email or "").strip()
    if email:
        try:
            validate_email(email)
        except ValidationError:
            raise RecordingError.single("email", _("Skriv en gyldig e-mailadresse.")) from None
        if not bounds.one_mailbox(email):   # one address is one recipient (bounds.ADDRESS_FORBIDDEN)
            raise RecordingError.single("email", _("Skriv én e-mailadresse uden anførselstegn, kommaer "
                                                   "eller semikoloner."))
        if len(email) > Player._meta.get_field("email").max_length:
            raise RecordingError.single("email", _("Skriv en gyldig e-mailadresse."))
    login = (login or "").strip()
    member = None
    if login:
        member = get_user_model().objects.filter(username=login, memberships__club_id=player.club_id).first()
        if member is None:
            raise RecordingError.single("login", _("%(user)s er ikke medlem af klubben.") % {"user": login})
        taken = Player.objects.filter(club_id=player.club_id, user=member).exclude(pk=player.pk).first()
        if taken is not None:
            raise RecordingError.single("login", _("%(user)s taler allerede for %(name)s.")
                                        % {"user": login, "name": taken.name})
    member_id = member.pk if member is not None else None
    language = player.language if language is None else language.strip()
    if language and known_language(language) is None:
        raise RecordingError.single("language", _("Ukendt sprog."))
    if email == player.email and member_id == player.user_id and language == player.language:
        return player
    Player.objects.filter(pk=player.pk).update(email=email, user_id=member_id, language=language)
    changed = [what for what, moved in ((_("e-mail"), email != player.email), (_("login"), member_id != player.user_id),
                                        (_("sprog"), language != player.language)) if moved]
    player.email, player.user_id, player.language = email, member_id, language
    _log(player.club_id, ClubEventKind.CONTACT, player, user, after=", ".join(str(c) for c in changed))
    return player


@transaction.atomic
def player_retire(*, player: Player, retired: bool = True, user=None) -> Player:
    """Retire ``player`` (``retired``) or take him back: a retired player leaves the seat pickers and
    the name suggestions and keeps his history and standings. Logged; asking for what is already so
    changes and logs nothing."""
    player = _locked_player(player)
    _not_merged(player)
    if (player.retired_at is not None) == retired:
        return player
    player.retired_at = timezone.now() if retired else None
    Player.objects.filter(pk=player.pk).update(retired_at=player.retired_at)
    _log(player.club_id, ClubEventKind.RETIRED if retired else ClubEventKind.UNRETIRED, player, user)
    return player


@transaction.atomic
def player_merge(*, duplicate: Player, into: Player, user=None) -> Player:
    """Merge ``duplicate`` (a typo's second player, "Bnet") into ``into`` (the player he is now, when
    ``into`` was merged himself): exactly what ``selectors.members.merge_preview`` shows, or its
    problems as ``RecordingError`` (nothing written). No journal row, seat, deal or summary is
    rewritten: ``duplicate.merged_into`` names the player and every read resolves it
    (``selectors.members``); duplicates merged into ``duplicate`` before now point to the player too,
    so one step always resolves. A login and an address the player lacks come with the duplicate.
    Logged with both names and the evenings moved. Returns the player merged into."""
    # both rows locked in id order (two merges of the pair at once wait for each other)
    locked = {p.pk: p for p in Player.objects.select_for_update().filter(pk__in=sorted({duplicate.pk, into.pk}))
              .order_by("pk")}
    if duplicate.pk not in locked or into.pk not in locked:
        raise RecordingError.single("into", _("Ukendt spiller."))
    duplicate = Player.objects.select_related("merged_into").get(pk=duplicate.pk)
    into = Player.objects.select_related("merged_into").get(pk=into.pk)
    preview = merge_preview(duplicate, into)
    if preview.problems:
        raise RecordingError([FieldError(None, field, message) for field, message in preview.problems])
    keep = Player.objects.select_for_update().get(pk=preview.keep.pk)
    Player.objects.filter(merged_into=duplicate).update(merged_into=keep)
    Player.objects.filter(pk=duplicate.pk).update(merged_into=keep, user=None,
                                                  email="" if not keep.email and duplicate.email else duplicate.email)
    if duplicate.user_id is not None and keep.user_id is None:
        Player.objects.filter(pk=keep.pk).update(user_id=duplicate.user_id)
    if duplicate.email and not keep.email:
        Player.objects.filter(pk=keep.pk).update(email=duplicate.email)
    _log(duplicate.club_id, ClubEventKind.MERGED, duplicate, user, other=keep, before=duplicate.name, after=keep.name,
         count=sum(m.duplicate[0] for m in preview.moves))
    return keep
