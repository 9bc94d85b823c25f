"""Validation problems and their wording, in every page language.

Each message code has one Danish wording, a msgid of the project's gettext catalogues marked with
``pgettext_lazy("engine", …)`` (translation.py: the engine reads the compiled catalogues without
Django); English, German and Slovenian are its translations there. A ``Problem`` names the deal
(1-based, ``None`` for the evening itself), the field path inside the deal (docs/format.md names,
list items 1-based: ``melds[2].count``) and a message code with its parameters.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from .translation import DEFAULT, Text, pgettext_lazy

_CATALOGUE: dict[str, Text] = {
    # code: its Danish wording, a msgid of the catalogues (translation.py)
    "required": pgettext_lazy("engine", "skal udfyldes"),
    "unknown_key": pgettext_lazy("engine", "ukendt felt '{key}'"),
    "not_object": pgettext_lazy("engine", "skal være et objekt"),
    "not_list": pgettext_lazy("engine", "skal være en liste"),
    "not_text": pgettext_lazy("engine", "skal være tekst"),
    "not_int": pgettext_lazy("engine", "skal være et helt tal"),
    "not_bool": pgettext_lazy("engine", "skal være true eller false"),
    "not_date": pgettext_lazy("engine", "skal være en dato (ÅÅÅÅ-MM-DD)"),
    "not_json": pgettext_lazy("engine", "filen er ikke gyldig JSON: {detail}"),
    "choice": pgettext_lazy("engine", "skal være en af: {choices}"),
    "format": pgettext_lazy("engine", "skal være '{expected}'"),
    "bad_rate_card": pgettext_lazy("engine", "takstkortet er ugyldigt: {detail}"),
    "rate_card_name": pgettext_lazy("engine", "kortets navn '{name}' skal være det samme som rules '{rules}'"),
    "unknown_rules": pgettext_lazy("engine", "ukendt takstkort '{name}'"),
    "player_count": pgettext_lazy("engine", "et bord har 3 til 5 spillere, ikke {count}"),
    "empty_name": pgettext_lazy("engine", "et navn må ikke være tomt"),
    "duplicate_name": pgettext_lazy("engine", "{name} står to gange"),
    "not_at_table": pgettext_lazy("engine", "{name} sidder ikke ved dette bord"),
    "sits_out": pgettext_lazy("engine", "{name} sidder over i dette spil"),
    "only_dealer_and_fines": pgettext_lazy("engine", "en fejlgivning eller et kasseret spil har kun giver, art og "
                                                     "bøder"),
    "meld_field_unused": pgettext_lazy("engine", "hører ikke til en {kind}-melding"),
    "meld_count_range": pgettext_lazy("engine", "skal være mellem {low} og {high}"),
    "missing_kind_kings": pgettext_lazy("engine", "skal være en farve (hearts, diamonds, clubs, spades)"),
    "missing_kind_court": pgettext_lazy("engine", "skal være king, queen, cavalier eller knave"),
    "two_melds_group": pgettext_lazy("engine", "{name} har allerede en melding i {group}"),
    "two_melds_kind": pgettext_lazy("engine", "{name} har allerede en {kind}-melding"),
    "card_claimed_twice": pgettext_lazy("engine", "{card} kan ikke høre til både {first} og {second}"),
    "taroks_without_own_pagat": pgettext_lazy("engine", "{name} har pagat og kan ikke melde 'uden'"),
    "missing_card_owned": pgettext_lazy("engine", "{name} melder {card} som manglende, men har det"),
    "too_many_taroks": pgettext_lazy("engine", "{total} taroks meldt i alt; der er kun 22"),
    "two_ultimo": pgettext_lazy("engine", "kun ét kort kan gå ultimo"),
    "ultimo_not_winner": pgettext_lazy("engine", "{name} tog ikke sidste stik og kan ikke gå ultimo"),
    "bagud_winner": pgettext_lazy("engine", "{name} tog sidste stik, så kortet kan ikke gå bagud"),
    "two_cards_last_trick": pgettext_lazy("engine", "{name} kan ikke have to kort i sidste stik"),
    "tout_not_winner": pgettext_lazy("engine", "{name} tog ikke sidste stik og kan ikke have tout"),
    "tout_and_nolo": pgettext_lazy("engine", "tout og nolo kan ikke begge ske"),
    "nolo_winner": pgettext_lazy("engine", "{name} tog sidste stik og kan ikke have nolo"),
    "nolo_card_home": pgettext_lazy("engine", "{name} har nolo og kan ikke have taget stik med {card}"),
    "tout_card_home": pgettext_lazy("engine", "{name} fik tout, så {owner} kan ikke have taget stik med {card}"),
    "tout_card_lost": pgettext_lazy("engine", "{name} fik tout og kan ikke have tabt {card}"),
    "counts_after_nolo": pgettext_lazy("engine", "der tælles ikke efter en nolo"),
    "counts_missing": pgettext_lazy("engine", "to eller tre spillere skal tælle"),
    "count_range": pgettext_lazy("engine", "skal være mellem {low} og {high}"),
    "counts_sum_two": pgettext_lazy("engine", "de to tal giver {total}; højst {maximum}"),
    "counts_sum_three": pgettext_lazy("engine", "de tre tal giver {total}; de skal give {expected}"),
    "derived_must_be": pgettext_lazy("engine", "med to tal er det {name}, der udregnes"),
    "custom_amount": pgettext_lazy("engine", "skal være et positivt helt tal"),
    "amount_not_custom": pgettext_lazy("engine", "kun en anden bøde har et beløb"),
    "misdeal_only_its_fine": pgettext_lazy("engine", "en fejlgivning har kun giverafgiften og fejlgivningsbøden"),
    "misdeal_fine_misplaced": pgettext_lazy("engine", "fejlgivningsbøden gives ved at registrere spillet som "
                                                      "fejlgivning (giveren betaler)"),
    "fine_not_on_card": pgettext_lazy("engine", "takstkortet '{rules}' har ingen bøde for {fine}; brug en anden "
                                                "bøde med beløb"),
    "failed_tout_not_on_card": pgettext_lazy("engine", "takstkortet '{rules}' kender ikke tabt tout"),
    "failed_tout_made": pgettext_lazy("engine", "{name} fik tout og kan ikke også have tabt den"),
    # The old German cards (docs/rules/grosstarock.md §5)
    "player_count_card": pgettext_lazy("engine", "takstkortet '{rules}' har højst {maximum} spillere ved bordet, "
                                                 "ikke {count}"),
    "key_not_on_card": pgettext_lazy("engine", "takstkortet '{rules}' kender ikke '{key}'"),
    "meld_not_on_card": pgettext_lazy("engine", "takstkortet '{rules}' kender ingen {kind}-melding"),
    "group_not_on_card": pgettext_lazy("engine", "på takstkortet '{rules}' meldes {kind} kun i en farve (hearts, "
                                                 "diamonds, clubs, spades)"),
    "group_kind": pgettext_lazy("engine", "skal være kings eller en farve (hearts, diamonds, clubs, spades)"),
    "four_group": pgettext_lazy("engine", "skal være queens, cavaliers eller knaves"),
    "fate_not_on_card": pgettext_lazy("engine", "takstkortet '{rules}' kender ikke udfaldet '{fate}'"),
    "discard_not_dealer": pgettext_lazy("engine", "kun giveren kan lægge pagat i skat; {name} gav ikke"),
    "king_discarded": pgettext_lazy("engine", "en konge kan ikke lægges i skat"),
    "card_discarded": pgettext_lazy("engine", "{card} blev lagt i skat af giveren"),
    "taroks_without_own_scies": pgettext_lazy("engine", "{name} har skisen og kan ikke melde 'uden'"),
    "taroks_over_deck": pgettext_lazy("engine", "{name} kan højst have {maximum} taroks: de andre har resten"),
    "honours_over_deck": pgettext_lazy("engine", "{name} kan højst melde {maximum} honneurs: de andre har resten "
                                                 "eller de er lagt i skat"),
    "ladons_over_deck": pgettext_lazy("engine", "{total} ladoner meldt i alt; der er kun {maximum}"),
    "hand_over_25": pgettext_lazy("engine", "{name} skulle have {count} kort; en hånd har {maximum}"),
    "announced_nolo_twice": pgettext_lazy("engine", "{name} har allerede meldt nolo"),
    "announced_nolo_and_vole": pgettext_lazy("engine", "{name} har meldt vole og kan ikke også melde nolo"),
    "failed_tout_vole": pgettext_lazy("engine", "{name} meldte vole; den tabte vole betales allerede"),
    "count_must": pgettext_lazy("engine", "{name} tog et stik eller har sin skat og tæller mindst 1"),
    # Bounds of what may be entered (bounds.py)
    "name_too_long": pgettext_lazy("engine", "højst {maximum} tegn (her {length})"),
    "name_characters": pgettext_lazy("engine", "må ikke indeholde styre-, format- eller skilletegn (U+{char})"),
    "name_spaces": pgettext_lazy("engine", "må ikke begynde eller slutte med mellemrum"),
    "name_inner_spaces": pgettext_lazy("engine", "kun ét almindeligt mellemrum mellem ordene"),
    "name_not_nfc": pgettext_lazy("engine", "skal være Unicode-normaliseret (NFC)"),
    "duplicate_key": pgettext_lazy("engine", "feltet står to gange; kun én værdi er tilladt"),
    "too_many_digits": pgettext_lazy("engine", "et tal med {digits} cifre er for stort"),
    "number_range": pgettext_lazy("engine", "skal være et helt tal fra {low} til {high}"),
    "too_many_deals": pgettext_lazy("engine", "en aftenfil må højst have {maximum} spil; denne har {count}"),
    "file_too_large": pgettext_lazy("engine", "filen fylder {size} byte; en aftenfil må højst fylde {maximum} byte"),
    "card_fixed_field": pgettext_lazy("engine", "kan ikke ændres på et klubkort: skal være {expected} som på '{base}'"),
    "card_unknown": pgettext_lazy("engine", "filens takstkort '{name}' er ikke et af klubbens kort (beløbene "
                                            "afgør); en klubadministrator kan indlæse det som et nyt klubkort med "
                                            "sin egen titel"),
    "card_title_taken": pgettext_lazy("engine", "der er allerede et takstkort med titlen '{title}'"),
}


def register(catalogue: dict[str, Text]) -> None:
    """Add a family's own message codes (each a Danish msgid marked ``pgettext_lazy("engine", …)``)
    to the catalogue; a code already there with other wording is a bug (two families would disagree
    on what it says)."""
    for code, wording in catalogue.items():
        if not isinstance(wording, Text):
            raise TypeError(f"problem code {code!r}: mark its wording with pgettext_lazy(\"engine\", …)")
        if _CATALOGUE.setdefault(code, wording) != wording:
            raise ValueError(f"problem code {code!r} is already registered with other wording")


#: The cards a message may name (``card`` parameters): the trumps by their own words, the court
#: cards whole, because each language builds "the king of hearts" its own way.
_CARD_NAMES: dict[str, Text] = {
    "pagat": pgettext_lazy("engine", "pagat"),
    "scies": pgettext_lazy("engine", "skisen"),
    "hearts.king": pgettext_lazy("engine", "hjerter konge"),
    "hearts.queen": pgettext_lazy("engine", "hjerter dame"),
    "hearts.cavalier": pgettext_lazy("engine", "hjerter kavaler"),
    "hearts.knave": pgettext_lazy("engine", "hjerter knægt"),
    "diamonds.king": pgettext_lazy("engine", "ruder konge"),
    "diamonds.queen": pgettext_lazy("engine", "ruder dame"),
    "diamonds.cavalier": pgettext_lazy("engine", "ruder kavaler"),
    "diamonds.knave": pgettext_lazy("engine", "ruder knægt"),
    "clubs.king": pgettext_lazy("engine", "klør konge"),
    "clubs.queen": pgettext_lazy("engine", "klør dame"),
    "clubs.cavalier": pgettext_lazy("engine", "klør kavaler"),
    "clubs.knave": pgettext_lazy("engine", "klør knægt"),
    "spades.king": pgettext_lazy("engine", "spar konge"),
    "spades.queen": pgettext_lazy("engine", "spar dame"),
    "spades.cavalier": pgettext_lazy("engine", "spar kavaler"),
    "spades.knave": pgettext_lazy("engine", "spar knægt"),
}
_TAROK = pgettext_lazy("engine", "tarok {number}")
_GROUPS: dict[str, Text] = {
    "kings": pgettext_lazy("engine", "kongerne"),
    "hearts": pgettext_lazy("engine", "hjerter"),
    "diamonds": pgettext_lazy("engine", "ruder"),
    "clubs": pgettext_lazy("engine", "klør"),
    "spades": pgettext_lazy("engine", "spar"),
    "queens": pgettext_lazy("engine", "damerne"),
    "cavaliers": pgettext_lazy("engine", "kavalererne"),
    "knaves": pgettext_lazy("engine", "knægtene"),
}
_FINE_NAMES: dict[str, Text] = {
    "cup_not_moved": pgettext_lazy("engine", "kopperne ikke flyttet"),
    "misdeal": pgettext_lazy("engine", "fejlgivning"),
    "wrong_card_count": pgettext_lazy("engine", "forkert antal kort"),
    "false_meld": pgettext_lazy("engine", "falsk melding"),
    "missed_meld": pgettext_lazy("engine", "glemt melding"),
    "meld_before_dealer": pgettext_lazy("engine", "meldt før giveren"),
    "out_of_turn": pgettext_lazy("engine", "spillet uden for tur"),
    "false_scies_call": pgettext_lazy("engine", "falsk skiskald"),
    "revoke": pgettext_lazy("engine", "svigtet kulør"),
    "illegal_discard": pgettext_lazy("engine", "ulovlig ecartering"),
    "custom": pgettext_lazy("engine", "anden bøde"),
}
#: "deal 3: field: message" in each language.
_WHERE = pgettext_lazy("engine", "spil {deal}: {field}: {message}")


def card_name(key: str, lang: str = DEFAULT) -> str:
    """Name of a card key (``pagat``, ``scies``, ``tarok21`` or ``<suit>.<court>``)."""
    if key in _CARD_NAMES:
        return _CARD_NAMES[key].in_language(lang)
    if key.startswith("tarok"):
        return _TAROK.format(lang, number=key[5:])
    raise KeyError(key)


@dataclass(frozen=True)
class Problem:
    deal: int | None          # 1-based deal number; None for the evening's own fields
    field: str                # path inside the deal or the evening, docs/format.md names
    code: str
    params: tuple[tuple[str, str | int], ...] = ()

    def message(self, lang: str = DEFAULT) -> str:
        """The message in ``lang`` (da, en, de or sl), its parameters worded in it too."""
        params = dict(self.params)
        if "card" in params:
            params["card"] = card_name(str(params["card"]), lang)
        if "group" in params:
            params["group"] = _GROUPS[str(params["group"])].in_language(lang)
        if "fine" in params:
            params["fine"] = "'" + _FINE_NAMES[str(params["fine"])].in_language(lang) + "'"
        return _CATALOGUE[self.code].format(lang, **params)

    def text(self, lang: str = DEFAULT) -> str:
        """One line naming deal and field: ``deal 3: kings.hearts.owner: Carl sits out this deal``."""
        message = self.message(lang)
        if self.deal is None:
            return f"{self.field}: {message}"
        return _WHERE.format(lang, deal=self.deal, field=self.field, message=message)

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

    def lines(self, lang: str = DEFAULT) -> list[str]:
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
