"""The settlement as FORMAT.md's JSON shape and as the paper sheet in plain text."""
from __future__ import annotations

from .settle import Entry, Settlement


def _row(entry: Entry, players: tuple[str, ...]) -> dict:
    return {"net": {p: entry.net[p] for p in players},
            "cups": {"king": entry.cups.king, "pagat": entry.cups.pagat}}


def settlement_to_dict(s: Settlement) -> dict:
    """Exactly the ``manage.py settle --json`` shape of FORMAT.md (plus ``rules``)."""
    return {
        "players": list(s.players),
        "rules": s.rules,
        "opening": _row(s.opening, s.players),
        "deals": [{"number": e.number, **_row(e, s.players)} for e in s.deals],
        "split": _row(s.split, s.players),
        "totals": dict(s.totals),
        "transfers": [{"from": t.payer, "to": t.payee, "points": t.points} for t in s.transfers],
    }


def settlement_text(s: Settlement) -> str:
    """The evening like the paper sheet: per deal each player's net and both cups, then running
    totals, the split, final totals and who pays whom."""
    players = s.players
    width = max(8, *(len(p) + 1 for p in players))
    head = f"{'':<10}" + "".join(f"{p:>{width}}" for p in players) + f"{'king cup':>10}{'pagat cup':>10}"
    lines = [f"Rules: {s.rules}", head, "-" * len(head)]

    def cells(values: dict) -> str:
        return "".join(f"{values[p]:>{width}}" for p in players)

    running = s.running()
    labelled = [("opening", s.opening, running[0])] + [
        (f"deal {e.number}", e, running[i]) for i, e in enumerate(s.deals, 1)]
    for label, entry, total in labelled:
        lines.append(f"{label:<10}{cells(entry.net)}{entry.cups.king:>10}{entry.cups.pagat:>10}")
        lines.append(f"{'  total':<10}{cells(total)}")
    lines.append("-" * len(head))
    lines.append(f"{'split':<10}{cells(s.split.net)}{s.split.cups.king:>10}{s.split.cups.pagat:>10}")
    lines.append(f"{'TOTAL':<10}{cells(dict(s.totals))}")
    lines.append("")
    lines.append("Who pays whom:" if s.transfers else "Nobody owes anybody.")
    lines += [f"  {t.payer} pays {t.payee} {t.points} points" for t in s.transfers]
    return "\n".join(lines) + "\n"
