"""What the service worker keeps for the table page offline: the page's own static files, each
installed family's stylesheet and the vendored Workbox, each by the URL ``static()`` gives it, told
to the worker before its code (the view serving it: ``scoring/views/sync.py``)."""
from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.templatetags.static import static

from scoring.table_families import table_families


#: The table page's own static files, which the worker keeps when it installs (the page that
#: registers it loaded them before it was there to keep them); each family's stylesheet is added.
PAGE_FILES = ("css/app.css", "django_htmx/htmx-2.min.js", "vendor/idb-keyval/idb-keyval.umd.js",
              "js/table-sync.js", "js/live.js", "icons/icon-192.png", "icons/favicon.svg")
WORKBOX = "vendor/workbox"   # Workbox's loader and the modules it loads (static/vendor/README.md)


def family_stylesheets() -> list[str]:
    """Each installed family's own stylesheet (``static/<family>/<family>.css`` of its app, where it
    has one), for the service worker to keep: found, never named, so a new family needs no line here."""
    return [path for side in table_families() if finders.find(path := f"{side.name}/{side.name}.css")]


def workbox_files() -> dict[str, str]:
    """Each file of the vendored Workbox by its name (``workbox-core.prod.js``), to its URL: the loader
    asks for a module by name, and sw.js answers with the URL (``modulePathCb``)."""
    folder = Path(finders.find(WORKBOX))
    return {file.name: static(f"{WORKBOX}/{file.name}") for file in sorted(folder.glob("*.js"))}


def worker_settings() -> str:
    """What the service worker is told before its code: the static prefix (its route keeps each file
    under it that a page asks for), Workbox's files and the table page's files. Each file by the URL
    ``static()`` gives it, never a name joined to the prefix: under the manifest storage (DEBUG off)
    that is the collected file's hashed name, the one the pages ask for and WhiteNoise serves for
    good; that storage refuses ``static()`` of anything but a collected file, the bare prefix too."""
    page_files = [static(path) for path in (*PAGE_FILES, *family_stylesheets())]
    return (f"self.TAROKKLUB_STATIC = {json.dumps(settings.STATIC_URL)};\n"
            f"self.TAROKKLUB_WORKBOX = {json.dumps(workbox_files())};\n"
            f"self.TAROKKLUB_PAGE_FILES = {json.dumps(page_files)};\n")
