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
from typing import Callable, Mapping

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
    "empty_name": pgettext_lazy("engine", "et navn må ikke være tomt"),
    "duplicate_name": pgettext_lazy("engine", "{name} står to gange"),
    "not_at_table": pgettext_lazy("engine", "{name} sidder ikke ved dette bord"),
    "sits_out": pgettext_lazy("engine", "{name} sidder over i dette spil"),
    "player_count_card": pgettext_lazy("engine", "takstkortet '{rules}' har højst {maximum} spillere ved bordet, "
                                                 "ikke {count}"),
    "key_not_on_card": pgettext_lazy("engine", "takstkortet '{rules}' kender ikke '{key}'"),
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


#: How a message's parameter is worded, by the parameter's name (a card, a group, a fine): the
#: family whose messages name them gives the words, a function of the stored key and the language.
ParamWords = Callable[[str, str], str]
_PARAM_WORDS: dict[str, ParamWords] = {}


def register(catalogue: dict[str, Text], params: Mapping[str, ParamWords] | None = None) -> None:
    """Add a family's own message codes (each a Danish msgid marked ``pgettext_lazy("engine", …)``)
    to the catalogue, and the words of its messages' parameters (``params``: name -> words); a code
    or a parameter already there with other wording is a bug (two families would disagree on what
    it says)."""
    for code, wording in catalogue.items():
        if not isinstance(wording, Text):
            raise TypeError(f"problem code {code!r}: mark its wording with pgettext_lazy(\"engine\", …)")
        if _CATALOGUE.setdefault(code, wording) != wording:
            raise ValueError(f"problem code {code!r} is already registered with other wording")
    for name, words in (params or {}).items():
        if _PARAM_WORDS.setdefault(name, words) != words:
            raise ValueError(f"message parameter {name!r} is already worded by another family")


#: "deal 3: field: message" in each language.
_WHERE = pgettext_lazy("engine", "spil {deal}: {field}: {message}")


@dataclass(frozen=True)
class Problem:
    deal: int | None          # 1-based deal number; None for the evening's own fields
    field: str                # path inside the deal or the evening, docs/format.md names
    code: str
    params: tuple[tuple[str, str | int], ...] = ()

    def message(self, lang: str = DEFAULT) -> str:
        """The message in ``lang`` (da, en, de or sl), its parameters worded in it too."""
        params = dict(self.params)
        for name, value in params.items():
            if name in _PARAM_WORDS:
                params[name] = _PARAM_WORDS[name](str(value), lang)
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


#: A field's path (``melds[2].count``) or its parts (``("melds", 2, "count")``): a reader names every
#: field it reads by its parts and the path is written only for a problem (``field_path``).
Path = tuple[str | int, ...]
Field = str | Path


def field_path(field: Field) -> str:
    """The path of ``field`` as docs/format.md names it: a key after a dot, a list item (1-based) in brackets."""
    if isinstance(field, str):
        return field
    path = ""
    for part in field:
        path += f"[{part}]" if isinstance(part, int) else f".{part}" if path else part
    return path


def problem(deal: int | None, field: Field, code: str, **params: str | int) -> Problem:
    if code not in _CATALOGUE:
        raise KeyError(code)
    return Problem(deal, echo(field_path(field)), code,
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
