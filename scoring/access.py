"""Who may see and change what: club isolation and roles, in one place.

A user who is not a member of an object's club gets 404 (never a hint that the object exists);
a member without the role needed gets 403. Superusers may do everything.
"""
from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404

from .models import Club, Membership, Role


def membership(user, club: Club | int) -> Membership | None:
    if not getattr(user, "is_authenticated", False):
        return None
    club_id = club.pk if isinstance(club, Club) else club
    cache = getattr(user, "_tarokklub_memberships", None)
    if cache is None:
        cache = {m.club_id: m for m in Membership.objects.filter(user=user)}
        user._tarokklub_memberships = cache
    return cache.get(club_id)


def require(user, club: Club | int, role: str = Role.MEMBER) -> None:
    """Raise Http404 for outsiders and PermissionDenied for a role that is too low."""
    if getattr(user, "is_superuser", False):
        return
    found = membership(user, club)
    if found is None:
        raise Http404
    if not found.allows(role):
        raise PermissionDenied


def can(user, club: Club | int, role: str) -> bool:
    if getattr(user, "is_superuser", False):
        return True
    found = membership(user, club)
    return found is not None and found.allows(role)


def visible_clubs(user):
    """The clubs whose books ``user`` may read."""
    if getattr(user, "is_superuser", False):
        return Club.objects.all()
    if not getattr(user, "is_authenticated", False):
        return Club.objects.none()
    return Club.objects.filter(memberships__user=user)


def may_mark_payment(user, transfer) -> bool:
    """Who may mark a transfer of "who pays whom" paid or take the mark back: the payer or the
    receiver (a login linked to that player, ``Player.user``, or to a player merged into him), a
    scorekeeper or the club admin."""
    if not getattr(user, "is_authenticated", False):
        return False
    if can(user, transfer.club_id, Role.SCOREKEEPER):
        return True
    players = (transfer.payer, transfer.receiver)
    return any(p.user_id == user.pk or (p.merged_into is not None and p.merged_into.user_id == user.pk)
               for p in players)
