"""The tournament draw: who sits at which table in a round, who has a bye, and who deals first.

Family-blind and pure (no Django): a round is drawn from the registered players still in the
tournament, the meetings of the rounds before it, each player's byes so far, his rounds at a table of
another size than the tournament's so far, and a recorded seed, so the same inputs always give the
same draw (docs/tournaments.md, "The draw"). A player is an opaque id (``Who``): the service hands it
the players' keys, never their names, so a rename changes no draw (docs/architecture.md, habit 5);
the draw reads only the ids' order.

What it chooses, in order of importance:

1. **Table sizes** (``table_sizes``): as many tables of the game's tournament size as the players
   allow; other sizes the family seats only where the number of players demands them, and a bye
   only where no mix of the seatable sizes holds everybody.
2. **Byes** go to the players with the fewest byes so far (so nobody has a second bye before
   everybody has had one), the seed breaking ties.
3. **The odd-sized tables rotate**: the seats at tables of another size than the tournament's go to
   the seated players with the fewest rounds at such a table so far, the seed breaking ties (13
   Selca players sit 4 + 3 + 3 + 3: nobody sits at a table of three a second time before everybody
   has sat at one once, where the numbers allow).
4. **The largest number of times any pair has met**, this round included, as low as it can be;
5. then **the sum of the squared meeting counts** (many pairs meeting a second time weigh less than
   one pair meeting a fourth).

The yardstick is the **plain random draw** under the same byes and rotation from the same seed: the
seed's shuffle filling the odd tables with the players the rotation sends there, the others the
rest. The draw starts from it and keeps only what is at least as good (4. and 5. above), so it is
never worse. The search (``_Search``) swaps two players at different tables while that lowers the
guide (pairs at the highest meeting count first, then the next count …), kicks the best found with a
few random swaps and searches again, a bounded number of times; two players swap between an odd
table and one of the tournament's size only where they have sat at odd tables equally often (3.
holds). Where the seated players are q² at q tables of q (q a prime power up to 8: 4, 9, 16, 25, 49
and 64 players) the rounds of the affine plane of order q are a known solution in which no pair
meets twice in q + 1 rounds (16 players in fours over five rounds); a round of the plane as good as
the search's is taken.

**Drawn again** (``draw_again``): another grouping at least as good as the one shown, found by a
search of bounded size; or None where it found none (all sixteen players in fours before any round
have five groupings of the plane to choose from; a round whose every alternative is worse has none).

**Numbers**: each seated player draws a number (1 to the number of players); at each table the
lowest number deals first and the others follow in their numbers' order, as the Selca text has it
("z žrebom določi mesto pri omizju", docs/rules/selca.md §17).
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

#: The search's bounds: the kicks after the first descent, ended early after this many in a row
#: that found nothing better (the search's size grows with the tables, not the kicks').
_KICKS, _PATIENCE = 24, 5
#: ``draw_again``'s bound: how many searches from other seeds may look for another grouping.
_AGAIN_TRIES = 8


#: A player as the draw sees him: any id that sorts and hashes, the same in every round (the
#: service's player keys, a test's names).
Who = Hashable


class DrawError(ValueError):
    """Too few players for one table, or a size the game cannot seat (the caller words it)."""


@dataclass(frozen=True, order=True)
class Cost:
    """How far a round's tables spread the meetings, in the draw's order: ``most``, the largest
    number of times any pair of the tournament has met, this round included; then ``squares``, the
    sum of every pair's meeting count squared after this round."""
    most: int
    squares: int


@dataclass(frozen=True)
class Draw:
    """One round's draw: the tables (each its players in dealing order), the byes, the numbers drawn;
    how it spreads the meetings (``cost``; ``repeats``: the pairs meeting again) against the plain
    random draw's from the same seed (``random_cost``, ``random_repeats``)."""
    round: int
    seed: int
    tables: tuple[tuple[Who, ...], ...]
    byes: tuple[Who, ...]
    numbers: Mapping[Who, int]
    repeats: int
    random_repeats: int
    cost: Cost
    random_cost: Cost

    @property
    def grouping(self) -> frozenset:
        return grouping(self.tables)


def pair(a: Who, b: Who) -> tuple[Who, Who]:
    return (a, b) if a < b else (b, a)


def meetings(rounds: Iterable[Iterable[Iterable[Who]]]) -> Counter:
    """How often each pair sat at one table in the given rounds (each a list of tables)."""
    met: Counter = Counter()
    for tables in rounds:
        for table in tables:
            met.update(pair(a, b) for a, b in itertools.combinations(table, 2))
    return met


def odd_rounds(rounds: Iterable[Iterable[Iterable[Who]]], size: int) -> Counter:
    """How many rounds each player sat at a table of another size than the tournament's ``size``."""
    odd: Counter = Counter()
    for tables in rounds:
        for table in tables:
            table = list(table)
            if len(table) != size:
                odd.update(table)
    return odd


def grouping(tables: Iterable[Iterable[Who]]) -> frozenset:
    """Who sits with whom, whatever the tables' order and the seats' (what "another draw" changes)."""
    return frozenset(frozenset(t) for t in tables)


def repeats(tables: Iterable[Iterable[Who]], met: Mapping[tuple[Who, Who], int]) -> int:
    """The pairs at these tables that have met before."""
    return sum(1 for table in tables for a, b in itertools.combinations(table, 2) if met.get(pair(a, b), 0))


def cost(tables: Iterable[Iterable[Who]], met: Mapping[tuple[Who, Who], int]) -> Cost:
    """The round's ``Cost`` (the largest meeting count and the sum of squares after it)."""
    after = Counter(met)
    for table in tables:
        after.update(pair(a, b) for a, b in itertools.combinations(table, 2))
    return Cost(max(after.values(), default=0), sum(m * m for m in after.values()))


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


@dataclass(frozen=True)
class Plain:
    """The plain random draw of a round (the yardstick), and what the search may change: the tables
    in the order they are filled, the byes, the seeded players in the seed's order, and each table's
    class (True: another size than the tournament's, an odd table)."""
    tables: tuple[tuple[Who, ...], ...]
    byes: tuple[Who, ...]
    order: tuple[Who, ...]
    odd: tuple[bool, ...]


def plain_draw(players: Iterable[Who], *, number: int, seed: int, size: int, seatable: tuple[int, ...],
               byes_so_far: Mapping[Who, int] | None = None, odd_so_far: Mapping[Who, int] | None = None) -> Plain:
    """The plain random draw (the module's docstring, 1. to 3.): the seed's shuffle; the byes to the
    fewest byes so far, the odd tables' seats to the fewest odd rounds so far (the shuffle breaking
    ties: ``sorted`` is stable); each filled in the shuffle's order."""
    players = sorted(set(players))
    byes_so_far, odd_so_far = byes_so_far or {}, odd_so_far or {}
    sizes, bye_count = table_sizes(len(players), size, seatable)
    order = players[:]
    round_rng(seed, number).shuffle(order)
    by_byes = sorted(order, key=lambda p: byes_so_far.get(p, 0))
    byes = tuple(sorted(by_byes[:bye_count]))
    seated = [p for p in order if p not in byes]
    odd_seats = sum(s for s in sizes if s != size)
    to_odd = sorted(seated, key=lambda p: odd_so_far.get(p, 0))[:odd_seats]
    queues = {True: [p for p in seated if p in set(to_odd)], False: [p for p in seated if p not in set(to_odd)]}
    tables = []
    for s in sizes:
        queue = queues[s != size]
        tables.append(tuple(queue[:s]))
        del queue[:s]
    return Plain(tuple(tables), byes, tuple(seated), tuple(s != size for s in sizes))


def draw_round(players: Iterable[Who], *, number: int, seed: int, size: int, seatable: tuple[int, ...],
               met: Mapping[tuple[Who, Who], int] | None = None, byes_so_far: Mapping[Who, int] | None = None,
               odd_so_far: Mapping[Who, int] | None = None, tournament_seed: int | None = None,
               avoid: frozenset | None = None) -> Draw:
    """Round ``number``'s draw (the module's docstring) for ``players`` (their order does not
    matter) from the round's ``seed``, given who ``met`` whom in the rounds before, each player's
    ``byes_so_far`` and ``odd_so_far`` (rounds at a table of another size); ``tournament_seed``
    (default: ``seed``) fixes the players' order in the affine plane, the same in every round, so
    that a redrawn round keeps the plane's other rounds apart. ``avoid``: a grouping (``grouping``)
    the answer should not be where another as good is found (``draw_again``)."""
    players = sorted(set(players))
    met = met or {}
    plain = plain_draw(players, number=number, seed=seed, size=size, seatable=seatable, byes_so_far=byes_so_far,
                       odd_so_far=odd_so_far)
    random_cost = cost(plain.tables, met)
    search = _Search(plain, met, odd_so_far or {}, random.Random(f"{seed}:{number}:search"), avoid)
    best = search.run()
    # a round of the plane as good as the search's is taken: it keeps the later rounds apart too
    planes = _plane_rounds(list(plain.order), plain.tables, seed if tournament_seed is None else tournament_seed)
    if planes:
        scored = sorted(((cost(t, met), i) for i, t in enumerate(planes) if avoid is None or grouping(t) != avoid))
        if scored:
            ties = [i for c, i in scored if c == scored[0][0]]
            chosen = planes[ties[random.Random(f"{seed}:{number}:plane").randrange(len(ties))]]
            if best is None or cost(chosen, met) <= cost(best, met):
                best = chosen
    if best is None:
        best = plain.tables
    rng = round_rng(seed, number)
    rng.shuffle(players[:])                 # the stream as the plain draw left it
    numbers_order = players[:]
    rng.shuffle(numbers_order)
    numbers = {p: n for n, p in enumerate((p for p in numbers_order if p not in plain.byes), start=1)}
    tables = tuple(sorted((tuple(sorted(t, key=numbers.__getitem__)) for t in best),
                          key=lambda t: (-len(t), numbers[t[0]])))
    return Draw(round=number, seed=seed, tables=tables, byes=plain.byes, numbers=numbers,
                repeats=repeats(tables, met), random_repeats=repeats(plain.tables, met),
                cost=cost(tables, met), random_cost=random_cost)


def draw_again(players: Iterable[Who], shown: Iterable[Iterable[Who]], *, number: int, seed: int, size: int,
               seatable: tuple[int, ...], met: Mapping[tuple[Who, Who], int] | None = None,
               byes_so_far: Mapping[Who, int] | None = None, odd_so_far: Mapping[Who, int] | None = None,
               tournament_seed: int | None = None) -> Draw | None:
    """Another grouping than the ``shown`` tables' at least as good (their ``Cost``), from ``seed``
    and the seeds after it (at most ``_AGAIN_TRIES`` searches); None where none was found."""
    players = sorted(set(players))
    met = met or {}
    shown = [tuple(t) for t in shown]
    avoid, bar = grouping(shown), cost(shown, met)
    for attempt in range(_AGAIN_TRIES):
        found = draw_round(players, number=number, seed=seed + attempt, size=size, seatable=seatable, met=met,
                           byes_so_far=byes_so_far, odd_so_far=odd_so_far, tournament_seed=tournament_seed,
                           avoid=avoid)
        if found.grouping != avoid and found.cost <= bar:
            return found
    return None


class _Search:
    """The swaps between tables (the module's docstring), on the players' indices: ``weight[a][b]``
    is the guide's weight of a and b at one table, B ** (their meetings so far) with B one more
    than the round's pairs, so that one pair at a higher count outweighs every pair below it;
    ``sums[p][t]`` the weights of p with table t's players, kept as players move, so a swap's change
    is read in a few steps."""

    def __init__(self, plain: Plain, met, odd_so_far, rng: random.Random, avoid: frozenset | None):
        self.who = sorted(plain.order)
        index = {p: i for i, p in enumerate(self.who)}
        self.rng, self.avoid = rng, avoid
        self.tables = [[index[p] for p in t] for t in plain.tables]
        self.odd = list(plain.odd)
        self.odd_rounds = [odd_so_far.get(p, 0) for p in self.who]
        n = len(self.who)
        pairs = sum(len(t) * (len(t) - 1) // 2 for t in self.tables)
        base = pairs + 1
        self.weight = [[0] * n for _ in range(n)]
        self.count = [[0] * n for _ in range(n)]
        for a in range(n):
            row, counts = self.weight[a], self.count[a]
            for b in range(n):
                if a != b:
                    counts[b] = m = met.get(pair(self.who[a], self.who[b]), 0)
                    row[b] = base ** m
        self.any_met = any(any(row) for row in self.count)
        # the cost's parts that no swap changes: the largest count so far, the squares so far
        self.most_before = max(met.values(), default=0)
        self.squares_before = sum(m * m for m in met.values())
        self.where = [0] * n
        for t, table in enumerate(self.tables):
            for p in table:
                self.where[p] = t
        self.sums = [[sum(self.weight[p][x] for x in table) for table in self.tables] for p in range(n)]
        self.pairs = pairs

    def run(self) -> tuple[tuple[Who, ...], ...] | None:
        """The best tables found (by ``Cost``; never worse than the plain draw's, never the avoided
        grouping), or None when every grouping seen was the avoided one."""
        start = self._tables()
        if len(self.tables) < 2 or (not self.any_met and self.avoid is None):
            return start                                  # nothing to spread, or a single table
        best = None if self.avoid is not None and grouping(start) == self.avoid else (self._cost(), start)
        floor = Cost(max(self.most_before, 1 if self.pairs else 0), self.squares_before + self.pairs)
        self._descend()
        stale = 0
        for _ in range(_KICKS + 1):
            found = self._tables()
            if self.avoid is None or grouping(found) != self.avoid:
                found_cost = self._cost()
                if best is None or found_cost < best[0]:
                    best, stale = (found_cost, found), 0
                else:
                    stale += 1
            else:
                stale += 1
            if (best is not None and best[0] <= floor) or stale >= _PATIENCE:
                break
            self._kick()
            self._descend()
        return None if best is None else best[1]

    def _cost(self) -> Cost:
        """``cost`` of the tables as they stand: each pair at a table meets once more (m to m + 1)."""
        most, squares = self.most_before, self.squares_before
        for table in self.tables:
            for x, a in enumerate(table):
                counts = self.count[a]
                for b in table[x + 1:]:
                    m = counts[b]
                    most = max(most, m + 1)
                    squares += 2 * m + 1
        return Cost(most, squares)

    def _tables(self) -> tuple[tuple[Who, ...], ...]:
        return tuple(tuple(self.who[p] for p in table) for table in self.tables)

    def _movable(self, a: int, b: int) -> bool:
        i, j = self.where[a], self.where[b]
        return i != j and (self.odd[i] == self.odd[j] or self.odd_rounds[a] == self.odd_rounds[b])

    def _swap(self, a: int, b: int) -> None:
        i, j = self.where[a], self.where[b]
        ti, tj = self.tables[i], self.tables[j]
        ti[ti.index(a)], tj[tj.index(b)] = b, a
        self.where[a], self.where[b] = j, i
        wa, wb = self.weight[a], self.weight[b]
        for p, row in enumerate(self.sums):
            change = wb[p] - wa[p]
            if change:
                row[i] += change
                row[j] -= change

    def _descend(self) -> None:
        """For each player in a random order, the swap that lowers the guide most, until none does."""
        n = len(self.who)
        order = list(range(n))
        where, sums, weight, odd, odd_rounds = self.where, self.sums, self.weight, self.odd, self.odd_rounds
        improved = True
        while improved:
            improved = False
            self.rng.shuffle(order)
            for a in order:
                # ``_movable`` and ``_gain`` written out: this loop is the draw's time
                i, sa, wa, ra = where[a], sums[a], weight[a], odd_rounds[a]
                here, odd_here = sa[i], odd[i]
                best_gain, best_b = 0, None
                for b in range(n):
                    j = where[b]
                    if j == i or (odd[j] != odd_here and odd_rounds[b] != ra):
                        continue
                    sb = sums[b]
                    gain = here + sb[j] - sb[i] - sa[j] + 2 * wa[b]
                    if gain > best_gain:
                        best_gain, best_b = gain, b
                if best_b is not None:
                    self._swap(a, best_b)
                    improved = True

    def _kick(self) -> None:
        """A few random swaps allowed by the rotation: out of the valley the descent ended in."""
        n = len(self.who)
        for _ in range(2 + self.rng.randrange(2)):
            for _tries in range(20):
                a, b = self.rng.randrange(n), self.rng.randrange(n)
                if self._movable(a, b):
                    self._swap(a, b)
                    break


def _plane_rounds(seated: list[Who], tables, seed: int) -> list[tuple[tuple[Who, ...], ...]]:
    """The q + 1 rounds (parallel classes) of the affine plane of order q over the seated players in
    the tournament's fixed order (the seed's shuffle of their ids), when they are q² at q tables of
    q; else none. Each pair of players sits together in exactly one of them."""
    q = len(tables)
    if q not in _PLANE_ORDERS or any(len(t) != q for t in tables) or len(seated) != q * q:
        return []
    fixed = sorted(seated)
    random.Random(f"{seed}:plane").shuffle(fixed)
    add, mul = _field(q)
    classes = [[[x * q + add(mul(slope, x), b) for x in range(q)] for b in range(q)]   # y = slope·x + b
               for slope in range(q)]
    classes.append([[x * q + y for y in range(q)] for x in range(q)])                  # x = c
    return [tuple(tuple(fixed[i] for i in line) for line in lines) for lines in classes]


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
