"""Each request in its language (scoring/language.py request_language): the one chosen on this phone,
else the one of this login (the user's own choice or his club's default), else Danish — never
guessed from the browser."""
from django.utils import translation

from scoring.language import request_language


class ChosenLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = request_language(request)
        request.LANGUAGE_CODE = language
        # For this request only: the thread's language is put back afterwards, so that nothing
        # served later by the same thread (another user's request, a PDF, a test) inherits it.
        with translation.override(language):
            response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        return response
