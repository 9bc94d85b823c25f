"""``python manage.py export_evening EVENING_ID [--table N]``: print one table's evening file."""
import json

from django.core.management.base import BaseCommand, CommandError

from scoring.models import Evening
from scoring.selectors import table_to_evening_file


class Command(BaseCommand):
    help = "Print a table of an evening as an evening file (tarokklub.evening/1)."

    def add_arguments(self, parser):
        parser.add_argument("evening_id", type=int)
        parser.add_argument("--table", type=int, default=None, help="table number (needed when there are several)")

    def handle(self, *args, **options):
        evening = Evening.objects.filter(pk=options["evening_id"]).first()
        if evening is None:
            raise CommandError(f"EVENING_ID: no evening with id {options['evening_id']}")
        tables = {t.number: t for t in evening.tables.all()}
        if options["table"] is None:
            if len(tables) != 1:
                raise CommandError(f"--table: evening {evening.pk} has tables {sorted(tables)}; choose one")
            table = next(iter(tables.values()))
        elif options["table"] not in tables:
            raise CommandError(f"--table: evening {evening.pk} has no table {options['table']}")
        else:
            table = tables[options["table"]]
        self.stdout.write(json.dumps(table_to_evening_file(table), ensure_ascii=False, indent=1))
