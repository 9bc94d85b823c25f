"""The evening page's mail block: queue the sheet for the players (a scorekeeper or the club admin),
and what the page shows of the outbox. Thin: the service queues (``services.evening_mail_queue``),
the sender sends (scoring/outbox_sender.py)."""
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
from scoring.selectors.statements import evening_outbox


def mail_context(request, evening: Evening) -> dict:
    """What the evening page's mail and share blocks need: the outbox's lines (names and states,
    never an address), how many of the evening's players have an address, and whether this user
    may send."""
    # the players as they are now, each once, as the outbox queues them (``services.evening_mail_queue``)
    players = evening_members(evening)
    outbox = evening_outbox(evening) if evening.is_closed else []
    with_address = {p.pk for p in players if p.email.strip()}
    queued = set(EveningMail.objects.filter(evening=evening).values_list(identity(), flat=True)) if outbox else set()
    return {
        "outbox": outbox,
        "mail_players": len(players),
        "mail_addresses": len(with_address),
        # the button is offered while a player with an address has nothing queued
        "mail_waiting": len(with_address - queued),
        "can_mail": evening.is_closed and access.can(request.user, evening.club_id, Role.SCOREKEEPER),
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
        return render(request, "scoring/message.html", {"message": exc.errors[0].message, "back": url},
                      status=exc.http_status)
    if done.queued:
        messages.success(request, ngettext(
            "Arket er lagt i udbakken til %(n)s spiller; det sendes om lidt.",
            "Arket er lagt i udbakken til %(n)s spillere; det sendes om lidt.", len(done.queued))
            % {"n": len(done.queued)})
    else:
        messages.info(request, _("Arket var allerede lagt i udbakken til alle spillere med en e-mailadresse; "
                                 "intet er lagt i den to gange."))
    return redirect(url)
