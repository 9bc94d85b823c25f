"""Tournament pages (docs/tournaments.md): the club's tournaments, one tournament (players, rounds),
a round's draw (shown, redrawn, confirmed, printed, closed) and the standings (page, PDF, CSV/XLSX).
Every member reads; a director (a scorekeeper or admin of the club) writes."""
from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _, gettext_lazy, ngettext, pgettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import access, services
from scoring.engine import families
from scoring.reports import paging
from scoring.table import submissions
from scoring.forms import name_field
from scoring.reports.listings import SpreadsheetExport, tournament_standings_table
from scoring.models import (
    Absence, ByeScore, Club, Deal, Entrant, EntrantStatus, LengthCounts, PendingDeal, Player, Role, RoundLength,
    RoundState, TableRuling, Tournament, TournamentRound, TournamentScoring
)
from scoring.selectors.members import identity_of
from scoring.selectors.standings import rules_title
from scoring.selectors.tournaments import (
    drawn_keys, format_score, pending_deals, shown_draw, table_progress, tournament_standings, unresolved_entries
)
from scoring.services.tournaments import MAX_ROUND_LENGTH, MAX_ROUNDS, card_of, short_tables
from scoring.table_families import table_family, written_words

DIRECTOR = Role.SCOREKEEPER


class TournamentForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Navn"), max_length=100)
    rules = forms.ChoiceField(label=pgettext_lazy("spillet", "Spil"), choices=())
    rounds = forms.IntegerField(label=gettext_lazy("Runder"), min_value=1, max_value=MAX_ROUNDS, initial=5)
    round_length_kind = forms.ChoiceField(label=gettext_lazy("En runde er"), choices=RoundLength.choices)
    round_length = forms.IntegerField(label=gettext_lazy("Antal"), min_value=1, max_value=MAX_ROUND_LENGTH, initial=12)
    scoring = forms.ChoiceField(label=gettext_lazy("Stilling efter"), choices=TournamentScoring.choices,
                                initial=TournamentScoring.SCALED)
    # left out, the games played (the rule of a tournament created now: docs/tournaments.md, "A round")
    length_counts = forms.ChoiceField(label=gettext_lazy("Rundens længde tæller"), choices=LengthCounts.choices,
                                      required=False, initial=LengthCounts.GAMES)
    bye_score = forms.ChoiceField(label=gettext_lazy("En oversidder får"), choices=ByeScore.choices)
    counts_in_standings = forms.BooleanField(label=gettext_lazy("Tæller i sæsonens stilling"), required=False)
    kroner_per_point = forms.DecimalField(label=gettext_lazy("Sats pr. point (0: uden penge)"), min_value=0,
                                          max_value=9999, decimal_places=4, initial=0)

    def clean_length_counts(self) -> str:
        return self.cleaned_data.get("length_counts") or LengthCounts.GAMES

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
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


class PlayerReasonForm(forms.Form):
    """A director's undo for one player (reinstate, absent, present, unregister): who, and why."""
    player = forms.IntegerField(widget=forms.HiddenInput)
    reason = forms.CharField(label=gettext_lazy("Begrundelse"), max_length=500)


class ShownForm(forms.Form):
    """What the director saw: the shown draw's seed (a confirmation or a new draw of another is stale)."""
    seed = forms.IntegerField(widget=forms.HiddenInput)


class ConfirmForm(ShownForm):
    date = forms.DateField(label=gettext_lazy("Spilles den"),
                           widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))


class RoundReasonForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Begrundelse"), max_length=500)


class CloseForm(forms.Form):
    """Closing a round: for each table that has not played the round's length, the director's ruling
    and a reason (``services.round_close``); a round whose tables are complete needs nothing."""

    def __init__(self, *args, short=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.short = list(short)
        for number, done, length in self.short:
            self.fields[f"ruling_{number}"] = forms.ChoiceField(
                label=_("Bord %(t)s (%(done)s af %(length)s)") % {"t": number, "done": done, "length": length},
                choices=[("", "—"), *TableRuling.choices], required=False)
            self.fields[f"reason_{number}"] = forms.CharField(label=gettext_lazy("Begrundelse"), max_length=500,
                                                              required=False)

    def rulings(self) -> dict:
        return {number: (self.cleaned_data.get(f"ruling_{number}", ""), self.cleaned_data.get(f"reason_{number}", ""))
                for number, _done, _length in self.short}

    def tables(self):
        """(table, its ruling field, its reason field) of each unfinished table, for the page."""
        return [(number, self[f"ruling_{number}"], self[f"reason_{number}"]) for number, _d, _l in self.short]


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


def length_words(tournament: Tournament) -> str:
    """The round's length in words: how many, of what, and what counts (docs/tournaments.md, "A round")."""
    n = tournament.round_length
    if tournament.round_length_kind == RoundLength.DEALS:
        length = ngettext("%(n)s spil pr. bord", "%(n)s spil pr. bord", n) % {"n": n}
    else:
        length = ngettext("hver spiller giver %(n)s gang", "hver spiller giver %(n)s gange", n) % {"n": n}
    if tournament.length_counts == LengthCounts.GAMES:
        return _("%(length)s; spillede spil tæller (ikke fejlgivninger, viste hænder og kasserede spil)") % {
            "length": length}
    return _("%(length)s; alle indtastede spil tæller") % {"length": length}


#: The fewest rows of a score sheet: a page's worth, whatever the round's length.
PAPER_ROWS = 20


def paper_rows(tournament: Tournament, seats: int) -> int:
    """The rows of a table's score sheet: the round's length (every player's turns at a table of
    ``seats``) and room for deals that do not count (misdeals, shown hands), a page at least."""
    length = tournament.round_length * (seats if tournament.round_length_kind == RoundLength.DEALER_TURNS else 1)
    return max(min(length, MAX_ROUND_LENGTH) + 4, PAPER_ROWS)


def standings_legend(tournament: Tournament, rows: list[dict]) -> list[tuple[str, str]]:
    """What each column of the standings is, and each mark that stands in them (the page's and the
    PDF's legend under the table): the marks only where a row shows one."""
    placement = tournament.scoring != TournamentScoring.POINTS
    written = families.family(tournament.family).writes_score
    shown = {mark for row in rows for mark in row.get("marks", ())}
    points = (_("hvad bordets afregning giver spilleren i point: i et spil med skreven stilling hans sum minus "
                "hver af de andres ved bordet, to og to") if written
              else _("hvad spilleren vandt eller betalte ved sit bord i point"))
    legend = [(_("Plads"), _("placeringen; ved lighed deles pladsen")),
              (_("R1, R2 …"), _("rundens placeringspoint (%(scheme)s)") % {"scheme": tournament.get_scoring_display()}
               if placement else _("rundens point")),
              (_("I alt"), _("placeringspoint i alt") if placement else _("point i alt")),
              (_("Bordpoint"), points)]
    marks = [("bye", _("fri"), _("oversidder: %(score)s") % {"score": tournament.get_bye_score_display()}),
             ("absent", _("fraværende"), _("meldt fraværende i runden: 0")),
             ("adjusted", _("justeret"), _("bordet blev ikke færdigt; turneringslederen gav alle ved bordet et "
                                          "gennemsnit")),
             ("counted", _("afbrudt"), _("bordet blev ikke færdigt; de spillede spil tæller")),
             ("by_points", "*", _("lige mange placeringspoint: flest bordpoint gik foran"))]
    return legend + [(term, words) for mark, term, words in marks if mark in shown]


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
    shown = next((r for r in rounds if r.state == RoundState.DRAWN), None)
    next_round = len(confirmed) + 1
    absent = set(Absence.objects.filter(tournament=tournament, round=next_round).values_list("player_id", flat=True))
    played = {key for r in confirmed for key in drawn_keys(r.draw)}
    last = confirmed[-1] if confirmed else None
    deletable = (last is not None and last.state == RoundState.PLAYING
                 and not Deal.objects.filter(table__evening_id=last.evening_id).exists())
    return {"tournament": tournament, "club": tournament.club, "rounds": rounds, "shown": shown,
            "entrants": [(e, e.player_id in absent, e.player_id in played) for e in entrants],
            "director": access.can(request.user, tournament.club_id, DIRECTOR),
            "register_form": RegisterForm(),
            "can_draw": shown is None and (last is None or last.state == RoundState.CLOSED)
            and len(confirmed) < tournament.rounds, "next_round": next_round,
            "more_rounds": next_round <= tournament.rounds, "deletable": last if deletable else None,
            "rules_title": rules_title(tournament.rules, tournament.family),
            "unresolved": unresolved_entries(tournament), **extra}


@require_GET
def tournament_detail(request, pk: int):
    tournament = _tournament(request, pk)
    return render(request, "scoring/tournament_detail.html", _detail_context(request, tournament))


def _discarded_note(request, tournament: Tournament, shown_before: int | None) -> None:
    """Say so when a write discarded the draw shown (it was drawn from who was in before)."""
    if shown_before is not None and not tournament.round_set.filter(state=RoundState.DRAWN).exists():
        messages.warning(request, _("Lodtrækningen til runde %(n)s er kasseret, fordi spillerne er ændret; træk "
                                    "den igen.") % {"n": shown_before})


def _shown_number(tournament: Tournament) -> int | None:
    return tournament.round_set.filter(state=RoundState.DRAWN).values_list("number", flat=True).first()


@require_POST
@submissions.once
def tournament_register(request, pk: int):
    tournament = _tournament(request, pk, DIRECTOR)
    form = RegisterForm(request.POST)
    url = reverse("scoring:tournament_detail", args=[tournament.pk])
    if form.is_valid():
        shown = _shown_number(tournament)
        try:
            submissions.write(request, "tournament_register", lambda: services.entrant_register(
                tournament=tournament, name=form.cleaned_data["name"], user=request.user), url=url)
        except services.RecordingError as exc:
            for error in exc.errors:
                form.add_error("name", error.message)
        else:
            messages.success(request, _("%(name)s er tilmeldt.") % {"name": form.cleaned_data["name"]})
            _discarded_note(request, tournament, shown)
            return redirect(url)
    return render(request, "scoring/tournament_detail.html",
                  _detail_context(request, tournament, register_form=form), status=422)


def _field_errors(form: forms.Form) -> list[str]:
    """A form's errors, each naming its field (the page shows them above the players)."""
    return [f"{form.fields[name].label or name}: {e}" if name in form.fields and name != "player" else str(e)
            for name, errors in form.errors.items() for e in errors]


def _service_errors(exc: services.RecordingError, form: forms.Form) -> list[str]:
    return [f"{form.fields[e.field].label}: {e.message}" if e.field in form.fields and form.fields[e.field].label
            else e.message for e in exc.errors]


@require_POST
@submissions.once
def tournament_leave(request, pk: int):
    """Withdraw a player or disqualify him, with a reason."""
    tournament = _tournament(request, pk, DIRECTOR)
    form = LeaveForm(request.POST)
    url = reverse("scoring:tournament_detail", args=[tournament.pk])
    if not form.is_valid():
        return render(request, "scoring/tournament_detail.html",
                      _detail_context(request, tournament, errors=_field_errors(form)), status=422)
    player = get_object_or_404(Player, pk=form.cleaned_data["player"], club=tournament.club)
    shown = _shown_number(tournament)
    try:
        submissions.write(request, "tournament_leave", lambda: services.entrant_leave(
            tournament=tournament, player=player, disqualify=form.cleaned_data["disqualify"],
            reason=form.cleaned_data["reason"], user=request.user), url=url)
    except services.RecordingError as exc:
        return render(request, "scoring/tournament_detail.html",
                      _detail_context(request, tournament, errors=_service_errors(exc, form)), status=422)
    _discarded_note(request, tournament, shown)
    return redirect(url)


#: The undo of each player action: the service and the word the page says when it is done.
PLAYER_ACTIONS = {
    "reinstate": (services.entrant_reinstate, gettext_lazy("%(name)s er med igen fra næste runde.")),
    "absent": (services.absence_set, gettext_lazy("%(name)s er meldt fraværende i næste runde.")),
    "present": (services.absence_clear, gettext_lazy("%(name)s er med i næste runde alligevel.")),
    "unregister": (services.entrant_unregister, gettext_lazy("%(name)s er afmeldt.")),
}


@require_POST
@submissions.once
def tournament_player(request, pk: int, action: str):
    """A player taken back in (reinstated), absent from the next round or present after all, or his
    registration removed: each with a reason, logged (``PLAYER_ACTIONS``)."""
    tournament = _tournament(request, pk, DIRECTOR)
    form = PlayerReasonForm(request.POST)
    url = reverse("scoring:tournament_detail", args=[tournament.pk])
    if not form.is_valid():
        return render(request, "scoring/tournament_detail.html",
                      _detail_context(request, tournament, errors=_field_errors(form)), status=422)
    player = get_object_or_404(Player, pk=form.cleaned_data["player"], club=tournament.club)
    service, done = PLAYER_ACTIONS[action]
    shown = _shown_number(tournament)
    try:
        submissions.write(request, f"tournament_{action}", lambda: service(
            tournament=tournament, player=player, reason=form.cleaned_data["reason"], user=request.user), url=url)
    except services.RecordingError as exc:
        return render(request, "scoring/tournament_detail.html",
                      _detail_context(request, tournament, errors=_service_errors(exc, form)), status=422)
    messages.success(request, done % {"name": identity_of(player).name})
    _discarded_note(request, tournament, shown)
    return redirect(url)


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
    """Draw the next round (shown until it is confirmed; "Træk igen" on the round's page)."""
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
    playing = found.state == RoundState.PLAYING
    progress = {t.number: t for t in table_progress(found)} if found.state != RoundState.DRAWN else {}
    director = access.can(request.user, tournament.club_id, DIRECTOR)
    short = [(t.number, t.done, t.length) for t in progress.values() if not t.complete] if playing else []
    rulings = found.rulings if isinstance(found.rulings, dict) else {}
    ruled = {int(n): (TableRuling(r["ruling"]).label, r["reason"]) for n, r in rulings.items()
             if isinstance(r, dict) and r.get("ruling") in TableRuling.values}
    pending = pending_deals(found) if playing else []
    side = table_family(tournament.family) if families.has_table(tournament.family) else None
    for deal in pending:
        deal.summary = str(side.deal_summary(deal.outcome)) if side is not None else ""
    context = {
        "round_tables": [{"number": number, "seated": seated, "progress": progress.get(number),
                          "ruling": ruled.get(number)} for number, seated in shown.tables],
        "tournament": tournament, "club": tournament.club, "round": found, "tables": shown.tables,
        "byes": shown.byes, "absent": shown.absent, "by_name": shown.by_name(), "director": director,
        "progress": progress, "short": short,
        "confirm_form": ConfirmForm(initial={"seed": found.seed, "date": timezone.localdate()}),
        "close_form": CloseForm(short=short), "reason_form": RoundReasonForm(),
        "deletable": playing and not Deal.objects.filter(table__evening_id=found.evening_id).exists(),
        "pending": pending,
        "length_words": length_words(tournament),
    }
    return {**context, **extra}


@require_GET
def tournament_round(request, pk: int, number: int):
    return render(request, "scoring/tournament_round.html", _round_context(request, _round(request, pk, number)))


def _pdf(template: str, context: dict, filename: str) -> HttpResponse:
    from scoring.reports.pdf import render_html_pdf

    response = HttpResponse(render_html_pdf(template, context), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@require_GET
def tournament_round_pdf(request, pk: int, number: int):
    """The draw on A4: round, tables, seats in dealing order with each player's number."""
    found = _round(request, pk, number)
    return _pdf("scoring/pdf/tournament_round.html", _round_context(request, found),
                f"turnering-{found.tournament_id}-runde-{found.number}.pdf")


@require_GET
def tournament_round_names_pdf(request, pk: int, number: int):
    """Name → table on A4, sorted by name: the list the director pins on the wall."""
    found = _round(request, pk, number)
    return _pdf("scoring/pdf/tournament_names.html", _round_context(request, found),
                f"turnering-{found.tournament_id}-runde-{found.number}-navne.pdf")


@require_GET
def tournament_round_sheets_pdf(request, pk: int, number: int):
    """One A4 score sheet per table (the Selca text's zapisnik handed in after each round): the
    tournament, round and table, the players in dealing order, the first dealer, the round's length,
    the family's columns to fill in, and the signatures."""
    found = _round(request, pk, number)
    context = _round_context(request, found)
    tournament = found.tournament
    engine = families.family(tournament.family)
    side = table_family(tournament.family) if families.has_table(tournament.family) else None
    context["words"] = written_words(tournament.family)
    context["written"] = engine.writes_score        # a written score's sheet: each player's points and running sum
    context["cups"] = [str((side.pot_words if side is not None else {}).get(cup, cup))
                       for cup in engine.cups_of(card_of(tournament))]
    context["sheets"] = [(number, seated, range(paper_rows(tournament, len(seated))))
                         for number, seated in context["tables"]]
    return _pdf("scoring/pdf/tournament_sheets.html", context,
                f"turnering-{found.tournament_id}-runde-{found.number}-ark.pdf")


def _round_for_write(request, pk: int, number: int):
    """The round a director writes to, or None where it is gone (a discarded draw: the page that
    showed it is stale)."""
    tournament = _tournament(request, pk, DIRECTOR)
    found = (TournamentRound.objects.select_related("tournament__club", "evening")
             .filter(tournament=tournament, number=number).first())
    return tournament, found


@require_POST
@submissions.once
def tournament_round_write(request, pk: int, number: int, action: str):
    """Confirm the draw shown, draw it again (each only as the director saw it: its seed), close the
    round (with a ruling on each unfinished table), or delete the last round while nothing is played."""
    tournament, found = _round_for_write(request, pk, number)
    if found is None:
        return render(request, "scoring/tournament_detail.html", _detail_context(request, tournament, errors=[
            _("Lodtrækningen til runde %(n)s er kasseret, siden du så den; træk den igen.") % {"n": number}]),
            status=409)
    url = reverse("scoring:tournament_round", args=[pk, number])
    form, work = _round_work(request, found, action)
    if form is not None and not form.is_valid():
        return _round_refused(request, found, form, _field_errors(form), 422)
    try:
        submissions.write(request, f"tournament_round_{action}", work(form), url=url if action != "delete" else
                          reverse("scoring:tournament_detail", args=[pk]))
    except services.RecordingError as exc:
        found = TournamentRound.objects.select_related("tournament__club", "evening").filter(pk=found.pk).first()
        if found is None:
            return redirect("scoring:tournament_detail", pk=pk)
        return _round_refused(request, found, form, _service_errors(exc, form) if form is not None else _errors(exc),
                              exc.http_status)
    if action == "delete":
        messages.success(request, _("Runde %(n)s er slettet; den kan trækkes igen.") % {"n": number})
        return redirect("scoring:tournament_detail", pk=pk)
    return redirect(url)


def _round_work(request, found: TournamentRound, action: str):
    """The form of ``action`` bound to the request, and the service call it makes."""
    user = request.user
    if action == "confirm":
        return ConfirmForm(request.POST), lambda f: lambda: services.round_confirm(
            round=found, shown_seed=f.cleaned_data["seed"], date=f.cleaned_data["date"], user=user)
    if action == "redraw":
        return ShownForm(request.POST), lambda f: lambda: services.round_redraw(
            round=found, shown_seed=f.cleaned_data["seed"], user=user)
    if action == "close":
        short = short_tables(found) if found.state == RoundState.PLAYING else []
        return CloseForm(request.POST, short=short), lambda f: lambda: services.round_close(
            round=found, rulings=f.rulings(), user=user)
    return RoundReasonForm(request.POST), lambda f: lambda: services.round_delete(
        round=found, reason=f.cleaned_data["reason"], user=user)


@require_POST
@submissions.once
def tournament_pending(request, pk: int, action: str):
    """Keep a deal sent past the round's length (recorded then as its table's next deal) or drop it,
    with a reason (the round's page lists them)."""
    pending = get_object_or_404(PendingDeal.objects.select_related("table__evening"), pk=pk)
    found = get_object_or_404(TournamentRound.objects.select_related("tournament__club", "evening"),
                              evening_id=pending.table.evening_id)
    access.require(request.user, found.tournament.club_id, DIRECTOR)
    form = RoundReasonForm(request.POST)
    if not form.is_valid():
        return _round_refused(request, found, form, _field_errors(form), 422)
    service = {"keep": services.pending_keep, "drop": services.pending_drop}[action]
    url = reverse("scoring:tournament_round", args=[found.tournament_id, found.number])
    try:
        submissions.write(request, f"tournament_pending_{action}", lambda: service(
            pending=pending, reason=form.cleaned_data["reason"], user=request.user), url=url)
    except services.RecordingError as exc:
        return _round_refused(request, found, form, _service_errors(exc, form), exc.http_status)
    return redirect(url)


def _round_refused(request, found: TournamentRound, form, errors: list[str], status: int):
    extra = {"errors": errors}
    if isinstance(form, CloseForm) and found.state == RoundState.PLAYING:
        # the rulings as typed, beside their tables, under the refusal
        extra["close_form"] = CloseForm(request.POST, short=short_tables(found))
        extra["close_form"].is_valid()
    return render(request, "scoring/tournament_round.html", _round_context(request, found, **extra), status=status)


def _standings_rows(tournament: Tournament, until: int | None = None) -> tuple[list[dict], int]:
    statuses = dict(EntrantStatus.choices)
    rows, rounds = [], 0
    for row in tournament_standings(tournament, until):
        cells = {"rank": row.rank, "by_points": row.by_points, "name": row.name, "player_id": row.player_id,
                 "score": row.score, "points": row.points,
                 "status": "" if row.status == EntrantStatus.ACTIVE else str(statuses[row.status]),
                 "marks": {"by_points"} if row.by_points else set()}
        for number, result in row.rounds.items():
            rounds = max(rounds, number)
            cells[f"round_{number}"] = result_cell(result)
            cells["marks"] |= {mark for mark, on in (("bye", result.bye), ("absent", result.absent),
                                                     (result.ruling, bool(result.ruling))) if on}
        rows.append(cells)
    return rows, rounds


def result_cell(result):
    """A round's cell: the score, or a word for a bye, an absence or an unfinished table's ruling."""
    if result.bye:
        return _("fri (%(score)s)") % {"score": format_score(result.score)}
    if result.absent:
        return _("fraværende (%(score)s)") % {"score": format_score(result.score)}
    if result.ruling == TableRuling.ADJUSTED:
        return _("%(score)s justeret") % {"score": format_score(result.score)}
    if result.ruling == TableRuling.COUNTED:
        return _("%(score)s afbrudt") % {"score": format_score(result.score)}
    return result.score


def _text(cell) -> str:
    if cell is None or cell == "":
        return "–"
    return cell if isinstance(cell, str) else format_score(cell)


def standings_lines(rows: list[dict], rounds: int) -> tuple[str, list[tuple]]:
    """The standings PDF's lines: the rounds of a player as one line of fixed-width text (every
    round's column as wide as its widest cell), so that a PDF of 200 players over 30 rounds lays out
    a few cells a player instead of one a round (docs/performance.md); and the rounds' heading."""
    heads = [_("R%(n)s") % {"n": n} for n in range(1, rounds + 1)]
    cells = [[_text(row.get(f"round_{n}")) for n in range(1, rounds + 1)] for row in rows]
    widths = [max([len(heads[i]), *(len(line[i]) for line in cells)]) for i in range(rounds)]

    def joined(values) -> str:
        return "  ".join(value.rjust(width) for value, width in zip(values, widths))

    lines = [(f"{row['rank']}{'*' if row['by_points'] else ''}" if row["rank"] else "–", row["name"], row["status"],
              joined(line), format_score(row["score"]), row["points"]) for row, line in zip(rows, cells)]
    return joined(heads), lines


def _until(request, tournament: Tournament) -> int | None:
    """The round the standings are asked after (``?round=N``), None for every round; a bad value 404s."""
    text = request.GET.get("round", "")
    if not text:
        return None
    try:
        number = int(text)
    except ValueError:
        raise Http404("round") from None
    if not 1 <= number <= tournament.rounds:
        raise Http404("round")
    return number


def _standings_table(tournament: Tournament, rows: list[dict], rounds: int, export: bool = False):
    # the page leaves out a status column nobody has (an export keeps its columns whatever the rows)
    quiet = () if export or any(row["status"] for row in rows) else ("status",)
    return tournament_standings_table(rows, rounds, scheme=tournament.scoring, export=export, exclude=quiet)


@require_GET
def tournament_standings_view(request, pk: int):
    tournament = _tournament(request, pk)
    until = _until(request, tournament)
    rows, rounds = _standings_rows(tournament, until)
    fmt = request.GET.get("_export")
    if fmt in ("csv", "xlsx"):    # no legend beside an export: its headings say all
        return SpreadsheetExport(fmt, _standings_table(tournament, rows, rounds, export=True)).response(
            f"turnering-{tournament.pk}.{fmt}")
    table = _standings_table(tournament, rows, rounds)
    paging.configure(request, table, per_page=100)
    live = tournament.round_set.filter(state=RoundState.PLAYING).first()
    played = list(tournament.round_set.exclude(state=RoundState.DRAWN).order_by("number").values_list(
        "number", flat=True))
    return render(request, "scoring/tournament_standings.html", {
        "tournament": tournament, "club": tournament.club, "table": table,
        "live": live if until is None or (live is not None and live.number <= until) else None,
        "until": until, "played": played, "legend": standings_legend(tournament, rows),
        "rules_title": rules_title(tournament.rules, tournament.family)})


@require_GET
def tournament_standings_pdf(request, pk: int):
    tournament = _tournament(request, pk)
    until = _until(request, tournament)
    rows, rounds = _standings_rows(tournament, until)
    table = tournament_standings_table(rows, rounds, scheme=tournament.scoring)    # the headings: every column
    return _pdf("scoring/pdf/tournament_standings.html", {
        "tournament": tournament, "club": tournament.club, "until": until,
        "header": {column.name: str(column.header) for column in table.columns},
        "lines": standings_lines(rows, rounds), "legend": standings_legend(tournament, rows),
        "rules_title": rules_title(tournament.rules, tournament.family)}, f"turnering-{tournament.pk}-stilling.pdf")
