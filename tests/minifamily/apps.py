"""The tests' minimal family as a Django app, installed by the test settings alone (tests/settings.py)."""
from scoring import table_families


class MinifamilyConfig(table_families.FamilyApp):
    name = "tests.minifamily"
