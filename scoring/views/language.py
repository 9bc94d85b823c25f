"""The language picker: Django's ``set_language`` (the cookie, the redirect back to the page) and the
choice kept for this login and for the user (scoring/language.py)."""
from django.contrib.auth.decorators import login_not_required
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from scoring import language


@login_not_required
@require_POST
def choose_language(request):
    response = set_language(request)
    # set_language ignores an unknown code (the page stays in its language); so does remember_choice.
    language.remember_choice(request, request.POST.get("language", ""))
    return response

