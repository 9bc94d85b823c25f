"""The bench's yardstick for ``manage.py settle FILE --json`` on a Karlsruhe evening: a plain script
over the decoded file's dictionaries, none of the engine's classes, that computes the same amounts
(each deal's net, the totals; the family has no cups) by docs/rules/karlsruhe.md §5-§7 in the
plainest way.

It takes the file as valid (nothing is checked, no posting, no reason and no formula is kept) and
reads the card as a plain dict (``RateCard.to_dict``). ``manage.py bench`` holds its amounts equal
to the engine's on the benched file before it times either; never imported by the app.
"""
from __future__ import annotations

DECK_THIRDS = 210
BONUSES = ("canari", "uhu", "pagat", "trull", "four_kings")   # the formula's order (§5.5)
BIRDS = ("canari", "uhu", "pagat")


def settle(data: dict, card: dict) -> dict:
    players = data["players"]
    n = len(players)
    totals = dict.fromkeys(players, 0)
    rows = []
    owed = 0   # Radl deals still owed (§5.4)
    for deal in data["deals"]:
        net = dict.fromkeys(players, 0)
        dealer = deal["dealer"]
        kind = deal.get("kind", "played")
        if kind != "played":   # §7: a misdeal's fine to each other player, a redeal free; no Radl
            fine = card["misdeal_fine"] if kind == "misdeal" else 0
            for p in players:
                if p != dealer:
                    net[dealer] -= fine
                    net[p] += fine
        else:
            radl = owed > 0
            if radl:
                owed -= 1
            factor = card["radl"] if radl else 1
            active = [p for p in players if p != dealer] if n == 5 else list(players)
            if deal["game"] == "fahrer":   # §6: the two highest counts pay the two lowest
                owed += n
                value = card["game"]["fahrer"] * factor
                i = players.index(dealer) + 1
                order = [p for p in players[i:] + players[:i] if p in active]
                counts = deal["counts"]
                ranked = sorted(order, key=lambda p: (-counts[p], order.index(p)))
                for payer, payee in ((ranked[0], ranked[2]), (ranked[1], ranked[3])):
                    net[payer] -= value
                    net[payee] += value
            else:
                value = _value(deal, card) * factor
                declarer, partner = deal["declarer"], deal.get("partner")
                together = deal["game"] in ("koenigsrufer", "solorufer") and partner not in (None, declarer)
                ours = (declarer, partner) if together else (declarer,)
                declarers = [p for p in active if p in ours]
                opponents = [p for p in active if p not in ours]
                pairs = zip(opponents, declarers) if together else ((o, declarer) for o in opponents)
                for opponent, winner in pairs:
                    net[opponent] -= value
                    net[winner] += value
        for p in players:
            totals[p] += net[p]
        rows.append({"net": net, "cups": {}})
    return {"opening": dict.fromkeys(players, 0), "deals": rows, "totals": totals}


def _value(deal: dict, card: dict) -> int:
    """The deal's value before the Radl, for the declarers (§5)."""
    game = deal["game"]
    b = card["game"][game]
    kontra = deal.get("kontra", {})

    def k(key):
        return card["kontra"][kontra[key]] if key in kontra else 1

    if game == "bettel_ouvert":
        return b * k("game") if deal["won"] else -b * k("game")
    valat = deal.get("valat")
    count = deal.get("declarers_count")
    if valat is not None:
        won = (valat["side"] == "declarers") == valat["won"]
        value = b * card["valat"][1 if valat.get("announced") else 0] * k("game")
    else:
        won = count > card["win_above"]
        losers = count if not won else DECK_THIRDS - count
        value = b * (card["schneider"] if losers <= card["schneider_max"] else 1) * k("game")
    total = value if won else -value
    bonuses = deal.get("bonuses", {})
    for bonus in BONUSES:
        entry = bonuses.get(bonus)
        if entry is None:
            continue
        announced = entry.get("announced", False)
        if valat is not None and not announced:
            continue
        if bonus in BIRDS:
            amount = card["bonus"][bonus][1 if announced else 0]
        else:
            amount = card["silent_bonus"][bonus]
        if announced:
            amount *= k(bonus)
        total += amount if (entry["side"] == "declarers") == entry["won"] else -amount
    if deal.get("king_caught") and valat is None:
        total -= card["king_caught"]
    return total
