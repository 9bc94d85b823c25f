"""Danish first: the language is the one the user chose (the language cookie set by Django's
``set_language`` view), else Danish — never guessed from the browser."""
from django.conf import settings
from django.utils import translation


class ChosenLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.known = {code for code, _ in settings.LANGUAGES}

    def __call__(self, request):
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        language = chosen if chosen in self.known else settings.LANGUAGE_CODE
        request.LANGUAGE_CODE = language
        # For this request only: the thread's language is put back afterwards, so that nothing
        # served later by the same thread (another user's request, a PDF, a test) inherits it.
        with translation.override(language):
            response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        return response
