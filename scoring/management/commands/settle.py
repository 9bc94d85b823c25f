"""``python manage.py settle FILE [--json]`` (docs/format.md): settle an evening file with the engine
alone, without touching the database."""
import sys

from django.core.management.base import BaseCommand

from scoring.engine.interchange import loads
from scoring.engine.pipeline import settlement_json
from scoring.engine.problems import EveningError
from scoring.engine.report import settlement_text
from scoring.engine.settle import settle_evening
from scoring.engine.translation import DEFAULT, LANGUAGES


class Command(BaseCommand):
    help = "Settle an evening file (tarokklub.evening/1) and print the sheet, or --json."
    requires_system_checks: list = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("file", help="path of the evening file, or - for standard input")
        parser.add_argument("--json", action="store_true", help="print the settlement as JSON (docs/format.md)")
        parser.add_argument("--lang", choices=LANGUAGES, default=DEFAULT,
                            help="language of problem messages and formula words (default English)")

    def handle(self, *args, **options):
        try:
            text = sys.stdin.read() if options["file"] == "-" else _read(options["file"])
        except OSError as exc:
            self.stderr.write(f"file: cannot read {options['file']}: {exc.strerror}")
            sys.exit(2)
        try:
            if options["json"]:
                out = settlement_json(text)
            else:
                out = settlement_text(settle_evening(loads(text), validated=True))
        except EveningError as exc:
            for line in exc.lines(options["lang"]):
                self.stderr.write(line)
            sys.exit(2)
        self.stdout.write(out, ending="\n" if options["json"] else "")


def _read(path: str) -> str:
    with open(path, encoding="utf-8") as handle:
        return handle.read()
