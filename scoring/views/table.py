"""The table-side pages: record a deal, preview its payments live, correct any deal.

Views stay thin (docs/architecture.md §5): parse the form, call a service, render; with htmx the same views
return partials. Every amount comes from the engine, the preview included (it saves nothing)."""
from __future__ import annotations

import logging

from django.contrib import messages
from django.http import HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import access, services
from scoring.table import conflicts, submissions
from scoring.models import Deal, Role, Table
from scoring.selectors import TableSheet, table_sheet
from scoring.selectors.tournaments import table_in_round
from scoring.table_families import TableFamily, table_family

log = logging.getLogger(__name__)

#: The submission action of a deal kept for the tournament's director (past the round's length).
PENDING_ACTION = "deal_pending"

# Helpers ----------------------------------------------------------------------------------------

def _table(request, pk: int, role: str = Role.MEMBER) -> Table:
    table = get_object_or_404(Table.objects.select_related("evening", "evening__club"), pk=pk)
    access.require(request.user, table.evening.club_id, role)
    return table


def family_of(table: Table) -> TableFamily:
    """The table's game family: its form, preview and sheet (``table_families.py``)."""
    return table_family(table.family)


def _form(table: Table, sheet: TableSheet, data=None, dealer: str | None = None, initial=None):
    """The family's deal form; unbound it proposes the sheet's next dealer."""
    initial = {"version": table.version, **(initial or {})}
    return family_of(table).make_form(table, sheet, data=data, dealer=dealer, initial=initial)


def _can_record(request, table: Table, sheet: TableSheet) -> bool:
    return not sheet.closed and access.can(request.user, table.evening.club_id, Role.SCOREKEEPER)


def _context(request, table: Table, form, sheet: TableSheet, **extra) -> dict:
    """What the table page (and the correction page) renders: the form only for who may record."""
    can_record = _can_record(request, table, sheet)
    form = form if can_record else None
    return {"table": table, "sheet": sheet, "form": form, "can_record": can_record, "in_round": table_in_round(table),
            "seats": form.seats if form is not None else sheet.next_seating(), "family": family_of(table), **extra}


def _page(request, table: Table, form, *, status: int = 200, sheet: TableSheet | None = None,
          template: str = "scoring/table.html", **extra):
    sheet = sheet or table_sheet(table)
    return render(request, template, _context(request, table, form, sheet, **extra), status=status)


def saved_parts(request, table: Table, sheet: TableSheet) -> dict[str, str]:
    """The parts of the table page that a saved deal changes, by the id of their box on the page
    (``table.html``), rendered as the page renders them: the header (totals, cups, who deals next)
    with the latest deal's undo, the next deal's empty form for the sheet's next dealer, the empty
    preview and the sheet. The queue's endpoint answers a save with them, and the phone swaps them
    in instead of loading the whole page again (docs/performance.md, "A table on a slow phone")."""
    family = family_of(table)
    context = _context(request, table, _form(table, sheet), sheet)
    parts = {"table-state": "scoring/partials/_table_state.html", "form-body": family.form_template,
             "preview": family.preview_template, "table-sheet": family.sheet_template}
    return {box: render_to_string(template, {**context, "placeholder": box == "preview"}, request)
            for box, template in parts.items()}


def _closed(request, table: Table, sheet: TableSheet):
    messages.error(request, _("Aftenen er lukket; den kan ikke ændres."))
    return _page(request, table, None, status=403, sheet=sheet)


def _kept_form(table: Table, sheet: TableSheet, post):
    """The scorekeeper's input, bound again with the table's fresh version (after a stale save, or a
    refused hand brought to the correction page): the page shows the fresh sheet, so saving this form
    again is a deliberate new write (under a new submission key)."""
    data = post.copy()
    data["version"] = table.version
    form = _form(table, sheet, data=data)
    form.is_valid()
    return form


def _stale_page(request, table: Table, sheet: TableSheet, message: str, post, outcome):
    """The 409 page after a save the table moved on from: the kept input compared with the deals
    saved since the phone loaded (``conflicts``). The same hand saved by someone else is named, its
    first button drops the input; otherwise the dealer goes back to the sheet's dealer now, and what
    that cleared is named."""
    since = conflicts.saved_since(sheet, outcome, conflicts.loaded_number(post, sheet, _loaded_version(post)))
    same = conflicts.same_as(since)
    kept_dealer, now = post.get("dealer", ""), conflicts.expected_dealer(sheet)
    cleared, notes = [], [message]
    if same is not None:
        notes = [same.note]
    if kept_dealer == now:
        form = _kept_form(table, sheet, post)
    else:
        carried, cleared = family_of(table).carry_over(post, sheet.players, now)
        form = _form(table, sheet, dealer=now, initial={**carried, "version": table.version})
        if same is None:
            notes.append(conflicts.dealer_reset(kept_dealer, now))
    return _page(request, table, form, status=409, sheet=sheet, stale=" ".join(notes), same=same, cleared=cleared)


# Recording --------------------------------------------------------------------------------------

def _loaded_version(data) -> int | None:
    """The table version the phone loaded its form with, as the form carries it (hidden field)."""
    try:
        return int(data.get("version", ""))
    except (TypeError, ValueError):
        return None


# The pages with a deal form are never stored by the browser (``never_cache``: no-store): Back after
# a save loads the next deal's form afresh instead of the old one (its seats shifted with the dealer),
# and the forms say autocomplete="off", so the browser restores no choice onto other players.
@require_http_methods(["GET", "POST"])
@never_cache
@submissions.once
def table_detail(request, pk: int):
    """The table-side page: who deals next, the cups, the totals, the deal form, the sheet.
    POST records a deal (then redirects: PRG); errors re-render the form next to their fields."""
    table = _table(request, pk)
    sheet = table_sheet(table)
    if request.method == "GET":
        return _page(request, table, _form(table, sheet), sheet=sheet)
    access.require(request.user, table.evening.club_id, Role.SCOREKEEPER)
    if sheet.closed:
        return _closed(request, table, sheet)
    form = _form(table, sheet, data=request.POST)
    if not form.is_valid():
        return _page(request, table, form, status=422, sheet=sheet)
    outcome, version = form.to_outcome(), form.cleaned_data.get("version")
    problem = conflicts.dealer_problem(sheet, form.seats.dealer, request.POST) if version == table.version else None
    if problem is not None:   # the phone saw this sheet; a stale one gets the 409 page below instead
        form.add_error("dealer", problem)
        form.add_engine_errors(conflicts.deal_problems(sheet, outcome))
        return _page(request, table, form, status=422, sheet=sheet, confirm_dealer=True)
    try:
        deal = submissions.write(request, "deal_record", lambda: services.deal_record(
            table=table, outcome=outcome, user=request.user, expected_version=version),
            url=reverse("scoring:table_detail", args=[table.pk]))
    except services.BeyondRound as exc:
        # the round's length is played: kept for the tournament's director, outside the ledger
        submissions.write(request, PENDING_ACTION, lambda: services.pending_store(
            table=table, outcome=outcome, key=submissions.key_of(request), user=request.user),
            url=reverse("scoring:table_detail", args=[table.pk]))
        messages.warning(request, exc.errors[0].message)
        return redirect("scoring:table_detail", pk=table.pk)
    except (services.StaleTableError, services.EveningClosedError) as exc:
        table.refresh_from_db()
        sheet = table_sheet(table)
        if sheet.closed:
            return _closed(request, table, sheet)
        return _stale_page(request, table, sheet, exc.errors[0].message, request.POST, outcome)
    except services.RecordingError as exc:
        form.add_engine_errors(exc.errors)
        return _page(request, table, form, status=exc.http_status, sheet=sheet)
    messages.success(request, _("Spil %(n)s er gemt.") % {"n": deal.number})
    return redirect("scoring:table_detail", pk=table.pk)


@require_GET
def deal_form(request, pk: int):
    """The form rebuilt for another dealer (``?dealer=NAME``): the active players change with him.
    What was typed and still fits is kept, what was cleared is named; the
    header's seating is swapped out of band."""
    table = _table(request, pk, Role.SCOREKEEPER)
    sheet = table_sheet(table)
    if sheet.closed:
        return HttpResponseForbidden(_("Aftenen er lukket; den kan ikke ændres."))
    dealer = request.GET.get("dealer")
    if dealer not in sheet.players:
        dealer = None
    family = family_of(table)
    carried, cleared = family.carry_over(request.GET, sheet.players, dealer) if dealer else ({}, [])
    # The version the phone loaded, never the table's current one: a phone that is behind must
    # still get the 409 page when it saves, however often its form was rebuilt.
    loaded = _loaded_version(request.GET)
    form = _form(table, sheet, dealer=dealer, initial={**carried, "version": table.version if loaded is None else loaded})
    return render(request, family.form_template, {
        "form": form, "table": table, "sheet": sheet, "seats": form.seats, "oob": True, "cleared": cleared,
        "family": family})


# Live preview -----------------------------------------------------------------------------------

def _editing_number(post, sheet: TableSheet) -> int | None:
    """The number of the deal being corrected, if the preview comes from the edit page (any deal)."""
    try:
        number = int(post.get("editing", ""))
    except (TypeError, ValueError):
        return None
    return number if not sheet.closed and any(d.number == number for d in sheet.deals) else None


@require_POST
def deal_preview(request, pk: int):
    """The live preview (htmx): every payment of the deal as entered. Always a 200 partial: any
    input, however broken, is shown as problems, and nothing is ever saved."""
    table = _table(request, pk, Role.SCOREKEEPER)
    sheet = table_sheet(table)
    template = family_of(table).preview_template
    if sheet.closed:
        return render(request, template, {"problems": [("", _("Aftenen er lukket; den kan ikke ændres."))],
                                          "summary": True})
    try:
        form = _form(table, sheet, data=request.POST)
        context = family_of(table).preview_context(table, sheet, form, _editing_number(request.POST, sheet))
    except Exception:  # the preview is advice only; a bug here must not block the scorekeeper
        log.exception("preview of table %s failed", table.pk)
        context = {"table": table, "players": sheet.players,
                   "problems": [("", _("Forhåndsvisningen kunne ikke beregnes; tjek felterne."))]}
    return render(request, template, {**context, "summary": True})


# Correcting a deal ------------------------------------------------------------------------------

#: The query parameter with which the correction page opens with the deal form's fields of the query
#: (a refused hand, static/js/table-sync.js) instead of the stored deal's.
HAND = "hand"

def _no_longer_current(request, table: Table, deal: Deal, status: int):
    """The deal was corrected or voided meanwhile (or is an old version): say so on the table page."""
    messages.error(request, _("Spil %(n)s er rettet eller annulleret siden; ret den nyeste udgave.") % {"n": deal.number})
    sheet = table_sheet(table)
    return _page(request, table, _form(table, sheet), status=status, sheet=sheet)


@require_http_methods(["GET", "POST"])
@never_cache
@submissions.once
def deal_edit(request, pk: int):
    """Correct any deal of an open evening (``services.deal_correct``: the old version and its
    entries stay on record, reversed, and every later deal is settled again). The preview shows the
    deal's payments and each player's total before and after (``correction_effect``). An old
    version and a closed evening are refused; a phone that is behind gets the 409 page, its input
    kept. ``?hand=1`` with a deal form's fields opens the page with those instead (``HAND``)."""
    deal = get_object_or_404(Deal.objects.select_related("table"), pk=pk)
    table = _table(request, deal.table_id, Role.SCOREKEEPER)
    sheet = table_sheet(table)
    if sheet.closed:
        return _closed(request, table, sheet)
    if not deal.current:
        loaded = _loaded_version(request.POST) if request.method == "POST" else None
        # lost a race (someone corrected it since the form loaded): 409; an old version's link: 404
        return _no_longer_current(request, table, deal, 409 if loaded is not None and loaded != table.version else 404)
    context = {"template": "scoring/deal_edit.html", "deal": deal}
    if request.method == "GET" and request.GET.get(HAND):
        # a refused hand the phone says is right (its refused deal's panel, "correct the saved deal"):
        # the form shows that hand in this deal's place, its preview the correction's effect
        return _page(request, table, _kept_form(table, sheet, request.GET), sheet=sheet, hand=True, **context)
    if request.method == "GET":
        dealer, initial = family_of(table).initial_from_outcome(sheet.players, deal.outcome, table.version)
        form = _form(table, sheet, dealer=dealer, initial=initial)
        return _page(request, table, form, sheet=sheet, **context)
    form = _form(table, sheet, data=request.POST)
    if not form.is_valid():
        return _page(request, table, form, status=422, sheet=sheet, **context)
    outcome, version = form.to_outcome(), form.cleaned_data.get("version")
    try:
        submissions.write(request, "deal_correct", lambda: services.deal_correct(
            deal=deal, outcome=outcome, user=request.user, expected_version=version),
            url=reverse("scoring:table_detail", args=[table.pk]))
    except services.EveningClosedError:
        table.refresh_from_db()
        return _closed(request, table, table_sheet(table))
    except services.StaleTableError as exc:
        table.refresh_from_db()
        sheet = table_sheet(table)
        if sheet.closed:
            return _closed(request, table, sheet)
        if not Deal.objects.filter(pk=deal.pk, current=True).exists():
            return _no_longer_current(request, table, deal, 409)
        kept = _kept_form(table, sheet, request.POST)
        return _page(request, table, kept, status=409, sheet=sheet, stale=exc.errors[0].message, **context)
    except services.RecordingError as exc:
        form.add_engine_errors(exc.errors)
        return _page(request, table, form, status=exc.http_status, sheet=sheet, **context)
    messages.success(request, _("Spil %(n)s er rettet.") % {"n": deal.number})
    return redirect("scoring:table_detail", pk=table.pk)
