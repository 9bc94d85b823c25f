"""Austrian Tarock as played in Karlsruhe (docs/rules/karlsruhe.md) as a Django app (docs/families.md)."""
from scoring import table_families


class KarlsruheConfig(table_families.FamilyApp):
    name = "families.karlsruhe"
