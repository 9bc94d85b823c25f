"""The table pages' side of a game family (engine ``families.py``): each family brings its own deal
form, live preview, sheet and words, and the views, the evening pages and the exports reach them only
through the ``TableFamily`` of a table. A family's Django app (``families/<name>/apps.py``) adds its
one to the family's entry in the engine's registry with ``register`` when the app is ready
(docs/families.md).

What a family's form must answer (the views call nothing else): ``seats`` (the deal's seating:
``dealer``, ``forehand``, ``active``, ``sitting_out``), ``is_valid()``, ``to_outcome()`` (the deal
object of the evening file), ``cleaned_data["version"]``, ``add_engine_errors(errors)`` (the
service's ``FieldError`` list), ``label_for(field)`` and ``problem_list()``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from scoring.engine import families


def pot_or_player(leg) -> str:
    """Whose a stored leg is: the player's name, or the pot's stored name (a family without pots of
    its own has none to name)."""
    return leg.player.name if leg.player_id is not None else str(leg.account)


def no_words(outcome: dict, players: tuple[str, ...], card: Any, facts: dict) -> tuple[str, ...]:
    """A family that does not describe its deals: its sheet rows show their amounts only."""
    return ()


@dataclass(frozen=True)
class TableFamily:
    name: str                       # the engine family's name
    label: Promise                  # shown when a club or a table picks its game
    make_form: Callable[..., Any]   # (table, sheet, *, data=None, dealer=None, initial=None) -> form
    preview_context: Callable[..., dict]   # (table, sheet, form, editing: int | None) -> template context
    carry_over: Callable[..., tuple]       # (GET data, players, dealer) -> (initial, cleared)
    initial_from_outcome: Callable[..., tuple]   # (players, outcome, version) -> (dealer, initial)
    deal_lines: Callable[[dict], list]     # a deal object as (label, text) lines (history pages)
    deal_changes: Callable[[dict, dict], list]   # what a correction changed, as lines
    deal_summary: Callable[[dict], str]    # one line for the evening's log
    form_template: str              # the deal form's fields (inside the table page's form)
    preview_template: str
    sheet_template: str
    header_template: str
    seating_template: str           # who deals, leads, plays and sits out
    #: A stored leg's account as the history page names it: the player, or the family's pot
    #: (``pot_or_player``: the pot by its stored name; a family with pots names its own).
    leg_account: Callable[[Any], str] = pot_or_player
    #: What a deal's journal entry is called on its history page: payments, or for a written-score
    #: family what was written.
    entry_label: Promise = _("Betalinger")
    #: The family's games as its sheet names them, by the game's value ("Königsrufer", "tri").
    game_words: Mapping[Any, str] = field(default_factory=dict)
    #: Headings of the family's own per-deal figures (engine ``deal_stats``) on the player page,
    #: by figure name; a figure not named here shows its name.
    figure_words: Mapping[str, Any] = field(default_factory=dict)
    #: The family's cups as the evening pages name them ("kongekop"), and as the evening PDF heads
    #: their columns under "Kopper" ("konge"), by pot name; a pot not named shows its name.
    pot_names: Mapping[str, Any] = field(default_factory=dict)
    pot_words: Mapping[str, Any] = field(default_factory=dict)
    #: What closing the evening does with the family's cups, a line of the close page's list (a
    #: family without cups has none).
    split_words: Any = None
    #: A written score's sheet row (the PDF's zapisnik): (the game or kind in the game's words, the
    #: declarer, who takes part) of a stored deal object at a table of ``players``; ``None`` for a
    #: family of payments.
    written_row: Callable[[tuple[str, ...], dict], tuple[str, str, set]] | None = None
    #: The game's highlights in the season report: for a rule set's name, (figure name, heading) of
    #: the stored per-deal figures (``Family.figures``) the report sums and names a leader of (the
    #: Danish ultimos, bagud, tout and nolo a card pays). ``None``: ``default_highlights``.
    season_highlights: Callable[[str], tuple[tuple[str, Any], ...]] | None = None
    #: What was played, for the sheet's row (web and PDF): ``describe(outcome, players, card,
    #: facts)`` -> short items in the game's own words (the interface words around them through
    #: gettext), the game and who played it first: ("Sechserbock Bernd", "Schneider", "im Radl"),
    #: ("pagat ultimo Anne", "nolo Bent", "11 med Carl"). ``outcome`` is the stored deal object,
    #: ``card`` the table's rate card, ``facts`` the deal's entry's facts (``Entry.info``: the
    #: Karlsruhe formula and Radl). A family without one shows no words (``no_words``).
    describe: Callable[[dict, tuple[str, ...], Any, dict], tuple[str, ...]] = no_words
    #: How the items are joined on one line: the Karlsruhe seed's table writes "Sechserbock,
    #: Schneider, im Radl"; the others a middle dot.
    describe_joiner: str = " · "
    #: The club card page's form for a club's copy of one of the family's cards (``scoring.card_forms``:
    #: ``CardForm(base, data, other_titles=…)`` with ``card_data(name)``). ``None``: every whole
    #: number of the card by its path (``NumbersCardForm``).
    card_form: type | None = None
    #: How a cup was won, from the stored figures of the deal (``Family.cup_won_figure``): the
    #: game's word beside the largest cups ("tout", "ultimo"); ``None``: no word.
    cup_won_word: Callable[[Mapping[str, int]], str] | None = None
    #: A written score's sheet in the game's own words (the evening pages and PDF), by role:
    #: ``sheet`` (its name, Selca's "Zapisnik"), ``number``, ``dealer``, ``game``, ``declarer``,
    #: ``points`` and ``running`` (a player's two columns), ``sum`` (the totals' row) and
    #: ``signatures`` (beside the PDF's signature heading); a role not given reads in the app's
    #: words (``written_words``).
    written_words: Mapping[str, str] = field(default_factory=dict)

    def words(self, outcome: dict, players: tuple[str, ...], card: Any, facts: dict | None = None) -> tuple[str, ...]:
        """``describe``'s items of a stored deal; a deal object it cannot read (an old or damaged
        version) shows none rather than fail the sheet."""
        try:
            return tuple(str(item) for item in self.describe(outcome, players, card, facts or {}) if item)
        except (KeyError, TypeError, ValueError, AttributeError):
            return ()



def register(family: TableFamily) -> TableFamily:
    """Add a family's table side to its entry (called from the family app's ``ready()``)."""
    return families.attach_table(family.name, family)


def table_family(name: str) -> TableFamily:
    """The table side of the family ``name`` (its app must be installed)."""
    return families.table_of(name)


def table_families() -> tuple[TableFamily, ...]:
    """Every family with a table side, in the order the app offers them."""
    return tuple(families.table_of(name) for name in families.names() if families.has_table(name))


def family_label(name: str) -> str:
    return str(table_family(name).label)


def card_form(name: str) -> type:
    """The club card page's form for a copy of a card of the family ``name`` (``TableFamily.card_form``)."""
    from scoring.card_forms import NumbersCardForm

    side = table_family(name) if families.has_table(name) else None
    return side.card_form if side is not None and side.card_form is not None else NumbersCardForm


def written_words(name: str) -> dict[str, str]:
    """A written-score family's sheet words by role (``TableFamily.written_words``), the app's own
    words where the family gives none."""
    side = table_family(name) if families.has_table(name) else None
    return {"sheet": "", "number": "#", "dealer": str(_("Giver")), "game": str(_("Spil")),
            "declarer": str(_("Spilfører")), "points": str(_("spil")), "running": str(_("stilling")), "sum": "",
            "signatures": "", **(side.written_words if side is not None else {})}


def cup_won_word(name: str, figures: Mapping[str, int]) -> str:
    """How a player of the family ``name`` won a cup, from the deal's stored figures, or ""."""
    side = table_family(name) if families.has_table(name) else None
    return str(side.cup_won_word(figures)) if side is not None and side.cup_won_word is not None else ""


def default_highlights(name: str) -> tuple[tuple[str, Any], ...]:
    """A family's highlights when its table side names none: the figures its standings show
    (``Family.summary_figures``), else all its figures, each headed by its ``figure_words``."""
    engine = families.family(name)
    words = table_family(name).figure_words if families.has_table(name) else {}
    return tuple((figure, words.get(figure, figure.replace("_", " ")))
                 for figure in (engine.summary_figures or engine.figures))


def season_highlights(name: str, rules: str) -> tuple[tuple[str, Any], ...]:
    """The highlights of the rule set ``rules`` of the family ``name`` (``TableFamily.season_highlights``)."""
    side = table_family(name) if families.has_table(name) else None
    if side is not None and side.season_highlights is not None:
        return tuple(side.season_highlights(rules))
    return default_highlights(name)
