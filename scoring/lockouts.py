"""A club's members' current login lockouts, read from django-axes' failed-login records by the
club's rules (``scoring.views.auth.LoginAttemptHandler``): a username is locked when its own failures within
the cool-off reach ``AXES_FAILURE_LIMIT``, or when it has failures of its own from an address that
reached ``LOGIN_ADDRESS_FAILURE_LIMIT``. Only the usernames of the club's members are ever read, so
one club's admin never sees another club's users (nor the guesses of strangers)."""
from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass

from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Sum
from django.utils import timezone

from .models import Club


@dataclass(frozen=True)
class Lockout:
    username: str
    since: dt.datetime         # the last failure counted: the one that locked (a refused try is not counted)
    until: dt.datetime         # when that failure leaves the cool-off (at the latest)
    failures: int
    addresses: tuple[str, ...]


def member_usernames(club: Club) -> set[str]:
    return set(get_user_model().objects.filter(memberships__club=club).values_list("username", flat=True))


def is_member(club: Club, username: str) -> bool:
    return get_user_model().objects.filter(memberships__club=club, username=username).exists()


def current(club: Club, now: dt.datetime | None = None) -> list[Lockout]:
    """The club's members locked out now, by username (two queries)."""
    threshold = (now or timezone.now()) - settings.AXES_COOLOFF_TIME
    rows = list(AccessAttempt.objects.filter(username__in=member_usernames(club), attempt_time__gte=threshold)
                .values_list("username", "ip_address", "attempt_time", "failures_since_start"))
    by_address = dict(AccessAttempt.objects.filter(ip_address__in={r[1] for r in rows if r[1]},
                                                   attempt_time__gte=threshold)
                      .values_list("ip_address").annotate(n=Sum("failures_since_start")))
    mine: dict[str, list] = defaultdict(list)
    for row in rows:
        mine[row[0]].append(row)
    found = []
    for username, attempts in sorted(mine.items()):
        own = sum(a[3] for a in attempts)
        addresses = tuple(sorted({a[1] for a in attempts if a[1]}))
        crowded = any(by_address.get(a, 0) >= settings.LOGIN_ADDRESS_FAILURE_LIMIT for a in addresses)
        if own >= settings.AXES_FAILURE_LIMIT or (own and crowded):
            since = max(a[2] for a in attempts)
            found.append(Lockout(username, since, since + settings.AXES_COOLOFF_TIME, own, addresses))
    return found
