"""The season report: the page, its A4 PDF and the year-end export (CSV/XLSX) of one season or of
any dates (``selectors/season.py``; what they print: ``reports/season.py``)."""
from __future__ import annotations

from django import forms
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from scoring import access
from scoring.models import Club, Season
from scoring.selectors.season import ScopeError, season_report, season_scope
from scoring.reports.season import SHEETS, file_name, render_season_pdf, report_context, season_export


class SeasonReportForm(forms.Form):
    """A season of the club, or the dates from and to (either may be left open)."""
    season = forms.ModelChoiceField(label=_("Sæson"), queryset=Season.objects.none(), required=False,
                                    empty_label=_("datoer"))
    date_from = forms.DateField(label=_("Fra"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    date_to = forms.DateField(label=_("Til"), required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.fields["season"].queryset = Season.objects.filter(club=club)

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            data["scope"] = season_scope(self.club, season=data["season"].pk if data.get("season") else None,
                                         date_from=data.get("date_from"), date_to=data.get("date_to"))
        except ScopeError as error:
            self.add_error(error.field, str(error))
        return data


def _club(request, pk: int) -> Club:
    club = get_object_or_404(Club, pk=pk)
    access.require(request.user, club)
    return club


def _form(request, club: Club) -> SeasonReportForm:
    """The form of the scope asked for; with nothing asked, the club's latest season."""
    data = request.GET
    if not any(data.get(name) for name in ("season", "date_from", "date_to")):
        latest = Season.objects.filter(club=club).order_by("-starts", "-id").first()
        data = {"season": latest.pk} if latest is not None else None
    return SeasonReportForm(data, club=club)


@require_GET
def season_view(request, pk: int):
    club = _club(request, pk)
    form = _form(request, club)
    context = {"club": club, "form": form, "query": request.GET.urlencode(), "sheets": SHEETS}
    if not form.is_bound:
        return render(request, "scoring/season.html", context)
    if not form.is_valid():
        return render(request, "scoring/season.html", context, status=400)
    scope = form.cleaned_data["scope"]
    query = (f"season={scope.season.pk}" if scope.season is not None else
             "&".join(f"{k}={v}" for k, v in (("date_from", scope.date_from), ("date_to", scope.date_to)) if v))
    return render(request, "scoring/season.html", {**context, **report_context(season_report(scope)),
                                                   "query": query})


@require_GET
def season_pdf(request, pk: int):
    club = _club(request, pk)
    form = _form(request, club)
    if not form.is_bound or not form.is_valid():
        return render(request, "scoring/season.html", {"club": club, "form": form, "sheets": SHEETS}, status=400)
    scope = form.cleaned_data["scope"]
    response = HttpResponse(render_season_pdf(season_report(scope)), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{file_name(scope, "pdf")}"'
    return response


@require_GET
def season_export_view(request, pk: int, fmt: str):
    if fmt not in ("csv", "xlsx"):
        raise Http404
    club = _club(request, pk)
    form = _form(request, club)
    sheet = request.GET.get("sheet", "transfers")
    if not form.is_bound or not form.is_valid() or sheet not in SHEETS:
        if form.is_bound and form.is_valid():
            form.add_error(None, _("Ukendt ark: %(name)s.") % {"name": sheet})
        return render(request, "scoring/season.html", {"club": club, "form": form, "sheets": SHEETS}, status=400)
    scope = form.cleaned_data["scope"]
    content_types = {"csv": "text/csv; charset=utf-8",
                     "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}
    response = HttpResponse(season_export(season_report(scope), fmt, sheet), content_type=content_types[fmt])
    name = file_name(scope, fmt) if fmt == "xlsx" else file_name(scope, f"{sheet}.csv")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
