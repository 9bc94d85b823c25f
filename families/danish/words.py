"""The words of a deal as the table says them, in the user's language.

One place for them: the deal form's pickers (``forms.py``), the live preview's payment reasons, a
deal's history page and the evening log all describe a meld ("11 med", "3 store", "halve i hjerter,
mangler damen"), a card's fate, a count, a fine or an account with these functions. They read the
evening file's deal object (docs/format.md: ``Deal.outcome``), so every stored version can be described.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from django.utils.translation import gettext, gettext_lazy as _

from families.danish.engine.model import IN_LAST_TRICK, Court, Cup, Fate, FineKind, MeldKind, Rank, Suit
from families.danish.engine.rates import DEFAULT_RATE_CARD
from families.danish.engine.settle import Posting, Reason, last_trick_pays, ultimo_blocked, ultimo_pays

SUIT_NAMES = {Suit.HEARTS: _("hjerter"), Suit.DIAMONDS: _("ruder"), Suit.CLUBS: _("klør"), Suit.SPADES: _("spar")}
#: The missing court card of a half meld, in the definite form ("mangler damen").
COURT_MISSING = {Court.KING: _("kongen"), Court.QUEEN: _("damen"), Court.CAVALIER: _("kavaleren"),
                 Court.KNAVE: _("knægten")}
FINE_NAMES = {
    FineKind.CUP_NOT_MOVED: _("kopperne ikke flyttet"),
    FineKind.MISDEAL: _("fejlgivning"),
    FineKind.WRONG_CARD_COUNT: _("forkert antal kort"),
    FineKind.FALSE_MELD: _("falsk melding"),
    FineKind.MISSED_MELD: _("glemt melding"),
    FineKind.MELD_BEFORE_DEALER: _("meldt før giveren"),
    FineKind.OUT_OF_TURN: _("spillet uden for tur"),
    FineKind.FALSE_SCIES_CALL: _("falsk skiskald"),
    FineKind.CUSTOM: _("anden bøde"),
}
#: Names of fine kinds that only other rate cards know (looked up by value: docs/rules/danish.md §4 is VLK's).
OTHER_FINE_NAMES = {"revoke": _("svigtet kulør"), "illegal_discard": _("ulovlig ecartering")}
MELD_KIND_NAMES = {MeldKind.TAROKS: "taroks", MeldKind.MATADORS: _("matadorer"), MeldKind.OVERFULL: _("sprøjte"),
                   MeldKind.FULL: _("hele"), MeldKind.HALF: _("halve"), MeldKind.HONOURS: _("honnører"),
                   MeldKind.FOUR: _("fire ens"), MeldKind.LADONS: _("ladoner")}
#: A ``four`` meld by its rank (docs/rules/grosstarock.md §2.1: "Vier Damen, Vier Kavaliere, Vier Buben").
FOUR_NAMES = {Rank.QUEENS: _("fire damer"), Rank.CAVALIERS: _("fire kavalerer"), Rank.KNAVES: _("fire knægte")}
#: The taroks picker's groups on a card whose taroks meld also says whether the melder holds the
#: scies (docs/rules/grosstarock.md §2.1): (pagat, scies, group label), in the picker's order.
TAROKS_SCIES_GROUPS = ((1, 1, _("Taroks med pagat og skis")), (1, 0, _("Taroks med pagat, uden skis")),
                       (0, 1, _("Taroks med skis, uden pagat")), (0, 0, _("Taroks uden pagat og skis")))
#: What became of the pagat or a king (docs/rules/danish.md §3.2, §3.3); ``discarded``: the pagat in the
#: dealer's discard (docs/rules/grosstarock.md §2), offered only where the card allows it.
FATE_NAMES = {"home": _("hjem"), "lost": _("tabt"), "ultimo": "ultimo", "bagud": "bagud", "discarded": _("lagt bort")}
DEAL_KIND_NAMES = {"played": _("spillet"), "misdeal": _("fejlgivning"), "scrapped": _("kasseret"),
                   "redeal": _("givet om")}
#: The two cups, as the table calls them.
CUP_NAMES = {Cup.KING: _("kongekop"), Cup.PAGAT: _("pagatkop")}
#: The two cups in the definite form a phrase needs ("pagatkoppen erstattet af Carl").
CUP_DEFINITE = {Cup.KING.value: _("kongekoppen"), Cup.PAGAT.value: _("pagatkoppen")}
#: The Danish cups by the names their legs are stored under (``models.Account``: a pot by its name).
CUP_ACCOUNTS = {"king": Cup.KING, "pagat": Cup.PAGAT}
#: The cups as the evening pages name them, by pot name (``TableFamily.pot_names``).
POT_NAMES = {"king": CUP_NAMES[Cup.KING], "pagat": CUP_NAMES[Cup.PAGAT]}
#: What closing the evening does with the cups (the close page; docs/rules/danish.md §2).
SPLIT_WORDS = _("deles kongekoppen og pagatkoppen ved hvert bord ligeligt mellem bordets spillere (i hele "
                "femmere; resten går til den, der står lavest);")
#: The cups as the evening PDF's columns head them, by pot name (``TableFamily.pot_words``).
POT_WORDS = {"king": _("konge"), "pagat": _("pagat")}
#: The standings' columns of the Danish events (``Family.summary_figures``), by figure name
#: (``TableFamily.figure_words``).
FIGURE_WORDS = {"pagat_ultimo": _("Pagat ultimo"), "king_ultimo": _("Konge ultimo"), "pagat_bagud": _("Pagat bagud"),
                "king_bagud": _("Konge bagud"), "tout": "Tout", "nolo": "Nolo", "last_trick": _("Sidste stik"),
                "meld_points": _("Meldepoint"), "fines": _("Bøder")}


def cup_won_word(figures: Mapping[str, int]) -> str:
    """How a cup was won in a deal (``TableFamily.cup_won_word``): a tout takes both cups, else an
    ultimo took one (docs/rules/danish.md §2); the game's terms, never translated."""
    return "tout" if figures.get("tout") else "ultimo"


_SUITS = {s.value: s for s in Suit}
_COURTS = {c.value: c for c in Court}
_MELDS = {k.value: k for k in MeldKind}
_RANKS = {r.value: r for r in Rank}
_FINES = {k.value: k for k in FineKind}


def suit_name(value: str) -> str:
    suit = _SUITS.get(value)
    return str(SUIT_NAMES[suit]) if suit else value


def fine_name(kind: FineKind | str) -> str:
    """The name of a fine kind; an unknown kind shows its engine name rather than fail."""
    value = kind.value if isinstance(kind, FineKind) else kind
    found = FINE_NAMES.get(_FINES.get(value)) or OTHER_FINE_NAMES.get(value)
    return str(found) if found else value.replace("_", " ")


def fate_name(value: str) -> str:
    return str(FATE_NAMES.get(value, value))


def cup_name(account: Any) -> str:
    """An engine account: a cup (``Cup``) by its name, a player (his name) as he is."""
    return str(CUP_NAMES[account]) if isinstance(account, Cup) else str(account)


def leg_account(leg) -> str:
    """Whose a stored leg is: the player's name, or the cup's name."""
    if leg.player_id is not None:
        return leg.player.name
    return str(CUP_NAMES[CUP_ACCOUNTS[leg.account]]) if leg.account in CUP_ACCOUNTS else str(leg.account)


# Melds ------------------------------------------------------------------------------------------

def meld_code_text(code: str) -> str:
    """The words of a meld picker option: ``taroks:11:1`` → "11 med", ``matadors:3`` → "3 store",
    ``half:hearts:queen`` → "halve i hjerter, mangler damen", ``half:kings:spades`` → "halve konger,
    mangler spar konge"."""
    parts = code.split(":")
    kind = parts[0]
    if kind == "taroks" and len(parts) > 3:   # with the scies flag (docs/rules/grosstarock.md §2.1)
        text = {("1", "1"): gettext("%(n)s med pagat og skis"), ("1", "0"): gettext("%(n)s med pagat, uden skis"),
                ("0", "1"): gettext("%(n)s med skis, uden pagat"), ("0", "0"): gettext("%(n)s uden pagat og skis")}
        return text[parts[2], parts[3]] % {"n": parts[1]}
    if kind == "taroks" and parts[2] == "-":   # the pagat not said (1754, docs/rules/grosstarock.md §2.1)
        return gettext("%(n)s taroks") % {"n": parts[1]}
    if kind == "taroks":
        return (gettext("%(n)s med") if parts[2] == "1" else gettext("%(n)s uden")) % {"n": parts[1]}
    if kind == "matadors":
        return gettext("%(n)s store") % {"n": parts[1]}
    if kind == "honours":
        return gettext("%(n)s honnører") % {"n": parts[1]}
    if kind == "ladons":
        return gettext("%(n)s ladoner") % {"n": parts[1]}
    if kind == "four":
        return str(FOUR_NAMES[_RANKS[parts[1]]])
    group = parts[1]
    if group == "kings":
        if kind == "overfull":
            return gettext("sprøjte konger")
        if kind == "full":
            return gettext("hele konger")
        return gettext("halve konger, mangler %(s)s konge") % {"s": suit_name(parts[2])}
    name = suit_name(group)
    if kind == "overfull":
        return gettext("sprøjte i %(g)s") % {"g": name}
    if kind == "full":
        return gettext("hele i %(g)s") % {"g": name}
    court = _COURTS.get(parts[2]) if len(parts) > 2 else None
    missing = str(COURT_MISSING[court]) if court else (parts[2] if len(parts) > 2 else "?")
    return gettext("halve i %(g)s, mangler %(c)s") % {"g": name, "c": missing}


def meld_code(meld: dict) -> str:
    """The picker code of a meld object of docs/format.md."""
    if meld["kind"] == "taroks":
        scies = "" if meld.get("scies") is None else f":{1 if meld['scies'] else 0}"
        pagat = "-" if meld.get("pagat") is None and not scies else (1 if meld.get("pagat") else 0)
        return f"taroks:{meld['count']}:{pagat}{scies}"
    if meld["kind"] in ("matadors", "honours", "ladons"):
        return f"{meld['kind']}:{meld['count']}"
    if meld["kind"] == "four":
        return f"four:{meld['group']}"
    return ":".join([meld["kind"], meld["group"]] + ([meld["missing"]] if meld["kind"] == "half" else []))


def meld_text(meld: Any) -> str:
    """The words of a meld: a meld object of docs/format.md (dict) or the engine's ``Meld``."""
    if not isinstance(meld, dict):
        meld = {"kind": meld.kind.value, "count": meld.count, "pagat": meld.pagat,
                "group": meld.group.value if meld.group else None,
                "missing": meld.missing.value if meld.missing else None, "scies": getattr(meld, "scies", None)}
    try:
        return meld_code_text(meld_code(meld))
    except (KeyError, IndexError, TypeError):
        return str(meld.get("kind", "?"))


# A whole deal -----------------------------------------------------------------------------------

def deal_lines(outcome: dict) -> list[tuple[str, str]]:
    """A deal (docs/format.md's deal object) as it reads at the table: a (label, words) line per thing
    recorded — who dealt, the kind, melds, the pagat's and kings' fates, last trick, tout/nolo,
    counts, fines."""
    lines: list[tuple[str, str]] = [(gettext("Giver"), outcome.get("dealer", "?"))]
    kind = outcome.get("kind", "played")
    if kind != "played":
        lines.append((gettext("Spillet"), str(DEAL_KIND_NAMES.get(kind, kind))))
    if outcome.get("passed"):   # docs/rules/danish.md §7.4: the dealer let the misdeal pass
        lines.append((gettext("Fejlgivning"), gettext("gik videre uden bøde")))
    if outcome.get("asked_by"):
        lines.append((gettext("Bad om ny give"), outcome["asked_by"]))
    melds = outcome.get("melds") or []
    if melds:
        lines.append((gettext("Meldinger"), ", ".join(f"{m.get('player')} {meld_text(m)}" for m in melds)))
    pagat = outcome.get("pagat")
    if pagat:
        lines.append(("Pagat", f"{pagat['owner']} {fate_name(pagat['fate'])}"))
    for suit, fate in (outcome.get("kings") or {}).items():
        lines.append((gettext("%(s)s konge") % {"s": suit_name(suit)},
                      f"{fate['owner']} {fate_name(fate['fate'])}"))
    if outcome.get("last_trick"):
        lines.append((gettext("Sidste stik"), outcome["last_trick"]))
    if outcome.get("tout"):
        lines.append(("Tout", outcome["tout"]))
    if outcome.get("failed_tout"):
        lines.append((gettext("Tabt tout"), outcome["failed_tout"]))
    if outcome.get("nolo"):
        lines.append(("Nolo", outcome["nolo"]))
    if outcome.get("ultimo_forfeited"):
        lines.append((gettext("Ultimo mistet"), ", ".join(outcome["ultimo_forfeited"])))
    if outcome.get("cup_fines"):
        lines.append((gettext("Koppens indhold erstattet"), ", ".join(cup_fine_text(c) for c in outcome["cup_fines"])))
    vole = outcome.get("announced_vole")
    if vole:
        lines.append((gettext("Meldt vole"), announcement_text(vole)))
    announced = outcome.get("announced_nolo") or []
    if announced:
        lines.append((gettext("Meldt nolo"), ", ".join(announcement_text(a) for a in announced)))
    counts = outcome.get("counts") or {}
    if counts:
        text = ", ".join(f"{name} {count}" for name, count in counts.items())
        if outcome.get("derived"):
            text += " · " + gettext("%(name)s udregnes") % {"name": outcome["derived"]}
        lines.append((gettext("Tælling"), text))
    fines = outcome.get("fines") or []
    if fines:
        lines.append((gettext("Bøder"), ", ".join(
            f"{f['player']} {fine_name(f['kind'])}" + (f" ({f['amount']})" if f.get("amount") is not None else "")
            for f in fines)))
    return [(label.capitalize() if label[:1].islower() else label, text) for label, text in lines]


def cup_fine_text(cup_fine: dict) -> str:
    """A cup's contents replaced (docs/rules/danish.md §7.4), who pays which cup and to whom:
    "pagatkoppen erstattet af Carl", "kongekoppen erstattet af Anne, hjem til Carl"."""
    words = {"cup": CUP_DEFINITE.get(cup_fine.get("cup"), cup_fine.get("cup", "?")),
             "name": cup_fine.get("player", "?"), "to": cup_fine.get("to")}
    if cup_fine.get("to"):
        return gettext("%(cup)s erstattet af %(name)s, hjem til %(to)s") % words
    return gettext("%(cup)s erstattet af %(name)s") % words


def announcement_text(announcement: dict) -> str:
    """An announced vole or nolo (docs/rules/grosstarock.md §2): "Carl før stik 13"."""
    return gettext("%(name)s før stik %(n)s") % {"name": announcement.get("player", "?"),
                                                  "n": announcement.get("before_trick", "?")}


# Payments ---------------------------------------------------------------------------------------

#: Reason names as the scorekeeper says them; the game words stay as they are.
REASON_NAMES = {
    Reason.OPENING: _("åbning"), Reason.DEALER_FEE: _("giverafgift"), Reason.FINE: _("bøde"),
    Reason.MELD: _("melding"), Reason.PAGAT_HOME: _("pagat hjem"), Reason.PAGAT_LOST: _("pagat tabt"),
    Reason.KING_LOST: _("konge tabt"), Reason.TOUT: "tout", Reason.ULTIMO: "ultimo", Reason.BAGUD: "bagud",
    Reason.LAST_TRICK: _("sidste stik"), Reason.NOLO: "nolo", Reason.COUNTING: _("tælling"),
    Reason.REFUND: _("kop genfyldt"), Reason.SPLIT: _("deling"), Reason.FAILED_TOUT: _("tabt tout"),
    Reason.KING_HOME: _("konge hjem"), Reason.ANNOUNCED_VOLE: _("meldt vole"), Reason.ANNOUNCED_NOLO: _("meldt nolo"),
    Reason.CUP_FINE: _("koppens indhold erstattet"),
}


def posting_reason(posting: Posting, meld: Any = None, won: bool | None = None) -> str:
    """Why a posting was made, in the scorekeeper's words: "sidste stik", "pagat hjem",
    "kongeultimo (hjerter)", "bøde: spillet uden for tur", "tælling (31)", "melding: 11 med",
    "hjerter konge hjem", "meldt vole (før stik 13)", "meldt nolo tabt (før stik 2)" …
    ``meld`` is the meld a meld posting pays for, ``won`` whether an announcement was won
    (``posting_reasons`` finds both from the deal)."""
    detail, reason = posting.detail, posting.reason
    suit = str(SUIT_NAMES[_SUITS[detail]]) if detail in _SUITS else None
    if reason is Reason.ULTIMO and suit:
        return gettext("kongeultimo (%(suit)s)") % {"suit": suit}
    if reason is Reason.ULTIMO and detail == "pagat":
        return "pagat ultimo"
    if reason is Reason.BAGUD and suit:
        return gettext("konge bagud (%(suit)s)") % {"suit": suit}
    if reason is Reason.BAGUD and detail == "pagat":
        return "pagat bagud"
    if reason is Reason.CUP_FINE and detail in CUP_DEFINITE:   # docs/rules/danish.md §7.4
        return gettext("%(cup)s erstattet") % {"cup": CUP_DEFINITE[detail]}
    if reason is Reason.KING_LOST and suit:
        return gettext("%(suit)s konge tabt") % {"suit": suit}
    if reason is Reason.KING_HOME and suit:
        return gettext("%(suit)s konge hjem") % {"suit": suit}
    if reason in (Reason.ANNOUNCED_VOLE, Reason.ANNOUNCED_NOLO) and detail:
        # docs/rules/grosstarock.md §3: an announcement, by the trick it was made before; won or failed
        texts = {(Reason.ANNOUNCED_VOLE, False): gettext("meldt vole tabt (før stik %(n)s)"),
                 (Reason.ANNOUNCED_NOLO, False): gettext("meldt nolo tabt (før stik %(n)s)"),
                 (Reason.ANNOUNCED_VOLE, True): gettext("meldt vole (før stik %(n)s)"),
                 (Reason.ANNOUNCED_NOLO, True): gettext("meldt nolo (før stik %(n)s)")}
        return texts[reason, won is not False] % {"n": detail}
    if reason is Reason.MELD and meld is not None:
        return gettext("melding: %(meld)s") % {"meld": meld_text(meld)}
    if reason is Reason.MELD and detail in _MELDS:
        return gettext("melding: %(meld)s") % {"meld": MELD_KIND_NAMES[_MELDS[detail]]}
    if reason is Reason.FINE and detail in _FINES:
        return gettext("bøde: %(fine)s") % {"fine": fine_name(detail)}
    if reason is Reason.COUNTING and detail:
        return gettext("tælling (%(count)s)") % {"count": detail}
    return str(REASON_NAMES[reason])


def posting_reasons(postings: Iterable[Posting], deal: Any = None) -> list[str]:
    """The reason of each posting of a deal's entry; a meld posting names its meld ("melding: 11
    med"): the engine posts each meld (``deal.melds``, in order) once from every other player, so
    the n-th meld posting from a payer to a melder of one kind is for the n-th such meld."""
    melds = list(getattr(deal, "melds", ()) or ())
    # Who announced (docs/rules/grosstarock.md §2): an announcement paid to its player was won, one
    # he pays was failed.
    vole = getattr(deal, "announced_vole", None)
    announcers = {Reason.ANNOUNCED_VOLE: {vole.player} if vole is not None else set(),
                  Reason.ANNOUNCED_NOLO: {a.player for a in getattr(deal, "announced_nolo", ()) or ()}}
    seen: dict[tuple, int] = {}
    reasons = []
    for posting in postings:
        if posting.reason in announcers and deal is not None:
            reasons.append(posting_reason(posting, won=posting.payee in announcers[posting.reason]))
            continue
        meld = None
        if posting.reason is Reason.MELD and melds:
            key = (posting.payer, posting.payee, posting.detail)
            n = seen.get(key, 0)
            seen[key] = n + 1
            matching = [m for m in melds if m.player == posting.payee and m.kind.value == posting.detail]
            meld = matching[n] if n < len(matching) else None
        reasons.append(posting_reason(posting, meld))
    return reasons


# The sheet's row (``TableFamily.describe``) -------------------------------------------------------

def _tout_word(card: Any) -> str:
    """The tout as the card's own text calls it: "Wühlmaus" on Dummett's Grosstarock, the only old
    German card that records one (docs/rules/grosstarock.md §2, [D] "Wühlmaus 26 −26"); "tout" on
    the Danish cards (docs/rules/danish.md §3.3.1)."""
    return "Wühlmaus" if getattr(card, "announcements", False) else "tout"


def _lost(word: str) -> str:
    """An item that was tried and failed: "vole tabt", "nolo tabt"."""
    return gettext("%(item)s tabt") % {"item": word}


#: The fates of a card played to the last trick, as the deal object writes them.
_IN_LAST_TRICK = frozenset(f.value for f in IN_LAST_TRICK)


def _forfeited(item: str) -> str:
    """An ultimo won but not paid, its player having lost the right to it (docs/rules/danish.md
    §3.3.2 "kan ikke ultimere i det spil", §7.4 a forfeited ultimo): "hjerter konge ultimo Anne
    (forspildt)"."""
    return gettext("%(item)s (forspildt)") % {"item": item}


def _fines_of(outcome: dict) -> list[tuple[str, FineKind]]:
    """The deal's fines as (player, kind), a kind no card knows left out (it blocks nothing)."""
    found = []
    for fine in outcome.get("fines") or ():
        try:
            found.append((fine.get("player"), FineKind(fine.get("kind"))))
        except ValueError:
            continue
    return found


def describe(outcome: dict, players: tuple[str, ...], card: Any = None, facts: dict | None = None) -> tuple[str, ...]:
    """A deal as its sheet row names it, compactly, the game's words with the player after each
    (docs/rules/danish.md §3, docs/rules/grosstarock.md §2-§3): the pagat's and each king's ultimo
    or bagud, the pagat laid away, the tout (Wühlmaus), an announced vole, the nolo and announced
    nolos, the melds, the fines, the last trick when it is paid, the counts: ("pagat ultimo Anne",
    "nolo Bent", "11 med Carl"). A misdeal or scrapped deal names its fines (the sheet tags its kind).
    The row never lists as paid what was not: an ultimo whose player had lost the right to it reads
    "(forspildt)" (``settle.ultimo_pays``), and the last trick is named only when it is paid
    (``settle.last_trick_pays``: not after a paid ultimo, nor on ``aeldre1900`` when an ultimo card
    was in it). What pays nothing of note (a pagat or king brought home) is left to the deal's
    history page."""
    items: list[str] = []
    card = card if card is not None else DEFAULT_RATE_CARD
    pagat = outcome.get("pagat") or {}
    fates = [("pagat", pagat)] + [(gettext("%(s)s konge") % {"s": suit_name(suit)}, fate)
                                  for suit, fate in (outcome.get("kings") or {}).items()]
    blocked = ultimo_blocked(card, _fines_of(outcome), outcome.get("ultimo_forfeited") or ())
    touted, nolo = outcome.get("tout"), outcome.get("nolo")
    ultimo_paid, fallen, forfeited_shown = False, True, set()
    for name, fate in fates:
        word, owner = fate.get("fate"), fate.get("owner", "?")
        if word in _IN_LAST_TRICK:
            fallen = False
        if word == Fate.ULTIMO.value:
            if ultimo_pays(card, owner, blocked, touted, nolo):
                ultimo_paid = True
                items.append(f"{name} ultimo {owner}")
            elif owner in blocked:
                forfeited_shown.add(owner)
                items.append(_forfeited(f"{name} ultimo {owner}"))
            # an ultimo beside a tout or a nolo pays nothing and is named by the tout or nolo
        elif word == Fate.BAGUD.value:
            items.append(f"{name} bagud {owner}")
        elif word == Fate.DISCARDED.value:   # the pagat laid away by the dealer (§7.4): pays nothing
            items.append(f"{name} {FATE_NAMES[word]} {owner}")
    tout = _tout_word(card)
    if outcome.get("tout"):
        items.append(f"{tout} {outcome['tout']}")
    if outcome.get("failed_tout"):
        items.append(f"{_lost(tout)} {outcome['failed_tout']}")
    vole = outcome.get("announced_vole")
    if vole:   # won if and only if its announcer took every trick (docs/rules/grosstarock.md §3)
        player = vole.get("player", "?")
        items.append(f"vole {player}" if player == outcome.get("tout") else f"{_lost('vole')} {player}")
    announced = {a.get("player") for a in outcome.get("announced_nolo") or ()}
    if outcome.get("nolo"):
        word = gettext("meldt %(item)s") % {"item": "nolo"} if outcome["nolo"] in announced else "nolo"
        items.append(f"{word} {outcome['nolo']}")
    for player in sorted(announced - {outcome.get("nolo")}, key=lambda p: (p not in players, players.index(p)
                                                                           if p in players else 0, str(p))):
        items.append(f"{_lost('nolo')} {player}")
    for meld in outcome.get("melds") or ():
        items.append(f"{meld_text(meld)} {meld.get('player', '?')}")
    for fine in outcome.get("fines") or ():
        amount = f" ({fine['amount']})" if fine.get("amount") is not None else ""
        items.append(f"{fine_name(fine.get('kind', '?'))}{amount} {fine.get('player', '?')}")
    for cup_fine in outcome.get("cup_fines") or ():   # docs/rules/danish.md §7.4
        items.append(cup_fine_text(cup_fine))
    if outcome.get("last_trick") and last_trick_pays(card, touted, nolo, ultimo_paid, fallen):
        items.append(f"{gettext('sidste stik')} {outcome['last_trick']}")
    # the older rule book's and DTF's own cases (docs/rules/danish.md §7.4): a forfeited ultimo not
    # already named at its card
    forfeited = gettext("forspildt ultimo")   # outside an f-string, where makemessages finds it
    for player in outcome.get("ultimo_forfeited") or ():
        if player not in forfeited_shown:
            items.append(f"{forfeited} {player}")
    if outcome.get("passed"):
        items.append(gettext("fejlgivningen gik videre uden bøde"))
    if outcome.get("asked_by"):
        items.append(gettext("ny give bedt om af %(name)s") % {"name": outcome["asked_by"]})
    counts = outcome.get("counts") or {}
    if counts:   # last: the figures follow from them, so a line cut short loses the least
        items.append(f"{gettext('tælling')} " + ", ".join(f"{name} {count}" for name, count in counts.items()))
    return tuple(items)
