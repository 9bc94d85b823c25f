"""The settings the tests run with (pyproject.toml, pytest's DJANGO_SETTINGS_MODULE): the app's own,
plus the tests' minimal family, installed by this one line (docs/families.md, "Adding a family")."""
from tarokklub.settings import *  # noqa: F401,F403
from tarokklub.settings import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "tests.minifamily"]

# Django's own advice for test suites: the slow password hash is a defence against stolen hashes,
# which tests have none of; PBKDF2 costs ~0.3 s of CPU for every user made and every login, hundreds
# of times a run. The application's own hasher is checked in a fresh interpreter
# (tests/web/test_settings_defaults.py).
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
