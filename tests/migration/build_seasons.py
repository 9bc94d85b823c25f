"""The club of the seasons migration's test (``test_seasons_migration.py``), built by the code in the
working directory (the commit before seasons were read by their dates,
``scripts/make_migration_before.py --build tests/migration/build_seasons.py``) in the database of
``DATABASE_URL``: seasons as clubs kept them while an evening
belonged to a season only when someone picked it on "Ny aften" —

- "2025" (the year's dates): two evenings picked for it, and one dated 2026 picked for it too;
- "2026" (the year's dates): one evening picked for it, and one imported (an import never picked one);
- "Vinter 24/25" (October to March), overlapping "2025": one evening picked for it;
- "Gammel", without dates: one evening picked for it.

Each evening is a golden Danish evening, closed; one more evening of 2026 stays open."""
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

#: (the evening's date, the season picked for it or None, the golden evening played)
EVENINGS = (
    ("2024-06-01", "Gammel", "three-players-basic"),
    ("2024-11-20", "Vinter 24/25", "four-players-tout-nolo-fines"),
    ("2025-03-10", "2025", "three-players-basic"),
    ("2025-09-15", "2025", "five-players-double-bagud"),
    ("2026-02-10", "2026", "four-players-tout-nolo-fines"),
    ("2026-03-05", "2025", "random-42"),
    ("2026-05-21", None, "three-players-basic"),
)


def build() -> None:
    import django
    django.setup()
    import datetime as dt
    from decimal import Decimal

    from scoring import services
    from scoring.models import Club, Season

    club = Club.objects.create(name="Sæsonklub", kroner_per_point=Decimal("0.25"))
    seasons = {
        "2025": Season.objects.create(club=club, name="2025", starts=dt.date(2025, 1, 1), ends=dt.date(2025, 12, 31)),
        "2026": Season.objects.create(club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31)),
        "Vinter 24/25": Season.objects.create(club=club, name="Vinter 24/25", starts=dt.date(2024, 10, 1),
                                              ends=dt.date(2025, 3, 31)),
        "Gammel": Season.objects.create(club=club, name="Gammel"),
    }
    golden = ROOT / "tests" / "golden"
    for day, season, name in EVENINGS:
        data = json.loads((golden / f"{name}.json").read_text(encoding="utf-8"))
        data["date"] = day
        if season is None:   # imported: no season picked
            table = services.evening_import(club=club, data=data)
        else:                # "Ny aften" with the season picked, the file played into it
            evening = services.evening_create(club=club, date=day, season=seasons[season])
            table = services.evening_import(club=club, data=data, evening=evening)
        services.evening_close(evening=table.evening)
    players = [services.player_get_or_create(club=club, name=n) for n in ("Anne", "Bent", "Carl")]
    evening = services.evening_create(club=club, date="2026-11-19", season=seasons["2026"])
    table = services.table_create(evening=evening, players=players, rules="vlk")
    services.deal_record(table=table, outcome={"dealer": "Anne", "kind": "misdeal"})


if __name__ == "__main__":
    sys.path.insert(0, os.getcwd())   # the code to build with: the working directory's
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokklub.settings")
    build()
