"""German dates and numbers (FORMAT_MODULE_PATH): 24.11.2026 15:19, decimal comma, thousands with a
point, as German clubs write them. Anything not set here comes from Django's own German formats."""
DATE_FORMAT = "j. F Y"                      # 24. November 2026
SHORT_DATE_FORMAT = "d.m.Y"                 # 24.11.2026
DATETIME_FORMAT = "j. F Y, H:i"             # 24. November 2026, 15:19
SHORT_DATETIME_FORMAT = "d.m.Y H:i"         # 24.11.2026 15:19
TIME_FORMAT = "H:i"
MONTH_DAY_FORMAT = "j. F"
FIRST_DAY_OF_WEEK = 1                       # Montag
DECIMAL_SEPARATOR = ","
THOUSAND_SEPARATOR = "."
NUMBER_GROUPING = 3
