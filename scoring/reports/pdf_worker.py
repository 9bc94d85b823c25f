"""A helper process that lays out parts of an evening sheet beside the web worker
(``python -m scoring.reports.pdf_worker``; scoring/reports/pdf.py ``render_parts``): it reads a JSON list of HTML
documents on its standard input and writes each one's PDF to its standard output, each preceded by
its length (8 bytes, big-endian). It imports WeasyPrint and nothing of Django: no database
connection and no setting is needed or copied."""
from __future__ import annotations

import functools
import json
import sys


def refuse_url(url: str, *args, **kwargs):
    """The URL fetcher of every PDF: nothing is fetched while rendering."""
    raise ValueError(f"the PDF may not load {url}")


#: The rules of WeasyPrint's HTML user-agent stylesheet for pseudo-elements that an evening sheet
#: never has (no list, footnote or note): WeasyPrint gives every element of a document a computed
#: style of its own for each of them, six a table cell, about a tenth of the sheet's work for no ink.
LEAN_PSEUDO = ("marker", "footnote-call", "footnote-marker", "note-call", "note-marker", "note-callback")


@functools.cache
def _lean_document_class():
    """WeasyPrint's ``HTML`` with its user-agent stylesheet less the ``LEAN_PSEUDO`` rules (the
    sheet's text and ink are the same), or ``HTML`` itself where this WeasyPrint has no such
    stylesheet or hook to replace (a later WeasyPrint may lay it out otherwise)."""
    import re

    from weasyprint import CSS, HTML

    try:
        from weasyprint.css.counters import CounterStyle
        from weasyprint.html import UA
    except ImportError:
        return HTML
    pattern = r"^::(%s) \{[^}]*\}\n" % "|".join(map(re.escape, LEAN_PSEUDO))
    text, removed = re.subn(pattern, "", UA, flags=re.M)
    if removed != len(LEAN_PSEUDO) or not hasattr(HTML, "_ua_stylesheets"):
        return HTML
    # the stylesheet's @counter-style rules go to a throwaway registry: each document takes its
    # counter styles from WeasyPrint's own (parsed from the same stylesheet)
    sheet = CSS(string=text, counter_style=CounterStyle())

    class LeanHTML(HTML):
        def _ua_stylesheets(self, forms=False):
            return [sheet] if not forms else super()._ua_stylesheets(forms)

    return LeanHTML


def write_pdf(html: str) -> bytes:
    """One document, laid out and written (an evening sheet: ``LEAN_PSEUDO``)."""
    return _lean_document_class()(string=html, url_fetcher=refuse_url).write_pdf()


def main() -> None:
    import weasyprint  # noqa: F401  (imported while the parent still reads the evening: see pdf.py)

    out = sys.stdout.buffer
    for html in json.loads(sys.stdin.buffer.read()):
        data = write_pdf(html)
        out.write(len(data).to_bytes(8, "big") + data)
        out.flush()


if __name__ == "__main__":
    main()
