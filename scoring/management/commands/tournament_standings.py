"""``python manage.py tournament_standings TOURNAMENT_ID [--round N] [--csv]``: the tournament's
standings as its page shows them (docs/tournaments.md, "Standings"), after round N (default: every
round played or being played). Bad input: one line and exit status 2."""
import csv

from django.core.management.base import BaseCommand, CommandError

from scoring.models import EntrantStatus, Tournament
from scoring.selectors.tournaments import format_score, tournament_standings


class Command(BaseCommand):
    help = "Print a tournament's standings (rank, player, status, each round, total, points)."

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="the tournament's id (its page's address)")
        parser.add_argument("--round", default=None, help="the standings after this round")
        parser.add_argument("--csv", action="store_true", help="comma-separated, one row per player")

    def handle(self, *args, **options):
        tournament = Tournament.objects.filter(pk=_whole("tournament", options["tournament"])).first()
        if tournament is None:
            raise CommandError(f"tournament: no tournament {options['tournament']!r}", returncode=2)
        until = None if options["round"] is None else _whole("--round", options["round"])
        if until is not None and not 1 <= until <= tournament.rounds:
            raise CommandError(f"--round: {tournament.name} has rounds 1 to {tournament.rounds}", returncode=2)
        rows = tournament_standings(tournament, until)
        rounds = sorted({n for row in rows for n in row.rounds})
        header = ["rank", "player", "status", *(f"R{n}" for n in rounds), "total", "points"]
        # a place the tie-break (the raw points) decided is marked *, as on the page
        lines = [[f"{row.rank}{'*' if row.by_points else ''}" if row.rank else "-", row.name,
                  "" if row.status == EntrantStatus.ACTIVE else row.status,
                  *(_cell(row.rounds.get(n)) for n in rounds), format_score(row.score), row.points] for row in rows]
        if options["csv"]:
            writer = csv.writer(self.stdout, lineterminator="\n")
            writer.writerows([header, *lines])
            return
        # the command speaks English (its codes, as its arguments do): the scheme by its stored name
        self.stdout.write(f"{tournament.name} ({tournament.rules}, scoring: {tournament.scoring}"
                          f"{f', after round {until}' if until else ''})")
        widths = [max(len(str(x)) for x in column) for column in zip(header, *lines)]
        for line in (header, *lines):
            self.stdout.write("  ".join(str(x).ljust(w) if i in (1, 2) else str(x).rjust(w)
                                        for i, (x, w) in enumerate(zip(line, widths))).rstrip())


def _whole(name: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise CommandError(f"{name}: not a whole number: {text!r}", returncode=2) from None


def _cell(result) -> str:
    if result is None:
        return ""
    if result.bye or result.absent:
        return f"{'bye' if result.bye else 'absent'} {format_score(result.score)}"
    return f"{format_score(result.score)}{f' {result.ruling}' if result.ruling else ''}"
