"""The bench's yardstick for ``manage.py settle FILE --json`` on a Selca evening: a plain script over
the decoded file's dictionaries, none of the engine's classes, that computes the same amounts (the
points each deal writes to each player, the totals; the family has no cups) by
docs/rules/selca.md §3-§9 in the plainest way.

It takes the file as valid (nothing is checked, no posting, no reason and no formula is kept) and
reads the card as a plain dict (``RateCard.to_dict``). ``manage.py bench`` holds its amounts equal
to the engine's on the benched file before it times either; never imported by the app.
"""
from __future__ import annotations

DECK_THIRDS = 210
GAME_WORDS = {3: "three", 2: "two", 1: "one"}


def settle(data: dict, card: dict) -> dict:
    players = data["players"]
    totals = dict.fromkeys(players, 0)
    rows = []
    for deal in data["deals"]:
        net = dict.fromkeys(players, 0)
        kind = deal["kind"]
        if kind == "misdeal":     # §9
            net[deal["dealer"]] -= card["misdeal"]
        elif kind == "klop":      # §8
            counts = deal["counts"]
            most = max(counts.values())
            losers = [p for p in players if counts[p] == most]
            each = card["klop"][1 if len(losers) == 1 and most >= card["full_klop_from"] else 0]
            revoked = deal.get("renons")
            if revoked:
                for p in players:
                    if p in revoked:
                        net[p] -= each * len(losers)
            else:
                for p in losers:
                    net[p] -= each
        elif kind == "game":
            _game(deal, card, players, net)
        for p in players:
            totals[p] += net[p]
        rows.append({"net": net, "cups": {}})
    return {"opening": dict.fromkeys(players, 0), "deals": rows, "totals": totals}


def _game(deal: dict, card: dict, players: list, net: dict) -> None:
    declarer, dealer, count = deal["declarer"], deal["dealer"], deal["count"]
    active = [p for p in players if p != dealer] if len(players) == 4 else list(players)
    opponents = [p for p in active if p != declarer]
    announced = deal.get("announced", ())
    kontra = deal.get("kontra", {})

    def signed(side, amount):
        return amount if side == "declarer" else -amount

    def k(item):
        return card["kontra"][kontra[item]] if item in kontra else 1

    # §3, §4, §6: the game item (its kontra is the game's), the announced pagat and valat apart
    win = count >= card["win_from"]
    winners = count if win else DECK_THIRDS - count
    poeni = (winners - card["poeni_base"]) // card["poeni_step"]
    game_item = (card["game_point"] + poeni) if win else -(card["game_point"] + poeni + card["kavf"])
    if "kings" in deal:
        game_item += signed(deal["kings"], card["kings"])
    trula = deal.get("trula")
    if trula is None and "pagatfonk" in deal:   # the whole trula goes to the pagat's side
        trula = "declarer" if deal["pagatfonk"]["pagat"] == declarer else "opponents"
    if trula is not None:
        game_item += signed(trula, card["trula"])
    if "pagat" not in announced:
        if "pagat_ultimo" in deal:
            game_item += signed(deal["pagat_ultimo"], card["pagat"][0])
        elif "pagat_lost" in deal:
            game_item -= signed(deal["pagat_lost"], card["pagat"][0])
    if deal.get("valat") and "valat" not in announced:
        game_item += card["valat"][0]
    m = card["game"][GAME_WORDS[deal["game"]]]
    value0 = m * k("game") * game_item
    if "pagat" in announced:
        made = deal.get("pagat_ultimo") == "declarer"
        value0 += m * k("pagat") * (card["pagat"][1] if made else -card["pagat"][1])
    if "valat" in announced:
        value0 += m * k("valat") * (card["valat"][1] if deal.get("valat") else -card["valat"][1])
    # §7: who is written what
    revoked = deal.get("renons", ())
    opponents_revoked = [q for q in opponents if q in revoked]
    declarer_revoked = declarer in revoked
    shares = {declarer: 1, **dict.fromkeys(opponents, -1)}
    value = value0
    if value0 == 0:
        shares = dict.fromkeys(shares, 0)
    elif (value0 > 0 and declarer_revoked) or (value0 < 0 and opponents_revoked):
        if value0 < 0 and declarer_revoked and len(opponents_revoked) == 1:
            shares = {q: 0 if q == declarer else (1 if q == opponents_revoked[0] else -1) for q in shares}
        else:
            shares = dict.fromkeys(shares, 0)
    elif revoked:
        value = value0 + m * k("game") * card["renons"] * (1 if value0 > 0 else -1)
        if value0 > 0 and len(opponents_revoked) == 1:
            shares = {q: 1 if q == declarer else (-2 if q == opponents_revoked[0] else 0) for q in shares}
    elif "game" in kontra and value0 > 0 and DECK_THIRDS - count < card["izkupicek_21"]:
        shares = {q: 1 if q == declarer else (-2 if q == kontra["by"] else 0) for q in shares}
    for player, share in shares.items():
        net[player] += share * value
    # §4: mondfang and pagatfonk, flat
    mondfang = deal.get("mondfang")
    if mondfang is not None:
        if mondfang["by"] == declarer:
            for q in opponents:
                net[q] -= card["mondfang"]
        elif mondfang["owner"] == declarer:
            net[declarer] -= card["mondfang"]
        else:
            net[declarer] += card["mondfang"]
    pagatfonk = deal.get("pagatfonk")
    if pagatfonk is not None:
        if pagatfonk["skis"] == declarer:
            net[declarer] -= card["pagatfonk"]
        else:
            for q in opponents:
                net[q] -= card["pagatfonk"]
