"""The one helper for the language of the request being answered (docs/architecture.md).

Which language a page is in, first match wins:
1. the language chosen on this phone with the picker (the language cookie, kept for a year);
2. the language of this login (the session): the user's own choice, kept for him on every phone
   (``LanguageChoice``), else his club's default language (``Club.language``, set by a club admin),
   looked up once when he logs in, so that a page costs no extra query; logging out keeps it in the
   new session, so the login page after "Abmelden" speaks the language the phone was just in;
3. the browser's language (its ``Accept-Language``, Django's ``get_language_from_request``) if it is
   one of the four: a new phone that has never logged in — the login page, the error pages — speaks
   its owner's language, never Danish to a German phone (an earlier decision ignored the browser;
   since a login's language is only known after the login, the login page was Danish to everyone);
4. Danish (``settings.LANGUAGE_CODE``).

The engine's messages, the spreadsheets, the PDF and the amounts follow the page: the engine words
its own texts through the same catalogues in the page's language (``engine_language``,
scoring/engine/translation.py); numbers and dates take the page's language (scoring/numbers.py,
tarokklub/formats)."""
from __future__ import annotations

from django.conf import settings
from django.utils import translation

#: The language of this login, in the session (see 2. above).
SESSION_KEY = "tarokklub_language"


def known_languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def known(code) -> str | None:
    return code if isinstance(code, str) and code in known_languages() else None


def engine_language(lang: str | None = None) -> str:
    """The language the engine words its own texts in (its problems' messages, a formula's words):
    the page's language (``lang``, default the active one), which the engine speaks in every case
    (scoring/engine/translation.py reads the same catalogues as the pages)."""
    return page_language(lang)


def page_language(lang: str | None = None) -> str:
    """One of settings.LANGUAGES (``"da"``, ``"en"``, ``"de"``, ``"sl"``): the given language, else the
    active one (``"de-at"`` reads as ``"de"``); Danish for anything else. Numbers, kroner and dates
    are written in it (scoring/numbers.py, tarokklub/formats)."""
    code = (lang or translation.get_language() or settings.LANGUAGE_CODE).lower().split("-")[0]
    return code if code in known_languages() else settings.LANGUAGE_CODE


def active_language() -> str:
    """The active language's own code (``"da"``, ``"en"``, …), for what must differ with every
    language the pages are served in, such as a cached page's ETag; "" when none is active."""
    return translation.get_language() or ""


def request_language(request) -> str:
    """The language this request is answered in (the order in the module's docstring)."""
    return chosen_language(request) or browser_language(request)


def chosen_language(request) -> str | None:
    """The language chosen on this phone or for this login (1. and 2. of the module's docstring); None
    when the browser's decides."""
    session = getattr(request, "session", None)
    return (known(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
            or (known(session.get(SESSION_KEY)) if session is not None else None))


def browser_language(request) -> str:
    """The language of this phone without its login (1., 3. and 4. of the module's docstring): the
    picker's cookie, else the browser's ``Accept-Language`` among the four, else Danish. It reads no
    session, so no database: the server-error page is worded in it when the database is down."""
    return known(translation.get_language_from_request(request)) or settings.LANGUAGE_CODE


def login_language(request) -> str | None:
    """The language of the login being ended (the session's, 2. of the module's docstring), for the
    session that follows it (``keep_after_logout``)."""
    session = getattr(request, "session", None)
    return known(session.get(SESSION_KEY)) if session is not None else None


def keep_after_logout(request, language: str | None) -> None:
    """Logging out empties the session; the language the phone was in stays in the new one."""
    if language and hasattr(request, "session"):
        request.session[SESSION_KEY] = language


def default_language_of(user) -> str:
    """A user's own choice, else the default language of his club (the one he joined first; a member
    of several clubs gets the first one's), else Danish."""
    from .models import Club, LanguageChoice

    own = LanguageChoice.objects.filter(user=user).values_list("language", flat=True).first()
    club = None if own else (Club.objects.filter(memberships__user=user).order_by("memberships__pk")
                             .values_list("language", flat=True).first())
    return known(own) or known(club) or settings.LANGUAGE_CODE


def remember_choice(request, language: str) -> None:
    """The picker was used: the choice holds for this login and, for a logged-in user, for him on
    every phone from now on (a choice made on the login page is kept for him when he logs in)."""
    from .models import LanguageChoice

    if known(language) is None:
        return
    if hasattr(request, "session"):
        request.session[SESSION_KEY] = language
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        LanguageChoice.objects.update_or_create(user=user, defaults={"language": language})


def on_login(request, user) -> None:
    """At login: a language picked on the login page becomes the user's choice; otherwise the
    session gets his own choice or his club's default."""
    from .models import LanguageChoice

    if request is None or not hasattr(request, "session"):
        return
    picked = known(request.session.get(SESSION_KEY))
    if picked:
        LanguageChoice.objects.update_or_create(user=user, defaults={"language": picked})
    else:
        request.session[SESSION_KEY] = default_language_of(user)


def club_default_reaches(request, language: str) -> str:
    """The admin who just set his club's default language gets it at once if he has not chosen one
    himself (the other members at their next login); the language his next page is in."""
    from .models import LanguageChoice

    if not LanguageChoice.objects.filter(user=request.user).exists():
        request.session[SESSION_KEY] = language
    return request_language(request)


def player_language(player) -> str:
    """The language a player is written to in (his mail, scoring/outbox_sender.py): the choice of the login
    that speaks for him (``Player.user``), else the language a club admin gave the player (``Player.language``,
    the one way for a player without a login), else his club's default language, else Danish."""
    from .models import LanguageChoice

    own = (LanguageChoice.objects.filter(user_id=player.user_id).values_list("language", flat=True).first()
           if player.user_id else None)
    return known(own) or known(player.language) or known(player.club.language) or settings.LANGUAGE_CODE
