"""The evening page's mail block: queue the sheet for the players (a scorekeeper or the club admin),
send a failed mail again to the address as it is now, send the corrected sheet to the players who
hold an outdated one, and what the page shows of the outbox. Thin: the services queue
(``services.evening_mail_queue``, ``evening_mail_again``, ``evening_mail_corrected``), the sender
sends (scoring/outbox_sender.py)."""
from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _, ngettext
from django.views.decorators.http import require_POST

from scoring import access, services
from scoring.table import submissions
from scoring.outbox_sender import pdf_name
from scoring.models import Evening, EveningMail, Role
from scoring.selectors.members import evening_members, identity
from scoring.selectors.outbox import evening_outbox, sheet_version


def mail_context(request, evening: Evening) -> dict:
    """What the evening page's mail and share blocks need: the outbox's lines (names, states and why
    a mail failed, never an address), how many of the evening's players have an address, who holds
    an outdated sheet, and whether this user may send (and, a club admin, correct an address)."""
    # the players as they are now, each once, as the outbox queues them (``services.evening_mail_queue``)
    players = evening_members(evening)
    outbox = evening_outbox(evening, sheet_version(evening)) if evening.is_closed else []
    with_address = {p.pk for p in players if p.email.strip()}
    queued = set(EveningMail.objects.filter(evening=evening, current=True).values_list(identity(), flat=True)) \
        if outbox else set()
    return {
        "outbox": outbox,
        "mail_players": len(players),
        "mail_addresses": len(with_address),
        # the button is offered while a player with an address has nothing queued
        "mail_waiting": len(with_address - queued),
        "mail_outdated": [line.player for line in outbox if line.outdated],
        "can_mail": evening.is_closed and access.can(request.user, evening.club_id, Role.SCOREKEEPER),
        "can_correct_address": access.can(request.user, evening.club_id, Role.ADMIN),
        "pdf_name": pdf_name(evening),
    }


@require_POST
@submissions.once
def evening_mail(request, pk: int):
    """Queue the closed evening's sheet for each player with an address (once per player: a second
    send queues only those not queued yet), then back to the evening page, which shows each mail's state."""
    evening = get_object_or_404(Evening.objects.select_related("club"), pk=pk)
    access.require(request.user, evening.club_id, Role.SCOREKEEPER)
    url = reverse("scoring:evening_detail", args=[evening.pk])
    try:
        done = submissions.write(request, "evening_mail",
                                 lambda: services.evening_mail_queue(evening=evening, user=request.user), url=url)
    except services.RecordingError as exc:
        return _refused(request, exc, url)
    if done.queued:
        messages.success(request, ngettext(
            "Arket er lagt i udbakken til %(n)s spiller; det sendes om lidt.",
            "Arket er lagt i udbakken til %(n)s spillere; det sendes om lidt.", len(done.queued))
            % {"n": len(done.queued)})
    else:
        messages.info(request, _("Arket var allerede lagt i udbakken til alle spillere med en e-mailadresse; "
                                 "intet er lagt i den to gange."))
    return redirect(url)


def _refused(request, exc: services.RecordingError, url: str):
    return render(request, "scoring/message.html", {"message": exc.errors[0].message, "back": url},
                  status=exc.http_status)


@require_POST
@submissions.once
def evening_mail_again(request, pk: int, mail: int):
    """Send one failed mail again, to its player's address as it is now."""
    evening = get_object_or_404(Evening.objects.select_related("club"), pk=pk)
    access.require(request.user, evening.club_id, Role.SCOREKEEPER)
    failed = get_object_or_404(EveningMail, pk=mail, evening=evening)
    url = reverse("scoring:evening_detail", args=[evening.pk])
    try:
        again = submissions.write(request, "evening_mail_again",
                                  lambda: services.evening_mail_again(mail=failed, user=request.user), url=url)
    except services.RecordingError as exc:
        return _refused(request, exc, url)
    messages.success(request, _("Arket er lagt i udbakken igen til %(name)s; det sendes om lidt.")
                     % {"name": again.player.name})
    return redirect(url)


@require_POST
@submissions.once
def evening_mail_corrected(request, pk: int):
    """Send the corrected sheet to every player who holds an outdated one."""
    evening = get_object_or_404(Evening.objects.select_related("club"), pk=pk)
    access.require(request.user, evening.club_id, Role.SCOREKEEPER)
    url = reverse("scoring:evening_detail", args=[evening.pk])
    try:
        done = submissions.write(request, "evening_mail_corrected",
                                 lambda: services.evening_mail_corrected(evening=evening, user=request.user), url=url)
    except services.RecordingError as exc:
        return _refused(request, exc, url)
    if done.queued:
        messages.success(request, ngettext(
            "Det rettede ark er lagt i udbakken til %(n)s spiller; det sendes om lidt.",
            "Det rettede ark er lagt i udbakken til %(n)s spillere; det sendes om lidt.", len(done.queued))
            % {"n": len(done.queued)})
    else:
        messages.info(request, _("Ingen spiller har et forældet ark."))
    if done.without_address:
        messages.warning(request, _("Uden e-mailadresse, ikke sendt: %(names)s.")
                         % {"names": ", ".join(done.without_address)})
    return redirect(url)
