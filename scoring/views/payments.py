"""Payments between players (docs/money.md, "Payments"): recording one (from a transfer of an
evening, or any amount between two players), settling up a pair's whole balance, a payment's own
page (confirm, dispute, undo), the club's payments and what is outstanding ("Udestående").

Thin views (docs/architecture.md habit 5): who may do what is ``access``'s (a member records only
what he pays or receives; the receiver or the treasurer confirms or disputes; whoever recorded it or
the treasurer undoes it; outside the club 404); every write goes through ``services`` and
``submissions.write`` (keyed: a repeat writes nothing twice); a refused write answers 4xx with the
message at its field, nothing written."""
from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _, gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from scoring import access, services
from scoring.currency import format_money, format_purse
from scoring.engine.money import Purse, from_cents
from scoring.models import Club, ClubEvent, Currency, EveningTransfer, Payment, PaymentMethod, PaymentStatus, Player, Role
from scoring.numbers import format_number
from scoring.reports import paging
from scoring.reports.listings import (
    OutstandingPlayersTable, OutstandingTable, PairsTable, PaymentsTable, SpreadsheetExport
)
from scoring.selectors.members import identity_of
from scoring.selectors.payments import (
    awaiting, club_payments as payments_of, outstanding_by_player, outstanding_transfers, pair_balance,
    pair_balances, read_book, superseded_marks, transfer_states
)
from scoring.services.payments import NOTE_MAX_LENGTH
from scoring.table import submissions

METHOD_ERRORS = {"required": gettext_lazy("Vælg, hvordan der er betalt."),
                 "invalid_choice": gettext_lazy("Vælg, hvordan der er betalt.")}


class _PaidForm(forms.Form):
    """How and when it was paid, and a note: what recording and settling up both ask."""
    method = forms.ChoiceField(label=gettext_lazy("Betalt med"), choices=PaymentMethod.choices,
                               widget=forms.RadioSelect, error_messages=METHOD_ERRORS)
    paid_on = forms.DateField(label=gettext_lazy("Betalt den"), widget=forms.DateInput(
        attrs={"type": "date"}, format="%Y-%m-%d"), error_messages={
        "required": gettext_lazy("Skriv datoen."), "invalid": gettext_lazy("Skriv datoen som åååå-mm-dd.")})
    note = forms.CharField(label=gettext_lazy("Note"), required=False, max_length=NOTE_MAX_LENGTH,
                           help_text=gettext_lazy("Valgfri, fx hvem der tog imod kontanterne."),
                           widget=forms.TextInput(attrs={"autocomplete": "off"}))

    def __init__(self, *args, currency: str, **kwargs):
        super().__init__(*args, **kwargs)
        # the ways of paying in the currency (no MobilePay in euro: ``PaymentMethod.of_currency``)
        self.fields["method"].choices = PaymentMethod.of_currency(currency)


class PaymentForm(_PaidForm):
    payer = forms.TypedChoiceField(label=gettext_lazy("Betaler"), coerce=int,
                                   error_messages={"required": gettext_lazy("Vælg betaleren."),
                                                   "invalid_choice": gettext_lazy("Vælg betaleren.")})
    receiver = forms.TypedChoiceField(label=gettext_lazy("Modtager"), coerce=int,
                                      error_messages={"required": gettext_lazy("Vælg modtageren."),
                                                      "invalid_choice": gettext_lazy("Vælg modtageren.")})
    # text, not a number field: "12,50" as a Dane writes it is read by the service (one rule)
    amount = forms.CharField(label=gettext_lazy("Beløb"), max_length=30,
                             widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
                             error_messages={"required": gettext_lazy("Skriv beløbet.")})
    currency = forms.ChoiceField(label=gettext_lazy("Valuta"), choices=Currency.choices, error_messages={
        "required": gettext_lazy("Vælg en af valutaerne."), "invalid_choice": gettext_lazy("Vælg en af valutaerne.")})
    field_order = ["payer", "receiver", "amount", "currency", "method", "paid_on", "note"]

    def __init__(self, *args, club: Club, **kwargs):
        data = args[0] if args else kwargs.get("data")
        initial = kwargs.get("initial") or {}
        currency = (data or {}).get("currency") or initial.get("currency") or club.currency
        super().__init__(*args, currency=currency if currency in Currency.values else club.currency, **kwargs)
        players = [("", "—")] + list(Player.objects.filter(club=club, merged_into__isnull=True)
                                     .order_by("name").values_list("pk", "name"))
        self.fields["payer"].choices = self.fields["receiver"].choices = players


class ReasonForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Begrundelse"), max_length=NOTE_MAX_LENGTH,
                             widget=forms.Textarea(attrs={"rows": 2}),
                             error_messages={"required": gettext_lazy("Skriv en begrundelse.")})


def _club(request, pk: int) -> Club:
    club = get_object_or_404(Club, pk=pk)
    access.require(request.user, club, Role.MEMBER)
    return club


def _next(request, fallback: str) -> str:
    """Where a form returns: the page it came from (``next``, this site's only), else ``fallback``."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    if wanted and url_has_allowed_host_and_scheme(wanted, allowed_hosts={request.get_host()}) \
            and wanted.startswith("/"):
        return wanted
    return fallback


def _errors(form, exc: services.RecordingError) -> None:
    for error in exc.errors:
        form.add_error(error.field if error.field in form.fields else None, error.message)


def _my_players(user, club: Club) -> set[int]:
    """The club's players the login speaks for (``Player.user``)."""
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(Player.objects.filter(club=club, user=user).values_list("pk", flat=True))


def _words(payer: str, receiver: str, cents: int, currency: str) -> str:
    """A payment in words, whatever the names' case ("Cene → Bojan: 5,00 €")."""
    return f"{payer} → {receiver}: {format_money(from_cents(cents), currency)}"


def _plain(cents: int) -> str:
    """An amount as the form shows it to be typed over, in the page's language ("12,50")."""
    return format_number(from_cents(cents), decimal_pos=2)


def _from_transfer(request, club: Club) -> tuple[dict, str | None]:
    """The form's initial values from a transfer of an evening (``?transfer=``): its payer and
    receiver as they are now, its currency and what of it is still open; and the evening to go back to."""
    transfer = (EveningTransfer.objects.filter(club=club, pk=request.GET.get("transfer") or 0)
                .select_related("payer__merged_into", "receiver__merged_into").first()
                if str(request.GET.get("transfer", "")).isdigit() else None)
    if transfer is None:
        return {}, None
    state = next((s for s in transfer_states(transfer.evening) if s.id == transfer.pk), None)
    open_cents = state.open if state is not None else transfer.amount
    return ({"payer": identity_of(transfer.payer).pk, "receiver": identity_of(transfer.receiver).pk,
             "currency": transfer.currency, "amount": _plain(open_cents) if open_cents else ""},
            reverse("scoring:evening_detail", args=[transfer.evening_id]) + "#payments")


@require_http_methods(["GET", "POST"])
@submissions.once
def payment_new(request, pk: int):
    """GET: the form (from a transfer: its players, currency and open amount); POST:
    ``services.payment_record``."""
    club = _club(request, pk)
    initial, back = _from_transfer(request, club)
    if not initial:
        mine = sorted(_my_players(request.user, club))
        initial = {"currency": request.GET.get("currency") or club.currency,
                   "payer": request.GET.get("payer") or (mine[0] if len(mine) == 1 else ""),
                   "receiver": request.GET.get("receiver", "")}
    initial["paid_on"] = timezone.localdate()
    back = _next(request, back or reverse("scoring:club_payments", args=[club.pk]))
    form = PaymentForm(request.POST or None, club=club, initial=initial)
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            data = form.cleaned_data
            payer, receiver = (Player.objects.filter(club=club, pk=data[key]).select_related("merged_into").first()
                               for key in ("payer", "receiver"))
            if not access.may_record_payment(request.user, club.pk, payer, receiver):
                form.add_error("payer", _("Du kan kun registrere betalinger, som du selv betaler eller modtager."))
                status = 403
            else:
                try:
                    payment = submissions.write(request, "payment_record", lambda: services.payment_record(
                        club=club, payer=data["payer"], receiver=data["receiver"], amount=data["amount"],
                        currency=data["currency"], method=data["method"], paid_on=data["paid_on"],
                        note=data["note"], user=request.user), url=back)
                except services.RecordingError as exc:
                    _errors(form, exc)
                    status = exc.http_status
                else:
                    messages.success(request, _done(payment))
                    return redirect(back)
    return render(request, "scoring/payment_new.html", {"club": club, "form": form, "back": back}, status=status)


def _done(payment: Payment) -> str:
    words = _words(identity_of(payment.payer).name, identity_of(payment.receiver).name, payment.amount,
                   payment.currency)
    if payment.status == PaymentStatus.PENDING:
        return _("Betalingen er registreret (%(words)s); den afventer modtagerens bekræftelse.") % {"words": words}
    return _("Betalingen er registreret (%(words)s).") % {"words": words}


@require_http_methods(["GET", "POST"])
@submissions.once
def payment_settle(request, pk: int):
    """Settle up: GET ``?player=&other=&currency=`` shows what the one owes the other across
    evenings and asks how it was paid; POST records one payment of it
    (``services.payment_settle_up``)."""
    club = _club(request, pk)
    source = request.POST if request.method == "POST" else request.GET
    currency = source.get("currency") if source.get("currency") in Currency.values else club.currency
    players = {key: Player.objects.filter(club=club, pk=source.get(key) if str(source.get(key, "")).isdigit()
                                          else 0).select_related("merged_into").first() for key in ("player", "other")}
    if None in players.values():
        return render(request, "scoring/message.html", {"message": _("Vælg de to spillere.")}, status=400)
    a, b = (identity_of(p) for p in players.values())
    if not access.may_record_payment(request.user, club.pk, a, b):
        raise PermissionDenied
    back = _next(request, reverse("scoring:club_outstanding", args=[club.pk]))
    form = _PaidForm(request.POST or None, currency=currency, initial={"paid_on": timezone.localdate()})
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            data = form.cleaned_data
            try:
                payment = submissions.write(request, "payment_settle", lambda: services.payment_settle_up(
                    club=club, player=a.pk, other=b.pk, currency=currency, method=data["method"],
                    expected=request.POST.get("expected"), paid_on=data["paid_on"], note=data["note"],
                    user=request.user), url=back)
            except services.RecordingError as exc:
                _errors(form, exc)
                status = exc.http_status
            else:
                messages.success(request, _done(payment))
                return redirect(back)
    owes = pair_balance(club, a.pk, b.pk, currency)
    debtor, creditor = (a, b) if owes >= 0 else (b, a)
    return render(request, "scoring/payment_settle.html", {
        "club": club, "form": form, "back": back, "a": a, "b": b, "currency": currency, "owes": owes,
        "words": _words(debtor.name, creditor.name, abs(owes), currency) if owes else "",
        "confirmed_at_once": access.confirmed_at_once(request.user, club.pk, creditor)}, status=status)


@require_http_methods(["GET", "POST"])
@submissions.once
def payment_detail(request, pk: int):
    """A payment: who paid whom, how much, when, how, who recorded and who confirmed it, what of the
    pair's transfers it paid, its log; and, for who may, confirm, dispute (with a reason) and undo
    (with a reason). POST ``action``: ``confirm``, ``dispute`` or ``undo``."""
    payment = get_object_or_404(Payment.objects.select_related(
        "club", "payer__merged_into", "receiver__merged_into", "recorded_by", "decided_by", "undone_by"), pk=pk)
    access.require(request.user, payment.club_id, Role.MEMBER)
    may_decide = access.may_decide_payment(request.user, payment) and payment.undone_at is None
    may_undo = access.may_undo_payment(request.user, payment) and payment.undone_at is None
    action = request.POST.get("action") if request.method == "POST" else None
    dispute = ReasonForm(request.POST if action == "dispute" else None, prefix="dispute")
    undo = ReasonForm(request.POST if action == "undo" else None, prefix="undo")
    url = reverse("scoring:payment_detail", args=[payment.pk])
    status = 200
    if action is not None:
        allowed = {"confirm": may_decide, "dispute": may_decide, "undo": may_undo}.get(action)
        if allowed is None:
            messages.error(request, _("Ukendt handling."))
            status = 422
        elif not allowed:
            raise PermissionDenied
        else:
            form = {"dispute": dispute, "undo": undo}.get(action)
            status = 422
            if form is None or form.is_valid():
                reason = form.cleaned_data["reason"] if form is not None else ""
                work = {"confirm": lambda: services.payment_confirm(payment=payment.pk, user=request.user),
                        "dispute": lambda: services.payment_dispute(payment=payment.pk, reason=reason,
                                                                    user=request.user),
                        "undo": lambda: services.payment_undo(payment=payment.pk, reason=reason,
                                                              user=request.user)}[action]
                try:
                    submissions.write(request, f"payment_{action}", work, url=url)
                except services.RecordingError as exc:
                    if form is not None:
                        _errors(form, exc)
                    else:
                        messages.error(request, exc.errors[0].message)
                    status = exc.http_status
                else:
                    messages.success(request, {"confirm": _("Betalingen er bekræftet."),
                                               "dispute": _("Betalingen er bestridt."),
                                               "undo": _("Betalingen er fortrudt.")}[action])
                    return redirect(url)
    return render(request, "scoring/payment_detail.html", {
        "payment": payment, "club": payment.club, "payer": identity_of(payment.payer),
        "receiver": identity_of(payment.receiver), "amount": format_money(from_cents(payment.amount), payment.currency),
        "paid": _paid_by(payment),
        "events": ClubEvent.objects.filter(payment=payment).select_related("user").order_by("at", "id"),
        "may_decide": may_decide, "may_confirm": may_decide and payment.status != PaymentStatus.CONFIRMED,
        "may_dispute": may_decide and payment.status == PaymentStatus.PENDING,
        "may_undo": may_undo, "dispute": dispute, "undo": undo}, status=status)


def _paid_by(payment: Payment) -> dict:
    """What of the pair's transfers the payment pays ([(transfer, hundredths)], oldest first) and
    what is left of it, a credit with the receiver (hundredths): as allocated now."""
    if not payment.counts:
        return {"transfers": [], "credit": 0}
    a, b = identity_of(payment.payer).pk, identity_of(payment.receiver).pk
    book = read_book(payment.club_id, Q(payer_now__in=(a, b), receiver_now__in=(a, b)))
    uses = [(transfer, amount) for key, transfer, amount in book.allocation.uses if key == payment.pk]
    rows = {t.pk: t for t in EveningTransfer.objects.filter(pk__in=[t for t, _a in uses])}
    return {"transfers": [(rows[t], format_money(from_cents(amount), payment.currency)) for t, amount in uses],
            "credit": format_money(from_cents(payment.amount - sum(a for _t, a in uses)), payment.currency)
            if payment.amount > sum(a for _t, a in uses) else ""}


@require_GET
def club_payments(request, pk: int):
    """The club's payments, newest first; those waiting for the user's confirmation above them; for
    the treasurer, the marks of before payments were amounts that a later mark stands for."""
    club = _club(request, pk)
    table = PaymentsTable(payments_of(club))
    paging.configure(request, table, per_page=50)
    fmt = request.GET.get("_export")
    if fmt in SpreadsheetExport.CONTENT_TYPES:
        return SpreadsheetExport(fmt, table).response(f"betalinger-{club.pk}.{fmt}")
    treasurer = access.is_treasurer(request.user, club.pk)
    return render(request, "scoring/club_payments.html", {
        "club": club, "table": table, "awaiting": awaiting(request.user, club),
        "superseded": superseded_marks(club) if treasurer else [],
        "may_record": access.can(request.user, club, Role.SCOREKEEPER) or bool(_my_players(request.user, club)),
        "query": request.GET.urlencode()})


@require_GET
def club_outstanding(request, pk: int):
    """What each pair owes the other across evenings (net, per currency) with "Gør op" for who may
    settle it, each player's sums, and the transfers still open."""
    club = _club(request, pk)
    book = read_book(club)
    pairs = pair_balances(club, book)
    mine, anyone = _my_players(request.user, club), access.can(request.user, club, Role.SCOREKEEPER)
    url = reverse("scoring:payment_settle", args=[club.pk])
    pairs_table = PairsTable([{
        "debtor_id": p.debtor_id, "debtor": p.debtor, "creditor_id": p.creditor_id, "creditor": p.creditor,
        "amount": p.amount, "currency": p.currency, "credit": p.credit, "credit_text": p.credit_text,
        "settle_url": f"{url}?{urlencode({'player': p.debtor_id, 'other': p.creditor_id, 'currency': p.currency})}"
        if anyone or mine & {p.debtor_id, p.creditor_id} else ""} for p in pairs], prefix="pairs-")
    paging.configure(request, pairs_table, per_page=100)
    table = OutstandingTable(outstanding_transfers(club, book))
    paging.configure(request, table, per_page=50)
    players = OutstandingPlayersTable([{"player_id": r.player_id, "player": r.player, "owes": r.owes,
                                        "owed": r.owed, "balance": r.balance}
                                       for r in outstanding_by_player(club, pairs)], prefix="players-")
    paging.configure(request, players, per_page=100)
    fmt = request.GET.get("_export")
    if fmt in SpreadsheetExport.CONTENT_TYPES:
        return SpreadsheetExport(fmt, pairs_table).response(f"udestaaende-{club.pk}.{fmt}")
    total = Purse((p.currency, from_cents(p.amount)) for p in pairs)
    return render(request, "scoring/club_outstanding.html", {
        "club": club, "table": table, "players": players, "pairs": pairs_table,
        "total": format_purse(total, empty=format_money(0, club.currency)), "query": request.GET.urlencode()})
