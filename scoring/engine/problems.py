"""Validation problems and their wording, in Danish and English.

The engine has no Django, so it carries its own small catalogue. A ``Problem`` names the deal
(1-based, ``None`` for the evening itself), the field path inside the deal (docs/format.md names,
list items 1-based: ``melds[2].count``) and a message code with its parameters.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass

LANGUAGES = ("da", "en")

_CATALOGUE: dict[str, tuple[str, str]] = {
    # code: (Danish, English)
    "required": ("skal udfyldes", "is required"),
    "unknown_key": ("ukendt felt '{key}'", "unknown key '{key}'"),
    "not_object": ("skal være et objekt", "must be an object"),
    "not_list": ("skal være en liste", "must be a list"),
    "not_text": ("skal være tekst", "must be text"),
    "not_int": ("skal være et helt tal", "must be a whole number"),
    "not_bool": ("skal være true eller false", "must be true or false"),
    "not_date": ("skal være en dato (ÅÅÅÅ-MM-DD)", "must be an ISO date (YYYY-MM-DD)"),
    "not_json": ("filen er ikke gyldig JSON: {detail}", "the file is not valid JSON: {detail}"),
    "choice": ("skal være en af: {choices}", "must be one of: {choices}"),
    "format": ("skal være '{expected}'", "must be '{expected}'"),
    "bad_rate_card": ("takstkortet er ugyldigt: {detail}", "the rate card is not valid: {detail}"),
    "rate_card_name": ("kortets navn '{name}' skal være det samme som rules '{rules}'",
                       "the card's name '{name}' must equal rules '{rules}'"),
    "unknown_rules": ("ukendt takstkort '{name}'", "unknown rate card '{name}'"),
    "player_count": ("et bord har 3 til 5 spillere, ikke {count}", "a table seats 3 to 5 players, not {count}"),
    "empty_name": ("et navn må ikke være tomt", "a name must not be empty"),
    "duplicate_name": ("{name} står to gange", "{name} is listed twice"),
    "not_at_table": ("{name} sidder ikke ved dette bord", "{name} does not sit at this table"),
    "sits_out": ("{name} sidder over i dette spil", "{name} sits out this deal"),
    "only_dealer_and_fines": (
        "en fejlgivning eller et kasseret spil har kun giver, art og bøder",
        "a misdeal or scrapped deal carries only dealer, kind and fines",
    ),
    "meld_field_unused": ("hører ikke til en {kind}-melding", "does not belong to a {kind} meld"),
    "meld_count_range": ("skal være mellem {low} og {high}", "must be between {low} and {high}"),
    "missing_kind_kings": ("skal være en farve (hearts, diamonds, clubs, spades)",
                           "must be a suit (hearts, diamonds, clubs, spades)"),
    "missing_kind_court": ("skal være king, queen, cavalier eller knave",
                           "must be king, queen, cavalier or knave"),
    "two_melds_group": ("{name} har allerede en melding i {group}", "{name} already has a meld in {group}"),
    "two_melds_kind": ("{name} har allerede en {kind}-melding", "{name} already has a {kind} meld"),
    "card_claimed_twice": ("{card} kan ikke høre til både {first} og {second}",
                           "{card} cannot belong to both {first} and {second}"),
    "taroks_without_own_pagat": ("{name} har pagat og kan ikke melde 'uden'",
                                 "{name} holds the pagat and cannot meld 'without'"),
    "missing_card_owned": ("{name} melder {card} som manglende, men har det",
                           "{name} names {card} as missing but holds it"),
    "too_many_taroks": ("{total} taroks meldt i alt; der er kun 22", "{total} taroks melded in all; there are only 22"),
    "two_ultimo": ("kun ét kort kan gå ultimo", "only one card can make ultimo"),
    "ultimo_not_winner": ("{name} tog ikke sidste stik og kan ikke gå ultimo",
                          "{name} did not win the last trick and cannot make ultimo"),
    "bagud_winner": ("{name} tog sidste stik, så kortet kan ikke gå bagud",
                     "{name} won the last trick, so the card cannot go bagud"),
    "two_cards_last_trick": ("{name} kan ikke have to kort i sidste stik",
                             "{name} cannot have two cards in the last trick"),
    "tout_not_winner": ("{name} tog ikke sidste stik og kan ikke have tout",
                        "{name} did not win the last trick and cannot have a tout"),
    "tout_and_nolo": ("tout og nolo kan ikke begge ske", "a tout and a nolo cannot both happen"),
    "nolo_winner": ("{name} tog sidste stik og kan ikke have nolo",
                    "{name} won the last trick and cannot have a nolo"),
    "nolo_card_home": ("{name} har nolo og kan ikke have taget stik med {card}",
                       "{name} has a nolo and cannot have won a trick with {card}"),
    "tout_card_home": ("{name} fik tout, så {owner} kan ikke have taget stik med {card}",
                       "{name} made a tout, so {owner} cannot have won a trick with {card}"),
    "tout_card_lost": ("{name} fik tout og kan ikke have tabt {card}",
                       "{name} made a tout and cannot have lost {card}"),
    "counts_after_nolo": ("der tælles ikke efter en nolo", "there is no counting after a nolo"),
    "counts_missing": ("to eller tre spillere skal tælle", "two or three players must count"),
    "count_range": ("skal være mellem {low} og {high}", "must be between {low} and {high}"),
    "counts_sum_two": ("de to tal giver {total}; højst {maximum}", "the two counts add up to {total}; at most {maximum}"),
    "counts_sum_three": ("de tre tal giver {total}; de skal give {expected}",
                         "the three counts add up to {total}; they must add up to {expected}"),
    "derived_must_be": ("med to tal er det {name}, der udregnes", "with two counts the derived player is {name}"),
    "custom_amount": ("skal være et positivt helt tal", "must be a positive whole number"),
    "amount_not_custom": ("kun en anden bøde har et beløb", "only a custom fine has an amount"),
    "misdeal_only_its_fine": ("en fejlgivning har kun giverafgiften og fejlgivningsbøden",
                              "a misdeal has only the dealer's fee and the misdeal fine"),
    "misdeal_fine_misplaced": ("fejlgivningsbøden gives ved at registrere spillet som fejlgivning (giveren betaler)",
                               "the misdeal fine comes with a misdeal deal and falls on its dealer"),
    "fine_not_on_card": ("takstkortet '{rules}' har ingen bøde for {fine}; brug en anden bøde med beløb",
                         "the '{rules}' rate card has no fine for {fine}; use a custom fine with an amount"),
    "failed_tout_not_on_card": ("takstkortet '{rules}' kender ikke tabt tout",
                                "the '{rules}' rate card knows no failed tout"),
    "failed_tout_made": ("{name} fik tout og kan ikke også have tabt den",
                         "{name} made the tout and cannot also have failed it"),
    # The old German cards (docs/rules/grosstarock.md §5)
    "player_count_card": ("takstkortet '{rules}' har højst {maximum} spillere ved bordet, ikke {count}",
                          "the '{rules}' rate card seats at most {maximum} players, not {count}"),
    "key_not_on_card": ("takstkortet '{rules}' kender ikke '{key}'", "the '{rules}' rate card has no '{key}'"),
    "meld_not_on_card": ("takstkortet '{rules}' kender ingen {kind}-melding",
                         "the '{rules}' rate card has no {kind} meld"),
    "group_not_on_card": ("på takstkortet '{rules}' meldes {kind} kun i en farve (hearts, diamonds, clubs, spades)",
                          "on the '{rules}' rate card a {kind} meld names a suit (hearts, diamonds, clubs, spades)"),
    "group_kind": ("skal være kings eller en farve (hearts, diamonds, clubs, spades)",
                   "must be kings or a suit (hearts, diamonds, clubs, spades)"),
    "four_group": ("skal være queens, cavaliers eller knaves", "must be queens, cavaliers or knaves"),
    "fate_not_on_card": ("takstkortet '{rules}' kender ikke udfaldet '{fate}'",
                         "the '{rules}' rate card knows no fate '{fate}'"),
    "discard_not_dealer": ("kun giveren kan lægge pagat i skat; {name} gav ikke",
                           "only the dealer can discard the pagat; {name} did not deal"),
    "king_discarded": ("en konge kan ikke lægges i skat", "a king cannot be discarded"),
    "card_discarded": ("{card} blev lagt i skat af giveren", "{card} was discarded by the dealer"),
    "taroks_without_own_scies": ("{name} har skisen og kan ikke melde 'uden'",
                                 "{name} holds the scies and cannot meld 'without'"),
    "taroks_over_deck": ("{name} kan højst have {maximum} taroks: de andre har resten",
                         "{name} can hold at most {maximum} taroks: the others hold the rest"),
    "honours_over_deck": ("{name} kan højst melde {maximum} honneurs: de andre har resten eller de er lagt i skat",
                          "{name} can meld at most {maximum} honours: the others hold or discarded the rest"),
    "ladons_over_deck": ("{total} ladoner meldt i alt; der er kun {maximum}",
                         "{total} ladons melded in all; there are only {maximum}"),
    "hand_over_25": ("{name} skulle have {count} kort; en hånd har {maximum}",
                     "{name} would hold {count} cards; a hand has {maximum}"),
    "announced_nolo_twice": ("{name} har allerede meldt nolo", "{name} has already announced a nolo"),
    "announced_nolo_and_vole": ("{name} har meldt vole og kan ikke også melde nolo",
                                "{name} announced a vole and cannot also announce a nolo"),
    "failed_tout_vole": ("{name} meldte vole; den tabte vole betales allerede",
                         "{name} announced the vole; the failed vole is paid already"),
    "count_must": ("{name} tog et stik eller har sin skat og tæller mindst 1",
                   "{name} took a trick or holds his discard and counts at least 1"),
    # Bounds of what may be entered (bounds.py)
    "name_too_long": ("højst {maximum} tegn (her {length})", "at most {maximum} characters (this one has {length})"),
    "name_characters": ("må ikke indeholde styre-, format- eller skilletegn (U+{char})",
                        "must not contain a control, format or separator character (U+{char})"),
    "name_spaces": ("må ikke begynde eller slutte med mellemrum", "must not begin or end with white space"),
    "name_inner_spaces": ("kun ét almindeligt mellemrum mellem ordene", "only single plain spaces between words"),
    "name_not_nfc": ("skal være Unicode-normaliseret (NFC)", "must be in Unicode normal form NFC"),
    "duplicate_key": ("feltet står to gange; kun én værdi er tilladt",
                      "the key appears twice; only one value is allowed"),
    "too_many_digits": ("et tal med {digits} cifre er for stort", "a number of {digits} digits is too large"),
    "number_range": ("skal være et helt tal fra {low} til {high}", "must be a whole number from {low} to {high}"),
    "too_many_deals": ("en aftenfil må højst have {maximum} spil; denne har {count}",
                       "an evening file may hold at most {maximum} deals; this one has {count}"),
    "file_too_large": ("filen fylder {size} byte; en aftenfil må højst fylde {maximum} byte",
                       "the file has {size} bytes; an evening file may have at most {maximum} bytes"),
    "card_fixed_field": ("kan ikke ændres på et klubkort: skal være {expected} som på '{base}'",
                         "cannot be changed on a club card: must be {expected} as on '{base}'"),
    "card_unknown": ("filens takstkort '{name}' er ikke et af klubbens kort (beløbene afgør); en klubadministrator "
                     "kan indlæse det som et nyt klubkort med sin egen titel",
                     "the file's rate card '{name}' is not one of the club's cards (by its amounts); a club admin "
                     "can import it as a new club card with a title of its own"),
    "card_title_taken": ("der er allerede et takstkort med titlen '{title}'",
                         "there is already a rate card titled '{title}'"),
}

def register(catalogue: dict[str, tuple[str, str]]) -> None:
    """Add a family's own message codes (Danish, English) to the catalogue; a code already there
    with other wording is a bug (two families would disagree on what it says)."""
    for code, wording in catalogue.items():
        if _CATALOGUE.setdefault(code, wording) != wording:
            raise ValueError(f"problem code {code!r} is already registered with other wording")


_CARD_NAMES: dict[str, tuple[str, str]] = {
    "pagat": ("pagat", "the pagat"),
    "scies": ("skisen", "the scies"),
    "tarok21": ("tarok 21", "tarok 21"),
}
_SUITS = {"hearts": ("hjerter", "hearts"), "diamonds": ("ruder", "diamonds"),
          "clubs": ("klør", "clubs"), "spades": ("spar", "spades")}
_COURTS = {"king": ("konge", "king"), "queen": ("dame", "queen"),
           "cavalier": ("kavaler", "cavalier"), "knave": ("knægt", "knave")}
_GROUPS = {"kings": ("kongerne", "the kings"), **{k: (v[0], v[1]) for k, v in _SUITS.items()},
           "queens": ("damerne", "the queens"), "cavaliers": ("kavalererne", "the cavaliers"),
           "knaves": ("knægtene", "the knaves")}
_FINE_NAMES = {
    "cup_not_moved": ("kopperne ikke flyttet", "cups not moved"),
    "misdeal": ("fejlgivning", "misdeal"),
    "wrong_card_count": ("forkert antal kort", "wrong card count"),
    "false_meld": ("falsk melding", "false meld"),
    "missed_meld": ("glemt melding", "missed meld"),
    "meld_before_dealer": ("meldt før giveren", "meld before the dealer"),
    "out_of_turn": ("spillet uden for tur", "playing out of turn"),
    "false_scies_call": ("falsk skiskald", "false scies call"),
    "revoke": ("svigtet kulør", "revoke"),
    "illegal_discard": ("ulovlig ecartering", "illegal discard"),
    "custom": ("anden bøde", "custom fine"),
}
_DEAL_WORD = ("spil", "deal")


def card_name(key: str, lang: str = "en") -> str:
    """Name of a card key (``pagat``, ``scies``, ``tarok21`` or ``<suit>.<court>``)."""
    i = LANGUAGES.index(lang)
    if key in _CARD_NAMES:
        return _CARD_NAMES[key][i]
    if key.startswith("tarok"):
        return f"tarok {key[5:]}"
    suit, court = key.split(".")
    if lang == "da":
        return f"{_SUITS[suit][0]} {_COURTS[court][0]}"
    return f"the {_COURTS[court][1]} of {_SUITS[suit][1]}"


@dataclass(frozen=True)
class Problem:
    deal: int | None          # 1-based deal number; None for the evening's own fields
    field: str                # path inside the deal or the evening, docs/format.md names
    code: str
    params: tuple[tuple[str, str | int], ...] = ()

    def message(self, lang: str = "en") -> str:
        i = LANGUAGES.index(lang)
        params = dict(self.params)
        if "card" in params:
            params["card"] = card_name(str(params["card"]), lang)
        if "group" in params:
            params["group"] = _GROUPS[str(params["group"])][i]
        if "fine" in params:
            params["fine"] = "'" + _FINE_NAMES[str(params["fine"])][i] + "'"
        return _CATALOGUE[self.code][i].format(**params)

    def text(self, lang: str = "en") -> str:
        """One line naming deal and field: ``deal 3: kings.hearts.owner: Carl sits out this deal``."""
        where = f"{_DEAL_WORD[LANGUAGES.index(lang)]} {self.deal}: " if self.deal is not None else ""
        return f"{where}{self.field}: {self.message(lang)}"

    def __str__(self) -> str:
        return self.text("en")


#: The most characters of the input a message repeats (a name, a key, a field path).
ECHO_MAX = 100  # a name has at most 60 (bounds.py); a field path adds a few words


def echo(text: str) -> str:
    """Input as a message may repeat it: control and format characters shown as U+FFFD, at most
    ``ECHO_MAX`` characters (the rest elided with "…"), so a hostile file cannot flood a page."""
    shown = "".join("\ufffd" if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c for c in text[:ECHO_MAX + 1])
    return shown if len(text) <= ECHO_MAX else shown[:ECHO_MAX - 1] + "…"


def problem(deal: int | None, field: str, code: str, **params: str | int) -> Problem:
    if code not in _CATALOGUE:
        raise KeyError(code)
    return Problem(deal, echo(field), code,
                   tuple(sorted((k, echo(v) if isinstance(v, str) else v) for k, v in params.items())))


class EveningError(Exception):
    """The one validation error of the engine: carries every problem found, never just the first."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]):
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def lines(self, lang: str = "en") -> list[str]:
        return [p.text(lang) for p in self.problems]


# Checks every family shares ---------------------------------------------------------------------

def name_problems(players: tuple[str, ...]) -> list[Problem]:
    """The names of a table in seat order: none empty, none twice (docs/format.md ``players``)."""
    found: list[Problem] = []
    seen: set[str] = set()
    for i, name in enumerate(players, 1):
        if not name.strip():
            found.append(problem(None, f"players[{i}]", "empty_name"))
        elif name in seen:
            found.append(problem(None, f"players[{i}]", "duplicate_name", name=name))
        seen.add(name)
    return found


def seat_problems(players: tuple[str, ...], allowed: tuple[int, ...], count_code: str) -> list[Problem]:
    """A table of one of the ``allowed`` sizes (else ``count_code``) and its ``name_problems``."""
    found = [problem(None, "players", count_code, count=len(players))] if len(players) not in allowed else []
    return found + name_problems(players)


def evening_problems(evening, card, validate_players, validate_deal) -> list[Problem]:
    """Every problem of an evening: its players' if any, else every deal's by ``validate_deal``."""
    found = validate_players(evening.players)
    if found:
        return found
    for number, deal in enumerate(evening.deals, 1):
        found += validate_deal(evening.players, number, deal, card)
    return found
