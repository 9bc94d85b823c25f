"""The season report: the page, its A4 PDF and the year-end export (CSV/XLSX) of one season or of
any dates (``selectors/season.py``; what they print: ``reports/season.py``). A report of more closed
evenings than a request may cover (``bounds.SEASON_REPORT_INLINE_EVENINGS``) has its PDF and exports
made by the worker in the background: the page asks for them, says when each is ready and links it
(``reports/background.py``), and its own page leaves the list of every transfer to the exports."""
from __future__ import annotations

from django import forms
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_POST

from scoring import access, services
from scoring.models import Club, ReportFile, Season
from scoring.reports.background import KINDS
from scoring.selectors.background import report_files, too_long
from scoring.selectors.season import ScopeError, season_report, season_scope
from scoring.reports.season import SHEETS, file_name, render_season_pdf, report_context, season_export
from scoring.table import submissions


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


def _query(scope) -> str:
    """The scope as the page's links ask for it."""
    if scope.season is not None:
        return f"season={scope.season.pk}"
    return "&".join(f"{k}={v}" for k, v in (("date_from", scope.date_from), ("date_to", scope.date_to)) if v)


def _files_context(club: Club, scope) -> dict:
    """The background files of a long report, as the page's block shows them."""
    files = report_files(club, scope, translation.get_language(), KINDS)
    return {"files": [(f, KINDS[f.kind]) for f in files], "files_waiting": any(f.waiting for f in files),
            "query": _query(scope), "club": club}


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
    long = too_long(scope)
    context = {**context, **report_context(season_report(scope), transfers=not long), "query": _query(scope),
               "long": long}
    if long:
        context.update(_files_context(club, scope))
    return render(request, "scoring/season.html", context)


def _made(request, club: Club, scope, kind: str):
    """A long report's file as the worker made it, if it is ready at the books' state now; else the
    season page, where it is asked for (None: a report short enough for a request)."""
    if not too_long(scope):
        return None
    state = next(f for f in report_files(club, scope, translation.get_language(), [kind]))
    if state.state == "ready":
        return _file_response(ReportFile.objects.get(pk=state.file.pk), KINDS[kind], disposition="inline"
                              if kind == "pdf" and "download" not in request.GET else "attachment")
    return redirect(reverse("scoring:season", args=[club.pk]) + f"?{_query(scope)}#season-files")


def _file_response(made: ReportFile, kind, disposition: str) -> HttpResponse:
    response = HttpResponse(bytes(made.content), content_type=kind.content_type)
    response["Content-Disposition"] = f'{disposition}; filename="{made.name}"'
    return response


@require_GET
def season_pdf(request, pk: int):
    club = _club(request, pk)
    form = _form(request, club)
    if not form.is_bound or not form.is_valid():
        return render(request, "scoring/season.html", {"club": club, "form": form, "sheets": SHEETS}, status=400)
    scope = form.cleaned_data["scope"]
    made = _made(request, club, scope, "pdf")
    if made is not None:
        return made
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
    made = _made(request, club, scope, "xlsx" if fmt == "xlsx" else sheet)
    if made is not None:
        return made
    content_types = {"csv": "text/csv; charset=utf-8",
                     "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}
    response = HttpResponse(season_export(season_report(scope), fmt, sheet), content_type=content_types[fmt])
    name = file_name(scope, fmt) if fmt == "xlsx" else file_name(scope, f"{sheet}.csv")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_GET
def season_files(request, pk: int):
    """The block of a long report's background files (polled by the page while one is being made)."""
    club = _club(request, pk)
    form = _form(request, club)
    if not form.is_bound or not form.is_valid():
        return render(request, "scoring/season.html", {"club": club, "form": form, "sheets": SHEETS}, status=400)
    return render(request, "scoring/partials/_season_files.html", _files_context(club, form.cleaned_data["scope"]))


@require_POST
@submissions.once
def season_file_ask(request, pk: int):
    """Ask the worker for one file of a long report (``?kind=``: ``reports.background.KINDS``)."""
    club = _club(request, pk)
    form = _form(request, club)
    kind = request.POST.get("kind", "")
    if not form.is_bound or not form.is_valid() or kind not in KINDS:
        if form.is_bound and form.is_valid():
            form.add_error(None, _("Ukendt fil: %(name)s.") % {"name": kind})
        return render(request, "scoring/season.html", {"club": club, "form": form, "sheets": SHEETS}, status=400)
    scope = form.cleaned_data["scope"]
    url = reverse("scoring:season", args=[club.pk]) + f"?{_query(scope)}#season-files"
    submissions.write(request, "report_ask", lambda: services.report_ask(
        club=club, scope=scope, kind=kind, language=translation.get_language(), user=request.user), url=url)
    return redirect(url)


@require_GET
def season_file(request, pk: int, file: int):
    """A long report's file as the worker made it."""
    club = _club(request, pk)
    made = get_object_or_404(ReportFile, pk=file, club=club, finished_at__isnull=False, problem="")
    disposition = "attachment" if made.kind != "pdf" or "download" in request.GET else "inline"
    return _file_response(made, KINDS[made.kind], disposition)
