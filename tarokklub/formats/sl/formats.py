"""Slovenian dates and numbers (FORMAT_MODULE_PATH): 27. 11. 2026 15:19, decimal comma, a thousands
dot; the long date names the month as Slovenian software does ("27. november 2026": Django has no
Slovenian genitive month names, its alternative ones are capitalised nominatives).
Anything not set here comes from Django's own Slovenian formats (its input formats among them)."""
DATE_FORMAT = "j. F Y"                      # 27. november 2026
SHORT_DATE_FORMAT = "j. n. Y"               # 27. 11. 2026
DATETIME_FORMAT = "j. F Y, H:i"             # 27. november 2026, 15:19
SHORT_DATETIME_FORMAT = "j. n. Y, H:i"      # 27. 11. 2026, 15:19
TIME_FORMAT = "H:i"
MONTH_DAY_FORMAT = "j. F"                   # 27. november
YEAR_MONTH_FORMAT = "F Y"                   # november 2026
FIRST_DAY_OF_WEEK = 1                       # Monday (Django's Slovenian says Sunday)
DECIMAL_SEPARATOR = ","
THOUSAND_SEPARATOR = "."
NUMBER_GROUPING = 3
