"""A deal's own pages: voiding it (its confirmation shows what is paid back and each player's total
now and after) and its history (every version, who recorded it, what changed, its payments). The
table page records and corrects deals (``views/table.py``)."""
from __future__ import annotations

from django import forms
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from scoring import access, services
from scoring.forms import ReasonForm
from scoring.models import Deal, EntryKind, EveningEvent, JournalEntry, Role
from scoring.selectors import table_sheet
from scoring.selectors.members import identity_of, shown_lines, shown_words
from scoring.selectors.sheets import table_names_now
from scoring.table import submissions
from scoring.table.voiding import void_effect
from scoring.table_families import table_family


class VoidForm(ReasonForm):
    """The reason for voiding a deal, and the table version its confirmation was shown with (not a
    number: none, as a hand-made request without one; ``expected_version``)."""
    version = forms.CharField(required=False, widget=forms.HiddenInput)

    def expected_version(self) -> int | None:
        try:
            return int(self.cleaned_data.get("version") or "")
        except ValueError:
            return None


@require_http_methods(["GET", "POST"])
@never_cache
@submissions.once
def deal_void(request, pk: int):
    """Void a deal of an open evening (``services.deal_void``): the table page offers its latest
    deal, the correction page any. The page is the confirmation: what is paid back and, with later
    deals settled again, each player's total now and after (``voiding.void_effect``); a reason is
    required (422 at its field, nothing written). A member may not (403); a closed evening is
    refused (403); an old version is gone (404, or 409 when another phone just voided or corrected
    it); a table that moved on since the page was shown answers 409 with the effect as it is now."""
    deal = get_object_or_404(Deal.objects.select_related("table", "table__evening", "dealer"), pk=pk)
    table = deal.table
    access.require(request.user, table.evening.club_id, Role.SCOREKEEPER)
    if table.evening.closed_at is not None:
        return render(request, "scoring/message.html", {"message": _("Aftenen er lukket; den kan ikke ændres.")},
                      status=403)
    if not deal.current:
        return _void_gone(request, deal, 409 if request.method == "POST" else 404)
    form = VoidForm(request.POST or None, initial={"version": table.version})
    status, stale = 200, None
    if request.method == "POST":
        status = 422
        if form.is_valid():
            try:
                submissions.write(request, "deal_void", lambda: services.deal_void(
                    deal=deal, user=request.user, reason=form.cleaned_data["reason"],
                    expected_version=form.expected_version()),
                    url=reverse("scoring:table_detail", args=[deal.table_id]))
            except services.EveningClosedError as exc:
                return render(request, "scoring/message.html", {"message": exc.errors[0].message}, status=403)
            except services.StaleTableError as exc:
                table.refresh_from_db()
                if not Deal.objects.filter(pk=deal.pk, current=True).exists():
                    return _void_gone(request, deal, 409)
                # shown again with the effect as it is now: confirming again is deliberate
                form = VoidForm(initial={"version": table.version, "reason": form.cleaned_data["reason"]})
                status, stale = 409, exc.errors[0].message
            except services.RecordingError as exc:
                for error in exc.errors:
                    form.add_error("reason" if error.field == "reason" else None, error.message)
                status = exc.http_status
            else:
                messages.success(request, _("Spil %(n)s er annulleret.") % {"n": deal.number})
                return redirect("scoring:table_detail", pk=deal.table_id)
    sheet = table_sheet(table)
    family = table_family(table.family)
    return render(request, "scoring/deal_void.html", {
        "deal": deal, "table": table, "sheet": sheet, "family": family, "form": form, "stale": stale,
        "lines": shown_lines(family.deal_lines(deal.outcome), dict(zip(sheet.players, sheet.shown))),
        "latest": deal.pk == getattr(sheet.last_deal, "pk", None),
        **void_effect(table, sheet, deal),
    }, status=status)


def _void_gone(request, deal: Deal, status: int):
    """The deal was voided or corrected meanwhile (or the link is to an old version): nothing to void."""
    return render(request, "scoring/message.html", {
        "message": _("Spil %(n)s er rettet eller annulleret siden; ret den nyeste udgave.") % {"n": deal.number},
        "link": reverse("scoring:table_detail", args=[deal.table_id])}, status=status)


@require_GET
def deal_history(request, pk: int):
    """Every version of a deal number: each as the deal reads at the table (``words``),
    who recorded it and when, what changed from the version before, and its payments (each
    posting and reversal: the players and the cups by name)."""
    deal = get_object_or_404(Deal.objects.select_related("table", "table__evening"), pk=pk)
    access.require(request.user, deal.table.evening.club_id, Role.MEMBER)
    versions = list(Deal.objects.filter(table=deal.table, number=deal.number)
                    .select_related("recorded_by", "dealer").order_by("id"))
    entries = (JournalEntry.objects.filter(deal__in=versions).prefetch_related("legs__player__merged_into")
               .order_by("id"))
    family = table_family(deal.table.family)   # the deal's words are its family's
    # the deals name the players as seated; the page shows them as they are now (docs/names.md)
    names = table_names_now(deal.table)
    by_deal: dict[int, list] = {}
    # the players and the cups; a pot that holds nothing to share is bookkeeping and never shown (a
    # written score's sheet takes the other side of what a deal writes: docs/rules/selca.md, "a
    # written score")
    cups = set(family.engine.cups)
    for entry in entries:
        legs = [(identity_of(leg.player).name if leg.player_id is not None else family.leg_account(leg), leg.amount)
                for leg in entry.legs.all() if leg.player_id is not None or leg.account in cups]
        by_deal.setdefault(entry.deal_id, []).append({"entry": entry, "legs": legs,
                                                      "reversal": entry.kind == EntryKind.REVERSAL})
    events = {e.deal_id: e for e in EveningEvent.objects.filter(deal__in=versions).select_related("user")}
    rows, previous = [], None
    for version in versions:
        outcome = version.outcome
        rows.append({"deal": version, "lines": shown_lines(family.deal_lines(outcome), names),
                     "entries": by_deal.get(version.pk, []), "event": events.get(version.pk),
                     "changes": list(shown_words(family.deal_changes(previous, outcome), names))
                     if previous is not None and not version.voided else []})
        previous = outcome
    return render(request, "scoring/deal_history.html", {"deal": deal, "table": deal.table, "rows": rows,
                                                          "family": family})
