"""Who a player is now: the ONE place every read resolves a merged player.

A duplicate merged into another player keeps his row — the journal's legs, the seats and the
summaries point to it, and none of them is rewritten — and ``Player.merged_into`` names the player
he is now. A merge into a player who is himself merged, and a later merge of the player merged
into, are kept one step deep by the service (``services.player_merge`` points every duplicate at
the last player), so one ``merged_into`` is always the whole answer.

Reads resolve in the query (``identity``, ``identity_name``: group by them instead of
``player_id``; ``same_player``: a player's rows and his duplicates') or in Python (``identity_of``,
the one function for "who is he now"; ``identities``, ``names_now``, ``evening_members``,
``evening_players`` for many at once). The standings, the season report, the payments and what is
outstanding, the player page and history, the exports, the statements and mails, ``check_ledger``,
the seat pickers and name suggestions, and any page that sums a player's rows call these.

How a page names a player is one rule (docs/names.md): his name now; a deal's words, written with
the names as seated, show the name now first and the seated one beside it (``shown_name``,
``shown_words``, ``shown_lines``)."""
from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.db.models import Count, F, Q, Sum
from django.db.models.functions import Coalesce
from django.utils.formats import date_format

from scoring.engine.money import Purse, from_cents
from scoring.models import ClubEvent, ClubEventKind, Club, Evening, Player, PlayerEveningSummary, Seat, cents_sum

from .counted import standings_evenings


def identity(path: str = "player"):
    """The id of the player a row's ``path`` (a player foreign key) is now: an expression to
    annotate and group by (``Coalesce(path__merged_into, path)``)."""
    return Coalesce(F(f"{path}__merged_into"), F(path))


def identity_name(path: str = "player"):
    """The name of the player a row's ``path`` is now (his name, or the one he was merged into's)."""
    return Coalesce(F(f"{path}__merged_into__name"), F(f"{path}__name"))


def identity_of(player: Player) -> Player:
    """The player ``player`` is now: himself unless merged, else the one he was merged into (one
    step is the whole answer: ``services.player_merge`` keeps every duplicate one step deep)."""
    return player.merged_into if player.merged_into_id is not None else player


def evening_members(evening) -> list[Player]:
    """The players of ``evening``'s tables as the players they are now, each once (a duplicate
    merged into one who also sat is that one), in table and seat order (one query)."""
    seen, players = set(), []
    for seat_player in (Player.objects.filter(seats__table__evening=evening).select_related("club", "merged_into")
                        .order_by("seats__table__number", "seats__position")):
        player = identity_of(seat_player)
        if player.pk not in seen:
            seen.add(player.pk)
            players.append(player)
    return players


# Names (docs/names.md) -----------------------------------------------------------------------------

def shown_name(seated: str, now: str) -> str:
    """A name as seated where a page shows a deal's text: the name now first and the seated one
    beside it when they differ ("Zoë Ørsted (Zoë)"), else the one name."""
    return seated if seated == now else f"{now} ({seated})"


def shown_words(items: Iterable[str], names_now: Mapping[str, str]) -> tuple[str, ...]:
    """A deal's words (``TableFamily.words``, written with the names as seated) with each seated name
    that is not the player's name now shown by ``shown_name``; ``names_now``: {name as seated: name
    now} of the table. A name is a whole name (not inside a longer word), the longest tried first
    ("Anne 2" before "Anne")."""
    changed = {seated: now for seated, now in names_now.items() if seated != now}
    if not changed:
        return tuple(items)
    pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in sorted(changed, key=len, reverse=True))
                         + r")(?!\w)")
    return tuple(pattern.sub(lambda m: shown_name(m.group(1), changed[m.group(1)]), item) for item in items)


def shown_lines(lines: Iterable[tuple[str, str]], names_now: Mapping[str, str]) -> list[tuple[str, str]]:
    """A deal's (label, text) lines (``TableFamily.deal_lines``) with the names shown by ``shown_words``."""
    return [(label, shown_words((text,), names_now)[0]) for label, text in lines]


def same_player(player: Player) -> Q:
    """Rows of ``player`` and of every duplicate merged into him (a filter on ``player``)."""
    return Q(player=player) | Q(player__merged_into=player)


def identities(club: Club | int) -> dict[int, int]:
    """{player id: the id of the player he is now} for every merged player of the club (a player not
    in it is himself; one query)."""
    return dict(Player.objects.filter(club=club, merged_into__isnull=False).values_list("pk", "merged_into_id"))


def names_now(player_ids) -> dict[int, str]:
    """{player id: the name of the player he is now} for ``player_ids`` (one query)."""
    return {pk: merged or name for pk, name, merged in
            Player.objects.filter(pk__in=list(player_ids)).values_list("pk", "name", "merged_into__name")}


def active_members(club: Club):
    """The players a seat picker offers and a typed name is compared with: neither merged into
    another nor retired, by name."""
    return Player.objects.filter(club=club, merged_into__isnull=True, retired_at__isnull=True).order_by("name")


def member_names(club: Club) -> list[str]:
    """The names of ``active_members``."""
    return list(active_members(club).values_list("name", flat=True))


def same_ids(player: Player) -> list[int]:
    """The ids of ``player`` and of every duplicate merged into him."""
    return [player.pk, *Player.objects.filter(merged_into=player).values_list("pk", flat=True)]


# A merge shown for review -------------------------------------------------------------------------

@dataclass(frozen=True)
class SharedEvening:
    """An evening where both players sat: at one table (``table``), or at two (``tables``)."""
    evening_id: int
    date: dt.date
    tables: tuple[int, ...]          # the table numbers, one when they sat at one table

    @property
    def one_table(self) -> bool:
        return len(self.tables) == 1


@dataclass(frozen=True)
class RuleSetMove:
    """What a merge moves at one rule set's tables, of the evenings the standings count: each
    player's evenings, deals, points and money (per currency) before, and the merged player's after (their sums).
    The page names the rule set (``standings.rules_title``): a member's read needs no family's words."""
    rules: str
    family: str
    duplicate: tuple[int, int, int, Purse]    # evenings, deals, points, money
    keep: tuple[int, int, int, Purse]

    @property
    def after(self) -> tuple[int, int, int, Purse]:
        return tuple(a + b for a, b in zip(self.duplicate, self.keep))


@dataclass(frozen=True)
class MergePreview:
    """A merge of ``duplicate`` into ``keep`` as it would be written (``services.player_merge``
    writes exactly this, or refuses with ``problems``): what moves per rule set, the evenings they
    both sat, and what happens to a login, an e-mail address and a retirement."""
    duplicate: Player
    keep: Player
    asked: Player                              # the player chosen; ``keep`` is who he is now
    moves: tuple[RuleSetMove, ...]
    shared: tuple[SharedEvening, ...]
    problems: tuple[tuple[str, str], ...]      # (field, message): the merge is refused
    notes: tuple[str, ...]                     # what else the merge does, told before it is done

    @property
    def allowed(self) -> bool:
        return not self.problems


def merge_preview(duplicate: Player, asked: Player) -> MergePreview:
    """What merging ``duplicate`` into ``asked`` would do (a read: nothing is written; what moves is
    counted as the standings count, ``_moves``). Merging into a
    player who was merged himself merges into the player he is now; a player already merged, the
    same player, another club's player and any evening both sat (at one table, or at two: a player
    sits once an evening) refuse the merge, each problem naming its field and the evening."""
    from django.utils.translation import gettext as _

    keep = identity_of(asked)
    problems: list[tuple[str, str]] = []
    notes: list[str] = []
    if duplicate.merged_into_id is not None:
        problems.append(("player", _("%(name)s er allerede lagt sammen med %(other)s.")
                         % {"name": duplicate.name, "other": duplicate.merged_into.name}))
    if keep.pk == duplicate.pk:
        problems.append(("into", _("En spiller kan ikke lægges sammen med sig selv.")))
    if keep.club_id != duplicate.club_id:
        problems.append(("into", _("Spillerne skal være i samme klub.")))
    if keep.pk != asked.pk:
        notes.append(_("%(asked)s er lagt sammen med %(keep)s; %(name)s lægges sammen med %(keep)s.")
                     % {"asked": asked.name, "keep": keep.name, "name": duplicate.name})
    shared = _shared_evenings(duplicate, keep) if not problems else ()
    for evening in shared:
        when = date_format(evening.date, "SHORT_DATE_FORMAT")
        if evening.one_table:
            problems.append(("into", _("%(a)s og %(b)s sad ved samme bord (bord %(t)s) aftenen %(date)s; to spillere "
                                       "ved ét bord kan ikke være samme spiller.")
                             % {"a": duplicate.name, "b": keep.name, "t": evening.tables[0], "date": when}))
        else:
            problems.append(("into", _("%(a)s og %(b)s spillede begge aftenen %(date)s (bord %(tables)s); en spiller "
                                       "sidder ét sted en aften.")
                             % {"a": duplicate.name, "b": keep.name, "date": when,
                                "tables": ", ".join(str(t) for t in evening.tables)}))
    if duplicate.user_id is not None:
        notes.append(_("%(keep)s beholder sit login; %(name)s' login fjernes.") % {"keep": keep.name, "name": duplicate.name}
                     if keep.user_id is not None else
                     _("%(name)s' login taler nu for %(keep)s.") % {"keep": keep.name, "name": duplicate.name})
    if duplicate.email and not keep.email:
        notes.append(_("%(keep)s får %(name)s' e-mailadresse.") % {"keep": keep.name, "name": duplicate.name})
    if keep.retired_at is not None:
        notes.append(_("Udtrådt, og det forbliver sådan: %(keep)s kan først vælges ved bordene, når spilleren er "
                       "taget tilbage.")
                     % {"keep": keep.name})
    moves = _moves(duplicate, keep) if keep.pk != duplicate.pk else ()
    return MergePreview(duplicate, keep, asked, tuple(moves), tuple(shared), tuple(problems), tuple(notes))


def _shared_evenings(a: Player, b: Player) -> tuple[SharedEvening, ...]:
    """The evenings where (anyone who is) ``a`` and ``b`` both sat, with their tables' numbers."""
    seats: dict[int, dict[int, set[int]]] = {}
    a_ids, b_ids = same_ids(a), same_ids(b)
    for evening_id, number, player_id in Seat.objects.filter(player__in=a_ids + b_ids).values_list(
            "table__evening_id", "table__number", "player_id"):
        side = 0 if player_id in a_ids else 1
        seats.setdefault(evening_id, {}).setdefault(side, set()).add(number)
    both = {e: s for e, s in seats.items() if len(s) == 2}
    dates = dict(Evening.objects.filter(pk__in=list(both)).values_list("pk", "date"))
    return tuple(sorted((SharedEvening(e, dates[e], tuple(sorted(s[0] | s[1]))) for e, s in both.items()),
                        key=lambda s: (s.date, s.evening_id)))


def _moves(duplicate: Player, keep: Player) -> list[RuleSetMove]:
    """Each player's evenings, deals, points and money per rule set, counted as the standings count
    them (their evenings: ``standings.standings_evenings``, closed and counting; the money per
    currency, ``cents_sum``; one query)."""
    a_ids, b_ids = same_ids(duplicate), same_ids(keep)
    found: dict[tuple[str, str], list] = {}
    for player_id, rules, family, currency, evenings, deals, points, cents in (
            PlayerEveningSummary.objects.filter(player__in=a_ids + b_ids,
                                                evening__in=standings_evenings(keep.club_id))
            .values_list("player_id", "rules", "family", "evening__currency")
            .annotate(n=Count("id"), d=Sum("deals"), p=Sum("points"), k=cents_sum("kroner", Q(closed=True)))
            .order_by("family", "rules")):
        row = found.setdefault((rules, family), [[0, 0, 0, Purse()], [0, 0, 0, Purse()]])
        side = row[0 if player_id in a_ids else 1]
        money = Purse.of(currency, from_cents(cents)) if cents is not None else Purse()
        for i, value in enumerate((evenings, deals or 0, points or 0, money)):
            side[i] += value
    return [RuleSetMove(rules, family, tuple(a), tuple(b))
            for (rules, family), (a, b) in found.items()]


# A player's own log --------------------------------------------------------------------------------

def player_log(player: Player):
    """The club log's lines about ``player`` (and any duplicate merged into him): renamed (from what,
    when), merged, retired and back, his e-mail or login changed; newest first."""
    # the player and his duplicates as part of the one query (``same_player``'s rows)
    # his payments are the payments' pages', not his name's and membership's
    return (ClubEvent.objects.filter(same_player(player) | Q(other=player) | Q(other__merged_into=player))
            .filter(payment__isnull=True)
            .exclude(kind=ClubEventKind.LOCKOUT_CLEARED).select_related("user", "player__merged_into", "other")
            .order_by("-at", "-id"))


def evening_players(evening) -> dict[str, Player]:
    """{the name a player sat down with at one of ``evening``'s tables: the player he is now}: how a
    page or a write that holds an evening's names (its totals, "who pays whom", ``Payment.payer``)
    finds the player — his login, his address — after a rename or a merge (one query)."""
    return {seat.name or seat.player.name: identity_of(seat.player)
            for seat in Seat.objects.filter(table__evening=evening).select_related("player__merged_into")}
