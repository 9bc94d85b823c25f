"""Each player's own statement of a closed evening (what his mail tells him: his deals' results, his
totals, what he pays or receives and to whom), and the outbox's mails of an evening as its page
shows them.

A statement is read from the evening's settlement (``evening_summary``), never computed anew: his
kroner are his line of the settlement and his payments are the settlement's who-pays-whom, so a
statement agrees with the settlement PDF to the øre.

The settlement names the players as they sat down (``Seat.name``: the sheet's names, the keys of
its totals and its payments); a player renamed or merged since is called otherwise now. A statement
therefore finds each seated player by his seat's key, never by his name now (STYLE habit 5), and
keeps the names now beside the seated ones for the mail to print."""
from __future__ import annotations

from collections.abc import Mapping
import hashlib
from dataclasses import dataclass, field
from decimal import Decimal

from scoring.engine.money import Payment
from scoring.models import Deal, EveningMail, Player, Table

from .members import identity_of
from .settlement import EveningSummary
from .sheets import SheetRow, TableSheet


@dataclass(frozen=True)
class StatementLine:
    """One row of his table's sheet, as it touched him: the deal's number (None for the opening and
    the split), its kind, whether he played it (not sitting out), his result and his total after it."""
    number: int | None
    kind: str
    active: bool
    net: int
    running: int


@dataclass(frozen=True)
class Statement:
    player: Player                 # the player he stands for now (a merged duplicate: the one he was merged into)
    name: str                      # as seated (the sheet's name: the key of its totals and payments)
    table: int                     # his table's number
    family: str                    # his table's game family (engine name)
    written: bool                  # a written score: his money points are not his points
    lines: tuple[StatementLine, ...]
    points: int                    # his total on the sheet (after the split)
    money_points: int              # the points his money is reckoned from (``Family.money``)
    kroner: Decimal                # his kroner: + receives, - pays (the settlement's own figure)
    pays: tuple[Payment, ...]      # the payments he makes
    receives: tuple[Payment, ...]  # the payments made to him
    #: {a name as seated at his family's tables: that player's name now}: the payments name the
    #: players as seated, his mail names them as they are called now
    names_now: Mapping[str, str] = field(default_factory=dict, compare=False)

    @property
    def name_now(self) -> str:
        """His name now: the mail greets him by it."""
        return self.player.name

    def called(self, seated: str) -> str:
        """The name now of the player seated as ``seated`` at one of his family's tables."""
        return self.names_now.get(seated, seated)

    @property
    def deals(self) -> int:
        return sum(1 for line in self.lines if line.number is not None)

    @property
    def played(self) -> int:
        return sum(1 for line in self.lines if line.number is not None and line.active)


def _line(row: SheetRow, at: int, written: bool) -> StatementLine:
    # a written score writes points by the game played (docs/rules/selca.md), which the seating's
    # "active" does not tell: its statement never says that he sat out
    return StatementLine(row.number, row.kind, row.active[at] or written, row.net[at], row.running[at])


def _seated(sheet: TableSheet) -> dict[str, Player]:
    """{the name a player sat down with at ``sheet``'s table: the player he stands for now}, each
    seat found by its player's key (``TableSheet.seat_names``), never by his name now."""
    return {sheet.seat_names[seat.player_id]: identity_of(seat.player) for seat in sheet.table.seats.all()}


def evening_statements(summary: EveningSummary) -> list[Statement]:
    """Every seated player's statement, in table and seat order, keyed to the player he stands for now."""
    statements = []
    for group in summary.families:
        kroner = {name: amount for name, _points, amount in group.totals}
        money = dict(group.money)
        # the group's payments run between its tables: each seated name of the group and its name now
        names_now = {name: now for sheet in group.sheets for name, now in zip(sheet.players, sheet.shown)}
        for sheet in group.sheets:
            seats = _seated(sheet)
            for at, name in enumerate(sheet.players):
                statements.append(Statement(
                    player=seats[name], name=name, table=sheet.table.number, family=group.name,
                    written=group.written, lines=tuple(_line(row, at, group.written) for row in sheet.rows),
                    points=sheet.totals[at], money_points=money.get(name, sheet.totals[at]),
                    kroner=kroner[name],
                    pays=tuple(p for p in group.payments if p.payer == name),
                    receives=tuple(p for p in group.payments if p.payee == name), names_now=names_now))
    return statements


def sheet_version(evening) -> str:
    """What the evening's settlement sheet is made of, as a short text that changes with it: its
    tables and their deals as they stand (a correction or a void makes a new version of a deal,
    ``Deal.current``), its frozen rate and currency. A mail rendered from another version carries
    an outdated sheet (``EveningMail.sheet``); a reopening closed again with nothing changed keeps
    the version. Two queries."""
    tables = list(Table.objects.filter(evening=evening).order_by("pk").values_list("pk", flat=True))
    deals = list(Deal.objects.filter(table__evening=evening, current=True).order_by("pk").values_list("pk", flat=True))
    text = f"{tables}|{deals}|{evening.kroner_per_point}|{evening.currency}"
    return hashlib.sha1(text.encode()).hexdigest()


@dataclass(frozen=True)
class OutboxLine:
    """A mail of the evening as its page shows it: to whom (the player's name only: an address is
    never shown on a page), its state (``queued``, ``retrying``, ``sent`` or ``failed``; ``cleared`` once the outbox has
    forgotten it), since when, why it failed (the renderer's problem or the mail server's answer),
    whether it carries the sheet again after a correction, and whether the sheet it carried is
    outdated (the evening corrected since)."""
    player: str
    state: str
    at: object
    reason: str = ""
    mail_id: int = 0
    player_id: int = 0
    corrected: bool = False
    outdated: bool = False


def outbox_state(mail: EveningMail) -> tuple[str, object, str]:
    """The state of one outbox mail, its time and why it failed: queued until the sender has
    rendered it and sent it; post_office's status after that (a failed try that will be tried again
    reads ``retrying``, with the mail server's answer). A mail the sender could not render reads
    ``retrying`` while it has tries left, then ``failed`` with its problem (scoring/outbox_sender.py)."""
    from post_office.models import STATUS

    if mail.problem and mail.rendered_at is None:
        if mail.render_attempts >= EveningMail.RENDER_ATTEMPTS:
            return "failed", mail.queued_at, mail.problem
        return "retrying", mail.queued_at, mail.problem
    email = mail.email
    if email is None and mail.rendered_at is not None:   # deleted by post_office's cleanup_mail since
        return "cleared", mail.rendered_at, ""
    if email is None:
        return "queued", mail.queued_at, ""
    if email.status == STATUS.sent:
        return "sent", email.last_updated, ""
    if email.status == STATUS.failed:
        return "failed", email.last_updated, _server_answer(email)
    if email.status == STATUS.requeued:
        return "retrying", email.last_updated, _server_answer(email)
    return "queued", mail.queued_at, ""


def _server_answer(email) -> str:
    """Why the mail server refused ``email`` the last time (post_office's log of the failure,
    prefetched by ``evening_outbox``)."""
    logs = sorted(email.logs.all(), key=lambda log: (log.date, log.pk))
    return logs[-1].message if logs else ""


def delivered(state: str) -> bool:
    """Whether a mail in ``state`` reached the mail server: the player holds its sheet."""
    return state in ("sent", "cleared")


def evening_outbox(evening, version: str | None = None) -> list[OutboxLine]:
    """The evening's current mails (one per player and kind: a mail sent again stands in the place
    of the one before), one line each, in the order they were queued. ``version``: the evening's
    ``sheet_version`` when the caller has it."""
    if version is None:
        version = sheet_version(evening)
    mails = (EveningMail.objects.filter(evening=evening, current=True)
             .select_related("player__merged_into", "email").prefetch_related("email__logs").order_by("id"))
    lines = []
    for m in mails:
        state, at, reason = outbox_state(m)
        # the player's name now: a mail queued before a rename or a merge is his all the same
        player = identity_of(m.player)
        lines.append(OutboxLine(player.name, state, at, reason, m.pk, player.pk, m.corrected,
                                delivered(state) and m.sheet != version))
    return lines


def outdated_mails(evening, version: str | None = None) -> list[EveningMail]:
    """The evening's current mails that reached their players with another version of its sheet
    than the one it has now (reopened, corrected and closed again since): the players who hold an
    outdated sheet. One place for the page and the service that sends them the new one."""
    by_id = {line.mail_id: line for line in evening_outbox(evening, version)}
    return [m for m in EveningMail.objects.filter(pk__in=[i for i, line in by_id.items() if line.outdated])
            .select_related("player__merged_into").order_by("id")]
