"""``python manage.py evening_pdf EVENING_ID OUT.pdf``: write the evening's settlement sheet."""
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring.models import Evening
from scoring.reports.pdf import render_evening_pdf


class Command(BaseCommand):
    help = "Write the settlement sheet of an evening as an A4 PDF."

    def add_arguments(self, parser):
        parser.add_argument("evening_id", type=int)
        parser.add_argument("out")

    def handle(self, *args, **options):
        evening = Evening.objects.filter(pk=options["evening_id"]).select_related("club").first()
        if evening is None:
            raise CommandError(f"EVENING_ID: no evening with id {options['evening_id']}")
        data = render_evening_pdf(evening)
        try:
            Path(options["out"]).write_bytes(data)
        except OSError as exc:
            raise CommandError(f"OUT: cannot write {options['out']}: {exc.strerror}")
        self.stdout.write(f"{options['out']}: {len(data)} bytes")
