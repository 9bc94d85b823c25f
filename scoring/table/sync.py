"""What the table page carries for its offline queue (``static/js/table-sync.js``; docs/table.md "Offline
at the table"): who deals and who sits out next after each kind of deal, so that the phone needs no
rotation rules of its own, the endpoints, and the words the script shows. The endpoint the queue
sends to is the view ``scoring/views/sync.py``."""
from __future__ import annotations

import dataclasses
import uuid

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


def seat_words(seating) -> dict:
    """A deal's seating as the phone reads it: every field of the family's ``Seating`` (at least
    ``dealer``, ``forehand``, ``active``, ``sitting_out``; a family may add its own, such as a
    middlehand or the player whose count is derived), a player's name or a list of names each. The
    deal form's player fields and the page's seats are set from it by name (``data-seat``,
    ``data-seat-default``; ``scoring/family_forms.py`` "Seating a form on the phone")."""
    fields = dataclasses.asdict(seating) if dataclasses.is_dataclass(seating) else {
        name: getattr(seating, name) for name in ("dealer", "forehand", "active", "sitting_out")}
    return {name: list(value) if isinstance(value, (tuple, list)) else value for name, value in fields.items()}


def rotation(sheet: TableSheet, kinds: list[str]) -> dict:
    """Who deals and who sits out next after each kind of deal, for every coming deal: the players
    in seat order, for each player as dealer his seating (``seat_words``) and the dealer after each
    kind, by the family's own rules (``Family.seating`` / ``dealer_after``), so that the phone needs
    no rotation rules of its own and seats the deal form of any later deal itself."""
    family = sheet.family or sheet.table.engine
    players = sheet.players
    return {
        "dealer": conflicts.expected_dealer(sheet),
        "number": sheet.next_number,
        "version": sheet.table.version,
        "kinds": kinds,
        "players": list(players),
        "seating": {d: seat_words(family.seating(players, d)) for d in players},
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
        "sw": reverse("scoring:service_worker"),
        "login": reverse("login") + "?" + urlencode({"next": url}),
        "rotation": rotation(sheet, deal_kinds(form)),
        # this rendering of the page: a copy the service worker shows again is known by it (its
        # messages, "Spil 4 er gemt.", were said when it was first shown)
        "rendered": uuid.uuid4().hex,
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
            "confirm_dealer": _("Ja, %(dealer)s giver – send"),
            "mend": _("Ret spillet"),
            "invalid": _("Spil %(n)s kan ikke gemmes:"),
            "conflict": _("Bordet er gået videre, mens spil %(n)s ventede:"),
            "saved_since": _("Spil %(n)s (giver %(dealer)s, gemt af %(by)s): %(summary)s"),
            "all_sent": _("Alle spil er sendt."),
            "draft_restored": _("Dit påbegyndte spil er hentet frem igen."),
            "dealer_unexpected": _("Ifølge arket giver %(expected)s; sæt kryds ved “Ja, denne giver”, hvis det er rigtigt."),
            "cleared": _("%(name)s sidder over nu; ryddet: %(fields)s."),
            # a refused deal another phone saved first: the two hands side by side, three choices
            "two_hands": _("Spil %(n)s er allerede gemt af %(by)s. Er det det samme spil som dit?"),
            "theirs": _("Gemt af %(by)s"),
            "mine": _("Dit spil"),
            "drop_same": _("Det samme spil – drop mit"),
            "drop_confirm": _("Drop dit spil %(n)s? Spil %(n)s, som %(by)s gemte, bliver stående."),
            "dropped": _("Dit spil %(n)s er droppet; det gemte spil %(n)s står."),
            "correct_saved": _("Mit er rigtigt – ret spil %(n)s"),
            "correct_needs_net": _("Rettelsen kræver net; prøv igen, når der er forbindelse."),
            "corrected": _("Spil %(n)s står nu som dit spil."),
            "later": _("Et andet, senere spil (giver %(dealer)s) …"),
            "later_confirm": _("Gem dit spil som spil %(n)s med %(dealer)s som giver? Kun hvis det er et andet "
                               "spil end spil %(m)s."),
            "later_yes": _("Ja, gem som spil %(n)s"),
            "cancel": _("Fortryd"),
            # a deal past the tournament round's length: kept on the server for the director
            "pending": _("Spil %(n)s er ikke gemt ved bordet: bordet har spillet rundens længde, og spillet venter "
                         "på turneringslederens godkendelse."),
            "pending_ok": _("Forstået"),
        },
    }
