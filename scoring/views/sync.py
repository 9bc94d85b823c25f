"""The table page offline (docs/table.md "Offline at the table"): the JSON endpoint the phone's queue sends
its deals to, the service worker and the web app manifest. What the page carries for the queue (who
deals next after each kind of deal) is ``scoring/table/sync.py``; what the worker keeps,
``scoring/table/offline.py``.

The endpoint answers a program (the queue in ``static/js/table-sync.js``), always JSON:

- ``saved`` (200): the deal's number, the table's version now, the sheet's next dealer and the
  message; asked with the header ``X-Table-Parts: 1`` (the phone's own save), also the parts of the
  table page the save changed, which the phone swaps in (``views.table.saved_parts``). A repeat of a
  saved key with the same deal answers ``saved`` again with the same number and writes nothing.
- ``retry`` (409 busy, 503 the server cannot write): nothing written, send again later.
- ``conflict`` (409): the table moved on; the deals saved since, each compared with the queued one
  (``conflicts``), the saved deal in the queued deal's place beside it (``compare``: both in words
  and amounts, and the page that corrects the saved deal), and the queued deal with the dealer reset
  to the sheet's dealer now. Also a saved key sent again with another deal: the deal it saved, and
  ``new_key`` (sent again as a later deal, the queued deal needs a key of its own).
- ``login`` (401, 403): the session expired or the role does not allow it; the queue waits.
- ``invalid`` (422): the problems by field, the form's own and the engine's, as the form shows them.
- ``pending`` (202): the table has played its tournament round's length; the deal is kept on the
  server for the director, outside the ledger (docs/tournaments.md, "A round"), and the phone shows
  it in its panel until the scorekeeper has read it.

Every other refusal, also one made before the view (a body too large, a refused CSRF token, a method
it does not take, a table that is not there, an error of the server), is one of these too:
``refusal``, applied by ``middleware.QueueAnswersMiddleware``.

Views stay thin (STYLE.md §5): the form, ``services.deal_record`` through ``submissions.write``
and ``conflicts`` do the work.
"""
from __future__ import annotations

import logging

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.contrib.staticfiles import finders
from django.core.exceptions import PermissionDenied
from django.db import DatabaseError
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.defaultfilters import filesizeformat
from django.templatetags.static import static
from django.urls import Resolver404, resolve, reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from scoring import access, services
from scoring.engine import bounds
from scoring.table import conflicts, submissions
from scoring.table.offline import worker_settings
from scoring.table.sync import deal_kinds, rotation
from scoring.models import Deal, PendingDeal, Role, Submission, Table
from scoring.selectors import TableSheet, table_sheet
from scoring.table_families import table_family
from scoring.views.table import PENDING_ACTION, saved_parts

log = logging.getLogger(__name__)

ACTION = "deal_record"   # the submission action of a recorded deal, from the form or the queue


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


#: The header with which the page asks for the parts of the page a save changes (the phone's own save
#: as it is typed; the queue sent later loads the page again when it has drained).
PARTS_HEADER = "X-Table-Parts"


def _saved(request, table: Table, deal: Deal, kinds: list[str]) -> JsonResponse:
    """Saved (or saved before, a repeat). Asked for the page's parts, the answer carries them with
    the message, and the phone swaps them in: one request and a few kB instead of the whole page
    again (``views.table.saved_parts``). Otherwise the message waits for the page loaded next."""
    table.refresh_from_db()
    sheet = table_sheet(table)
    message = _("Spil %(n)s er gemt.") % {"n": deal.number}
    body = {"number": deal.number, "version": table.version, "deal": deal.pk, "next": rotation(sheet, kinds),
            "message": message}
    if request.headers.get(PARTS_HEADER) == "1":
        body["parts"] = saved_parts(request, table, sheet)
    else:
        messages.success(request, message)
    return _answer("saved", 200, **body)


def _login(request, table_pk: int, code: int, message: str) -> JsonResponse:
    url = reverse("scoring:table_detail", args=[table_pk])
    return _answer("login", code, login=reverse("login") + "?" + urlencode({"next": url}), message=message)


def _pending(request, table: Table, outcome, message: str) -> JsonResponse:
    """The table has played its tournament round's length: the deal is kept on the server for the
    director, outside the ledger (``services.pending_store``); the phone shows it in its panel and
    leaves it (``pending``, 202). The same key sent again answers the same."""
    try:
        submissions.write(request, PENDING_ACTION, lambda: services.pending_store(
            table=table, outcome=outcome, key=submissions.key_of(request), user=request.user),
            url=reverse("scoring:table_detail", args=[table.pk]))
    except submissions.Repeated:
        pass
    except services.BusyError as exc:
        return _answer("retry", exc.http_status, message=exc.errors[0].message)
    if request.headers.get(PARTS_HEADER) == "1":   # the phone's own save: it loads the page, which says so
        messages.warning(request, message)
    return _answer("pending", 202, message=message)


def _repeat(request, table: Table, done: Submission, kinds: list[str], form) -> JsonResponse:
    """A key seen before: the first result if it was this user's deal at this table and the deal sent
    is the one it saved (a lost answer, sent again); another deal under the same key is a conflict
    with the one saved, never dropped as "saved"; a key of someone else's or of another table is
    refused."""
    if done.action == PENDING_ACTION and done.user_id == request.user.pk and PendingDeal.objects.filter(
            pk=done.object_id, table=table).exists():
        return _answer("pending", 202, message=_("Spillet venter allerede på turneringslederens godkendelse."))
    deal = Deal.objects.filter(pk=done.object_id).select_related("dealer").first() if done.object_id else None
    if not submissions.bound_to(done, request.user, ACTION, deal.table_id if deal else None, table.pk):
        return _invalid(_one(submissions.FIELD, _("Nøglen er allerede brugt til noget andet; spillet er ikke gemt.")),
                        code=409)
    outcome = form.to_outcome() if form.is_valid() else None
    if outcome is not None and conflicts.same_deal(table, outcome, deal):
        return _saved(request, table, deal, kinds)
    since = [conflicts.SavedSince(deal, outcome is not None and conflicts.same_hand(table, outcome, deal),
                                  conflicts.recorder(deal))]
    message = _("Spil %(n)s er allerede gemt under denne nøgle, men som et andet spil; dette spil er ikke gemt.") % {
        "n": deal.number}
    return _conflict(request, table, outcome, None, message, since=since)


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
        return _repeat(request, table, done, kinds, form)
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
        return _repeat(request, table, repeat.done, kinds, form)
    except services.BeyondRound as exc:
        return _pending(request, table, outcome, exc.errors[0].message)
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
    return _saved(request, table, deal, kinds)


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


def _conflict(request, table: Table, outcome, version, message: str,
              since: list[conflicts.SavedSince] | None = None) -> JsonResponse:
    """The table moved on: the deals saved since the queued deal's number, each compared with it, the
    one in its place beside it (``conflicts.side_by_side``), and the queued deal with the dealer reset
    to the sheet's now (what that cleared named). Or (``since`` given) its key saved another deal:
    that deal, and ``new_key``: sent again, as a later deal, the queued deal needs a key of its own."""
    table.refresh_from_db()
    sheet = table_sheet(table)
    family = table_family(table.family)
    new_key = since is not None
    loaded = since[0].deal.number if since else conflicts.loaded_number(request.POST, sheet, version)
    if since is None:
        since = conflicts.saved_since(sheet, outcome, loaded)
    same = conflicts.same_as(since)
    shown = conflicts.in_place_of(since, loaded)
    now = conflicts.expected_dealer(sheet)
    kept = request.POST.get("dealer", "")
    carried, cleared = family.carry_over(request.POST, sheet.players, now) if kept != now else ({}, [])
    fields = [[name, str(one)] for name, value in carried.items()
              if name not in (submissions.FIELD, conflicts.NUMBER_FIELD, conflicts.CONFIRM_FIELD)
              for one in (value if isinstance(value, (list, tuple)) else [value])]   # a list: each box ticked
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
        new_key=new_key,
        compare={**conflicts.side_by_side(family, sheet, outcome, shown),
                 "edit": reverse("scoring:deal_edit", args=[shown.deal.pk])} if shown and outcome is not None else None,
    )


# Refusals made before or around the view ---------------------------------------------------------

def endpoint_pk(request) -> int | None:
    """The table's number if ``request`` is for the queue's endpoint, else None."""
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return None
    return match.kwargs.get("pk") if match.view_name == "scoring:table_sync" else None


def refusal(request, code: int, pk: int) -> JsonResponse:
    """The JSON the queue reads for an answer with status ``code`` that was not made by the view: a
    body over the request bound (413, before anything reads it), a refused CSRF token (403: a new
    login changed it), a method it does not take (405), a malformed body (400), a table that is
    not there (404), an error of the server (5xx). Statuses as ``table_sync``'s own: ``login`` for
    401/403 (the queue waits for a new login), ``retry`` for 5xx (nothing written, send again),
    ``invalid`` with one problem for every other refusal (the phone shows it; mend or discard)."""
    if code in (401, 403):
        return _login(request, pk, code, _("Sikkerhedstjekket afviste spillet; log ind igen, så sendes det."))
    if code >= 500:
        return _answer("retry", code, message=_("Serveren kan ikke gemme lige nu; spillet sendes igen senere."))
    if code == 404:
        message = _("Bordet findes ikke.")
    elif code == 413:
        message = _("Spillet fylder mere, end serveren tager imod (højst %(max)s); det er ikke gemt.") % {
            "max": filesizeformat(bounds.MAX_REQUEST_BYTES)}
    else:
        message = _("Serveren kunne ikke læse det sendte; spillet er ikke gemt.")
    return _invalid(_one("", message), code=code)


# The service worker, the manifest and the icon --------------------------------------------------

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


@login_not_required
@require_GET
def favicon(request):
    """``/favicon.ico``, which a browser asks for on its own (the pages link the SVG icon; a browser
    that reads no SVG icon asks here): the collected icon, by the URL ``static()`` gives it (under the
    manifest storage its hashed name, which WhiteNoise serves for good). Not a permanent redirect:
    the hashed name changes with the icon."""
    response = redirect(static("icons/favicon.ico"))
    response["Cache-Control"] = "max-age=86400"
    return response
