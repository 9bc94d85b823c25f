"""The bench's yardstick for ``manage.py settle FILE --json`` on a Danish evening (VLK's cards): a
plain script over the decoded file's dictionaries, none of the engine's classes, that computes the
same amounts (each deal's net and cups, the totals) by docs/rules/danish.md §2-§4 in the plainest way.

It takes the file as valid (nothing is checked, no posting and no reason is kept), reads the card
as a plain dict (``RateCard.to_dict``), and knows only what a VLK-style card uses: no announced
vole or nolo, honours or ladons (the Grosstarock card). ``manage.py bench`` holds its amounts
equal to the engine's on the benched file before it times either; never imported by the app.
"""
from __future__ import annotations


def settle(data: dict, card: dict) -> dict:
    players = data["players"]
    n = len(players)
    fines = card["fines"]
    per_cup = card["opening_per_cup"]
    net_open = {p: -2 * per_cup for p in players}
    king = pagat = per_cup * n
    totals = dict(net_open)
    rows = []
    for deal in data["deals"]:
        net = dict.fromkeys(players, 0)
        cups = {"king": 0, "pagat": 0}

        def into_cups(player, amount):
            net[player] -= 2 * amount
            cups["king"] += amount
            cups["pagat"] += amount

        dealer = deal["dealer"]
        kind = deal.get("kind", "played")
        d = players.index(dealer)
        into_cups(dealer, card["dealer_fee_per_cup"])
        if kind == "misdeal":
            into_cups(dealer, fines["misdeal"])
        blocked = set()
        for fine in deal.get("fines", ()):
            if fine["kind"] != "misdeal":
                into_cups(fine["player"], fine["amount"] if fine["kind"] == "custom" else fines[fine["kind"]])
            if fine["kind"] in card["ultimo_blocking_fines"]:
                blocked.add(fine["player"])
        if kind == "played":
            forehand = players[(d + 1) % n]
            middlehand = players[(d - 1) % n]
            active = (forehand, middlehand, dealer)
            next_dealer = players[(d + 2) % n] if n == 5 else players[(d + 1) % n]
            _play(deal, card, net, cups, king, pagat, active,
                  next_dealer if next_dealer in active else middlehand, blocked)
        if king + cups["king"] == 0:
            for p in players:
                net[p] -= card["refund_per_player"]
            cups["king"] += card["refund_per_player"] * n
        if pagat + cups["pagat"] == 0:
            for p in players:
                net[p] -= card["refund_per_player"]
            cups["pagat"] += card["refund_per_player"] * n
        king += cups["king"]
        pagat += cups["pagat"]
        for p in players:
            totals[p] += net[p]
        rows.append({"net": net, "cups": {"king": king, "pagat": pagat}})
    pool = king + pagat
    share = pool // n // card["split_unit"] * card["split_unit"]
    lowest = min(players, key=lambda p: (totals[p], players.index(p)))
    for p in players:
        totals[p] += share + (pool - share * n if p == lowest else 0)
    return {"opening": net_open, "deals": rows, "totals": totals}


def _play(deal, card, net, cups, king, pagat, active, default_derived, blocked):
    def pay(payer, payee, amount):
        if payer in net:
            net[payer] -= amount
        else:
            cups[payer] -= amount
        if payee in net:
            net[payee] += amount
        else:
            cups[payee] += amount

    def from_each(payee, amount):
        for other in active:
            if other != payee:
                pay(other, payee, amount)

    def to_each(payer, amount):
        for other in active:
            if other != payer:
                pay(payer, other, amount)

    for meld in deal.get("melds", ()):
        from_each(meld["player"], _meld_price(card, meld["kind"], meld.get("count")))
    pagat_fate = deal.get("pagat")
    kings = deal.get("kings", {})
    honours = [("pagat", pagat_fate)] if pagat_fate else []
    honours += [("king", kings[suit]) for suit in kings]
    if pagat_fate and pagat_fate["fate"] == "home":
        from_each(pagat_fate["owner"], card["pagat_home_each"])
    elif pagat_fate and pagat_fate["fate"] == "lost":
        to_each(pagat_fate["owner"], card["pagat_lost_each"])
        pay(pagat_fate["owner"], "pagat", card["pagat_lost_cup"])
    for fate in kings.values():
        if fate["fate"] == "lost":
            to_each(fate["owner"], card["king_lost_each"])
            pay(fate["owner"], "king", card["king_lost_cup"])
    snapshot = {"king": king + cups["king"], "pagat": pagat + cups["pagat"]}
    tout, nolo = deal.get("tout"), deal.get("nolo")
    if tout is not None:
        from_each(tout, card["tout_each"])
        for cup in ("king", "pagat"):
            pay(cup, tout, snapshot[cup])
    failed = deal.get("failed_tout")
    if failed is not None:
        to_each(failed, card["failed_tout_each"])
        if card["failed_tout_doubles_cups"]:
            for cup in ("king", "pagat"):
                pay(failed, cup, snapshot[cup])
    ultimo = False
    for cup, fate in honours:
        if fate["fate"] == "ultimo" and tout is None and nolo is None and fate["owner"] not in blocked:
            from_each(fate["owner"], card[f"{cup}_ultimo_each"])
            pay(cup, fate["owner"], snapshot[cup])
            ultimo = True
    for cup, fate in honours:
        if fate["fate"] == "bagud":
            to_each(fate["owner"], card[f"{cup}_bagud_each"])
            pay(fate["owner"], cup, snapshot[cup])
    fallen = all(fate["fate"] not in ("ultimo", "bagud") for _, fate in honours)
    if (tout is None and nolo is None and not ultimo
            and (fallen or not card["last_trick_needs_honours_fallen"])):
        from_each(deal["last_trick"], card["last_trick_each"])
    if nolo is not None:
        from_each(nolo, card["nolo_each"])
        return
    counts = deal.get("counts", {})
    if len(counts) == 2:
        derived = next(p for p in active if p not in counts)
    else:
        derived = deal.get("derived") or default_derived
    band, per_band, par = card["count_band"], card["count_points_per_band"], card["count_par"]
    for player, count in counts.items():
        if player != derived:
            pay(derived, player, per_band * ((count - par + band // 2) // band))


def _meld_price(card, kind, count):
    if kind == "taroks":
        return card["taroks_base"] + card["taroks_step"] * (count - card["taroks_min"])
    if kind == "matadors":
        return card["matadors_base"] + card["matadors_step"] * (count - card["matadors_min"])
    if kind == "honours":   # docs/rules/grosstarock.md §3: from 3
        return card["honours_base"] + card["honours_step"] * (count - 3)
    if kind == "ladons":    # from 16
        return card["ladons_base"] + card["ladons_step"] * (count - 16)
    return card[kind]       # overfull, full, half, four: one price each
