"""Tournament pages (docs/tournaments.md): the club's tournaments, one tournament (players, rounds),
a round's draw (shown, redrawn, confirmed, printed, closed) and the standings (page, PDF, CSV/XLSX).
Every member reads; a director (a scorekeeper or admin of the club) writes."""
from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _, gettext_lazy, pgettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import access, services
from scoring.reports import paging
from scoring.table import submissions
from scoring.forms import name_field
from scoring.reports.listings import SpreadsheetExport, tournament_standings_table
from scoring.models import (
    ByeScore, Club, Entrant, EntrantStatus, Player, Role, RoundLength, RoundState, Tournament, TournamentRound,
    TournamentScoring
)
from scoring.selectors.standings import rules_title
from scoring.selectors.tournaments import format_score, shown_draw, tournament_standings, unresolved_entries
from scoring.services.tournaments import MAX_ROUND_LENGTH, MAX_ROUNDS, short_tables

DIRECTOR = Role.SCOREKEEPER


class TournamentForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Navn"), max_length=100)
    rules = forms.ChoiceField(label=pgettext_lazy("spillet", "Spil"), choices=())
    rounds = forms.IntegerField(label=gettext_lazy("Runder"), min_value=1, max_value=MAX_ROUNDS, initial=5)
    round_length_kind = forms.ChoiceField(label=gettext_lazy("En runde er"), choices=RoundLength.choices)
    round_length = forms.IntegerField(label=gettext_lazy("Antal"), min_value=1, max_value=MAX_ROUND_LENGTH, initial=12)
    scoring = forms.ChoiceField(label=gettext_lazy("Stilling efter"), choices=TournamentScoring.choices)
    bye_score = forms.ChoiceField(label=gettext_lazy("En oversidder får"), choices=ByeScore.choices)
    counts_in_standings = forms.BooleanField(label=gettext_lazy("Tæller i sæsonens stilling"), required=False)
    kroner_per_point = forms.DecimalField(label=gettext_lazy("Sats pr. point (0: uden penge)"), min_value=0,
                                          max_value=9999, decimal_places=4, initial=0)

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        from scoring.engine import families

        built_in = [(name, rules_title(name, f.name)) for f in families.families() for name in f.rate_cards]
        own = [(c.name, c.name) for c in club.rate_cards.order_by("name")]
        self.fields["rules"].choices = own + built_in
        self.fields["rules"].initial = club.rules


class RegisterForm(forms.Form):
    name = name_field(label=gettext_lazy("Spiller"))


class AssignForm(forms.Form):
    round = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    name = forms.CharField(widget=forms.HiddenInput, max_length=200)
    player = forms.IntegerField(label=gettext_lazy("Spiller"))


class LeaveForm(forms.Form):
    player = forms.IntegerField(widget=forms.HiddenInput)
    disqualify = forms.BooleanField(required=False, widget=forms.HiddenInput)
    reason = forms.CharField(label=gettext_lazy("Begrundelse"), max_length=500)


def _club(request, pk: int, role: str = Role.MEMBER) -> Club:
    club = get_object_or_404(Club, pk=pk)
    access.require(request.user, club, role)
    return club


def _tournament(request, pk: int, role: str = Role.MEMBER) -> Tournament:
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    access.require(request.user, tournament.club_id, role)
    return tournament


def _round(request, pk: int, number: int, role: str = Role.MEMBER) -> TournamentRound:
    tournament = _tournament(request, pk, role)
    found = get_object_or_404(TournamentRound.objects.select_related("tournament__club", "evening"),
                              tournament=tournament, number=number)
    return found


def _errors(exc: services.RecordingError) -> list[str]:
    return [e.message for e in exc.errors]


@require_http_methods(["GET", "POST"])
@submissions.once
def tournament_list(request, pk: int):
    """The club's tournaments; a director creates one here."""
    club = _club(request, pk)
    director = access.can(request.user, club, DIRECTOR)
    form = TournamentForm(request.POST or None, club=club) if director else None
    if request.method == "POST":
        access.require(request.user, club, DIRECTOR)
        if form.is_valid():
            data = form.cleaned_data
            try:
                created = submissions.write(request, "tournament_new", lambda: services.tournament_create(
                    club=club, user=request.user, **data),
                    url=lambda t: reverse("scoring:tournament_detail", args=[t.pk]))
            except services.RecordingError as exc:
                for error in exc.errors:
                    form.add_error(error.field if error.field in form.fields else None, error.message)
            else:
                return redirect("scoring:tournament_detail", pk=created.pk)
    status = 422 if request.method == "POST" else 200
    return render(request, "scoring/tournament_list.html", {
        "club": club, "form": form, "tournaments": club.tournaments.all()}, status=status)


def _detail_context(request, tournament: Tournament, **extra) -> dict:
    rounds = list(tournament.round_set.order_by("number").select_related("evening"))
    entrants = list(Entrant.objects.filter(tournament=tournament).select_related("player__merged_into")
                    .order_by("player__name"))
    confirmed = [r for r in rounds if r.state != RoundState.DRAWN]
    return {"tournament": tournament, "club": tournament.club, "rounds": rounds, "entrants": entrants,
            "director": access.can(request.user, tournament.club_id, DIRECTOR),
            "register_form": RegisterForm(), "can_draw": (not confirmed or confirmed[-1].state == RoundState.CLOSED)
            and len(confirmed) < tournament.rounds, "next_round": len(confirmed) + 1,
            "rules_title": rules_title(tournament.rules, tournament.family),
            "unresolved": unresolved_entries(tournament), **extra}


@require_GET
def tournament_detail(request, pk: int):
    tournament = _tournament(request, pk)
    return render(request, "scoring/tournament_detail.html", _detail_context(request, tournament))


@require_POST
@submissions.once
def tournament_register(request, pk: int):
    tournament = _tournament(request, pk, DIRECTOR)
    form = RegisterForm(request.POST)
    url = reverse("scoring:tournament_detail", args=[tournament.pk])
    if form.is_valid():
        try:
            submissions.write(request, "tournament_register", lambda: services.entrant_register(
                tournament=tournament, name=form.cleaned_data["name"], user=request.user), url=url)
        except services.RecordingError as exc:
            for error in exc.errors:
                form.add_error("name", error.message)
        else:
            messages.success(request, _("%(name)s er tilmeldt.") % {"name": form.cleaned_data["name"]})
            return redirect(url)
    return render(request, "scoring/tournament_detail.html",
                  _detail_context(request, tournament, register_form=form), status=422)


@require_POST
@submissions.once
def tournament_leave(request, pk: int):
    """Withdraw a player or disqualify him, with a reason."""
    tournament = _tournament(request, pk, DIRECTOR)
    form = LeaveForm(request.POST)
    url = reverse("scoring:tournament_detail", args=[tournament.pk])
    errors = [_("Skriv en begrundelse.")]
    if form.is_valid():
        player = get_object_or_404(Player, pk=form.cleaned_data["player"], club=tournament.club)
        try:
            submissions.write(request, "tournament_leave", lambda: services.entrant_leave(
                tournament=tournament, player=player, disqualify=form.cleaned_data["disqualify"],
                reason=form.cleaned_data["reason"], user=request.user), url=url)
        except services.RecordingError as exc:
            errors = _errors(exc)
        else:
            return redirect(url)
    return render(request, "scoring/tournament_detail.html",
                  _detail_context(request, tournament, errors=errors), status=422)


@require_POST
@submissions.once
def tournament_assign(request, pk: int):
    """Say whose a name of a stored draw is (one the upgrade to player keys could not resolve)."""
    tournament = _tournament(request, pk, DIRECTOR)
    form = AssignForm(request.POST)
    url = reverse("scoring:tournament_detail", args=[tournament.pk])
    errors = [_("Vælg en af mulighederne.")]
    if form.is_valid():
        found = get_object_or_404(TournamentRound, tournament=tournament, number=form.cleaned_data["round"])
        player = get_object_or_404(Player, pk=form.cleaned_data["player"], club=tournament.club)
        try:
            submissions.write(request, "tournament_assign", lambda: services.draw_name_assign(
                round=found, name=form.cleaned_data["name"], player=player, user=request.user), url=url)
        except services.RecordingError as exc:
            errors = _errors(exc)
        else:
            return redirect(url)
    return render(request, "scoring/tournament_detail.html",
                  _detail_context(request, tournament, errors=errors), status=422)


@require_POST
@submissions.once
def tournament_draw(request, pk: int):
    """Draw the next round, or draw the round shown again (a new seed) before it is confirmed."""
    tournament = _tournament(request, pk, DIRECTOR)
    try:
        drawn = submissions.write(request, "tournament_draw", lambda: services.round_draw(
            tournament=tournament, user=request.user),
            url=lambda r: reverse("scoring:tournament_round", args=[r.tournament_id, r.number]))
    except services.RecordingError as exc:
        return render(request, "scoring/tournament_detail.html",
                      _detail_context(request, tournament, errors=_errors(exc)), status=422)
    return redirect("scoring:tournament_round", pk=tournament.pk, number=drawn.number)


def _round_context(request, found: TournamentRound, **extra) -> dict:
    tournament = found.tournament
    shown = shown_draw(found)
    return {"tournament": tournament, "club": tournament.club, "round": found, "tables": shown.tables,
            "byes": shown.byes, "director": access.can(request.user, tournament.club_id, DIRECTOR),
            "short": short_tables(found) if found.state == RoundState.PLAYING else [], **extra}


@require_GET
def tournament_round(request, pk: int, number: int):
    return render(request, "scoring/tournament_round.html", _round_context(request, _round(request, pk, number)))


@require_GET
def tournament_round_pdf(request, pk: int, number: int):
    """The draw on A4: round, tables, seats in dealing order with each player's number."""
    from scoring.reports.pdf import render_html_pdf

    found = _round(request, pk, number)
    response = HttpResponse(render_html_pdf("scoring/pdf/tournament_round.html", _round_context(request, found)),
                            content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="turnering-{found.tournament_id}-runde-{found.number}.pdf"'
    return response


@require_POST
@submissions.once
def tournament_round_write(request, pk: int, number: int, action: str):
    """Confirm the draw shown (the round's evening and tables made), or close the round."""
    found = _round(request, pk, number, DIRECTOR)
    work = {"confirm": lambda: services.round_confirm(round=found, user=request.user),
            "close": lambda: services.round_close(round=found, user=request.user)}[action]
    url = reverse("scoring:tournament_round", args=[pk, number])
    try:
        submissions.write(request, f"tournament_round_{action}", work, url=url)
    except services.RecordingError as exc:
        found.refresh_from_db()
        return render(request, "scoring/tournament_round.html",
                      _round_context(request, found, errors=_errors(exc)), status=422)
    return redirect(url)


def _standings_rows(tournament: Tournament) -> tuple[list[dict], int]:
    statuses = dict(EntrantStatus.choices)
    rows, rounds = [], 0
    for row in tournament_standings(tournament):
        cells = {"rank": row.rank, "name": row.name, "player_id": row.player_id, "score": row.score,
                 "points": row.points,
                 "status": "" if row.status == EntrantStatus.ACTIVE else str(statuses[row.status])}
        for number, result in row.rounds.items():
            rounds = max(rounds, number)
            cells[f"round_{number}"] = result.score
            if result.bye:
                cells[f"round_{number}"] = _("fri (%(score)s)") % {"score": format_score(result.score)}
        rows.append(cells)
    return rows, rounds


@require_GET
def tournament_standings_view(request, pk: int):
    tournament = _tournament(request, pk)
    rows, rounds = _standings_rows(tournament)
    table = tournament_standings_table(rows, rounds)
    paging.configure(request, table, per_page=100)
    fmt = request.GET.get("_export")
    if fmt in ("csv", "xlsx"):
        return SpreadsheetExport(fmt, table).response(f"turnering-{tournament.pk}.{fmt}")
    live = tournament.round_set.filter(state=RoundState.PLAYING).first()
    return render(request, "scoring/tournament_standings.html", {
        "tournament": tournament, "club": tournament.club, "table": table, "live": live,
        "rules_title": rules_title(tournament.rules, tournament.family)})


@require_GET
def tournament_standings_pdf(request, pk: int):
    from scoring.reports.pdf import render_html_pdf

    tournament = _tournament(request, pk)
    rows, rounds = _standings_rows(tournament)
    table = tournament_standings_table(rows, rounds)
    header = [str(column.header) for column in table.columns]
    body = [[cell for cell in row] for row in table.as_values()][1:]
    pdf = render_html_pdf("scoring/pdf/tournament_standings.html", {
        "tournament": tournament, "club": tournament.club, "header": header,
        "rows": [[format_score(c) if hasattr(c, "denominator") and not isinstance(c, int) else c for c in r]
                 for r in body], "rules_title": rules_title(tournament.rules, tournament.family)})
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="turnering-{tournament.pk}-stilling.pdf"'
    return response
