"""``python manage.py ratings [--club NAME] [--rules NAME] [--json]``: every player's rating at one
rule set's tables (default: the standings' rule set), computed from the club's closed evenings
(docs/rating.md): the conservative number, whether it is provisional, the evenings it rests on."""
import json

from django.core.management.base import BaseCommand, CommandError

from scoring.selectors.ratings import club_ratings, rating_rows
from scoring.selectors.standings import club_rule_sets, rules_family, rules_title, standings_rules

from .standings import _club


class Command(BaseCommand):
    help = "Print every player's rating at one rule set's tables (all closed evenings)."

    def add_arguments(self, parser):
        parser.add_argument("--club", default=None, help="club name; default: the only club")
        parser.add_argument("--rules", default=None,
                            help="rule set (a built-in card's name or a club card's); default: the standings'")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **options):
        club = _club(options["club"])
        played = club_rule_sets(club)
        names = [rules for rules, _family in played]
        if options["rules"] is not None and options["rules"] not in names:
            raise CommandError(f"--rules: {club.name} has played {', '.join(names) or 'no rule set'}, "
                               f"not {options['rules']!r}")
        rules = standings_rules(club, options["rules"], played)
        family = rules_family(rules, played)
        rows = rating_rows(club_ratings(club, rules, family))
        if options["json"]:
            self.stdout.write(json.dumps([{"player_id": r.player_id, "player": r.player, "rating": r.rating,
                                           "provisional": r.provisional, "evenings": r.evenings, "mu": r.mu,
                                           "sigma": r.sigma} for r in rows], ensure_ascii=False, indent=1))
            return
        self.stdout.write(f"rules: {rules} ({rules_title(rules, family)})")
        self.stdout.write(f"{'player':<20}{'rating':>8}{'evenings':>10}")
        for r in rows:
            mark = "provisional" if r.provisional else ""
            self.stdout.write(f"{r.player:<20}{r.rating:>8.1f}{r.evenings:>10}  {mark}".rstrip())
