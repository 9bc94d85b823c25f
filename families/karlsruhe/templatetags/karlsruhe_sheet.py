"""The Karlsruhe sheet's words (``families/karlsruhe/templates/karlsruhe/``): the Radl still owed, derived from
the deal history by the engine (docs/rules/karlsruhe.md §5.4), and each row's game as the seed writes it."""
from __future__ import annotations

from django import template

from families.karlsruhe import table as kt
from families.karlsruhe import words as kw

from scoring.templatetags.sheet import seated_label

register = template.Library()


@register.simple_tag
def radl_owed(sheet) -> int:
    """``{% radl_owed sheet as owed %}``: the doubled deals still to come (0 on a closed evening:
    a Radl still owed lapses, §5.4)."""
    if sheet.closed or not sheet.deals:
        return 0
    return kt.radl_owed(sheet.table, sheet)


@register.simple_tag
def karlsruhe_row(row, sheet) -> dict:
    """``{% karlsruhe_row row sheet as k %}``: the row's game in German ("Königsrufer"), its kind's
    word for a misdeal or redeal, and who declared (short names, as the sheet's columns; a name as
    seated beside the name now, ``seated_label``)."""
    outcome = row.deal.outcome if row.deal is not None else {}
    kind = outcome.get("kind", "played")
    if kind != "played":
        return {"kind": kw.kind_names().get(kind, kind)}
    game = outcome.get("game", "")
    words = {"game": kw.GAME_WORDS.get(game, game)}
    declarer = outcome.get("declarer")
    if declarer:
        words["declarer"] = seated_label(declarer, sheet)
        partner = outcome.get("partner")
        if partner and partner != declarer:
            words["partner"] = seated_label(partner, sheet)
    return words
