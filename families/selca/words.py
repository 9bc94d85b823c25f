"""The Selca family's words (docs/rules/selca.md): the game's Slovenian terms, who takes part, the
zapisnik's row and words, the preview's words and a deal's lines on the history pages and the log."""
from __future__ import annotations


from django.utils.translation import gettext, gettext_lazy as _

from scoring.engine import families
from families.selca.engine.model import (
    Kind, Pot, Side, active_players, other_side_thirds, said_to_thirds, thirds_to_said,
)



FAMILY_NAME = "selca"


def engine() -> families.Family:
    """The Selca family of the engine (``families.py``)."""
    return families.family(FAMILY_NAME)


# The game's words (Slovenian, as the rules say them; never translated) ---------------------------

#: A shown hand is named by what was shown, "pokazane karte" (DELITEV KART: "takoj pokaže (obvezno)
#: karte"), never by a participle that would have to agree with the player who showed them.
KIND_WORDS = {Kind.GAME.value: "igra", Kind.KLOP.value: "klop", Kind.MISDEAL.value: "zatala",
              Kind.SHOWN.value: "pokazane karte"}
#: The games in the order the form offers them (§3: "tri, dve, ena"), the form's value as text.
GAME_WORDS = {3: "tri", 2: "dve", 1: "ena"}
#: The two sides as the text names them (ŠTETJE: "Štejeta obe skupini, licitator in nasprotnika"):
#: the declarer is the licitator everywhere, never "igralec", which is any player at the table.
DECLARER = "licitator"
SIDE_WORDS = {Side.DECLARER.value: DECLARER, Side.OPPONENTS.value: "nasprotnika"}
KONTRA_WORDS = {"kontra": "kontra", "re": "re", "sub": "sub"}
KONTRA_ITEMS = ("game", "pagat", "valat")
KONTRA_ITEM_WORDS = {"game": "igra", "pagat": "pagat", "valat": "valat"}

#: The pagat as one choice (§4): silent by either side, won or lost in the last trick, or
#: announced by the declarer (only he announces) and won or lost. Each is (the §14 fields it sets).
PAGAT_CHOICES: dict[str, dict] = {
    "declarer_ultimo": {"pagat_ultimo": "declarer"},
    "declarer_lost": {"pagat_lost": "declarer"},
    "opponents_ultimo": {"pagat_ultimo": "opponents"},
    "opponents_lost": {"pagat_lost": "opponents"},
    "announced_ultimo": {"announced": "pagat", "pagat_ultimo": "declarer"},
    "announced_lost": {"announced": "pagat"},
}
PAGAT_WORDS = {
    "declarer_ultimo": f"{DECLARER}: tihi ultimo", "declarer_lost": f"{DECLARER}: tihi, izgubljen",
    "opponents_ultimo": "nasprotnika: tihi ultimo", "opponents_lost": "nasprotnika: tihi, izgubljen",
    "announced_ultimo": "napovedan: ultimo", "announced_lost": "napovedan: izgubljen",
}
#: The valat as one choice (§4): silent (made), or announced, made or failed ("podrti valat").
VALAT_CHOICES: dict[str, dict] = {
    "silent": {"valat": True},
    "announced_made": {"announced": "valat", "valat": True},
    "announced_failed": {"announced": "valat", "valat": False},
}
VALAT_WORDS = {"silent": "tihi valat", "announced_made": "napovedan, narejen", "announced_failed": "napovedan, podrt"}


def pagat_code(outcome: dict) -> str:
    """The pagat's choice (``PAGAT_CHOICES``) of a stored deal; an announced pagat that did not win
    the last trick is lost, however it was written (§4)."""
    if "pagat" in (outcome.get("announced") or []):
        return "announced_ultimo" if outcome.get("pagat_ultimo") == Side.DECLARER.value else "announced_lost"
    for key, word in (("pagat_ultimo", "ultimo"), ("pagat_lost", "lost")):
        if outcome.get(key) in SIDE_WORDS:
            return f"{outcome[key]}_{word}"
    return ""


def valat_code(outcome: dict) -> str:
    """The valat's choice (``VALAT_CHOICES``) of a stored deal (§4)."""
    if "valat" in (outcome.get("announced") or []):
        return "announced_made" if outcome.get("valat") else "announced_failed"
    return "silent" if outcome.get("valat") else ""


GAME_FIELDS = ("declarer", "game", "count_side", "count", "count_platelci", "kings", "trula", "pagat", "valat",
               "kontra_game", "kontra_pagat", "kontra_valat", "kontra_by", "mondfang_owner", "mondfang_by",
               "pagatfonk_skis", "pagatfonk_pagat", "renons")


def count_field(player: str) -> str:
    """A klop count's field, named like the engine's field path ``counts.<name>``."""
    return f"counts.{player}"


def said(thirds: int) -> str:
    """A count in thirds as the sheet writes it: 106 → "35,3" (§2, ``thirds_to_said``)."""
    return thirds_to_said(thirds)


def parse_said(text: str) -> int:
    """A count typed as the players say it, in thirds (§14 "Form hints", ``said_to_thirds``):
    "35,3", "37,6", "35", "35 in 1 platelc". ``ValueError`` for anything else."""
    return said_to_thirds(str(text).strip().replace("½", ""))


def count_message() -> str:
    return gettext("Skriv tællingen, som man siger den: 35, 35,3, 35,6 eller 35 in 1 platelc (0 til 70).")


# The preview and a correction's effect -------------------------------------------------------------

def participants(players: tuple[str, ...], outcome: dict) -> set[str]:
    """Who may be written something in this deal: everyone in klop (the dealer plays the talon,
    §8) and in a misdeal (it is the dealer's own, §9); else the active players (§1)."""
    kind = outcome.get("kind")
    if kind in (Kind.KLOP.value, Kind.MISDEAL.value) or outcome.get("dealer") not in players:
        return set(players)
    return set(active_players(tuple(players), outcome["dealer"]))


def written_row(players: tuple[str, ...], outcome: dict) -> tuple[str, str, set[str]]:
    """A deal as the zapisnik writes it (the PDF's sheet): the game or kind in the game's words
    ("tri", "klop", "pokazane karte (Ana)"), the declarer, and who takes part (``participants``)."""
    if "declarer" in outcome:
        return GAME_WORDS.get(outcome.get("game"), str(outcome.get("game", ""))), str(outcome["declarer"]), \
            participants(players, outcome)
    kind = outcome.get("kind", "")
    word = KIND_WORDS.get(kind, kind)
    if outcome.get("shown_by"):
        word += f" ({outcome['shown_by']})"
    return word, "", participants(players, outcome)


#: What a game had besides its count, in the zapisnik's short words (§4, §5, §7).
VALAT_TAGS = {"silent": "valat", "announced_made": "valat napovedan", "announced_failed": "valat podrt"}
PAGAT_TAGS = {"declarer_ultimo": "pagat ultimo", "opponents_ultimo": "pagat ultimo (nasprotnika)",
              "declarer_lost": "pagat izgubljen", "opponents_lost": "pagat izgubljen (nasprotnika)",
              "announced_ultimo": "pagat napovedan", "announced_lost": "pagat napovedan, izgubljen"}


def _by_side(word: str, side: str) -> str:
    """Kings or trula by the side that ended with them: the declarer's plain, the opponents' named."""
    return word if side == Side.DECLARER.value else f"{word} ({SIDE_WORDS.get(side, side)})"


def sheet_words(outcome: dict, players: tuple[str, ...], card=None, facts: dict | None = None) -> tuple[str, ...]:
    """A deal as the zapisnik names it (§3-§9), in its Slovenian words: the game and its declarer
    ("tri Ana") or the kind ("klop" with its counts, "zatala", "pokazane karte (Ana)"), then kontra, valat,
    pagat, kralji, trula, mondfang, pagatfonk and renons: ("tri Ana", "kralji", "trula")."""
    kind = outcome.get("kind", "")
    if kind == Kind.GAME.value:
        items = [f"{GAME_WORDS.get(outcome.get('game'), outcome.get('game', '?'))} {outcome.get('declarer', '?')}"]
    elif kind == Kind.SHOWN.value:
        items = [f"{KIND_WORDS[kind]} ({outcome.get('shown_by', '?')})"]
    else:
        items = [KIND_WORDS.get(kind, kind)]
    if kind == Kind.KLOP.value and outcome.get("counts"):
        items.append(", ".join(f"{p} {said(c)}" for p, c in outcome["counts"].items()))
    kontra = outcome.get("kontra") or {}
    for item in KONTRA_ITEMS:
        if item in kontra:
            level = KONTRA_WORDS.get(kontra[item], kontra[item])
            items.append(level if item == "game" else f"{level} ({KONTRA_ITEM_WORDS[item]})")
    if kind == Kind.GAME.value:
        items += [VALAT_TAGS[code]] if (code := valat_code(outcome)) else []
        items += [PAGAT_TAGS[code]] if (code := pagat_code(outcome)) else []
        for name, word in (("kings", "kralji"), ("trula", "trula")):
            if name in outcome:
                items.append(_by_side(word, outcome[name]))
        if "mondfang" in outcome:
            items.append(f"mondfang {outcome['mondfang'].get('owner', '?')}")
        if "pagatfonk" in outcome:
            items.append(f"pagatfonk {outcome['pagatfonk'].get('skis', '?')}")
    if outcome.get("renons"):
        items.append("renons " + ", ".join(outcome["renons"]))
    return tuple(items)


#: The headings of Selca's own figures (engine ``stats.deal_stats``) on the player page: the
#: Slovenian terms, with Danish where a word needs it.
FIGURE_WORDS = {
    "klop": "Klop", "klop_lost": _("Klop tabt"), "renons": "Renons", "mondfang": "Mondfang",
    "pagatfonk": "Pagatfonk", "misdeal": _("Zatala (fejlgivning)"), "shown": _("Pokazane karte (viste kortene)"),
    "valat": "Valat",
}


#: The season report's highlights: the games declared and won (§3, §7), each valat (§4), the klops
#: (§8), each mondfang and pagatfonk (§4) and each renons (§7, §8).
HIGHLIGHTS = ("declarer", "declarer_won", "valat", "klop", "mondfang", "pagatfonk", "renons")
HIGHLIGHT_WORDS = {**FIGURE_WORDS, "declarer": _("Spil meldt"), "declarer_won": _("Spil vundet")}


def describe(outcome: dict) -> dict:
    """What the preview says about a deal besides its points: the kind or game in Slovenian, the
    declarer, won or lost, both sides' counts as players say them, a klop's counts."""
    kind = outcome.get("kind")
    if kind == Kind.KLOP.value:
        return {"kind_word": "klop", "klop_counts": [(p, said(c)) for p, c in outcome.get("counts", {}).items()]}
    if kind != Kind.GAME.value:
        words = {"kind_word": KIND_WORDS.get(kind, kind)}
        if kind == Kind.SHOWN.value:
            words["shown_by"] = outcome.get("shown_by")
        return words
    count = outcome["count"]
    return {"game_word": GAME_WORDS[outcome["game"]], "declarer": outcome["declarer"],
            "count_declarer": said(count), "count_opponents": said(other_side_thirds(count))}


# The words of a deal (history pages, the evening's log) ------------------------------------------

def deal_lines(outcome: dict) -> list[tuple[str, str]]:
    """A deal (§14's object) as it reads at the table, a (label, words) line per thing recorded,
    the game's terms in Slovenian: "Igra: dve", "Tælling: licitator 30,6 · nasprotnika 39,3" …"""
    lines: list[tuple[str, str]] = [(gettext("Giver"), str(outcome.get("dealer", "?")))]
    kind = outcome.get("kind", "?")
    if kind != Kind.GAME.value:
        lines.append((gettext("Spillet"), KIND_WORDS.get(kind, str(kind))))
    if kind == Kind.SHOWN.value:
        lines.append((gettext("Viste kortene (pokazane karte)"), str(outcome.get("shown_by", "?"))))
    if kind == Kind.KLOP.value:
        counts = outcome.get("counts") or {}
        lines.append((gettext("Tælling"), ", ".join(f"{p} {said(c)}" for p, c in counts.items())))
    if kind != Kind.GAME.value:
        if outcome.get("renons"):
            lines.append(("Renons", ", ".join(outcome["renons"])))
        return lines
    if "game" in outcome:
        lines.append(("Igra", GAME_WORDS.get(outcome["game"], str(outcome["game"]))))
    if "declarer" in outcome:
        lines.append((gettext("Spilfører (licitator)"), str(outcome["declarer"])))
    if "count" in outcome:
        c = outcome["count"]
        lines.append((gettext("Tælling"), f"{DECLARER} {said(c)} · nasprotnika {said(other_side_thirds(c))}"))
    for name, word in (("kings", "Kralji"), ("trula", "Trula")):
        if name in outcome:
            lines.append((word, SIDE_WORDS.get(outcome[name], outcome[name])))
    if pagat_code(outcome):
        lines.append(("Pagat ultimo", PAGAT_WORDS[pagat_code(outcome)]))
    if valat_code(outcome):
        lines.append(("Valat", VALAT_WORDS[valat_code(outcome)]))
    kontra = outcome.get("kontra") or {}
    if kontra:
        said_on = ", ".join(f"{KONTRA_ITEM_WORDS[i]}: {kontra[i]}" for i in KONTRA_ITEMS if i in kontra)
        lines.append(("Kontra", f"{said_on} ({kontra.get('by', '?')})"))
    if "mondfang" in outcome:
        m = outcome["mondfang"]
        lines.append(("Mondfang", f"mond {m.get('owner', '?')}, ujel {m.get('by', '?')}"))
    if "pagatfonk" in outcome:
        p = outcome["pagatfonk"]
        lines.append(("Pagatfonk", f"škis {p.get('skis', '?')}, pagat {p.get('pagat', '?')}"))
    if outcome.get("renons"):
        lines.append(("Renons", ", ".join(outcome["renons"])))
    return lines


def leg_account(leg) -> str:
    """Whose a stored leg is (the history page): the player's name, or the sheet ("zapisnik"), the
    ledger's other side of what a deal writes (§11 Decision), never a cup."""
    if leg.player_id is not None:
        return leg.player.name
    return "zapisnik" if leg.account == Pot.SHEET.value else str(leg.account)


#: The zapisnik's own words (docs/rules/selca.md §14): a Slovenian score sheet's, never translated.
WRITTEN_WORDS = {"sheet": "Zapisnik", "number": "št.", "dealer": "delilec", "game": "igra", "declarer": DECLARER,
                 "points": "točke", "running": "skupaj", "sum": "Skupaj", "signatures": "Podpisi"}
#: A voided deal told in a written score's words, in the page's language: nothing was paid, so
#: nothing is paid back; what the deal wrote is struck out (docs/rules/selca.md, "a written score":
#: the deals write points, money comes only at the end, §11).
VOID_WORDS = {"voided": _("annulleret – skrives ikke"), "void_explain": _("Spillets skrevne point strøges.")}
