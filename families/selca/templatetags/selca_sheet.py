"""The Selca sheet's words (``families/selca/templates/selca/``): each row of the zapisnik as a Slovenian
score sheet writes it (docs/rules/selca.md §3-§9, §14): the game (tri, dve, ena) or the kind (klop,
zatala, pokazal), the declarer, the dealer, what else happened (kontra, valat, pagat …), and
who could be written something (everyone in klop and in the dealer's own misdeal, §8, §9)."""
from __future__ import annotations

from django import template

from families.selca import table as st

from scoring.templatetags.sheet import short

register = template.Library()


_VALAT_TAGS = {"silent": "valat", "announced_made": "valat napovedan", "announced_failed": "valat podrt"}
_PAGAT_TAGS = {"declarer_ultimo": "pagat ultimo", "opponents_ultimo": "pagat ultimo",
               "declarer_lost": "pagat izgubljen", "opponents_lost": "pagat izgubljen",
               "announced_ultimo": "pagat napovedan", "announced_lost": "pagat napovedan, izgubljen"}


def _tags(outcome: dict) -> list[str]:
    """The short Slovenian words of what a game had besides its count (§4, §5, §7)."""
    tags: list[str] = []
    kontra = outcome.get("kontra") or {}
    for item in st.KONTRA_ITEMS:
        if item in kontra:
            level = kontra[item]
            tags.append(level if item == "game" else f"{level} ({st.KONTRA_ITEM_WORDS[item]})")
    tags += [_VALAT_TAGS[code]] if (code := st.valat_code(outcome)) else []
    tags += [_PAGAT_TAGS[code]] if (code := st.pagat_code(outcome)) else []
    for name, word in (("kings", "kralji"), ("trula", "trula")):
        if name in outcome:
            tags.append(f"{word} {'+' if outcome[name] == 'declarer' else '−'}")
    for name in ("mondfang", "pagatfonk"):
        if name in outcome:
            tags.append(name)
    if outcome.get("renons"):
        tags.append("renons")
    return tags


@register.simple_tag
def selca_row(row, players) -> dict:
    """``{% selca_row row sheet.players as s %}``: the row's game or kind word, the declarer and
    who showed (short names, as the sheet's columns), the tags, and per player (written, running,
    takes part) for the cells."""
    outcome = row.deal.outcome if row.deal is not None else {}
    kind = outcome.get("kind", "")
    playing = st.participants(tuple(players), outcome)
    words: dict = {"kind": kind, "cells": [(net, p in playing) for net, p in zip(row.net, players)]}
    if kind == "game":
        words["game"] = st.GAME_WORDS.get(outcome.get("game"), "?")
        words["declarer"] = short(outcome.get("declarer", "?"), players)
        words["declarer_full"] = outcome.get("declarer", "")
        words["tags"] = _tags(outcome)
    else:
        words["word"] = st.KIND_WORDS.get(kind, kind)
        if kind == "shown":
            words["declarer"] = short(outcome.get("shown_by", "?"), players)
            words["declarer_full"] = outcome.get("shown_by", "")
        if outcome.get("renons"):
            words["tags"] = ["renons"]
    return words


@register.filter
def signed(amount) -> str:
    """A written amount as the sheet writes it: +8, -8, 0."""
    amount = int(amount)
    return f"+{amount}" if amount > 0 else (str(amount) if amount < 0 else "0")
