"""The service worker and the table page as deployed (docs/table.md "Offline at the table", docs/operations.md "Production"):
they answer, and every static file they name is named by its hashed name from the manifest and
served by WhiteNoise. WhiteNoise alone marks a file immutable (cached for good), and only a name the
manifest hashed; without DEBUG nothing else serves /static/."""
import json
import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.templatetags.static import static
from django.test import Client
from django.urls import reverse

from tests.browser.helpers import fetch

pytestmark = pytest.mark.usefixtures("transactional_db")   # the server thread reads the test database

#: A collected file's name with the manifest's hash: css/app.44b185cba88c.css (the hash, the suffix)
HASH = re.compile(r"\.[0-9a-f]{12}(\.[a-z0-9]+)$")


def static_urls(text: str, attributes: str = "") -> list[str]:
    """Every static file's URL quoted in ``text`` (after ``src=`` or ``href=`` when ``attributes``)."""
    return re.findall(rf'{attributes}"({re.escape(settings.STATIC_URL)}[^"]+)"', text)


def served_hashed(live_server, url: str) -> None:
    assert HASH.search(url), f"{url} is not the collected file's hashed name"
    answer = fetch(live_server, url)
    assert answer.status == 200, (url, answer.status)
    assert "immutable" in answer.headers["Cache-Control"], (url, answer.headers["Cache-Control"])


def worker(live_server, path: str = "/sw.js") -> str:
    answer = fetch(live_server, path)
    assert answer.status == 200, answer.text[:2000]
    assert answer.headers["Content-Type"].startswith("application/javascript")
    return answer.text


def test_the_service_worker_names_each_static_file_by_its_hashed_name_and_each_is_served(live_server):
    urls = static_urls(worker(live_server))
    names = {re.sub(HASH, r"\1", url.rsplit("/", 1)[1]) for url in urls}
    # what it imports (Workbox's loader and the modules it uses) and what it keeps for the table page
    assert {"workbox-sw.js", "workbox-core.prod.js", "workbox-routing.prod.js", "workbox-strategies.prod.js",
            "workbox-expiration.prod.js", "app.css", "table-sync.js", "idb-keyval.umd.js", "htmx-2.min.js"} <= names, names
    for url in urls:
        served_hashed(live_server, url)


def test_the_table_page_its_static_files_manifest_and_worker_load_as_deployed(live_server, table):
    client = Client()
    client.force_login(get_user_model().objects.get(username="skriver"))
    cookies = {settings.SESSION_COOKIE_NAME: client.cookies[settings.SESSION_COOKIE_NAME].value}
    page = fetch(live_server, f"/tables/{table.pk}/", cookies)
    assert page.status == 200, page.status
    html = page.text
    assert 'id="deal-form"' in html
    loaded = static_urls(html, r'(?:src|href)=')
    assert loaded, "the table page names no static file"
    for url in loaded:
        served_hashed(live_server, url)

    manifest = fetch(live_server, re.search(r'<link rel="manifest" href="([^"]+)"', html).group(1))
    assert manifest.status == 200
    for icon in json.loads(manifest.body)["icons"]:
        served_hashed(live_server, icon["src"])

    # The worker the page registers keeps every file the page loads: a reload without network finds them.
    data = json.loads(re.search(r'id="table-sync-data" type="application/json">(.*?)</script>', html, re.S).group(1))
    kept = set(static_urls(worker(live_server, data["sw"])))
    assert set(loaded) <= kept, sorted(set(loaded) - kept)


def test_the_favicon_answers_at_the_root_as_deployed(live_server):
    """Browsers ask /favicon.ico on their own, on every page: a redirect to the collected icon."""
    answer = fetch(live_server, "/favicon.ico")
    assert answer.status in (301, 302), answer.status
    served_hashed(live_server, answer.headers["Location"])
    assert fetch(live_server, answer.headers["Location"]).body[:4] == b"\x00\x00\x01\x00"   # an ICO file


def test_pages_are_compressed_and_the_collected_files_left_to_whitenoise(live_server):
    """GZipMiddleware compresses what the app answers (a slow phone: docs/performance.md); the collected
    files are WhiteNoise's, which stands above it: its own compressed copy of a stylesheet, an icon
    (not worth compressing) as it is."""
    asked = {"Accept-Encoding": "gzip"}
    page = fetch(live_server, reverse("login"), headers=asked)
    assert page.status == 200 and page.headers["Content-Encoding"] == "gzip"
    css = fetch(live_server, static("css/app.css"), headers=asked)
    assert css.headers["Content-Encoding"] == "gzip" and "immutable" in css.headers["Cache-Control"]
    icon = fetch(live_server, static("icons/icon-192.png"), headers=asked)
    assert icon.status == 200 and "Content-Encoding" not in icon.headers
