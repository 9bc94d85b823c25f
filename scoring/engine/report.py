"""The settlement as docs/format.md's JSON shape and as the paper sheet in plain text, for every family:
only the ledger's protocol (``ledger.py``) is read. A family without cups reports ``"cups": {}``
(a pot that holds nothing to share, a written score's sheet, is no cup: ``ledger.cup_contents``);
a family's facts about each deal (``formula``, ``radl`` …) are added to its row."""
from __future__ import annotations

from .ledger import FORMULA_WORDS, Settlement, cup_contents, holds


def _row(entry, players: tuple[str, ...]) -> dict:
    return {"net": {p: entry.net[p] for p in players}, "cups": cup_contents(entry)}


def settlement_to_dict(s: Settlement) -> dict:
    """Exactly the ``manage.py settle --json`` shape of docs/format.md (plus ``rules``).

    Each deal's row is written straight from its entry: an entry's ``amounts`` list the players
    first, in seat order (``ledger.py``), and the pots that hold something are picked once for the
    evening, so no entry builds its legs or its ``net`` mapping only to be read once."""
    players = s.players
    held = [pot.value for pot in s.opening.pots if holds(pot)]
    # Every pot holds something (the Danish cups): an entry's pot contents (a new dict each read)
    # are its cups as they are.
    every = bool(held) and held == [pot.value for pot in s.opening.pots]
    deals = []
    for e in s.deals:
        row = {"number": e.number, "net": dict(zip(players, e.amounts))}
        if every:
            row["cups"] = e.pot_contents
        elif held:
            contents = e.pot_contents
            row["cups"] = {name: contents[name] for name in held}
        else:
            row["cups"] = {}
        info = e.info
        if info:   # the family's facts, in their order, but the formula's stored words (no generator)
            row.update(info)
            row.pop(FORMULA_WORDS, None)
        deals.append(row)
    return {
        "players": list(players),
        "rules": s.rules,
        "opening": _row(s.opening, players),
        "deals": deals,
        "split": _row(s.split, players),
        "totals": dict(s.totals),
        **({"money": dict(s.money)} if s.money is not None else {}),
        "transfers": [{"from": t.payer, "to": t.payee, "points": t.points} for t in s.transfers],
    }


def settlement_text(s: Settlement) -> str:
    """The evening like the paper sheet: per deal each player's net and the pots (the Danish cups),
    and the family's formula if it has one, then running totals, the split, final totals and who
    pays whom."""
    players, pots = s.players, s.cups
    width = max(8, *(len(p) + 1 for p in players))
    head = (f"{'':<10}" + "".join(f"{p:>{width}}" for p in players)
            + "".join(f"{pot + ' cup':>10}" for pot in pots))
    lines = [f"Rules: {s.rules}", head, "-" * len(head)]

    def cells(values: dict) -> str:
        return "".join(f"{values[p]:>{width}}" for p in players)

    def pot_cells(entry) -> str:
        contents = cup_contents(entry)
        return "".join(f"{contents[pot]:>10}" for pot in pots)

    running = s.running()
    labelled = [("opening", s.opening, running[0])] + [
        (f"deal {e.number}", e, running[i]) for i, e in enumerate(s.deals, 1)]
    for label, entry, total in labelled:
        formula = entry.facts.get("formula")
        lines.append(f"{label:<10}{cells(entry.net)}{pot_cells(entry)}" + (f"   {formula}" if formula else ""))
        lines.append(f"{'  total':<10}{cells(total)}")
    lines.append("-" * len(head))
    lines.append(f"{'split':<10}{cells(s.split.net)}{pot_cells(s.split)}")
    lines.append(f"{'TOTAL':<10}{cells(dict(s.totals))}")
    if s.money is not None:   # a written-score family: the points each wins or pays (its money rule)
        lines.append(f"{'MONEY':<10}{cells(dict(s.money))}")
    lines.append("")
    lines.append("Who pays whom:" if s.transfers else "Nobody owes anybody.")
    lines += [f"  {t.payer} pays {t.payee} {t.points} points" for t in s.transfers]
    return "\n".join(lines) + "\n"
