"""The bounds of what a person may enter, in one place.

The table-side form, the evening-file importer and the club admin pages all read their limits
from here, so that the importer refuses exactly what a form would refuse: names, whole numbers,
rate-card amounts, deals per file and bytes per upload. Pure Python: the engine knows no Django
(tests/engine/test_purity.py).

A text that breaks a rule is refused, never silently repaired: ``text_problem`` returns the code of
the first rule broken (a message code of ``problems.py``) and its parameters, or None.
"""
from __future__ import annotations

import unicodedata
from decimal import Decimal

# Names and texts -------------------------------------------------------------------------------

#: A player's name: 1–60 characters (``Player.name``'s column), NFC, no white space at either
#: end, single spaces between words, no control, format, separator, private-use or surrogate
#: character (Unicode categories below): a NUL, a zero-width space or a line break in a name would
#: follow it into every sheet, PDF and spreadsheet export of the club.
NAME_MAX_LENGTH = 60
#: A rate card's name (what an evening file's ``rules`` says; ``ClubRateCard.name``, ``Table.rules``).
CARD_NAME_MAX_LENGTH = 40
#: A rate card's title, the words a sheet shows for it (the club card page's title field).
CARD_TITLE_MAX_LENGTH = 80
#: Unicode categories no name or title may hold: Cc control (NUL, tab, …), Cf format (zero-width
#: space and joiners, bidi marks, soft hyphen), Zl/Zp line and paragraph separators, Co private
#: use, Cs surrogates.
FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Co", "Cs"})


def text_problem(value: str, max_length: int = NAME_MAX_LENGTH) -> tuple[str, tuple[tuple[str, str | int], ...]] | None:
    """(code, params) of the first rule ``value`` breaks as a name or title, or None if it keeps
    every one. The codes are ``problems.py``'s; the order is the order a person fixes them in."""
    if not value.strip():
        return "empty_name", ()
    if len(value) > max_length:
        return "name_too_long", (("length", len(value)), ("maximum", max_length))
    for char in value:
        if unicodedata.category(char) in FORBIDDEN_CATEGORIES:
            return "name_characters", (("char", f"{ord(char):04X}"),)
    if value != value.strip():
        return "name_spaces", ()
    if " ".join(value.split()) != value:
        return "name_inner_spaces", ()
    if not unicodedata.is_normalized("NFC", value):
        return "name_not_nfc", ()
    return None


def name_problem(value: str):
    """``text_problem`` for a player's name."""
    return text_problem(value, NAME_MAX_LENGTH)


# E-mail addresses ------------------------------------------------------------------------------

#: What no address of a player may hold: an address is one mailbox, ``local@domain`` with a plain
#: local part. A quoted local part (RFC 5321 allows ``"x,evil@attacker.test,y"@a-club.test``, and
#: Django's validator with it) would reach the outbox, whose mail store keeps its recipients as one
#: comma-separated text and reads them back as three, one of them hidden; a comma, a semicolon or
#: angle brackets separate or name recipients in a header.
ADDRESS_FORBIDDEN = frozenset('",;<>()[]\\')


def one_mailbox(address: str) -> bool:
    """Whether ``address`` is one recipient as every part of the outbox reads it: one ``@``, no
    white space or control character, none of ``ADDRESS_FORBIDDEN`` (the address's syntax beyond
    that is Django's ``validate_email``)."""
    return (address.count("@") == 1 and not ADDRESS_FORBIDDEN & set(address)
            and not any(char.isspace() or unicodedata.category(char) in FORBIDDEN_CATEGORIES for char in address))


# Whole numbers ---------------------------------------------------------------------------------

#: A number of more digits than this in an evening file is not even converted (Python refuses
#: strings of more than 4,300 digits, and no count or amount comes near 30): the reader reports it
#: at its field.
NUMBER_MAX_DIGITS = 30

# Rate cards ------------------------------------------------------------------------------------

#: Every amount of a club's card, points: 0 to this, a multiple of the card's jeton (the club card
#: page; an embedded ``rate_card`` of an evening file alike).
CARD_AMOUNT_MAX = 100_000
#: The amounts and yes/no rules a club may change on its copy are the family's own: the Danish
#: card's in its ``rates.py`` (``CARD_EDITABLE``), any other family's every number.

# The club's rate -------------------------------------------------------------------------------

#: Kroner per point (``Club.kroner_per_point``: 8 digits, 4 decimals).
KRONER_PER_POINT_MIN = Decimal("0")
KRONER_PER_POINT_MAX = Decimal("10")
KRONER_PER_POINT_DECIMALS = 4

# Payments --------------------------------------------------------------------------------------

#: The largest payment between two players, in hundredths (100.000,00 in any currency): far beyond
#: any evening's money, and a typo of many zeros is refused at its field instead of stored.
PAYMENT_MAX_CENTS = 10_000_000

# Files -----------------------------------------------------------------------------------------

#: Deals in one evening file the importer takes in one request. Importing 2,000 deals takes about
#: a second on SQLite (``manage.py bench``: import_1000_deals_s), well inside a request and
#: SQLite's 5-second lock wait; a real table plays 20–60 deals an evening.
MAX_DEALS_PER_FILE = 2_000
#: Bytes of one evening file (upload or ``import_evening``): refused before it is parsed. A file of
#: 2,000 deals as the app exports it is about 1 MB; 4 MiB leaves room for long names.
MAX_FILE_BYTES = 4 * 1024 * 1024
#: Bytes of one request body: an evening file and its form around it. A body declared larger is
#: refused unread (413, ``middleware.UploadLimitMiddleware``); a chunked one is read no further.
MAX_REQUEST_BYTES = MAX_FILE_BYTES + 64 * 1024
#: Deals at one table, and at all tables of one evening, recorded one by one: a real table plays
#: 20–60 deals an evening. Beyond these a deal is refused (nothing written); an evening stored
#: beyond them stays readable, but its PDF is refused rather than left to outrun a worker.
MAX_DEALS_PER_TABLE = 300
MAX_DEALS_PER_EVENING = 2_000

# Long reports ----------------------------------------------------------------------------------

#: Closed evenings a season report (its PDF and its exports) may cover to be made in a request: a
#: weekly club's season is about 50 (``make bench``: season_pdf_50_evenings_s). A report of more is
#: made by the worker in the background and its page links it when it is ready
#: (scoring/reports/background.py), and its page leaves the list of every transfer to the exports: ten
#: years (500 evenings, 45,000 deals) took 58 s over HTTP, past any worker's timeout.
SEASON_REPORT_INLINE_EVENINGS = 60
#: Tries of the worker at one report file before it stays failed with its reason; a try that has
#: run this many seconds without finishing (its worker killed) is taken up again.
REPORT_ATTEMPTS = 3
REPORT_STALE_SECONDS = 15 * 60
