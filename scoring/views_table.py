"""The table-side pages: record a deal, preview its payments live, correct the latest deal.

Views stay thin: parse the form, call a service, render (STYLE.md §5)."""
from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language, gettext as _, gettext_lazy as _lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import access, services
from scoring.engine import interchange
from scoring.engine.model import Cup
from scoring.engine.problems import EveningError
from scoring.engine.rates import rate_card
from scoring.engine.settle import Reason, derived_player, settle_deal
from scoring.engine.model import seating

from .forms import DealForm, initial_from_outcome
from .models import Deal, Role, Table
from .selectors import table_sheet

REASON_NAMES = {
    Reason.DEALER_FEE: _lazy("giverafgift"), Reason.FINE: _lazy("bøde"), Reason.MELD: _lazy("melding"),
    Reason.PAGAT_HOME: _lazy("pagat hjem"), Reason.PAGAT_LOST: _lazy("pagat tabt"),
    Reason.KING_LOST: _lazy("konge tabt"), Reason.TOUT: "tout", Reason.ULTIMO: "ultimo", Reason.BAGUD: "bagud",
    Reason.LAST_TRICK: _lazy("sidste stik"), Reason.NOLO: "nolo", Reason.COUNTING: _lazy("tælling"),
    Reason.REFUND: _lazy("kop genfyldt"), Reason.OPENING: _lazy("åbning"), Reason.SPLIT: _lazy("deling"),
}


def _table(request, pk: int, role: str = Role.MEMBER) -> Table:
    table = get_object_or_404(Table.objects.select_related("evening", "evening__club"), pk=pk)
    access.require(request.user, table.evening.club_id, role)
    return table


def _lang() -> str:
    return "en" if (get_language() or "da").startswith("en") else "da"


def _page(request, table: Table, form: DealForm | None, status: int = 200, sheet=None, template="scoring/table.html",
          **extra):
    sheet = sheet or table_sheet(table)
    can_record = not sheet.closed and access.can(request.user, table.evening.club_id, Role.SCOREKEEPER)
    return render(request, template, {
        "table": table, "sheet": sheet, "form": form if can_record else None, "can_record": can_record,
        "seats": form.seats if form is not None else sheet.next_seating(), **extra,
    }, status=status)


def _new_form(table: Table, sheet, dealer: str | None = None, data=None) -> DealForm:
    seats = sheet.next_seating()
    return DealForm(sheet.players, data=data, dealer=dealer or seats.dealer, initial={"version": table.version})


@require_http_methods(["GET", "POST"])
def table_detail(request, pk: int):
    table = _table(request, pk)
    sheet = table_sheet(table)
    if request.method == "GET":
        return _page(request, table, _new_form(table, sheet), sheet=sheet)
    access.require(request.user, table.evening.club_id, Role.SCOREKEEPER)
    if sheet.closed:
        messages.error(request, _("Aftenen er lukket; den kan ikke ændres."))
        return _page(request, table, None, status=403, sheet=sheet)
    form = DealForm(sheet.players, data=request.POST)
    if not form.is_valid():
        return _page(request, table, form, status=422, sheet=sheet)
    try:
        deal = services.deal_record(table=table, outcome=form.to_outcome(), user=request.user,
                                    expected_version=form.cleaned_data.get("version"))
    except services.StaleTableError as exc:
        table.refresh_from_db()
        data = request.POST.copy()
        data["version"] = table.version
        fresh = DealForm(sheet.players, data=data)
        fresh.is_valid()
        return _page(request, table, fresh, status=409, stale=exc.errors[0].message)
    except services.RecordingError as exc:
        form.add_engine_errors(exc.errors)
        return _page(request, table, form, status=422, sheet=sheet)
    messages.success(request, _("Spil %(n)s er gemt.") % {"n": deal.number})
    return redirect("scoring:table_detail", pk=table.pk)


@require_GET
def deal_form(request, pk: int):
    """The form again for another dealer (the active players change with him)."""
    table = _table(request, pk, Role.SCOREKEEPER)
    sheet = table_sheet(table)
    dealer = request.GET.get("dealer")
    form = _new_form(table, sheet, dealer if dealer in sheet.players else None)
    return render(request, "scoring/partials/_deal_form.html", {"form": form, "table": table, "seats": form.seats})


@require_POST
def deal_preview(request, pk: int):
    """Every payment of the deal as entered, computed by the engine and not saved."""
    table = _table(request, pk, Role.SCOREKEEPER)
    sheet = table_sheet(table)
    form = DealForm(sheet.players, data=request.POST)
    context = {"table": table, "players": sheet.players}
    if not form.is_valid():
        context["form_errors"] = [(form.fields[name].label if name in form.fields else "", e)
                                  for name, errs in form.errors.items() for e in errs]
        return render(request, "scoring/partials/_preview.html", context)
    outcome = form.to_outcome()
    editing = request.POST.get("editing")
    number = sheet.next_number
    cups = services.table_cups(table)
    if editing and editing.isdigit() and sheet.last_deal is not None and int(editing) == sheet.last_deal.number:
        number = sheet.last_deal.number
        before = [r for r in sheet.rows if r.number == number - 1 or (number == 1 and r.kind == "opening")]
        if before:
            cups = services.Cups(before[-1].king_cup, before[-1].pagat_cup)
    try:
        deal = interchange.parse_deal(outcome, number)
        entry = settle_deal(sheet.players, number, deal, cups, rate_card(table.rules))
    except EveningError as exc:
        context["problems"] = [(form.fields[form.field_for(p.field)].label if form.field_for(p.field) else p.field,
                                p.message(_lang())) for p in exc.problems]
        return render(request, "scoring/partials/_preview.html", context)
    seats = seating(sheet.players, deal.dealer)
    derived = derived_player(seats.active, seats.default_derived, deal) if deal.counts else None
    derived_amount = sum(p.amount if p.payee == derived else -p.amount
                         for p in entry.postings if p.reason is Reason.COUNTING) if derived else None
    context.update({
        "postings": [(_account(p.payer), _account(p.payee), p.amount, REASON_NAMES[p.reason], p.detail)
                     for p in entry.postings],
        "net": [(p, entry.net[p], p in seats.active) for p in sheet.players],
        "cups": entry.cups, "derived": derived, "derived_amount": derived_amount, "number": number,
    })
    return render(request, "scoring/partials/_preview.html", context)


def _account(account) -> str:
    if account is Cup.KING:
        return "kongekop"
    if account is Cup.PAGAT:
        return "pagatkop"
    return account


@require_http_methods(["GET", "POST"])
def deal_edit(request, pk: int):
    """Correct the latest deal of an open evening; every later entry is re-settled by the service."""
    deal = get_object_or_404(Deal.objects.select_related("table", "table__evening"), pk=pk, current=True)
    table = _table(request, deal.table_id, Role.SCOREKEEPER)
    sheet = table_sheet(table)
    if sheet.closed:
        messages.error(request, _("Aftenen er lukket; den kan ikke ændres."))
        return redirect("scoring:table_detail", pk=table.pk)
    if sheet.last_deal is None or sheet.last_deal.pk != deal.pk:
        raise Http404
    if request.method == "GET":
        dealer, initial = initial_from_outcome(sheet.players, deal.outcome, table.version)
        form = DealForm(sheet.players, dealer=dealer, initial=initial)
        return _page(request, table, form, sheet=sheet, template="scoring/deal_edit.html", deal=deal)
    form = DealForm(sheet.players, data=request.POST)
    if not form.is_valid():
        return _page(request, table, form, status=422, sheet=sheet, template="scoring/deal_edit.html", deal=deal)
    try:
        services.deal_correct(deal=deal, outcome=form.to_outcome(), user=request.user,
                              expected_version=form.cleaned_data.get("version"))
    except services.StaleTableError as exc:
        messages.error(request, exc.errors[0].message)
        return redirect("scoring:table_detail", pk=table.pk)
    except services.RecordingError as exc:
        form.add_engine_errors(exc.errors)
        return _page(request, table, form, status=422, sheet=sheet, template="scoring/deal_edit.html", deal=deal)
    messages.success(request, _("Spil %(n)s er rettet.") % {"n": deal.number})
    return redirect("scoring:table_detail", pk=table.pk)
