"""The club's models in Django's admin, for the operator's superuser.

The club's own data (clubs, cards, seasons, players, memberships) can be corrected there. The
ledger's rows (deals, journal entries, legs, the per-deal and per-evening figures, the evening's
audit trail) and what fixes them in place (seats, the tables' frozen cards, the submissions' keys)
are shown read-only: they are written only by scoring/services/, in one transaction with
everything that depends on them (docs/architecture.md), so an edit here would leave the books
disagreeing with themselves; a mistake is corrected or voided on the table's pages, which keep
every version on record.
"""
from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .currency import proposed_currency
from .models import (
    Club, ClubEvent, ClubRateCard, Currency, Deal, Evening, EveningEvent, EveningMail, EveningTransfer, ImportDraft,
    JournalEntry, LanguageChoice, Leg, Membership, Payment, Player, PlayerDealStat, PlayerEveningSummary, Seat, Season, Submission, Table,
    Entrant, Tournament, TournamentEvent, TournamentRound, Cup, ReportFile, Absence, PendingDeal,
)


class ReadOnlyAdmin(admin.ModelAdmin):
    """Lists and shows the rows; never adds, changes or deletes one."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ClubAdminForm(forms.ModelForm):
    """A club as the operator makes it: a new club proposes the currency of its default language
    (``currency.proposed_currency``: euro for a German or Slovenian club, else kroner) unless another
    is chosen; a club's currency is changed later on its settings page, from the next close on."""

    class Meta:
        model = Club
        # how the club is paid is set, checked and logged on its settings page (services.club_payment_details_set)
        exclude = ("pay_holder", "pay_reg", "pay_account", "pay_mobilepay", "pay_iban", "pay_bic")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk is None and "currency" in self.fields:
            field = self.fields["currency"]
            field.required = False
            field.choices = [("", _("efter sproget: euro for tysk og slovensk, ellers kroner"))] + list(Currency.choices)
            self.initial["currency"] = ""

    def clean(self):
        data = super().clean()
        if self.instance.pk is None and not data.get("currency"):
            data["currency"] = proposed_currency(data.get("language"))
        return data


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    form = ClubAdminForm
    list_display = ("name", "rules", "kroner_per_point", "currency", "default_card", "language")
    search_fields = ("name",)


@admin.register(ClubRateCard)
class ClubRateCardAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "family", "based_on", "created_at")
    list_filter = ("family", "club")
    search_fields = ("name", "club__name")


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "starts", "ends")
    list_filter = ("club",)
    search_fields = ("name",)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "club")
    list_filter = ("club",)
    search_fields = ("name",)


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("user", "club", "role")
    list_filter = ("role", "club")
    search_fields = ("user__username", "club__name")


@admin.register(LanguageChoice)
class LanguageChoiceAdmin(admin.ModelAdmin):
    list_display = ("user", "language")
    list_filter = ("language",)
    search_fields = ("user__username",)


@admin.register(Evening)
class EveningAdmin(admin.ModelAdmin):
    list_display = ("date", "club", "season_override", "closed_at", "kroner_per_point", "currency")
    list_filter = ("club", "season_override")
    date_hierarchy = "date"
    # Closing, reopening and the frozen rate and currency are the services' (they write the audit trail).
    readonly_fields = ("closed_at", "kroner_per_point", "currency", "created_at")


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ("evening", "number", "family", "rules", "version")
    list_filter = ("family", "evening__club")
    search_fields = ("evening__club__name",)


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("table", "position", "player")
    list_filter = ("table__evening__club",)
    search_fields = ("player__name",)


@admin.register(Submission)
class SubmissionAdmin(ReadOnlyAdmin):
    list_display = ("action", "user", "object_id", "created_at")
    list_filter = ("action",)
    date_hierarchy = "created_at"


@admin.register(ImportDraft)
class ImportDraftAdmin(ReadOnlyAdmin):
    """An uploaded file waiting for its names to be answered (the import's second step)."""
    list_display = ("club", "evening", "user", "created_at")
    date_hierarchy = "created_at"


@admin.register(Deal)
class DealAdmin(ReadOnlyAdmin):
    list_display = ("table", "number", "kind", "dealer", "current", "voided", "recorded_at", "recorded_by")
    list_filter = ("kind", "current", "voided", "table__family", "table__evening__club")
    date_hierarchy = "recorded_at"
    search_fields = ("dealer__name",)


@admin.register(JournalEntry)
class JournalEntryAdmin(ReadOnlyAdmin):
    list_display = ("id", "table", "kind", "deal", "reverses", "pots_after", "created_at")
    list_filter = ("kind", "table__family", "table__evening__club")
    date_hierarchy = "created_at"


@admin.register(Leg)
class LegAdmin(ReadOnlyAdmin):
    list_display = ("entry", "account", "player", "amount")
    list_filter = ("account", "entry__table__evening__club")
    search_fields = ("player__name",)


@admin.register(PlayerDealStat)
class PlayerDealStatAdmin(ReadOnlyAdmin):
    list_display = ("deal", "player", "evening", "active", "net", "figures")
    list_filter = ("active", "evening__club")
    search_fields = ("player__name",)


@admin.register(PlayerEveningSummary)
class PlayerEveningSummaryAdmin(ReadOnlyAdmin):
    list_display = ("player", "evening", "club", "family", "date", "closed", "points", "kroner", "deals")
    list_filter = ("closed", "family", "club")
    date_hierarchy = "date"
    search_fields = ("player__name",)


@admin.register(ClubEvent)
class ClubEventAdmin(ReadOnlyAdmin):
    list_display = ("at", "club", "kind", "subject", "count", "user")
    list_filter = ("kind", "club")
    date_hierarchy = "at"
    search_fields = ("subject",)


@admin.register(EveningTransfer)
class EveningTransferAdmin(ReadOnlyAdmin):
    """Who pays whom of each closed evening (written by the close); what is paid of it is computed."""
    list_display = ("evening", "family", "payer", "receiver", "amount", "currency")
    list_filter = ("club",)
    date_hierarchy = "date"


@admin.register(Payment)
class PaymentAdmin(ReadOnlyAdmin):
    """Payments between players (written by the payment services with their club log lines)."""
    list_display = ("paid_on", "club", "payer", "receiver", "amount", "currency", "method", "status", "undone_at")
    list_filter = ("club", "status", "currency")
    date_hierarchy = "paid_on"


@admin.register(Cup)
class CupAdmin(ReadOnlyAdmin):
    """A cup series, written on its page by ``services.cup_save`` (which checks its points and events)."""
    list_display = ("name", "club", "best", "created_at")
    list_filter = ("club",)


@admin.register(ReportFile)
class ReportFileAdmin(ReadOnlyAdmin):
    """The long reports the worker made or is asked for (scoring/worker.py); the file stays in the row."""
    list_display = ("club", "kind", "scope", "language", "requested_at", "finished_at", "attempts", "problem")
    list_filter = ("club", "kind")
    exclude = ("content",)


@admin.register(Absence)
class AbsenceAdmin(ReadOnlyAdmin):
    """A player away for one round of a tournament (set and cleared by the director, logged)."""
    list_display = ("tournament", "player", "round")
    list_filter = ("tournament__club",)


@admin.register(PendingDeal)
class PendingDealAdmin(ReadOnlyAdmin):
    """A deal past a tournament round's length, kept outside the ledger until the director decides."""
    list_display = ("table", "sent_at", "state")
    list_filter = ("state",)


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    """Written by the tournament's services with its log (the draw's seeds, the rounds' evenings)."""
    list_display = ("name", "club", "rules", "rounds", "scoring", "created_at")
    list_filter = ("club",)


@admin.register(Entrant)
class EntrantAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "player", "status", "since_round")
    list_filter = ("status", "tournament__club")


@admin.register(TournamentRound)
class TournamentRoundAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "number", "state", "seed", "evening")


@admin.register(TournamentEvent)
class TournamentEventAdmin(ReadOnlyAdmin):
    list_display = ("at", "tournament", "kind", "player", "round", "user")
    list_filter = ("kind", "tournament__club")


@admin.register(EveningEvent)
class EveningEventAdmin(ReadOnlyAdmin):
    list_display = ("at", "evening", "kind", "table", "deal", "count", "user")
    list_filter = ("kind", "evening__club")
    date_hierarchy = "at"
    search_fields = ("reason",)


@admin.register(EveningMail)
class EveningMailAdmin(ReadOnlyAdmin):
    """The outbox's mails of the evenings: written by the request (queued) and the sender (rendered)."""
    list_display = ("evening", "player", "kind", "language", "queued_at", "email", "problem", "render_attempts")
    list_filter = ("kind", "language", "evening__club")
    date_hierarchy = "queued_at"
    search_fields = ("player__name",)


def _superuser_only(model_admin: type[admin.ModelAdmin]) -> type[admin.ModelAdmin]:
    """A model admin that only the superuser sees: the outbox holds every club's players' addresses,
    so a staff user with model permissions (a club's own people) never sees it."""

    class SuperuserOnly(model_admin):
        def has_module_permission(self, request) -> bool:
            return request.user.is_active and request.user.is_superuser

        def has_view_permission(self, request, obj=None) -> bool:
            return request.user.is_active and request.user.is_superuser

        def has_add_permission(self, request, *args) -> bool:
            return request.user.is_active and request.user.is_superuser and super().has_add_permission(request, *args)

        def has_change_permission(self, request, obj=None) -> bool:
            return request.user.is_active and request.user.is_superuser and super().has_change_permission(request, obj)

        def has_delete_permission(self, request, obj=None) -> bool:
            return request.user.is_active and request.user.is_superuser and super().has_delete_permission(request, obj)

    SuperuserOnly.__name__ = SuperuserOnly.__qualname__ = model_admin.__name__
    return SuperuserOnly


def _post_office_for_the_superuser() -> None:
    """django-post-office's models (the e-mails, their logs, attachments and templates) in the admin
    for the superuser only."""
    from post_office import admin as _registers  # noqa: F401  (post_office registers its own)

    for model, model_admin in list(admin.site._registry.items()):
        if model._meta.app_label == "post_office":
            admin.site.unregister(model)
            admin.site.register(model, _superuser_only(type(model_admin)))


_post_office_for_the_superuser()
