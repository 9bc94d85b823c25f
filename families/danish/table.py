"""The Danish family at the table (docs/rules/danish.md): its deal form, live preview, correction effect and
the words of its sheet, behind the table pages' family protocol (``table_families.py``)."""
from __future__ import annotations

from scoring import services
from families.danish.engine import interchange
from families.danish.engine.model import seating
from families.danish.engine.settle import Cups, Reason, derived_player, settle_deal
from scoring.engine.problems import EveningError

from scoring.language import engine_language
from scoring.family_forms import replay_correction
from .forms import ClubCardForm, DealForm, carry_over, initial_from_outcome
from . import words
from scoring.models import Table
from scoring.selectors import TableSheet
from django.utils.translation import gettext_lazy as _

from scoring.table_families import TableFamily, register


def make_form(table: Table, sheet: TableSheet, *, data=None, dealer: str | None = None, initial=None) -> DealForm:
    """The deal form; unbound it proposes the sheet's next dealer (docs/rules/danish.md §1)."""
    return DealForm(sheet.players, data=data, dealer=dealer or sheet.next_seating().dealer, initial=initial,
                    card=table.card)


# The payments' reasons and the cups' names: ``words.py`` (one place for the table's words).
posting_reason = words.posting_reason


def _account(account) -> str:
    return words.cup_name(account)


def _cups_before(sheet: TableSheet, number: int, now: Cups) -> Cups:
    """The cups before deal ``number``: after the row preceding it on the sheet (or now, for a new deal)."""
    previous = None
    for row in sheet.rows:
        if row.number == number:
            return Cups(previous.pots.get("king", 0), previous.pots.get("pagat", 0)) if previous is not None else now
        previous = row
    return now


def correction_effect(table: Table, sheet: TableSheet, number: int, entry) -> dict:
    """What correcting deal ``number`` to the settled ``entry`` changes: the deal's own
    payments per player before and after, and each player's total now and after every later deal
    is settled again by the engine from the corrected cups, in memory (``services.deal_correct``
    writes the same). ``later_problems``: a later deal the correction would make impossible."""
    def resettle(row, cups: Cups):
        deal = interchange.parse_deal(row.deal.outcome, row.number, table.card)
        return settle_deal(sheet.players, row.number, deal, cups, table.card)

    effect, cups = replay_correction(sheet, number, entry, state_of=lambda settled: settled.cups, resettle=resettle)
    last = sheet.rows[-1] if sheet.rows else None
    return {**effect, "effect_cups": ((last.pots.get("king", 0), last.pots.get("pagat", 0)) if last else (0, 0), (cups.king, cups.pagat))}


def preview_context(table: Table, sheet: TableSheet, form: DealForm, editing: int | None) -> dict:
    """Settle the deal as entered with the engine, without saving (docs/rules/danish.md §2–§4): the postings,
    each player's net, the cups after, the derived count; or the problems (docs/rules/danish.md §5)."""
    # The cups' columns only where the table's card plays with cups (none on a cupless card).
    context: dict = {"table": table, "players": sheet.players, "pots": sheet.pots}
    if not form.is_valid():   # the form's problems and the engine's with the rest, at once (DealForm.clean)
        context["problems"] = form.problem_list()
        return context
    outcome = form.to_outcome()
    number = editing or sheet.next_number
    cups = services.table_state(table)   # the Danish state: the cups now
    if editing:
        cups = _cups_before(sheet, editing, cups)
    try:
        deal = interchange.parse_deal(outcome, number, table.card)
        entry = settle_deal(sheet.players, number, deal, cups, table.card)
    except EveningError as exc:
        context["problems"] = [(form.label_for(p.field), p.message(engine_language())) for p in exc.problems]
        return context
    seats = seating(sheet.players, deal.dealer)
    # Counts after a nolo only where the card counts then (a 1754 nolo); elsewhere a nolo has none.
    derived = derived_player(seats.active, seats.default_derived, deal) if deal.counts else None
    counting = [p for p in entry.postings if p.reason is Reason.COUNTING]
    context.update({
        "number": number,
        "postings": [(_account(p.payer), _account(p.payee), p.amount, reason)
                     for p, reason in zip(entry.postings, words.posting_reasons(entry.postings, deal))],
        "net": [(p, entry.net[p], p in seats.active) for p in sheet.players],
        "cups": entry.cups,
        "counted": [(p, c, table.card.count_value(c)) for p, c in deal.counts if p != derived],
        "derived": derived,
        "derived_amount": sum(-p.amount if p.payer == derived else p.amount for p in counting) if derived else None,
    })
    if editing:
        context.update(correction_effect(table, sheet, editing, entry))
    return context


def season_highlights(rules: str) -> tuple[tuple[str, object], ...]:
    """The season report's highlights of a Danish rule set: the ultimos and bagud of the pagat, and
    of a king where the card pays for the kings (docs/rules/danish.md §3.3.2, §3.3.3; the 1754 card
    pays nothing for them, docs/rules/grosstarock.md §2), the tout where the card records one
    (§3.3.1; 1754 refuses it), the failed tout where the card knows one (the older rule book and
    grosstarock), and the nolo (§3.3.5). A club's own card shows every one of them."""
    from families.danish.engine.rates import ALL_RATE_CARDS

    card = ALL_RATE_CARDS.get(rules)
    kings = card is None or (card.king_fates != "refused" and bool(card.king_ultimo_each or card.king_bagud_each))
    tout = card is None or card.tout_recorded
    failed = card is None or card.failed_tout_each is not None
    names = ["pagat_ultimo", *(["king_ultimo"] if kings else []), "pagat_bagud", *(["king_bagud"] if kings else []),
             *(["tout"] if tout else []), *(["failed_tout"] if failed else []), "nolo"]
    return tuple((name, HIGHLIGHT_WORDS.get(name) or words.FIGURE_WORDS[name]) for name in names)


#: Figures the standings do not show but the season report does.
HIGHLIGHT_WORDS = {"failed_tout": _("Tabt tout")}


register(TableFamily(
    name="danish", label=_("Dansk tarok"), leg_account=words.leg_account, make_form=make_form, preview_context=preview_context,
    carry_over=carry_over, initial_from_outcome=initial_from_outcome,
    deal_lines=words.deal_lines, deal_changes=words.deal_changes, deal_summary=words.deal_summary,
    form_template="danish/_deal_form.html", preview_template="danish/_preview.html",
    sheet_template="danish/_sheet.html", header_template="danish/_table_header.html",
    seating_template="danish/_seating.html",
    figure_words=words.FIGURE_WORDS, pot_names=words.POT_NAMES, pot_words=words.POT_WORDS,
    split_words=words.SPLIT_WORDS, season_highlights=season_highlights, describe=words.describe,
    card_form=ClubCardForm, cup_won_word=words.cup_won_word,
))
