"""How a club is paid (docs/money.md, "Payment details"): its account in kroner (reg.-nr. and konto)
or MobilePay number, its IBAN and BIC for euro and Swiss francs, each checked (the IBAN and BIC by
``schwifty``), written out for a page, a statement and the club's log, and what a player is told:
whom to pay, how much, with which reference — for euro with an EPC "GiroCode" QR (``segno``) that a
banking app scans. The details a player is shown are those of the currency he owes in (the
evening's, docs/money.md); a currency the club gave none for shows none."""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _

from scoring.currency import format_money

#: Which details pay which currency: kroner a Danish account or MobilePay, euro and francs an IBAN.
BY_CURRENCY = {"DKK": ("account", "mobilepay"), "EUR": ("iban",), "CHF": ("iban",)}


class DetailError(ValueError):
    """A detail that is not one: ``field`` (the club's form field) and the message to show there."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field, self.message = field, message


def _digits(text: str) -> str:
    return re.sub(r"[\s\-.]", "", text or "")


def clean_reg(text: str) -> str:
    """A Danish bank's registration number: four digits."""
    value = _digits(text)
    if value and not re.fullmatch(r"\d{4}", value):
        raise DetailError("pay_reg", _("Reg.-nr. er fire cifre."))
    return value


def clean_account(text: str) -> str:
    """A Danish account number: up to ten digits."""
    value = _digits(text)
    if value and not re.fullmatch(r"\d{1,10}", value):
        raise DetailError("pay_account", _("Kontonummeret er højst ti cifre."))
    return value


def clean_mobilepay(text: str) -> str:
    """A MobilePay number: a Danish phone number (eight digits, "+45" or "0045" left off) or a
    MobilePay box (four to six digits)."""
    value = re.sub(r"^(\+|00)45", "", _digits(text))
    if value and not re.fullmatch(r"\d{4,6}|\d{8}", value):
        raise DetailError("pay_mobilepay", _("Et MobilePay-nummer er et telefonnummer på otte cifre eller et "
                                             "boksnummer på fire til seks cifre."))
    return value


def clean_iban(text: str) -> str:
    """An IBAN, checked (country, length, check digits, the country's bank code) and kept compact."""
    from schwifty import IBAN
    from schwifty.exceptions import SchwiftyException

    if not (text or "").strip():
        return ""
    try:
        return IBAN(text).compact
    except SchwiftyException:
        raise DetailError("pay_iban", _("IBAN'en er ikke gyldig; se efter i din netbank.")) from None


def clean_bic(text: str) -> str:
    """A BIC (SWIFT code), checked and kept compact."""
    from schwifty import BIC
    from schwifty.exceptions import SchwiftyException

    if not (text or "").strip():
        return ""
    try:
        return BIC(text).compact
    except SchwiftyException:
        raise DetailError("pay_bic", _("BIC'en er ikke gyldig (8 eller 11 tegn, fx DABADKKK).")) from None


def iban_text(iban: str) -> str:
    """An IBAN as it is printed: in groups of four."""
    return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))


def mobilepay_text(number: str) -> str:
    return " ".join(number[i:i + 2] for i in range(0, len(number), 2)) if len(number) == 8 else number


@dataclass(frozen=True)
class Details:
    """A club's payment details (``Club.pay_*``), each checked and compact; "" where not given."""
    holder: str = ""
    reg: str = ""
    account: str = ""
    mobilepay: str = ""
    iban: str = ""
    bic: str = ""

    @classmethod
    def of(cls, club) -> Details:
        return cls(club.pay_holder, club.pay_reg, club.pay_account, club.pay_mobilepay, club.pay_iban, club.pay_bic)

    def fields(self) -> dict[str, str]:
        """The club's columns."""
        return {"pay_holder": self.holder, "pay_reg": self.reg, "pay_account": self.account,
                "pay_mobilepay": self.mobilepay, "pay_iban": self.iban, "pay_bic": self.bic}

    def ways(self, currency: str) -> list[str]:
        """How the club is paid in ``currency``, one line each, as a page writes it."""
        lines = []
        for way in BY_CURRENCY.get(currency, ()):
            if way == "account" and self.account:
                lines.append(_("Reg.-nr. %(reg)s, konto %(account)s") % {"reg": self.reg, "account": self.account})
            elif way == "mobilepay" and self.mobilepay:
                lines.append(_("MobilePay %(number)s") % {"number": mobilepay_text(self.mobilepay)})
            elif way == "iban" and self.iban:
                lines.append(f"IBAN {iban_text(self.iban)}" + (f" · BIC {self.bic}" if self.bic else ""))
        return lines

    def text(self) -> str:
        """All of them on one line, for the club's log ("—" for none)."""
        parts = [self.holder] if self.holder else []
        parts += [line for currency in BY_CURRENCY for line in self.ways(currency) if line not in parts]
        return " · ".join(parts) or "—"


def checked(holder: str, reg: str, account: str, mobilepay: str, iban: str, bic: str) -> Details:
    """The details as typed, each checked and made compact; the holder is needed beside any of them
    (a transfer and the QR name whom they pay), a reg.-nr. beside a konto, an IBAN beside a BIC.
    Raises ``DetailError`` at the first field that is wrong."""
    holder = " ".join((holder or "").split())
    if len(holder) > 70:
        raise DetailError("pay_holder", _("Højst 70 tegn."))
    found = Details(holder, clean_reg(reg), clean_account(account), clean_mobilepay(mobilepay), clean_iban(iban),
                    clean_bic(bic))
    if bool(found.reg) != bool(found.account):
        raise DetailError("pay_account" if found.reg else "pay_reg", _("Skriv både reg.-nr. og kontonummer."))
    if found.bic and not found.iban:
        raise DetailError("pay_iban", _("Skriv IBAN'en til BIC'en."))
    if not holder and (found.account or found.mobilepay or found.iban):
        raise DetailError("pay_holder", _("Skriv, hvem der modtager betalingen (kontohaveren)."))
    return found


# What a player is told ------------------------------------------------------------------------------

def reference(player_id: int, day: dt.date | None = None) -> str:
    """The reference a payment carries so that the treasurer sees who paid (and for which evening):
    the player's key, never his name (a name changes; plain letters and digits pass every bank)."""
    return f"TAROK-{player_id}" + (f"-{day:%Y%m%d}" if day else "")


@dataclass(frozen=True)
class HowToPay:
    """What a player who owes ``amount`` in ``currency`` is told: pay ``holder`` by one of ``ways``
    with ``reference``; ``qr`` an inline SVG GiroCode for euro (None otherwise)."""
    holder: str
    ways: tuple[str, ...]
    currency: str
    amount: Decimal
    reference: str
    qr: str | None = None

    @property
    def amount_text(self) -> str:
        return format_money(self.amount, self.currency)


def how_to_pay(club, currency: str, amount: Decimal, ref: str) -> HowToPay | None:
    """How to pay ``amount`` (more than 0) in ``currency`` to ``club``: None when the club gave no
    way to pay that currency."""
    details = Details.of(club)
    ways = details.ways(currency)
    if not ways or amount <= 0:
        return None
    qr = epc_qr(details, amount, ref) if currency == "EUR" and details.iban else None
    return HowToPay(details.holder, tuple(ways), currency, amount, ref, qr)


def epc_qr(details: Details, amount: Decimal, ref: str) -> str:
    """The EPC QR code ("GiroCode", the European Payments Council's SEPA credit transfer in a QR)
    of a payment in euro, as an inline SVG: holder, IBAN, BIC, amount and the reference as text."""
    from segno import helpers

    code = helpers.make_epc_qr(name=details.holder, iban=details.iban, amount=amount, text=ref,
                               bic=details.bic or None)
    return code.svg_inline(scale=3, title=_("GiroCode: scan med din bank-app"))
