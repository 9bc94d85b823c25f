"""The club's own writes beside its evenings: clearing a member's login lockout, its default language."""
from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.language import known as known_language
from scoring.models import Club, ClubEvent, ClubEventKind

from .errors import RecordingError
from .journal import _user


def lockout_clear(*, club: Club, username: str, user=None) -> int:
    """Clear the login failures of ``username``, a member of ``club`` (else ``RecordingError``,
    nothing done), logged in the club's log when there were any. Safe to repeat: a second clear
    finds none, removes none and logs nothing. Returns the failure records removed."""
    from axes.utils import reset

    from scoring import lockouts
    if not lockouts.is_member(club, username):
        raise RecordingError.single("username", _("%(user)s er ikke medlem af klubben.") % {"user": username})
    removed = reset(username=username)
    if removed:
        ClubEvent.objects.create(club=club, kind=ClubEventKind.LOCKOUT_CLEARED, subject=username, count=removed,
                                 user=_user(user))
    return removed


def club_language_set(*, club: Club, language: str) -> None:
    """The club's default language: what its members see until they choose one themselves; it reaches
    each of them at his next login (scoring/language.py)."""
    if known_language(language) is None:
        raise RecordingError.single("language", _("Ukendt sprog."))
    Club.objects.filter(pk=club.pk).update(language=language)
