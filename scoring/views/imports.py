"""Importing an evening file: a new evening of one table, or a table of an open evening.

Two steps when the file has names to answer: the upload is checked and settled in memory
(``services.evening_import_prepare``); a name near a member's ("Bnet" beside Bent) or imitating one
is asked about as seating asks it, the file kept on the server meanwhile (``ImportDraft``) and
nothing of it written; the answers then import it. A file without such names is imported at once.
"""
from __future__ import annotations

import datetime as dt
import json
import uuid

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.template.defaultfilters import filesizeformat
from django.utils import timezone
from django.utils.translation import gettext as _, gettext_lazy
from django.views.decorators.http import require_http_methods

from scoring import access, services
from scoring.engine import bounds, interchange
from scoring.models import Club, Evening, ImportDraft, Role
from scoring.table import submissions

from .evening import _chosen_club, _evening, _refuse_closed, _table_url, _writable_clubs

#: How long an uploaded file waits for its names to be answered; older drafts go when one is kept.
DRAFT_KEEP = dt.timedelta(days=1)


def _too_large(size: int) -> str:
    return (_("Filen fylder %(size)s; en aftenfil må højst fylde %(max)s.")
            % {"size": filesizeformat(size), "max": filesizeformat(bounds.MAX_FILE_BYTES)})


class EveningFileForm(forms.Form):
    """An uploaded evening file (docs/format.md), read as UTF-8 JSON (``interchange.decode``: a key
    given twice or a number too long is left for the service to name). The file's content is the
    service's to judge; this form only says, in Danish, why a file cannot be read at all: too big
    (``bounds.MAX_FILE_BYTES``, checked before it is read), not UTF-8, not JSON. A club admin may
    give a title under which a rate card the club does not have is imported as a new club card.
    ``text`` keeps the file as read, for a draft."""

    MAX_BYTES = bounds.MAX_FILE_BYTES

    file = forms.FileField(label=gettext_lazy("Aftenfil (JSON)"),
                           widget=forms.FileInput(attrs={"accept": ".json,application/json"}))
    new_card = forms.CharField(
        label=gettext_lazy("Titel på nyt klubtakstkort"), required=False, max_length=bounds.CARD_TITLE_MAX_LENGTH,
        help_text=gettext_lazy("Kun hvis filen har et takstkort, klubben ikke har: det bliver et nyt klubkort "
                               "med denne titel."))

    def __init__(self, *args, card_admin: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.text = ""
        if not card_admin:
            del self.fields["new_card"]

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(_too_large(upload.size))
        try:
            self.text = upload.read().decode("utf-8-sig")  # a byte order mark (Windows editors) is allowed
        except UnicodeDecodeError:
            raise forms.ValidationError(_("Filen er ikke UTF-8-tekst; gem den som UTF-8 og prøv igen."))
        return decoded(self.text)


def decoded(text: str):
    """The file's JSON (``interchange.decode``), or the form's message why it is none."""
    try:
        return interchange.decode(text)
    except json.JSONDecodeError as exc:
        raise forms.ValidationError(
            _("Filen er ikke gyldig JSON (fejl i linje %(line)s, kolonne %(col)s).")
            % {"line": exc.lineno, "col": exc.colno})
    except RecursionError:
        raise forms.ValidationError(_("Filen er ikke gyldig JSON (for dybt indlejret)."))


def answers_of(post, questions) -> dict[str, int | None]:
    """The tapped answers: ``answer_<position>`` is ``new`` or ``use:<member's key>``."""
    found: dict[str, int | None] = {}
    for question in questions:
        answer = str(post.get(f"answer_{question.position}", ""))
        if answer == "new":
            found[question.name] = None
        elif answer.startswith("use:") and answer[4:].isdigit():
            found[question.name] = int(answer[4:])
    return found


def _keep_draft(request, club: Club, evening: Evening | None, text: str, new_card: str) -> ImportDraft:
    ImportDraft.objects.filter(created_at__lt=timezone.now() - DRAFT_KEEP).delete()
    return ImportDraft.objects.create(token=uuid.uuid4(), club=club, evening=evening, user=request.user, data=text,
                                      new_card=new_card)


def _draft(request, club: Club, evening: Evening | None) -> ImportDraft | None:
    """The draft this form answers: this user's, of this club and evening, not yet too old."""
    token = str(request.POST.get("draft", ""))
    try:
        uuid.UUID(token)
    except ValueError:
        return None
    return ImportDraft.objects.filter(token=token, club=club, evening=evening, user=request.user,
                                      created_at__gte=timezone.now() - DRAFT_KEEP).first()


def _import(request, club: Club, evening: Evening | None, context: dict):
    """Upload an evening file and import it (a new evening, or a table of ``evening``). The form
    turns a file that is too big, not UTF-8 or not JSON into one message; the service checks the
    content and reports every problem, each naming its deal and field (all or nothing). Names to
    answer show the questions (status 200, nothing written); ``draft`` in the form answers them."""
    card_admin = access.can(request.user, club, Role.ADMIN)
    limits = {"deals": bounds.MAX_DEALS_PER_TABLE,   # a file is one table
              "size": filesizeformat(bounds.MAX_FILE_BYTES)}
    page = {"club": club, "evening": evening, "limits": limits, **context}
    length = request.META.get("CONTENT_LENGTH") or ""
    if request.method == "POST" and length.isdigit() and int(length) > bounds.MAX_REQUEST_BYTES:
        # refused before the upload is read: the request alone is larger than any evening file
        return render(request, "scoring/evening_import.html",
                      {"form": EveningFileForm(card_admin=card_admin), "problems": [_too_large(int(length))], **page},
                      status=413)
    if request.method == "POST" and "draft" in request.POST:
        return _answer(request, club, evening, page, card_admin)
    form = EveningFileForm(request.POST or None, request.FILES or None, card_admin=card_admin)
    if request.method != "POST" or not form.is_valid():
        return render(request, "scoring/evening_import.html", {"form": form, "problems": [], **page},
                      status=422 if request.method == "POST" else 200)
    new_card = form.cleaned_data.get("new_card") or ""
    return _prepared(request, club, evening, page, form, form.cleaned_data["file"], form.text, new_card, None, None)


def _answer(request, club: Club, evening: Evening | None, page: dict, card_admin: bool):
    """The second step: the kept file, imported with the answers given (or asked again)."""
    form = EveningFileForm(card_admin=card_admin)
    draft = _draft(request, club, evening)
    if draft is None:
        return render(request, "scoring/evening_import.html", {"form": form, "problems": [_(
            "Den indlæste fil er ikke gemt længere; indlæs den igen.")], **page}, status=422)
    try:
        data = decoded(draft.data)
        asked = services.evening_import_prepare(club=club, data=data, user=request.user,
                                                new_card=draft.new_card or None).questions
    except (forms.ValidationError, services.RecordingError) as exc:   # the club changed meanwhile
        problems = exc.messages if isinstance(exc, forms.ValidationError) else [str(e) for e in exc.errors]
        return render(request, "scoring/evening_import.html", {"form": form, "problems": problems, **page},
                      status=422)
    return _prepared(request, club, evening, page, form, data, draft.data, draft.new_card,
                     answers_of(request.POST, asked), draft, asked)


def _prepared(request, club, evening, page, form, data, text: str, new_card: str, answers, draft, asked=()):
    """Check and settle the file with ``answers``: ask what is still to be answered (the file kept
    as a draft), or import it."""
    try:   # parsed and settled before the write's short transaction
        prepared = services.evening_import_prepare(club=club, data=data, user=request.user,
                                                   new_card=new_card or None, answers=answers)
    except services.RecordingError as exc:
        template = "scoring/evening_import_names.html" if draft is not None else "scoring/evening_import.html"
        return render(request, template, {"form": form, "problems": [str(e) for e in exc.errors], "draft": draft,
                                          "questions": asked, **page}, status=exc.http_status)
    if prepared.questions:
        if draft is None:
            draft = _keep_draft(request, club, evening, text, new_card)
        return render(request, "scoring/evening_import_names.html",
                      {"draft": draft, "questions": prepared.questions, "problems": [], **page},
                      status=200 if answers is None else 422)

    def work():
        table = services.evening_import(club=club, evening=evening, user=request.user, prepared=prepared)
        if draft is not None:
            ImportDraft.objects.filter(pk=draft.pk).delete()
        return table
    try:
        table = submissions.write(request, "table_import" if evening else "evening_import", work, url=_table_url)
    except services.RecordingError as exc:
        return render(request, "scoring/evening_import.html", {"form": form, "problems": [str(e) for e in exc.errors],
                                                                **page}, status=exc.http_status)
    messages.success(request, _("Aftenfilen er indlæst som bord %(n)s.") % {"n": table.number})
    return redirect("scoring:table_detail", pk=table.pk)


@require_http_methods(["GET", "POST"])
@submissions.once
def evening_import(request):
    clubs = _writable_clubs(request.user)
    if not clubs:
        return render(request, "scoring/message.html", {"message": _("Du kan ikke indlæse aftener.")}, status=403)
    return _import(request, _chosen_club(request, clubs), None, {"clubs": clubs})


@require_http_methods(["GET", "POST"])
@submissions.once
def table_import(request, pk: int):
    evening = _evening(request, pk, Role.SCOREKEEPER)
    if evening.is_closed:
        return _refuse_closed(request, evening, _("Aftenen er lukket; der kan ikke indlæses flere borde."))
    return _import(request, evening.club, evening, {})
