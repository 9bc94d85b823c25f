"""The settings of the production test run (the browser tests, tests/browser/, a pytest run of its own
beside the SQLite and PostgreSQL runs: ``pytest --ds=tests.settings_production tests/browser``): the app as
deployed — DEBUG off, a secret key, the manifest storage of collected static files and WhiteNoise
serving them — served over plain http://localhost, so without the HTTPS redirect, the secure cookies
and HSTS (docs/operations.md "Production").

tarokklub/settings.py chooses the storage, WhiteNoise and the HTTPS settings when it is imported, from
the environment: the environment is set first. It overrides pytest-env's DEBUG=1 (pyproject.toml),
which is the ordinary run's."""
import os

os.environ["DEBUG"] = "0"
os.environ["SECRET_KEY"] = "tests-production-run-not-secret"
for flag in ("SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE"):
    os.environ[flag] = "0"
os.environ["SECURE_HSTS_SECONDS"] = "0"

# The ordinary run's settings over the app's: the tests' minimal family and the cheap password hasher.
from tests.settings import *  # noqa: E402,F401,F403
