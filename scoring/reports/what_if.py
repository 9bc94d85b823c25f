"""What the what-if page and its PDF print of a ``selectors.what_if.WhatIfReport``: each player's
points and money as recorded and under the card, the differences signed, money in its currencies
as the page's language writes them."""
from __future__ import annotations

from scoring.currency import format_purse
from scoring.numbers import page_language


def signed(value) -> str:
    """A difference with its sign ("+15", "−3", "0"); "—" for none."""
    if value is None:
        return "—"
    return f"+{value}" if value > 0 else str(value)


def report_context(report) -> dict:
    lang = page_language()

    def money(purse, sign: bool = False) -> str:
        if purse is None:
            return "—"
        text = format_purse(purse, lang)
        return f"+{text}" if sign and purse and all(a > 0 for a in purse.values()) else text

    rows = [{"player_id": r.player_id, "player": r.player, "recorded_points": r.recorded_points,
             "points": "—" if r.points is None else r.points, "points_difference": signed(r.points_difference),
             "recorded_money": money(r.recorded_money), "money": money(r.money),
             "money_difference": money(r.money_difference, sign=True), "left_out": r.left_out,
             "gain": (r.points_difference or 0) > 0, "loss": (r.points_difference or 0) < 0}
            for r in report.rows]
    return {"report": report, "rows": rows, "card_title": report.choice.title,
            "any_left_out": any(r.left_out for r in report.rows)}
