"""The Selca sheet's words (``families/selca/templates/selca/``): each row of the zapisnik as a Slovenian
score sheet writes it (docs/rules/selca.md §3-§9, §14): the game (tri, dve, ena) or the kind (klop,
zatala, pokazane karte), the declarer, the dealer, what else happened (kontra, valat, pagat …: the row's
words, ``table.sheet_words``), and who could be written something (everyone in klop and in the
dealer's own misdeal, §8, §9)."""
from __future__ import annotations

from django import template

from families.selca import words as sw

from scoring.templatetags.sheet import seated_label

register = template.Library()


@register.simple_tag
def selca_row(row, sheet) -> dict:
    """``{% selca_row row sheet as s %}``: the row's game or kind word, the declarer and who showed
    (short names, as the sheet's columns; a name as seated beside the name now, ``seated_label``),
    the row's other words (``row.rest``), and per player (written, takes part) for the cells."""
    players = sheet.players
    outcome = row.deal.outcome if row.deal is not None else {}
    kind = outcome.get("kind", "")
    playing = sw.participants(tuple(players), outcome)
    words: dict = {"kind": kind, "cells": [(net, p in playing) for net, p in zip(row.net, players)],
                   "tags": row.rest}
    if kind == "game":
        words["game"] = sw.GAME_WORDS.get(outcome.get("game"), "?")
        words["declarer"] = seated_label(outcome.get("declarer", "?"), sheet)
        words["declarer_full"] = sheet.called(outcome.get("declarer", ""))
    else:
        words["word"] = sw.KIND_WORDS.get(kind, kind)
        if kind == "shown":
            words["declarer"] = seated_label(outcome.get("shown_by", "?"), sheet)
            words["declarer_full"] = sheet.called(outcome.get("shown_by", ""))
    return words


@register.filter
def signed(amount) -> str:
    """A written amount as the sheet writes it: +8, -8, 0."""
    amount = int(amount)
    return f"+{amount}" if amount > 0 else (str(amount) if amount < 0 else "0")
