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


def speaks_for(user, player) -> bool:
    """Whether ``user``'s login is the one linked to ``player`` (``Player.user``) or to the player
    he was merged into: the login that acts as that player (his payments)."""
    if not getattr(user, "is_authenticated", False) or player is None:
        return False
    merged = player.merged_into if player.merged_into_id is not None else None
    return player.user_id == user.pk or (merged is not None and merged.user_id == user.pk)


def may_record_payment(user, club_id: int, payer, receiver) -> bool:
    """Who may record a payment between two players: the payer or the receiver himself (his login),
    a scorekeeper or the treasurer (the club admin); a member only a payment he pays or receives."""
    if not getattr(user, "is_authenticated", False):
        return False
    if can(user, club_id, Role.SCOREKEEPER):
        return True
    return can(user, club_id, Role.MEMBER) and (speaks_for(user, payer) or speaks_for(user, receiver))


def is_treasurer(user, club_id: int) -> bool:
    """The treasurer is the club admin: he confirms, disputes and undoes any payment."""
    return can(user, club_id, Role.ADMIN)


def confirmed_at_once(user, club_id: int, receiver) -> bool:
    """A payment recorded by its receiver or the treasurer (or by no login: a command) is confirmed
    at once; one recorded by the payer or anyone else waits for the receiver or the treasurer."""
    if not getattr(user, "is_authenticated", False):
        return True
    return is_treasurer(user, club_id) or speaks_for(user, receiver)


def may_decide_payment(user, payment) -> bool:
    """Who may confirm or dispute a payment: its receiver (his login) or the treasurer."""
    return is_treasurer(user, payment.club_id) or speaks_for(user, payment.receiver)


def may_undo_payment(user, payment) -> bool:
    """Who may undo a payment, with a reason: whoever recorded it, or the treasurer."""
    if not getattr(user, "is_authenticated", False):
        return False
    return is_treasurer(user, payment.club_id) or (payment.recorded_by_id is not None
                                                    and payment.recorded_by_id == user.pk
                                                    and can(user, payment.club_id, Role.MEMBER))
