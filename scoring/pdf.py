"""The settlement sheet as PDF (WeasyPrint): a function of the selector's data, no request."""
from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import translation

from scoring.engine.money import format_kroner
from scoring.engine.rates import RATE_CARDS

from .models import Evening
from .selectors import evening_summary


def _no_remote(url: str, *args, **kwargs):
    raise ValueError(f"the PDF may not load {url}")


def _plain_decimal(value, lang: str) -> str:
    text = format(value.normalize(), "f")
    return text.replace(".", ",") if lang == "da" else text


def render_evening_pdf(evening: Evening) -> bytes:
    """A4 settlement sheet: each table's deal-by-deal sheet with cups, the split, final totals,
    who pays whom in points and kroner, and lines for signatures."""
    from weasyprint import HTML

    summary = evening_summary(evening)
    lang = "en" if (translation.get_language() or "da").startswith("en") else "da"
    cards = sorted({RATE_CARDS[s.table.rules].title for s in summary.sheets if s.table.rules in RATE_CARDS})
    html = render_to_string("scoring/pdf/evening.html", {
        "evening": evening, "summary": summary, "rules": ", ".join(cards),
        "totals": [(p, t, format_kroner(k, lang)) for p, t, k in summary.totals],
        "payments": [(p, format_kroner(p.kroner, lang)) for p in summary.payments],
        "rate": _plain_decimal(summary.kroner_per_point, lang),
    })
    return HTML(string=html, url_fetcher=_no_remote).write_pdf()


def render_standings_pdf(club, rows: list[dict], evening_filter=None) -> bytes:
    """The standings as an A4 landscape PDF, in the evening sheet's look."""
    from weasyprint import HTML

    lang = "en" if (translation.get_language() or "da").startswith("en") else "da"
    data = evening_filter.form.cleaned_data if evening_filter is not None and evening_filter.is_valid() else {}
    html = render_to_string("scoring/pdf/standings.html", {
        "club": club, "rows": [{**r, "kroner": format_kroner(r["kroner"], lang)} for r in rows], "filters": data,
    })
    return HTML(string=html, url_fetcher=_no_remote).write_pdf()
