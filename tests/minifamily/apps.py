"""The tests' minimal family as a Django app: installed by the test settings alone
(tests/settings.py), it registers its engine and its table side when the app is ready."""
from django.apps import AppConfig


class MinifamilyConfig(AppConfig):
    name = "tests.minifamily"
    label = "minifamily"

    def ready(self):
        from scoring.engine import families

        from .engine import FAMILY
        families.register(FAMILY)
        from . import table   # noqa: F401  (registers the table side on the family's entry)
