"""Settlement as double-entry journal entries (docs/rules/selca.md §3-§9, §11).

A Selca deal *writes* points on the sheet ("zapisnik", SP 7): the winners their izkupiček (+), the
losers their kazen (−); it is not zero-sum. In the ledger each written amount is one posting
between the player and the family's one pot, the sheet (``Pot.SHEET``), which takes the other side,
so that every entry still sums to zero; the sheet has no floor and is never a cup. A deal's entry
carries its ``formula`` (informative, a person can check it) in ``info`` and the sheet's content
after it as ``state``. The opening and the split write nothing (no cups, nothing shared at the
end); money is §11's rule on the totals (``money``), not a ledger posting.

A game's value (§6) is a list of ``Item``s, each signed for the declarer's side, with its kontra
item and the game's multiplier ``m``; §7 decides each player's share of the value (1, 0, −1 or −2
times it), and each player is written his share of every item, so each posting says what it is for.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from scoring.engine.ledger import (
    FORMULA_WORDS, Entry, EntryKind, IdentityEnum, PostingTuple, make_entry,
)
from scoring.engine.translation import Phrase, phrase, pgettext_lazy
from .model import (
    DECK_THIRDS, KONTRA_ITEMS, Announcement, Deal, Kind, Pot, Side, active_players, other_side_thirds,
    side_of, thirds_to_said,
)
from .rates import RateCard



class Reason(IdentityEnum):
    """Why a player is written an amount; each names the rule it comes from."""

    GAME = "game"                    # §3: the game (detail "game") and its poeni (detail "poeni")
    KAVF = "kavf"                    # §3: the lost game's extra point
    KINGS = "kings"                  # §4: all four kings
    TRULA = "trula"                  # §4: škis, mond and pagat
    PAGAT = "pagat"                  # §4: silent, silent lost or announced (detail)
    VALAT = "valat"                  # §4: silent or announced (detail)
    RENONS = "renons"                # §7.2: the renons poen
    RENONS_DOUBLE = "renons_double"  # §7.2: the revoking opponent bears his partner's share too
    IZKUPICEK_21 = "izkupicek_21"    # §5, §7.3: kontra.by bears his partner's share too
    MONDFANG = "mondfang"            # §4: flat −1 (+1 to the declarer)
    PAGATFONK = "pagatfonk"          # §4: flat −2
    KLOP = "klop"                    # §8
    MISDEAL = "misdeal"              # §9


@dataclass(frozen=True, slots=True)
class Item:
    """One item of a game's value (§4, §6): ``base`` points signed for the declarer's side, counted
    ``m`` × ``k`` of its kontra item (``game``, ``pagat`` or ``valat``)."""

    reason: Reason
    label: str            # the formula's word: "game", "poeni", "silent pagat lost" …
    base: int
    kontra_item: str = "game"


@dataclass(frozen=True)
class GameValue:
    """A game's value and §7's decision of who is written what (§3-§7)."""

    win: bool                                   # the declarer reached the win line (§3)
    poeni: int
    m: int
    k: Mapping[str, int]                        # each kontra item's factor (§5)
    items: tuple[Item, ...]                     # the items of V0, signed for the declarer's side
    values: tuple[int, ...]                     # each item's value m·k·base (§6), in the items' order
    value0: int                                 # V0 (§6): their sum
    renons_poen: int                            # 0, +1 or −1 (§7.2): V = V0 + m·k_game·renons_poen·rate
    value: int                                  # V (§6)
    shares: tuple[tuple[str, int], ...]         # each active player's share of the value (§7)
    doubled: str | None = None                  # who bears a partner's share too (§7.2, §7.3)
    case: str = "plain"                         # which of §7's cases applied (for the formula)


# A game's value (§3-§6) ----------------------------------------------------------------------------

def _signed(side: Side | None, amount: int) -> int:
    return amount if side is Side.DECLARER else -amount


def trula_side(deal: Deal) -> Side | None:
    """Whose the trula is (§4): as entered, else the pagat's side after a pagatfonk (§4 Decision:
    the whole trula goes to the pagat's side)."""
    if deal.trula is not None or deal.pagatfonk is None:
        return deal.trula
    return side_of(deal, deal.pagatfonk.pagat)




def game_items(deal: Deal, card: RateCard) -> tuple[bool, int, tuple[Item, ...]]:
    """(won, poeni, the items of V0) of a game (§3, §4, §6), each signed for the declarer's side,
    in the formula's order: game, poeni, kavf, kings, trula, silent pagat, silent valat, then the
    announced pagat and valat."""
    c = deal.count
    win = card.won(c)
    t = c if win else other_side_thirds(c)
    p = card.poeni(t)
    sign = 1 if win else -1
    items = [Item(Reason.GAME, "game", sign * card.game_point), Item(Reason.GAME, "poeni", sign * p)]
    if not win:
        items.append(Item(Reason.KAVF, "kavf", -card.kavf))
    if deal.kings is not None:
        items.append(Item(Reason.KINGS, "kings", _signed(deal.kings, card.kings)))
    trula = trula_side(deal)
    if trula is not None:
        items.append(Item(Reason.TRULA, "trula", _signed(trula, card.trula)))
    announced = deal.announced or ()
    pagat_announced = Announcement.PAGAT in announced
    valat_announced = Announcement.VALAT in announced
    if not pagat_announced:
        if deal.pagat_ultimo is not None:
            items.append(Item(Reason.PAGAT, "silent pagat", _signed(deal.pagat_ultimo, card.pagat_value(False))))
        elif deal.pagat_lost is not None:
            items.append(Item(Reason.PAGAT, "silent pagat lost", -_signed(deal.pagat_lost, card.pagat_value(False))))
    if deal.valat and not valat_announced:
        items.append(Item(Reason.VALAT, "silent valat", card.valat_value(False)))
    if pagat_announced:
        made = deal.pagat_ultimo is Side.DECLARER
        value = card.pagat_value(True)
        items.append(Item(Reason.PAGAT, "pagat announced", value if made else -value, "pagat"))
    if valat_announced:
        value = card.valat_value(True)
        items.append(Item(Reason.VALAT, "valat announced", value if deal.valat else -value, "valat"))
    return win, p, tuple(items)


def game_value(players: tuple[str, ...], deal: Deal, card: RateCard) -> GameValue:
    """The game's value and who is written what (§6, §7)."""
    win, p, items = game_items(deal, card)
    m = card.multiplier(deal.game)
    kontra = deal.kontra
    if kontra is None:   # no word said on any item (§5): each counts the factor of no word
        k = dict.fromkeys(KONTRA_ITEMS, card.kontra_factor(None))
    else:
        k = {item: card.kontra_factor(kontra.level(item)) for item in KONTRA_ITEMS}
    values = tuple([m * k[item.kontra_item] * item.base for item in items])
    value0 = sum(values)
    declarer = deal.declarer
    opponents = tuple([q for q in active_players(players, deal.dealer) if q != declarer])
    revoked = deal.revoked
    if revoked:
        opponents_revoked = tuple([q for q in opponents if q in revoked])
        declarer_revoked = declarer in revoked
    else:
        opponents_revoked, declarer_revoked = (), False
    shares = {declarer: 1, **dict.fromkeys(opponents, -1)}
    renons_poen, doubled, case = 0, None, "plain"
    if value0 == 0:
        shares, case = dict.fromkeys(shares, 0), "zero"
    elif (value0 > 0 and declarer_revoked) or (value0 < 0 and opponents_revoked):
        # §7.1 the winners revoked: nothing written, except the double renons when the declarer lost
        if value0 < 0 and declarer_revoked and len(opponents_revoked) == 1:
            revoker = opponents_revoked[0]
            shares = {q: 0 if q == declarer else (1 if q == revoker else -1) for q in shares}
            doubled, case = revoker, "double_renons"
        else:
            shares, case = dict.fromkeys(shares, 0), "winners_revoked"
    elif revoked:
        # §7.2 only the losers revoked: the renons poen; one revoking opponent bears double
        renons_poen = 1 if value0 > 0 else -1
        case = "losers_revoked"
        if value0 > 0 and len(opponents_revoked) == 1:
            doubled = opponents_revoked[0]
            shares = {q: 1 if q == declarer else (-2 if q == doubled else 0) for q in shares}
    elif (kontra is not None and kontra.game is not None and value0 > 0
          and other_side_thirds(deal.count) < card.izkupicek_21):
        # §7.3 izkupiček 21: the opponents did not reach 21; kontra.by bears double, his partner 0
        doubled, case = kontra.by, "izkupicek_21"
        shares = {q: 1 if q == declarer else (-2 if q == doubled else 0) for q in shares}
    value = value0 + m * k["game"] * card.renons * renons_poen
    return GameValue(win=win, poeni=p, m=m, k=k, items=items, values=values, value0=value0,
                     renons_poen=renons_poen, value=value, shares=tuple(shares.items()), doubled=doubled, case=case)


def flat_penalties(players: tuple[str, ...], deal: Deal, card: RateCard) -> list[tuple[str, int, Reason]]:
    """Mondfang and pagatfonk (§4), written to persons outside the value: (player, amount, reason)."""
    mondfang, pagatfonk = deal.mondfang, deal.pagatfonk
    out: list[tuple[str, int, Reason]] = []
    if mondfang is None and pagatfonk is None:   # most games: no seat need be looked at
        return out
    declarer = deal.declarer
    opponents = tuple(q for q in active_players(players, deal.dealer) if q != declarer)
    if mondfang is not None:
        if mondfang.by == declarer:          # the declarer caught an opponent's mond: both opponents
            out += [(q, -card.mondfang, Reason.MONDFANG) for q in opponents]
        elif mondfang.owner == declarer:     # the opponents caught the declarer's
            out.append((declarer, -card.mondfang, Reason.MONDFANG))
        else:                                # an opponent caught his partner's: the declarer +1
            out.append((declarer, card.mondfang, Reason.MONDFANG))
    if pagatfonk is not None:
        if pagatfonk.skis == declarer:       # the declarer alone
            out.append((declarer, -card.pagatfonk, Reason.PAGATFONK))
        else:                                # the škis' owner and his partner
            out += [(q, -card.pagatfonk, Reason.PAGATFONK) for q in opponents]
    return out


# Klop (§8) --------------------------------------------------------------------------------------

def klop_written(players: tuple[str, ...], deal: Deal, card: RateCard) -> tuple[dict[str, int], tuple[str, ...], bool, int]:
    """(each loser's or revoker's amount, the losers, full klop, the whole penalty) of a klop (§8):
    the largest count loses 5, or 10 at 105 thirds or more; tied losers 5 each, never doubled; a
    renons makes each revoker bear the whole penalty alone."""
    counts = deal.count_map
    most = max(counts.values())
    losers = tuple(p for p in players if counts[p] == most)
    full = len(losers) == 1 and most >= card.full_klop_from
    each = card.klop_penalty(full)
    whole = each * len(losers)
    if deal.revoked:
        return {p: -whole for p in players if p in deal.revoked}, losers, full, whole
    return {p: -each for p in losers}, losers, full, whole


# The formula (informative) ---------------------------------------------------------------------
# Built as a Phrase (scoring/engine/translation.py): worded on each page in its language, in English
# in the evening file and ``settle``. The zapisnik's own words (poeni, kavf, trula, renons, klop,
# polni klop, mondfang, pagatfonk, V0, V) stay as they are in every language (§14).

_GAME_WORD = {3: pgettext_lazy("engine", "tri"), 2: pgettext_lazy("engine", "dve"), 1: pgettext_lazy("engine", "ena")}
_LABELS = {
    "game": pgettext_lazy("engine", "spil"),
    "poeni": pgettext_lazy("engine", "poeni"),
    "kavf": pgettext_lazy("engine", "kavf"),
    "kings": pgettext_lazy("engine", "konger"),
    "trula": pgettext_lazy("engine", "trula"),
    "silent pagat": pgettext_lazy("engine", "stille pagat"),
    "silent pagat lost": pgettext_lazy("engine", "stille pagat tabt"),
    "silent valat": pgettext_lazy("engine", "stille valat"),
    "pagat announced": pgettext_lazy("engine", "pagat ansagt"),
    "valat announced": pgettext_lazy("engine", "valat ansagt"),
}
_PLAYS_WINS = pgettext_lazy("engine", "{declarer} spiller {word}, vinder {score}")
_PLAYS_LOSES = pgettext_lazy("engine", "{declarer} spiller {word}, taber {score}")
_GAME_ITEM = pgettext_lazy("engine", "spillets post [{items}] = {value}")
_WHO = {
    "zero": pgettext_lazy("engine", "V0 = 0: intet skrives"),
    "winners_revoked_declarer": pgettext_lazy("engine", "vinderne (spilføreren) lavede renons: intet skrives"),
    "winners_revoked_opponents": pgettext_lazy("engine", "vinderne (modspillerne) lavede renons: intet skrives"),
    "double_renons": pgettext_lazy("engine", "dobbelt renons, spilføreren tabte: spilfører 0, {doubled} V0, makker -V0"),
    "izkupicek_21": pgettext_lazy("engine", "kontra på spillet, modspillerne under 21: spilfører V, {doubled} -2V, makker 0"),
    "declarer_revoked_lost": pgettext_lazy("engine", "spilføreren lavede renons og tabte: spilfører V, modspillerne -V hver"),
    "doubled_revoked": pgettext_lazy("engine", "{doubled} lavede renons og bærer dobbelt, makker 0"),
    "opponents_revoked": pgettext_lazy("engine", "modspillerne lavede renons: spilfører V, modspillerne -V hver"),
    "plain": pgettext_lazy("engine", "spilfører V, modspillerne -V hver"),
}
_KLOP_TIED = pgettext_lazy("engine", "klop: {losers} tog flest ({most}) -{penalty} hver")
_KLOP_FULL = pgettext_lazy("engine", "klop: {loser} tog flest ({most}) = polni klop -{penalty}")
_KLOP = pgettext_lazy("engine", "klop: {loser} tog flest ({most}) -{penalty}")
_KLOP_RENONS_ONE = pgettext_lazy("engine", "renons: {revokers} bærer alle {whole}")
_KLOP_RENONS_MANY = pgettext_lazy("engine", "renons: {revokers} bærer hver alle {whole}")
_MISDEAL = pgettext_lazy("engine", "fejlgivning: {dealer} -{penalty}, giver igen")
_SHOWN = pgettext_lazy("engine", "vist af {player}: intet skrives")
# The phrases that are the same in every deal, built once.
_GAME_WORD_PHRASE = {game: phrase(word) for game, word in _GAME_WORD.items()}
_WHO_PIECES = {case: phrase(text).data for case, text in _WHO.items()}


def _times(factor: int) -> str:
    return f" x{factor}" if factor != 1 else ""


def _item(label: str, base: int) -> tuple:
    """An item in words, as a phrase's pieces."""
    return phrase((_LABELS[label], {}), f" {base:+d}").data


def _score(count: int) -> str:
    """Both sides' counts as the sheet says them (§2), "43:27"."""
    return f"{thirds_to_said(count)}:{thirds_to_said(DECK_THIRDS - count)}"


# The formula is built as a phrase's pieces in their stored form (a literal string, or a marked text
# with its parameters), straight into one tuple: it is built for every deal a page or ``settle``
# shows, and normalising each piece through ``phrase`` cost as much as the deal's arithmetic.

def game_formula(deal: Deal, gv: GameValue, flats: Sequence[tuple[str, int, Reason]]) -> Phrase:
    """The game in words and numbers a person can check (§6, §7)."""
    game, k = deal.game, gv.k
    silent: list = []     # the items counted with the game's kontra, inside the game's item
    a0 = 0
    others: list = []     # those with a kontra item of their own: the announced pagat and valat
    for i in gv.items:
        if i.kontra_item == "game":
            silent.append(" + " if silent else "")
            silent += _item(i.label, i.base)
            a0 += i.base
        else:
            others += ("; ", *_item(i.label, i.base), _times(k[i.kontra_item]))
    pieces: list = [(_PLAYS_WINS if gv.win else _PLAYS_LOSES,
                     {"declarer": deal.declarer, "word": _GAME_WORD_PHRASE[game], "score": _score(deal.count)}),
                    ": ", (_GAME_ITEM, {"items": Phrase(tuple(silent)), "value": f"{a0:+d}"}), _times(k["game"]),
                    *others, f"; x{gv.m} (", (_GAME_WORD[game], {}), f") = V0 {gv.value0:+d}"]
    if gv.renons_poen:
        pieces.append(f"; renons poen {gv.renons_poen:+d}{_times(k['game'])} x{gv.m} = V {gv.value:+d}")
    pieces.append("; ")
    pieces += _who(deal, gv)
    if flats:
        for reason in (Reason.MONDFANG, Reason.PAGATFONK):
            mine = [f"{p} {a:+d}" for p, a, r in flats if r is reason]
            if mine:
                pieces.append(f"; {reason.value}: " + ", ".join(mine))
    return Phrase(tuple(pieces))


def _who(deal: Deal, gv: GameValue) -> tuple:
    """Who is written what (§7), as a phrase's pieces."""
    case = gv.case
    if case == "plain":
        return _WHO_PIECES["plain"]
    if case == "zero":
        return _WHO_PIECES["zero"]
    if case == "winners_revoked":
        return _WHO_PIECES["winners_revoked_declarer" if gv.value0 > 0 else "winners_revoked_opponents"]
    if case in ("double_renons", "izkupicek_21"):
        return ((_WHO[case], {"doubled": str(gv.doubled)}),)
    if case == "losers_revoked":
        if gv.value0 < 0:
            return _WHO_PIECES["declarer_revoked_lost"]
        if gv.doubled is not None:
            return ((_WHO["doubled_revoked"], {"doubled": gv.doubled}),)
        return _WHO_PIECES["opponents_revoked"]
    return _WHO_PIECES["plain"]


def klop_formula(deal: Deal, losers: tuple[str, ...], full: bool, whole: int, card: RateCard) -> Phrase:
    most = thirds_to_said(deal.count_map[losers[0]])
    if len(losers) > 1:
        text = phrase((_KLOP_TIED, {"losers": ", ".join(losers), "most": most, "penalty": card.klop_penalty(False)}))
    else:
        text = phrase((_KLOP_FULL if full else _KLOP,
                       {"loser": losers[0], "most": most, "penalty": card.klop_penalty(full)}))
    if deal.revoked:
        revokers = list(dict.fromkeys(deal.revoked))
        text += phrase("; ", (_KLOP_RENONS_ONE if len(revokers) == 1 else _KLOP_RENONS_MANY,
                              {"revokers": ", ".join(revokers), "whole": whole}))
    return text


# Entries ----------------------------------------------------------------------------------------

def _write(player: str, amount: int, reason: Reason, detail: str = "") -> PostingTuple:
    """``amount`` (signed) written to ``player``: the sheet is the other side (§11 Decision)."""
    if amount < 0:
        return (player, Pot.SHEET, -amount, reason, detail)
    return (Pot.SHEET, player, amount, reason, detail)


def misdeal_formula(deal: Deal, card: RateCard) -> Phrase:
    return phrase((_MISDEAL, {"dealer": deal.dealer, "penalty": card.misdeal}))


def shown_formula(deal: Deal) -> Phrase:
    return phrase((_SHOWN, {"player": deal.shown_by}))


def deal_postings(players: tuple[str, ...], deal: Deal,
                  card: RateCard) -> tuple[list[PostingTuple], Phrase]:
    """What one valid deal writes, as postings with reasons, and its formula (§3-§9)."""
    if deal.kind is Kind.MISDEAL:   # §9: the dealer −2, he deals again
        return [_write(deal.dealer, -card.misdeal, Reason.MISDEAL)], misdeal_formula(deal, card)
    if deal.kind is Kind.SHOWN:     # §9: nothing written
        return [], shown_formula(deal)
    if deal.kind is Kind.KLOP:
        written, losers, full, whole = klop_written(players, deal, card)
        detail = "renons" if deal.revoked else ("full" if full else "tied" if len(losers) > 1 else "plain")
        return ([_write(p, written[p], Reason.KLOP, detail) for p in players if p in written],
                klop_formula(deal, losers, full, whole, card))
    gv = game_value(players, deal, card)
    postings: list[PostingTuple] = []
    items = [(value, item.reason, item.label) for value, item in zip(gv.values, gv.items)]   # the same for every player
    for player, share in gv.shares:
        own = share if share != -2 else -1
        for value, reason, label in items:
            postings.append(_write(player, own * value, reason, label))
        if gv.renons_poen:
            postings.append(_write(player, own * (gv.value - gv.value0), Reason.RENONS, "renons poen"))
        if share == -2:
            reason = Reason.IZKUPICEK_21 if gv.case == "izkupicek_21" else Reason.RENONS_DOUBLE
            postings.append(_write(player, -gv.value, reason, "partner's share"))
    flats = flat_penalties(players, deal, card)
    postings += [_write(p, amount, reason) for p, amount, reason in flats]
    return postings, game_formula(deal, gv, flats)


def written(entry: Entry) -> dict[str, int]:
    """The points a deal wrote to each player (the entry's player legs)."""
    return {p: entry.net[p] for p in entry.players}


def _entry(kind: EntryKind, number: int | None, players: tuple[str, ...], postings: list[PostingTuple],
           before: int, info: tuple = ()) -> Entry:
    # (payer, payee, amount, …): what goes to the sheet less what it writes
    sheet = sum([p[2] if p[1] is Pot.SHEET else -p[2] for p in postings if p[0] is Pot.SHEET or p[1] is Pot.SHEET])
    after = before + sheet
    return make_entry(kind, number, players, postings, pots=(Pot.SHEET,), before=(before,), state=after, info=info,
                      floored=False)


def settle_opening(players: tuple[str, ...], card: RateCard) -> Entry:
    """Nothing is written before the first deal (§11, §14: the opening's nets are all 0)."""
    return _entry(EntryKind.OPENING, None, players, [], 0)


def settle_split(players: tuple[str, ...], state: int, running: Mapping[str, int], card: RateCard) -> Entry:
    """Nothing is shared at the end: the written score stays written (§11, §14: the split's nets
    are all 0); the money is §11's rule on the totals (``money``)."""
    return _entry(EntryKind.SPLIT, None, players, [], state)


def state_before(players: tuple[str, ...], card: RateCard, pots: Mapping[str, int],
                 earlier: Callable[[], Sequence[Deal]]) -> int:
    """The sheet's content before the next deal (its pot by name); a Selca deal needs nothing
    else from the ones before it (§13: a deal's net depends on its record and the table only)."""
    return pots.get(Pot.SHEET.value, 0)


def settle_valid_deal(players: tuple[str, ...], number: int, deal: Deal, state: int, card: RateCard) -> Entry:
    postings, formula = deal_postings(players, deal, card)
    return _entry(EntryKind.DEAL, number, players, postings, state, formula_facts(formula))


def formula_facts(formula: Phrase) -> tuple[tuple[str, object], ...]:
    """The deal's facts about its formula: in English as the evening
    file and ``settle`` give it (docs/format.md), and as its words (``FORMULA_WORDS``), which the
    pages word in their language."""
    words, english = formula.stored("en")
    return (("formula", english), (FORMULA_WORDS, words))


def money(totals: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    """§11 Decision: each pair settles the difference of their totals, ``money_i = Σ_j (T_i − T_j)
    = n·T_i − ΣT`` points (n at the table), in seat order; zero-sum by construction."""
    n, whole = len(totals), sum(total for _, total in totals)
    return tuple((player, n * total - whole) for player, total in totals)
