"""Random club histories for benchmarks and demos: valid evenings made by the engine's
generator and recorded deal by deal through the same service as the table-side form."""
from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal

from django.db import transaction

from scoring import services
from scoring.engine import families
from scoring.models import Club, Season

FIRST_NAMES = ["Anne", "Bent", "Carl", "Dorte", "Erik", "Frida", "Gitte", "Hans", "Inge", "Jens", "Karen", "Lars",
               "Mette", "Niels", "Ole", "Pia", "Rasmus", "Sofie", "Tove", "Ulla"]


def seed_history(*, clubs: int = 1, seasons: int = 10, evenings: int = 50, tables: int = 3, deals: int = 30,
                 seed: int = 1, name_prefix: str = "Historik", progress=None,
                 family: str = families.DEFAULT_FAMILY) -> list[Club]:
    """Create ``clubs`` clubs, each with ``seasons`` seasons of ``evenings`` closed evenings of
    ``tables`` tables with ``deals`` deals each, of the ``family``'s default card, its deals made by
    the family's generator (``Family.random_deal``). Deterministic for a ``seed``."""
    game = families.family(family)
    if game.random_deal is None:
        raise ValueError(f"the {family} family has no generator of random deals")
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
                _evening(rng, club, season, day, members, tables, deals, game)
                if progress:
                    progress(c, s, e)
        made.append(club)
    return made


@transaction.atomic
def _evening(rng, club, season, day, members, tables, deals, game: families.Family):
    evening = services.evening_create(club=club, date=day, season=season)
    seats = rng.sample(members, len(members))
    # the table sizes the Danish histories have always drawn from (so a seed keeps its history),
    # those the family seats
    sizes = [n for n in (3, 4, 4, 5) if n in game.players] or list(game.players)
    for t in range(tables):
        size = rng.choice(sizes)
        players = seats[:size]
        seats = seats[size:]
        table = services.table_create(evening=evening, players=players, rules=game.default_card.name)
        names = tuple(p.name for p in players)
        dealer = names[0]
        for _ in range(deals):
            deal = game.random_deal(rng, names, dealer, table.card)
            services.deal_record(table=table, outcome=game.deal_to_dict(deal))
            dealer = game.dealer_after(names, dealer, deal.kind.value)
    services.evening_close(evening=evening)
