"""The Karlsruhe family's evening file ``tarokklub.evening/1`` (docs/format.md, docs/rules/karlsruhe.md §11):
strict reading and writing.

Reading collects every problem of a file (structure first, then §9 for each deal whose structure
is sound) and raises one ``EveningError``. Unknown keys are errors at every level, ``null`` is
never a value, a key given twice is an error (``reading.decode`` keeps both). Writing then reading
gives the same ``Evening``: a deal keeps exactly the fields it was given.

A file from outside is held to ``bounds.py`` (``bounded=True``, the default): names a form would
accept, an embedded card's amounts within the club pages' limits.
"""
from __future__ import annotations

from typing import Any

from scoring.engine.problems import Field, Path
from scoring.engine.reading import Reader, read_deal, read_evening
from .model import BirdEntry, Bonus, Deal, DealKind, Evening, Game, KontraLevel, Side, Suit
from .rates import RATE_CARDS, RateCard
from .validate import DEAL_FIELDS, validate_deal, validate_players

_DEAL_KEYS = {"dealer", "kind", *DEAL_FIELDS}
_ENTRY_KEYS = {"side", "won", "announced"}
_BONUS_KEYS = {b.value for b in Bonus}
_PLAYERS = (4, 5)


def parse_evening(data: Any, *, bounded: bool = True, max_deals: int | None = None) -> Evening:
    """An ``Evening`` from decoded JSON; raises ``EveningError`` listing every problem.

    ``bounded`` holds the file to ``bounds.py`` (a file from outside; ``False`` re-reads what the
    app itself stored). A file of more than ``max_deals`` deals is refused before any deal is read."""
    return Evening(*read_evening(
        data, bounded=bounded, max_deals=max_deals, default_rules="karlsruhe", rate_cards=RATE_CARDS,
        card_from_dict=RateCard.from_dict, players_allowed=_PLAYERS, player_count_code="karlsruhe_player_count",
        validate_players=validate_players, parse_deal=_parse_deal, validate_deal=validate_deal))


def parse_deal(data: Any, number: int = 1, card: RateCard | None = None) -> Deal:
    """One deal object of an evening file (structure only: it reads the same with every card of the
    family, so ``card`` is not needed); raises ``EveningError``."""
    return read_deal(data, number, _parse_deal)


def _parse_deal(r: Reader, raw: Any) -> Deal | None:
    """The deal of ``raw``, or every problem of it at its field."""
    before = r.fatal
    d = r.obj(raw, "", _DEAL_KEYS | {"radl"}, ("dealer",))
    if d is None:
        return None
    if "radl" in d:   # §5.4, §9: derived from the deals, never entered
        r.add("radl", "karlsruhe_radl_derived")
    kind = r.choice(d["kind"], "kind", DealKind) if "kind" in d else DealKind.PLAYED
    if kind is not None and kind is not DealKind.PLAYED:   # §11: these two carry only dealer and kind
        for key in d:
            if key in DEAL_FIELDS:
                r.add(key, "karlsruhe_only_dealer_and_kind")
    value: dict[str, Any] = {}
    if "dealer" in d:
        value["dealer"] = r.name(d["dealer"], "dealer")
    if "game" in d:
        value["game"] = r.choice(d["game"], "game", Game)
    for key in ("declarer", "partner"):
        if key in d:
            value[key] = r.name(d[key], key)
    if "called_king" in d:
        value["called_king"] = r.choice(d["called_king"], "called_king", Suit)
    if "declarers_count" in d:
        value["declarers_count"] = r.integer(d["declarers_count"], "declarers_count")
    if "valat" in d:
        value["valat"] = _parse_entry(r, d["valat"], ("valat",))
    if "bonuses" in d:
        raw_bonuses = r.obj(d["bonuses"], "bonuses", _BONUS_KEYS)
        if raw_bonuses is not None:
            value["bonuses"] = tuple(
                (bonus, entry) for bonus in Bonus if bonus.value in raw_bonuses
                if (entry := _parse_entry(r, raw_bonuses[bonus.value], ("bonuses", bonus.value))) is not None)
    for key in ("king_caught", "won"):
        if key in d:
            value[key] = r.boolean(d[key], key)
    if "kontra" in d:
        raw_kontra = _mapping(r, d["kontra"], "kontra")
        if raw_kontra is not None:
            value["kontra"] = tuple(
                (str(key), level) for key, raw_level in raw_kontra.items()
                if (level := r.choice(raw_level, ("kontra", key), KontraLevel)) is not None)
    if "counts" in d:
        raw_counts = _mapping(r, d["counts"], "counts")
        if raw_counts is not None:
            counts = []
            for name, raw_count in raw_counts.items():
                if r.bounded and not r.bounded_text(name, ("counts", name)):
                    continue
                if (count := r.integer(raw_count, ("counts", name))) is not None:
                    counts.append((name, count))
            value["counts"] = tuple(counts)
    if r.fatal != before or any(v is None for v in value.values()):
        return None
    return Deal(kind=kind, **value)


def _mapping(r: Reader, raw: Any, at: Field) -> dict | None:
    """An object whose keys the rules check (kontra: §5.3; counts: the active players, §6)."""
    if not isinstance(raw, dict):
        r.add(at, "not_object")
        return None
    r.duplicates(raw, at)
    return raw


def _parse_entry(r: Reader, raw: Any, at: Path) -> BirdEntry | None:
    """An entry of §11: ``side`` and ``won`` required, ``announced`` optional (default false)."""
    e = r.obj(raw, at, _ENTRY_KEYS, ("side", "won"))
    if e is None:
        return None
    side = r.choice(e["side"], (*at, "side"), Side) if "side" in e else None
    won = r.boolean(e["won"], (*at, "won")) if "won" in e else None
    announced = r.boolean(e["announced"], (*at, "announced")) if "announced" in e else False
    if side is None or won is None or announced is None:
        return None
    return BirdEntry(side, won, announced)


# Writing ---------------------------------------------------------------------------------------

def _entry_to_dict(entry: BirdEntry) -> dict:
    out: dict[str, Any] = {"side": entry.side.value}
    if entry.announced:
        out["announced"] = True
    out["won"] = entry.won
    return out


def deal_to_dict(deal: Deal) -> dict:
    """A deal as §11 writes it: exactly the fields it has."""
    out: dict[str, Any] = {"dealer": deal.dealer}
    if deal.kind is not DealKind.PLAYED:
        out["kind"] = deal.kind.value
    if deal.game is not None:
        out["game"] = deal.game.value
    if deal.declarer is not None:
        out["declarer"] = deal.declarer
    if deal.called_king is not None:
        out["called_king"] = deal.called_king.value
    if deal.partner is not None:
        out["partner"] = deal.partner
    if deal.declarers_count is not None:
        out["declarers_count"] = deal.declarers_count
    if deal.valat is not None:
        out["valat"] = _entry_to_dict(deal.valat)
    if deal.bonuses is not None:
        out["bonuses"] = {bonus.value: _entry_to_dict(entry) for bonus, entry in deal.bonuses}
    if deal.king_caught is not None:
        out["king_caught"] = deal.king_caught
    if deal.kontra is not None:
        out["kontra"] = {key: level.value for key, level in deal.kontra}
    if deal.won is not None:
        out["won"] = deal.won
    if deal.counts is not None:
        out["counts"] = dict(deal.counts)
    return out
