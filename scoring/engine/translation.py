"""The engine's words in any page language, without Django.

The engine's texts (its problems' messages, card and fine names, a family's formula words) are
Danish msgids of the project's own gettext catalogues, the same ones the pages use
(``locale/<lang>/LC_MESSAGES/django.po``, compiled to ``django.mo`` by ``make messages``). They are
marked with ``pgettext_lazy("engine", "…")`` so that ``make messages`` (Django's makemessages, which
runs xgettext with ``--keyword=pgettext_lazy:1c,2``) collects them under the context ``engine`` —
kept apart from a page's msgid that happens to read the same. A marked text is worded when a language
is known (``Text.in_language``), through Python's own ``gettext`` over the compiled catalogue, so
``manage.py settle`` and the engine tests need neither Django nor its settings.

Danish is the msgid itself; a text missing from a catalogue (a family outside the project, such as
the tests' minimal family) reads in Danish in every language.
"""
from __future__ import annotations

import gettext
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

#: The languages the engine speaks: the pages' languages (tarokklub/settings.py LANGUAGES).
LANGUAGES = ("da", "en", "de", "sl")
#: English is what ``manage.py settle`` and the evening file's messages speak unless told otherwise.
DEFAULT = "en"
#: The project's catalogues; the engine reads the compiled ``django.mo`` of each language.
LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"


@lru_cache(maxsize=None)
def catalogue(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (read once per process); Danish and an unknown or missing
    language give the msgids themselves."""
    if lang not in LANGUAGES:
        raise ValueError(f"the engine speaks {', '.join(LANGUAGES)}, not {lang!r}")
    if lang == "da":
        return gettext.NullTranslations()
    return gettext.translation("django", LOCALE_DIR, languages=[lang], fallback=True)


def language(lang: str | None) -> str:
    """One of ``LANGUAGES`` for any language code (``"de-at"`` reads as ``"de"``); English for
    anything else, as the engine speaks by default."""
    code = (lang or DEFAULT).lower().split("-")[0]
    return code if code in LANGUAGES else DEFAULT


@dataclass(frozen=True)
class Text:
    """A Danish text of the catalogues, worded in a language when it is shown."""
    context: str
    msgid: str

    def in_language(self, lang: str = DEFAULT) -> str:
        return catalogue(language(lang)).pgettext(self.context, self.msgid)

    def format(self, lang: str = DEFAULT, **params) -> str:
        return self.in_language(lang).format(**params)


def pgettext_lazy(context: str, message: str) -> Text:
    """Mark ``message`` (Danish) for the catalogues under ``context`` and word it later, in the
    language it is shown in. Named as Django's own, so that ``make messages`` collects it; always
    write both arguments as string literals (xgettext reads the source, not the values)."""
    return Text(context, message)


#: A phrase as stored (JSON): a list of pieces, each a literal string or ``[msgid, {name: value}]``,
#: the msgid a Danish text marked ``pgettext_lazy("engine", …)`` and each value a number, a string
#: or a phrase of its own.
PhraseData = list


@dataclass(frozen=True)
class Phrase:
    """A text built of pieces (a formula): literal strings and marked texts with their parameters,
    kept as data so that it is worded when it is shown, in the language of the page that shows it
    (``phrase_text``); ``data`` is what is stored (JSON)."""
    data: tuple

    def __add__(self, other: Phrase | str) -> Phrase:
        return Phrase(self.data + (other.data if isinstance(other, Phrase) else (other,)))

    def in_language(self, lang: str = DEFAULT) -> str:
        return phrase_text(self.to_json(), lang)

    def to_json(self) -> PhraseData:
        return [_piece_json(piece) for piece in self.data]

    def stored(self, lang: str = DEFAULT) -> tuple[PhraseData, str]:
        """``(self.to_json(), phrase_text(self.to_json(), lang))`` in one pass over the pieces: what
        is stored and its words, which a formula gives for every deal ``settle`` prints."""
        return _stored(self.data, _texts(language(lang)))


def phrase(*pieces: Text | str | tuple[Text, dict] | Phrase) -> Phrase:
    """A phrase of literal strings, marked texts (``Text``) and texts with parameters
    (``(Text, {name: value})``, a value a number, a string or a ``Phrase``)."""
    out: list = []
    for piece in pieces:
        if isinstance(piece, Phrase):
            out += piece.data
        elif isinstance(piece, Text):
            out.append((piece, {}))
        else:
            out.append(piece)
    return Phrase(tuple(out))


def _piece_json(piece):
    if isinstance(piece, str):
        return piece
    text, params = piece
    return [text.msgid, {name: value.to_json() if isinstance(value, Phrase) else value
                         for name, value in params.items()}]


def phrase_text(data: PhraseData | str, lang: str = DEFAULT) -> str:
    """A stored phrase worded in ``lang`` (a plain string, as stored before phrases, as it is)."""
    if isinstance(data, str):
        return data
    return _worded(data, language(lang))


# A formula is worded for every deal that ``settle`` prints or a page shows, from a few dozen texts:
# each text is looked up in its catalogue once per language, and a text without parameters is
# formatted once (``str.format`` of no parameters is the same every time).

@lru_cache(maxsize=None)
def _text(lang: str, msgid: str) -> str:
    return catalogue(lang).pgettext("engine", msgid)


@lru_cache(maxsize=None)
def _text_alone(lang: str, msgid: str) -> str:
    return _text(lang, msgid).format()


class _Texts(dict):
    """One language's engine texts by msgid, each looked up once by ``word`` (``_text``, or
    ``_text_alone`` for a text without parameters): a dict's lookup on the hot path rather than a
    cached function's call."""

    def __init__(self, lang: str, word) -> None:
        super().__init__()
        self.lang, self.word = lang, word

    def __missing__(self, msgid: str) -> str:
        text = self[msgid] = self.word(self.lang, msgid)
        return text


@lru_cache(maxsize=None)
def _texts(lang: str) -> tuple[_Texts, _Texts]:
    """``lang``'s texts to be formatted with parameters, and those without any, formatted once."""
    return _Texts(lang, _text), _Texts(lang, _text_alone)


def _stored(data: tuple, texts: tuple[_Texts, _Texts]) -> tuple[PhraseData, str]:
    """A phrase's pieces as stored (``_piece_json``) and as worded (``_worded``), in one pass."""
    stored, words = [], []
    with_params, alone = texts
    for piece in data:
        if isinstance(piece, str):
            stored.append(piece)
            words.append(piece)
            continue
        text, params = piece
        msgid = text.msgid
        if params:
            as_stored, as_words = {}, {}
            for name, value in params.items():
                if isinstance(value, Phrase):
                    as_stored[name], as_words[name] = _stored(value.data, texts)
                else:
                    as_stored[name] = as_words[name] = value
            stored.append([msgid, as_stored])
            words.append(with_params[msgid].format_map(as_words))   # as format(**as_words), without a copy
        else:
            stored.append([msgid, {}])
            words.append(alone[msgid])
    return stored, "".join(words)


def _worded(data: PhraseData, lang: str) -> str:
    out = []
    for piece in data:
        if isinstance(piece, str):
            out.append(piece)
            continue
        msgid, params = piece
        if params:
            out.append(_text(lang, msgid).format(
                **{name: _worded(value, lang) if isinstance(value, list) else value
                   for name, value in params.items()}))
        else:
            out.append(_text_alone(lang, msgid))
    return "".join(out)
