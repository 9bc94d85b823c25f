"""``python manage.py season_report --club ID (--season NAME | --from DATE --to DATE) [--out FILE]``:
the season report's A4 PDF (the same as the page's PDF link) for one season of the club or for its
closed evenings between two dates (either may be left out), written to FILE (default: the report's
own file name in the current folder). Bad input: one line on stderr naming the option, exit status 2,
nothing written."""
from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring.models import Club
from scoring.selectors.season import ScopeError, season_report, season_scope
from scoring.reports.season import file_name, render_season_pdf


class Command(BaseCommand):
    help = "Write the season report PDF of one season or of the evenings between two dates."

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)

        def one_line(message):   # argparse's usage block is not one line
            self.stderr.write(f"season_report: {message}")
            sys.exit(2)

        parser.error = one_line
        return parser

    def add_arguments(self, parser):
        parser.add_argument("--club", required=True, help="the club's id")
        parser.add_argument("--season", default=None, help="the season's name")
        parser.add_argument("--from", dest="date_from", default=None, help="first date (YYYY-MM-DD)")
        parser.add_argument("--to", dest="date_to", default=None, help="last date (YYYY-MM-DD)")
        parser.add_argument("--out", default=None, help="the PDF's file (default: the report's file name)")

    def handle(self, *args, **options):
        try:
            path, pdf = self._report(options)
        except CommandError as error:
            self.stderr.write(f"season_report: {error}")
            sys.exit(2)
        path.write_bytes(pdf)
        self.stdout.write(str(path))

    def _report(self, options) -> tuple[Path, bytes]:
        club_id = options["club"]
        club = Club.objects.filter(pk=int(club_id)).first() if str(club_id).isdigit() else None
        if club is None:
            raise CommandError(f"--club: no club with the id {club_id!r}")
        dates = {name: _date(options[key], name) for key, name in (("date_from", "--from"), ("date_to", "--to"))}
        try:
            scope = season_scope(club, season=options["season"], date_from=dates["--from"], date_to=dates["--to"])
        except ScopeError as error:
            option = {"season": "--season", "date_to": "--to"}.get(error.field, error.field)
            raise CommandError(f"{option}: {error}") from None
        out = Path(options["out"]) if options["out"] else Path(file_name(scope, "pdf"))
        if not out.parent.is_dir():
            raise CommandError(f"--out: no folder {str(out.parent)!r}")
        return out, render_season_pdf(season_report(scope))


def _date(value: str | None, option: str) -> dt.date | None:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise CommandError(f"{option}: {value!r} is not a date (YYYY-MM-DD)") from None
