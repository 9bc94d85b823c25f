"""An evening, or a season, under another card (docs/what-if.md): the page reached from the evening
page and the season report, and its A4 PDF for the club's meeting. Reads only."""
from __future__ import annotations

from django import forms
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from scoring import access
from scoring.language import engine_language
from scoring.models import Club, Evening
from scoring.reports.pdf import render_html_pdf
from scoring.reports.what_if import report_context
from scoring.selectors.standings import club_families, family_title
from scoring.selectors.what_if import card_choices, chosen_card, evening_families, what_if_report

from .season import SeasonReportForm
from .stats import _file_word


def _card_field(choices) -> forms.ChoiceField:
    """The card picker: each family's cards under the family's name."""
    groups: dict[str, list] = {}
    for choice in choices:
        groups.setdefault(family_title(choice.family), []).append((choice.value, choice.title))
    return forms.ChoiceField(label=_("Takstkort"), choices=list(groups.items()), required=False)


class EveningWhatIfForm(forms.Form):
    def __init__(self, *args, club: Club, families: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["card"] = _card_field(card_choices(club, families))


class SeasonWhatIfForm(SeasonReportForm):
    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, club=club, **kwargs)
        self.fields["card"] = _card_field(card_choices(club, club_families(club)))


def _respond(request, template: str, context: dict, report, pdf: bool, file_name: str, status: int = 200):
    if pdf and report is not None:
        response = HttpResponse(render_html_pdf("scoring/pdf/what_if.html", {**context, **report_context(report)}),
                                content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="{file_name}"'
        return response
    if report is not None:
        context = {**context, **report_context(report)}
    return render(request, template, context, status=status)


@require_GET
def evening_what_if(request, pk: int, pdf: bool = False):
    evening = get_object_or_404(Evening.objects.select_related("club"), pk=pk)
    access.require(request.user, evening.club_id)
    evenings = Evening.objects.filter(pk=evening.pk)
    asked = request.GET.get("card") or ""
    choice = chosen_card(evening.club, evenings, asked)
    # the card shown in the picker is the one settled under (with none asked: the default)
    form = EveningWhatIfForm({"card": choice.value if choice is not None else asked}, club=evening.club,
                             families=evening_families(evenings))
    choice = choice if form.is_valid() else None
    context = {"club": evening.club, "evening": evening, "form": form, "query": request.GET.urlencode()}
    if choice is None:
        if form.is_valid():
            form.add_error("card", _("Aftenen har intet bord, hvis spil kortet hører til."))
        return render(request, "scoring/what_if.html", context, status=400)
    report = what_if_report(evening.club, evenings, choice, engine_language())
    return _respond(request, "scoring/what_if.html", {**context, "query": f"card={choice.value}"}, report, pdf,
                    f"hvis-{evening.pk}-{evening.date:%Y-%m-%d}.pdf")


@require_GET
def season_what_if(request, pk: int, pdf: bool = False):
    club = get_object_or_404(Club, pk=pk)
    access.require(request.user, club)
    data = request.GET
    if not any(data.get(name) for name in ("season", "date_from", "date_to")):
        latest = club.seasons.order_by("-starts", "-id").first()
        data = {**data.dict(), "season": latest.pk} if latest is not None else data
    form = SeasonWhatIfForm(data, club=club)
    context = {"club": club, "form": form, "query": request.GET.urlencode()}
    if not form.is_valid():
        return render(request, "scoring/what_if.html", context, status=400)
    scope = form.cleaned_data["scope"]
    evenings = scope.evenings()
    choice = chosen_card(club, evenings, form.cleaned_data.get("card"))
    if choice is None:
        return render(request, "scoring/what_if.html", {**context, "empty": True})
    if not form.cleaned_data.get("card"):   # the picker shows the card settled under
        form = SeasonWhatIfForm({**form.data.dict(), "card": choice.value} if hasattr(form.data, "dict")
                                else {**form.data, "card": choice.value}, club=club)
        form.is_valid()
        context["form"] = form
    query = (f"season={scope.season.pk}" if scope.season is not None else
             "&".join(f"{k}={v}" for k, v in (("date_from", scope.date_from), ("date_to", scope.date_to)) if v))
    report = what_if_report(club, evenings, choice, engine_language())
    return _respond(request, "scoring/what_if.html", {**context, "scope": scope,
                                                      "query": f"{query}&card={choice.value}"},
                    report, pdf, f"hvis-{club.pk}-{_file_word(scope.season.name) if scope.season else 'datoer'}.pdf")
