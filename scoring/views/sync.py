"""The table page offline (README "Offline at the table"): the JSON endpoint the phone's queue sends
its deals to, what the page carries for the queue (who deals next after each kind of deal), the
service worker and the web app manifest.

The endpoint answers a program (the queue in ``static/js/table-sync.js``), always JSON:

- ``saved`` (200): the deal's number, the table's version now and the sheet's next dealer; a repeat
  of a saved key answers ``saved`` again with the same number and writes nothing.
- ``retry`` (409 busy, 503 the server cannot write): nothing written, send again later.
- ``conflict`` (409): the table moved on; the deals saved since, each compared with the queued one
  (``conflicts``), and the queued deal with the dealer reset to the sheet's dealer now.
- ``login`` (401, 403): the session expired or the role does not allow it; the queue waits.
- ``invalid`` (422): the problems by field, the form's own and the engine's, as the form shows them.

Views stay thin (STYLE.md §5): the form, ``services.deal_record`` through ``submissions.write``
and ``conflicts`` do the work.
"""
from __future__ import annotations

import json
import logging
from pathlib import Path

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.contrib.staticfiles import finders
from django.core.exceptions import PermissionDenied
from django.db import DatabaseError
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.templatetags.static import static
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from scoring import access, conflicts, services, submissions
from scoring.engine import families
from scoring.models import Deal, Role, Submission, Table
from scoring.selectors import TableSheet, table_sheet
from scoring.table_families import table_family

log = logging.getLogger(__name__)

ACTION = "deal_record"   # the submission action of a recorded deal, from the form or the queue


# What the page carries for the queue -----------------------------------------------------------

def deal_kinds(form) -> list[str]:
    """The kinds of deal the family's form offers (the evening file's ``kind`` values); a form with no
    choice of kind records the family's played kind (``Family.played_kinds``), after which the phone
    must still know who deals next."""
    if "kind" in form.fields:
        return [str(value) for value, _label in form.fields["kind"].choices]
    return list(families.family(form.family_name).played_kinds)


def rotation(sheet: TableSheet, kinds: list[str]) -> dict:
    """Who deals and who sits out next after each kind of deal, for every coming deal: for each
    player as dealer his seating and the dealer after each kind, by the family's own rules
    (``Family.seating`` / ``dealer_after``), so that the phone needs no rotation rules of its own."""
    family = sheet.family or sheet.table.engine
    players = sheet.players
    seatings = {d: family.seating(players, d) for d in players}
    return {
        "dealer": conflicts.expected_dealer(sheet),
        "number": sheet.next_number,
        "version": sheet.table.version,
        "kinds": kinds,
        "seating": {d: {"forehand": s.forehand, "active": list(s.active), "sitting_out": list(s.sitting_out)}
                    for d, s in seatings.items()},
        "after": {d: {kind: family.dealer_after(players, d, kind) for kind in kinds} for d in players},
    }


def page_data(table: Table, sheet: TableSheet, form) -> dict:
    """The JSON the table page embeds for ``table-sync.js`` (a ``json_script`` block: data, not code):
    the endpoints, the table's state and rotation, and the words the script shows."""
    url = reverse("scoring:table_detail", args=[table.pk])
    return {
        "table": table.pk,
        "page": url,
        "sync": reverse("scoring:table_sync", args=[table.pk]),
        "form": reverse("scoring:deal_form", args=[table.pk]),
        "sw": reverse("scoring:service_worker"),
        "login": reverse("login") + "?" + urlencode({"next": url}),
        "rotation": rotation(sheet, deal_kinds(form)),
        "words": {
            "unsent_one": _("1 spil ikke sendt endnu"),
            "unsent_many": _("%(n)s spil ikke sendt endnu"),
            "send_now": _("Send nu"),
            "sending": _("Sender …"),
            "retry_in": _("Prøver igen om %(s)s s."),
            "offline": _("Ingen forbindelse: spillet er gemt på telefonen og sendes, når der er net."),
            "preview_offline": _("Forhåndsvisningen er ikke tilgængelig uden net (den regnes af serveren)."),
            "login": _("Du er logget ud: log ind igen, så sendes spillene. Intet er tabt."),
            "login_link": _("Log ind"),
            "deal": _("Spil %(n)s"),
            "discard": _("Kassér spil %(n)s"),
            "discard_confirm": _("Kassér spil %(n)s for altid? Det bliver ikke gemt."),
            "discarded": _("Spil %(n)s er kasseret på telefonen."),
            "send_anyway": _("Send med giveren %(dealer)s"),
            "confirm_dealer": _("Ja, %(dealer)s giver – send"),
            "mend": _("Ret spillet"),
            "invalid": _("Spil %(n)s kan ikke gemmes:"),
            "conflict": _("Bordet er gået videre, mens spil %(n)s ventede:"),
            "saved_since": _("Spil %(n)s (giver %(dealer)s, gemt af %(by)s): %(summary)s"),
            "all_sent": _("Alle spil er sendt."),
            "draft_restored": _("Dit påbegyndte spil er hentet frem igen."),
            "dealer_unexpected": _("Ifølge arket giver %(expected)s; sæt kryds ved “Ja, denne giver”, hvis det er rigtigt."),
        },
    }


# The endpoint ----------------------------------------------------------------------------------

def _answer(status: str, code: int, **body) -> JsonResponse:
    return JsonResponse({"status": status, **body}, status=code, json_dumps_params={"ensure_ascii": False})


def _problems(form) -> list[dict]:
    """Every error of the form by field, as the form shows them (its own and the engine's)."""
    found = []
    for name, errors in form.errors.items():
        field = "" if name == "__all__" else name
        label = str(form.fields[name].label or name) if name in form.fields else ""
        found += [{"field": field, "label": label, "message": str(e)} for e in errors]
    for name, errors in getattr(form, "section_errors", {}).items():
        found += [{"field": name, "label": str(_("Tælling")) if name == "counts" else name, "message": str(e)}
                  for e in errors]
    return found


def _invalid(problems: list[dict], code: int = 422, **body) -> JsonResponse:
    return _answer("invalid", code, problems=problems, **body)


def _one(field: str, message: str) -> list[dict]:
    return [{"field": field, "label": "", "message": message}]


def _saved(table: Table, deal: Deal, kinds: list[str]) -> JsonResponse:
    table.refresh_from_db()
    sheet = table_sheet(table)
    return _answer("saved", 200, number=deal.number, version=table.version, deal=deal.pk,
                   next=rotation(sheet, kinds), message=_("Spil %(n)s er gemt.") % {"n": deal.number})


def _login(request, table_pk: int, code: int, message: str) -> JsonResponse:
    url = reverse("scoring:table_detail", args=[table_pk])
    return _answer("login", code, login=reverse("login") + "?" + urlencode({"next": url}), message=message)


def _repeat(request, table: Table, done: Submission, kinds: list[str]) -> JsonResponse:
    """A key seen before: the first result if it was this user's deal at this table, else refused."""
    deal = Deal.objects.filter(pk=done.object_id).first() if done.object_id else None
    if not submissions.bound_to(done, request.user, ACTION, deal.table_id if deal else None, table.pk):
        return _invalid(_one(submissions.FIELD, _("Nøglen er allerede brugt til noget andet; spillet er ikke gemt.")),
                        code=409)
    return _saved(table, deal, kinds)


@login_not_required      # an expired session must get JSON ("login"), not the login page
@never_cache
@require_http_methods(["GET", "POST"])
def table_sync(request, pk: int):
    """GET: the table's state for the queue (``?key=`` also says whether that key was saved);
    POST: one queued deal, the deal form's fields plus its ``submission`` key, ``version``,
    ``number`` and, for a dealer the sheet does not expect, ``confirm_dealer``."""
    if not request.user.is_authenticated:
        return _login(request, pk, 401, _("Du er logget ud."))
    table = get_object_or_404(Table.objects.select_related("evening", "evening__club"), pk=pk)
    try:
        access.require(request.user, table.evening.club_id, Role.SCOREKEEPER)
    except Http404:
        return _answer("invalid", 404, problems=_one("", _("Bordet findes ikke.")))
    except PermissionDenied:
        return _login(request, pk, 403, _("Du har ikke lov til at skrive spil ved dette bord."))
    sheet = table_sheet(table)
    family = table_family(table.family)
    form = family.make_form(table, sheet, data=request.POST if request.method == "POST" else None,
                            initial={"version": table.version})
    kinds = deal_kinds(form)
    if request.method == "GET":
        return _state(request, table, sheet, kinds)
    if sheet.closed:
        return _invalid(_one("", _("Aftenen er lukket; den kan ikke ændres.")), code=403, closed=True)
    key = submissions.key_of(request)
    if key is None:
        return _invalid(_one(submissions.FIELD, _("Spillet mangler sin nøgle; send det igen fra siden.")))
    done = Submission.objects.filter(key=key).first()
    if done is not None:
        return _repeat(request, table, done, kinds)
    if not form.is_valid():
        return _invalid(_problems(form))
    outcome, version = form.to_outcome(), form.cleaned_data.get("version")
    problem = conflicts.dealer_problem(sheet, form.seats.dealer, request.POST) if version == table.version else None
    if problem is not None:
        form.add_error("dealer", problem)
        form.add_engine_errors(conflicts.deal_problems(sheet, outcome))
        return _invalid(_problems(form), confirm_dealer=conflicts.expected_dealer(sheet))
    try:
        deal = submissions.write(request, ACTION, lambda: services.deal_record(
            table=table, outcome=outcome, user=request.user, expected_version=version),
            url=reverse("scoring:table_detail", args=[table.pk]))
    except submissions.Repeated as repeat:
        return _repeat(request, table, repeat.done, kinds)
    except services.EveningClosedError as exc:
        return _invalid(_one("", exc.errors[0].message), code=403, closed=True)
    except services.StaleTableError as exc:
        return _conflict(request, table, outcome, version, exc.errors[0].message)
    except services.BusyError as exc:   # 409 a lost race, 503 a database that cannot be written
        return _answer("retry", exc.http_status, message=exc.errors[0].message)
    except services.RecordingError as exc:
        form.add_engine_errors(exc.errors)
        return _invalid(_problems(form))
    except DatabaseError:
        log.exception("the queue's deal at table %s could not be written", table.pk)
        return _answer("retry", 503, message=_("Serveren kan ikke gemme lige nu; spillet sendes igen senere."))
    messages.success(request, _("Spil %(n)s er gemt.") % {"n": deal.number})
    return _saved(table, deal, kinds)


def _state(request, table: Table, sheet: TableSheet, kinds: list[str]) -> JsonResponse:
    body = {"version": table.version, "next": rotation(sheet, kinds)}
    try:
        key = submissions.parse_key(request.GET.get("key", ""))
    except ValueError:
        key = None
    if key is not None:
        done = Submission.objects.filter(key=key, user=request.user, action=ACTION).first()
        deal = Deal.objects.filter(pk=done.object_id, table=table).first() if done and done.object_id else None
        body["key"] = {"saved": deal is not None, "number": deal.number if deal else None}
    return _answer("state", 200, **body)


def _conflict(request, table: Table, outcome, version, message: str) -> JsonResponse:
    """The table moved on: the deals saved since the queued deal's number, each compared with it, and
    the queued deal with the dealer reset to the sheet's now (what that cleared named)."""
    table.refresh_from_db()
    sheet = table_sheet(table)
    family = table_family(table.family)
    since = conflicts.saved_since(sheet, outcome, conflicts.loaded_number(request.POST, sheet, version))
    same = conflicts.same_as(since)
    now = conflicts.expected_dealer(sheet)
    kept = request.POST.get("dealer", "")
    carried, cleared = family.carry_over(request.POST, sheet.players, now) if kept != now else ({}, [])
    fields = [[name, str(value)] for name, value in carried.items()
              if name not in (submissions.FIELD, conflicts.NUMBER_FIELD, conflicts.CONFIRM_FIELD)]
    cleared_text = [_("%(name)s sidder over nu; ryddet: %(fields)s.") % {"name": p, "fields": ", ".join(f)}
                    for p, f in cleared]
    kinds = deal_kinds(family.make_form(table, sheet, initial={"version": table.version}))
    return _answer(
        "conflict", 409, message=message, version=table.version, number=sheet.next_number,
        next=rotation(sheet, kinds),
        since=[{"number": s.deal.number, "dealer": s.deal.dealer.name, "by": s.by, "same": s.same,
                "summary": str(family.deal_summary(s.deal.outcome))} for s in since],
        same={"number": same.deal.number, "by": same.by, "note": same.note} if same else None,
        reset={"dealer": now, "fields": fields, "cleared": cleared_text,
               "note": conflicts.dealer_reset(kept, now)} if kept != now else None,
    )


# The service worker and the manifest -----------------------------------------------------------

#: The table page's own static files, which the worker keeps when it installs (the page that
#: registers it loaded them before it was there to keep them); each family's stylesheet is added.
PAGE_FILES = ("css/app.css", "django_htmx/htmx-2.min.js", "vendor/idb-keyval/idb-keyval.umd.js",
              "js/table-sync.js", "js/live.js", "icons/icon-192.png")
WORKBOX = "vendor/workbox"   # Workbox's loader and the modules it loads (static/vendor/README.md)


def family_stylesheets() -> list[str]:
    """Each installed family's own stylesheet (``static/<family>/<family>.css`` of its app, where it
    has one), for the service worker to keep: found, never named, so a new family needs no line here."""
    from scoring.table_families import table_families

    return [path for side in table_families() if finders.find(path := f"{side.name}/{side.name}.css")]


def workbox_files() -> dict[str, str]:
    """Each file of the vendored Workbox by its name (``workbox-core.prod.js``), to its URL: the loader
    asks for a module by name, and sw.js answers with the URL (``modulePathCb``)."""
    folder = Path(finders.find(WORKBOX))
    return {file.name: static(f"{WORKBOX}/{file.name}") for file in sorted(folder.glob("*.js"))}


def worker_settings() -> str:
    """What the service worker is told before its code: the static prefix (its route keeps each file
    under it that a page asks for), Workbox's files and the table page's files. Each file by the URL
    ``static()`` gives it, never a name joined to the prefix: under the manifest storage (DEBUG off)
    that is the collected file's hashed name, the one the pages ask for and WhiteNoise serves for
    good; that storage refuses ``static()`` of anything but a collected file, the bare prefix too."""
    page_files = [static(path) for path in (*PAGE_FILES, *family_stylesheets())]
    return (f"self.TAROKKLUB_STATIC = {json.dumps(settings.STATIC_URL)};\n"
            f"self.TAROKKLUB_WORKBOX = {json.dumps(workbox_files())};\n"
            f"self.TAROKKLUB_PAGE_FILES = {json.dumps(page_files)};\n")


@login_not_required
@require_GET
def service_worker(request):
    """``static/js/sw.js`` served from the site's root, so that its scope covers the table pages (a
    service worker controls only the paths under its own URL), after the settings it is told
    (``worker_settings``)."""
    with open(finders.find("js/sw.js"), encoding="utf-8") as handle:
        code = handle.read()
    response = HttpResponse(worker_settings() + code, content_type="application/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@login_not_required
@require_GET
def manifest(request):
    """The web app manifest: the table page installs as an app (name, icons, colours)."""
    body = {
        "name": "Tarokklub", "short_name": "Tarokklub", "start_url": reverse("scoring:home"), "scope": "/",
        "display": "standalone", "background_color": "#f6f4ee", "theme_color": "#24453a",
        "description": _("Regnskab ved tarokbordet"),
        "icons": [{"src": static(f"icons/icon-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png",
                   "purpose": "any maskable"} for size in (192, 512)],
    }
    return JsonResponse(body, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False})
