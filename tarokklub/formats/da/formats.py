"""Danish dates and numbers (FORMAT_MODULE_PATH): 24.11.2026 15:19, decimal comma.
Anything not set here comes from Django's own Danish formats."""
DATE_FORMAT = "j. F Y"                      # 24. november 2026
SHORT_DATE_FORMAT = "d.m.Y"                 # 24.11.2026
DATETIME_FORMAT = "j. F Y H:i"              # 24. november 2026 15:19
SHORT_DATETIME_FORMAT = "d.m.Y H:i"         # 24.11.2026 15:19
TIME_FORMAT = "H:i"
FIRST_DAY_OF_WEEK = 1
DECIMAL_SEPARATOR = ","
THOUSAND_SEPARATOR = "."
NUMBER_GROUPING = 3
