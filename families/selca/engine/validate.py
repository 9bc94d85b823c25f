"""What must be impossible to record (docs/rules/selca.md §12).

Every problem of a deal is returned, each naming the deal and the field as §12 and §14 name them,
so that a scorekeeper can fix a whole file (or form) at once. Structure (types, unknown and
repeated keys, ``null``, a missing key inside ``mondfang`` / ``pagatfonk``) is the reader's
(``interchange.py``); this module checks what a well-typed ``Deal`` may still get wrong: seats, the
fields each kind uses (§14), ranges, and the rules tying pagat, valat, trula, mondfang, pagatfonk
and kontra together.
"""
from __future__ import annotations

from operator import attrgetter

from .model import (
    DECK_THIRDS, Announcement, Deal, Evening, Kind, Side, active_players, points_said, side_of,
)
from scoring.engine.problems import Problem, evening_problems, problem, seat_problems
from .rates import RateCard

_REQ, _OPT = "required", "optional"
_GAME = {"declarer": _REQ, "game": _REQ, "count": _REQ, "kings": _OPT, "trula": _OPT, "pagat_ultimo": _OPT,
         "pagat_lost": _OPT, "announced": _OPT, "valat": _OPT, "mondfang": _OPT, "pagatfonk": _OPT,
         "kontra": _OPT, "renons": _OPT}
#: §14: the fields each kind requires or allows besides ``dealer`` and ``kind``; any other is refused.
USES: dict[Kind, dict[str, str]] = {
    Kind.GAME: _GAME,
    Kind.KLOP: {"counts": _REQ, "renons": _OPT},
    Kind.MISDEAL: {},
    Kind.SHOWN: {"shown_by": _REQ},
}
#: The fields of a deal besides ``dealer`` and ``kind`` (§14), in the order problems are named.
DEAL_FIELDS = ("shown_by", "declarer", "game", "count", "kings", "trula", "pagat_ultimo", "pagat_lost", "announced",
               "valat", "mondfang", "pagatfonk", "kontra", "renons", "counts")
GAMES = (1, 2, 3)
PLAYERS = (3, 4)


def _given(deal: Deal, name: str) -> bool:
    return getattr(deal, name) is not None


def _fields_of(kind: Kind) -> tuple:
    """(the values of the fields a deal of ``kind`` requires, of those it does not use, how many
    it does not use) as ``USES`` says, read in C; the dealer (always given) pads each so that
    ``attrgetter`` gives a tuple."""
    uses = USES[kind]
    unused = [n for n in DEAL_FIELDS if uses.get(n) is None]
    required = [n for n in DEAL_FIELDS if uses.get(n) == _REQ]
    return attrgetter("dealer", "dealer", *required), attrgetter("dealer", "dealer", *unused), len(unused)


#: A deal's required and unused fields by kind, looked at at once: the problems are worded (in
#: ``DEAL_FIELDS``' order) only for a deal that gets one wrong.
_FIELDS_OF = {kind: _fields_of(kind) for kind in Kind}


def validate_players(players: tuple[str, ...], card: RateCard | None = None) -> list[Problem]:
    """3 or 4 distinct non-empty names in seat order (§1, §14). Every card of the family seats the
    same, so ``card`` changes nothing."""
    return seat_problems(players, PLAYERS, "selca_player_count")


def validate_evening(evening: Evening, card: RateCard) -> list[Problem]:
    """Every problem of an evening's players and deals (§12)."""
    return evening_problems(evening, card, validate_players, validate_deal)


def validate_deal(players: tuple[str, ...], number: int, deal: Deal, card: RateCard) -> list[Problem]:
    """Every problem of one deal at this table (§12), each naming the deal and the field."""
    found: list[Problem] = []

    def add(field: str, code: str, **params) -> None:
        found.append(problem(number, field, code, **params))

    if deal.dealer not in players:
        add("dealer", "not_at_table", name=deal.dealer)
        if len(players) == 4:   # who rests is unknown: nothing else can be checked (§1)
            return found
    if deal.kind is None:
        add("kind", "required")
        return found
    uses = USES[deal.kind]
    required, unused, forbidden = _FIELDS_OF[deal.kind]
    if None in required(deal) or unused(deal).count(None) != forbidden:   # else each is as §12 says
        for name in DEAL_FIELDS:
            use = uses.get(name)
            if use is None and _given(deal, name):
                add(name, "selca_field_unused", kind=deal.kind.value)
            elif use == _REQ and not _given(deal, name):
                add(name, "required")
    if deal.kind is Kind.SHOWN and deal.shown_by is not None:
        _seat(add, players, active_players(players, deal.dealer), "shown_by", deal.shown_by)
    elif deal.kind is Kind.KLOP:
        _klop(add, players, deal)
    elif deal.kind is Kind.GAME:
        _game(add, players, deal, card)
    return found


def _seat(add, players: tuple[str, ...], active: tuple[str, ...], field: str, name: str) -> bool:
    """A player at the table holding cards this deal (§1, §12); the resting dealer does not."""
    if name not in players:
        add(field, "not_at_table", name=name)
        return False
    if name not in active:
        add(field, "sits_out", name=name)
        return False
    return True


def _renons(add, players: tuple[str, ...], allowed: tuple[str, ...], renons: tuple[str, ...]) -> None:
    """Distinct players who hold cards (§7; klop: everyone at the table, §8)."""
    seen: set[str] = set()
    for name in renons:
        if name in seen:
            add("renons", "duplicate_name", name=name)
        elif _seat(add, players, allowed, "renons", name):
            seen.add(name)


def _count_range(add, field: str, value: int) -> None:
    """A count outside 0-210 thirds, said in thirds (the file's unit, docs/format.md) and in
    točke (the players', §2)."""
    add(field, "selca_count_range", low=0, high=DECK_THIRDS, value=value, low_said=points_said(0),
        high_said=points_said(DECK_THIRDS), value_said=points_said(value))


def _klop(add, players: tuple[str, ...], deal: Deal) -> None:
    """Every player at the table counted, the resting dealer too (he plays the talon), 0-210 each,
    210 in all ("usklajeno na 70"), §8, §12."""
    if deal.renons is not None:
        _renons(add, players, players, deal.renons)
    if deal.counts is None:
        return
    ok, seen = True, set()
    for name, count in deal.counts:
        if name in seen:   # a form's list; a file's object cannot repeat a name (the reader says so)
            add(f"counts.{name}", "duplicate_name", name=name)
            ok = False
            continue
        seen.add(name)
        if name not in players:
            add(f"counts.{name}", "not_at_table", name=name)
            ok = False
        elif not 0 <= count <= DECK_THIRDS:
            _count_range(add, f"counts.{name}", count)
            ok = False
    counted = {name for name, _ in deal.counts}
    missing = [p for p in players if p not in counted]
    if missing:
        add("counts", "selca_counts_players", names=", ".join(missing))
    elif ok and (total := sum(count for _, count in deal.counts)) != DECK_THIRDS:
        add("counts", "selca_counts_sum", total=total, expected=DECK_THIRDS, total_said=points_said(total))


def _game(add, players: tuple[str, ...], deal: Deal, card: RateCard) -> None:
    """§12's lines for a game (§3-§7)."""
    active = active_players(players, deal.dealer)
    declarer_ok = deal.declarer is not None and _seat(add, players, active, "declarer", deal.declarer)
    if deal.game is not None and deal.game not in GAMES:
        add("game", "selca_game")
    count_ok = deal.count is not None and 0 <= deal.count <= DECK_THIRDS
    if deal.count is not None and not count_ok:
        _count_range(add, "count", deal.count)
    if deal.announced:
        seen: set[Announcement] = set()
        for what in deal.announced:
            if what in seen:
                add("announced", "duplicate_name", name=what.value)
            seen.add(what)
    # who is who: a field naming a seat is usable below only if it names an active player
    named: dict[str, str] = {}

    def seat(field: str, name: str | None) -> None:
        if name is not None and _seat(add, players, active, field, name):
            named[field] = name

    mondfang, pagatfonk, kontra = deal.mondfang, deal.pagatfonk, deal.kontra
    if mondfang is not None:
        seat("mondfang.owner", mondfang.owner)
        seat("mondfang.by", mondfang.by)
        if mondfang.by == mondfang.owner:
            add("mondfang.by", "selca_mondfang_own")
    if pagatfonk is not None:
        seat("pagatfonk.skis", pagatfonk.skis)
        seat("pagatfonk.pagat", pagatfonk.pagat)
        if pagatfonk.pagat == pagatfonk.skis:
            add("pagatfonk.pagat", "selca_pagatfonk_own")
    if kontra is not None:
        _kontra(add, deal, kontra, seat)
    if deal.renons is not None:
        _renons(add, players, active, deal.renons)
    if not declarer_ok:
        return   # every line below asks whose side a player is on
    side = {field: side_of(deal, name) for field, name in named.items()} if named else {}
    announced_pagat = deal.announces(Announcement.PAGAT)
    if announced_pagat:
        for field in ("pagat_ultimo", "pagat_lost"):
            if getattr(deal, field) is Side.OPPONENTS:
                add(field, "selca_pagat_announced_opponents")
    if deal.pagat_lost is not None and deal.pagat_ultimo is not None:
        add("pagat_lost", "selca_pagat_lost_and_ultimo")
    if deal.valat:
        _valat(add, deal, card, side, count_ok)
    if pagatfonk is not None:
        _pagatfonk(add, deal, side, announced_pagat)
    elif deal.trula is not None:
        _trula(add, deal, side)


def _kontra(add, deal: Deal, kontra, seat) -> None:
    """Kontra by an opponent (§5 Decision: the one who first said it), on at least one item; on the
    pagat or the valat only if the declarer announced it (§12)."""
    if kontra.by is None:
        add("kontra.by", "required")
    else:
        seat("kontra.by", kontra.by)
        if kontra.by == deal.declarer:
            add("kontra.by", "selca_kontra_by_declarer", name=kontra.by)
    if not kontra.items:
        add("kontra", "selca_kontra_empty")
    for item, what in (("pagat", Announcement.PAGAT), ("valat", Announcement.VALAT)):
        if kontra.level(item) is not None and not deal.announces(what):
            add(f"kontra.{item}", "selca_kontra_not_announced", item=item)


def _valat(add, deal: Deal, card: RateCard, side: dict[str, Side], count_ok: bool) -> None:
    """A valat is the declarer's every trick (§4, §12): he won, and no opponent took a trick."""
    if count_ok and not card.won(deal.count):
        add("valat", "selca_valat_lost", count=deal.count, count_said=points_said(deal.count))
    if deal.pagat_ultimo is Side.OPPONENTS:
        add("valat", "selca_valat_trick", other="pagat_ultimo")
    if deal.pagat_lost is Side.DECLARER:
        add("valat", "selca_valat_trick", other="pagat_lost")
    for field in ("mondfang.by", "pagatfonk.pagat"):
        if side.get(field) is Side.OPPONENTS:
            add("valat", "selca_valat_trick", other=field)


def _pagatfonk(add, deal: Deal, side: dict[str, Side], announced_pagat: bool) -> None:
    """A pagatfonk trick ("mond, škis in nato pagat", §4 Decision): the pagat takes mond and škis,
    so no mondfang and no lost pagat beside it, and the trula (and the pagat, if it won the last
    trick) ends with the pagat's side; an announced pagat is the declarer's."""
    if announced_pagat and "pagatfonk.pagat" in side and deal.pagatfonk.pagat != deal.declarer:
        add("pagatfonk.pagat", "selca_pagatfonk_announced")
    if deal.mondfang is not None:
        add("mondfang", "selca_pagatfonk_with", other="mondfang")
    if deal.pagat_lost is not None:
        add("pagat_lost", "selca_pagatfonk_with", other="pagat_lost")
    pagat_side = side.get("pagatfonk.pagat")
    if pagat_side is None:
        return
    for field in ("trula", "pagat_ultimo"):
        if getattr(deal, field) not in (None, pagat_side):
            add(field, "selca_pagatfonk_side", name=deal.pagatfonk.pagat, side=pagat_side.value)


def _trula(add, deal: Deal, side: dict[str, Side]) -> None:
    """The trula counts for the side that ends with škis, mond and pagat (§4): not for a side that
    did not end with the mond (``mondfang.by``) or the pagat (``pagat_ultimo``; a declarer's
    ``pagat_lost`` went to the opponents), §12."""
    mond = side.get("mondfang.by")
    if mond is not None and deal.trula is not mond:
        add("trula", "selca_trula_side", what="mond", side=mond.value)
        return
    pagat = deal.pagat_ultimo or (Side.OPPONENTS if deal.pagat_lost is Side.DECLARER else None)
    if pagat is not None and deal.trula is not pagat:
        add("trula", "selca_trula_side", what="pagat", side=pagat.value)
