"""The Content-Security-Policy (django-csp): the header on every kind of response, and templates
that need nothing it forbids (the browser tests see no violation on the pages themselves)."""
import re
from pathlib import Path

import pytest

from tests.conftest import ROOT

TEMPLATES = ROOT / "templates"
#: WeasyPrint reads these; no browser is served them.
PDF_ONLY = TEMPLATES / "scoring" / "pdf"

#: What the policy refuses in a page: an inline script, an event handler attribute, htmx's
#: attribute scripts (evaluated by htmx, which the policy's missing 'unsafe-eval' stops), an inline
#: style attribute or element, a javascript: address.
FORBIDDEN = {
    "inline <script>": re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I),
    "event handler attribute": re.compile(r"\son[a-z]+\s*=", re.I),
    "hx-on": re.compile(r"\shx-on[:-][\w:.-]*\s*=", re.I),
    "style attribute": re.compile(r"\sstyle\s*=", re.I),
    "<style>": re.compile(r"<style\b", re.I),
    "javascript: address": re.compile(r"javascript:", re.I),
    "htmx js: value": re.compile(r"hx-(vals|vars|headers)\s*=\s*['\"]\s*(js|javascript):", re.I),
}


def _pages() -> list[Path]:
    return sorted(p for p in TEMPLATES.rglob("*.html") if PDF_ONLY not in p.parents)


@pytest.mark.parametrize("path", _pages(), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_no_template_of_a_page_needs_what_the_policy_forbids(path):
    text = path.read_text(encoding="utf-8")
    found = [f"{what}: {m.group(0)!r}" for what, rule in FORBIDDEN.items() for m in rule.finditer(text)]
    assert found == []


def test_the_policy_allows_nothing_inline_and_nothing_from_elsewhere(client, db):
    policy = client.get("/login/")["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    for name in ("default-src", "script-src", "style-src", "img-src", "connect-src", "worker-src", "manifest-src",
                 "font-src", "base-uri", "form-action"):
        assert directives[name] == "'self'", name
    assert directives["object-src"] == "'none'" and directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in policy


@pytest.mark.parametrize("url", ["/login/", "/health/", "/sw.js", "/manifest.webmanifest", "/no-such-page/"])
def test_every_kind_of_answer_carries_the_policy(client, db, url):
    assert "script-src 'self'" in client.get(url)["Content-Security-Policy"]


def test_a_logged_in_page_and_a_fragment_carry_the_policy(keeper_client, four_table):
    for url in (f"/tables/{four_table.pk}/", f"/evenings/{four_table.evening_id}/", "/"):
        answer = keeper_client.get(url)
        assert answer.status_code == 200 and "Content-Security-Policy" in answer, url
    fragment = keeper_client.get(f"/tables/{four_table.pk}/form/", HTTP_HX_REQUEST="true")
    assert "Content-Security-Policy" in fragment
