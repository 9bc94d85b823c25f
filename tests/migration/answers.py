"""What the code in the working directory answers about the database of ``DATABASE_URL``, as JSON
on standard output (``recording``). The storage migration's test (``test_storage_migration.py``)
asks this code after migrating an old database; ``scripts/make_migration_before.py`` asked the old
code before (``before/recorded.json``). Run from the checkout whose code is to answer:

    cd CHECKOUT && DATABASE_URL=... PYTHON tests/migration/answers.py
"""
import json
import os
import sys


def recording() -> dict:
    """``check_ledger``'s output (its differences, when there are any),
    ``standings --json`` of every club and rule set it played (closed evenings, and with
    ``--include-open``; the old code answered per family, see ``test_storage_migration``),
    ``export_evening`` of every table, and what the player and club pages
    read of the per-deal figures (``pages``)."""
    import django
    django.setup()
    from io import StringIO

    from django.core.management import call_command

    from scoring.models import Club, Table
    from scoring.selectors.standings import club_rule_sets

    def command(*args: str) -> str:
        out, err = StringIO(), StringIO()
        try:
            call_command(*args, stdout=out, stderr=err)
        except SystemExit:
            return out.getvalue() + err.getvalue()
        return out.getvalue()

    standings = {}
    for club in Club.objects.order_by("name"):
        for rules, family in club_rule_sets(club):
            for extra in ((), ("--include-open",)):
                key = f"{club.name}|{family}|{rules}|{'open' if extra else 'closed'}"
                standings[key] = json.loads(command("standings", "--json", "--club", club.name, "--rules", rules,
                                                    *extra))
    exports = {f"{evening}/{table}": json.loads(command("export_evening", str(evening), "--table", str(table)))
               for evening, table in Table.objects.order_by("evening_id", "number").values_list("evening_id",
                                                                                                 "number")}
    return {"check_ledger": command("check_ledger"), "standings": standings, "exports": exports, **pages(),
            "seasons": seasons(command)}


def seasons(command) -> dict:
    """Each season of each club as the season report and ``standings --season`` read it: the
    report's evenings (dates), its players' money and transfers, and the standings of every rule
    set the club played."""
    from scoring.models import Club, Season
    from scoring.selectors.season import season_report, season_scope
    from scoring.selectors.standings import club_rule_sets

    found = {}
    for season in Season.objects.select_related("club").order_by("club__name", "name"):
        club = season.club
        report = season_report(season_scope(club, season=season.name))
        standings = {rules: json.loads(command("standings", "--json", "--club", club.name, "--rules", rules,
                                               "--season", season.name))
                     for rules, _family in club_rule_sets(Club.objects.get(pk=club.pk))}
        found[f"{club.name}|{season.name}"] = {
            "evenings": [str(e.date) for e in report.evenings],
            "players": {p.player: {c: str(p.amounts[c]) for c in p.amounts} for p in report.players},
            "transfers": [[str(t.date), t.payer, t.payee, str(t.kroner)] for t in report.transfers],
            "standings": standings,
        }
    return found


def pages() -> dict:
    """What the player and club pages read from the per-deal figures: each
    player's own figures of every family he played (``history.family_figures``, over every
    evening of his club) and each club's largest cups won (``history.largest_cups_won``)."""
    from dataclasses import asdict

    from scoring.models import Club, Evening, Player
    from scoring.selectors.history import family_figures, largest_cups_won
    from scoring.selectors.standings import player_families

    figures = {}
    for player in Player.objects.select_related("club").order_by("club__name", "name"):
        evenings = Evening.objects.filter(club=player.club)
        for family in player_families(player):
            found = family_figures(player, evenings, family)
            if found is not None:
                figures[f"{player.club.name}|{player.name}|{family}"] = json.loads(json.dumps(asdict(found)))
    cups = {club.name: [{**asdict(c), "date": str(c.date)} for c in largest_cups_won(Evening.objects.filter(club=club))]
            for club in Club.objects.order_by("name")}
    return {"figures": figures, "cups": cups}


def settle_list() -> dict:
    """What the season page of each club lists to settle (the code since seasons are read by their
    dates, ``selectors.season.unsettled``): seasons without dates, overlapping pairs, and each
    evening set to a season by hand with the season its date gives it."""
    import django
    django.setup()
    from scoring.models import Club
    from scoring.selectors.season import unsettled

    found = {}
    for club in Club.objects.order_by("name"):
        left = unsettled(club)
        found[club.name] = {
            "undated": [s.name for s in left.undated],
            "overlaps": [[o.first.name, o.second.name] for o in left.overlaps],
            "by_hand": [[str(b.evening.date), b.season.name, b.by_date.name if b.by_date else None]
                        for b in left.by_hand],
        }
    return found


if __name__ == "__main__":
    sys.path.insert(0, os.getcwd())   # the code to ask: the working directory's
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokklub.settings")
    print(json.dumps(settle_list() if "--unsettled" in sys.argv else recording(), ensure_ascii=False))
