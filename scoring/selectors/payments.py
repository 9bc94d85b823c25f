"""Who has paid: each transfer of a closed evening with what is paid of it, what each pair of
players owes across evenings, a player's transfers and sums, the club's payments, and the marks of
before payments were amounts that the treasurer should look at.

What is paid of a transfer is never stored: the pair's transfers and the payments that count
(``Payment.COUNTS``) are read, each player as he is now (``members.identity``: a merged duplicate's
rows are the player's), and allocated by ``engine.allocation`` — oldest transfer first, an
overpayment a credit that pays the next transfer, open transfers set off the other way, each
currency on its own (docs/money.md, "Payments"). ``transfer_states(evening)`` is the one read of an
evening's transfers for every page, the PDF, the season report and the statements."""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from scoring.currency import format_money
from scoring.engine.allocation import PAID, PART, UNPAID, Allocation, Due, Paid, allocate
from scoring.engine.money import DEFAULT_CURRENCY, Purse, from_cents
from scoring.models import (
    Club, Evening, EveningEvent, EveningEventKind, EveningTransfer, Payment, PaymentStatus, Player
)

from .members import identity, identity_name, identity_of


@dataclass(frozen=True)
class TransferState:
    """One transfer of "who pays whom" and what of it is paid. Amounts are in hundredths of the
    evening's ``currency``: ``paid`` by payments, ``offset`` by the pair's transfers the other way,
    the rest ``open``; ``pending`` when a payment that pays it still waits for the receiver's
    confirmation. ``payer``/``receiver`` are the players they stand for now, by name and key
    (``payer_id``/``receiver_id``): a merged player is the one he was merged into (docs/names.md)."""
    id: int
    evening_id: int
    date: dt.date
    family: str
    payer: str
    payer_id: int
    receiver: str
    receiver_id: int
    amount: int
    currency: str = DEFAULT_CURRENCY
    paid: int = 0
    offset: int = 0
    pending: bool = False

    @property
    def open(self) -> int:
        return self.amount - self.paid - self.offset

    @property
    def covered(self) -> int:
        return self.paid + self.offset

    @property
    def state(self) -> str:
        """``PAID`` (nothing open: paid, or set off against the other way), ``PART`` or ``UNPAID``."""
        if self.open == 0:
            return PAID
        return PART if self.paid or self.offset else UNPAID

    @property
    def settled(self) -> bool:
        return self.open == 0

    @property
    def set_off(self) -> bool:
        """Settled by the pair's transfers the other way rather than by a payment."""
        return self.offset > 0 and self.paid == 0

    @property
    def kroner(self) -> Decimal:
        return from_cents(self.amount)

    def _money(self, cents: int) -> str:
        return format_money(from_cents(cents), self.currency)

    @property
    def kroner_text(self) -> str:
        """The amount in its currency, as the page's language writes it."""
        return self._money(self.amount)

    @property
    def covered_text(self) -> str:
        return self._money(self.covered)

    @property
    def open_text(self) -> str:
        return self._money(self.open)

    @property
    def words(self) -> str:
        """The state in words, as the listings and the season report write it: paid (or set off
        against the pair's transfers the other way), part paid with how much of how much, or
        unpaid; and that a payment of it still waits for the receiver's confirmation."""
        if self.state == PAID:
            words = _("udlignet") if self.set_off else _("betalt")
        elif self.state == PART:
            words = (_("delvis udlignet: %(covered)s af %(amount)s") if self.paid == 0
                     else _("delvis betalt: %(covered)s af %(amount)s")) % {"covered": self.covered_text,
                                                                            "amount": self.kroner_text}
        else:
            words = _("ubetalt")
        return f"{words} · {_('afventer bekræftelse')}" if self.pending else words

    def key(self) -> tuple[str, str, str, int]:
        """(family, payer, receiver, hundredths): how the evening page finds a payment's state."""
        return self.family, self.payer, self.receiver, self.amount


# Reading a pair's book ------------------------------------------------------------------------------

_TRANSFER = ("id", "evening_id", "date", "family", "amount", "currency", "payer_now", "receiver_now")


def _transfers(where: Q) -> list[dict]:
    """The transfers ``where`` names, oldest first (by date, evening, and the page's order), each
    with its players as they are now (``payer_now``, ``receiver_now``: keys)."""
    return list(EveningTransfer.objects.annotate(payer_now=identity("payer"), receiver_now=identity("receiver"))
                .filter(where).order_by("date", "evening_id", "position").values(*_TRANSFER))


def _payments(where: Q) -> list[dict]:
    """The payments that count (``Payment.COUNTS``) ``where`` names, in the order they were made."""
    return list(Payment.objects.annotate(payer_now=identity("payer"), receiver_now=identity("receiver"))
                .filter(Payment.COUNTS & where).order_by("paid_on", "id")
                .values("id", "amount", "currency", "status", "payer_now", "receiver_now"))


def _between(players: set[int]) -> Q:
    """Rows both of whose players (as they are now) are among ``players``."""
    return Q(payer_now__in=players, receiver_now__in=players)


def _involving(player: int) -> Q:
    return Q(payer_now=player) | Q(receiver_now=player)


@dataclass(frozen=True)
class Book:
    """Transfers and payments read and allocated: the rows (``_transfers``, ``_payments``) and the
    engine's ``Allocation`` of them, keyed by the rows' ids."""
    transfers: list[dict]
    payments: list[dict]
    allocation: Allocation

    def cover(self, transfer_id: int):
        return self.allocation.covers.get(transfer_id)

    @cached_property
    def _waiting(self) -> set[int]:
        """The transfers a payment that waits for the receiver's confirmation pays."""
        pending = {p["id"] for p in self.payments if p["status"] == PaymentStatus.PENDING}
        return {transfer for payment, transfer, _amount in self.allocation.uses if payment in pending}

    def pending(self, transfer_id: int) -> bool:
        """Whether a payment that pays the transfer waits for the receiver's confirmation."""
        return transfer_id in self._waiting


def read_book(club: Club | int, where: Q = Q()) -> Book:
    """The club's transfers and counting payments that ``where`` names (on ``payer_now`` and
    ``receiver_now``), allocated. Two queries, however long the history."""
    club_id = getattr(club, "pk", club)
    transfers = _transfers(Q(club_id=club_id) & where)
    payments = _payments(Q(club_id=club_id) & where)
    allocation = allocate(
        (Due(t["id"], t["payer_now"], t["receiver_now"], t["amount"], t["currency"]) for t in transfers),
        (Paid(p["id"], p["payer_now"], p["receiver_now"], p["amount"], p["currency"]) for p in payments))
    return Book(transfers, payments, allocation)


# Transfers with their state ------------------------------------------------------------------------

def _state(t: EveningTransfer, book: Book) -> TransferState:
    payer, receiver = identity_of(t.payer), identity_of(t.receiver)
    cover = book.cover(t.pk)
    return TransferState(
        id=t.pk, evening_id=t.evening_id, date=t.date, family=t.family, payer=payer.name, payer_id=payer.pk,
        receiver=receiver.name, receiver_id=receiver.pk, amount=t.amount, currency=t.currency,
        paid=cover.paid if cover else 0, offset=cover.offset if cover else 0, pending=book.pending(t.pk))


def _states(transfers: Iterable[EveningTransfer], club_id: int | None) -> list[TransferState]:
    transfers = list(transfers)
    if not transfers:
        return []
    players = {identity_of(p).pk for t in transfers for p in (t.payer, t.receiver)}
    book = read_book(club_id, _between(players))
    return [_state(t, book) for t in transfers]


_RELATED = ("payer__merged_into", "receiver__merged_into")


def transfer_states(evening: Evening) -> list[TransferState]:
    """Each transfer of the closed ``evening``'s "who pays whom", in the page's order, with what of
    it is paid (none for an open evening: nothing is settled yet). Three queries."""
    return evenings_transfer_states([evening.pk])


def evenings_transfer_states(evening_ids) -> list[TransferState]:
    """``transfer_states`` of several evenings of one club at once (the season report's books), by
    evening and in each evening's order. Three queries, whatever the number of evenings."""
    transfers = list(EveningTransfer.objects.filter(evening_id__in=evening_ids).select_related(*_RELATED)
                     .order_by("evening_id", "position"))
    return _states(transfers, transfers[0].club_id if transfers else None)


def states_by_payment(evening: Evening) -> dict[tuple[str, str, str, int], list[TransferState]]:
    """``transfer_states`` by (family, payer, receiver, hundredths), as the page's payments name them."""
    found: dict[tuple, list[TransferState]] = {}
    for state in transfer_states(evening):
        found.setdefault(state.key(), []).append(state)
    return found


def state_of(states: dict, family: str, *payments) -> TransferState | None:
    """The stored state of one payment as a page shows it (``states``: ``states_by_payment``'s,
    copied, as each state is taken once): the same family, payer, receiver and hundredths. A state names
    its players as they are now, so the payment as shown now is the one found; the payment as
    recorded (names as seated) is tried too."""
    from scoring.engine.money import to_cents

    for payment in payments:
        found = states.get((family, payment.payer, payment.payee, to_cents(payment.kroner)))
        if found:
            return found.pop(0)
    return None


def shown_payment(payment, now: dict):
    """A payment with its players named as they are called now (``now``: name sat down with ->
    name now, for a renamed or merged player)."""
    import dataclasses

    return dataclasses.replace(payment, payer=now.get(payment.payer, payment.payer),
                               payee=now.get(payment.payee, payment.payee))


def open_of_evening(player: Player, evening: Evening) -> int:
    """What of ``player``'s transfers of ``evening`` (he pays) is still open, in hundredths of the
    evening's currency: what his statement asks him to pay."""
    return sum(s.open for s in transfer_states(evening) if s.payer_id == player.pk)


# A player's transfers ------------------------------------------------------------------------------

def _stands_for(player: Player) -> Q:
    return Q(pk=player.pk) | Q(merged_into=player)


def player_transfers(player: Player) -> QuerySet:
    """The transfers ``player`` pays or receives (his and those of players merged into him), newest
    evening first: rows for ``PlayerPaymentsTable``, whose states ``player_book`` gives."""
    mine = Player.objects.filter(_stands_for(player))
    return (EveningTransfer.objects.filter(Q(payer__in=mine) | Q(receiver__in=mine))
            .annotate(payer_now=identity_name("payer"), receiver_now=identity_name("receiver"))
            .select_related(*_RELATED).order_by("-date", "-evening_id", "position"))


def player_book(player: Player) -> Book:
    """Every pair ``player`` is one of (his transfers and payments, a duplicate's merged into him
    included), allocated: what is paid of each of his transfers, and his balance with each player."""
    return read_book(player.club_id, _involving(player.pk))


def player_states(player: Player, transfers: Iterable[EveningTransfer], book: Book | None = None
                  ) -> dict[int, TransferState]:
    """{transfer id: its state} of some of ``player``'s transfers (the rows a page shows)."""
    book = book or player_book(player)
    return {t.pk: _state(t, book) for t in transfers}


# What each pair owes -------------------------------------------------------------------------------

@dataclass(frozen=True)
class PairOwed:
    """What ``debtor`` owes ``creditor`` in ``currency`` across evenings, net (hundredths, more than
    0); ``credit`` of it is an overpayment of the creditor's (it pays his next transfer)."""
    debtor_id: int
    debtor: str
    creditor_id: int
    creditor: str
    currency: str
    amount: int
    credit: int = 0

    @property
    def kroner(self) -> Decimal:
        return from_cents(self.amount)

    @property
    def kroner_text(self) -> str:
        return format_money(self.kroner, self.currency)

    @property
    def credit_text(self) -> str:
        return format_money(from_cents(self.credit), self.currency)


def _pairs(book: Book) -> list[PairOwed]:
    ids = {i for b in book.allocation.balances for i in (b.debtor, b.creditor)}
    names = dict(Player.objects.filter(pk__in=ids).values_list("pk", "name"))
    rows = [PairOwed(b.debtor, names[b.debtor], b.creditor, names[b.creditor], b.currency, b.amount, b.credit)
            for b in book.allocation.balances]
    return sorted(rows, key=lambda r: (r.debtor.casefold(), r.creditor.casefold(), r.currency))


def pair_balances(club: Club, book: Book | None = None) -> list[PairOwed]:
    """Each pair of the club's players that owes the other something, net across evenings and per
    currency ("Udestående"), by the debtor's and the creditor's names."""
    return _pairs(book or read_book(club))


def pair_balance(club: Club | int, a: int, b: int, currency: str) -> int:
    """What player ``a`` owes player ``b`` in ``currency`` (hundredths; negative: ``b`` owes ``a``),
    each as he is now: what settling up between them pays."""
    book = read_book(club, _between({a, b}))
    for balance in book.allocation.balances:
        if balance.currency == currency and {balance.debtor, balance.creditor} == {a, b}:
            return balance.amount if balance.debtor == a else -balance.amount
    return 0


def player_pairs(player: Player, book: Book | None = None) -> list[PairOwed]:
    """``player``'s pairs that owe something: whom he owes, and who owes him."""
    return _pairs(book or player_book(player))


def outstanding_transfers(club: Club, book: Book | None = None) -> list[TransferState]:
    """Every transfer of the club's closed evenings with something open, oldest first: made from the
    book's rows and the players' names (one query), however many there are."""
    book = book or read_book(club)
    names = dict(Player.objects.filter(club=club).values_list("pk", "name"))
    found = []
    for t in book.transfers:
        cover = book.cover(t["id"])
        if cover.open:
            found.append(TransferState(
                id=t["id"], evening_id=t["evening_id"], date=t["date"], family=t["family"],
                payer=names[t["payer_now"]], payer_id=t["payer_now"], receiver=names[t["receiver_now"]],
                receiver_id=t["receiver_now"], amount=t["amount"], currency=t["currency"], paid=cover.paid,
                offset=cover.offset, pending=book.pending(t["id"])))
    return found


def _purses(cents: dict[str, int], other: dict[str, int]) -> Purse:
    """Hundredths per currency as a purse, with a 0 in each currency only ``other`` has (what a
    player owes beside what he is owed, currency by currency)."""
    return Purse({c: from_cents(cents.get(c, 0)) for c in (*cents, *other)})


@dataclass(frozen=True)
class Outstanding:
    """One player's balances with the others across evenings: how much he owes, is owed, and the
    balance, each per currency (``money.Purse``: kroner and euro never added), each pair netted
    first; ``pairs`` counts the players he owes or is owed by."""
    player_id: int
    player: str
    owes: Purse
    owed: Purse
    pairs: int

    @property
    def balance(self) -> Purse:
        return self.owed - self.owes


def outstanding_by_player(club: Club, pairs: list[PairOwed] | None = None) -> list[Outstanding]:
    """Each player's sums of ``pair_balances`` per currency, most owing first."""
    owes: dict[int, dict[str, int]] = {}
    owed: dict[int, dict[str, int]] = {}
    counts: dict[int, int] = {}
    names: dict[int, str] = {}
    for pair in (pairs if pairs is not None else pair_balances(club)):
        for who, name, sums in ((pair.debtor_id, pair.debtor, owes), (pair.creditor_id, pair.creditor, owed)):
            mine = sums.setdefault(who, {})
            mine[pair.currency] = mine.get(pair.currency, 0) + pair.amount
            counts[who] = counts.get(who, 0) + 1
            names[who] = name
    rows = [Outstanding(p, names[p], _purses(owes.get(p, {}), owed.get(p, {})),
                        _purses(owed.get(p, {}), owes.get(p, {})), counts[p]) for p in counts]
    return sorted(rows, key=lambda r: (r.balance.sort_key(), r.player.casefold()))


@dataclass(frozen=True)
class PlayerPaymentSums:
    """A player's transfers (his and those of players merged into him) counted, and what he owes and
    is owed across evenings, per currency, each pair netted (no currency he has nothing open in)."""
    transfers: int
    owes: Purse
    owed: Purse


def player_payment_sums(player: Player, book: Book | None = None) -> PlayerPaymentSums:
    """``player``'s transfers counted (the rows ``player_transfers`` lists) and his balances."""
    book = book or player_book(player)
    owes = Purse((b.currency, from_cents(b.amount)) for b in book.allocation.balances if b.debtor == player.pk)
    owed = Purse((b.currency, from_cents(b.amount)) for b in book.allocation.balances if b.creditor == player.pk)
    mine = {t["id"] for t in book.transfers}
    return PlayerPaymentSums(len(mine), owes, owed)


# The club's payments ------------------------------------------------------------------------------

def club_payments(club: Club) -> QuerySet:
    """Every payment of the club, newest first, with its players' names now (``payer_now``,
    ``receiver_now``) for the listing to show and sort by."""
    return (Payment.objects.filter(club=club)
            .annotate(payer_now=identity_name("payer"), receiver_now=identity_name("receiver"))
            .select_related("payer__merged_into", "receiver__merged_into", "recorded_by", "decided_by", "undone_by")
            .order_by("-paid_on", "-id"))


def awaiting(user, club: Club) -> list[Payment]:
    """The payments ``user`` is asked to confirm or dispute: as the treasurer every pending payment
    of the club, else those paid to a player his login speaks for."""
    from scoring import access

    pending = club_payments(club).filter(status=PaymentStatus.PENDING, undone_at__isnull=True)
    if access.is_treasurer(user, club.pk):
        return list(pending)
    if not getattr(user, "is_authenticated", False):
        return []
    return [p for p in pending if access.speaks_for(user, p.receiver)]


# The marks of before payments were amounts (migration 0025) ---------------------------------------

@dataclass(frozen=True)
class Superseded:
    """A paid mark that a correction cleared and a later mark of the same transfer replaced: the
    migration took the later mark as the whole paid (``payment``), and the treasurer should check
    that nothing of the first was paid beside it."""
    mark: EveningEvent
    payment: Payment | None


def superseded_marks(club: Club) -> list[Superseded]:
    """Every such mark of the club's evenings (0025's ``holding``): a paid mark that is neither
    taken back nor a payment, with the payment migrated from the later mark that stands for it."""
    marks = list(EveningEvent.objects.filter(evening__club=club, kind=EveningEventKind.PAID, amount__gt=0)
                 .select_related("evening__club", "payer__merged_into", "receiver__merged_into", "user")
                 .order_by("at", "id"))
    if not marks:
        return []
    taken_back = set(EveningEvent.objects.filter(evening__club=club, kind=EveningEventKind.UNPAID)
                     .values_list("mark_id", flat=True))
    migrated = {p.mark_id: p for p in Payment.objects.filter(club=club, mark__isnull=False).select_related("mark")}
    found = []
    for mark in marks:
        if mark.pk in taken_back or mark.pk in migrated:
            continue
        later = [p for p in migrated.values() if (p.mark.evening_id, p.mark.family, p.mark.payer_id, p.mark.receiver_id)
                 == (mark.evening_id, mark.family, mark.payer_id, mark.receiver_id) and p.mark.at >= mark.at]
        found.append(Superseded(mark, later[-1] if later else None))
    return found
