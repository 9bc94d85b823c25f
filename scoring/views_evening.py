"""Evening pages: the list, a new evening or table, closing, the PDF, import and export."""
from __future__ import annotations

import json

from django.contrib import messages
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from scoring import access, services
from scoring.engine.money import format_kroner

from .forms import SeatingForm, UploadForm
from .models import Club, Evening, Role, Table
from .pdf import render_evening_pdf
from .selectors import evening_summary, table_to_evening_file


def _evening(request, pk: int, role: str = Role.MEMBER) -> Evening:
    evening = get_object_or_404(Evening.objects.select_related("club"), pk=pk)
    access.require(request.user, evening.club_id, role)
    return evening


def _lang(request) -> str:
    return "en" if (getattr(request, "LANGUAGE_CODE", "da") or "da").startswith("en") else "da"


@require_GET
def home(request):
    clubs = access.visible_clubs(request.user)
    evenings = (Evening.objects.filter(club__in=clubs).select_related("club")
                .prefetch_related("tables__seats__player").order_by("-date", "-id")[:50])
    return render(request, "scoring/home.html", {"evenings": evenings, "clubs": clubs})


def _writable_clubs(user):
    return [c for c in access.visible_clubs(user) if access.can(user, c, Role.SCOREKEEPER)]


def _seat_players(club: Club, names: list[str]):
    return [services.player_get_or_create(club=club, name=name) for name in names]


@require_http_methods(["GET", "POST"])
def evening_new(request):
    clubs = _writable_clubs(request.user)
    if not clubs:
        return render(request, "scoring/message.html", {"message": _("Du kan ikke oprette aftener.")}, status=403)
    club_id = request.POST.get("club") or request.GET.get("club") or clubs[0].pk
    club = next((c for c in clubs if str(c.pk) == str(club_id)), clubs[0])
    members = list(club.players.values_list("name", flat=True))
    seasons = list(club.seasons.all())
    form = SeatingForm(members, request.POST or None, with_date=True, seasons=seasons)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                season = next((s for s in seasons if s.pk == form.cleaned_data.get("season")), None)
                evening = services.evening_create(club=club, date=form.cleaned_data["date"], season=season)
                table = services.table_create(evening=evening, players=_seat_players(club, form.cleaned_data["names"]))
        except services.RecordingError as exc:
            for error in exc.errors:
                form.add_error(None, str(error))
        else:
            return redirect("scoring:table_detail", pk=table.pk)
    status = 422 if request.method == "POST" else 200
    return render(request, "scoring/evening_new.html", {"form": form, "clubs": clubs, "club": club}, status=status)


@require_GET
def evening_detail(request, pk: int):
    evening = _evening(request, pk)
    summary = evening_summary(evening)
    lang = _lang(request)
    return render(request, "scoring/evening_detail.html", {
        "evening": evening, "summary": summary,
        "totals": [(p, t, format_kroner(k, lang)) for p, t, k in summary.totals],
        "payments": [(p, format_kroner(p.kroner, lang)) for p in summary.payments],
        "can_record": not evening.is_closed and access.can(request.user, evening.club_id, Role.SCOREKEEPER),
        "can_admin": access.can(request.user, evening.club_id, Role.ADMIN),
    })


def _refuse_closed(request, evening: Evening):
    messages.error(request, _("Aftenen er lukket; den kan ikke ændres."))
    return redirect("scoring:evening_detail", pk=evening.pk)


@require_http_methods(["GET", "POST"])
def table_new(request, pk: int):
    evening = _evening(request, pk, Role.SCOREKEEPER)
    if evening.is_closed:
        return _refuse_closed(request, evening)
    members = list(evening.club.players.values_list("name", flat=True))
    form = SeatingForm(members, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                table = services.table_create(evening=evening,
                                              players=_seat_players(evening.club, form.cleaned_data["names"]))
        except services.RecordingError as exc:
            for error in exc.errors:
                form.add_error(None, str(error))
        else:
            return redirect("scoring:table_detail", pk=table.pk)
    status = 422 if request.method == "POST" else 200
    return render(request, "scoring/table_new.html", {"form": form, "evening": evening}, status=status)


@require_http_methods(["GET", "POST"])
def evening_close(request, pk: int):
    evening = _evening(request, pk, Role.SCOREKEEPER)
    if evening.is_closed:
        return _refuse_closed(request, evening)
    if request.method == "POST":
        try:
            services.evening_close(evening=evening, user=request.user)
        except services.RecordingError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, _("Aftenen er lukket, og kopperne er delt."))
        return redirect("scoring:evening_detail", pk=evening.pk)
    summary = evening_summary(evening)
    return render(request, "scoring/evening_close.html", {"evening": evening, "summary": summary})


@require_GET
def evening_pdf(request, pk: int):
    evening = _evening(request, pk)
    response = HttpResponse(render_evening_pdf(evening), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="tarok-{evening.date:%Y-%m-%d}-{evening.pk}.pdf"'
    return response


@require_GET
def table_export(request, pk: int):
    table = get_object_or_404(Table.objects.select_related("evening"), pk=pk)
    access.require(request.user, table.evening.club_id, Role.MEMBER)
    body = json.dumps(table_to_evening_file(table), ensure_ascii=False, indent=1) + "\n"
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = (f'attachment; filename="tarok-{table.evening.date:%Y-%m-%d}-bord-{table.number}.json"')
    return response


def _import(request, club: Club, evening: Evening | None, template: str, context: dict):
    form = UploadForm(request.POST or None, request.FILES or None)
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        try:
            table = services.evening_import(club=club, data=form.cleaned_data["file"], evening=evening,
                                            user=request.user)
        except services.RecordingError as exc:
            problems = [str(e) for e in exc.errors]
        else:
            messages.success(request, _("Aftenfilen er indlæst."))
            return redirect("scoring:table_detail", pk=table.pk)
    status = 422 if request.method == "POST" else 200
    return render(request, template, {"form": form, "problems": problems, **context}, status=status)


@require_http_methods(["GET", "POST"])
def evening_import(request):
    clubs = _writable_clubs(request.user)
    if not clubs:
        return render(request, "scoring/message.html", {"message": _("Du kan ikke indlæse aftener.")}, status=403)
    club_id = request.POST.get("club") or request.GET.get("club")
    club = next((c for c in clubs if str(c.pk) == str(club_id)), clubs[0])
    return _import(request, club, None, "scoring/evening_import.html", {"clubs": clubs, "club": club})


@require_http_methods(["GET", "POST"])
def table_import(request, pk: int):
    evening = _evening(request, pk, Role.SCOREKEEPER)
    if evening.is_closed:
        return _refuse_closed(request, evening)
    return _import(request, evening.club, evening, "scoring/evening_import.html", {"evening": evening})
