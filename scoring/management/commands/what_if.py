"""``python manage.py what_if (EVENING | --season NAME [--club NAME]) --card NAME [--json]``: an evening
(by its id) or a season's closed evenings settled again under another card of the same family, beside
them as recorded (docs/what-if.md): each player's points and money both ways and the differences,
the deals the card refuses and the tables it cannot seat. The card is a built-in card's name or one
of the club's own cards by its name."""
import json

from django.core.management.base import BaseCommand, CommandError

from scoring.models import Evening
from scoring.selectors.season import ScopeError, season_scope
from scoring.selectors.what_if import card_choices, card_named, evening_families, what_if_report

from .standings import _club


class Command(BaseCommand):
    help = "Settle an evening or a season again under another card of the same family, beside it as recorded."

    def add_arguments(self, parser):
        parser.add_argument("evening", nargs="?", type=int, help="the evening's id")
        parser.add_argument("--season", default=None, help="a season's name (instead of an evening)")
        parser.add_argument("--club", default=None, help="club name, with --season; default: the only club")
        parser.add_argument("--card", required=True, help="the card: a built-in card's name or the club's own card's")
        parser.add_argument("--lang", default="en", choices=("da", "en", "de", "sl"), help="the card's reasons' language")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **options):
        if (options["evening"] is None) == (options["season"] is None):
            raise CommandError("name an evening or --season NAME, not both")
        if options["evening"] is not None:
            evening = Evening.objects.select_related("club").filter(pk=options["evening"]).first()
            if evening is None:
                raise CommandError(f"evening: there is no evening {options['evening']}")
            club, evenings = evening.club, Evening.objects.filter(pk=evening.pk)
        else:
            club = _club(options["club"])
            try:
                evenings = season_scope(club, season=options["season"]).evenings()
            except ScopeError as error:
                raise CommandError(f"--season: {error}") from None
        choice = card_named(club, options["card"])
        played = evening_families(evenings)
        if choice is None or choice.family not in played:
            names = ", ".join(c.name for c in card_choices(club, played)) or "none"
            raise CommandError(f"--card: {options['card']!r} is no card of the evenings' games (cards: {names})")
        report = what_if_report(club, evenings, choice, options["lang"])
        if options["json"]:
            self.stdout.write(json.dumps(_as_json(report), ensure_ascii=False, indent=1))
            return
        self.stdout.write(f"{report.family_label}: {report.evenings} evening(s) under {choice.name} ({choice.title})")
        self.stdout.write(f"{'player':<18}{'points':>8}{'under':>8}{'diff':>7}{'money':>12}{'under':>12}{'diff':>10}")
        for r in report.rows:
            self.stdout.write(f"{r.player:<18}{r.recorded_points:>8}{_text(r.points):>8}{_text(r.points_difference):>7}"
                              f"{_money(r.recorded_money):>12}{_money(r.money):>12}{_money(r.money_difference):>10}"
                              + (f"  ({r.left_out} left out)" if r.left_out else ""))
        for line in report.refused:
            self.stdout.write(f"refused: {line.date} table {line.table} deal {line.deal}: {'; '.join(line.reasons)}")
        for line in report.unseated:
            self.stdout.write(f"not seated: {line.date} table {line.table}: {'; '.join(line.reasons)}")


def _text(value) -> str:
    return "-" if value is None else str(value)


def _money(purse) -> str:
    return "-" if purse is None else " + ".join(f"{amount} {code}" for code, amount in purse.items()) or "0"


def _as_json(report) -> dict:
    def purse(value):
        return None if value is None else {code: str(amount) for code, amount in value.items()}

    return {
        "family": report.family, "card": report.choice.name, "evenings": report.evenings,
        "players": [{"player_id": r.player_id, "player": r.player, "recorded_points": r.recorded_points,
                     "points": r.points, "points_difference": r.points_difference,
                     "recorded_money": purse(r.recorded_money), "money": purse(r.money),
                     "money_difference": purse(r.money_difference), "left_out": r.left_out} for r in report.rows],
        "refused": [{"evening": x.evening_id, "date": str(x.date), "table": x.table, "deal": x.deal,
                     "reasons": list(x.reasons)} for x in report.refused],
        "unseated": [{"evening": x.evening_id, "date": str(x.date), "table": x.table, "reasons": list(x.reasons)}
                     for x in report.unseated],
    }
