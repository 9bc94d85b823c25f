"""Who has paid: each transfer of a closed evening with its state (paid: by whom, how, when; or
unpaid), a player's transfers evening by evening, and the club's outstanding transfers.

``transfer_states(evening)`` is the one read of an evening's marks for every page, the PDF and
whoever else reads them (the season report, the statements)."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Q, QuerySet, Sum

from scoring.currency import format_money
from scoring.engine.money import CURRENCIES, DEFAULT_CURRENCY, Purse, from_cents
from scoring.models import Club, Evening, EveningTransfer, PaymentMethod, Player

from .members import identity_name, identity_of


@dataclass(frozen=True)
class TransferState:
    """One transfer of "who pays whom" and whether it is paid. ``amount`` is in hundredths of the
    evening's ``currency`` (``kroner`` the same as an amount); ``paid_by`` the login that marked it (its user name), ``paid_at`` when,
    ``method`` how (``PaymentMethod``), all empty while unpaid. ``payer``/``receiver`` are the
    players they stand for now, by name and key (``payer_id``/``receiver_id``): a merged player is
    the one he was merged into (``selectors.members``, docs/names.md)."""
    id: int
    evening_id: int
    date: dt.date
    family: str
    payer: str
    payer_id: int
    receiver: str
    receiver_id: int
    amount: int
    paid: bool
    paid_by: str = ""
    paid_at: dt.datetime | None = None
    method: str = ""
    note: str = ""
    currency: str = DEFAULT_CURRENCY

    @property
    def kroner(self) -> Decimal:
        return from_cents(self.amount)

    @property
    def kroner_text(self) -> str:
        """The amount in its currency, as the page's language writes it."""
        return format_money(self.kroner, self.currency)

    @property
    def method_label(self) -> str:
        return str(PaymentMethod(self.method).label) if self.method else ""

    def key(self) -> tuple[str, str, str, int]:
        """(family, payer, receiver, hundredths): how the evening page finds a payment's state."""
        return self.family, self.payer, self.receiver, self.amount


_STATE_RELATED = ("payer__merged_into", "receiver__merged_into", "mark", "mark__user")


def _named_now(transfers: QuerySet) -> QuerySet:
    """``transfers`` with ``payer_now`` and ``receiver_now``: the names of the players they stand for
    now, for a listing to show and sort by."""
    return transfers.annotate(payer_now=identity_name("payer"), receiver_now=identity_name("receiver"))


def _state(t: EveningTransfer) -> TransferState:
    mark = t.mark
    return TransferState(
        id=t.pk, evening_id=t.evening_id, date=t.date, family=t.family,
        payer=identity_of(t.payer).name, payer_id=identity_of(t.payer).pk,
        receiver=identity_of(t.receiver).name, receiver_id=identity_of(t.receiver).pk,
        amount=t.amount, paid=mark is not None, currency=t.currency,
        paid_by=(mark.user.get_username() if mark is not None and mark.user is not None else ""),
        paid_at=mark.at if mark is not None else None,
        method=mark.method if mark is not None else "", note=mark.note if mark is not None else "")


def transfer_states(evening: Evening) -> list[TransferState]:
    """Each transfer of the closed ``evening``'s "who pays whom", in the page's order, with its
    state (none for an open evening: nothing is settled yet). One query."""
    return evenings_transfer_states([evening.pk])


def evenings_transfer_states(evening_ids) -> list[TransferState]:
    """``transfer_states`` of several evenings at once (the season report's books), by evening and
    in each evening's order. One query, whatever the number of evenings."""
    return [_state(t) for t in EveningTransfer.objects.filter(evening_id__in=evening_ids)
            .select_related(*_STATE_RELATED).order_by("evening_id", "position")]


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


def _stands_for(player: Player) -> Q:
    return Q(pk=player.pk) | Q(merged_into=player)


def _pays(player: Player) -> tuple[Q, Q]:
    """(he pays, he receives): the transfers of ``player`` and of the players merged into him, as
    the payer and as the receiver. One place, so that the rows the player page lists
    (``player_transfers``) and the count its paginator is given (``player_payment_sums``) agree."""
    mine = Player.objects.filter(_stands_for(player))
    return Q(payer__in=mine), Q(receiver__in=mine)


def player_transfers(player: Player) -> QuerySet:
    """The transfers ``player`` pays or receives (his and those of players merged into him), newest
    evening first: rows for ``PlayerPaymentsTable`` (``transfer_rows``)."""
    pays, receives = _pays(player)
    return (_named_now(EveningTransfer.objects.filter(pays | receives)).select_related(*_STATE_RELATED)
            .order_by("-date", "-evening_id", "position"))


def outstanding_transfers(club: Club) -> QuerySet:
    """Every unpaid transfer of the club's closed evenings, oldest first (the listing pages it)."""
    return (_named_now(EveningTransfer.objects.filter(club=club, mark__isnull=True, amount__gt=0))
            .select_related(*_STATE_RELATED).order_by("date", "evening_id", "position"))


def _purses(cents: dict[str, int], other: dict[str, int]) -> Purse:
    """Hundredths per currency as a purse, with a 0 in each currency only ``other`` has (what a
    player owes beside what he is owed, currency by currency)."""
    return Purse({c: from_cents(cents.get(c, 0)) for c in (*cents, *other)})


@dataclass(frozen=True)
class Outstanding:
    """One player's unpaid transfers across evenings: how much he owes, is owed, and the balance,
    each per currency (``money.Purse``: a transfer in kroner and one in euro are never added), with a
    0 in a currency he only owes or is only owed in."""
    player_id: int
    player: str
    owes: Purse
    owed: Purse
    transfers: int

    @property
    def balance(self) -> Purse:
        return self.owed - self.owes


def outstanding_by_player(club: Club) -> list[Outstanding]:
    """Each player's outstanding sums (``outstanding_transfers``) per currency, summed by the
    database: two queries and one for the names, however long the club's history. A merged player's
    transfers count for the player he was merged into."""
    unpaid = EveningTransfer.objects.filter(club=club, mark__isnull=True, amount__gt=0)
    owes: dict[int, dict[str, int]] = {}
    owed: dict[int, dict[str, int]] = {}
    counts: dict[int, int] = {}
    for side, sums in (("payer", owes), ("receiver", owed)):
        for player_id, merged, currency, total, n in (
                unpaid.values_list(f"{side}_id", f"{side}__merged_into_id", "currency")
                .annotate(total=Sum("amount"), n=Count("id"))
                .values_list(f"{side}_id", f"{side}__merged_into_id", "currency", "total", "n")):
            who = merged or player_id
            mine = sums.setdefault(who, {})
            mine[currency] = mine.get(currency, 0) + int(total)
            counts[who] = counts.get(who, 0) + n
    names = dict(Player.objects.filter(pk__in=counts).values_list("pk", "name"))
    rows = [Outstanding(p, names[p], _purses(owes.get(p, {}), owed.get(p, {})),
                        _purses(owed.get(p, {}), owes.get(p, {})), counts[p]) for p in counts]
    return sorted(rows, key=lambda r: (r.balance.sort_key(), r.player.casefold()))


@dataclass(frozen=True)
class PlayerPaymentSums:
    """A player's transfers (his and those of players merged into him) counted, and the sums of the
    unpaid ones per currency: what he owes and what he is owed, across evenings (no currency he has
    nothing unpaid in)."""
    transfers: int
    owes: Purse
    owed: Purse


def player_payment_sums(player: Player) -> PlayerPaymentSums:
    """``player``'s transfers counted (the rows ``player_transfers`` lists) and his outstanding sums
    per currency, in one query: the player page shows both."""
    pays, receives = _pays(player)
    unpaid = Q(mark__isnull=True, club_id=player.club_id)
    sums = EveningTransfer.objects.filter(pays | receives).aggregate(
        transfers=Count("id"),
        **{f"owes_{c}": Sum("amount", filter=unpaid & pays & Q(currency=c)) for c in CURRENCIES},
        **{f"owed_{c}": Sum("amount", filter=unpaid & receives & Q(currency=c)) for c in CURRENCIES})

    def side(name: str) -> Purse:
        return Purse({c: from_cents(sums[f"{name}_{c}"]) for c in CURRENCIES if sums[f"{name}_{c}"]})
    return PlayerPaymentSums(sums["transfers"], side("owes"), side("owed"))
