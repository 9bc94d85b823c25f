"""The Karlsruhe family's words (docs/rules/karlsruhe.md): the game's German terms, the preview's words,
the sheet's row (``describe``) and a deal's lines on the history pages and the evening's log."""
from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, gettext_lazy as _, pgettext, pgettext_lazy

from scoring.engine import families
from families.karlsruhe.engine.model import (
    DECK_THIRDS, KONTRA_GAME, Bonus, Game, KontraLevel, Side, Suit, other_side_thirds, points_said,
)
from families.karlsruhe.engine.settle import declarers_won, fahrer_payers, schneider, sides
from families.karlsruhe.engine.validate import GAME_WORDS as _ENGINE_GAME_WORDS
from scoring.engine.problems import EveningError



FAMILY_NAME = "karlsruhe"


def engine() -> families.Family:
    """The Karlsruhe family of the engine (``families.py``)."""
    return families.family(FAMILY_NAME)


# The game's words (German, as the seed says them; never translated) -------------------------------

GAME_WORDS = {g.value: word for g, word in _ENGINE_GAME_WORDS.items()}
#: The headings of Karlsruhe's own figures (engine ``stats.deal_stats``) on the player page: Danish
#: words around the game's own terms (Valat, Fahrer, Radl).
FIGURE_WORDS = {"partner": _("Som partner"), "partner_won": _("Vundet som partner"), "valat": "Valat",
                "fahrer": "Fahrer", "radl": _("Radl-spil")}
#: The season report's highlights: the games declared and won (§2), each Valat (§5.2), each Fahrer
#: (§6) and the deals doubled in a Radl (§5.4).
HIGHLIGHTS = ("declarer", "declarer_won", "valat", "fahrer", "radl")
HIGHLIGHT_WORDS = {**FIGURE_WORDS, "declarer": _("Spil meldt"), "declarer_won": _("Spil vundet")}
#: The games in the order the form offers them (§2's table).
GAMES = tuple(g.value for g in (Game.KOENIGSRUFER, Game.SOLORUFER, Game.DREIER, Game.SECHSERBOCK,
                                Game.BETTEL_OUVERT, Game.FAHRER))
RUFER = tuple(g.value for g in Game if g.is_rufer)
POSITIVE = tuple(g.value for g in Game if g.is_positive)
WITH_DECLARER = tuple(g.value for g in Game if g.has_declarer)
SUIT_WORDS = {Suit.HEARTS.value: "♥ Herz", Suit.DIAMONDS.value: "♦ Karo", Suit.CLUBS.value: "♣ Kreuz",
              Suit.SPADES.value: "♠ Pik"}
BIRDS = (Bonus.CANARI.value, Bonus.UHU.value, Bonus.PAGAT.value)   # the formula's order (§5.5)
#: The two Trulls as the seed names them (§K: "Skies, Mond und Pagat = große Trull", "4 Könige
#: zusammen = kleine Trull").
BONUS_WORDS = {Bonus.CANARI.value: "Canari", Bonus.UHU.value: "Uhu", Bonus.PAGAT.value: "Pagat",
               Bonus.TRULL.value: "große Trull", Bonus.FOUR_KINGS.value: "kleine Trull"}
#: The doubling words as the seed spells them (§C: "Contra, Re, Sub, Hirsch").
KONTRA = "Contra"
KONTRA_WORDS = {KontraLevel.KONTRA.value: KONTRA, KontraLevel.RE.value: "Re", KontraLevel.SUB.value: "Sub",
                KontraLevel.HIRSCH.value: "Hirsch"}
#: The two sides: the seed's "Spielmacher" (§S: "Der Spielmacher muss … 35 Punkte + 1 Blatt haben",
#: the count of his side), and the Gegner. "Spieler" is every one at the table ("Spieler 1 … 4").
DECLARER = "Spielmacher"
SIDE_WORDS = {Side.DECLARERS.value: DECLARER, Side.OPPONENTS.value: "Gegner"}
KING_CAUGHT = "König abgefangen"
MAX_POINTS = DECK_THIRDS // 3   # 70 Spielpunkte (§S)
#: A partner choice that is no player: the declarer plays alone (§2 Decision). No player's name
#: starts with a space (``bounds.text_problem``), so it never stands for one.
ALONE = " allein"


def _entry(side: str, won: bool, announced: bool = False) -> dict:
    entry: dict = {"side": side, "won": won}
    if announced:
        entry["announced"] = True
    return entry


#: A bird as one choice (§11 "Form"): the side that played it silently and whether that side made
#: it, or announced (by the declarer, for his side, §4) and made or failed.
BIRD_CHOICES = {
    "declarers_made": _entry("declarers", True), "declarers_lost": _entry("declarers", False),
    "opponents_made": _entry("opponents", True), "opponents_lost": _entry("opponents", False),
    "announced_made": _entry("declarers", True, True), "announced_failed": _entry("declarers", False, True),
}
#: A Valat as one choice (§5.2): silent by either side, or announced by the declarers.
VALAT_CHOICES = {
    "declarers": _entry("declarers", True), "announced_made": _entry("declarers", True, True),
    "announced_failed": _entry("declarers", False, True), "opponents": _entry("opponents", True),
}


def _choice_of(entry: dict, choices: dict) -> str | None:
    wanted = {"side": entry.get("side"), "won": entry.get("won"), "announced": bool(entry.get("announced"))}
    for code, value in choices.items():
        if {**value, "announced": bool(value.get("announced"))} == wanted:
            return code
    return None


def bird_labels() -> dict[str, str]:
    return {
        "declarers_made": gettext("%(side)s stille, vundet") % {"side": DECLARER},
        "declarers_lost": gettext("%(side)s stille, tabt") % {"side": DECLARER},
        "opponents_made": gettext("%(side)s stille, vundet") % {"side": SIDE_WORDS[Side.OPPONENTS.value]},
        "opponents_lost": gettext("%(side)s stille, tabt") % {"side": SIDE_WORDS[Side.OPPONENTS.value]},
        "announced_made": gettext("meldt, vundet"),
        "announced_failed": gettext("meldt, tabt"),
    }


def valat_labels() -> dict[str, str]:
    return {
        "declarers": gettext("%(side)s stille") % {"side": DECLARER},
        "announced_made": gettext("%(side)s meldt, vundet") % {"side": DECLARER},
        "announced_failed": gettext("%(side)s meldt, tabt") % {"side": DECLARER},
        "opponents": gettext("%(side)s stille") % {"side": SIDE_WORDS[Side.OPPONENTS.value]},
    }


def kind_names() -> dict[str, str]:
    return {"played": gettext("spillet"), "misdeal": gettext("fejlgivning"), "redeal": gettext("ny give")}


def describe(players: tuple[str, ...], deal, card) -> dict:
    """What the preview says about a settled deal besides its amounts: the game, the sides, the
    count as the players say it for both sides, won or lost, Schneider, a Fahrer's payers."""
    if deal.kind.value != "played":
        return {"kind_word": kind_names()[deal.kind.value]}
    game = deal.game
    words: dict[str, Any] = {"game_word": GAME_WORDS[game.value]}
    if game is Game.FAHRER:
        high, low = fahrer_payers(players, deal)
        words["fahrer_pay"], words["fahrer_get"] = high, low
        words["fahrer_counts"] = [(p, points_said(c)) for p, c in deal.counts]
        return words
    declarers, opponents = sides(players, deal)
    words.update(declarers=declarers, opponents=opponents, won=declarers_won(deal, card),
                 alone=game.is_rufer and deal.alone)
    if game.is_positive and deal.valat is None and deal.declarers_count is not None:
        words["count_declarers"] = points_said(deal.declarers_count)
        words["count_opponents"] = points_said(other_side_thirds(deal.declarers_count))
        words["schneider"] = schneider(deal, card)
    return words


# The sheet's row (``TableFamily.describe``) -------------------------------------------------------

#: The birds as the seed's table writes them when announced: "III II I announced" (T7).
BIRD_NUMERALS = {Bonus.CANARI.value: "III", Bonus.UHU.value: "II", Bonus.PAGAT.value: "I"}
#: A silent bird made, as the seed writes it ("Pagat ult.", T5).
SILENT_BIRD_WORDS = {Bonus.CANARI.value: "Canari", Bonus.UHU.value: "Uhu", Bonus.PAGAT.value: "Pagat ult."}


def _lost(item: str) -> str:
    return gettext("%(item)s tabt") % {"item": item}


def _side(item: str, entry: dict) -> str:
    """A silent item by the side that had it: the declarers' plain, the opponents' with "Gegner"."""
    return f"{item} {SIDE_WORDS[Side.OPPONENTS.value]}" if entry.get("side") == Side.OPPONENTS.value else item


def sheet_words(outcome: dict, players: tuple[str, ...], card=None, facts: dict | None = None) -> tuple[str, ...]:
    """A deal as the seed's closing table names it (docs/rules/karlsruhe.md, T1-T9): the game and
    its declarer (and partner), Schneider (§5.1), Valat (§5.2), the birds — announced ones as the
    seed's "angesagt III, II, I" (§4) —, the große and kleine Trull, Contra (§5.3), the caught king, and
    "im Radl" (§5.4): ("Sechserbock Bernd", "Schneider", "angesagt III, II, I", "im Radl"). The
    words are the game's German; what failed says so in the page's language."""
    if outcome.get("kind", "played") != "played":   # a misdeal or redeal: the sheet tags its kind
        return ()
    game = outcome.get("game", "")
    head = GAME_WORDS.get(game, game)
    declarer, partner = outcome.get("declarer"), outcome.get("partner")
    if declarer:
        head += f" {declarer}"
        if partner and partner != declarer:
            head += f" + {partner}"
        elif partner == declarer and game in RUFER:
            head += ALONE
    items = [head]
    if card is not None and game in POSITIVE and "declarers_count" in outcome:
        try:
            if schneider(engine().parse_deal(outcome), card):
                items.append("Schneider")
        except EveningError:
            pass
    valat = outcome.get("valat")
    if valat:
        word = "Valat angesagt" if valat.get("announced") else _side("Valat", valat)
        items.append(word if valat.get("won", True) else _lost(word))
    bonuses = outcome.get("bonuses") or {}
    made = [BIRD_NUMERALS[b] for b in BIRDS if bonuses.get(b, {}).get("announced") and bonuses[b].get("won")]
    if made:
        items.append("angesagt " + ", ".join(made))
    for bird in BIRDS:
        entry = bonuses.get(bird)
        if not entry:
            continue
        if entry.get("announced"):
            if not entry.get("won"):
                items.append(_lost(f"angesagt {BIRD_NUMERALS[bird]}"))
            continue
        word = _side(SILENT_BIRD_WORDS[bird] if entry.get("won") else BONUS_WORDS[bird], entry)
        items.append(word if entry.get("won") else _lost(word))
    for bonus in (Bonus.TRULL.value, Bonus.FOUR_KINGS.value):
        if bonus in bonuses:
            items.append(_side(BONUS_WORDS[bonus], bonuses[bonus]))
    for key, level in (outcome.get("kontra") or {}).items():
        word = KONTRA_WORDS.get(level, level)
        items.append(word if key == KONTRA_GAME else f"{word} {BONUS_WORDS.get(key, key)}")
    if outcome.get("king_caught"):
        items.append(KING_CAUGHT)
    if (facts or {}).get("radl"):
        items.append(pgettext("karlsruhe", "im Radl"))   # the seed's German; Slovenian says "radelc"
    return tuple(items)


# The words of a deal (history pages, the evening's log) ------------------------------------------

def _name(outcome: dict, key: str) -> str:
    return str(outcome.get(key, "?"))


def _entry_words(entry: dict, choices: dict, labels: dict) -> str:
    code = _choice_of(entry, choices)
    return labels[code] if code else str(entry)


def deal_lines(outcome: dict) -> list[tuple[str, str]]:
    """A deal (§11's object) as it reads at the table, a (label, words) line per thing recorded,
    the game's terms in German: "Spil: Königsrufer", "Tælling: Spielmacher 38 Punkte · Gegner 32 Punkte" …"""
    lines: list[tuple[str, str]] = [(gettext("Giver"), _name(outcome, "dealer"))]
    kind = outcome.get("kind", "played")
    if kind != "played":
        lines.append((gettext("Spillet"), kind_names().get(kind, kind)))
        return lines
    game = outcome.get("game")
    if game:
        lines.append((str(pgettext_lazy("karlsruhe", "Spil")), GAME_WORDS.get(game, game)))
    if "declarer" in outcome:
        lines.append((gettext("Spilfører"), _name(outcome, "declarer")))
    if "called_king" in outcome:
        lines.append((gettext("Kaldt konge"), SUIT_WORDS.get(outcome["called_king"], outcome["called_king"])))
    if "partner" in outcome:
        partner = outcome["partner"]
        lines.append((gettext("Partner"), "allein" if partner == outcome.get("declarer") else str(partner)))
    if "declarers_count" in outcome:
        thirds = outcome["declarers_count"]
        lines.append((gettext("Tælling"), f"{DECLARER} {points_said(thirds)} · Gegner {points_said(other_side_thirds(thirds))}"))
    if "valat" in outcome:
        lines.append(("Valat", _entry_words(outcome["valat"], VALAT_CHOICES, valat_labels())))
    bonuses = outcome.get("bonuses") or {}
    for bird in BIRDS:
        if bird in bonuses:
            lines.append((BONUS_WORDS[bird], _entry_words(bonuses[bird], BIRD_CHOICES, bird_labels())))
    for bonus in (Bonus.TRULL.value, Bonus.FOUR_KINGS.value):
        if bonus in bonuses:
            lines.append((BONUS_WORDS[bonus], SIDE_WORDS.get(bonuses[bonus].get("side"), "?")))
    if outcome.get("king_caught"):
        lines.append((KING_CAUGHT, gettext("ja")))
    kontra = outcome.get("kontra") or {}
    if kontra:
        # "the game" as what is doubled: the msgid "spillet" alone is also "played" (a deal's kind)
        game_word = pgettext("kontra på", "spillet")
        lines.append((KONTRA, ", ".join(
            f"{game_word if key == KONTRA_GAME else BONUS_WORDS.get(key, key)}: {KONTRA_WORDS.get(level, level)}"
            for key, level in kontra.items())))
    if "won" in outcome:
        lines.append((gettext("Udfald"), gettext("vundet (ingen stik)") if outcome["won"] else gettext("tabt")))
    counts = outcome.get("counts") or {}
    if counts:
        lines.append((gettext("Tælling"), ", ".join(f"{p} {points_said(c)}" for p, c in counts.items())))
    return lines
