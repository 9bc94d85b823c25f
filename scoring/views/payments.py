"""Who has paid: marking a transfer of "who pays whom" paid or taking the mark back, and the club's
outstanding transfers ("Udestående").

Thin views (docs/architecture.md habit 5): the payer or the receiver (the login linked to his
player), a scorekeeper or the club admin may mark (``access.may_mark_payment``; anyone else of the
club 403, outside it 404); the write is ``services.payment_mark`` / ``payment_unmark``, keyed
(``submissions``); a refused write answers 422 with the message at its field, nothing written."""
from __future__ import annotations


from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _, gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from scoring import access, services
from scoring.reports import paging
from scoring.table import submissions
from scoring.reports.listings import OutstandingPlayersTable, OutstandingTable, SpreadsheetExport
from scoring.models import Club, EveningTransfer, PaymentMethod, Role
from scoring.currency import format_money, format_purse
from scoring.engine.money import Purse, from_cents
from scoring.selectors.members import identity_of
from scoring.selectors.payments import outstanding_by_player, outstanding_transfers
from scoring.services.payments import NOTE_MAX_LENGTH


class PaymentForm(forms.Form):
    method = forms.ChoiceField(label=gettext_lazy("Betalt med"), choices=PaymentMethod.choices,
                               widget=forms.RadioSelect, error_messages={
                                   "required": gettext_lazy("Vælg, hvordan der er betalt."),
                                   "invalid_choice": gettext_lazy("Vælg, hvordan der er betalt.")})
    note = forms.CharField(label=gettext_lazy("Note"), required=False, max_length=NOTE_MAX_LENGTH,
                           help_text=gettext_lazy("Valgfri, fx hvem der tog imod kontanterne."),
                           widget=forms.TextInput(attrs={"autocomplete": "off"}))

    def __init__(self, *args, currency: str, **kwargs):
        super().__init__(*args, **kwargs)
        # the ways of paying in the transfer's currency (no MobilePay in euro: ``PaymentMethod``)
        self.fields["method"].choices = PaymentMethod.of_currency(currency)


class UnmarkForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Begrundelse"), max_length=NOTE_MAX_LENGTH,
                             widget=forms.Textarea(attrs={"rows": 2}))


class Gone(Exception):
    """The transfer is not there (any more: a reopening removes an evening's transfers)."""


def _transfer(request, pk: int) -> EveningTransfer:
    transfer = (EveningTransfer.objects.select_related(
        "evening", "evening__club", "payer", "payer__merged_into", "receiver", "receiver__merged_into",
        "mark", "mark__user").filter(pk=pk).first())
    if transfer is None:
        raise Gone
    access.require(request.user, transfer.club_id, Role.MEMBER)
    if not access.may_mark_payment(request.user, transfer):
        raise PermissionDenied
    return transfer


def _gone(request):
    """404 with the reason a transfer a page named may have gone (nothing of another club is told:
    a number that never existed reads the same)."""
    return render(request, "scoring/message.html", {
        "message": _("Overførslen findes ikke længere; aftenen er genåbnet.")}, status=404)


def _evening_url(transfer: EveningTransfer) -> str:
    return reverse("scoring:evening_detail", args=[transfer.evening_id]) + "#payments"


def _apply(request, form, transfer, action: str, work, done: str):
    """Write through ``submissions`` and redirect to the evening; a refused write's message goes to
    its field (the transfer's own problems above the form) and the page answers 422."""
    try:
        submissions.write(request, action, work, url=_evening_url(transfer))
    except services.RecordingError as exc:
        for error in exc.errors:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        return None
    messages.success(request, done)
    return redirect(_evening_url(transfer))


def _words(transfer: EveningTransfer) -> str:
    return (_("%(payer)s betaler %(receiver)s %(kroner)s")
            % {"payer": identity_of(transfer.payer).name, "receiver": identity_of(transfer.receiver).name,
               "kroner": format_money(from_cents(transfer.amount), transfer.currency)})


@require_http_methods(["GET", "POST"])
@submissions.once
def transfer_paid(request, pk: int):
    """GET: the form (how it was paid, a note); POST: ``services.payment_mark``."""
    try:
        transfer = _transfer(request, pk)
    except Gone:
        return _gone(request)
    form = PaymentForm(request.POST or None, currency=transfer.currency)
    if request.method == "POST" and form.is_valid():
        done = _apply(request, form, transfer, "payment_mark", lambda: services.payment_mark(
            transfer=transfer.pk, method=form.cleaned_data["method"], note=form.cleaned_data["note"],
            user=request.user), _("Betalingen er markeret."))
        if done is not None:
            return done
    return render(request, "scoring/transfer_paid.html", {
        "transfer": transfer, "evening": transfer.evening, "form": form, "words": _words(transfer),
    }, status=422 if request.method == "POST" else 200)


@require_http_methods(["GET", "POST"])
@submissions.once
def transfer_unpaid(request, pk: int):
    """GET: the confirmation with its reason; POST: ``services.payment_unmark``."""
    try:
        transfer = _transfer(request, pk)
    except Gone:
        return _gone(request)
    form = UnmarkForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        done = _apply(request, form, transfer, "payment_unmark", lambda: services.payment_unmark(
            transfer=transfer.pk, reason=form.cleaned_data["reason"], user=request.user),
            _("Markeringen er taget tilbage."))
        if done is not None:
            return done
    return render(request, "scoring/transfer_unpaid.html", {
        "transfer": transfer, "evening": transfer.evening, "form": form, "words": _words(transfer),
    }, status=422 if request.method == "POST" else 200)


@require_GET
def club_outstanding(request, pk: int):
    """Every unpaid transfer of the club's closed evenings, and each player's sums of them."""
    club = get_object_or_404(Club, pk=pk)
    access.require(request.user, club, Role.MEMBER)
    table = OutstandingTable(outstanding_transfers(club))
    paging.configure(request, table, per_page=50)
    players = OutstandingPlayersTable([{"player_id": r.player_id, "player": r.player, "owes": r.owes,
                                        "owed": r.owed, "balance": r.balance}
                                       for r in outstanding_by_player(club)], prefix="players-")
    paging.configure(request, players, per_page=100)
    fmt = request.GET.get("_export")
    if fmt in SpreadsheetExport.CONTENT_TYPES:
        return SpreadsheetExport(fmt, table).response(f"udestaaende-{club.pk}.{fmt}")
    total = sum((row["owes"] for row in players.data), Purse())
    return render(request, "scoring/club_outstanding.html", {
        "club": club, "table": table, "players": players,
        "total": format_purse(total, empty=format_money(0, club.currency)),
        "query": request.GET.urlencode()})
