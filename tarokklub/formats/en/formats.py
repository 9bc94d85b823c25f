"""English dates and numbers (FORMAT_MODULE_PATH): day month year and a 24-hour clock, never the US
"11/24/2026 3:19 a.m."; pages, PDFs, exports and the chart all take their dates from here.
Anything not set here comes from Django's own English formats."""
DATE_FORMAT = "j F Y"                       # 24 November 2026
SHORT_DATE_FORMAT = "j M Y"                 # 24 Nov 2026
DATETIME_FORMAT = "j F Y, H:i"              # 24 November 2026, 15:19
SHORT_DATETIME_FORMAT = "j M Y, H:i"        # 24 Nov 2026, 15:19
TIME_FORMAT = "H:i"
MONTH_DAY_FORMAT = "j F"
FIRST_DAY_OF_WEEK = 1                       # Monday, as at the club
DECIMAL_SEPARATOR = "."
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
