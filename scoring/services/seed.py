"""Random club histories for benchmarks and demos: valid evenings made by the engine's
generator and recorded deal by deal through the same service as the table-side form."""
from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal

from django.db import transaction

from families.danish.engine.generate import random_deal
from families.danish.engine.interchange import deal_to_dict
from families.danish.engine.model import DealKind, seating
from scoring import services
from scoring.models import Club, Season

FIRST_NAMES = ["Anne", "Bent", "Carl", "Dorte", "Erik", "Frida", "Gitte", "Hans", "Inge", "Jens", "Karen", "Lars",
               "Mette", "Niels", "Ole", "Pia", "Rasmus", "Sofie", "Tove", "Ulla"]


def seed_history(*, clubs: int = 1, seasons: int = 10, evenings: int = 50, tables: int = 3, deals: int = 30,
                 seed: int = 1, name_prefix: str = "Historik", progress=None) -> list[Club]:
    """Create ``clubs`` clubs, each with ``seasons`` seasons of ``evenings`` closed evenings of
    ``tables`` tables with ``deals`` deals each. Deterministic for a ``seed``."""
    rng = random.Random(seed)
    made = []
    for c in range(clubs):
        with transaction.atomic():
            club = Club.objects.create(name=f"{name_prefix} {seed}-{c + 1}", kroner_per_point=Decimal("0.25"))
            members = [services.player_get_or_create(club=club, name=n) for n in FIRST_NAMES[: max(5 * tables, 6)]]
        start = dt.date(2016, 8, 1)
        for s in range(seasons):
            season = Season.objects.create(club=club, name=f"{2016 + s}/{17 + s}", starts=start.replace(year=2016 + s),
                                           ends=start.replace(year=2017 + s) - dt.timedelta(days=1))
            for e in range(evenings):
                day = season.starts + dt.timedelta(days=7 * e % 330)
                _evening(rng, club, season, day, members, tables, deals)
                if progress:
                    progress(c, s, e)
        made.append(club)
    return made


@transaction.atomic
def _evening(rng, club, season, day, members, tables, deals):
    evening = services.evening_create(club=club, date=day, season=season)
    seats = rng.sample(members, len(members))
    for t in range(tables):
        size = rng.choice([3, 4, 4, 5])
        players = seats[:size]
        seats = seats[size:]
        table = services.table_create(evening=evening, players=players)
        names = tuple(p.name for p in players)
        dealer = names[0]
        for _ in range(deals):
            deal = random_deal(rng, names, dealer)
            services.deal_record(table=table, outcome=deal_to_dict(deal))
            if deal.kind is not DealKind.SCRAPPED:
                dealer = seating(names, dealer).next_dealer
    services.evening_close(evening=evening)
