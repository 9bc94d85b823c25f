"""``python manage.py bench_pdf [--json]``: the evening PDF at the evening bound, alone in this
process (``manage.py bench`` runs it as a child, so that its peak memory is the PDF's and not the
rest of the bench's): a generated Danish evening of ``bounds.MAX_DEALS_PER_EVENING`` deals over
tables of at most ``bounds.MAX_DEALS_PER_TABLE`` deals, imported into a throw-away test database of
the configured backend (its own, beside the bench's), closed, and rendered by
``render_evening_pdf``: seconds (wall and this process's CPU), pages, bytes, and the process's peak
resident memory (``ru_maxrss``) before and after the render, its helper process's beside it
(``scoring.reports.pdf.render_parts``: the two peaks added are the figure held to the budget)."""
from __future__ import annotations

import datetime as dt
import io
import json
import os
import resource
import time
from pathlib import Path

from django.core.management.base import BaseCommand
from django.db import connection

from scoring.engine import bounds

#: The bounds an evening is held to (while a branch has no such bound, the figures the bound will have).
EVENING_DEALS = getattr(bounds, "MAX_DEALS_PER_EVENING", 2_000)
TABLE_DEALS = getattr(bounds, "MAX_DEALS_PER_TABLE", 300)


def peak_mb(who=resource.RUSAGE_SELF) -> float:
    """This process's peak resident memory so far (or its largest child's, ``RUSAGE_CHILDREN``),
    in MB (Linux gives ru_maxrss in kB)."""
    return round(resource.getrusage(who).ru_maxrss / 1024, 1)


def cpu_seconds(who) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def table_sizes(deals: int = EVENING_DEALS, per_table: int = TABLE_DEALS) -> list[int]:
    """``deals`` shared as evenly as can be over the fewest tables of at most ``per_table`` deals."""
    tables = -(-deals // per_table)
    return [deals // tables + (1 if t < deals % tables else 0) for t in range(tables)]


def build_evening(club, deals: int = EVENING_DEALS):
    """A closed evening of ``club`` with ``deals`` generated Danish (VLK) deals, four new players
    at each table (``families.danish.engine.generate.random_evening``, imported as files are)."""
    from families.danish.engine.generate import random_evening
    from scoring import services
    from scoring.engine import interchange
    from scoring.models import Evening

    evening = services.evening_create(club=club, date=dt.date(2026, 11, 28))
    for number, size in enumerate(table_sizes(deals)):
        # three copies of the number: no name near another's (names.near), which the import would ask about
        players = tuple(f"Spiller {k}-{k}-{k}" for k in range(number * 4 + 1, number * 4 + 5))
        data = interchange.evening_to_dict(random_evening(number, players=players, deals=size))
        services.evening_import(club=club, data=data, evening=evening)
    services.evening_close(evening=evening)
    return Evening.objects.select_related("club").get(pk=evening.pk)


class Command(BaseCommand):
    help = "Render the evening PDF of a generated evening at the evening bound; time and peak memory."

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true")
        parser.add_argument("--deals", type=int, default=EVENING_DEALS)
        parser.add_argument("--out", help="merge the figures into this results file (bench/results.json) under "
                                          "measured_apart, by backend")

    def handle(self, *args, **options):
        from decimal import Decimal

        from pypdf import PdfReader

        from scoring.models import Club
        from scoring.reports.pdf import render_evening_pdf

        old_name = connection.settings_dict["NAME"]
        # its own test database: the bench that started this process has the usual one open
        connection.settings_dict.setdefault("TEST", {})
        if connection.vendor != "sqlite":
            connection.settings_dict["TEST"]["NAME"] = f"test_{old_name}_pdf"
        connection.creation.create_test_db(verbosity=0, autoclobber=True)
        try:
            club = Club.objects.create(name="PDF-bænken", kroner_per_point=Decimal("0.25"))
            evening = build_evening(club, options["deals"])
            before = peak_mb()
            wall, cpu = time.perf_counter(), time.process_time()
            helper_cpu = cpu_seconds(resource.RUSAGE_CHILDREN)
            data = render_evening_pdf(evening)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            helper_cpu = cpu_seconds(resource.RUSAGE_CHILDREN) - helper_cpu
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)
        n = options["deals"]
        figures = {
            f"pdf_{n}_deals_s": round(wall, 2),
            f"pdf_{n}_deals_cpu_s": round(cpu, 2),
            f"pdf_{n}_deals_helper_cpu_s": round(helper_cpu, 2),   # the helper process (scoring.reports.pdf_worker)
            # the two processes' peaks added, as if both peaked at once (an upper bound)
            f"pdf_{n}_deals_peak_mb": round(peak_mb() + peak_mb(resource.RUSAGE_CHILDREN), 1),
            f"pdf_{n}_deals_peak_mb_this_process": peak_mb(),
            f"pdf_{n}_deals_peak_mb_helper": peak_mb(resource.RUSAGE_CHILDREN),
            f"pdf_{n}_deals_peak_mb_before_render": before,
            f"pdf_{n}_deals_tables": len(table_sizes(options["deals"])),
            f"pdf_{n}_deals_pages": len(PdfReader(io.BytesIO(data)).pages),
            f"pdf_{n}_deals_bytes": len(data),
            "load_average_1min": round(os.getloadavg()[0], 1),   # a busy machine stretches the seconds
        }
        if options["out"]:
            path = Path(options["out"])
            merged = json.loads(path.read_text()) if path.exists() else {}
            merged.setdefault("measured_apart", {})[f"pdf_{connection.vendor}"] = figures
            path.write_text(json.dumps(merged, indent=1, default=str) + "\n")
        self.stdout.write(json.dumps(figures) if options["json"] else
                          "\n".join(f"{key:<44}{value!s:>14}" for key, value in figures.items()))
