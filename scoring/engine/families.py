"""Which rule sets exist, which family each belongs to, and the protocol every family answers.

A *family* is one game (Danish Tarok, Austrian Tarock as played in Karlsruhe, …) with its own deal,
rules and rate cards; a *rule set* is one rate card of a family (``vlk``, ``dtf2011``, ``karlsruhe``).
Each family lives in its own folder (``danish/``, ``karlsruhe/``) and exports one ``Family`` as
``FAMILY``; a family never imports another. Everything outside the folders — the ledger, the
evening file, ``settle``, the web app — goes through this protocol and never asks which family it is.
A member a family leaves out has a default (``Family``'s fields, ``family_of_modules``' ``_defaults``;
docs/families.md): a family writes only what is its own.

The protocol, each a plain function of the family:

- ``parse_evening(data, *, bounded=True, max_deals=None) -> Evening`` a decoded evening file,
  every problem of structure and rules raised at once as ``EveningError``; ``parse_deal(data,
  number, card=None) -> Deal`` one deal object (structure only, as the table's card reads it: a
  Danish card decides whether a taroks meld must say ``pagat``); ``deal_to_dict`` /
  ``evening_to_dict`` back.
- ``validate_players(players, card=None)`` (a card may seat fewer) and ``validate_deal(players,
  number, deal, card)``: the family's
  "impossible to record" (its page in ``docs/rules/``), each ``Problem`` naming deal and field.
- ``settle_opening(players, card)``, ``settle_deal(players, number, deal, state, card)`` and
  ``settle_split(players, state, running, card)``: journal entries (``ledger.py``); ``state`` is what
  a deal needs from the ones before it (the Danish cups, the Karlsruhe Radl), read from the previous
  entry's ``state`` or, for a table in the database, from ``state_before``.
- ``state_before(players, card, pots, earlier)``: the state before the next deal from the pots'
  contents (by name) and ``earlier()``, the deals before it (a family that needs none never calls it).
- ``settle_evening(evening, card=None) -> Settlement``; ``make_evening(players, deals, rules, date,
  card)`` the family's ``Evening`` object (``card``: ``None`` for the built-in card named ``rules``).
- ``seating(players, dealer)``: who deals, leads, plays and sits out (``dealer``, ``forehand``,
  ``active``, ``sitting_out`` at least); ``dealer_after(players, dealer, kind)``: who deals after a
  deal of ``kind`` (the evening file's ``kind`` value) dealt by ``dealer``.
- ``deal_stats(players, deal, entry)``: per player, the family's own figures of the deal (each
  has ``player``, ``active``, ``net`` and the whole-number figures named in ``figures``, in the
  order the pages show them; stored by name, docs/architecture.md, Storage); ``played_kinds`` (the
  deal kinds that count as played) and ``summary_figures`` (those of its figures the standings show).
- ``money(totals)``: the points each player wins or pays at the end, from a table's totals (in seat
  order). A family whose deals are payments returns the totals (``ledger.zero_sum_money``); a
  written-score family (the deals write points that do not sum to zero, balanced in the ledger by
  its sheet pot) its own rule, zero-sum. Kroner are this at the club's rate.
- ``random_deal(rng, players, dealer, card)``: a random valid deal, if the family has a generator.
- ``card_seats(card)``: the table sizes a card seats, where a card seats fewer than the family
  (``seats(card)`` answers for every family); ``tournament_table(card)``: the size a tournament of
  the card draws where it is not four (``tournament_size(card)`` answers for every family).
- ``rate_cards`` (name -> card), ``card_from_dict``, ``owns_card(data)`` (a card's JSON shape
  is this family's) and ``card_base(card)`` (the built-in card a club's copy is based on, or None).
"""
from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import pkgutil
from collections import ChainMap
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .ledger import IdentityEnum, zero_sum_money


# What a family may leave out (docs/families.md, "Adding a family") -------------------------------

@dataclass(frozen=True)
class Evening:
    """An evening of any family (``make_evening``'s default): what docs/format.md's top level holds;
    ``card`` is a club's card carried by the file (``None``: the built-in card named ``rules``)."""
    players: tuple[str, ...]
    deals: tuple[Any, ...] = ()
    rules: str = ""
    date: Any = None
    card: Any = None


class PlayedKind(IdentityEnum):
    """The kind of every deal of a family that knows no other (no misdeal, no redeal): a deal's
    ``kind`` (the evening file's, never written by such a family)."""

    PLAYED = "played"


@dataclass(frozen=True)
class Seating:
    """Who does what in one deal (``seating``'s answer: these fields at least)."""
    dealer: str
    forehand: str
    active: tuple[str, ...]
    sitting_out: tuple[str, ...]
    next_dealer: str


def next_seat(players: tuple[str, ...], player: str) -> str:
    """The seat after ``player``'s, round the table."""
    return players[(players.index(player) + 1) % len(players)]


def seating_in_turn(players: tuple[str, ...], dealer: str) -> Seating:
    """The default seats: everyone plays; the next seat leads and deals the next deal."""
    if dealer not in players:
        raise ValueError(f"{dealer!r} does not sit at this table")
    after = next_seat(players, dealer)
    return Seating(dealer, after, tuple(players), (), after)


def dealer_in_turn(players: tuple[str, ...], dealer: str, kind: str) -> str:
    """The default rotation: the next seat deals after every deal, whatever its kind."""
    return next_seat(players, dealer)


@dataclass(frozen=True)
class PlayerDealStats:
    """A player's figures of a deal for a family that counts none of its own (``deal_stats``'s default)."""
    player: str
    active: bool
    net: int


@dataclass(frozen=True, kw_only=True)
class Family:
    """A family's engine: what it must give (its name, table sizes, cards, reading and settling a
    deal) and what it may leave to the defaults here, which ``family_of_modules`` works out for it
    where they depend on what it gives (``_defaults``)."""
    name: str                                   # "danish", "karlsruhe"
    players: tuple[int, ...]                    # how many may sit at a table
    rate_cards: Mapping[str, Any]               # built-in cards by name
    default_card: Any
    card_from_dict: Callable[[Any], Any]
    owns_card: Callable[[Any], bool]
    card_base: Callable[[Any], Any]             # the built-in card a club's card is a copy of (or None)
    parse_evening: Callable[..., Any]
    parse_deal: Callable[[Any, int], Any]
    deal_to_dict: Callable[[Any], dict]
    evening_to_dict: Callable[[Any], dict]
    validate_players: Callable[[tuple[str, ...]], list]
    validate_deal: Callable[..., list]
    settle_opening: Callable[..., Any]
    settle_deal: Callable[..., Any]
    settle_split: Callable[..., Any]
    state_before: Callable[..., Any]
    settle_evening: Callable[..., Any]
    deal_stats: Callable[..., Any]
    cups_of: Callable[[Any], tuple[str, ...]]   # the cups a rate card plays with (of ``cups``; a card may have none)
    pots: tuple[str, ...] = ()                  # the ledger's accounts besides the players (by name)
    cups: tuple[str, ...] = ()                  # the pots that hold something to share (shown as cups)
    make_evening: Callable[..., Any] = Evening
    seating: Callable[[tuple[str, ...], str], Any] = seating_in_turn
    dealer_after: Callable[[tuple[str, ...], str, str], str] = dealer_in_turn
    #: The names of the whole-number figures ``deal_stats`` gives besides ``player``, ``active``
    #: and ``net``, in their order (the Danish "tout", "cup_won" …; a declarer's "declarer" …).
    figures: tuple[str, ...] = ()
    #: The kinds of deal (the evening file's ``kind``) in which a player who held cards played a
    #: deal, for "deals played" (not a misdeal, a redeal, a shown hand …).
    played_kinds: tuple[str, ...] = ("played",)
    #: The figures of ``deal_stats`` the standings keep per evening (the summary's columns of the
    #: Danish events); a family that keeps none shows its own figures from ``deal_stats``.
    summary_figures: tuple[str, ...] = ()
    #: The points each player wins or pays at the end from a table's totals: the totals themselves
    #: for a family of payments.
    money: Callable[[tuple[tuple[str, int], ...]], tuple[tuple[str, int], ...]] = zero_sum_money
    #: Whether the deals write a score (points that do not sum to zero, balanced by the family's
    #: sheet pot, paid by ``money`` at the end) rather than payments between the players.
    writes_score: bool = False
    #: ``random_deal(rng, players, dealer, card)``: a random valid deal (the family's ``generate``),
    #: for the benchmarks' and demos' club histories; ``None`` for a family without a generator.
    random_deal: Callable[..., Any] | None = None
    #: ``card_seats(card)``: how many a card seats at a table (of ``players``; the old German cards
    #: three only); ``None``: every count of ``players``.
    card_seats: Callable[[Any], tuple[int, ...]] | None = None
    #: ``tournament_table(card)``: the table size a tournament of the card draws, where it is not
    #: four (or the smallest the card seats when it seats no four); ``None``: that rule.
    tournament_table: Callable[[Any], int] | None = None
    #: Earlier editions of built-in cards (same names, other rules): tables seated with one keep
    #: it, and an evening file carrying one is known again on import (docs/rules/danish.md §7.4).
    earlier_cards: tuple[Any, ...] = ()
    #: The per-deal figure (of ``figures``) of the points a player took from the family's cups in
    #: one deal: the club page's and the season report's largest cups, the season's cups evening by
    #: evening. ``None``: the family takes nothing from cups (or has none).
    cup_won_figure: str | None = None
    #: Where the family stands among the families the app offers (the seating form, the standings'
    #: rule sets, the exports): lower first, then by name.
    rank: int = 100

    def seats(self, card: Any) -> tuple[int, ...]:
        """How many may sit at a table playing ``card``."""
        return tuple(self.card_seats(card)) if self.card_seats is not None else self.players

    def tournament_size(self, card: Any) -> tuple[int, tuple[int, ...]]:
        """(the table size a tournament of ``card`` draws, every size the card seats): four where
        the card seats four (Danish, Karlsruhe, Selca with its resting dealer), else its smallest
        table (the old German cards' three); docs/tournaments.md, "Table sizes"."""
        seatable = self.seats(card)
        if self.tournament_table is not None:
            return self.tournament_table(card), seatable
        return (4 if 4 in seatable else min(seatable)), seatable

    def stored_figures(self, figures: Any) -> dict[str, int]:
        """One player's figures of a deal (an item of ``deal_stats``) as they are stored: each of
        ``figures`` by its name, those that are not 0 (docs/architecture.md, Storage)."""
        return {name: int(value) for name in self.figures if (value := getattr(figures, name, 0))}

    def rate_card(self, name: str):
        try:
            return self.rate_cards[name]
        except KeyError:
            raise KeyError(f"unknown rate card {name!r} of the {self.name} family") from None


#: The members ``family_of_modules`` takes from a family's modules, unless given: member, module, name.
_MODULE_MEMBERS = (
    ("rate_cards", "rates", "RATE_CARDS"), ("default_card", "rates", "DEFAULT_RATE_CARD"),
    ("parse_evening", "interchange", "parse_evening"), ("parse_deal", "interchange", "parse_deal"),
    ("deal_to_dict", "interchange", "deal_to_dict"), ("evening_to_dict", "interchange", "evening_to_dict"),
    ("validate_players", "validate", "validate_players"), ("validate_deal", "validate", "validate_deal"),
    ("settle_opening", "settle", "settle_opening"), ("settle_deal", "settle", "settle_deal"),
    ("settle_split", "settle", "settle_split"), ("state_before", "settle", "state_before"),
    ("settle_evening", "settle", "settle_evening"), ("make_evening", "model", "Evening"),
    ("seating", "model", "seating"), ("dealer_after", "model", "dealer_after"),
    ("deal_stats", "stats", "deal_stats"),
)


def _defaults(name: str, modules: dict[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """The members a family may leave out, worked out from what it gives (``family_of_modules``):
    its pots from the model's ``Pot`` enum (its cups those that hold something, every card playing
    with them); its one card as the built-in cards, a card of that card's keys the family's, every card
    a copy of it; the seats in turn; a table size not in ``players`` refused as ``<name>_player_count``;
    the evening file's reader from the interchange's ``deal_from(reader, raw)`` (one deal's fields,
    ``reading.py``); ``settle_deal`` and ``settle_evening`` from the settle module's
    ``settle_valid_deal``; the state before a deal its pots' contents; no figures of its own; the
    evening's money the totals (a family of payments)."""
    from .ledger import holds, settle_checked, settle_in_turn
    from .problems import evening_problems, seat_problems
    from .reading import evening_dict, read_deal, read_evening

    found: dict[str, Any] = {}
    # what the family gives, else its default here, else the ``Family``'s own (read when called)
    v = ChainMap(given, found, {f.name: f.default for f in dataclasses.fields(Family)
                                if f.default is not dataclasses.MISSING})
    pots = tuple(getattr(modules["model"], "Pot", ()))
    found.update(pots=tuple(pot.value for pot in pots), cups=tuple(pot.value for pot in pots if holds(pot)),
                 rate_cards={v["default_card"].name: v["default_card"]},
                 card_base=copy_of(v["default_card"]), owns_card=card_with_keys(
                     *(key for key in v["default_card"].to_dict() if key not in ("name", "title"))))
    found["cups_of"] = lambda card: v["cups"]
    found["state_before"] = lambda players, card, pots, earlier: {pot: pots.get(pot, 0) for pot in v["pots"]}
    found["deal_stats"] = lambda players, deal, entry: tuple(PlayerDealStats(p, True, entry.net[p]) for p in players)
    found["validate_players"] = lambda players, card=None: seat_problems(players, v["players"], f"{name}_player_count")
    found["evening_to_dict"] = lambda evening: evening_dict(evening, v["deal_to_dict"])
    if (deal_from := getattr(modules["interchange"], "deal_from", None)) is not None:
        found["parse_deal"] = lambda data, number=1, card=None: read_deal(data, number, deal_from)
        found["parse_evening"] = lambda data, *, bounded=True, max_deals=None: v["make_evening"](*read_evening(
            data, bounded=bounded, max_deals=max_deals, default_rules=None, rate_cards=v["rate_cards"],
            card_from_dict=v["card_from_dict"], players_allowed=v["players"], player_count_code=f"{name}_player_count",
            validate_players=v["validate_players"], parse_deal=deal_from, validate_deal=v["validate_deal"]))
    if (valid := getattr(modules["settle"], "settle_valid_deal", None)) is not None:
        found["settle_deal"] = lambda players, number, deal, state, card: settle_checked(
            players, number, deal, state, card, validate_deal=v["validate_deal"], settle_valid_deal=valid)
        found["settle_evening"] = lambda evening, card=None, *, validated=False: settle_in_turn(
            evening, card or evening.card or v["rate_cards"][evening.rules], settle_opening=v["settle_opening"],
            settle_deal=valid, settle_split=v["settle_split"], validated=validated,
            validate_evening=lambda evening, card: evening_problems(evening, card, v["validate_players"],
                                                                    v["validate_deal"]),
            money=v["money"] if v.get("writes_score") else None)
    return {member: value for member, value in found.items() if member not in given}


def family_of_modules(name: str, *, interchange: Any = None, model: Any = None, rates: Any = None,
                      settle: Any = None, stats: Any = None, validate: Any = None, **members: Any) -> Family:
    """A family's ``Family`` from its folder's modules: each protocol member the module function of
    the same name (``_MODULE_MEMBERS``; the card reader ``rates.RateCard.from_dict``), unless
    ``members`` gives it; what neither holds, its default (``_defaults``); the members no module
    holds (``players`` …) are given."""
    modules = {"interchange": interchange, "model": model, "rates": rates, "settle": settle, "stats": stats,
               "validate": validate}
    values = {member: getattr(modules[module], attr) for member, module, attr in _MODULE_MEMBERS
              if member not in members and hasattr(modules[module], attr)}
    values.update(members)
    if "card_from_dict" not in values:
        values["card_from_dict"] = rates.RateCard.from_dict
    if "figures" not in values and stats is not None:   # the fields of the family's per-deal figures
        values["figures"] = tuple(f.name for f in dataclasses.fields(stats.PlayerDealStats)
                                  if f.name not in ("player", "active", "net"))
    values.setdefault("figures", ())
    return Family(name=name, **_defaults(name, modules, values), **values)


def card_with_keys(*keys: str) -> Callable[[Any], bool]:
    """``Family.owns_card`` for a family whose card JSON alone has all these top-level ``keys``."""
    return lambda data: isinstance(data, Mapping) and all(key in data for key in keys)


def copy_of(builtin: Any) -> Callable[[Any], Any]:
    """``Family.card_base`` for a family whose club cards may change any number: every card of the
    built-in card's type is a copy of ``builtin``."""
    return lambda card: builtin if isinstance(card, type(builtin)) else None


#: The package whose folders are the families that come with the app: each one's engine is the
#: package ``families.<name>.engine``, found here by looking into the folder, without Django
#: (``manage.py settle`` and the engine tests need no database and no app registry); its Django app
#: (``families.<name>``, in ``INSTALLED_APPS`` by the same look, tarokklub/settings.py) adds its
#: table side to the same entry (``attach_table``). A family outside the folder (the tests' own,
#: docs/families.md) registers its engine from its app's ``ready()`` (``register``).
FAMILIES_PACKAGE = "families"
DEFAULT_FAMILY = "danish"

_loaded: dict[str, Family] = {}
_registered: list[str] = []          # the families registered by an installed app
_tables: dict[str, Any] = {}         # each family's table side (``scoring.table_families.TableFamily``)
_built_in: tuple[str, ...] | None = None
_order: tuple[str, ...] | None = None


def built_in() -> tuple[str, ...]:
    """The families that come with the app: every folder of ``families/`` with an ``engine``
    package, by name (``names()`` gives them in their rank)."""
    global _built_in
    if _built_in is None:
        package = importlib.import_module(FAMILIES_PACKAGE)
        _built_in = tuple(sorted(
            found.name for found in pkgutil.iter_modules(package.__path__)
            if found.ispkg and importlib.util.find_spec(f"{FAMILIES_PACKAGE}.{found.name}.engine") is not None))
    return _built_in


def engine_package(name: str) -> str:
    """The package of a built-in family's engine."""
    return f"{FAMILIES_PACKAGE}.{name}.engine"


def register(found: Family) -> Family:
    """Add a family that is not built in (its app's ``ready()``); registering it again replaces it."""
    global _order
    _loaded[found.name] = found
    if found.name not in built_in() and found.name not in _registered:
        _registered.append(found.name)
    _order = None
    return found


def forget(name: str) -> None:
    """Take a registered family out of the registry again (the tests' own copies)."""
    global _order
    _loaded.pop(name, None)
    _tables.pop(name, None)
    if name in _registered:
        _registered.remove(name)
    _order = None


def attach_table(name: str, table: Any) -> Any:
    """Add a family's table side to its entry (its Django app's ``ready()``)."""
    family(name)   # an unknown family is a mistake of the app that attaches it
    _tables[name] = table
    return table


def table_of(name: str) -> Any:
    """The family's table side; ``KeyError`` when its Django app is not installed."""
    family(name)
    try:
        return _tables[name]
    except KeyError:
        raise KeyError(f"the {name} family has no table side (is its app in INSTALLED_APPS?)") from None


def has_table(name: str) -> bool:
    return name in _tables


def names() -> tuple[str, ...]:
    """Every family's name in the order the app offers them: by each one's ``rank``, then name."""
    global _order
    if _order is None:
        every = (*built_in(), *_registered)
        _order = tuple(sorted(every, key=lambda name: (family(name).rank, name)))
    return _order


def family(name: str) -> Family:
    """The family called ``name``; ``KeyError`` for an unknown one."""
    if name not in _loaded:
        if name not in built_in():
            raise KeyError(f"unknown game family {name!r}")
        _loaded[name] = importlib.import_module(engine_package(name)).FAMILY
    return _loaded[name]


def families() -> tuple[Family, ...]:
    return tuple(family(name) for name in names())


def rule_sets() -> dict[str, str]:
    """Every built-in rule set (rate card name) and the family it belongs to."""
    return {card: f.name for f in families() for card in f.rate_cards}


def family_of_rules(rules: str) -> Family | None:
    """The family of the built-in rule set ``rules``, ``None`` if there is no such rule set."""
    name = rule_sets().get(rules)
    return family(name) if name else None


def family_of_file(data: Any) -> Family:
    """The family that reads this decoded evening file: the one of its ``rules``, else the one
    whose card shape its ``rate_card`` has (a club's own card), else the default family (whose
    reader then names what is wrong)."""
    if isinstance(data, dict):
        rules = data.get("rules")
        if isinstance(rules, str) and (found := family_of_rules(rules)) is not None:
            return found
        card = data.get("rate_card")
        for f in families():
            if isinstance(card, dict) and f.owns_card(card):
                return f
    return family(DEFAULT_FAMILY)


def default_rules() -> str:
    """The rule set a new club and a new table start with: the default family's default card."""
    return family(DEFAULT_FAMILY).default_card.name


def played_kinds() -> frozenset[str]:
    """Every family's played kinds (``Family.played_kinds``): no family's played kind is another's
    unplayed one, so one set serves a query over tables of several families."""
    return frozenset(kind for f in families() for kind in f.played_kinds)


def family_of_card(card: Any) -> Family:
    """The family a rate card object belongs to."""
    for f in families():
        if isinstance(card, type(f.default_card)):
            return f
    raise KeyError(f"no family has a card of type {type(card).__name__}")
