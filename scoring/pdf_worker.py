"""A helper process that lays out parts of an evening sheet beside the web worker
(``python -m scoring.pdf_worker``; scoring/pdf.py ``render_parts``): it reads a JSON list of HTML
documents on its standard input and writes each one's PDF to its standard output, each preceded by
its length (8 bytes, big-endian). It imports WeasyPrint and nothing of Django: no database
connection and no setting is needed or copied."""
from __future__ import annotations

import json
import sys


def refuse_url(url: str, *args, **kwargs):
    """The URL fetcher of every PDF: nothing is fetched while rendering."""
    raise ValueError(f"the PDF may not load {url}")


def write_pdf(html: str) -> bytes:
    """One document, laid out and written."""
    from weasyprint import HTML

    return HTML(string=html, url_fetcher=refuse_url).write_pdf()


def main() -> None:
    import weasyprint  # noqa: F401  (imported while the parent still reads the evening: see pdf.py)

    out = sys.stdout.buffer
    for html in json.loads(sys.stdin.buffer.read()):
        data = write_pdf(html)
        out.write(len(data).to_bytes(8, "big") + data)
        out.flush()


if __name__ == "__main__":
    main()
