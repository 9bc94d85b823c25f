"""The representative club of the storage migration's test, built by the code in the working
directory (an older commit's, ``scripts/make_migration_before.py``) in the database of
``DATABASE_URL``: ``seed_demo`` (Danish, Karlsruhe and Selca tables, a closed and an open evening)
and a second club with every golden evening of ``tests/golden`` imported, corrections of each
family, voids, closed, reopened and open evenings, a misdeal-only deal, and a table played deal by
deal with a club card."""
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def build() -> None:
    """The representative club (the module's docstring)."""
    import django
    django.setup()
    from decimal import Decimal

    from django.core.management import call_command

    from scoring import services
    from scoring.models import Club, ClubRateCard, Season

    call_command("seed_demo", stdout=open(os.devnull, "w"))
    club = Club.objects.create(name="Golden", kroner_per_point=Decimal("0.50"))
    Season.objects.create(club=club, name="2026")
    golden = ROOT / "tests" / "golden"
    files = sorted(p for p in golden.rglob("*.json") if not p.name.endswith(".expected.json"))
    tables = {}
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        tables[path.stem] = services.evening_import(club=club, data=data)

    def deal(table, number):
        return table.deals.get(number=number, current=True)

    # Danish: deal 2 corrected to a misdeal (the cups of every later deal re-settled), the last voided, closed
    basic = tables["three-players-basic"]
    second = deal(basic, 2)
    services.deal_correct(deal=second, outcome={"dealer": second.outcome["dealer"], "kind": "misdeal"},
                          reason="fejlgivning")
    services.deal_void(deal=basic.deals.filter(current=True).order_by("-number").first(), reason="forkert bord")
    services.evening_close(evening=basic.evening)
    # Danish: a correction that changes nothing but re-posts, closed, then reopened (the split reversed)
    double = tables["five-players-double-bagud"]
    first = deal(double, 1)
    services.deal_correct(deal=first, outcome=first.outcome, reason="samme spil")
    services.evening_close(evening=double.evening)
    services.evening_reopen(evening=double.evening, reason="forkert beløb")
    for name in ("four-players-tout-nolo-fines", "random-42", "grosstarock-worked", "taroc1754-worked"):
        services.evening_close(evening=tables[name].evening)
    # Karlsruhe: the count of deal 7 corrected (the Radl of the later deals kept), the last voided, closed
    seed = tables["seed-table"]
    seventh = deal(seed, 7)
    services.deal_correct(deal=seventh, outcome={**seventh.outcome, "declarers_count": 160}, reason="recount")
    services.deal_void(deal=seed.deals.filter(current=True).order_by("-number").first(), reason="typo")
    services.evening_close(evening=seed.evening)
    # Selca: deal 1 corrected to a misdeal, closed; the worked examples left open
    four = tables["four-players"]
    one = deal(four, 1)
    services.deal_correct(deal=one, outcome={"dealer": one.outcome["dealer"], "kind": "misdeal"}, reason="test")
    services.evening_close(evening=four.evening)
    # A misdeal-only table (Danish), closed
    players = [services.player_get_or_create(club=club, name=n) for n in ("Anne", "Bent", "Carl")]
    evening = services.evening_create(club=club, date="2026-12-01")
    table = services.table_create(evening=evening, players=players, rules="vlk")
    services.deal_record(table=table, outcome={"dealer": "Anne", "kind": "misdeal"})
    services.evening_close(evening=evening)
    # A club card (the VLK card with another opening) as the club's default, a table played with it
    # deal by deal, closed; and a Karlsruhe club card, left open
    from scoring.engine import families
    vlk = families.family("danish").rate_card("vlk").to_dict()
    data = {**vlk, "name": f"{club.pk}-own", "title": "Klubbens VLK", "opening_per_cup": vlk["opening_per_cup"] + 5}
    own = ClubRateCard.objects.create(club=club, name=data["name"], based_on="vlk", family="danish",
                                      data=json.dumps(data, ensure_ascii=False))
    club.default_card = own
    club.save()
    evening = services.evening_create(club=club, date="2026-12-08", season=Season.objects.get(club=club))
    table = services.table_create(evening=evening, players=players)
    for outcome in json.loads((golden / "three-players-basic.json").read_text(encoding="utf-8"))["deals"]:
        services.deal_record(table=table, outcome=outcome)
    services.evening_close(evening=evening)


if __name__ == "__main__":
    sys.path.insert(0, os.getcwd())   # the code to build with: the working directory's
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokklub.settings")
    build()
