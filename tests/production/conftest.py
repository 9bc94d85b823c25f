"""The production run (tests/settings_production.py): the app as deployed, DEBUG off, its static files
collected once into the manifest storage (hashed names) and served by WhiteNoise, through a live
server of our own. pytest-django's ``live_server`` answers ``/static/`` itself, from the finders and
under the names as written, so there a hashed name would not be found and WhiteNoise never asked.

Run alone: ``.venv/bin/python -m pytest -p no:cacheprovider --ds=tests.settings_production tests/production``."""
import http.client
from dataclasses import dataclass

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.wsgi import get_wsgi_application
from django.test import override_settings
from django.test.testcases import LiveServerThread

from scoring.models import Club, Role
from tests.browser.conftest import browser  # noqa: F401 (the browser tests' Chromium, the same arguments)
from tests.web.conftest import make_user
from tests.web.family_tables import seat

NAMES = ("Anne", "Bent", "Carl")   # three players: everyone plays every deal


@pytest.fixture(scope="session", autouse=True)
def production_settings():
    """These tests mean nothing under the ordinary run's settings (DEBUG on, no manifest)."""
    if settings.DEBUG or "whitenoise.middleware.WhiteNoiseMiddleware" not in settings.MIDDLEWARE:
        pytest.fail("tests/production runs under its own settings: pytest --ds=tests.settings_production tests/production")


@pytest.fixture(scope="session")
def collected_static(tmp_path_factory):
    """``collectstatic`` once per run, into a folder of its own (the storage follows STATIC_ROOT)."""
    root = tmp_path_factory.mktemp("staticfiles")
    with override_settings(STATIC_ROOT=root):
        call_command("collectstatic", interactive=False, verbosity=0)
        yield root


class Server:
    """The WSGI application as gunicorn serves it (tarokklub/wsgi.py's), WhiteNoise in its middleware,
    in a live-server thread on a free port; ``paths`` is every path it was asked for, in order."""

    def __init__(self):
        self.paths: list[str] = []
        # LiveServerThread hands its static handler the media handler it wraps around Django's; both
        # are left out: production serves no media, and WhiteNoise answers /static/.
        self.thread = LiveServerThread("localhost", static_handler=self._application)
        self.thread.daemon = True

    def _application(self, _media_files_handler):
        application = get_wsgi_application()

        def recorded(environ, start_response):
            self.paths.append(environ.get("PATH_INFO", ""))
            return application(environ, start_response)
        return recorded

    @property
    def url(self) -> str:
        return f"http://localhost:{self.thread.port}"

    def start(self) -> None:
        self.thread.start()
        self.thread.is_ready.wait()
        if self.thread.error:
            raise self.thread.error

    def stop(self) -> None:
        self.thread.terminate()


@pytest.fixture(scope="session")
def server(collected_static):
    """Started after the collection: WhiteNoise reads STATIC_ROOT's files once, when the application is made."""
    running = Server()
    running.start()
    yield running
    running.stop()


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")


def fetch(server: Server, path: str, cookies: dict | None = None, headers: dict | None = None) -> Answer:
    """GET ``path`` from ``server`` as it answers (a redirect is not followed)."""
    connection = http.client.HTTPConnection("localhost", server.thread.port, timeout=30)
    headers = {**({"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())} if cookies else {}), **(headers or {})}
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        return Answer(response.status, response.headers, response.read())
    finally:
        connection.close()


@pytest.fixture
def table(transactional_db):
    """An open evening of a club with one Danish table, and its scorekeeper ``skriver``."""
    club = Club.objects.create(name="Vestjysk Tarokklub")
    make_user(club, Role.SCOREKEEPER, "skriver")
    return seat(club, NAMES, "vlk")
