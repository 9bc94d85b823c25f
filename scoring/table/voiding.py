"""What voiding a deal changes, as its confirmation page shows it (``views.deals.deal_void``): the
payments that are paid back and each player's total now and after, every later deal settled again
(``services.void_plan``, the very plan ``services.deal_void`` writes). Nothing here writes."""
from __future__ import annotations

import dataclasses

from scoring import services

from scoring.models import Account, Deal, Table
from scoring.selectors import SheetRow, TableSheet
from scoring.table_families import table_family


def void_effect(table: Table, sheet: TableSheet, deal: Deal) -> dict:
    """The confirmation's figures for voiding ``deal`` (a current deal of ``table``): per player
    the deal's amount (paid back), his total now and after (``rows``); the cups' part of the deal
    (``pots``: only cups the sheet shows); how many later deals are settled again (``later``); or
    ``problems`` when a later deal would become impossible without it."""
    try:
        plan = services.void_plan(table, deal)
    except services.RecordingError as exc:
        return {"problems": [error.message for error in exc.errors], "rows": [], "pots": [], "later": 0}
    paid_back, change = plan.reversed_net, plan.change
    family = table_family(table.family)
    shown = set(sheet.pots)
    pots = [(family.leg_account(leg), leg.amount)
            for entry in plan.old_entries if entry.deal_id == deal.pk
            for leg in entry.legs.all() if leg.account != Account.PLAYER and leg.account in shown]
    return {
        "rows": [{"name": p, "deal": paid_back[p], "total_now": total, "total_after": total + change[p],
                  "change": change[p]} for p, total in zip(sheet.players, sheet.totals)],
        "pots": pots,
        "later": len(plan.later),
        "problems": [],
        "next_dealer": dealer_after_void(sheet, deal),
    }


def dealer_after_void(sheet: TableSheet, deal: Deal) -> str:
    """Who deals next once ``deal`` is voided: the sheet's own rule (``TableSheet.next_seating``)
    applied to the sheet without it."""
    struck = SheetRow(str(deal.number), deal.number, deal.kind, net=(), active=(), pots={}, running=(), deal=deal,
                      voided=True)
    after = dataclasses.replace(sheet, deals=tuple(d for d in sheet.deals if d.pk != deal.pk),
                                voided=sheet.voided + (struck,))
    return after.next_seating().dealer

