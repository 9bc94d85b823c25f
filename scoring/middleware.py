"""Each request in its language (scoring/language.py, the order of request_language): the one chosen on this phone,
else the one of this login (the user's own choice or his club's default), else the browser's, else
Danish."""
import io

from django.core.handlers.wsgi import LimitedStream
from django.template.defaultfilters import filesizeformat
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _

from scoring import storage
from scoring.engine import bounds

from scoring.language import browser_language, chosen_language
from scoring.views import errors


class ChosenLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        chosen = chosen_language(request)
        language = chosen or browser_language(request)
        request.LANGUAGE_CODE = language
        # For this request only: the thread's language is put back afterwards, so that nothing
        # served later by the same thread (another user's request, a PDF, a test) inherits it.
        with translation.override(language):
            response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        if chosen is None:   # the page differs with the browser's language: no cache may serve it to another
            patch_vary_headers(response, ("Accept-Language",))
        return response


class UploadLimitMiddleware:
    """Refuse a request body over ``bounds.MAX_REQUEST_BYTES`` before anything reads it: Django's
    upload settings bound what is kept in memory, not what a multipart file spools to the temporary
    folder, and the CSRF check reads the whole body of every POST. A declared length over the bound
    is answered 413 at once, unread; a chunked body (no length) is read up to the bound and no
    further, then answered 413 or handed on from memory. Placed before the CSRF check (the first
    reader of a body), after the language is chosen (the message is in the user's language)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = bounds.MAX_REQUEST_BYTES
        length = request.META.get("CONTENT_LENGTH") or ""
        if length.strip().isdigit():
            if int(length) > limit:
                return self.too_large(request)
        elif "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower():
            body = self.read_at_most(request.META.get("wsgi.input"), limit + 1)
            if len(body) > limit:
                return self.too_large(request)
            request.META["CONTENT_LENGTH"] = str(len(body))
            request._stream = LimitedStream(io.BytesIO(body), len(body))
        return self.get_response(request)

    @staticmethod
    def read_at_most(stream, size: int) -> bytes:
        if stream is None:
            return b""
        parts, left = [], size
        while left > 0:
            chunk = stream.read(min(left, 64 * 1024))
            if not chunk:
                break
            parts.append(chunk)
            left -= len(chunk)
        return b"".join(parts)

    @staticmethod
    def too_large(request):
        # the words of the import page (the one form that uploads): the file is what is too big
        length = request.META.get("CONTENT_LENGTH") or ""
        size = int(length) if length.strip().isdigit() else bounds.MAX_REQUEST_BYTES + 1
        message = _("Filen fylder %(size)s; en aftenfil må højst fylde %(max)s.") % {
            "size": filesizeformat(size), "max": filesizeformat(bounds.MAX_FILE_BYTES)}
        # no "Connection: close" of our own: a WSGI application may not set a hop-by-hop header
        # (wsgiref, under runserver and the live-server tests, refuses the response); the server
        # decides what becomes of the unread rest. The page is rendered without the request: the
        # session and the CSRF check are further in and have not run.
        return errors.error_response(request, 413, message, with_request=False)


class UnwritableDatabaseMiddleware:
    """A write anywhere (a login, a session, a page's own save) that finds the database unable to
    store anything answers 503 with the words of ``storage.message`` and is logged at ERROR,
    rather than a bare 500; the writes through ``submissions.write`` say so on their own page, with
    the person's input kept."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not storage.is_unwritable(exception):
            return None
        storage.log.error("%s %s: the database cannot be written (%s)", request.method, request.path, exception)
        # without the request's context processors: they read the database, which may be failing
        return errors.error_response(request, 503, storage.message(), with_request=False)



class QueueAnswersMiddleware:
    """The phone's queue endpoint answers a program, always JSON (``views.sync``): a refusal made
    outside its view — the body limit's 413 here below, the CSRF check's 403, a 405, a 404 page, a
    500 page — is turned into the JSON it reads (``views.sync.refusal``). Placed inside the
    Content-Security-Policy middleware (so every answer has its header) and outside the body limit
    and the CSRF check."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code < 400 or response.get("Content-Type", "").startswith("application/json"):
            return response
        from scoring.views import sync   # the views import the app's models: not at settings time

        pk = sync.endpoint_pk(request)
        if pk is None:
            return response
        answer = sync.refusal(request, response.status_code, pk)
        if response.has_header("Allow"):   # a 405 names the methods it takes
            answer["Allow"] = response["Allow"]
        return answer
