"""Logins (docs/operations.md, Production). django-axes counts failed logins on every authentication path (this
login page, the admin's, anything calling ``authenticate``); the settings ``AXES_*`` point here for
the club's rules:

- a username is counted as Django logs it in (:func:`login_username`), so `` victim `` and the
  full-width ``ｖｉｃｔｉｍ`` are ``victim``;
- 5 failures of a username lock it for 15 minutes; an address with 20 failures (proxy-aware,
  :func:`client_address`) also locks the usernames that have failures of their own from there, but
  never a user with none (:class:`LoginAttemptHandler`);
- the lockout is the login page with the reason, status 429 (:func:`lockout_response`).
"""
from __future__ import annotations

from functools import lru_cache

import ipaddress
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_failure_limit
from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_not_required
from django.contrib.auth.forms import AuthenticationForm, UsernameField
from django.db.models import Sum
from django.shortcuts import render
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _, gettext_lazy

from scoring import language


class LoginForm(AuthenticationForm):
    """Django's login form, whose wrong-password message says what went wrong: Django's own reads in
    German as if nothing had been entered ("Bitte Benutzername und Passwort eingeben")."""

    error_messages = {**AuthenticationForm.error_messages, "invalid_login": gettext_lazy(
        "Brugernavn eller adgangskode er forkert. Der skelnes mellem store og små bogstaver.")}


@method_decorator(login_not_required, name="dispatch")
class LoginView(auth_views.LoginView):
    template_name = "registration/login.html"
    authentication_form = LoginForm
    redirect_authenticated_user = True


class LogoutView(auth_views.LogoutView):
    """Django's logout; the login page it leads to speaks the language the phone was just in
    (scoring/language.py)."""

    def post(self, request, *args, **kwargs):
        was = language.login_language(request)
        response = super().post(request, *args, **kwargs)
        language.keep_after_logout(request, was)
        return response


def login_username(request, credentials: dict | None) -> str | None:
    """AXES_USERNAME_CALLABLE: the username as the login forms clean it before the backend looks
    it up (``UsernameField``: surrounding whitespace stripped, then Unicode NFKC). The backend then
    matches it exactly, so case is kept: ``Victim`` is another user."""
    field = settings.AXES_USERNAME_FORM_FIELD
    raw = credentials.get(field) if credentials else request.POST.get(field)
    if raw is None:
        return None
    return UsernameField().to_python(raw)[:150] or None


@lru_cache(maxsize=8)
def _networks(proxies: tuple[str, ...]) -> tuple:
    return tuple(ipaddress.ip_network(p, strict=False) for p in proxies)


def _trusted(address: str, networks: tuple) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


def client_address(request) -> str:
    """AXES_CLIENT_IP_CALLABLE: the peer's address, unless the peer is one of TRUSTED_PROXIES;
    then the ``X-Forwarded-For`` hops are read from the right (each proxy appends the address it
    was reached from) and the first one that is not a trusted proxy is the client."""
    peer = request.META.get("REMOTE_ADDR", "")
    networks = _networks(tuple(settings.TRUSTED_PROXIES))
    if not _trusted(peer, networks):
        return peer
    hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    for hop in reversed(hops):
        if not _trusted(hop, networks):
            try:
                return str(ipaddress.ip_address(hop))
            except ValueError:  # not written by a proxy we trust
                return peer
    return peer


class LoginAttemptHandler(AxesDatabaseHandler):
    """Axes' database handler with the club's rule over AXES_LOCKOUT_PARAMETERS
    ``["username", "ip_address"]`` (in this order): a username is locked by its own failures; an
    address with LOGIN_ADDRESS_FAILURE_LIMIT failures locks only the usernames that have failures
    of their own, so a user without failures is never refused. A successful login resets the
    username's failures, not its address's."""

    def get_failures(self, request, credentials: dict | None = None) -> int:
        own, from_address = (attempts.aggregate(n=Sum("failures_since_start"))["n"] or 0
                             for attempts in self.get_user_attempts(request, credentials))
        if own and from_address >= settings.LOGIN_ADDRESS_FAILURE_LIMIT:
            return max(own, get_failure_limit(request, credentials))
        return own

    def reset_user_attempts(self, request, credentials: dict | None = None) -> int:
        username = get_client_username(request, credentials)
        return self.reset_attempts(username=username) if username else 0


def lockout_response(request, original_response=None, credentials: dict | None = None):
    """AXES_LOCKOUT_CALLABLE: the login page with the reason, status 429 (also for the admin's)."""
    form = LoginForm(request, initial={"username": request.POST.get("username", "")})
    return render(request, LoginView.template_name, {
        "form": form, "next": request.POST.get("next") or request.GET.get("next", ""),
        "locked_out": _("For mange mislykkede forsøg. Vent et kvarter, og prøv igen.")}, status=429)
