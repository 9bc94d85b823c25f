"""The language picker: Django's ``set_language`` (the cookie, the redirect back to the page) and the
choice kept for this login and for the user (scoring/language.py)."""
from django.contrib.auth.decorators import login_not_required
from django.contrib.sessions.backends.base import UpdateError
from django.db import DatabaseError, transaction
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from scoring import language, storage


@login_not_required
@require_POST
def choose_language(request):
    response = set_language(request)
    # set_language ignores an unknown code (the page stays in its language); so does remember_choice.
    try:
        with transaction.atomic():
            language.remember_choice(request, request.POST.get("language", ""))
            if request.session.modified:
                # saved here, not by the session middleware after the view, where a database that
                # cannot be written turns into a 400 (an existing session) or a 500 (a new one)
                request.session.save()
    except (DatabaseError, UpdateError) as exc:
        if not storage.is_unwritable(exc.__context__ if isinstance(exc, UpdateError) else exc):
            raise
        # The cookie alone makes this phone's pages speak the chosen language (scoring/language.py,
        # first in the order): the choice is kept on the phone, not for the login.
        storage.log.error("the language choice is kept in the cookie only: the database cannot be written (%s)", exc)
        request.session.modified = False
    return response
