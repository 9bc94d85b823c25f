"""The Danish family's evening file ``tarokklub.evening/1`` (docs/format.md): strict reading and writing.

Reading collects every problem of a file (structure first, then the rules of docs/rules/danish.md §5 for each
deal whose structure is sound) and raises one ``EveningError``. Unknown keys are errors, so that a
typo never silently drops a payment; so is a key given twice (``decode`` keeps both, where plain
``json.loads`` would silently keep the last). Writing then reading gives the same ``Evening``.

A file from outside is held to ``bounds.py`` (``bounded=True``, the default): names a form would
accept, whole numbers of sane size, custom fines and rate-card amounts within the club pages'
limits, an embedded card that is a copy of a built-in card with only its amounts changed. The
app's own stored tables are re-read with ``bounded=False`` (what was once stored stays readable).
"""
from __future__ import annotations

import json
from datetime import date
from typing import Any

from scoring.engine import bounds
from .model import (
    Announcement, CardFate, Court, Cup, CupFine, Deal, DealKind, Evening, Fate, Fine, FineKind, Group, Meld, MeldKind,
    Rank, Suit,
)
from scoring.engine.problems import Path
from scoring.engine.reading import (
    EVENING_KEYS, LongNumber, Reader, read_deal, read_deals, read_top,
)
from .rates import (ALL_RATE_CARDS as RATE_CARDS, CARD_EDITABLE, CARD_EDITABLE_AMOUNTS, DEFAULT_RATE_CARD,
                    EARLIER_EDITIONS, FINE_AMOUNT_MAX, FINE_AMOUNT_MIN, RateCard)
from .validate import validate_deal, validate_players

_EVENING_KEYS = EVENING_KEYS   # docs/format.md's top level, the same for every family
_DEAL_KEYS = {"dealer", "kind", "melds", "pagat", "kings", "last_trick", "tout", "nolo", "counts", "derived", "fines",
              "failed_tout", "announced_vole", "announced_nolo", "passed", "asked_by", "ultimo_forfeited",
              "cup_fines"}
_MELD_KEYS = {"player", "kind", "count", "pagat", "group", "missing", "scies"}
_ANNOUNCEMENT_KEYS = {"player", "before_trick"}
_CARD_KEYS = {"owner", "fate"}
_FINE_KEYS = {"player", "kind", "amount"}
_CUP_FINE_KEYS = {"player", "cup", "to"}
_SUITS = frozenset(s.value for s in Suit)


def parse_evening(data: Any, *, bounded: bool = True, max_deals: int | None = None) -> Evening:
    """An ``Evening`` from decoded JSON; raises ``EveningError`` listing every problem.

    ``bounded`` holds the file to ``bounds.py`` (a file from outside; ``False`` re-reads what the
    app itself stored). A file of more than ``max_deals`` deals is refused before any deal is read."""
    top, root = read_top(data, bounded=bounded, max_deals=max_deals, required=("format", "players", "deals"))
    rules = root.get("rules", DEFAULT_RATE_CARD.name)
    rules_ok = not (bounded and isinstance(rules, str)
                    and not top.bounded_text(rules, "rules", bounds.CARD_NAME_MAX_LENGTH))
    embedded = None
    if "rate_card" in root:   # a club's own card travels with its evenings
        if not bounded or _card_within_bounds(top, root["rate_card"]):
            try:
                embedded = RateCard.from_dict(root["rate_card"])
            except (ValueError, TypeError) as exc:
                field, _sep, message = str(exc).partition(": ")
                top.add(("rate_card", field) if message else "rate_card", "bad_rate_card",
                        detail=message or str(exc))
            else:
                if bounded and not _card_is_a_copy(top, embedded):
                    embedded = None
                elif embedded.name != rules and rules_ok:
                    top.add("rate_card.name", "rate_card_name", name=embedded.name, rules=str(rules))
    elif rules_ok and top.text(rules, "rules") is not None and rules not in RATE_CARDS:
        top.add("rules", "unknown_rules", name=rules)
    evening_date = None
    if root.get("date") is not None:
        if top.text(root["date"], "date") is not None:
            try:
                evening_date = date.fromisoformat(root["date"])
            except ValueError:
                top.add("date", "not_date")
    players: list[str] = []
    for i, name in enumerate(top.items(root.get("players", []), "players"), 1):
        if top.name(name, ("players", i)) is not None:
            players.append(name)
    if "players" in root and isinstance(root["players"], list) and len(players) == len(root["players"]):
        top.problems.extend(validate_players(tuple(players)))
    elif "players" in root and isinstance(root["players"], list) and not 3 <= len(root["players"]) <= 5:
        top.add("players", "player_count", count=len(root["players"]))
    card = embedded or (RATE_CARDS.get(rules) if isinstance(rules, str) else None)
    if card is not None and 3 <= len(players) <= 5 and len(players) > card.max_players:
        top.problems.extend(p for p in validate_players(tuple(players), card) if p.code == "player_count_card")
    seats_ok = all(not p.field.startswith("players") for p in top.problems)
    reading_card = card or DEFAULT_RATE_CARD
    deals = read_deals(top, root, tuple(players), card if seats_ok else None,
                       lambda reader, raw: _parse_deal(reader, raw, reading_card), validate_deal)
    return Evening(tuple(players), deals, rules, evening_date, embedded)


def parse_deal(data: Any, number: int = 1, card: RateCard | None = None) -> Deal:
    """One deal object of an evening file (structure only; ``card``, default VLK, says whether a
    taroks meld must say ``pagat``); raises ``EveningError``."""
    card = card or DEFAULT_RATE_CARD
    return read_deal(data, number, lambda reader, raw: _parse_deal(reader, raw, card))


def _parse_deal(r: Reader, raw: Any, card: RateCard) -> Deal | None:
    """The deal of ``raw``, or every problem of it at its field."""
    before = r.fatal
    d = r.obj(raw, "", _DEAL_KEYS, ("dealer",))
    if d is None:
        return None
    kind = r.choice(d["kind"], "kind", DealKind) if "kind" in d else DealKind.PLAYED

    def person(key: str) -> str | None:
        return r.name(d[key], key) if key in d else None

    melds = tuple(m for i, raw_meld in enumerate(r.items(d.get("melds", []), "melds"), 1)
                  if (m := _parse_meld(r, raw_meld, ("melds", i), card)) is not None)
    fines = tuple(f for i, raw_fine in enumerate(r.items(d.get("fines", []), "fines"), 1)
                  if (f := _parse_fine(r, raw_fine, ("fines", i))) is not None)
    pagat = _parse_card(r, d["pagat"], ("pagat",)) if "pagat" in d else None
    kings: list[tuple[Suit, CardFate]] = []
    if "kings" in d:
        raw_kings = r.obj(d["kings"], "kings", _SUITS)
        for suit in (raw_kings or {}):
            if suit in _SUITS:
                fate = _parse_card(r, raw_kings[suit], ("kings", suit))
                if fate is not None:
                    kings.append((Suit(suit), fate))
    counts: list[tuple[str, int]] = []
    if "counts" in d:
        raw_counts = d["counts"]
        if not isinstance(raw_counts, dict):
            r.add("counts", "not_object")
        else:
            r.duplicates(raw_counts, "counts")
            for name, value in raw_counts.items():
                if r.bounded and not r.bounded_text(name, ("counts", name)):
                    continue
                if (count := r.integer(value, ("counts", name))) is not None:
                    counts.append((name, count))
    announced_vole = _parse_announcement(r, d["announced_vole"], ("announced_vole",)) if "announced_vole" in d else None
    announced_nolo = tuple(a for i, raw_nolo in enumerate(r.items(d.get("announced_nolo", []), "announced_nolo"), 1)
                           if (a := _parse_announcement(r, raw_nolo, ("announced_nolo", i))) is not None)
    forfeited = tuple(name for i, raw_name in enumerate(r.items(d.get("ultimo_forfeited", []), "ultimo_forfeited"), 1)
                      if (name := r.name(raw_name, ("ultimo_forfeited", i))) is not None)
    cup_fines = tuple(c for i, raw_fine in enumerate(r.items(d.get("cup_fines", []), "cup_fines"), 1)
                      if (c := _parse_cup_fine(r, raw_fine, ("cup_fines", i))) is not None)
    deal = Deal(
        dealer=person("dealer"), kind=kind, melds=melds, fines=fines, pagat=pagat, kings=tuple(kings),
        last_trick=person("last_trick"), tout=person("tout"), nolo=person("nolo"), counts=tuple(counts),
        derived=person("derived"), failed_tout=person("failed_tout"),
        announced_vole=announced_vole, announced_nolo=announced_nolo,
        passed=r.boolean(d["passed"], "passed") if "passed" in d else None,
        asked_by=person("asked_by"), ultimo_forfeited=forfeited, cup_fines=cup_fines,
    )
    return deal if r.fatal == before else None


def _parse_announcement(r: Reader, raw: Any, at: Path) -> Announcement | None:
    """``{player, before_trick}`` (docs/rules/grosstarock.md §2); the trick's range is a rule (validate)."""
    before = r.fatal
    a = r.obj(raw, at, _ANNOUNCEMENT_KEYS, ("player", "before_trick"))
    if a is None or "player" not in a or "before_trick" not in a:
        return None
    player = r.name(a["player"], (*at, "player"))
    trick = r.integer(a["before_trick"], (*at, "before_trick"))
    if r.fatal != before or player is None or trick is None:
        return None
    return Announcement(player, trick)


def _parse_meld(r: Reader, raw: Any, at: Path, card: RateCard) -> Meld | None:
    before = r.fatal
    m = r.obj(raw, at, _MELD_KEYS, ("player", "kind"))
    if m is None:
        return None
    player = r.name(m.get("player"), (*at, "player")) if "player" in m else None
    kind = r.choice(m.get("kind"), (*at, "kind"), MeldKind) if "kind" in m else None
    count = r.integer(m["count"], (*at, "count")) if "count" in m else None
    pagat = r.boolean(m["pagat"], (*at, "pagat")) if "pagat" in m else None
    scies = r.boolean(m["scies"], (*at, "scies")) if "scies" in m else None
    group = r.choice(m["group"], (*at, "group"), Rank if kind is MeldKind.FOUR else Group) if "group" in m else None
    missing = None
    if "missing" in m:
        wanted = Suit if group is Group.KINGS else Court
        missing = r.choice(m["missing"], (*at, "missing"), wanted)
    if kind is not None and kind.has_count and "count" not in m:
        r.add((*at, "count"), "required")
    if kind is MeldKind.TAROKS and "pagat" not in m and not card.taroks_pagat_optional:
        r.add((*at, "pagat"), "required")
    if kind is not None and (kind.is_group or kind is MeldKind.FOUR) and "group" not in m:
        r.add((*at, "group"), "required")
    if kind is MeldKind.HALF and "missing" not in m:
        r.add((*at, "missing"), "required")
    if r.fatal != before:
        return None
    return Meld(player=player, kind=kind, count=count, pagat=pagat, group=group, missing=missing, scies=scies)


def _parse_card(r: Reader, raw: Any, at: Path) -> CardFate | None:
    c = r.obj(raw, at, _CARD_KEYS, ("owner", "fate"))
    if c is None or "owner" not in c or "fate" not in c:
        return None
    owner = r.name(c["owner"], (*at, "owner"))
    fate = r.choice(c["fate"], (*at, "fate"), Fate)
    return CardFate(owner, fate) if owner is not None and fate is not None else None


def _parse_fine(r: Reader, raw: Any, at: Path) -> Fine | None:
    f = r.obj(raw, at, _FINE_KEYS, ("player", "kind"))
    if f is None or "player" not in f or "kind" not in f:
        return None
    player = r.name(f["player"], (*at, "player"))
    kind = r.choice(f["kind"], (*at, "kind"), FineKind)
    amount = None
    if "amount" in f:
        amount = r.integer(f["amount"], (*at, "amount"))
        if amount is None:
            return None
        if r.bounded and not FINE_AMOUNT_MIN <= amount <= FINE_AMOUNT_MAX:
            r.add((*at, "amount"), "number_range", low=FINE_AMOUNT_MIN, high=FINE_AMOUNT_MAX)
            return None
    elif kind is FineKind.CUSTOM:
        r.add((*at, "amount"), "required")
        return None
    return Fine(player, kind, amount) if player is not None and kind is not None else None


def _parse_cup_fine(r: Reader, raw: Any, at: Path) -> CupFine | None:
    """``{player, cup, to?}`` (docs/rules/danish.md §7.4): who replaces which cup's contents, and to
    whom (left out: into the cup)."""
    before = r.fatal
    c = r.obj(raw, at, _CUP_FINE_KEYS, ("player", "cup"))
    if c is None or "player" not in c or "cup" not in c:
        return None
    player = r.name(c["player"], (*at, "player"))
    cup = r.choice(c["cup"], (*at, "cup"), Cup)
    to = r.name(c["to"], (*at, "to")) if "to" in c else None
    if r.fatal != before or player is None or cup is None:
        return None
    return CupFine(player, cup, to)


def _card_within_bounds(r: Reader, raw: Any) -> bool:
    """An embedded card's amounts within the club card page's bounds, its name and title texts a
    person may enter, no key twice; problems at ``rate_card.<field>``. ``from_dict`` checks the rest."""
    if not isinstance(raw, dict):
        return True      # from_dict says what is wrong with it
    before = len(r.problems)
    r.duplicates(raw, "rate_card")
    fines = raw.get("fines")
    values = [(("rate_card", k), k, v) for k, v in raw.items()]
    if isinstance(fines, dict):
        r.duplicates(fines, ("rate_card", "fines"))
        values += [(("rate_card", "fines", k), "fines", v) for k, v in fines.items()]
    for field, key, value in values:
        if isinstance(value, LongNumber):
            r.add(field, "too_many_digits", digits=value.digits)
        elif (key in CARD_EDITABLE_AMOUNTS or key == "fines") and isinstance(value, int) \
                and not isinstance(value, bool) and not 0 <= value <= bounds.CARD_AMOUNT_MAX:
            r.add(field, "number_range", low=0, high=bounds.CARD_AMOUNT_MAX)
        elif key in ("name", "title") and isinstance(value, str):
            r.bounded_text(value, field, bounds.CARD_NAME_MAX_LENGTH if key == "name" else bounds.CARD_TITLE_MAX_LENGTH)
    return len(r.problems) == before


def card_fixed_fields(card: RateCard) -> dict[str, Any]:
    """What a club's copy of a card cannot change (the club card page edits only the amounts and
    yes/no rules of ``rates.CARD_EDITABLE``): every other field, the fine kinds the card lists and
    whether it knows a failed tout at all."""
    data = card.to_dict(every_key=True)
    fixed = {k: v for k, v in data.items() if k not in CARD_EDITABLE}
    fixed["fines"] = sorted(data["fines"])
    fixed["failed_tout_each"] = "none" if data["failed_tout_each"] is None else "an amount"
    return fixed


def card_base(card: RateCard) -> RateCard | None:
    """The built-in card ``card`` is a copy of (its fixed fields all the same), or None."""
    fixed = card_fixed_fields(card)
    return next((base for base in (*RATE_CARDS.values(), *EARLIER_EDITIONS) if card_fixed_fields(base) == fixed), None)


def _card_is_a_copy(r: Reader, card: RateCard) -> bool:
    """A card in a file must be one the club card page could make: a built-in card with amounts
    changed. Each fixed field that differs from the nearest built-in card is a problem."""
    if card_base(card) is not None:
        return True
    fixed = card_fixed_fields(card)
    nearest = min(RATE_CARDS.values(),
                  key=lambda base: sum(v != fixed[k] for k, v in card_fixed_fields(base).items()))
    for key, value in card_fixed_fields(nearest).items():
        if fixed[key] != value:
            r.add(("rate_card", key), "card_fixed_field", expected=json.dumps(value), base=nearest.name)
    return False


# Writing ---------------------------------------------------------------------------------------

def meld_to_dict(meld: Meld) -> dict:
    out: dict[str, Any] = {"player": meld.player, "kind": meld.kind.value}
    for name in ("count", "pagat"):
        if getattr(meld, name) is not None:
            out[name] = getattr(meld, name)
    for name in ("group", "missing"):
        if getattr(meld, name) is not None:
            out[name] = getattr(meld, name).value
    if meld.scies is not None:
        out["scies"] = meld.scies
    return out


def announcement_to_dict(announcement: Announcement) -> dict:
    return {"player": announcement.player, "before_trick": announcement.before_trick}


def deal_to_dict(deal: Deal) -> dict:
    out: dict[str, Any] = {"dealer": deal.dealer}
    if deal.kind is not DealKind.PLAYED:
        out["kind"] = deal.kind.value
    if deal.melds:
        out["melds"] = [meld_to_dict(m) for m in deal.melds]
    if deal.pagat is not None:
        out["pagat"] = {"owner": deal.pagat.owner, "fate": deal.pagat.fate.value}
    if deal.kings:
        out["kings"] = {suit.value: {"owner": f.owner, "fate": f.fate.value} for suit, f in deal.kings}
    for name in ("last_trick", "tout", "nolo", "failed_tout"):
        if getattr(deal, name) is not None:
            out[name] = getattr(deal, name)
    if deal.counts:
        out["counts"] = dict(deal.counts)
    if deal.derived is not None:
        out["derived"] = deal.derived
    if deal.announced_vole is not None:
        out["announced_vole"] = announcement_to_dict(deal.announced_vole)
    if deal.announced_nolo:
        out["announced_nolo"] = [announcement_to_dict(a) for a in deal.announced_nolo]
    if deal.passed is not None:
        out["passed"] = deal.passed
    if deal.asked_by is not None:
        out["asked_by"] = deal.asked_by
    if deal.ultimo_forfeited:
        out["ultimo_forfeited"] = list(deal.ultimo_forfeited)
    if deal.cup_fines:
        out["cup_fines"] = [{"player": c.player, "cup": c.cup.value, **({"to": c.to} if c.to is not None else {})}
                            for c in deal.cup_fines]
    if deal.fines:
        out["fines"] = [
            {"player": f.player, "kind": f.kind.value, **({"amount": f.amount} if f.amount is not None else {})}
            for f in deal.fines
        ]
    return out
