"""Slovenian dates and numbers (FORMAT_MODULE_PATH): 27. 11. 2026 15:19, decimal comma, a thousands
dot; the long date names the month in the genitive, as Slovenian writes a day of a month ("27.
novembra 2026", "zaprt 5. decembra 2026"), the month alone in the nominative ("november 2026").
Anything not set here comes from Django's own Slovenian formats (its input formats among them)."""
from django.utils.translation import pgettext_lazy

DATE_FORMAT = "j. E Y"                      # 27. novembra 2026
SHORT_DATE_FORMAT = "j. n. Y"               # 27. 11. 2026
DATETIME_FORMAT = "j. E Y, H:i"             # 27. novembra 2026, 15:19
SHORT_DATETIME_FORMAT = "j. n. Y, H:i"      # 27. 11. 2026, 15:19
TIME_FORMAT = "H:i"
MONTH_DAY_FORMAT = "j. E"                   # 27. novembra
YEAR_MONTH_FORMAT = "F Y"                   # november 2026
FIRST_DAY_OF_WEEK = 1                       # Monday (Django's Slovenian says Sunday)
DECIMAL_SEPARATOR = ","
THOUSAND_SEPARATOR = "."
NUMBER_GROUPING = 3

#: The month of a day ("E" above): Django's alternative month names, whose msgids are Django's own
#: (English, context "alt. month"). Django's Slovenian catalogue gives capitalised nominatives there;
#: the project's catalogue, which is read first, gives the genitive (locale/sl: "januarja" …), and
#: marking them here keeps them in it (``make messages``). The other languages translate them as
#: Django does (no page of theirs uses "E").
GENITIVE_MONTHS = (
    pgettext_lazy("alt. month", "January"), pgettext_lazy("alt. month", "February"),
    pgettext_lazy("alt. month", "March"), pgettext_lazy("alt. month", "April"),
    pgettext_lazy("alt. month", "May"), pgettext_lazy("alt. month", "June"),
    pgettext_lazy("alt. month", "July"), pgettext_lazy("alt. month", "August"),
    pgettext_lazy("alt. month", "September"), pgettext_lazy("alt. month", "October"),
    pgettext_lazy("alt. month", "November"), pgettext_lazy("alt. month", "December"),
)
