"""``python manage.py import_evening FILE [--club NAME] [--evening ID]``: import one table's evening
file. Players are created when missing and every deal is recorded through the same service as the
table-side form. An invalid file changes nothing; the new evening's id is printed."""
import json
import sys

from django.core.management.base import BaseCommand, CommandError

from scoring import services
from scoring.models import Club, Evening


class Command(BaseCommand):
    help = "Import an evening file (tarokklub.evening/1) and print the new evening's id."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--club", default=None, help="club name (created when missing); default: the only club")
        parser.add_argument("--evening", type=int, default=None, help="add the table to this open evening instead")

    def handle(self, *args, **options):
        try:
            with open(options["file"], encoding="utf-8") as handle:
                data = json.load(handle)
        except OSError as exc:
            raise CommandError(f"file: cannot read {options['file']}: {exc.strerror}")
        except (ValueError, UnicodeDecodeError) as exc:
            raise CommandError(f"file: not valid JSON: {exc}")
        evening = None
        if options["evening"] is not None:
            evening = Evening.objects.filter(pk=options["evening"]).select_related("club").first()
            if evening is None:
                raise CommandError(f"--evening: no evening with id {options['evening']}")
            club = evening.club
        else:
            club = _club(options["club"])
        try:
            table = services.evening_import(club=club, data=data, evening=evening)
        except services.RecordingError as exc:
            for error in exc.errors:
                self.stderr.write(str(error))
            sys.exit(2)
        self.stdout.write(str(table.evening_id))


def _club(name: str | None) -> Club:
    if name:
        club, _ = Club.objects.get_or_create(name=name.strip())
        return club
    clubs = list(Club.objects.all()[:2])
    if len(clubs) == 1:
        return clubs[0]
    if not clubs:
        raise CommandError("--club: there is no club yet; name one with --club NAME")
    raise CommandError("--club: there are several clubs; name one with --club NAME")
