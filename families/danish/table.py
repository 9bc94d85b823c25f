"""The Danish family at the table (docs/rules/danish.md): its deal form (``forms.py``) and the words of its sheet
(``words.py``) behind the shared ``TableFamily``; here only what its preview and a correction add."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from scoring.family_forms import replay_correction
from scoring.table_families import TableFamily, register
from families.danish.engine.model import seating
from families.danish.engine.settle import Reason, derived_player
from . import words
from .forms import ClubCardForm, DealForm, carry_over, initial_from_outcome

# The payments' reasons and the cups' names: ``words.py`` (one place for the table's words).
posting_reason = words.posting_reason


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


class DanishTable(TableFamily):
    name, label, form_class, card_form = "danish", _("Dansk tarok"), DealForm, ClubCardForm
    figure_words, pot_names, pot_words, split_words = words.FIGURE_WORDS, words.POT_NAMES, words.POT_WORDS, words.SPLIT_WORDS
    season_highlights, cup_won_word = staticmethod(season_highlights), staticmethod(words.cup_won_word)
    carry_over, initial_from_outcome = staticmethod(carry_over), staticmethod(initial_from_outcome)
    deal_lines, describe, leg_account = staticmethod(words.deal_lines), staticmethod(words.describe), staticmethod(words.leg_account)

    def preview_words(self, table, sheet, form, deal, entry) -> dict:
        """The postings, the cups after, the counts and the derived count (docs/rules/danish.md §2–§4)."""
        seats = seating(sheet.players, deal.dealer)
        # Counts after a nolo only where the card counts then (a 1754 nolo); elsewhere a nolo has none.
        derived = derived_player(seats.active, seats.default_derived, deal) if deal.counts else None
        counting = [p for p in entry.postings if p.reason is Reason.COUNTING]
        return {
            "postings": [(words.cup_name(p.payer), words.cup_name(p.payee), p.amount, reason)
                         for p, reason in zip(entry.postings, words.posting_reasons(entry.postings, deal))],
            "cups": entry.cups,
            "counted": [(p, c, table.card.count_value(c)) for p, c in deal.counts if p != derived],
            "derived": derived,
            "derived_amount": sum(-p.amount if p.payer == derived else p.amount for p in counting) if derived else None,
        }

    def correction_effect(self, table, sheet, number: int, entry) -> dict:
        """The shared replay from the corrected cups, and the cups now and after it."""
        effect, cups = replay_correction(sheet, number, entry, state_of=lambda settled: settled.cups,
                                         resettle=lambda row, cups: self.resettle(table, sheet, row, cups))
        last = sheet.rows[-1] if sheet.rows else None
        return {**effect, "effect_cups": ((last.pots.get("king", 0), last.pots.get("pagat", 0)) if last else (0, 0),
                                          (cups.king, cups.pagat))}


register(DanishTable())
