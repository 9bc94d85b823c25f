"""The tournament draw: who sits at which table in a round, who has a bye, and who deals first.

Family-blind and pure (no Django): a round is drawn from the registered players still in the
tournament, the meetings of the rounds before it, each player's byes so far and a recorded seed, so
the same inputs always give the same draw (docs/tournaments.md, "The draw"). A player is an opaque
id (``Who``): the service hands it the players' keys, never their names, so a rename changes no draw
(docs/architecture.md, habit 5); the draw reads only the ids' order.

How it is chosen, in order:

1. **Table sizes** (``table_sizes``): as many tables of the game's tournament size as the players
   allow; other sizes the family seats only where the number of players demands them, and a bye
   only where no mix of the seatable sizes holds everybody.
2. **Byes** go to the players with the fewest byes so far (so nobody has a second bye before
   everybody has had one), the seed breaking ties.
3. **The plain random draw** from the seed: the players in the seed's shuffled order, filling the
   tables one after the other. It is the yardstick: the draw never has more pairs meeting again.
4. **Fewer meetings again**: from the plain draw, swaps of two players at different tables are
   kept while they lower the number of pairs that met before (then the sum of their earlier
   meetings), until no swap helps. Where the seated players are q² at tables of q (q a prime power
   up to 8: 4, 9, 16, 25, 49 and 64 players) the rounds of the affine plane of order q are a known
   solution in which no pair meets twice in q + 1 rounds (16 players in fours over five rounds); its
   round is taken when it is better than the search's.
5. **Numbers**: each seated player draws a number (1 to the number of players); at each table the
   lowest number deals first and the others follow in their numbers' order, as the Selca text has
   it ("z žrebom določi mesto pri omizju", docs/rules/selca.md).
"""
from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import dataclass
from typing import Hashable, Iterable, Mapping

#: The affine planes the draw knows: the order q, and for the prime powers that are not primes the
#: polynomial (as bits) that builds the field GF(q) (x² + x + 1 for 4, x³ + x + 1 for 8).
_PLANE_ORDERS = {2: None, 3: None, 4: 0b111, 5: None, 7: None, 8: 0b1011}

#: The search's bound: passes over every swap (each pass that changes nothing ends it earlier).
_MAX_PASSES = 50


#: A player as the draw sees him: any id that sorts and hashes, the same in every round (the
#: service's player keys, a test's names).
Who = Hashable


class DrawError(ValueError):
    """Too few players for one table, or a size the game cannot seat (the caller words it)."""


@dataclass(frozen=True)
class Draw:
    """One round's draw: the tables (each its players in dealing order), the byes, the numbers drawn,
    and the pairs meeting again here against the plain random draw's from the same seed."""
    round: int
    seed: int
    tables: tuple[tuple[Who, ...], ...]
    byes: tuple[Who, ...]
    numbers: Mapping[Who, int]
    repeats: int
    random_repeats: int


def pair(a: Who, b: Who) -> tuple[Who, Who]:
    return (a, b) if a < b else (b, a)


def meetings(rounds: Iterable[Iterable[Iterable[Who]]]) -> Counter:
    """How often each pair sat at one table in the given rounds (each a list of tables)."""
    met: Counter = Counter()
    for tables in rounds:
        for table in tables:
            met.update(pair(a, b) for a, b in itertools.combinations(table, 2))
    return met


def repeats(tables: Iterable[Iterable[Who]], met: Mapping[tuple[Who, Who], int]) -> int:
    """The pairs at these tables that have met before."""
    return sum(1 for table in tables for a, b in itertools.combinations(table, 2) if met.get(pair(a, b), 0))


def table_sizes(players: int, size: int, seatable: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """(the tables' sizes, the number of byes) for ``players`` at the game's tournament ``size``
    where the family seats ``seatable`` players at a table: the fewest byes, then the fewest tables
    of another size, then sizes nearest the tournament size, then more tables (ten players at fours
    sit 4 + 3 + 3 rather than 5 + 5); larger tables first."""
    if size not in seatable:
        raise DrawError(f"the tournament size {size} is not one the game seats {seatable}")
    smallest = min(seatable)
    if players < smallest:
        raise DrawError(f"{players} players cannot fill a table (at least {smallest})")
    best = None
    for byes in range(players + 1):
        seated = players - byes
        for sizes in _mixes(seated, tuple(sorted(seatable, reverse=True))):
            key = (sum(1 for s in sizes if s != size), sum(abs(s - size) for s in sizes), -len(sizes))
            if best is None or key < best[0]:
                best = (key, sizes)
        if best is not None:
            return best[1], byes
    raise DrawError(f"{players} players cannot fill a table (at least {smallest})")   # pragma: no cover


def _mixes(total: int, sizes: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
    """Every multiset of ``sizes`` (largest first) summing to ``total``."""
    if total == 0:
        yield ()
        return
    for i, s in enumerate(sizes):
        if s <= total:
            for rest in _mixes(total - s, sizes[i:]):
                yield (s, *rest)


def round_rng(seed: int, number: int) -> random.Random:
    """The round's own random stream: the recorded seed and the round's number."""
    return random.Random(f"{seed}:{number}")


def draw_round(players: Iterable[Who], *, number: int, seed: int, size: int, seatable: tuple[int, ...],
               met: Mapping[tuple[Who, Who], int] | None = None,
               byes_so_far: Mapping[Who, int] | None = None, tournament_seed: int | None = None) -> Draw:
    """Round ``number``'s draw (the module's docstring) for ``players`` (their order does not
    matter) from the round's ``seed``, given who ``met`` whom in the rounds before and each player's
    ``byes_so_far``; ``tournament_seed`` (default: ``seed``) fixes the players' order in the affine
    plane, the same in every round, so that a redrawn round keeps the plane's other rounds apart."""
    players = sorted(set(players))
    met = met or {}
    byes_so_far = byes_so_far or {}
    sizes, bye_count = table_sizes(len(players), size, seatable)
    rng = round_rng(seed, number)
    order = players[:]
    rng.shuffle(order)
    # the fewest byes first; the shuffled order breaks ties (sorted is stable)
    by_byes = sorted(order, key=lambda p: byes_so_far.get(p, 0))
    byes = tuple(sorted(by_byes[:bye_count]))
    seated = [p for p in order if p not in byes]
    plain = _fill(seated, sizes)
    random_repeats = repeats(plain, met)
    # a round of the plane as good as the search's is taken: it keeps the later rounds apart too
    planes = _plane_rounds(seated, sizes, seed if tournament_seed is None else tournament_seed)
    plane = min(planes, key=lambda tables: _cost(tables, met)) if planes else None
    if plane is not None and _cost(plane, met) == (0, 0):
        best = plane                     # nobody meets again: no search can do better
    else:
        best = _improve(plain, met)
        if plane is not None and _cost(plane, met) <= _cost(best, met):
            best = plane
    numbers_order = players[:]
    rng.shuffle(numbers_order)
    numbers = {p: n for n, p in enumerate((p for p in numbers_order if p not in byes), start=1)}
    tables = tuple(sorted((tuple(sorted(t, key=numbers.__getitem__)) for t in best),
                          key=lambda t: (-len(t), numbers[t[0]])))
    return Draw(round=number, seed=seed, tables=tables, byes=byes, numbers=numbers,
                repeats=repeats(tables, met), random_repeats=random_repeats)


def _fill(seated: list[Who], sizes: tuple[int, ...]) -> list[list[Who]]:
    tables, start = [], 0
    for s in sizes:
        tables.append(seated[start:start + s])
        start += s
    return tables


def _cost(tables: Iterable[Iterable[Who]], met: Mapping[tuple[Who, Who], int]) -> tuple[int, int]:
    """(pairs meeting again, the sum of their earlier meetings): what the draw lowers, in order."""
    again = total = 0
    for table in tables:
        for a, b in itertools.combinations(table, 2):
            m = met.get(pair(a, b), 0)
            if m:
                again += 1
                total += m
    return again, total


def _seat_cost(player: Who, others: Iterable[Who], met: Mapping[tuple[Who, Who], int]) -> tuple[int, int]:
    again = total = 0
    for other in others:
        if other != player:
            m = met.get(pair(player, other), 0)
            if m:
                again += 1
                total += m
    return again, total


def _improve(tables: list[list[Who]], met: Mapping[tuple[Who, Who], int]) -> list[list[Who]]:
    """First-improvement swaps between tables while one lowers ``_cost`` (never above the start)."""
    tables = [t[:] for t in tables]
    if not met:
        return tables
    for _ in range(_MAX_PASSES):
        changed = False
        for i, j in itertools.combinations(range(len(tables)), 2):
            for a_index, b_index in itertools.product(range(len(tables[i])), range(len(tables[j]))):
                a, b = tables[i][a_index], tables[j][b_index]
                before = _add(_seat_cost(a, tables[i], met), _seat_cost(b, tables[j], met))
                rest_i = [p for p in tables[i] if p != a]
                rest_j = [p for p in tables[j] if p != b]
                after = _add(_seat_cost(b, rest_i, met), _seat_cost(a, rest_j, met))
                if after < before:
                    tables[i][a_index], tables[j][b_index] = b, a
                    changed = True
        if not changed:
            break
    return tables


def _add(x: tuple[int, int], y: tuple[int, int]) -> tuple[int, int]:
    return x[0] + y[0], x[1] + y[1]


def _plane_rounds(seated: list[Who], sizes: tuple[int, ...], seed: int) -> list[list[list[Who]]]:
    """The q + 1 rounds (parallel classes) of the affine plane of order q over the seated players in
    the tournament's fixed order (the seed's shuffle of their ids), when they are q² at q tables of
    q; else none. Each pair of players sits together in exactly one of them."""
    q = len(sizes)
    if q not in _PLANE_ORDERS or any(s != q for s in sizes) or len(seated) != q * q:
        return []
    fixed = sorted(seated)
    random.Random(f"{seed}:plane").shuffle(fixed)
    add, mul = _field(q)
    classes = [[[x * q + add(mul(slope, x), b) for x in range(q)] for b in range(q)]   # y = slope·x + b
               for slope in range(q)]
    classes.append([[x * q + y for y in range(q)] for x in range(q)])                  # x = c
    return [[[fixed[i] for i in line] for line in lines] for lines in classes]


def _field(q: int):
    """Addition and multiplication of GF(q) on 0 … q − 1 (prime q: modulo q; 4 and 8: polynomials
    over GF(2), added by exclusive or, multiplied modulo the field's polynomial)."""
    modulus = _PLANE_ORDERS[q]
    if modulus is None:
        return (lambda a, b: (a + b) % q), (lambda a, b: (a * b) % q)
    degree = modulus.bit_length() - 1

    def mul(a: int, b: int) -> int:
        out = 0
        while b:
            if b & 1:
                out ^= a
            b >>= 1
            a <<= 1
            if a >> degree:
                a ^= modulus
        return out

    return (lambda a, b: a ^ b), mul
