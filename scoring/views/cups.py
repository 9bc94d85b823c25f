"""A club's cup series (docs/cups.md): the club's cups, a cup's standings (page, PDF, CSV/XLSX), and
the page where a club admin makes or changes a cup (its table of points, best N, its events).
Every member reads; only an admin writes."""
from __future__ import annotations

from django import forms
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods

from scoring import access, services
from scoring.models import Club, Cup, Role
from scoring.reports import paging
from scoring.reports.listings import SpreadsheetExport, cup_standings_table
from scoring.selectors.cups import cup_table
from scoring.services.cups import MAX_BEST, cup_evenings
from scoring.table import submissions


class CupForm(forms.Form):
    name = forms.CharField(label=_("Navn"), max_length=100)
    points = forms.CharField(label=_("Point pr. placering (1., 2., 3. …)"), max_length=1000,
                             help_text=_("Adskilt af komma, fx 25,18,15,12,10,8,6,4,2,1. Placeringer derefter: 0."))
    best = forms.IntegerField(label=_("Antal bedste resultater der tæller"), min_value=1, max_value=MAX_BEST)
    tournaments = forms.MultipleChoiceField(label=_("Turneringer"), required=False,
                                            widget=forms.CheckboxSelectMultiple)
    evenings = forms.MultipleChoiceField(label=_("Aftener"), required=False, widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tournaments"].choices = [(str(t.pk), t.name) for t in club.tournaments.order_by("-created_at")]
        self.fields["evenings"].choices = [(str(e.pk), date_format(e.date, "SHORT_DATE_FORMAT"))
                                           for e in cup_evenings(club).order_by("-date", "-id")]


def _club(request, pk: int, role: str = Role.MEMBER) -> Club:
    club = get_object_or_404(Club, pk=pk)
    access.require(request.user, club, role)
    return club


def _cup(request, pk: int, role: str = Role.MEMBER) -> Cup:
    cup = get_object_or_404(Cup.objects.select_related("club"), pk=pk)
    access.require(request.user, cup.club_id, role)
    return cup


@require_GET
def cup_list(request, pk: int):
    club = _club(request, pk)
    return render(request, "scoring/cup_list.html", {
        "club": club, "cups": club.cups.all(), "admin": access.can(request.user, club, Role.ADMIN)})


@require_http_methods(["GET", "POST"])
@submissions.once
def cup_new(request, pk: int):
    """Make a cup: a club admin's page."""
    return _cup_form(request, _club(request, pk, Role.ADMIN), None)


@require_http_methods(["GET", "POST"])
@submissions.once
def cup_edit(request, pk: int):
    """Change a cup: its name, table, best N, its tournaments and evenings (a club admin's page)."""
    cup = _cup(request, pk, Role.ADMIN)
    return _cup_form(request, cup.club, cup)


def _cup_form(request, club: Club, cup: Cup | None):
    initial = None if cup is None else {
        "name": cup.name, "points": ",".join(str(p) for p in cup.points), "best": cup.best,
        "tournaments": [str(t) for t in cup.tournaments.values_list("pk", flat=True)],
        "evenings": [str(e) for e in cup.evenings.values_list("pk", flat=True)]}
    form = CupForm(request.POST or None, initial=initial, club=club)
    if request.method == "POST":
        if form.is_valid():
            try:
                saved = submissions.write(request, "cup_save", lambda: services.cup_save(
                    club=club, cup=cup, **form.cleaned_data),
                    url=lambda c: reverse("scoring:cup_standings", args=[c.pk]))
            except services.RecordingError as exc:
                for error in exc.errors:
                    form.add_error(error.field if error.field in form.fields else None, error.message)
            else:
                return redirect("scoring:cup_standings", pk=saved.pk)
    status = 422 if request.method == "POST" else 200
    return render(request, "scoring/cup_edit.html", {"club": club, "cup": cup, "form": form}, status=status)


@require_GET
def cup_standings(request, pk: int):
    cup = _cup(request, pk)
    standings = cup_table(cup)
    table = cup_standings_table(standings)
    paging.configure(request, table, per_page=100)
    fmt = request.GET.get("_export")
    if fmt in ("csv", "xlsx"):
        return SpreadsheetExport(fmt, table).response(f"pokal-{cup.pk}.{fmt}")
    return render(request, "scoring/cup_standings.html", {
        "cup": cup, "club": cup.club, "table": table, "standings": standings,
        "admin": access.can(request.user, cup.club_id, Role.ADMIN)})


@require_GET
def cup_standings_pdf(request, pk: int):
    from scoring.reports.pdf import render_html_pdf

    cup = _cup(request, pk)
    standings = cup_table(cup)
    pdf = render_html_pdf("scoring/pdf/cup_standings.html", {"cup": cup, "club": cup.club, "standings": standings})
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="pokal-{cup.pk}-stilling.pdf"'
    return response
