"""What the table page carries for its offline queue (``static/js/table-sync.js``; docs/table.md "Offline
at the table"): who deals and who sits out next after each kind of deal, so that the phone needs no
rotation rules of its own, the endpoints, and the words the script shows. The endpoint the queue
sends to is the view ``scoring/views/sync.py``."""
from __future__ import annotations

from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from scoring.engine import families
from scoring.models import Table
from scoring.selectors import TableSheet
from scoring.table import conflicts


def deal_kinds(form) -> list[str]:
    """The kinds of deal the family's form offers (the evening file's ``kind`` values); a form with no
    choice of kind records the family's played kind (``Family.played_kinds``), after which the phone
    must still know who deals next."""
    if "kind" in form.fields:
        return [str(value) for value, _label in form.fields["kind"].choices]
    return list(families.family(form.family_name).played_kinds)


def rotation(sheet: TableSheet, kinds: list[str]) -> dict:
    """Who deals and who sits out next after each kind of deal, for every coming deal: for each
    player as dealer his seating and the dealer after each kind, by the family's own rules
    (``Family.seating`` / ``dealer_after``), so that the phone needs no rotation rules of its own."""
    family = sheet.family or sheet.table.engine
    players = sheet.players
    seatings = {d: family.seating(players, d) for d in players}
    return {
        "dealer": conflicts.expected_dealer(sheet),
        "number": sheet.next_number,
        "version": sheet.table.version,
        "kinds": kinds,
        "seating": {d: {"forehand": s.forehand, "active": list(s.active), "sitting_out": list(s.sitting_out)}
                    for d, s in seatings.items()},
        "after": {d: {kind: family.dealer_after(players, d, kind) for kind in kinds} for d in players},
    }


def page_data(table: Table, sheet: TableSheet, form) -> dict:
    """The JSON the table page embeds for ``table-sync.js`` (a ``json_script`` block: data, not code):
    the endpoints, the table's state and rotation, and the words the script shows."""
    url = reverse("scoring:table_detail", args=[table.pk])
    return {
        "table": table.pk,
        "page": url,
        "sync": reverse("scoring:table_sync", args=[table.pk]),
        "form": reverse("scoring:deal_form", args=[table.pk]),
        "sw": reverse("scoring:service_worker"),
        "login": reverse("login") + "?" + urlencode({"next": url}),
        "rotation": rotation(sheet, deal_kinds(form)),
        "words": {
            "unsent_one": _("1 spil ikke sendt endnu"),
            "unsent_many": _("%(n)s spil ikke sendt endnu"),
            "send_now": _("Send nu"),
            "sending": _("Sender …"),
            "retry_in": _("Prøver igen om %(s)s s."),
            "offline": _("Ingen forbindelse: spillet er gemt på telefonen og sendes, når der er net."),
            "preview_offline": _("Forhåndsvisningen er ikke tilgængelig uden net (den regnes af serveren)."),
            "login": _("Du er logget ud: log ind igen, så sendes spillene. Intet er tabt."),
            "login_link": _("Log ind"),
            "deal": _("Spil %(n)s"),
            "discard": _("Kassér spil %(n)s"),
            "discard_confirm": _("Kassér spil %(n)s for altid? Det bliver ikke gemt."),
            "discarded": _("Spil %(n)s er kasseret på telefonen."),
            "send_anyway": _("Send med giveren %(dealer)s"),
            "confirm_dealer": _("Ja, %(dealer)s giver – send"),
            "mend": _("Ret spillet"),
            "invalid": _("Spil %(n)s kan ikke gemmes:"),
            "conflict": _("Bordet er gået videre, mens spil %(n)s ventede:"),
            "saved_since": _("Spil %(n)s (giver %(dealer)s, gemt af %(by)s): %(summary)s"),
            "all_sent": _("Alle spil er sendt."),
            "draft_restored": _("Dit påbegyndte spil er hentet frem igen."),
            "dealer_unexpected": _("Ifølge arket giver %(expected)s; sæt kryds ved “Ja, denne giver”, hvis det er rigtigt."),
        },
    }
