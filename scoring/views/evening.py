"""Evening pages: the list, a new evening or table, closing, the PDF and export (import: ``imports``).

Thin views (docs/architecture.md habit 5): parse the request, call one service, render. Every amount shown
comes from ``selectors.evening_summary`` (points from the stored journal, money from
``money.kroner``); services raise ``RecordingError`` and the page shows each of its messages with
status 422, nothing saved.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from django import forms
from django.contrib import messages
from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from scoring import access, services
from scoring.table import submissions
from scoring.engine import bounds, families
from scoring.engine.money import evening_kroner
from scoring.forms import SeatingForm, seat_counts
from scoring.language import page_language
from scoring.models import Club, Deal, Evening, Player, Role, RoundState, Table, TournamentRound
from scoring.currency import format_money, format_rate
from scoring.outbox_sender import pdf_name
from scoring.reports.pdf import render_evening_pdf
from scoring.selectors import (
    EveningSummary, evening_summary, same_open_evening, table_to_evening_file
)
from scoring.selectors import live_tables
from scoring.selectors.members import identity_of, member_names
from scoring.selectors.payments import shown_payment, state_of, states_by_payment
from scoring.selectors.standings import family_title, table_side

from . import live
from .evening_tables import evening_tables, table_block
from .outbox import mail_context


def _evening(request, pk: int, role: str = Role.MEMBER) -> Evening:
    evening = get_object_or_404(Evening.objects.select_related("club"), pk=pk)
    access.require(request.user, evening.club_id, role)
    return evening


def _writable_clubs(user) -> list[Club]:
    return [c for c in access.visible_clubs(user) if access.can(user, c, Role.SCOREKEEPER)]


def _chosen_club(request, clubs: list[Club]) -> Club:
    """The club picked in the form (POST) or by the club switcher (GET); else the first one."""
    wanted = request.POST.get("club") or request.GET.get("club")
    chosen = next((c for c in clubs if str(c.pk) == str(wanted)), None)
    if chosen is None and wanted and request.method == "POST":
        # a write naming a club this user may not write is refused, never redirected into another
        # club (one club's data is never another's)
        if any(str(c.pk) == str(wanted) for c in access.visible_clubs(request.user)):
            raise PermissionDenied
        raise Http404
    return chosen or clubs[0]


@dataclass(frozen=True)
class FamilyMoney:
    """One game family's part of the evening's money: its players' totals and who pays whom among
    them (a mixed evening settles each family on its own). ``totals`` are (player, points, money,
    table number); ``lines`` the same with the money points after the points: a written score's
    money is the pairwise differences of its tables' totals (``written``), a payment family's its
    points."""
    name: str
    label: str
    totals: list
    payments: list
    several_tables: bool
    written: bool = False
    lines: list = ()


def _money_groups(summary: EveningSummary, lang: str, *, preview: bool = False,
                  states: dict | None = None) -> list[FamilyMoney]:
    """Each family's money of the evening. With ``preview`` (the close page of an open evening) a
    written-score family's money is settled as closing would settle it (``money.evening_kroner``
    at today's rate, the fewest payments); a family with cups is not, its split comes first. Each
    payment is (payment, its amount in words, its ``TransferState`` from ``states`` — of a closed
    evening, ``payments.states_by_payment`` — or None)."""
    table_of = {p: s.table.number for s in summary.sheets for p in s.players}
    states = {key: list(found) for key, found in (states or {}).items()}
    # the money is settled by the names the players sat down with; the page writes their names now
    now = {p: n for s in summary.sheets for p, n in zip(s.players, s.shown)}
    groups = []
    for g in summary.families:
        money = dict(g.money)
        amounts, payments = {p: k for p, _t, k in g.totals}, g.payments
        if preview and g.written and g.money and sum(money.values()) == 0:
            amounts, payments = evening_kroner(g.money, summary.kroner_per_point, settled=True)
        lines = [(now.get(p, p), t, money.get(p, t), format_money(amounts[p], summary.currency, lang), table_of.get(p))
                 for p, t, _k in g.totals]
        shown = [shown_payment(p, now) for p in payments]
        groups.append(FamilyMoney(
            g.name, family_title(g.name), [(p, t, kr, number) for p, t, _m, kr, number in lines],
            [(p, format_money(p.kroner, summary.currency, lang), state_of(states, g.name, recorded, p))
             for recorded, p in zip(payments, shown)],
            len(g.sheets) > 1, g.written, lines))
    return groups


def _money_context(summary: EveningSummary, lang: str, states: dict | None = None) -> dict:
    groups = _money_groups(summary, lang, states=states)
    return {
        "totals": [line for g in groups for line in g.totals],
        "payments": [line for g in groups for line in g.payments],
        "several_tables": len(summary.sheets) > 1,
        "money_groups": groups,
        "mixed": summary.mixed,
        "has_pots": summary.pots,
    }


# Pages -------------------------------------------------------------------------------------------

@require_GET
def home(request):
    clubs = list(access.visible_clubs(request.user))
    evenings = (Evening.objects.filter(club__in=clubs).select_related("club")
                .prefetch_related("tables__seats__player__merged_into").order_by("-date", "-id")[:50])
    return render(request, "scoring/home.html", {
        "evenings": evenings, "clubs": clubs, "can_create": bool(_writable_clubs(request.user)),
    })


def rule_set_choices(club: Club) -> list[tuple[str, list[tuple[str, str]]]]:
    """The rule sets a new table may be played with, grouped by game family (its label): each
    family's built-in cards (``rules:NAME``) and the club's own cards of that family (``card:PK``).
    Only a family with a table side (a deal form and sheet, ``table_families``) can be played."""
    own = list(club.rate_cards.all())
    groups = []
    for family in playable_families():
        options = [(f"rules:{name}", card.title) for name, card in family.rate_cards.items()]
        options += [(f"card:{c.pk}", c.card().title) for c in own if c.family == family.name]
        groups.append((family_title(family.name), options))
    return groups


def playable_families() -> list[families.Family]:
    """The engine's families that have a table side to record them with, in the app's order."""
    return [f for f in families.families() if table_side(f.name) is not None]


def club_rule_set(club: Club) -> str:
    """The club's own card as a choice of ``rule_set_choices``: the default of a new table."""
    return f"card:{club.default_card_id}" if club.default_card_id else f"rules:{club.rules}"


class TableSeatingForm(SeatingForm):
    """A new table: the seats (``SeatingForm``) and the game it plays (``rules``: a built-in card of
    any family or one of the club's own cards, default the club's card). The family decides how
    many may sit (``Family.players``: Danish 3–5, Karlsruhe 4–5); another number is refused naming
    the seats and the game, nothing written."""

    def __init__(self, members: list[str], data=None, *, club: Club, **kwargs):
        # as many seats as the largest table of any family that can be played
        seats = {n for f in playable_families() for n in f.players}
        super().__init__(members, data, seats=seats, **kwargs)
        self.club = club
        # not required: a form sent without it (an older page) plays the club's card
        self.fields["rules"] = forms.ChoiceField(label=_("Spil og takstkort"), choices=rule_set_choices(club),
                                                 initial=club_rule_set(club), required=False)
        self.order_fields(["date", "rules"])

    def chosen(self) -> tuple[families.Family, dict]:
        """The chosen game family and the keyword ``services.table_create`` takes (``rules`` or ``card``)."""
        kind, _sep, value = (self.cleaned_data.get("rules") or club_rule_set(self.club)).partition(":")
        if kind == "card":
            own = self.club.rate_cards.get(pk=int(value))
            return families.family(own.family), {"card": own.card()}
        return families.family_of_rules(value), {"rules": value}

    def chosen_card(self) -> tuple[families.Family, object]:
        """The chosen game family and its card (a built-in one or the club's own)."""
        family, kwargs = self.chosen()
        return family, kwargs["card"] if "card" in kwargs else family.rate_card(kwargs["rules"])

    def clean(self):
        """The seats the chosen card allows (``Family.seats``: the older Danish book and the old German
        cards seat three or four, where their family seats five), refused at the game's field in
        words that name the game and its card, before the service would refuse it."""
        data = super().clean()
        if "rules" not in data:
            return data
        family, card = self.chosen_card()
        names = data.get("names", [])
        seats = family.seats(card)
        if len(names) not in seats:
            generic = self.count_message   # SeatingForm's, replaced by the game's own
            errors = self._errors.get(NON_FIELD_ERRORS) if self._errors else None
            if errors:
                kept = [e for e in errors.as_data() if generic not in e.messages]
                if kept:
                    self._errors[NON_FIELD_ERRORS] = self.error_class(kept, error_class="nonfield")
                else:
                    del self._errors[NON_FIELD_ERRORS]
            self.add_error("rules", _("%(game)s spilles af %(counts)s spillere ved bordet; der er valgt %(n)s.")
                           % {"game": game_title(family, card), "counts": seat_counts(seats), "n": len(names)})
        return data

    def seat_rules(self) -> list[tuple[str, str]]:
        """How many may sit at a table of each game, shown under the picker: each family by its name
        with the seats of its default card, then any of its cards (the club's own too) that seats
        otherwise by their titles ("Ældre dansk regelbog, Taroc 1754, Grosstarock: 3–4")."""
        own = list(self.club.rate_cards.all())
        rules = []
        for family in playable_families():
            cards = [*family.rate_cards.values(), *(c.card() for c in own if c.family == family.name)]
            usual = family.seats(family.default_card)
            rules.append((family_title(family.name), seat_counts(usual)))
            other: dict[tuple[int, ...], list[str]] = {}
            for card in cards:
                if family.seats(card) != usual:
                    other.setdefault(family.seats(card), []).append(card.title.split(" (")[0])
            rules += [(", ".join(titles), seat_counts(seats)) for seats, titles in other.items()]
        return rules


def game_title(family: families.Family, card) -> str:
    """A game as the seating form names it: the family's name, and the card's title where the
    family has more than one ("Dansk tarok · Ældre dansk regelbog"; "Tarock (Karlsruhe)")."""
    if len(family.rate_cards) == 1 and card.name in family.rate_cards:
        return family_title(family.name)
    return f"{family_title(family.name)} · {card.title.split(' (')[0]}"


def _seating_form(members: list[str], data=None, *, club: Club, **kwargs) -> TableSeatingForm:
    form = TableSeatingForm(members, data, club=club, known=list(club.players.values_list("name", flat=True)),
                            **kwargs)
    for i in range(1, form.seats[-1] + 1):
        form.fields[f"new_{i}"].widget.attrs.update(
            {"placeholder": _("ny spiller"), "autocomplete": "off", "autocapitalize": "words"})
    return form


def _seating_status(request, form: SeatingForm) -> int:
    """302 for a valid seating to write; 200 for a page or a "Mente du Bent?" question (a valid
    form with a typed name near a member's: asked before anything is written, the form shown again
    with a new submission key); 422 for a form with errors."""
    if request.method != "POST":
        return 200
    if not form.is_valid():
        return 422
    return 200 if form.questions else 302


def _seat_players(club: Club, names: list[str]):
    """The players in seat order; new ones are created in name order, so that two phones seating
    the same new players at once take their locks in one order."""
    made = {name: identity_of(services.player_get_or_create(club=club, name=name)) for name in sorted(names)}
    return [made[name] for name in names]


def _table_url(table: Table) -> str:
    return reverse("scoring:table_detail", args=[table.pk])


@require_http_methods(["GET", "POST"])
@submissions.once
def evening_new(request):
    clubs = _writable_clubs(request.user)
    if not clubs:
        return render(request, "scoring/message.html", {"message": _("Du kan ikke oprette aftener.")}, status=403)
    club = _chosen_club(request, clubs)
    members = member_names(club)   # neither merged into another player nor retired
    # An ISO string: <input type="date"> shows nothing for a localised date such as 22.11.2026.
    form = _seating_form(members, request.POST or None, club=club, with_date=True,
                         initial={"date": timezone.localdate().isoformat()})
    status = _seating_status(request, form)
    same = None   # an open evening of the same date and players this user just created: asked first
    if status == 302 and request.POST.get("duplicate") != "confirmed" and request.user.is_authenticated:
        same = same_open_evening(club, form.cleaned_data["date"], form.cleaned_data["names"], request.user)
        status = 200 if same is not None else 302
    if status == 302:   # valid, and no "Mente du Bent?" or "already open" left to answer
        def work():  # the evening, new players and the first table, or nothing
            evening = services.evening_create(club=club, date=form.cleaned_data["date"], user=request.user)
            return services.table_create(evening=evening, players=_seat_players(club, form.cleaned_data["names"]),
                                         user=request.user, **form.chosen()[1])
        try:
            table = submissions.write(request, "evening_new", work, url=_table_url)
        except services.RecordingError as exc:
            for error in exc.errors:
                form.add_error(None, str(error))
            status = exc.http_status
        else:
            return redirect("scoring:table_detail", pk=table.pk)
    return render(request, "scoring/evening_new.html",
                  {"form": form, "clubs": clubs, "club": club, "members": members, "same": same,
                   "today": timezone.localdate()}, status=status)


@require_GET
def evening_detail(request, pk: int):
    evening = _evening(request, pk)
    etag = "" if evening.is_closed else live.page_etag(request, evening_pk=evening.pk)   # before the read
    tables, summary = evening_tables(evening)
    states = states_by_payment(evening) if evening.is_closed else {}
    in_round = TournamentRound.objects.filter(evening=evening).select_related("tournament").first()
    return render(request, "scoring/evening_detail.html", {
        # a tournament's round: named by it, closed with it, and without money lines when it plays for none
        "in_round": in_round, "no_money": in_round is not None and not evening.rate,
        "evening": evening, "summary": summary, "tables": tables, "blocks": [t.block for t in tables],
        "live_etag": etag,
        "rate_text": format_rate(summary.kroner_per_point, summary.currency, page_language()),
        "can_record": not evening.is_closed and access.can(request.user, evening.club_id, Role.SCOREKEEPER),
        "can_admin": access.can(request.user, evening.club_id, Role.ADMIN),
        **_money_context(summary, page_language(), states),
        **mail_context(request, evening),
        "my_players": _my_players(request.user, evening.club_id),
        "can_mark_any": access.can(request.user, evening.club_id, Role.SCOREKEEPER),
    })


def _my_players(user, club_id: int) -> set[int]:
    """The players of the club the login speaks for (``Player.user``): he may mark their transfers."""
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(Player.objects.filter(club_id=club_id, user=user).values_list("pk", flat=True))


def _refuse_closed(request, evening: Evening, message: str):
    """A closed evening is read-only: say so on the evening page; nothing is written."""
    messages.error(request, message)
    return redirect("scoring:evening_detail", pk=evening.pk)


@require_http_methods(["GET", "POST"])
@submissions.once
def table_new(request, pk: int):
    evening = _evening(request, pk, Role.SCOREKEEPER)
    if evening.is_closed:
        return _refuse_closed(request, evening, _("Aftenen er lukket; der kan ikke sættes flere borde op."))
    members = member_names(evening.club)
    form = _seating_form(members, request.POST or None, club=evening.club)
    status = _seating_status(request, form)
    if status == 302:
        try:
            table = submissions.write(request, "table_new", lambda: services.table_create(  # new players and the table
                evening=evening, players=_seat_players(evening.club, form.cleaned_data["names"]), user=request.user,
                **form.chosen()[1]), url=_table_url)
        except services.RecordingError as exc:
            for error in exc.errors:
                form.add_error(None, str(error))
            status = exc.http_status
        else:
            return redirect("scoring:table_detail", pk=table.pk)
    return render(request, "scoring/table_new.html", {"form": form, "evening": evening, "members": members},
                  status=status)


@require_http_methods(["GET", "POST"])
@submissions.once
def evening_close(request, pk: int):
    """GET: the confirmation step (what closing does, the cups and totals now and after the split);
    POST: close through ``services.evening_close``."""
    evening = _evening(request, pk, Role.SCOREKEEPER)
    if evening.is_closed:
        return _refuse_closed(request, evening, _("Aftenen er allerede lukket."))
    playing = TournamentRound.objects.filter(evening=evening, state=RoundState.PLAYING).select_related(
        "tournament").first()
    if playing is not None:   # the round's evening closes with the round (services.evening_close refuses too)
        return _refuse_closed(request, evening, _("Aftenen er runde %(n)s af %(name)s; den lukkes, når "
                                                  "turneringslederen afslutter runden.") % {
            "n": playing.number, "name": playing.tournament.name})
    if request.method == "POST":
        try:
            submissions.write(request, "evening_close", lambda: services.evening_close(evening=evening, user=request.user),
                              url=reverse("scoring:evening_detail", args=[evening.pk]))
        except services.RecordingError as exc:
            for error in exc.errors:
                messages.error(request, str(error))
        else:
            # a table's card may play without cups (docs/rules/grosstarock.md §1): only its cups are shared
            cups = any(families.family(t.family).cups_of(t.card) for t in evening.tables.all())
            messages.success(request, _("Aftenen er lukket, og kopperne er delt.") if cups else _("Aftenen er lukket."))
        return redirect("scoring:evening_detail", pk=evening.pk)
    summary = evening_summary(evening)
    now = timezone.now()
    quiet, empty = live_tables.idle_tables(live_tables.table_statuses(evening, [sheet.table for sheet in summary.sheets]), now)
    return render(request, "scoring/evening_close.html", {
        "evening": evening, "summary": summary, "empty_tables": empty,
        # named before closing: a table that has stopped may not have recorded its last deals
        "quiet_tables": [(s, int(s.idle_for(now).total_seconds() // 60)) for s in quiet],
        "blocks": [table_block(s, preview_split=True) for s in summary.sheets],
        "mixed": summary.mixed, "has_pots": summary.pots,
        # what closing does with each family's cups, in the family's words (those with cups at a table)
        "split_words": list(dict.fromkeys(
            str(side.split_words) for s in summary.sheets
            if s.pots and (side := table_side(s.family.name)) is not None and side.split_words)),
        # a written score's money as closing will settle it (a family with cups: after its split)
        "money_groups": [g for g in _money_groups(summary, page_language(), preview=True) if g.written],
        "rate_text": format_rate(summary.kroner_per_point, summary.currency, page_language()),
        "several_tables": len(summary.sheets) > 1,
    })


@require_GET
def evening_pdf(request, pk: int):
    evening = _evening(request, pk)
    deals = Deal.objects.filter(table__evening=evening, current=True).count()
    if deals > bounds.MAX_DEALS_PER_EVENING:   # stored before the bound: readable, but no PDF
        return render(request, "scoring/message.html", {"message": _(
            "Aftenen har %(n)s spil; en PDF laves for højst %(max)s spil pr. aften.")
            % {"n": deals, "max": bounds.MAX_DEALS_PER_EVENING}}, status=413)
    response = HttpResponse(render_evening_pdf(evening), content_type="application/pdf")
    # ?download: saved as a file ("Del" where the browser cannot share it), else shown in the browser
    disposition = "attachment" if "download" in request.GET else "inline"
    response["Content-Disposition"] = f'{disposition}; filename="{pdf_name(evening)}"'
    return response


@require_GET
def table_export(request, pk: int):
    table = get_object_or_404(Table.objects.select_related("evening"), pk=pk)
    access.require(request.user, table.evening.club_id, Role.MEMBER)
    body = json.dumps(table_to_evening_file(table), ensure_ascii=False, indent=1) + "\n"
    response = HttpResponse(body.encode("utf-8"), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="tarok-{table.evening.date:%Y-%m-%d}-bord-{table.number}.json"')
    return response
