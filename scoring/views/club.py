"""Club administration (club admins): players, seasons, reopening a closed evening; and the audit
trail pages every member may read."""
from __future__ import annotations

import json
import re

from django import forms
from django.conf import settings
from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _, gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import access, lockouts, services
from scoring.table import submissions
from scoring.language import club_default_reaches
from scoring.currency import format_money
from scoring.engine.money import from_cents
from scoring.engine import families
from scoring.engine import names as player_names
from scoring.forms import NameQuestion, ReasonForm, name_field
from scoring.models import Club, Evening, EveningEvent, EveningEventKind, Role, Season
from scoring.selectors.members import identity_of, shown_words
from scoring.selectors.sheets import table_names_now
from scoring.selectors.payments import transfer_states
from scoring.selectors.season import season_counts, unsettled
from scoring.table_families import card_form, same_words, table_family


class PlayerForm(forms.Form):
    name = name_field(label=gettext_lazy("Navn"))


class ClubLanguageForm(forms.Form):
    language = forms.ChoiceField(label=gettext_lazy("Klubbens sprog"), choices=(),
                                 help_text=gettext_lazy("Det sprog, klubbens medlemmer ser, indtil de selv vælger et."))

    def __init__(self, *args, **kwargs):
        from django.conf import settings
        super().__init__(*args, **kwargs)
        # each language in its own name, as the picker shows it
        self.fields["language"].choices = list(settings.LANGUAGES)


class SeasonForm(forms.Form):
    """A season's name and dates (both required: its evenings are those of its dates); the service
    refuses an overlap with another season at the field whose date lies in it."""
    name = forms.CharField(label=gettext_lazy("Navn"), max_length=Season._meta.get_field("name").max_length)
    starts = forms.DateField(label=gettext_lazy("Starter"), widget=forms.DateInput(attrs={"type": "date"}))
    ends = forms.DateField(label=gettext_lazy("Slutter"), widget=forms.DateInput(attrs={"type": "date"}))

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
@submissions.once
def club_players(request, pk: int):
    club = _club(request, pk, Role.ADMIN)
    form = PlayerForm(request.POST or None)
    question = None   # "Mente du Bent?" for a name near a player's: asked before anything is written
    if request.method == "POST" and form.is_valid():
        name = form.cleaned_data["name"]   # tidied by the name field: "bent " is "bent"
        found = player_names.match(name, club.players.order_by("pk").values_list("name", flat=True))
        if found.exact is not None:          # "bent", "BENT", "Bént" are the player Bent (names.fold)
            form.add_error("name", _("Der er allerede en spiller med det navn.") + f" ({found.exact})")
        elif found.near and request.POST.get("answer") != "new":
            question = NameQuestion(0, name, found.near)
        else:
            try:
                submissions.write(request, "player_new", lambda: services.player_get_or_create(club=club, name=name),
                                  url=reverse("scoring:club_players", args=[club.pk]))
            except services.RecordingError as exc:
                form.add_error("name", str(exc))
            else:
                messages.success(request, _("%(name)s er tilføjet.") % {"name": name})
                return redirect("scoring:club_players", pk=club.pk)
    status = 422 if request.method == "POST" and question is None else 200
    return render(request, "scoring/club_players.html",
                  {"club": club, "form": form, "players": club.players.filter(merged_into__isnull=True).order_by("name"),
                   "question": question},
                  status=status)


@require_http_methods(["GET", "POST"])
@submissions.once
def club_lockouts(request, pk: int):
    """The club's members locked out of logging in (django-axes), each with a button that clears
    it; another club's user is not found here (404), whatever the form names."""
    club = _club(request, pk, Role.ADMIN)
    if request.method == "POST":
        username = request.POST.get("username", "")
        if not lockouts.is_member(club, username):
            raise Http404
        url = reverse("scoring:club_lockouts", args=[club.pk])
        removed = submissions.write(request, "lockout_clear", lambda: services.lockout_clear(
            club=club, username=username, user=request.user), url=url)
        if removed:
            messages.success(request, _("%(user)s kan logge ind igen.") % {"user": username})
        else:
            messages.info(request, _("%(user)s var ikke låst ude.") % {"user": username})
        return redirect(url)
    return render(request, "scoring/club_lockouts.html", {
        "club": club, "lockouts": lockouts.current(club), "events": club.events.select_related("user", "player__merged_into")[:20],
        "limit": settings.AXES_FAILURE_LIMIT, "minutes": int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)})


def club_language(request, pk: int):
    """A club admin sets the club's default language (``Club.language``)."""
    club = _club(request, pk, Role.ADMIN)
    form = ClubLanguageForm(request.POST or None, initial={"language": club.language})
    if request.method == "POST" and form.is_valid():
        language = form.cleaned_data["language"]
        try:
            submissions.write(request, "club_language", lambda: services.club_language_set(club=club, language=language),
                              url=reverse("scoring:club_language", args=[club.pk]))
        except services.RecordingError as exc:
            form.add_error("language", exc.errors[0].message)
        else:
            language_now = club_default_reaches(request, language)
            with translation.override(language_now):
                messages.success(request, _("Klubbens sprog er gemt."))
            return redirect("scoring:club_language", pk=club.pk)
    status = 422 if request.method == "POST" else 200
    return render(request, "scoring/club_language.html", {"club": club, "form": form}, status=status)


def _season_write(request, form: SeasonForm, action: str, work, url: str) -> bool:
    """A keyed write of a season's form through its service; its refusal at the field it names."""
    try:
        submissions.write(request, action, work, url=url)
    except services.RecordingError as exc:
        for error in exc.errors:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        return False
    return True


@require_http_methods(["GET", "POST"])
@submissions.once
def club_seasons(request, pk: int):
    """The club's seasons, each with its dates and its evenings; a new season; what the dates alone
    do not settle (seasons without dates, overlapping ones, evenings set to a season by hand), for
    the admin to settle."""
    club = _club(request, pk, Role.ADMIN)
    form = SeasonForm(request.POST or None)
    url = reverse("scoring:club_seasons", args=[club.pk])
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if _season_write(request, form, "season_new", lambda: services.season_create(
                club=club, name=data["name"], starts=data["starts"], ends=data["ends"]), url):
            messages.success(request, _("Sæsonen er oprettet."))
            return redirect(url)
    status = 422 if request.method == "POST" else 200
    seasons = list(club.seasons.all())
    counts = season_counts(club, seasons)
    return render(request, "scoring/club_seasons.html",
                  {"club": club, "form": form, "seasons": [(s, counts[s.pk]) for s in seasons],
                   "unsettled": unsettled(club)}, status=status)


@require_http_methods(["GET", "POST"])
@submissions.once
def club_season_edit(request, pk: int, season: int):
    """One season's name and dates: a season kept without dates is given them here."""
    club = _club(request, pk, Role.ADMIN)
    found = get_object_or_404(Season, pk=season, club=club)
    form = SeasonForm(request.POST or None, initial={"name": found.name, "starts": found.starts, "ends": found.ends})
    url = reverse("scoring:club_seasons", args=[club.pk])
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if _season_write(request, form, "season_edit", lambda: services.season_dates_set(
                season=found, name=data["name"], starts=data["starts"], ends=data["ends"]), url):
            messages.success(request, _("Sæsonen er gemt."))
            return redirect(url)
    status = 422 if request.method == "POST" else 200
    return render(request, "scoring/club_season_edit.html", {"club": club, "season": found, "form": form},
                  status=status)


@require_POST
@submissions.once
def evening_season_by_date(request, pk: int):
    """An evening set to a season by hand goes to the season of its date."""
    evening = get_object_or_404(Evening.objects.select_related("club"), pk=pk)
    access.require(request.user, evening.club_id, Role.ADMIN)
    url = reverse("scoring:club_seasons", args=[evening.club_id])
    submissions.write(request, "evening_season", lambda: services.evening_season_by_date(
        evening=evening, user=request.user), url=url)
    messages.success(request, _("Aftenen den %(date)s hører nu til sæsonen efter sin dato.")
                     % {"date": date_format(evening.date, "SHORT_DATE_FORMAT")})
    return redirect(url)


@require_http_methods(["GET", "POST"])
@submissions.once
def evening_reopen(request, pk: int):
    evening = get_object_or_404(Evening.objects.select_related("club"), pk=pk)
    access.require(request.user, evening.club_id, Role.ADMIN)
    form = ReasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            submissions.write(request, "evening_reopen", lambda: services.evening_reopen(
                evening=evening, user=request.user, reason=form.cleaned_data["reason"]),
                url=reverse("scoring:evening_detail", args=[evening.pk]))
        except services.RecordingError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Aftenen er genåbnet."))
            return redirect("scoring:evening_detail", pk=evening.pk)
    status = 422 if request.method == "POST" else 200
    return render(request, "scoring/reason_form.html", {
        "title": _("Genåbn aftenen"), "object": evening, "form": form,
        "explain": _("Delingen af kopperne tilbageføres, og aftenen kan rettes igen. Genåbningen logges.")
        if any(families.family(t.family).cups_of(t.card) for t in evening.tables.all())
        else _("Aftenens afslutning tilbageføres, og aftenen kan rettes igen. Genåbningen logges."),
        # what is paid of the evening's transfers: the payments stay, and after the next close
        # only the difference is outstanding (docs/money.md, "Payments")
        "paid": [s for s in transfer_states(evening) if s.paid],
    }, status=status)


def _event_line(event: EveningEvent) -> dict:
    """One event of the evening log in the user's language: what happened, and its details."""
    kind, deal, table = event.kind, event.deal, event.table
    n, t = (deal.number if deal else None), (table.number if table else None)
    details: list[str] = []
    if kind == EveningEventKind.CREATED:
        text = _("Aften oprettet")
    elif kind == EveningEventKind.TABLE_CREATED:
        text = _("Bord %(t)s oprettet") % {"t": t}
        details.append(", ".join(identity_of(seat.player).name for seat in table.seats.all()))
    elif kind == EveningEventKind.DEAL_RECORDED:
        text = _("Spil %(n)s gemt ved bord %(t)s") % {"n": n, "t": t} if t else _("Spil %(n)s gemt") % {"n": n}
        details += shown_words((table_family((table or deal.table).family).deal_summary(deal.outcome),),
                               table_names_now(table or deal.table))
    elif kind == EveningEventKind.DEAL_CORRECTED:
        text = _("Spil %(n)s rettet ved bord %(t)s") % {"n": n, "t": t} if t else _("Spil %(n)s rettet") % {"n": n}
        if deal is not None and deal.replaces is not None:
            details += (shown_words(table_family((table or deal.table).family).deal_changes(
                deal.replaces.outcome, deal.outcome), table_names_now(table or deal.table))
                        or [_("ingen ændring i spillet")])
        if event.count:
            details.append(ngettext("%(n)s senere spil genberegnet", "%(n)s senere spil genberegnet", event.count)
                           % {"n": event.count})
    elif kind == EveningEventKind.DEAL_VOIDED:
        text = _("Spil %(n)s annulleret ved bord %(t)s") % {"n": n, "t": t} if t else _("Spil %(n)s annulleret") % {"n": n}
        if event.count:   # voiding an earlier deal settles the later ones again
            details.append(ngettext("%(n)s senere spil genberegnet", "%(n)s senere spil genberegnet", event.count)
                           % {"n": event.count})
    elif kind == EveningEventKind.IMPORTED:
        text = ngettext("Bord %(t)s importeret med %(n)s spil", "Bord %(t)s importeret med %(n)s spil",
                        event.count or 0) % {"t": t, "n": event.count or 0}
    elif kind in PAYMENT_WORDS:
        words = _("%(payer)s betaler %(receiver)s %(kroner)s") % {
            "payer": identity_of(event.payer).name if event.payer else "—",
            "receiver": identity_of(event.receiver).name if event.receiver else "—",
            "kroner": format_money(from_cents(event.amount or 0), event.evening.money_currency)}
        text = f"{PAYMENT_WORDS[kind]()}: {words}"
        paid = event if kind == EveningEventKind.PAID else event.mark
        if paid is not None:
            details.append(_("betalt med %(how)s, markeret %(when)s af %(who)s") % {
                "how": paid.get_method_display(), "when": date_format(localtime(paid.at), "SHORT_DATETIME_FORMAT"),
                "who": paid.user.get_username() if paid.user else "—"})
            if paid.note:
                details.append(paid.note)
    else:
        text = str(event.get_kind_display()).capitalize()
    return {"event": event, "text": text, "details": details}


#: The evening log's words for a payment mark (``services.payments``), each naming its transfer.
PAYMENT_WORDS = {
    EveningEventKind.PAID: lambda: _("Betalt"),
    EveningEventKind.UNPAID: lambda: _("Markering som betalt taget tilbage"),
    EveningEventKind.PAID_CLEARED: lambda: _("Markering som betalt ryddet ved genåbning"),
    EveningEventKind.PAID_KEPT: lambda: _("Markering som betalt bevaret ved lukning (overførslen er uændret)"),
}


@require_GET
def evening_log(request, pk: int):
    """The evening's audit trail: every write with who and when, a correction with what
    changed."""
    evening = get_object_or_404(Evening.objects.select_related("club"), pk=pk)
    access.require(request.user, evening.club_id, Role.MEMBER)
    events = (evening.events.select_related("user", "deal", "deal__replaces", "table", "payer__merged_into", "receiver__merged_into",
                                            "mark", "mark__user")
              .prefetch_related("table__seats__player__merged_into", "deal__table__seats__player__merged_into")
              .order_by("at", "id"))
    return render(request, "scoring/evening_log.html",
                  {"evening": evening, "lines": [_event_line(e) for e in events]})


# Club-defined rate cards ---------------------------------------------------------------

def _card_error(form, exc: ValueError) -> None:
    field, _sep, message = str(exc).partition(": ")
    name = f"fine_{field[6:]}" if field.startswith("fines.") else re.sub(r"\[(\d+)\]", r".\1", field)
    form.add_error(name if name in form.fields else None, message or str(exc))


def _builtin_cards() -> dict:
    """Every playable family's built-in cards by name (rule set): a club may only make a game its
    own that it can record (``views.evening.playable_families``)."""
    from .evening import playable_families

    return {name: card for f in playable_families() for name, card in f.rate_cards.items()}


@require_http_methods(["GET", "POST"])
@submissions.once
def club_cards(request, pk: int):
    """The club's cards and its game: copy a built-in (any family's) or own card, choose the club's
    card — a Karlsruhe card makes Karlsruhe the club's game (new tables, the standings' default)."""
    from scoring.models import ClubRateCard
    from scoring.selectors.standings import family_title
    from .evening import playable_families

    club = _club(request, pk, Role.ADMIN)
    builtin = _builtin_cards()
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "copy":
            source = request.POST.get("source", "")
            own = club.rate_cards.filter(name=source).first()
            base = own.card() if own else builtin.get(source)
            if base is None:
                messages.error(request, _("Ukendt takstkort."))
            else:
                family = own.family if own else families.family_of_rules(source).name

                def copy():
                    name = f"{club.pk}-{(base.name.split('-', 1)[-1] if own else base.name)}-{club.rate_cards.count() + 1}"
                    return ClubRateCard.objects.create(club=club, name=name, based_on=base.name, family=family,
                                                       data=json.dumps(base.to_dict() | {"name": name,
                                                                       "title": f"{club.name}: {base.title}"}))
                card = submissions.write(request, "card_copy", copy,
                                         url=lambda card: reverse("scoring:club_card_edit", args=[club.pk, card.pk]))
                return redirect("scoring:club_card_edit", pk=club.pk, card=card.pk)
        elif action == "default":
            chosen = request.POST.get("card", "")
            own = None if chosen in builtin else club.rate_cards.filter(pk=chosen if chosen.isdigit() else 0).first()
            if chosen not in builtin and own is None:
                messages.error(request, _("Ukendt takstkort."))
                return redirect("scoring:club_cards", pk=club.pk)
            submissions.write(request, "card_default", lambda: Club.objects.filter(pk=club.pk).update(
                **({"rules": chosen, "default_card": None} if own is None else {"default_card": own})),
                url=reverse("scoring:club_cards", args=[club.pk]))
            messages.success(request, _("Klubbens takstkort er skiftet; allerede spillede borde beholder deres."))
        return redirect("scoring:club_cards", pk=club.pk)
    own = list(club.rate_cards.all())
    current = club.default_card.family if club.default_card_id else families.rule_sets().get(club.rules)
    title = club.default_card.card().title if club.default_card_id else club.get_rules_display()
    game = family_title(current) if current else ""
    return render(request, "scoring/club_cards.html", {
        "club": club, "builtin": list(builtin.values()), "own": own,
        "groups": [{"name": f.name, "label": family_title(f.name), "builtin": list(f.rate_cards.values()),
                    "own": [c for c in own if c.family == f.name]} for f in playable_families()],
        # the game beside the card, unless the card's title already names it (a family of one card:
        # "Tarock (Karlsruhe)", never "Tarock (Karlsruhe) (Tarock (Karlsruhe))"; "Tarok po Selško", never
        # "Tarok po Selško (Tarok (po Selško))")
        "card_title": title, "game": "" if game in title or same_words(game, title) else game,
    })


@require_http_methods(["GET", "POST"])
@submissions.once
def club_card_edit(request, pk: int, card: int):
    club = _club(request, pk, Role.ADMIN)
    own = get_object_or_404(club.rate_cards, pk=card)
    family = families.family(own.family)
    others = ([c.title for f in families.families() for c in f.rate_cards.values()]
              + [c.card().title for c in club.rate_cards.exclude(pk=own.pk)])
    form_class = card_form(own.family)
    form = form_class(json.loads(own.data), request.POST or None, other_titles=others)
    if request.method == "POST" and form.is_valid():
        try:
            checked = family.card_from_dict(form.card_data(own.name))
        except ValueError as exc:
            _card_error(form, exc)
        else:
            own.data = json.dumps(checked.to_dict(), ensure_ascii=False)
            submissions.write(request, "card_edit", lambda: own.save(update_fields=["data"]),
                              url=reverse("scoring:club_cards", args=[club.pk]))
            messages.success(request, _("Takstkortet er gemt."))
            return redirect("scoring:club_cards", pk=club.pk)
    status = 422 if request.method == "POST" else 200
    return render(request, "scoring/club_card_edit.html", {
        "club": club, "card": own, "form": form, "multiples": form_class.multiples}, status=status)
