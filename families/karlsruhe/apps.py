"""Austrian Tarock as played in Karlsruhe (docs/rules/karlsruhe.md) as a Django app: its engine
(``engine/``, pure Python, found by the engine's registry without Django), its table side
(``table.py``), templates and static files (docs/families.md)."""
from django.apps import AppConfig


class KarlsruheConfig(AppConfig):
    name = "families.karlsruhe"
    label = "karlsruhe"

    def ready(self):
        from . import table   # noqa: F401  (registers the table side on the family's entry)
