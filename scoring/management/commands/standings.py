"""``python manage.py standings [--club NAME] [--rules NAME | --family NAME] [--season NAME] [--include-open]
[--json]``: the same numbers as the standings page, for one rule set (default: as the page's; a
family alone: its most played rule set; points of two rule sets are never added together)."""
import json

from django.core.management.base import BaseCommand, CommandError

from scoring.models import Club, Season
from scoring.selectors.standings import club_rule_sets, rules_family, rules_title, standings, standings_rules, written_score


class Command(BaseCommand):
    help = "Print the season standings (closed evenings unless --include-open)."

    def add_arguments(self, parser):
        parser.add_argument("--club", default=None, help="club name; default: the only club")
        parser.add_argument("--rules", default=None,
                            help="rule set (a built-in card's name or a club card's); default: the club's")
        parser.add_argument("--family", default=None,
                            help="game family (danish, karlsruhe, selca …): its most played rule set")
        parser.add_argument("--season", default=None, help="season name")
        parser.add_argument("--include-open", action="store_true", help="count the open evening too")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **options):
        club = _club(options["club"])
        season = None
        if options["season"]:
            season = Season.objects.filter(club=club, name=options["season"]).first()
            if season is None:
                raise CommandError(f"--season: {club.name} has no season named {options['season']!r}")
        played = club_rule_sets(club)
        names = [rules for rules, _family in played]
        if options["rules"] is not None and options["rules"] not in names:
            raise CommandError(f"--rules: {club.name} has played {', '.join(names) or 'no rule set'}, "
                               f"not {options['rules']!r}")
        families = sorted({family for _rules, family in played})
        if options["family"] is not None and options["family"] not in families:
            raise CommandError(f"--family: {club.name} has played {', '.join(families) or 'no game'}, "
                               f"not {options['family']!r}")
        rules = standings_rules(club, options["rules"], played, family=options["family"])
        family = rules_family(rules, played)
        rows = standings(club, season=season, include_open=options["include_open"], family=family, rules=rules)
        if options["json"]:
            # the family's own figures only: no event counts it does not keep, money where it is not the points
            dropped = set() if written_score(family) else {"money"}
            # money per currency, each amount with its two decimals ("amounts": {"DKK": "-12.50"})
            data = [{**{k: v for k, v in r.as_dict().items() if k not in dropped},
                     "amounts": {code: str(amount) for code, amount in r.amounts.items()},
                     "average": None if r.average is None else str(r.average)} for r in rows]
            self.stdout.write(json.dumps(data, ensure_ascii=False, indent=1))
            return
        others = [name for name in names if name != rules]
        if others:
            self.stdout.write(f"rules: {rules} ({rules_title(rules, family)}; also played: {', '.join(others)})")
        # a written score (Selca): the points written, and the money points its kroner are
        written = written_score(family)
        money = f"{'money':>8}" if written else ""
        header = (f"{'player':<16}{'evenings':>9}{'deals':>7}{'written' if written else 'points':>8}{money}"
                  f"{'amount':>14}{'avg':>7}")
        self.stdout.write(header)
        for r in rows:
            avg = "-" if r.average is None else str(r.average)
            money = f"{r.money:>8}" if written else ""
            amount = " + ".join(f"{a} {c}" for c, a in r.amounts.items()) or "-"
            self.stdout.write(f"{r.player:<16}{r.evenings:>9}{r.deals:>7}{r.points:>8}{money}{amount:>14}{avg:>7}")


def _club(name):
    if name:
        club = Club.objects.filter(name=name).first()
        if club is None:
            raise CommandError(f"--club: no club named {name!r}")
        return club
    clubs = list(Club.objects.all()[:2])
    if len(clubs) != 1:
        raise CommandError("--club: name the club (there are %d)" % Club.objects.count())
    return clubs[0]
