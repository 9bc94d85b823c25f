"""``python manage.py cup_standings --club N --cup NAME [--json]``: a cup series' standings as its
page shows them (docs/cups.md): each player's rank, his cup points counted and each event's result,
counted or dropped. Bad input: one line naming the argument, and exit status 2."""
import json

from django.core.management.base import BaseCommand, CommandError

from scoring.models import Club, Cup
from scoring.selectors.cups import cup_table


class Command(BaseCommand):
    help = "Print a cup series' standings (rank, player, each event's cup points, the total counted)."

    def add_arguments(self, parser):
        parser.add_argument("--club", required=True, help="the club's id")
        parser.add_argument("--cup", required=True, help="the cup's name")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **options):
        try:
            club = Club.objects.filter(pk=int(options["club"])).first()
        except ValueError:
            raise CommandError(f"--club: not a club's id (a whole number): {options['club']!r}", returncode=2) from None
        if club is None:
            raise CommandError(f"--club: no club {options['club']}", returncode=2)
        cup = Cup.objects.filter(club=club, name=options["cup"]).first()
        if cup is None:
            names = ", ".join(club.cups.values_list("name", flat=True)) or "none"
            raise CommandError(f"--cup: {club.name} has no cup named {options['cup']!r} (cups: {names})",
                               returncode=2)
        standings = cup_table(cup)
        if options["json"]:
            self.stdout.write(json.dumps(_as_json(standings), ensure_ascii=False, indent=1))
            return
        self.stdout.write(f"{cup.name}: best {cup.best} count; points per placing {','.join(map(str, cup.points))}")
        for i, event in enumerate(standings.events, start=1):
            self.stdout.write(f"  {i}. {event.kind} {event.date} {event.name}".rstrip()
                              + ("" if event.finished else " (still being played)"))
        header = ["rank", "player", *(str(i) for i in range(1, len(standings.events) + 1)), "total"]
        lines = [[line.rank, line.name, *(_cell(r) for r in line.results), line.total] for line in standings.lines]
        widths = [max(len(str(x)) for x in column) for column in zip(header, *lines)]
        for line in (header, *lines):
            self.stdout.write("  ".join(str(x).ljust(w) if i == 1 else str(x).rjust(w)
                                        for i, (x, w) in enumerate(zip(line, widths))).rstrip())


def _cell(result) -> str:
    if result is None:
        return ""
    return str(result.points) if result.counted else f"({result.points})"


def _as_json(standings) -> dict:
    cup = standings.cup
    return {
        "cup": cup.name, "club": cup.club_id, "points": list(cup.points), "best": cup.best,
        "events": [{"kind": e.kind, "id": e.pk, "name": e.name, "date": str(e.date), "finished": e.finished}
                   for e in standings.events],
        "players": [{"player_id": line.player_id, "player": line.name, "rank": line.rank, "total": line.total,
                     "results": [None if r is None else {"place": r.place, "points": r.points, "counted": r.counted}
                                 for r in line.results]} for line in standings.lines],
    }
