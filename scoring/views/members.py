"""The club's members (club admins): rename a player, his e-mail address and member's login, retire
him and take him back, merge a duplicate into him (shown for review first); and the club's settings
(its rate per point and currency, how it is paid, its default language). Every write goes through ``services`` and
``submissions.write``: keyed, logged in the club's log, refused at its field with nothing written."""
from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.formats import number_format
from django.utils.translation import gettext as _, gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from scoring import services
from scoring.table import submissions
from scoring.forms import name_field
from scoring.language import club_default_reaches
from scoring.currency import format_purse
from scoring.models import Club, ClubEventKind, Currency, Player, Role
from scoring.selectors.members import merge_preview
from scoring.selectors.standings import rules_title

from .club import ClubLanguageForm, _club


class RenameForm(forms.Form):
    name = name_field(label=gettext_lazy("Nyt navn"))


class ContactForm(forms.Form):
    email = forms.EmailField(label=gettext_lazy("E-mail"), required=False,
                             help_text=gettext_lazy("Vises kun for klubbens administratorer."))
    login = forms.ChoiceField(label=gettext_lazy("Medlemmets login"), required=False,
                              help_text=gettext_lazy("Det login, der taler for spilleren (fx når han betaler)."))
    language = forms.ChoiceField(label=gettext_lazy("Sprog i e-mails til spilleren"), required=False,
                                 help_text=gettext_lazy("Gælder, når spilleren ikke selv har valgt sprog med sit login."))

    def __init__(self, club: Club, *args, **kwargs):
        super().__init__(*args, **kwargs)
        users = get_user_model().objects.filter(memberships__club=club).order_by("username")
        self.fields["login"].choices = [("", "—")] + [(u.username, u.username) for u in users]
        # blank: the club's default, named; each language in its own name, as the picker shows it
        languages = dict(settings.LANGUAGES)
        default = _("Klubbens sprog (%(language)s)") % {"language": languages.get(club.language, club.language)}
        self.fields["language"].choices = [("", default), *languages.items()]


class MergeForm(forms.Form):
    into = forms.TypedChoiceField(label=gettext_lazy("Læg sammen med"), coerce=int)

    def __init__(self, player: Player, *args, **kwargs):
        super().__init__(*args, **kwargs)
        others = (Player.objects.filter(club_id=player.club_id, merged_into__isnull=True).exclude(pk=player.pk)
                  .order_by("name"))
        self.fields["into"].choices = [("", "—")] + [(p.pk, p.name) for p in others]


class RateForm(forms.Form):
    # text, not a number field: "0,25" as a Dane writes it is read by the service (one rule)
    kroner_per_point = forms.CharField(label=gettext_lazy("Sats pr. point"), max_length=20,
                                       help_text=gettext_lazy("Gælder fra næste lukning; lukkede aftener beholder "
                                                              "deres sats."),
                                       widget=forms.TextInput(attrs={"inputmode": "decimal"}))


class CurrencyForm(forms.Form):
    currency = forms.ChoiceField(label=gettext_lazy("Valuta"), choices=Currency.choices,
                                 help_text=gettext_lazy("Gælder fra næste lukning; lukkede aftener beholder "
                                                        "deres valuta."),
                                 error_messages={"invalid_choice": gettext_lazy("Vælg en af valutaerne."),
                                                 "required": gettext_lazy("Vælg en af valutaerne.")})


class PayDetailsForm(forms.Form):
    """How the club is paid (docs/money.md, "Payment details"): checked by the service, one rule."""
    pay_holder = forms.CharField(label=gettext_lazy("Kontohaver"), required=False, max_length=70,
                                 help_text=gettext_lazy("Hvem betalingen går til, som det står i banken."))
    pay_reg = forms.CharField(label=gettext_lazy("Reg.-nr."), required=False, max_length=10,
                              widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}))
    pay_account = forms.CharField(label=gettext_lazy("Kontonr."), required=False, max_length=20,
                                  widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}))
    pay_mobilepay = forms.CharField(label=gettext_lazy("MobilePay-nummer"), required=False, max_length=20,
                                    widget=forms.TextInput(attrs={"inputmode": "tel", "autocomplete": "off"}))
    pay_iban = forms.CharField(label=gettext_lazy("IBAN"), required=False, max_length=50,
                               widget=forms.TextInput(attrs={"autocomplete": "off"}))
    pay_bic = forms.CharField(label=gettext_lazy("BIC"), required=False, max_length=20,
                              widget=forms.TextInput(attrs={"autocomplete": "off"}))

    #: which fields pay which currency, as the page groups them
    KRONER = ("pay_reg", "pay_account", "pay_mobilepay")
    EURO = ("pay_iban", "pay_bic")


def _status_word(player: Player) -> str:
    if player.merged_into_id is not None:
        return _("lagt sammen med %(name)s") % {"name": player.merged_into.name}
    if player.retired_at is not None:
        return _("udtrådt")
    return ""


@require_GET
def member_list(request, pk: int):
    """Every player of the club: those who play, then the retired, then the merged duplicates."""
    club = _club(request, pk, Role.ADMIN)
    players = list(club.players.select_related("merged_into", "user").order_by("name"))
    groups = [
        ("active", _("Spillere"), [p for p in players if p.merged_into_id is None and p.retired_at is None]),
        ("retired", _("Udtrådte"), [p for p in players if p.merged_into_id is None and p.retired_at is not None]),
        ("merged", _("Lagt sammen"), [p for p in players if p.merged_into_id is not None]),
    ]
    return render(request, "scoring/club_members.html", {
        "club": club, "groups": [(key, title, [(p, _status_word(p)) for p in rows]) for key, title, rows in groups],
        "events": club.events.exclude(kind=ClubEventKind.LOCKOUT_CLEARED).select_related(
            "user", "player__merged_into", "other__merged_into", "payment")[:20]})


def _member(request, pk: int, player: int) -> tuple[Club, Player]:
    club = _club(request, pk, Role.ADMIN)
    return club, get_object_or_404(Player.objects.select_related("merged_into", "user"), pk=player, club=club)


def _forms(club: Club, player: Player, data=None, action: str | None = None) -> dict:
    """The member page's forms, the one posted (``action``) bound to ``data``."""
    def bound(name):
        return data if action == name else None
    return {
        "rename": RenameForm(bound("rename"), initial={"name": player.name}),
        "contact": ContactForm(club, bound("contact"), initial={
            "email": player.email, "login": player.user.username if player.user_id else "",
            "language": player.language}),
        "merge": MergeForm(player, bound("merge")),
    }


@require_http_methods(["GET", "POST"])
@submissions.once
def member_edit(request, pk: int, player: int):
    """One player: rename him, his e-mail and login, retire him or take him back; a merge starts here
    and is reviewed on ``member_merge`` before anything is written."""
    club, player = _member(request, pk, player)
    action = request.POST.get("action") if request.method == "POST" else None
    forms_ = _forms(club, player, request.POST, action)
    url = reverse("scoring:member_edit", args=[club.pk, player.pk])
    status = 200
    if action == "merge":
        form = forms_["merge"]
        if form.is_valid():
            return redirect(reverse("scoring:member_merge", args=[club.pk, player.pk]) + f"?into={form.cleaned_data['into']}")
        status = 422
    elif action in ("rename", "contact", "retire", "return"):
        form = forms_.get(action)
        if form is not None and not form.is_valid():
            status = 422
        else:
            try:
                done = _write(request, action, player, form, url)
            except services.RecordingError as exc:
                _errors(form, exc)
                status = exc.http_status
            else:
                messages.success(request, done)
                return redirect(url)
    elif action is not None:
        status = 422
        messages.error(request, _("Ukendt handling."))
    return render(request, "scoring/club_member.html", {
        "club": club, "player": player, "status_word": _status_word(player), **forms_,
        "merged": list(player.merged_players.order_by("name"))}, status=status)


def _write(request, action: str, player: Player, form, url: str) -> str:
    """Do the member page's ``action`` through its service (keyed); the message that says it is done."""
    user = request.user
    if action == "rename":
        before = player.name
        done = submissions.write(request, "player_rename", lambda: services.player_rename(
            player=player, name=form.cleaned_data["name"], user=user), url=url)
        return (_("%(old)s hedder nu %(new)s.") % {"old": before, "new": done.name} if done.name != before
                else _("Navnet er uændret."))
    if action == "contact":
        submissions.write(request, "player_contact", lambda: services.player_contact_set(
            player=player, email=form.cleaned_data["email"], login=form.cleaned_data["login"],
            language=form.cleaned_data["language"], user=user), url=url)
        return _("E-mail, login og sprog er gemt.")
    retired = action == "retire"
    submissions.write(request, "player_retire", lambda: services.player_retire(player=player, retired=retired,
                                                                                user=user), url=url)
    # worded without "he" or "she": a name gives no gender (nor does a Slovenian participle agree)
    return (_("Udtrådt: %(name)s står ikke længere på bordenes spillerlister; historikken består.") if retired
            else _("%(name)s spiller igen.")) % {"name": player.name}


def _errors(form, exc: services.RecordingError) -> None:
    """The service's refusal at the field it names (else above the form)."""
    for error in exc.errors:
        if form is not None and error.field in form.fields:
            form.add_error(error.field, error.message)
        elif form is not None:
            form.add_error(None, error.message)


@require_http_methods(["GET", "POST"])
@submissions.once
def member_merge(request, pk: int, player: int):
    """A merge of ``player`` (the duplicate) into ``into``, shown for review: what moves per rule
    set, the notes, or why it is refused (an evening both sat, named). Confirming (POST) writes
    exactly it; a refusal is 422 with nothing written."""
    club, player = _member(request, pk, player)
    source = request.POST if request.method == "POST" else request.GET
    form = MergeForm(player, source)
    into = None
    if form.is_valid():
        into = get_object_or_404(Player.objects.select_related("merged_into"), pk=form.cleaned_data["into"], club=club)
    elif "into" in source and str(source.get("into")).isdigit():
        # a merged player is no choice in the form, yet a link may name him: he stands for who he is now
        into = Player.objects.select_related("merged_into").filter(pk=source["into"], club=club).first()
    if into is None:
        return render(request, "scoring/club_member.html", {
            "club": club, "player": player, "status_word": _status_word(player),
            **_forms(club, player), "merge": form, "merged": list(player.merged_players.order_by("name"))},
            status=422 if request.method == "POST" else 200)
    preview = merge_preview(player, into)
    status = 200 if preview.allowed else 422
    if request.method == "POST" and preview.allowed:
        try:
            keep = submissions.write(request, "player_merge", lambda: services.player_merge(
                duplicate=player, into=into, user=request.user),
                url=lambda keep: reverse("scoring:member_edit", args=[club.pk, keep.pk]))
        except services.RecordingError as exc:
            preview = merge_preview(Player.objects.select_related("merged_into").get(pk=player.pk), into)
            status, problems = exc.http_status, [e.message for e in exc.errors]
        else:
            messages.success(request, _("%(name)s er lagt sammen med %(keep)s.") % {"name": player.name,
                                                                                   "keep": keep.name})
            return redirect("scoring:member_edit", pk=club.pk, player=keep.pk)
    else:
        problems = [message for _field, message in preview.problems]
    return render(request, "scoring/club_member_merge.html", {
        "club": club, "player": player, "preview": preview, "problems": problems, "moves": _move_rows(preview)},
        status=status)


def _move_rows(preview) -> list:
    """(rule set, [(who, (evenings, deals, points, money as the page writes it), the sum row)])."""
    def cells(figures):
        *counts, amounts = figures
        return (*counts, format_purse(amounts))
    return [(rules_title(m.rules, m.family), [(preview.duplicate.name, cells(m.duplicate), False),
                                              (preview.keep.name, cells(m.keep), False),
                                              (_("bagefter"), cells(m.after), True)]) for m in preview.moves]


def _save_setting(request, form, action: str, write, done: str, url: str):
    """One handler for each logged setting of the club's page (``services.clubs._logged_setting``
    writes it): the form checked, the write keyed (``submissions.write``), a refusal at its field.
    Returns (the redirect, or None; the status of the page otherwise)."""
    if not form.is_valid():
        return None, 422
    try:
        submissions.write(request, f"club_{action}", lambda: write(form.cleaned_data), url=url)
    except services.RecordingError as exc:
        _errors(form, exc)
        return None, exc.http_status
    messages.success(request, done)
    return redirect(url), 200


@require_http_methods(["GET", "POST"])
@submissions.once
def club_settings(request, pk: int):
    """The club's settings on one page: the rate per point and the currency (each from the next close
    on), how the club is paid, and the default language (as on ``club_language``)."""
    club = _club(request, pk, Role.ADMIN)
    action = request.POST.get("action") if request.method == "POST" else None
    rate = RateForm(request.POST if action == "rate" else None,
                    initial={"kroner_per_point": _plain_rate(club.kroner_per_point)})
    currency = CurrencyForm(request.POST if action == "currency" else None, initial={"currency": club.currency})
    details = PayDetailsForm(request.POST if action == "paydetails" else None, initial={
        field: getattr(club, field) for field in PayDetailsForm.base_fields})
    language = ClubLanguageForm(request.POST if action == "language" else None, initial={"language": club.language})
    url = reverse("scoring:club_settings", args=[club.pk])
    logged = {
        "rate": (rate, lambda data: services.club_rate_set(
            club=club, rate=data["kroner_per_point"], user=request.user),
            _("Satsen er gemt; den gælder fra næste lukning.")),
        "currency": (currency, lambda data: services.club_currency_set(
            club=club, currency=data["currency"], user=request.user),
            _("Valutaen er gemt; den gælder fra næste lukning.")),
        "paydetails": (details, lambda data: services.club_payment_details_set(
            club=club, holder=data["pay_holder"], reg=data["pay_reg"], account=data["pay_account"],
            mobilepay=data["pay_mobilepay"], iban=data["pay_iban"], bic=data["pay_bic"], user=request.user),
            _("Betalingsoplysningerne er gemt.")),
    }
    status = 200
    if action in logged:
        form, write, done = logged[action]
        response, status = _save_setting(request, form, action, write, done, url)
        if response is not None:
            return response
    elif action == "language":
        status = 422
        if language.is_valid():
            chosen = language.cleaned_data["language"]
            try:
                submissions.write(request, "club_language", lambda: services.club_language_set(
                    club=club, language=chosen), url=url)
            except services.RecordingError as exc:
                _errors(language, exc)
                status = exc.http_status
            else:
                with translation.override(club_default_reaches(request, chosen)):
                    messages.success(request, _("Klubbens sprog er gemt."))
                return redirect(url)
    elif action is not None:
        status = 422
        messages.error(request, _("Ukendt handling."))
    return render(request, "scoring/club_settings.html", {
        "club": club, "rate": rate, "currency": currency, "details": details, "language": language,
        "open_evenings": club.evenings.filter(closed_at__isnull=True).count()}, status=status)


def _plain_rate(rate) -> str:
    """The rate as the form shows it, in the page's language: at least two decimals, no trailing
    zeros beyond them (0,25, not 0,2500)."""
    decimals = max(2, -rate.normalize().as_tuple().exponent)
    return number_format(rate, decimal_pos=decimals)
