"""Two phones at one table: the dealer the sheet expects next, whether a deal about to be saved is
the same hand as one saved meanwhile, and what the page says about either. One place for each rule,
read by the table page's form (``views.table``) and by the phone's queue (``views.sync``).

- The expected dealer is the sheet's next dealer (``TableSheet.next_seating``: the family's own
  rotation, RULES.md §1 and the families' Decisions: after a misdeal or a redeal the same dealer
  may deal again, and then that is what the sheet expects). A deal named with another dealer is
  saved only with an explicit confirmation (``CONFIRM_FIELD``). An imported evening file never
  asks: the check lives in the views, never in the services.
- The same hand is the same deal object, whoever is named dealer: both are read by the engine and
  written back in its one form (``Family.deal_to_dict``), then compared without the dealer.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring.engine.problems import EveningError
from scoring.models import Deal
from scoring.services import RecordingError
from scoring.selectors import TableSheet

#: The form field (a checkbox beside the dealer) that confirms a dealer the sheet does not expect.
CONFIRM_FIELD = "confirm_dealer"
#: The hidden field with the number of the deal the phone is typing (the sheet's next number as
#: the phone loaded it): the deals saved since are those from this number on.
NUMBER_FIELD = "number"


def expected_dealer(sheet: TableSheet) -> str:
    """Who deals the next deal by the sheet's rotation."""
    return sheet.next_seating().dealer


def confirmed(data) -> bool:
    return str(data.get(CONFIRM_FIELD, "")).strip().lower() in ("1", "on", "true", "yes")


def dealer_problem(sheet: TableSheet, dealer: str, data) -> str | None:
    """The message at the dealer field when ``dealer`` is not the one the sheet expects and the
    scorekeeper has not confirmed him; None when the deal may be saved."""
    expected = expected_dealer(sheet)
    if dealer == expected or confirmed(data):
        return None
    return _("Ifølge arket giver %(expected)s dette spil, ikke %(dealer)s. Sæt kryds ved “Ja, denne giver” "
             "for at gemme alligevel.") % {"expected": expected, "dealer": dealer}


def deal_problems(sheet: TableSheet, outcome) -> tuple:
    """The engine's problems with the deal itself (``services.FieldError``s), so that asking about
    the dealer never hides what else must be mended: the reader's, else ``validate_deal``'s."""
    table = sheet.table
    family, number = table.engine, sheet.next_number
    try:
        deal = family.parse_deal(outcome, number, table.card)
    except EveningError as exc:
        return RecordingError.from_problems(exc.problems).errors
    return RecordingError.from_problems(family.validate_deal(sheet.players, number, deal, table.card)).errors


def loaded_number(data, sheet: TableSheet, expected_version: int | None) -> int:
    """The number of the deal the phone was typing: the form's hidden number if it is sane, else
    the deals the version gap leaves (every recording moves the version on by one)."""
    try:
        number = int(str(data.get(NUMBER_FIELD, "")).strip())
    except ValueError:
        number = 0
    if 1 <= number <= sheet.next_number:
        return number
    gap = sheet.table.version - expected_version if expected_version is not None else 0
    return max(1, sheet.next_number - max(gap, 0))


def _written(table, outcome, number: int) -> dict | None:
    """The deal object as the engine writes it; None if the engine refuses it."""
    family = table.engine
    try:
        return family.deal_to_dict(family.parse_deal(outcome, number, table.card))
    except Exception:   # an outcome the engine refuses is no deal at all; never the same as another
        return None


def _hand(table, outcome, number: int) -> dict | None:
    """The deal object as the engine writes it, without its dealer; None if the engine refuses it."""
    written = _written(table, outcome, number)
    return None if written is None else {key: value for key, value in written.items() if key != "dealer"}


def same_hand(table, outcome, deal: Deal) -> bool:
    """Whether ``outcome`` (about to be saved) is the hand ``deal`` records, whoever dealt."""
    mine = _hand(table, outcome, deal.number)
    return mine is not None and mine == _hand(table, deal.outcome, deal.number)


def same_deal(table, outcome, deal: Deal) -> bool:
    """Whether ``outcome`` is the very deal ``deal`` records, its dealer too: a submission key sent
    again answers with its first result only for the deal it saved (``views.sync``)."""
    mine = _written(table, outcome, deal.number)
    return mine is not None and mine == _written(table, deal.outcome, deal.number)


def recorder(deal: Deal) -> str:
    user = deal.recorded_by
    if user is None:
        return _("En anden")
    return user.get_full_name() or user.get_username()


@dataclass(frozen=True)
class SavedSince:
    """A deal saved after the phone loaded its sheet."""
    deal: Deal
    same: bool            # the same hand as the phone's kept input
    by: str               # who recorded it

    @property
    def note(self) -> str:
        return already_saved(self)


def saved_since(sheet: TableSheet, outcome, number: int) -> list[SavedSince]:
    """The deals of the sheet from ``number`` on, each compared with ``outcome`` (None: no input)."""
    return [SavedSince(d, outcome is not None and same_hand(sheet.table, outcome, d), recorder(d))
            for d in sheet.deals if d.number >= number and not d.voided]   # a voided deal is no hand


def same_as(since: list[SavedSince]) -> SavedSince | None:
    """The first deal saved since that is the same hand, if any."""
    return next((s for s in since if s.same), None)


def in_place_of(since: list[SavedSince], number: int) -> SavedSince | None:
    """The saved deal a refused hand is shown beside: the same hand if one was saved since, else the
    deal saved under the number the hand was typed for, else the first saved since."""
    return same_as(since) or next((s for s in since if s.deal.number == number), None) or next(iter(since), None)


def side_by_side(family, sheet: TableSheet, outcome: dict, found: SavedSince) -> dict:
    """The saved deal ``found`` beside the refused hand ``outcome``, as the phone shows them (a refused
    deal's panel, static/js/table-sync.js): each line of either in words (the family's
    ``deal_lines``, by label; "—" where one has none) and each player's amount of either, the hand
    settled by the engine in the saved deal's place (None where the engine refuses it)."""
    deal, table = found.deal, sheet.table
    theirs, mine = dict(family.deal_lines(deal.outcome)), dict(family.deal_lines(outcome))
    labels = list(theirs) + [label for label in mine if label not in theirs]
    row = next((r for r in sheet.rows if r.deal is not None and r.deal.pk == deal.pk), None)
    try:
        settled = family.settle(table, sheet, outcome, deal.number)[1].net
    except Exception:   # a hand the engine refuses in that place shows its words alone
        settled = None
    return {
        "number": deal.number, "by": found.by, "same": found.same,
        "lines": [[str(label), str(theirs.get(label, "—")), str(mine.get(label, "—"))] for label in labels],
        "amounts_label": str(family.entry_label),
        "amounts": [[p, row.net[i] if row else None, settled[p] if settled is not None else None]
                    for i, p in enumerate(sheet.players)],
    }


def already_saved(found: SavedSince) -> str:
    return _("%(name)s har allerede gemt dette spil som spil %(number)s.") % {
        "name": found.by, "number": found.deal.number}


def dealer_reset(kept: str, now: str) -> str:
    return _("Giveren er sat til %(now)s, som arket siger nu (du havde valgt %(kept)s).") % {"now": now, "kept": kept}
