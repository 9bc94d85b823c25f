"""Club administration (club admins): players, seasons, reopening a closed evening; and the audit
trail pages every member may read."""
from __future__ import annotations

from django import forms
from django.contrib import messages
from django.db import IntegrityError, transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _, gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from scoring import access, services

from .models import Club, Deal, Evening, EveningEvent, JournalEntry, Player, Role, Season


class ReasonForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Begrundelse"), max_length=500,
                             widget=forms.Textarea(attrs={"rows": 2}))


class PlayerForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Navn"), max_length=60)


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["name", "starts", "ends"]
        widgets = {"starts": forms.DateInput(attrs={"type": "date"}), "ends": forms.DateInput(attrs={"type": "date"})}

    def clean(self):
        data = super().clean()
        if data.get("starts") and data.get("ends") and data["ends"] < data["starts"]:
            self.add_error("ends", _("Sæsonen kan ikke slutte, før den starter."))
        return data


def _club(request, pk: int, role: str) -> Club:
    club = get_object_or_404(Club, pk=pk)
    access.require(request.user, club, role)
    return club


@require_http_methods(["GET", "POST"])
def club_players(request, pk: int):
    club = _club(request, pk, Role.ADMIN)
    form = PlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        name = form.cleaned_data["name"].strip()
        if Player.objects.filter(club=club, name=name).exists():
            form.add_error("name", _("Der er allerede en spiller med det navn."))
        else:
            services.player_get_or_create(club=club, name=name)
            messages.success(request, _("%(name)s er tilføjet.") % {"name": name})
            return redirect("scoring:club_players", pk=club.pk)
    status = 422 if request.method == "POST" else 200
    return render(request, "scoring/club_players.html",
                  {"club": club, "form": form, "players": club.players.order_by("name")}, status=status)


@require_http_methods(["GET", "POST"])
def club_seasons(request, pk: int):
    club = _club(request, pk, Role.ADMIN)
    form = SeasonForm(request.POST or None, instance=Season(club=club))
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                form.save()
        except IntegrityError:
            form.add_error("name", _("Der er allerede en sæson med det navn."))
        else:
            messages.success(request, _("Sæsonen er oprettet."))
            return redirect("scoring:club_seasons", pk=club.pk)
    status = 422 if request.method == "POST" else 200
    return render(request, "scoring/club_seasons.html",
                  {"club": club, "form": form, "seasons": club.seasons.all()}, status=status)


@require_http_methods(["GET", "POST"])
def evening_reopen(request, pk: int):
    evening = get_object_or_404(Evening.objects.select_related("club"), pk=pk)
    access.require(request.user, evening.club_id, Role.ADMIN)
    form = ReasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.evening_reopen(evening=evening, user=request.user, reason=form.cleaned_data["reason"])
        except services.RecordingError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Aftenen er genåbnet."))
            return redirect("scoring:evening_detail", pk=evening.pk)
    status = 422 if request.method == "POST" else 200
    return render(request, "scoring/reason_form.html", {
        "title": _("Genåbn aftenen"), "object": evening, "form": form,
        "explain": _("Delingen af kopperne tilbageføres, og aftenen kan rettes igen. Genåbningen logges."),
    }, status=status)


@require_http_methods(["GET", "POST"])
def deal_void(request, pk: int):
    deal = get_object_or_404(Deal.objects.select_related("table", "table__evening"), pk=pk)
    access.require(request.user, deal.table.evening.club_id, Role.SCOREKEEPER)
    form = ReasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.deal_void(deal=deal, user=request.user, reason=form.cleaned_data["reason"])
        except services.RecordingError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Spil %(n)s er annulleret.") % {"n": deal.number})
            return redirect("scoring:table_detail", pk=deal.table_id)
    status = 422 if request.method == "POST" else 200
    return render(request, "scoring/reason_form.html", {
        "title": _("Annullér spil %(n)s") % {"n": deal.number}, "object": deal, "form": form,
        "explain": _("Spillets posteringer tilbageføres; intet slettes."),
    }, status=status)


@require_GET
def deal_history(request, pk: int):
    """Every version of a deal number: who recorded it, when, and the payments before and after."""
    deal = get_object_or_404(Deal.objects.select_related("table", "table__evening"), pk=pk)
    access.require(request.user, deal.table.evening.club_id, Role.MEMBER)
    versions = list(Deal.objects.filter(table=deal.table, number=deal.number)
                    .select_related("recorded_by", "dealer").order_by("id"))
    entries = (JournalEntry.objects.filter(deal__in=versions).select_related("reverses")
               .prefetch_related("legs__player").order_by("id"))
    by_deal: dict[int, list] = {}
    for entry in entries:
        legs = {leg.player.name if leg.player else leg.account: leg.amount for leg in entry.legs.all()}
        by_deal.setdefault(entry.deal_id, []).append((entry, legs))
    events = {e.deal_id: e for e in EveningEvent.objects.filter(deal__in=versions).select_related("user")}
    rows = [{"deal": v, "entries": by_deal.get(v.pk, []), "event": events.get(v.pk)} for v in versions]
    return render(request, "scoring/deal_history.html", {"deal": deal, "table": deal.table, "rows": rows})


@require_GET
def evening_log(request, pk: int):
    evening = get_object_or_404(Evening.objects.select_related("club"), pk=pk)
    access.require(request.user, evening.club_id, Role.MEMBER)
    events = evening.events.select_related("user", "deal").order_by("at", "id")
    return render(request, "scoring/evening_log.html", {"evening": evening, "events": events})
