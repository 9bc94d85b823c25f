"""A table's sheet: its rows (every deal that stands, a voided deal's row struck through), its players'
totals and pots, read from the journal by name."""
from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property
from typing import Mapping

from django.db.models import Q

from scoring.engine import families
from scoring.engine.families import Family
from scoring.engine.ledger import FORMULA_WORDS
from scoring.engine.translation import phrase_text
from scoring.language import engine_language
from scoring.models import Account, Deal, EntryKind, EveningEvent, EveningEventKind, JournalEntry, Leg, Seat, Table

from scoring.table_families import table_family, void_note, written_words

from .members import identity_of, shown_name, shown_words


@dataclass(frozen=True)
class SheetRow:
    label: str
    number: int | None            # deal number, None for opening and split
    kind: str                     # opening / played / misdeal / scrapped / split
    net: tuple[int, ...]          # per player, seat order
    active: tuple[bool, ...]      # per player: active in this deal (sitters-out are greyed)
    pots: Mapping[str, int]       # each of the family's pots after this row, by name (``JournalEntry.pots_after``)
    running: tuple[int, ...]      # per player after this row
    deal: Deal | None = None
    info: dict | None = None      # the family's facts about the deal (``formula``, ``radl`` …)
    voided: bool = False          # a voided deal: its amounts as they stood, struck through, paid back
    void_reason: str = ""         # ... and why it was voided, as the scorekeeper wrote it (the void's event)
    #: what was played, in the game's words (``TableFamily.describe``): ("pagat ultimo Anne", "nolo Bent")
    words: tuple[str, ...] = ()
    joiner: str = " · "           # how the family joins them on one line (``TableFamily.describe_joiner``)
    dealer: str = ""              # the deal's dealer by his name now (docs/names.md); "" for no deal
    #: {name as seated: name now} of the table's players called otherwise now: a formula's words
    #: name the players as seated (docs/names.md, point 3)
    renamed: Mapping[str, str] = field(default_factory=dict)

    @property
    def formula(self) -> str:
        """The deal's formula in the page's language where the family stored its words (Selca's,
        ``FORMULA_WORDS``: a name as seated beside the name now, ``members.shown_words``), else as
        the engine gave it (numbers only, or stored before)."""
        info = self.info or {}
        if FORMULA_WORDS in info:
            return shown_words((phrase_text(info[FORMULA_WORDS], engine_language()),), self.renamed)[0]
        return info.get("formula", "")

    @property
    def description(self) -> str:
        """The row's words on one line: "Sechserbock Bernd, Schneider, im Radl"."""
        return self.joiner.join(self.words)

    @property
    def rest(self) -> tuple[str, ...]:
        """The words after the first (the game and who played it, which a sheet may set apart)."""
        return self.words[1:]

    @property
    def net_cells(self) -> tuple[tuple[int, bool], ...]:
        return tuple(zip(self.net, self.active))


@dataclass(frozen=True)
class TableSheet:
    table: Table
    players: tuple[str, ...]
    rows: tuple[SheetRow, ...]
    cups: tuple[int, ...]         # the content now of each of the family's cups (``Family.cups``, in its order)
    totals: tuple[int, ...]       # per player now (after the split when closed)
    closed: bool
    deals: tuple[Deal, ...]       # current version of every deal
    family: Family | None = None  # the table's game family (engine protocol)
    #: the voided deals, each as its row stood before it was voided (``voided``); not in ``rows``,
    #: whose amounts are the standing ones, nor in ``deals``
    voided: tuple[SheetRow, ...] = ()
    #: the players' names now, in seat order, as the pages head the sheet: ``players`` are the
    #: names they sat down with, which the deals record; a renamed player shows his new name and a
    #: merged one the name of the player he was merged into (``selectors.members``)
    names_now: tuple[str, ...] = ()
    #: {player id: the name he sat down with}: a deal's dealer by the table's name for him
    seat_names: Mapping[int, str] = field(default_factory=dict)

    @property
    def shown(self) -> tuple[str, ...]:
        """The names the pages head the sheet with (``names_now``; the seated names when not read)."""
        return self.names_now or self.players

    def name_now(self, seated: str) -> str:
        """The name now of the player who sat down at this table as ``seated``."""
        return dict(zip(self.players, self.shown)).get(seated, seated)

    def called(self, seated: str) -> str:
        """A name as seated where a sheet shows it on its own (a row's declarer, read from the deal):
        the name now first and the seated one beside it where they differ ("Gitte Holm (Gitte)",
        ``members.shown_name``; docs/names.md, point 3)."""
        return shown_name(seated, self.name_now(seated))

    def dealer_name(self, deal: Deal) -> str:
        """The dealer of ``deal`` by the name the table knows him by (his seat's)."""
        return self.seat_names.get(deal.dealer_id, deal.dealer.name)

    @cached_property
    def pots(self) -> tuple[str, ...]:
        """The cups shown on the sheet: those the table's card plays with (the Danish ones), none
        for a family or card without; a pot that holds nothing to share (a written score's sheet
        account) is never shown."""
        return self.family.cups_of(self.table.card) if self.family is not None else ()

    @property
    def void_words(self) -> dict[str, str]:
        """How a voided deal of this table is told, in its family's words (``written_words``):
        ``voided``, the note under its struck-through row ("annulleret – betalt tilbage"; a written
        score's deal is no longer written, it pays nothing back), and ``void_explain``, the void
        page's first sentence."""
        words = written_words(self.family_name)
        return {role: words[role] for role in ("voided", "void_explain")}

    @property
    def family_name(self) -> str:
        return self.family.name if self.family is not None else ""

    def void_note(self, row: SheetRow) -> str:
        """The words under a voided deal's row: that it was voided, in the family's words, and why
        (``SheetRow.void_reason``, ``table_families.void_note``); "" for a row that stands."""
        return void_note(self.family_name, row.void_reason) if row.voided else ""

    @property
    def figure_columns(self) -> int:
        """The sheet's columns after the deal's number: a player's each, then a cup's each."""
        return len(self.players) + len(self.pots)

    @property
    def lines(self) -> tuple[SheetRow, ...]:
        """The rows as the sheet shows them: the standing ones and, at their numbers, the voided
        deals struck through (a voided deal keeps its number)."""
        if not self.voided:
            return self.rows
        order = {"opening": 0, "split": 2}
        return tuple(sorted(self.rows + self.voided, key=lambda r: (order.get(r.kind, 1), r.number or 0)))

    @property
    def next_number(self) -> int:
        """The next deal's number: after every number used, a voided deal's too
        (``services.next_deal_number``)."""
        return max([d.number for d in self.deals] + [r.number for r in self.voided], default=0) + 1

    @property
    def last_deal(self) -> Deal | None:
        return self.deals[-1] if self.deals else None

    @property
    def last_dealer(self) -> str:
        """The latest standing deal's dealer by his name now (docs/names.md)."""
        last = self.last_deal
        return next((row.dealer for row in reversed(self.rows) if row.deal is not None and row.deal == last), "")

    def next_seating(self):
        """Who deals, leads and sits out next, by the family's rules (Danish: docs/rules/danish.md §1, a
        misdeal passes the deal on, a scrapped deal is dealt again by the same dealer), going on
        from the deals that stand: a voided deal is skipped, so voiding the latest deal makes its
        dealer the next dealer again. With none standing, the first deal's dealer (chosen at the
        table, perhaps in a deal since voided) deals; else the first player."""
        family = self.family or self.table.engine
        if not self.deals:
            first = min(self.voided, key=lambda r: r.number, default=None)
            return seating_after(family, self.players, None, None, self.dealer_name(first.deal) if first else None)
        last = self.deals[-1]
        return seating_after(family, self.players, self.dealer_name(last), last.kind)


def seating_after(family: Family, players: tuple[str, ...], last_dealer: str | None, last_kind: str | None,
                  first_dealer: str | None = None):
    """``TableSheet.next_seating``'s rule on what it reads of the deals: after the last standing
    deal (its dealer's name and its kind) the family's next dealer deals; with none standing,
    ``first_dealer`` (the first deal's, since voided), else the first player. Its own function, so
    that the live lines (``live_tables.table_statuses``) apply it to two columns of a row instead of
    a whole deal."""
    if last_dealer is None:
        return family.seating(players, first_dealer or players[0])
    return family.seating(players, family.dealer_after(players, last_dealer, last_kind))


def written_score(family: Family) -> bool:
    """Whether ``family`` writes a score (docs/rules/selca.md Decision: each deal writes points, not
    zero-sum, and money comes at the end by the family's own rule, ``Family.money``) rather than
    having its deals be payments (its totals are its money, ``ledger.zero_sum_money``): the
    family's declared ``Family.writes_score``."""
    return family.writes_score


def _seats(table: Table) -> list[Seat]:
    """The table's seats in order (from a ``seats__player`` prefetch when there is one)."""
    if "seats" in getattr(table, "_prefetched_objects_cache", {}):
        return sorted(table.seats.all(), key=lambda seat: seat.position)
    return list(table.seats.select_related("player__merged_into").order_by("position"))


def table_seats(table: Table) -> list[Seat]:
    """The table's seats in order, each with its player and the player he is now (``_seats``)."""
    return _seats(table)


def table_player_names(table: Table) -> tuple[str, ...]:
    """The seated players in seat order, by the names they sat down with (``Seat.name``): the
    table's names for them, which its deals record."""
    return tuple(seat.name or seat.player.name for seat in _seats(table))


def table_names_now(table: Table) -> dict[str, str]:
    """{the name a player sat down with: his name now} for each seat where the two differ (a
    renamed player; a duplicate merged into another: ``selectors.members``); what an evening
    file says of its names (``players_now``, docs/format.md), and what ``members.shown_words`` is
    given for a deal's words off the sheet (its history, the evening log: docs/names.md)."""
    found = {}
    for seat in _seats(table):
        now = identity_of(seat.player).name
        if now != (seat.name or seat.player.name):
            found[seat.name or seat.player.name] = now
    return found


#: The journal entries a sheet shows: those that stand, and the deal entries of a deal version that
#: was voided (its row struck through, ``TableSheet.voided``).
SHEET_ENTRIES = Q(reversed_by__isnull=True) | Q(kind=EntryKind.DEAL, deal__replaced_by__voided=True)


def _sheet_entries(table: Table) -> list[JournalEntry]:
    return list(
        JournalEntry.objects.filter(SHEET_ENTRIES, table=table)
        .exclude(kind=EntryKind.REVERSAL)
        .select_related("deal", "deal__dealer")
        .order_by("id")
    )


def player_legs(where: Q) -> dict[int, list[tuple[int, int]]]:
    """{journal entry id: [(player id, amount)]} of the player legs matching ``where``, in one query
    of plain values: a sheet only adds each entry's player legs up per seat, and a ``Leg`` and a
    ``Player`` object for each of an evening's thousands of legs cost more than the rest of its page.
    Legs of entries the sheet does not show (reversals, corrected versions) are read and left unused."""
    found: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for entry_id, player_id, amount in (Leg.objects.filter(where, account=Account.PLAYER)
                                        .values_list("entry_id", "player_id", "amount")):
        found[entry_id].append((player_id, amount))
    return found


def _describer(family: Family, table: Table, players: tuple[str, ...], names_now: Mapping[str, str]):
    """The table's family's ``describe`` for its rows: (outcome, facts) -> (words, joiner); none
    for a family without a table side. The family words a deal with the names as seated (its
    outcome keeps them); a player whose name is not that now reads "Zoë Ørsted (Zoë)"
    (``members.shown_words``, docs/names.md): the one place every page, sheet and PDF gets it."""

    if not families.has_table(family.name):
        return lambda outcome, facts: ((), " · ")
    side, card = table_family(family.name), table.card
    return lambda outcome, facts: (shown_words(side.words(outcome, players, card, facts), names_now),
                                   side.describe_joiner)


def table_sheet(table: Table, entries: list[JournalEntry] | None = None,
                legs: Mapping[int, list[tuple[int, int]]] | None = None) -> TableSheet:
    """The paper sheet of one table: a row per deal, each player's net, the pots after (the Danish
    cups), the family's facts about each deal (a formula …). ``entries`` (``SHEET_ENTRIES``) and
    their player ``legs`` (``player_legs``) where the caller read them for several tables."""
    seats = _seats(table)
    players = tuple(seat.name or seat.player.name for seat in seats)
    by_id = {seat.player_id: name for seat, name in zip(seats, players)}
    family = table.engine
    if entries is None:
        entries = _sheet_entries(table)
    if legs is None:
        legs = player_legs(Q(entry__table=table))
    order = {EntryKind.OPENING: 0, EntryKind.DEAL: 1, EntryKind.SPLIT: 2}
    entries = sorted(entries, key=lambda e: (order[e.kind], e.deal.number if e.deal else 0, e.id))
    # A standing entry belongs to a current deal; any other (SHEET_ENTRIES) to a voided version:
    # its last entry is how it stood.
    voided = {e.deal_id: e for e in entries if e.deal is not None and not e.deal.current}
    entries = [e for e in entries if e.deal is None or e.deal.current]
    now = tuple(identity_of(seat.player).name for seat in seats)
    now_by_id = {seat.player_id: name for seat, name in zip(seats, now)}

    def dealer_now(deal: Deal | None) -> str:
        if deal is None:
            return ""
        return now_by_id.get(deal.dealer_id) or identity_of(deal.dealer).name
    rows, running = [], dict.fromkeys(players, 0)
    describe = _describer(family, table, players, dict(zip(players, now)))
    renamed = {seated: name for seated, name in zip(players, now) if seated != name}
    for entry in entries:
        net = dict.fromkeys(players, 0)
        for player_id, amount in legs.get(entry.id, ()):
            net[by_id[player_id]] += amount
        for name in players:
            running[name] += net[name]
        info = json.loads(entry.info_json) if entry.info_json else None
        words, joiner = (), " · "
        if entry.kind == EntryKind.DEAL:
            active = set(family.seating(players, by_id.get(entry.deal.dealer_id, entry.deal.dealer.name)).active)
            label, kind = str(entry.deal.number), entry.deal.kind
            words, joiner = describe(entry.deal.outcome, info or {})
        else:
            active, label, kind = set(players), entry.kind, entry.kind
        rows.append(SheetRow(label, entry.deal.number if entry.deal else None, kind,
                             tuple(net[p] for p in players), tuple(p in active for p in players),
                             entry.pots_after, tuple(running[p] for p in players),
                             entry.deal, info, words=words, joiner=joiner, dealer=dealer_now(entry.deal),
                             renamed=renamed))
    last = rows[-1] if rows else None
    reasons = void_reasons(voided) if voided else {}
    struck = tuple(_voided_row(family, players, by_id, entry, legs.get(entry.id, ()), describe, dealer_now, renamed,
                               reasons.get(entry.deal_id, "")) for entry in voided.values())
    return TableSheet(
        table=table, players=players, rows=tuple(rows),
        cups=tuple((last.pots if last else {}).get(cup, 0) for cup in family.cups),
        totals=tuple(running[p] for p in players),
        closed=table.evening.closed_at is not None,
        deals=tuple(e.deal for e in entries if e.kind == EntryKind.DEAL),
        family=family, voided=struck, names_now=now, seat_names=by_id,
    )


def void_reasons(deal_ids) -> dict[int, str]:
    """{a voided deal version's id: the reason its void was given}: the void's event names the
    version that records the void, which ``replaces`` the voided one (``services.deal_void``)."""
    return dict(EveningEvent.objects.filter(kind=EveningEventKind.DEAL_VOIDED, deal__replaces_id__in=list(deal_ids))
                .values_list("deal__replaces_id", "reason"))


def _voided_row(family: Family, players: tuple[str, ...], by_id: Mapping[int, str], entry: JournalEntry,
                legs, describe, dealer_now, renamed: Mapping[str, str], reason: str = "") -> SheetRow:
    """A voided deal's row: its amounts and words as they stood before the void (paid back since)
    and why it was voided; ``legs``: the entry's player legs, (player id, amount)."""
    net = dict.fromkeys(players, 0)
    for player_id, amount in legs:
        net[by_id[player_id]] += amount
    active = set(family.seating(players, by_id.get(entry.deal.dealer_id, entry.deal.dealer.name)).active)
    info = json.loads(entry.info_json) if entry.info_json else None
    words, joiner = describe(entry.deal.outcome, info or {})
    return SheetRow(str(entry.deal.number), entry.deal.number, entry.deal.kind, tuple(net[p] for p in players),
                    tuple(p in active for p in players), entry.pots_after,
                    (), entry.deal, info, voided=True, void_reason=reason, words=words, joiner=joiner,
                    dealer=dealer_now(entry.deal), renamed=renamed)
