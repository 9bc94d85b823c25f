"""What must be impossible to record (docs/rules/karlsruhe.md §9).

Every problem of a deal is returned, each naming the deal and the field exactly as §9's brackets
say, so that a scorekeeper can fix a whole file (or form) at once. Structure (types, unknown and
repeated keys, ``null``) is the reader's (``interchange.py``); this module checks what a well-typed
``Deal`` may still get wrong: seats, the fields each game uses (§11's table), ranges and the
bonuses, Valat, king and kontra rules.
"""
from __future__ import annotations

from operator import attrgetter

from .model import (
    BIRDS, DECK_THIRDS, KONTRA_GAME, POSITIVE_GAMES, RUFER_GAMES, Bonus, Deal, DealKind, Evening, Game, Side,
    active_players, points_said,
)
from scoring.engine.problems import Problem, evening_problems, problem, seat_problems
from .rates import RateCard

#: The game's own name, as messages and the sheet say it (§2 "seed name").
GAME_WORDS = {
    Game.KOENIGSRUFER: "Königsrufer", Game.SOLORUFER: "Solorufer", Game.DREIER: "Dreier",
    Game.SECHSERBOCK: "Sechserbock", Game.BETTEL_OUVERT: "Bettel ouvert", Game.FAHRER: "Fahrer",
}
#: The bonuses as the seed names them (§B; §K: "große Trull", "kleine Trull" for the four kings).
BONUS_WORDS = {
    Bonus.CANARI: "Canari", Bonus.UHU: "Uhu", Bonus.PAGAT: "Pagat", Bonus.TRULL: "große Trull",
    Bonus.FOUR_KINGS: "kleine Trull",
}
#: The fields of a played deal besides ``dealer`` and ``kind`` (§11), in its table's order.
DEAL_FIELDS = ("game", "declarer", "called_king", "partner", "declarers_count", "valat", "bonuses", "king_caught",
               "kontra", "won", "counts")

_REQ, _OPT, _NO = "required", "optional", "forbidden"
_RUFER = {"declarer": _REQ, "called_king": _REQ, "partner": _REQ, "declarers_count": _REQ, "valat": _OPT,
          "bonuses": _OPT, "king_caught": _OPT, "kontra": _OPT, "won": _NO, "counts": _NO}
_SOLO = {**_RUFER, "called_king": _NO, "partner": _NO, "king_caught": _NO}
_NONE = {key: _NO for key in _RUFER}
#: §11's table: which fields each game requires, allows and forbids (``declarers_count``: required
#: without a ``valat``, forbidden beside one, checked on its own).
USES: dict[Game, dict[str, str]] = {
    Game.KOENIGSRUFER: _RUFER,
    Game.SOLORUFER: _RUFER,
    Game.DREIER: _SOLO,
    Game.SECHSERBOCK: _SOLO,
    Game.BETTEL_OUVERT: {**_NONE, "declarer": _REQ, "kontra": _OPT, "won": _REQ},
    Game.FAHRER: {**_NONE, "counts": _REQ},
}


def _fields_of(game: Game) -> tuple:
    """(the values of the fields ``game`` requires, of those it forbids, how many it forbids) of a
    deal as §11's table ``USES`` says (``declarers_count`` of a positive game aside: ``_count``),
    read in C; the dealer (always given) pads each so that ``attrgetter`` gives a tuple."""
    uses = {name: use for name, use in USES[game].items() if not (name == "declarers_count" and game.is_positive)}
    unused = [n for n, use in uses.items() if use == _NO]
    required = [n for n, use in uses.items() if use == _REQ]
    return attrgetter("dealer", "dealer", *required), attrgetter("dealer", "dealer", *unused), len(unused)


def _given(deal: Deal, name: str) -> bool:
    return getattr(deal, name) is not None


#: A deal's required and forbidden fields by game, looked at at once: the problems are worded (in
#: ``USES``' order) only for a deal that gets one wrong.
_FIELDS_OF = {game: _fields_of(game) for game in Game}



def validate_players(players: tuple[str, ...], card: RateCard | None = None) -> list[Problem]:
    """4 or 5 distinct non-empty names in seat order (§1, §9 evening). Every card of the family seats the
    same, so ``card`` changes nothing."""
    return seat_problems(players, (4, 5), "karlsruhe_player_count")


def validate_evening(evening: Evening, card: RateCard) -> list[Problem]:
    """Every problem of an evening's players and deals (§9)."""
    return evening_problems(evening, card, validate_players, validate_deal)


def validate_deal(players: tuple[str, ...], number: int, deal: Deal, card: RateCard) -> list[Problem]:
    """Every problem of one deal at this table (§9), each naming the deal and the field."""
    found: list[Problem] = []

    def add(field: str, code: str, **params) -> None:
        found.append(problem(number, field, code, **params))

    if deal.dealer not in players:
        add("dealer", "not_at_table", name=deal.dealer)
    if deal.kind is not DealKind.PLAYED:   # §7, §11: only dealer and kind
        for name in DEAL_FIELDS:
            if _given(deal, name):
                add(name, "karlsruhe_only_dealer_and_kind")
        return found
    if deal.game is None:
        add("game", "required")
        return found
    game = deal.game
    # who plays: unknown at a table of 5 whose dealer is not at it (then only "not at the table")
    seated = deal.dealer in players or len(players) != 5
    active = active_players(players, deal.dealer) if seated else players
    uses = USES[game]
    required, unused, forbidden = _FIELDS_OF[game]
    if None in required(deal) or unused(deal).count(None) != forbidden:   # else each is as §11's table says
        for name, use in uses.items():
            if name == "declarers_count" and game.is_positive:
                continue   # required without a Valat, forbidden beside one: ``_count``
            if use == _REQ and not _given(deal, name):
                add(name, "required")
            elif use == _NO and _given(deal, name):
                add(name, "karlsruhe_field_unused", game=GAME_WORDS[game])
    for name in ("declarer", "partner"):
        if uses[name] != _NO:
            name_given = getattr(deal, name)
            # a player who plays the deal is at the table and not sitting out: nothing to say (§1)
            if name_given is not None and name_given not in active:
                _seat(add, players, active, name, name_given)
    if game in POSITIVE_GAMES:
        _count(add, deal)
        _bonuses(add, deal)
        if game in RUFER_GAMES:
            _king(add, deal)
    elif game is Game.FAHRER and deal.counts is not None and seated:
        _fahrer_counts(add, deal, active)
    if deal.kontra is not None and game is not Game.FAHRER:
        _kontra(add, deal)
    return found


def _seat(add, players: tuple[str, ...], active: tuple[str, ...], field: str, name: str) -> None:
    """A declarer or partner at the table and not sitting out (§1, §9)."""
    if name not in players:
        add(field, "not_at_table", name=name)
    elif name not in active:
        add(field, "sits_out", name=name)


def _count(add, deal: Deal) -> None:
    """The declarers' count: 1-209 thirds, required without a Valat, never beside one (§3, §5.2)."""
    if deal.valat is not None:
        if deal.declarers_count is not None:
            add("declarers_count", "karlsruhe_count_beside_valat")
    elif deal.declarers_count is None:
        add("declarers_count", "required")
    elif not 1 <= deal.declarers_count <= DECK_THIRDS - 1:
        _count_range(add, "declarers_count", deal.declarers_count, 1, DECK_THIRDS - 1)


def _bonuses(add, deal: Deal) -> None:
    """§4, §5.2: who may announce what, what may fail, what counts beside a Valat, and where the
    Pagat lies."""
    trull = pagat = None   # as ``Deal.bonus_map`` gives them (the last of a bonus given twice)
    for bonus, entry in deal.bonuses or ():   # the field, bonuses.<bonus>, worded only for a problem
        if bonus is Bonus.TRULL:
            trull = entry
        elif bonus is Bonus.PAGAT:
            pagat = entry
        if deal.valat is not None and not entry.announced:
            add(f"bonuses.{bonus.value}", "karlsruhe_silent_beside_valat")
        if entry.announced and entry.side is Side.OPPONENTS:
            add(f"bonuses.{bonus.value}.side", "karlsruhe_announced_by_opponents")
        if entry.announced and bonus not in BIRDS:
            add(f"bonuses.{bonus.value}.announced", "karlsruhe_not_announced", bonus=BONUS_WORDS[bonus])
        if not entry.announced and bonus not in BIRDS and not entry.won:
            add(f"bonuses.{bonus.value}.won", "karlsruhe_silent_cannot_fail", bonus=BONUS_WORDS[bonus])
    valat = deal.valat
    if valat is not None:
        if valat.announced and valat.side is Side.OPPONENTS:
            add("valat.side", "karlsruhe_announced_by_opponents")
        if not valat.announced and not valat.won:
            add("valat.won", "karlsruhe_silent_cannot_fail", bonus="Valat")
    if trull is not None and pagat is not None and trull.won and not trull.announced:
        where = pagat_side(pagat)
        if where is not None and where is not trull.side:
            add("bonuses.trull", "karlsruhe_pagat_and_trull")


def pagat_side(pagat) -> Side | None:
    """Whose tricks hold the Pagat, as ``pagat`` places it (§9): silent made, its side; silent
    failed, the other; announced made, the declarers; an announced Pagat that failed says nothing."""
    if not pagat.announced:
        return pagat.side if pagat.won else pagat.side.other
    return Side.DECLARERS if pagat.won else None


def _king(add, deal: Deal) -> None:
    """King caught (§4, §5.2, §9): never beside a Valat; never while the declarers hold all four
    kings; with a partner of his own, caught whenever the opponents hold them all."""
    if deal.valat is not None:
        if deal.king_caught:
            add("king_caught", "karlsruhe_king_caught_beside_valat")
        return
    kings = deal.bonus_map.get(Bonus.FOUR_KINGS) if deal.bonuses else None
    held = kings.side if kings is not None and kings.won and not kings.announced else None
    if deal.king_caught and held is Side.DECLARERS:
        add("king_caught", "karlsruhe_king_caught_four_kings")
    if not deal.king_caught and held is Side.OPPONENTS and not deal.alone:
        add("king_caught", "karlsruhe_king_not_caught_four_kings")


def _kontra(add, deal: Deal) -> None:
    """Kontra only on the game or an announced bonus; in a Bettel ouvert only on the game (§5.3)."""
    bonuses = deal.bonus_map
    announced = {bonus.value for bonus, entry in bonuses.items() if entry.announced}
    for key, _level in deal.kontra:
        if key == KONTRA_GAME:
            continue
        if deal.game is Game.BETTEL_OUVERT:
            add(f"kontra.{key}", "karlsruhe_kontra_bettel")
        elif key not in announced:
            add(f"kontra.{key}", "karlsruhe_kontra_target")


def _count_range(add, field: str, value: int, low: int, high: int) -> None:
    """A count outside ``low``-``high`` thirds, said in thirds (the file's unit, docs/format.md)
    and in Punkte and Blätter (the players', §3)."""
    add(field, "karlsruhe_count_range", low=low, high=high, value=value, low_said=points_said(low),
        high_said=points_said(high), value_said=points_said(value))


def _fahrer_counts(add, deal: Deal, active: tuple[str, ...]) -> None:
    """A count, 0-210 thirds, for exactly the active players, adding up to 210 (§3, §6)."""
    ok = True
    for name, count in deal.counts:
        if not 0 <= count <= DECK_THIRDS:
            _count_range(add, f"counts.{name}", count, 0, DECK_THIRDS)
            ok = False
    counted = [name for name, _ in deal.counts]
    if sorted(counted) != sorted(active):
        add("counts", "karlsruhe_counts_players", names=", ".join(active))
    elif ok and (total := sum(count for _, count in deal.counts)) != DECK_THIRDS:
        add("counts", "karlsruhe_counts_sum", total=total, expected=DECK_THIRDS,
            total_said=points_said(total), expected_said=points_said(DECK_THIRDS))
