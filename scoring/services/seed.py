"""Random club histories for benchmarks and demos: valid evenings made by the engine's
generator and recorded deal by deal through the same service as the table-side form."""
from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal

from django.db import connection, transaction

from scoring import services
from scoring.engine import families
from scoring.models import Club, Season

FIRST_NAMES = ["Anne", "Bent", "Carl", "Dorte", "Erik", "Frida", "Gitte", "Hans", "Inge", "Jens", "Karen", "Lars",
               "Mette", "Niels", "Ole", "Pia", "Rasmus", "Sofie", "Tove", "Ulla"]


def seed_history(*, clubs: int = 1, seasons: int = 10, evenings: int = 50, tables: int = 3, deals: int = 30,
                 seed: int = 1, name_prefix: str = "Historik", progress=None,
                 family: str = families.DEFAULT_FAMILY, recorded: bool = False) -> list[Club]:
    """Create ``clubs`` clubs, each with ``seasons`` seasons of ``evenings`` closed evenings of
    ``tables`` tables with ``deals`` deals each, of the ``family``'s default card, its deals made by
    the family's generator (``Family.random_deal``). Deterministic for a ``seed``; ``recorded``
    writes each deal through ``deal_record`` (slow) rather than each table through the import, the
    same rows (``_evening``)."""
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
                _evening(rng, club, day, members, tables, deals, game, recorded)
                if progress:
                    progress(c, s, e)
        made.append(club)
    _analyze()
    return made


def _analyze() -> None:
    """Tell PostgreSQL's planner what was just written. Its statistics of tables that grew from
    nothing stay those of empty tables until autovacuum's next pass — and never see rows of a
    transaction still open, as a test's is — so the reports' joins over a fresh history were
    planned as over empty tables (nested loops over sequential scans: the season report of a
    seeded test history took 140 s rather than 25). ANALYZE inside a transaction counts the
    transaction's own rows. SQLite plans without such statistics."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


@transaction.atomic
def _evening(rng, club, day, members, tables, deals, game: families.Family, recorded: bool = False):
    """One closed evening of ``tables`` tables. Each table's deals are made first and written as its
    evening file through the import (``evening_import``: one settlement in memory and a few bulk
    statements, the very rows recording them one by one writes: tests/web/test_import_limits.py),
    so that a history of tens of thousands of deals is built in a minute rather than in hours;
    ``recorded`` writes them deal by deal through ``deal_record`` instead, as a table does."""
    evening = services.evening_create(club=club, date=day)   # in its season by its date
    seats = rng.sample(members, len(members))
    # the table sizes the Danish histories have always drawn from (so a seed keeps its history),
    # those the family seats
    sizes = [n for n in (3, 4, 4, 5) if n in game.players] or list(game.players)
    card = game.default_card
    for t in range(tables):
        size = rng.choice(sizes)
        players = seats[:size]
        seats = seats[size:]
        names = tuple(p.name for p in players)
        dealer = names[0]
        made = []
        for _ in range(deals):
            deal = game.random_deal(rng, names, dealer, card)
            made.append(deal)
            dealer = game.dealer_after(names, dealer, deal.kind.value)
        if recorded or not made:
            table = services.table_create(evening=evening, players=players, rules=card.name)
            for deal in made:
                services.deal_record(table=table, outcome=game.deal_to_dict(deal))
        else:
            data = game.evening_to_dict(game.make_evening(names, tuple(made), card.name, day, None))
            services.evening_import(club=club, data=data, evening=evening)
    services.evening_close(evening=evening)
