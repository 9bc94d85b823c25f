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
