"""Tarokklub's records. Amounts are integer points; the engine computes every one of them and
services persist its journal entries (docs/architecture.md: functional core, imperative shell)."""
from __future__ import annotations

import json
from decimal import Decimal
from functools import lru_cache

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Round
from django.utils import timezone
from django.utils.translation import gettext_lazy as _, pgettext_lazy

from scoring.engine.bounds import CARD_NAME_MAX_LENGTH, CARD_TITLE_MAX_LENGTH, NAME_MAX_LENGTH
from scoring.engine import families
from scoring.engine.money import DEFAULT_CURRENCY



def rules_choices() -> list[tuple[str, str]]:
    """Every built-in rule set of every family (``families.py``), by its card's title."""
    return [(name, card.title) for f in families.families() for name, card in f.rate_cards.items()]


def family_choices() -> list[tuple[str, str]]:
    return [(name, name) for name in families.names()]


class Currency(models.TextChoices):
    """The currencies a club keeps its books in (``money.CURRENCIES``, docs/money.md)."""
    DKK = "DKK", _("danske kroner (DKK)")
    EUR = "EUR", _("euro (EUR)")
    CHF = "CHF", _("schweizerfranc (CHF)")


class Club(models.Model):
    name = models.CharField(_("navn"), max_length=100, unique=True)
    # The rate per point in the club's currency (the column keeps its first currency's name).
    kroner_per_point = models.DecimalField(
        _("sats pr. point"), max_digits=8, decimal_places=4, default=Decimal("0.25"),
        validators=[MinValueValidator(Decimal("0"))])
    # The currency of its evenings from the next close on (an evening freezes it with the rate).
    currency = models.CharField(_("valuta"), max_length=3, choices=Currency.choices, default=DEFAULT_CURRENCY)
    rules = models.CharField(_("takstkort"), max_length=CARD_NAME_MAX_LENGTH, choices=rules_choices,
                             default=families.default_rules())
    default_card = models.ForeignKey("ClubRateCard", on_delete=models.PROTECT, null=True, blank=True,
                                     related_name="+", verbose_name=_("klubbens eget takstkort"))
    # What a member sees until he chooses a language himself (scoring/language.py).
    language = models.CharField(_("sprog"), max_length=8, choices=settings.LANGUAGES, default="da")
    # How the club is paid (docs/money.md, "Payment details"): in kroner to a Danish account (reg.-nr.
    # and konto) or a MobilePay number, in euro or francs to an IBAN (and BIC); the holder is whom
    # the statements tell to pay. Checked and written by ``services.club_payment_details_set``.
    pay_holder = models.CharField(_("kontohaver"), max_length=70, blank=True, default="")
    pay_reg = models.CharField(_("reg.-nr."), max_length=4, blank=True, default="")
    pay_account = models.CharField(_("kontonr."), max_length=10, blank=True, default="")
    pay_mobilepay = models.CharField(_("MobilePay-nummer"), max_length=8, blank=True, default="")
    pay_iban = models.CharField(_("IBAN"), max_length=34, blank=True, default="")
    pay_bic = models.CharField(_("BIC"), max_length=11, blank=True, default="")

    class Meta:
        verbose_name = _("klub")
        verbose_name_plural = _("klubber")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class ClubRateCard(models.Model):
    """A club's own copy of a rate card with its amounts edited. ``data`` is the engine's
    ``RateCard.to_dict()``; a table keeps a snapshot of the card it was played with, so editing
    a card never changes a past evening."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="rate_cards")
    name = models.CharField(_("navn"), max_length=CARD_NAME_MAX_LENGTH)
    based_on = models.CharField(_("kopi af"), max_length=CARD_NAME_MAX_LENGTH)
    family = models.CharField(_("spil"), max_length=20, choices=family_choices, default=families.DEFAULT_FAMILY)
    data = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("klubtakstkort")
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="club_card_unique_name")]
        ordering = ["club", "name"]

    def __str__(self) -> str:
        return self.name

    def card(self):
        return families.family(self.family).card_from_dict(json.loads(self.data))


class Season(models.Model):
    """A season of the club: its evenings are those dated from ``starts`` to ``ends`` (both days
    included), whoever made them and however (an import too), except an evening set to another
    season by hand (``Evening.season_override``), and with the evenings set to this one. A new
    season has both dates and overlaps no other of the club (``services.season_create``); a season
    kept from before seasons were read by their dates may lack them or overlap another, and the
    season page lists it for an admin to settle (``selectors.seasons.unsettled``)."""
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="seasons")
    name = models.CharField(_("navn"), max_length=100)
    starts = models.DateField(_("starter"), null=True, blank=True)
    ends = models.DateField(_("slutter"), null=True, blank=True)

    class Meta:
        verbose_name = _("sæson")
        verbose_name_plural = _("sæsoner")
        ordering = ["club", "-starts", "name"]
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="season_unique_name")]

    def __str__(self) -> str:
        return self.name

    @property
    def dated(self) -> bool:
        """Whether the season has both dates, and so holds evenings by their dates."""
        return self.starts is not None and self.ends is not None

    def holds(self, day) -> bool:
        """Whether an evening of ``day`` whose season is not set by hand belongs to this season."""
        return self.dated and self.starts <= day <= self.ends

    def evenings_q(self, prefix: str = "") -> Q:
        """The season's evenings as a filter (of ``Evening``; of a model reaching it through
        ``prefix``, such as ``"evening__"``): dated within its dates and set to no season by hand,
        or set to this one. The one place the rule is written."""
        by_hand = Q(**{f"{prefix}season_override": self})
        if not self.dated:
            return by_hand
        return by_hand | Q(**{f"{prefix}season_override__isnull": True, f"{prefix}date__gte": self.starts,
                              f"{prefix}date__lte": self.ends})


class Player(models.Model):
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="players")
    name = models.CharField(_("navn"), max_length=NAME_MAX_LENGTH)   # bounds.py: the name rule
    # Where the club sends the player his sheet; never shown outside his club.
    email = models.EmailField(_("e-mail"), blank=True, default="")
    # The language of his mails when his login has chosen none, the one way for a player without a
    # login (scoring/language.py player_language); blank: his club's default.
    language = models.CharField(_("sprog"), max_length=8, choices=settings.LANGUAGES, blank=True, default="")
    # The member's login that speaks for this player (marking his transfers paid); one per club.
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="players", verbose_name=_("login"))
    # A duplicate merged into another player keeps its row (the journal's legs point to it) and every
    # read resolves it to the player it was merged into.
    merged_into = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True,
                                    related_name="merged_players", verbose_name=_("lagt sammen med"))
    # A retired player leaves the seat pickers and name suggestions; his history stays.
    retired_at = models.DateTimeField(_("udtrådt"), null=True, blank=True)

    class Meta:
        verbose_name = _("spiller")
        verbose_name_plural = _("spillere")
        ordering = ["club", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="player_unique_name"),
            models.UniqueConstraint(fields=["club", "user"], condition=models.Q(user__isnull=False),
                                    name="player_unique_login"),
        ]

    def __str__(self) -> str:
        return self.name


class Evening(models.Model):
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="evenings")
    date = models.DateField(_("dato"))
    # The season set by hand, whatever the evening's date (None: the season its date falls in,
    # ``Season.evenings_q``): kept from before seasons were read by their dates where the season
    # picked then disagrees with the dates, and listed on the season page until an admin settles it.
    season_override = models.ForeignKey(Season, on_delete=models.PROTECT, null=True, blank=True,
                                        related_name="overridden_evenings", verbose_name=_("sæson sat i hånden"))
    closed_at = models.DateTimeField(_("lukket"), null=True, blank=True)
    # The club's rate and currency frozen together when the evening is first closed: a later change
    # of the club's rate or currency never rewrites or relabels a closed evening's money. None while
    # the evening has not been closed (a tournament's round freezes them when it is drawn).
    kroner_per_point = models.DecimalField(_("sats pr. point"), max_digits=8, decimal_places=4,
                                           null=True, blank=True)
    currency = models.CharField(_("valuta"), max_length=3, choices=Currency.choices, null=True, blank=True)
    # Whether the evening's tables count in the club's standings: a tournament's rounds are evenings
    # whose director may keep them out (docs/tournaments.md).
    counts_in_standings = models.BooleanField(_("tæller i stillingen"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("aften")
        verbose_name_plural = _("aftener")
        ordering = ["-date", "-id"]
        indexes = [models.Index(fields=["club", "date"])]
        constraints = [models.CheckConstraint(
            condition=Q(kroner_per_point__isnull=True, currency__isnull=True)
            | Q(kroner_per_point__isnull=False, currency__isnull=False), name="evening_rate_with_currency")]

    def __str__(self) -> str:
        return f"{self.club} {self.date:%Y-%m-%d}"

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None

    @property
    def rate(self) -> Decimal:
        """The rate per point of this evening: frozen at its first close, the club's until then."""
        return self.kroner_per_point if self.kroner_per_point is not None else self.club.kroner_per_point

    @property
    def money_currency(self) -> str:
        """The currency of this evening's money: frozen with its rate, the club's until then."""
        return self.currency if self.currency is not None else self.club.currency

    def freeze_money(self) -> list[str]:
        """Freeze the club's rate and currency on the evening, unless frozen before (a reopened
        evening keeps what it was played for): the fields to save."""
        if self.kroner_per_point is None:
            self.kroner_per_point, self.currency = self.club.kroner_per_point, self.club.currency
        return ["kroner_per_point", "currency"]


class Table(models.Model):
    """One table ("parti") of an evening: its seated players, its rule set and its pots (the Danish cups)."""

    evening = models.ForeignKey(Evening, on_delete=models.PROTECT, related_name="tables")
    number = models.PositiveSmallIntegerField(_("bord"))
    # the default read from the registry once (the default family's default card): the same value
    # as before, so the field's migration state is unchanged
    rules = models.CharField(_("takstkort"), max_length=CARD_NAME_MAX_LENGTH, default=families.default_rules())
    # The game family the table plays (engine ``families.py``): its engine, deal form and sheet.
    family = models.CharField(_("spil"), max_length=20, choices=family_choices, default=families.DEFAULT_FAMILY)
    rate_card_json = models.TextField(blank=True)  # the card played with, frozen when the table opened
    version = models.PositiveIntegerField(default=0)  # bumped by every recording (optimistic check)

    class Meta:
        verbose_name = _("bord")
        verbose_name_plural = _("borde")
        ordering = ["evening", "number"]
        constraints = [models.UniqueConstraint(fields=["evening", "number"], name="table_unique_number")]

    def __str__(self) -> str:
        return f"{self.evening} – {_('bord')} {self.number}"

    @property
    def engine(self) -> families.Family:
        """The table's game family (engine protocol, ``families.py``)."""
        return families.family(self.family)

    @property
    def card(self):
        """The rate card this table is played with (its own snapshot)."""
        if self.rate_card_json:
            return _frozen_card(self.family, self.rate_card_json)
        return self.engine.rate_card(self.rules)


@lru_cache(maxsize=256)
def _frozen_card(family: str, text: str):
    """A table's frozen card read from its text, once per text: a sheet asks for it at every row,
    and reading a card checks every rule of it. Cards are frozen, so one object serves every table
    that froze the same text."""
    return families.family(family).card_from_dict(json.loads(text))


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()
    # The name the player sat down with: the table's name for him, as its deals name him (the deal
    # objects keep the names as recorded). A later rename or merge changes the player, never this;
    # the pages show the player's name now (``selectors.members``).
    name = models.CharField(max_length=NAME_MAX_LENGTH, default="")

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_unique_position"),
            models.UniqueConstraint(fields=["table", "player"], name="seat_unique_player"),
        ]


class DealKind(models.TextChoices):
    PLAYED = "played", _("spillet")
    MISDEAL = "misdeal", _("fejlgivning")
    SCRAPPED = "scrapped", _("kasseret")


class Deal(models.Model):
    """A recorded deal. ``outcome`` is the deal object of the evening file (docs/format.md).

    Rows are never edited: a correction marks the old row not current and stores a new row for
    the same number that ``replaces`` it, so every version stays on record.
    """

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="deals")
    number = models.PositiveIntegerField()
    dealer = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=10, choices=DealKind.choices, default=DealKind.PLAYED)
    # The deal object exactly as recorded, as JSON text: a JSONB column would reorder its keys.
    outcome_json = models.TextField()
    current = models.BooleanField(default=True)  # False once a correction replaced or voided this version
    voided = models.BooleanField(default=False)  # this version records that the deal was voided
    replaces = models.OneToOneField("self", on_delete=models.PROTECT, null=True, blank=True,
                                    related_name="replaced_by")
    recorded_at = models.DateTimeField(auto_now_add=True)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                    related_name="+")

    class Meta:
        ordering = ["table", "number", "id"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], condition=Q(current=True),
                                    name="deal_one_current_per_number"),
        ]

    @property
    def outcome(self) -> dict:
        return json.loads(self.outcome_json)


class EntryKind(models.TextChoices):
    OPENING = "opening", _("åbning")
    DEAL = "deal", pgettext_lazy("postering", "spil")
    SPLIT = "split", _("deling")
    REVERSAL = "reversal", _("tilbageførsel")


class JournalEntry(models.Model):
    """One engine journal entry; its legs sum to zero. Reversed, never edited."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="entries")
    kind = models.CharField(max_length=10, choices=EntryKind.choices)
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, null=True, blank=True, related_name="entries")
    reverses = models.OneToOneField("self", on_delete=models.PROTECT, null=True, blank=True, related_name="reversed_by")
    # Each of the family's pots after this entry, by the pot's name (``Family.pots``: the Danish
    # cups {"king": 120, "pagat": 60}, a written score's {"sheet": -40}; {} for a family without
    # pots): read by name, never by position (docs/architecture.md, Storage).
    pots_after = models.JSONField(default=dict)
    # The family's facts about the deal as the engine gave them (``Entry.facts``: a formula a
    # person can check, "this deal was doubled" …), JSON; "" when it has none.
    info_json = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    # A deal's entry posted again for the same deal version (a later deal settled anew after a
    # correction or a void) names the entry it takes the place of: a deal has one first entry and
    # one line of successors (docs/architecture.md, "The ledger's invariants").
    supersedes = models.OneToOneField("self", on_delete=models.PROTECT, null=True, blank=True,
                                      related_name="superseded_by")
    # Written last, after the legs (services/journal.py ``entries_write``): the database refuses to
    # post an entry whose legs do not sum to zero and any leg written to an entry already posted.
    posted = models.BooleanField(default=False)

    class Meta:
        ordering = ["table", "id"]
        verbose_name_plural = _("posteringer")
        constraints = [
            models.UniqueConstraint(fields=["deal"], condition=Q(kind="deal", supersedes__isnull=True),
                                    name="entry_one_first_deal_entry_per_deal"),
        ]


#: The longest name of a family's pot (``Family.pots``) a leg can be posted to.
POT_NAME_MAX_LENGTH = 20


class Account:
    """A leg's account: ``PLAYER`` (the leg's ``player``), else the name of one of the table's
    family's pots (``Family.pots``: "king" and "pagat" of the Danish cups, "sheet" of a written
    score). The model knows no family's pots: the services post only to a pot the table's family
    declares, and ``check_ledger`` reports a leg on any other (docs/architecture.md, Storage)."""

    PLAYER = "player"


class Leg(models.Model):
    entry = models.ForeignKey(JournalEntry, on_delete=models.PROTECT, related_name="legs")
    account = models.CharField(max_length=POT_NAME_MAX_LENGTH)   # "player" or a pot's name (``Account``)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="legs")
    amount = models.IntegerField()

    class Meta:
        ordering = ["entry", "id"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(account="player", player__isnull=False) | (~Q(account="player") & Q(player__isnull=True))),
                name="leg_player_iff_player_account"),
        ]
        indexes = [models.Index(fields=["player", "entry"])]


class Role(models.TextChoices):
    """What a user may do in one club: each role includes the ones below it."""

    ADMIN = "admin", _("klubadministrator")
    SCOREKEEPER = "scorekeeper", _("skriver")
    MEMBER = "member", _("medlem")


ROLE_RANK = {Role.MEMBER: 1, Role.SCOREKEEPER: 2, Role.ADMIN: 3}


class Membership(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("rolle"), max_length=12, choices=Role.choices, default=Role.MEMBER)

    class Meta:
        verbose_name = _("medlemskab")
        verbose_name_plural = _("medlemskaber")
        constraints = [models.UniqueConstraint(fields=["user", "club"], name="membership_unique")]

    def __str__(self) -> str:
        return f"{self.user} – {self.club} ({self.get_role_display()})"

    def allows(self, role: str) -> bool:
        return ROLE_RANK[Role(self.role)] >= ROLE_RANK[Role(role)]


class LanguageChoice(models.Model):
    """The language a user chose with the language picker: kept for him, so that it follows him to
    every phone he logs in on (scoring/language.py)."""
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="language_choice")
    language = models.CharField(_("sprog"), max_length=8, choices=settings.LANGUAGES)

    class Meta:
        verbose_name = _("valgt sprog")
        verbose_name_plural = _("valgte sprog")

    def __str__(self) -> str:
        return f"{self.user}: {self.language}"


class EveningEventKind(models.TextChoices):
    CREATED = "created", _("aften oprettet")
    TABLE_CREATED = "table", _("bord oprettet")
    DEAL_RECORDED = "recorded", _("spil gemt")
    DEAL_CORRECTED = "corrected", _("spil rettet")
    DEAL_VOIDED = "voided", _("spil annulleret")
    IMPORTED = "imported", _("importeret")
    CLOSED = "closed", _("lukket")
    REOPENED = "reopened", _("genåbnet")
    MAILED = "mailed", _("arket lagt i udbakken til spillerne")
    # a mail sent again in another's place (``EveningMail.replaces``): a failed one to the address
    # as it is now, or the corrected sheet to those who hold an outdated one
    MAILED_AGAIN = "remailed", _("arket sendt igen")
    # the season set by hand (``Evening.season_override``, named in ``reason``) handed back to the date
    SEASON_BY_DATE = "season", _("sæson efter datoen")
    # the marks of "who pays whom" (``services.payments``): each names its transfer (payer,
    # receiver, amount in hundredths, family) so that a later close can tell which marks still hold
    PAID = "paid", _("betaling markeret")
    UNPAID = "unpaid", _("betaling afmarkeret")
    PAID_CLEARED = "cleared", _("betaling ryddet ved genåbning")
    PAID_KEPT = "kept", _("betaling bevaret ved lukning")


class PaymentMethod(models.TextChoices):
    """How a transfer was paid: in cash, by the phone payment of the currency's country (MobilePay
    in kroner, TWINT in Swiss francs), by bank, otherwise (``of_currency``)."""
    CASH = "cash", _("kontant")
    MOBILEPAY = "mobilepay", "MobilePay"
    TWINT = "twint", "TWINT"
    BANK = "bank", _("bank")
    OTHER = "other", _("andet")

    @classmethod
    def of_currency(cls, currency: str) -> list[tuple[str, str]]:
        """The methods a transfer in ``currency`` may be paid by, as choices: no MobilePay in euro
        or francs, no TWINT in kroner or euro."""
        phone = {"DKK": cls.MOBILEPAY, "CHF": cls.TWINT}.get(currency)
        return [(m.value, m.label) for m in cls if m not in (cls.MOBILEPAY, cls.TWINT) or m == phone]


class EveningEvent(models.Model):
    """The audit trail of an evening: every write — the evening and its tables created,
    each deal saved, corrected or voided, an import, the close and a reopening — with who and when,
    written by the service in the write's own transaction. A correction's ``deal`` is the new
    version (``deal.replaces`` the old one: what changed is read from the two); an import's
    ``count`` is its number of deals."""

    evening = models.ForeignKey(Evening, on_delete=models.PROTECT, related_name="events")
    kind = models.CharField(max_length=10, choices=EveningEventKind.choices)
    table = models.ForeignKey(Table, on_delete=models.PROTECT, null=True, blank=True, related_name="events")
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, null=True, blank=True, related_name="events")
    count = models.PositiveIntegerField(null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                             related_name="+")
    reason = models.TextField(_("begrundelse"), blank=True)
    at = models.DateTimeField(auto_now_add=True)
    # A payment mark's transfer (``PAID``, ``UNPAID``, ``PAID_CLEARED``, ``PAID_KEPT``): who pays whom
    # how much (hundredths) in which game family's settlement; how it was paid and a note (``PAID``); the
    # ``PAID`` event that an unmarking, a clearing or a keeping is about (``mark``).
    payer = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    receiver = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    amount = models.BigIntegerField(_("beløb (hundrededele)"), null=True, blank=True)
    family = models.CharField(max_length=20, blank=True, default="")
    method = models.CharField(_("betalt med"), max_length=10, choices=PaymentMethod.choices, blank=True, default="")
    note = models.TextField(_("note"), blank=True, default="")
    mark = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["evening", "at", "id"]


class EveningTransfer(models.Model):
    """One transfer of a closed evening's "who pays whom" (``money.evening_kroner`` per game family,
    as the evening page shows it), written by the close and removed by a reopening: a summary of
    the journal, never the ledger. What of it is paid is computed from the pair's payments
    (``Payment``, ``engine.allocation``), never stored. The club and date are kept on the row so
    that the club's transfers are one indexed query, however long its history."""

    evening = models.ForeignKey(Evening, on_delete=models.PROTECT, related_name="transfers")
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="+")
    date = models.DateField()
    family = models.CharField(max_length=20, default=families.DEFAULT_FAMILY)
    position = models.PositiveIntegerField()   # the order of "who pays whom" on the evening page
    payer = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="transfers_paid")
    receiver = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="transfers_received")
    amount = models.BigIntegerField()   # hundredths of the currency (0 only at a rate of 0)
    # the evening's currency (``Evening.currency``): what is outstanding is summed per currency
    currency = models.CharField(max_length=3, choices=Currency.choices, default=DEFAULT_CURRENCY)

    class Meta:
        ordering = ["evening", "position"]
        constraints = [models.UniqueConstraint(fields=["evening", "position"], name="transfer_unique_position"),
                       models.CheckConstraint(condition=Q(amount__gte=0), name="transfer_amount_not_negative")]
        indexes = [models.Index(fields=["club", "date"]), models.Index(fields=["payer", "date"]),
                   models.Index(fields=["receiver", "date"])]


class PaymentStatus(models.TextChoices):
    """Whether the receiver has said he got it: a payment the payer recorded waits for the receiver
    or the treasurer (the club admin) to confirm or dispute it; one they recorded is confirmed."""
    PENDING = "pending", _("afventer bekræftelse")
    CONFIRMED = "confirmed", _("bekræftet")
    DISPUTED = "disputed", _("bestridt")


class Payment(models.Model):
    """Money one player gave another, of any amount in hundredths of ``currency``: allocated to the
    pair's transfers oldest first by ``engine.allocation`` (docs/money.md, "Payments"), never tied to
    one transfer, so a correction, a void or a reopening never drops it. Nothing is edited in place:
    it is confirmed or disputed once (``decided_*``) and undone with a reason (``undone_*``), each
    step in the club's log. A payment counts (``COUNTS``) unless undone or disputed. ``mark`` is the
    paid mark of an evening it was made from by migration 0025 (None for any recorded since)."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="payments")
    payer = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="payments_made")
    receiver = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="payments_received")
    amount = models.BigIntegerField(_("beløb (hundrededele)"))
    currency = models.CharField(_("valuta"), max_length=3, choices=Currency.choices)
    method = models.CharField(_("betalt med"), max_length=10, choices=PaymentMethod.choices)
    paid_on = models.DateField(_("betalt den"))
    note = models.TextField(_("note"), blank=True, default="")
    # "settle up": the pair's whole balance at the time
    settles = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=PaymentStatus.choices, default=PaymentStatus.PENDING)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                    related_name="+")
    recorded_at = models.DateTimeField(default=timezone.now)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                   related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                  related_name="+")
    undone_at = models.DateTimeField(null=True, blank=True)
    undo_reason = models.TextField(_("begrundelse"), blank=True, default="")
    mark = models.OneToOneField(EveningEvent, on_delete=models.PROTECT, null=True, blank=True, related_name="+")

    #: the payments allocated to the transfers: neither undone nor disputed
    COUNTS = Q(undone_at__isnull=True) & ~Q(status=PaymentStatus.DISPUTED)

    class Meta:
        verbose_name = _("betaling")
        verbose_name_plural = _("betalinger")
        ordering = ["club", "-paid_on", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="payment_amount_positive"),
            models.CheckConstraint(condition=~Q(payer=models.F("receiver")), name="payment_two_players"),
            models.CheckConstraint(condition=Q(status__in=["pending", "confirmed", "disputed"]),
                                   name="payment_status_known"),
        ]
        indexes = [models.Index(fields=["club", "paid_on"])]

    @property
    def counts(self) -> bool:
        return self.undone_at is None and self.status != PaymentStatus.DISPUTED


class PlayerDealStat(models.Model):
    """Each player's figures for one deal version, written with its journal entry by the same
    transaction (the family's ``deal_stats``). A summary, not the ledger: when a correction
    re-settles a later deal its row is brought up to date.

    ``figures`` are the family's own figures by name (``Family.figures``: the Danish "tout",
    "pagat_ultimo", "cup_won" …, a declarer's "declarer", "declarer_won" …), only those that are not
    0; they are read back by name and never re-settled (docs/architecture.md, Storage). ``rules``
    is the table's rule set (``Table.rules``), so that figures can be summed per rule set."""

    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="stats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="deal_stats")
    evening = models.ForeignKey(Evening, on_delete=models.PROTECT, related_name="+")
    rules = models.CharField(max_length=CARD_NAME_MAX_LENGTH, default="")
    active = models.BooleanField()
    net = models.IntegerField()
    figures = models.JSONField(default=dict)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["deal", "player"], name="stat_unique_deal_player")]
        indexes = [models.Index(fields=["player", "evening"])]


def figure_sum(name: str):
    """The sum of one stored figure (``PlayerDealStat.figures``, ``PlayerEveningSummary.figures``)
    over the rows, read by its name: an aggregate for a query (a row without it counts 0; no row
    with it at all: None)."""
    return models.Sum(Cast(KT(f"figures__{name}"), models.IntegerField()))


def cents_sum(field: str, filter: Q | None = None):
    """The sum of a money column (two decimals, ``PlayerEveningSummary.kroner``) over the rows in
    whole hundredths, exact on every database: each value is rounded to a whole number of hundredths
    before it is summed (SQLite keeps such a column as a float, whose plain sum reads
    13.6000000000000); ``money.from_cents`` makes it an amount again."""
    return models.Sum(Cast(Round(models.F(field) * 100), models.BigIntegerField()), filter=filter)


class PlayerEveningSummary(models.Model):
    """Each player's result for one evening (points from the journal, figures from the per-deal
    rows), recomputed from those in the same transaction as every write to the evening; the
    standings read this small table instead of every leg. A summary, never the ledger itself.
    ``figures``: the sums of his current deals' figures, by name (0s left out)."""

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="evening_summaries")
    evening = models.ForeignKey(Evening, on_delete=models.PROTECT, related_name="summaries")
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="+")
    closed = models.BooleanField(default=False)
    date = models.DateField()
    # The game family of the player's table that evening: points of different families are
    # different units and are never added together (standings are per family).
    family = models.CharField(max_length=20, choices=family_choices, default=families.DEFAULT_FAMILY)
    # The rule set of the player's table that evening (``Table.rules``): standings per rule set.
    rules = models.CharField(max_length=CARD_NAME_MAX_LENGTH, default="")
    points = models.IntegerField(default=0)
    # The player's kroner of a closed evening (the sum of his payments at the evening's frozen
    # rate, ``money.evening_kroner``); None while the evening is open.
    kroner = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    deals = models.IntegerField(default=0)
    figures = models.JSONField(default=dict)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "evening"], name="summary_unique_player_evening")]
        indexes = [models.Index(fields=["club", "closed", "date"]), models.Index(fields=["player", "date"])]


class Submission(models.Model):
    """A form submission that was applied: its one-time key, written in the same
    transaction as the write itself, so that a double tap, a retry after a lost response or a
    re-sent form answers with the first result instead of writing again (``scoring.table.submissions``).
    Keys older than ``submissions.KEEP`` are pruned."""

    key = models.UUIDField(unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True,
                             related_name="+")
    action = models.CharField(max_length=30)
    result_url = models.CharField(max_length=300, blank=True)
    object_id = models.BigIntegerField(null=True, blank=True)   # the deal, table, evening … written
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    def __str__(self) -> str:
        return f"{self.action} {self.key}"


class ImportDraft(models.Model):
    """An uploaded evening file whose names are still to be answered (the import's second step,
    ``services.evening_import_prepare``'s questions): kept here between the two requests, nothing of
    it written to the club's evenings until confirmed; deleted by the import that writes it, and
    drafts older than ``views.imports.DRAFT_KEEP`` go when a new one is kept."""

    token = models.UUIDField(unique=True)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    data = models.TextField()   # the decoded file, as JSON
    new_card = models.CharField(max_length=CARD_TITLE_MAX_LENGTH, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)


class ClubEventKind(models.TextChoices):
    LOCKOUT_CLEARED = "unlocked", _("udelåsning ophævet")
    RENAMED = "renamed", _("spiller omdøbt")
    MERGED = "merged", _("spillere lagt sammen")
    RETIRED = "retired", _("spiller udtrådt")
    UNRETIRED = "returned", _("spiller tilbage")
    CONTACT = "contact", _("e-mail, login eller sprog ændret")
    RATE = "rate", _("sats pr. point ændret")
    CURRENCY = "currency", _("valuta ændret")
    PAY_DETAILS = "paydetails", _("betalingsoplysninger ændret")
    # a payment's steps (``Payment``, ``services.payments``)
    PAID = "paid", _("betaling registreret")
    PAYMENT_CONFIRMED = "confirmed", _("betaling bekræftet")
    PAYMENT_DISPUTED = "disputed", _("betaling bestridt")
    PAYMENT_UNDONE = "undone", _("betaling fortrudt")


class ClubEvent(models.Model):
    """The club's own audit trail, beside each evening's: an admin's action that touches no
    evening (a member's login lockout cleared), with who, whom and when. ``subject`` is the
    username acted on, kept as text: the log outlives a renamed or deleted user."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="events")
    kind = models.CharField(max_length=10, choices=ClubEventKind.choices)
    subject = models.CharField(max_length=150, blank=True)
    count = models.PositiveIntegerField(null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                             related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    # A member's change: the player acted on (a merge: the duplicate), the other player of a merge,
    # and what was before and after as text (a rename's old and new name, a rate's old and new).
    player = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="club_events")
    other = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    before = models.CharField(max_length=150, blank=True)
    after = models.CharField(max_length=150, blank=True)
    # A payment's step: the payment (its payer is ``player``, its receiver ``other``) and the reason
    # given for a dispute or an undoing.
    payment = models.ForeignKey("Payment", on_delete=models.PROTECT, null=True, blank=True, related_name="events")
    reason = models.TextField(_("begrundelse"), blank=True, default="")

    class Meta:
        ordering = ["club", "-at", "-id"]


# Tournaments (docs/tournaments.md): a club's tournament plays one rule set over rounds; each round is
# drawn (scoring/engine/draw.py) and then played as an ordinary evening of the club.

class RoundLength(models.TextChoices):
    DEALS = "deals", _("spil pr. bord")
    DEALER_TURNS = "dealer", _("gange hver spiller giver")


class TournamentScoring(models.TextChoices):
    """What a round is worth in the standings (docs/tournaments.md, "Standings"; the placement
    schemes: scoring/engine/placement.py). A tournament keeps the scheme it was created with."""
    POINTS = "points", _("point")
    SCALED = "scaled", _("placeringspoint, lige meget værd ved alle borde (12 … 0)")
    PLACES = "places", _("placeringspoint efter bordets størrelse (n − 1 … 0)")


class LengthCounts(models.TextChoices):
    """What counts towards a round's length (docs/tournaments.md, "A round"): the games played, as the
    family says (``Family.played_kinds``: no misdeal, shown hand or scrapped deal), or every deal
    recorded (the tournaments before kept that rule and keep it)."""
    GAMES = "games", _("spillede spil")
    DEALS = "deals", _("alle indtastede spil")


class ByeScore(models.TextChoices):
    ZERO = "zero", _("0 point")
    AVERAGE = "average", _("spillerens gennemsnit")


class Tournament(models.Model):
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="tournaments")
    name = models.CharField(_("navn"), max_length=100)
    rules = models.CharField(_("takstkort"), max_length=CARD_NAME_MAX_LENGTH)
    family = models.CharField(_("spil"), max_length=20, choices=family_choices)
    rate_card_json = models.TextField()          # the card, frozen when the tournament was created
    rounds = models.PositiveSmallIntegerField(_("runder"), validators=[MinValueValidator(1)])
    round_length_kind = models.CharField(_("rundens længde"), max_length=8, choices=RoundLength.choices,
                                         default=RoundLength.DEALS)
    round_length = models.PositiveSmallIntegerField(_("længde"), validators=[MinValueValidator(1)])
    scoring = models.CharField(_("stilling efter"), max_length=8, choices=TournamentScoring.choices,
                               default=TournamentScoring.POINTS)
    bye_score = models.CharField(_("en oversidder får"), max_length=8, choices=ByeScore.choices,
                                 default=ByeScore.ZERO)
    counts_in_standings = models.BooleanField(_("tæller i sæsonens stilling"), default=False)
    kroner_per_point = models.DecimalField(_("sats pr. point"), max_digits=8, decimal_places=4,
                                           default=Decimal("0"), validators=[MinValueValidator(Decimal("0"))])
    seed = models.BigIntegerField()               # the draw's recorded seed (each round's is its own)
    length_counts = models.CharField(_("rundens længde tæller"), max_length=8, choices=LengthCounts.choices,
                                     default=LengthCounts.GAMES)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                   related_name="+")

    class Meta:
        verbose_name = _("turnering")
        verbose_name_plural = _("turneringer")
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="tournament_unique_name")]

    def __str__(self) -> str:
        return self.name


class EntrantStatus(models.TextChoices):
    ACTIVE = "active", _("med")
    WITHDRAWN = "withdrawn", _("trukket sig")
    DISQUALIFIED = "disqualified", _("diskvalificeret")


class Entrant(models.Model):
    """A player registered for a tournament (a member or a guest: a player row of the club); a
    withdrawn or disqualified one is drawn no more from ``since_round`` on (reinstated, he is drawn
    again; the log, ``TournamentEvent``, keeps when each status held: the standings of a past round
    read it as it stood then)."""
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="entrants")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    status = models.CharField(_("status"), max_length=12, choices=EntrantStatus.choices, default=EntrantStatus.ACTIVE)
    since_round = models.PositiveSmallIntegerField(null=True, blank=True)
    reason = models.TextField(_("begrundelse"), blank=True)

    class Meta:
        ordering = ["tournament", "player__name"]
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="entrant_unique_player")]


class RoundState(models.TextChoices):
    DRAWN = "drawn", _("trukket")
    PLAYING = "playing", _("spilles")
    CLOSED = "closed", _("afsluttet")


class Absence(models.Model):
    """A player registered and in the tournament who sits one round out (a late arrival): the round
    is drawn without him, he scores 0 in it and is drawn again after it (docs/tournaments.md)."""
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="absences")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    round = models.PositiveSmallIntegerField(_("runde"))

    class Meta:
        ordering = ["tournament", "round", "player__name"]
        constraints = [models.UniqueConstraint(fields=["tournament", "player", "round"], name="absence_once")]


class TableRuling(models.TextChoices):
    """How a round closed with a table unfinished counts that table (docs/tournaments.md, "Closing a
    round"): its deals as played, or an adjusted score (as if its players had all tied)."""
    COUNTED = "counted", _("spillene tæller som spillet")
    ADJUSTED = "adjusted", _("justeret: som om alle stod lige")


class TournamentRound(models.Model):
    """A round: its draw (``draw``: tables in dealing order, byes, absent players, numbers, pairs
    meeting again) from its ``seed``, shown until confirmed; confirmed, it is played as ``evening``.
    The draw names players by key (``Player`` pks; the readers: ``selectors.tournaments``); a name the
    upgrade could not resolve stays as text until the director assigns it (docs/tournaments.md, "The
    stored draw"). ``rulings``: the tables the director closed unfinished, {table number (text):
    {"ruling": a ``TableRuling``, "reason": text}}."""
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("runde"))
    seed = models.BigIntegerField()
    draw = models.JSONField()
    state = models.CharField(max_length=8, choices=RoundState.choices, default=RoundState.DRAWN)
    evening = models.OneToOneField(Evening, on_delete=models.PROTECT, null=True, blank=True,
                                   related_name="tournament_round")
    rulings = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number")]


class TournamentEventKind(models.TextChoices):
    CREATED = "created", _("turnering oprettet")
    REGISTERED = "registered", _("spiller tilmeldt")
    UNREGISTERED = "unregistered", _("spiller afmeldt")
    DRAWN = "drawn", _("runde trukket")
    CONFIRMED = "confirmed", _("lodtrækning godkendt")
    ROUND_CLOSED = "closed", _("runde afsluttet")
    WITHDRAWN = "withdrawn", _("spiller trukket sig")
    DISQUALIFIED = "disqualified", _("spiller diskvalificeret")
    # the upgrade to player keys (migration 0019) dropped a round drawn but not confirmed
    DROPPED = "dropped", _("lodtrækning kasseret ved opdatering")
    ASSIGNED = "assigned", _("navn i lodtrækningen tildelt")
    REINSTATED = "reinstated", _("spiller taget med igen")
    ABSENT = "absent", _("spiller fraværende i en runde")
    PRESENT = "present", _("fravær taget tilbage")
    DISCARDED = "discarded", _("vist lodtrækning kasseret")
    DELETED = "deleted", _("runde slettet")
    RULED = "ruled", _("ufærdigt bord afgjort")
    DEAL_KEPT = "deal_kept", _("spil ud over runden godkendt")
    DEAL_DROPPED = "deal_dropped", _("spil ud over runden kasseret")


class TournamentEvent(models.Model):
    """The tournament's log: every write, with who and when (and a draw's seed, a reason). For a
    withdrawal, disqualification or reinstatement ``round`` is the first round whose standings show
    it (the round being played when it happened, else the next). ``detail``: a discarded or deleted
    round's draw (``{"tables": [[key, …], …]}``, and a deleted round's ``"evening"``), a ruling's
    ``{"table": n, "ruling": …}``."""
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="events")
    kind = models.CharField(max_length=12, choices=TournamentEventKind.choices)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    seed = models.BigIntegerField(null=True, blank=True)
    reason = models.TextField(_("begrundelse"), blank=True)
    detail = models.JSONField(null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                             related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "at", "id"]

class PendingState(models.TextChoices):
    PENDING = "pending", _("venter")
    KEPT = "kept", _("godkendt")
    DROPPED = "dropped", _("kasseret")


class PendingDeal(models.Model):
    """A deal sent to a tournament table that has played the round's length (docs/tournaments.md, "A
    round"): kept here, outside the ledger, until the director keeps it (recorded then as the
    table's next deal, ``deal``) or drops it, with a reason. ``key``: the submission key it came with,
    so that the same deal sent again is the same pending deal."""
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="pending_deals")
    outcome_json = models.TextField()
    key = models.UUIDField(unique=True, null=True, blank=True)
    sent_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                related_name="+")
    sent_at = models.DateTimeField(auto_now_add=True)
    state = models.CharField(max_length=8, choices=PendingState.choices, default=PendingState.PENDING)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                   related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)
    reason = models.TextField(_("begrundelse"), blank=True)
    deal = models.OneToOneField(Deal, on_delete=models.PROTECT, null=True, blank=True, related_name="pending")

    class Meta:
        ordering = ["table", "sent_at", "id"]

    @property
    def outcome(self) -> dict:
        return json.loads(self.outcome_json)


class EveningMailKind(models.TextChoices):
    """What a mail of the outbox carries to a player about one evening."""
    SHEET = "sheet", _("afregningsark og opgørelse")


class EveningMail(models.Model):
    """One player's mail about one closed evening in the outbox: queued by the request (one current
    mail per evening, player and kind: the unique constraint keys it), then rendered and handed to
    django-post-office's ``Email`` by the sender outside any request (scoring/outbox_sender.py), whose status
    (queued, sent, failed) the evening page shows. ``address`` and ``language`` are taken when it is
    queued (the player's address then, and his language then: scoring/language.py player_language);
    the sender renders it to the address as it is then (a mail not yet sent follows a corrected address)."""

    evening = models.ForeignKey(Evening, on_delete=models.PROTECT, related_name="mails")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="mails")
    kind = models.CharField(max_length=10, choices=EveningMailKind.choices, default=EveningMailKind.SHEET)
    address = models.EmailField()
    language = models.CharField(max_length=8, choices=settings.LANGUAGES)
    queued_at = models.DateTimeField(default=timezone.now)
    queued_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                  related_name="+")
    # set by the sender once the mail is rendered and in post_office's queue; the mail is never
    # rendered again, even after post_office's ``cleanup_mail`` has deleted its ``Email``
    email = models.OneToOneField("post_office.Email", on_delete=models.SET_NULL, null=True, blank=True,
                                 related_name="evening_mail")
    rendered_at = models.DateTimeField(null=True, blank=True)
    # why the sender's last try to render it failed; "" otherwise. It is tried again in later rounds
    # until ``render_attempts`` reaches ``RENDER_ATTEMPTS``, then it stays failed.
    problem = models.TextField(blank=True, default="")
    render_attempts = models.PositiveSmallIntegerField(default=0)
    # The version of the evening's sheet it was rendered from (``selectors.statements.sheet_version``):
    # a mail sent with another version than the evening's now carries an outdated sheet.
    sheet = models.CharField(max_length=40, blank=True, default="")
    # A mail sent again takes the place of the one before (``replaces``, no longer ``current``):
    # a failed mail sent to the address as it is now, or the sheet of a corrected evening
    # (``corrected``: its subject and text say so) to a player who holds an outdated one.
    current = models.BooleanField(default=True)
    replaces = models.OneToOneField("self", on_delete=models.PROTECT, null=True, blank=True,
                                    related_name="replaced_by")
    corrected = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("udsendt ark")
        verbose_name_plural = _("udsendte ark")
        ordering = ["evening", "id"]
        constraints = [models.UniqueConstraint(fields=["evening", "player", "kind"], condition=Q(current=True),
                                               name="mail_once_per_kind")]

    def __str__(self) -> str:
        return f"{self.evening} – {self.player}"

    #: The rounds that try to render one mail before it stays failed with its reason: a failure that
    #: passes (the database or the disk for a moment) is over by the next round; one that does not (a
    #: fault in the code or the data) stops costing every round its work and is shown as failed.
    #: Here, beside the count it bounds, since the sender and the outbox's page both read it.
    RENDER_ATTEMPTS = 3


class Cup(models.Model):
    """A cup series ("pokalturnering", docs/cups.md): the club's tournaments and ordinary closed
    evenings grouped together; each player's placing in each is turned into cup points by
    ``points`` (a list: the points of 1st, 2nd … place; beyond it 0) and the best ``best`` count
    (scoring/engine/cup.py). The placings are read, never stored: players are their keys there."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="cups")
    name = models.CharField(_("navn"), max_length=100)
    points = models.JSONField(_("point pr. placering"), default=list)
    best = models.PositiveSmallIntegerField(_("antal bedste resultater der tæller"),
                                            validators=[MinValueValidator(1)])
    tournaments = models.ManyToManyField(Tournament, blank=True, related_name="cups",
                                         verbose_name=_("turneringer"))
    evenings = models.ManyToManyField(Evening, blank=True, related_name="cups", verbose_name=_("aftener"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("pokalturnering")
        verbose_name_plural = _("pokalturneringer")
        ordering = ["club", "-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="cup_unique_name")]

    def __str__(self) -> str:
        return self.name


class ReportFile(models.Model):
    """A long report made by the worker outside any request (scoring/worker.py): the season report's
    PDF or one of its exports over a scope of more closed evenings than a request may cover
    (``bounds.SEASON_REPORT_INLINE_EVENINGS``). One per club, kind, scope, language and state of the
    club's books (``books``: ``selectors.background.books_version``): a later write to the club's
    evenings asks for a new one; the file is kept in the row (a few hundred kB), so that the web
    workers and the worker share nothing but the database."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=20)        # ``reports.background.KINDS``
    scope = models.CharField(max_length=200)      # the report's scope as its query (``season=3&…``)
    language = models.CharField(max_length=8, choices=settings.LANGUAGES)
    books = models.CharField(max_length=40)
    requested_at = models.DateTimeField(default=timezone.now)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                     related_name="+")
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    content = models.BinaryField(null=True, blank=True)
    name = models.CharField(max_length=200, blank=True)          # the file's name when it is served
    problem = models.TextField(blank=True, default="")            # why the last try failed
    attempts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["requested_at", "id"]
        constraints = [models.UniqueConstraint(fields=["club", "kind", "scope", "language", "books"],
                                               name="report_file_once")]
        indexes = [models.Index(fields=["finished_at", "requested_at"])]

    @property
    def ready(self) -> bool:
        return self.finished_at is not None and not self.problem
