"""The settings the tests run with (pyproject.toml, pytest's DJANGO_SETTINGS_MODULE): the app's own,
plus the tests' minimal family, installed by this one line (docs/families.md, "Adding a family")."""
from tarokklub.settings import *  # noqa: F401,F403
from tarokklub.settings import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "tests.minifamily"]
