"""The bench's yardstick for ``manage.py settle FILE --json`` on an evening of the old German cards
(grosstarock, taroc1754): a plain script over the decoded file's dictionaries, none of the engine's
classes, that computes the same amounts (each deal's net, the totals; these cards have no cups) by
docs/rules/grosstarock.md §1-§4 and docs/rules/danish.md §3 in the plainest way.

It takes the file as valid (nothing is checked, no posting and no reason is kept) and reads the card
as a plain dict (``RateCard.to_dict(every_key=True)``); it knows only what the old German cards use:
no cups, fines paid from player to player, an ultimo never voided, counting point for point.
``manage.py bench`` holds its amounts equal to the engine's on the benched file before it times
either; never imported by the app.
"""
from __future__ import annotations

from .plain import _meld_price


def settle(data: dict, card: dict) -> dict:
    players = data["players"]
    n = len(players)
    totals = dict.fromkeys(players, 0)
    rows = []
    for deal in data["deals"]:
        net = dict.fromkeys(players, 0)
        dealer = deal["dealer"]
        d = players.index(dealer)
        forehand, middlehand = players[(d + 1) % n], players[(d - 1) % n]
        active = (forehand, middlehand, dealer)

        def from_each(payee, amount):
            for other in active:
                if other != payee:
                    net[other] -= amount
                    net[payee] += amount

        def to_each(payer, amount):
            for other in active:
                if other != payer:
                    net[payer] -= amount
                    net[other] += amount

        kind = deal.get("kind", "played")
        if kind == "misdeal":
            to_each(dealer, card["fines"]["misdeal"])
        for fine in deal.get("fines", ()):
            if fine["kind"] != "misdeal":   # §1: to each other active player
                to_each(fine["player"], fine["amount"] if fine["kind"] == "custom" else card["fines"][fine["kind"]])
        if kind == "played":
            _play(deal, card, from_each, to_each, active, forehand if forehand in active else middlehand, net)
        for p in players:
            totals[p] += net[p]
        rows.append({"net": net, "cups": {}})
    return {"opening": dict.fromkeys(players, 0), "deals": rows, "totals": totals}


def _vole(card, before):
    if before <= 1:
        return card["vole_before_1_each"]
    return card["vole_before_13_each"] if before <= 13 else card["vole_before_20_each"]


def _nolo(card, before, won):
    if won:
        return card["nolo_before_1_each"] if before <= 1 else card["nolo_before_13_each"]
    return card["nolo_failed_1_each"] if before <= 1 else card["nolo_failed_13_each"]


def _play(deal, card, from_each, to_each, active, default_derived, net):
    for meld in deal.get("melds", ()):
        from_each(meld["player"], _meld_price(card, meld["kind"], meld.get("count")))
    tout, nolo = deal.get("tout"), deal.get("nolo")
    announced_nolo = deal.get("announced_nolo", ())
    for announced in announced_nolo:   # grosstarock.md §3: a won announced nolo is all the deal pays
        if announced["player"] == nolo:
            from_each(nolo, _nolo(card, announced["before_trick"], True))
            return
    pagat = deal.get("pagat")
    kings = deal.get("kings", {})
    honours = ([("pagat", pagat)] if pagat else []) + [("king", fate) for fate in kings.values()]
    if pagat and pagat["fate"] == "home":
        from_each(pagat["owner"], card["pagat_home_each"])
    elif pagat and pagat["fate"] == "lost":
        to_each(pagat["owner"], card["pagat_lost_each"])
    for fate in kings.values():
        if fate["fate"] == "lost":
            to_each(fate["owner"], card["king_lost_each"])
        elif fate["fate"] == "home" and card["king_home_each"]:
            from_each(fate["owner"], card["king_home_each"])
    vole = deal.get("announced_vole")
    if tout is not None:
        if vole is not None and vole["player"] == tout:
            from_each(tout, _vole(card, vole["before_trick"]))
        else:
            from_each(tout, card["tout_each"])
    if deal.get("failed_tout") is not None:
        to_each(deal["failed_tout"], card["failed_tout_each"])
    if vole is not None and vole["player"] != tout:
        to_each(vole["player"], _vole(card, vole["before_trick"]))
    for announced in announced_nolo:
        to_each(announced["player"], _nolo(card, announced["before_trick"], False))
    ultimo = False
    for cup, fate in honours:   # an ultimo is never voided on these cards (§3)
        if fate["fate"] == "ultimo":
            from_each(fate["owner"], card[f"{cup}_ultimo_each"])
            ultimo = True
    for cup, fate in honours:
        if fate["fate"] == "bagud":
            to_each(fate["owner"], card[f"{cup}_bagud_each"])
    fallen = all(fate["fate"] not in ("ultimo", "bagud") for _, fate in honours)
    if tout is None and nolo is None and not ultimo and (fallen or not card["last_trick_needs_honours_fallen"]):
        from_each(deal["last_trick"], card["last_trick_each"])
    if nolo is not None:
        from_each(nolo, card["nolo_each"])
        if not card["count_after_nolo"]:
            return
    counts = deal.get("counts", {})
    derived = next(p for p in active if p not in counts) if len(counts) == 2 else deal.get("derived") or default_derived
    band, per_band, par = card["count_band"], card["count_points_per_band"], card["count_par"]
    for player, count in counts.items():
        if player != derived:
            value = per_band * ((count - par + band // 2) // band)
            net[derived] -= value
            net[player] += value
