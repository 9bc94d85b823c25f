"""The error pages of our own (docs/operations.md, "Error pages"): 400, 403, 404 and 500 through
Django's handlers (tarokklub/urls.py), a form sent without its valid CSRF token (403,
``CSRF_FAILURE_VIEW``), 413 and 503 through the middleware that answers them
(scoring/middleware.py). Each is ``templates/error.html``: the site's header, what happened in the
visitor's language, and a way back — the page he came from when it is of this site, and the home page.

403, 404 and the CSRF refusal are rendered with the request (the header's picker and the user's
clubs). 400, 413, 500 and 503 are rendered without it: no context processor runs (they read the
session, the user and his clubs from the database), so these pages render with the database down or
unwritable, and the malformed request of a 400 is not read further; their header has no language
picker (it posts with the request's CSRF token). The 500 page is worded in the request's language,
else in the phone's without the session (``language.browser_language``), for an error raised
before the language was chosen (the session could not be read). An error page that cannot be
rendered (a static file missing from the manifest, a failing query) is answered with a plain one, the
same words without the header's stylesheet, and logged."""
from __future__ import annotations

import logging

from django.core.exceptions import DisallowedHost
from django.http import HttpResponse
from django.template import loader
from django.urls import reverse
from django.utils.html import format_html
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django.views.decorators.csrf import requires_csrf_token

from scoring import language

log = logging.getLogger(__name__)

#: Each status's heading and the words under it (413 and 503: the middleware's own words).
PAGES = {
    400: (_("Ugyldig forespørgsel"), _("Det, der blev sendt til siden, kunne ikke læses. Gå tilbage, og prøv igen.")),
    403: (_("Ingen adgang"), _("Du har ikke adgang til denne side.")),
    404: (_("Siden findes ikke"), _("Adressen findes ikke, eller du har ikke adgang til siden.")),
    413: (_("Filen er for stor"), None),
    500: (_("Der opstod en fejl"),
          _("Siden kunne ikke vises. Fejlen er skrevet i serverens log; prøv igen om lidt.")),
    503: (_("Ikke gemt"), None),
}
#: The page when error.html cannot be rendered: the same words, no stylesheet.
PLAIN = ('<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" '
         'content="width=device-width, initial-scale=1"><title>{title} – Tarokklub</title></head><body>'
         '<p><a href="{home}">Tarokklub</a></p><h1>{title}</h1><p>{message}</p><p><a href="{home}">{home_words}</a></p>'
         '</body></html>')
#: The CSRF refusal (403): the form was older than the phone's token, or the phone keeps no cookies.
CSRF_PAGE = (_("Formularen er for gammel"),
             _("Siden har været åben for længe, eller telefonen gemmer ikke cookies. Hent siden igen, og "
               "send den en gang til."))


def came_from(request) -> str | None:
    """The page the visitor came from (its Referer), when it is of this site and not this very address
    (a form posted to its own page leads back to the form)."""
    referer = request.META.get("HTTP_REFERER", "")
    try:
        host = request.get_host()
    except DisallowedHost:
        return None
    if not referer or not url_has_allowed_host_and_scheme(referer, allowed_hosts={host},
                                                          require_https=request.is_secure()):
        return None
    return None if request.method == "GET" and referer == request.build_absolute_uri() else referer


def error_response(request, status: int, message: str | None = None, *, title: str | None = None,
                   with_request: bool = True) -> HttpResponse:
    """``templates/error.html`` for ``status``, in the active language; ``with_request=False`` renders it
    without the request's context processors (no database)."""
    heading, words = PAGES[status]
    context = {"status": status, "title": title or heading, "message": message or words, "back": came_from(request)}
    try:
        body = loader.render_to_string("error.html", context, request=request if with_request else None)
    except Exception:   # an error page never fails in turn (a missing static file, a failing query)
        log.exception("the %s page could not be rendered; answered with the plain one", status)
        body = format_html(PLAIN, lang=translation.get_language() or "", home=reverse("scoring:home"),
                           home_words=_("Til forsiden"), **context)
    return HttpResponse(body, status=status)


def bad_request(request, exception=None):
    return error_response(request, 400, with_request=False)


@requires_csrf_token
def permission_denied(request, exception=None):
    return error_response(request, 403)


@requires_csrf_token
def page_not_found(request, exception=None):
    return error_response(request, 404)


def server_error(request):
    lang = language.known(getattr(request, "LANGUAGE_CODE", None)) or language.browser_language(request)
    with translation.override(lang):
        response = error_response(request, 500, with_request=False)
    response.headers["Content-Language"] = lang
    return response


def csrf_failure(request, reason: str = ""):
    title, words = CSRF_PAGE
    return error_response(request, 403, words, title=title)
