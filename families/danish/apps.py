"""Danish Tarok (docs/rules/danish.md) as a Django app (docs/families.md)."""
from scoring import table_families


class DanishConfig(table_families.FamilyApp):
    name = "families.danish"
