"""Selca (docs/rules/selca.md) as a Django app (docs/families.md)."""
from scoring import table_families


class SelcaConfig(table_families.FamilyApp):
    name = "families.selca"
