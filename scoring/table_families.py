"""The table pages' side of a game family (engine ``families.py``): each family brings its own deal
form, live preview, sheet and words, and the views, the evening pages and the exports reach them only
through the ``TableFamily`` of a table: a subclass of the one here, overriding only what is the
family's own. A family's Django app (``families/<name>/apps.py``, a ``FamilyApp``) adds its one to the
family's entry in the engine's registry with ``register`` when the app is ready (docs/families.md).

What a family's form must answer (the views call nothing else): ``seats`` (the deal's seating:
``dealer``, ``forehand``, ``active``, ``sitting_out``), ``is_valid()``, ``to_outcome()`` (the deal
object of the evening file), ``cleaned_data["version"]``, ``add_engine_errors(errors)`` (the
service's ``FieldError`` list), ``label_for(field)`` and ``problem_list()``.
"""
from __future__ import annotations

from importlib import import_module
from typing import Any, Callable, Mapping

from django.apps import AppConfig
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _, pgettext_lazy

from scoring.engine import families
from scoring.engine.problems import EveningError
from scoring.engine.ledger import cup_contents
from scoring.family_forms import field_paths, line_changes, lines_summary, replay_correction
from scoring.language import engine_language


def pot_or_player(leg) -> str:
    """Whose a stored leg is: the player's name, or the pot's stored name (a family without pots of
    its own has none to name)."""
    return leg.player.name if leg.player_id is not None else str(leg.account)


def no_words(outcome: dict, players: tuple[str, ...], card: Any, facts: dict) -> tuple[str, ...]:
    """A family that does not describe its deals: its sheet rows show their amounts only."""
    return ()


def same_words(word: Any, other: Any) -> bool:
    """Whether two labels say the same words, case, parentheses and spacing aside: a family's own
    word and the page's word for it ("Skupaj" and "Skupaj" on a Slovenian page, "Tarok po Selško"
    and "Tarok (po Selško)"), so that a page prints it once rather than "Skupaj (Skupaj)"."""
    def words(text: Any) -> list[str]:
        return str(text).casefold().replace("(", " ").replace(")", " ").split()
    return words(word) == words(other)


def word_with_label(word: Any, label: Any) -> str:
    """A family's own word with the page's word for it in parentheses, "Skupaj (I alt)"; the word
    alone where the page speaks the family's language and both say the same (``same_words``)."""
    return str(word) if same_words(word, label) else f"{word} ({label})"


class TableFamily:
    """The table side every family shares; a family subclasses it and overrides only what is its own
    (python-chess's variants): its ``name``, ``label``, ``form_class`` and ``deal_lines``, and where
    it differs opening a recorded deal (``initial_from_outcome``), the preview's words (``preview_words``), who
    takes part (``playing``), a correction's effect, its sheet's words. Its templates are
    ``<name>/_deal_form.html`` and ``_sheet``, and ``_preview``, ``_table_header`` and ``_seating``
    where the shared ones (``templates/scoring/family/``) do not serve."""

    name: str                       # the engine family's name
    label: Promise | str            # shown when a club or a table picks its game
    #: The deal form: ``form_class(players, data=…, dealer=…, initial=…, card=…)``, on
    #: ``scoring.family_forms.FamilyFormMixin``.
    form_class: type
    #: What a deal's journal entry is called on its history page: payments, or for a written-score
    #: family what was written.
    entry_label: Promise | str = _("Betalinger")
    #: The family's games as its sheet names them, by the game's value ("Königsrufer", "tri").
    game_words: Mapping[Any, str] = {}
    #: Headings of the family's own per-deal figures (engine ``deal_stats``) on the player page,
    #: by figure name; a figure not named here shows its name.
    figure_words: Mapping[str, Any] = {}
    #: The family's cups as the evening pages name them ("kongekop"), and as the evening PDF heads
    #: their columns under "Kopper" ("konge"), by pot name; a pot not named shows its name.
    pot_names: Mapping[str, Any] = {}
    pot_words: Mapping[str, Any] = {}
    #: What closing the evening does with the family's cups, a line of the close page's list (a
    #: family without cups has none).
    split_words: Any = None
    #: A written score's sheet row (the PDF's zapisnik): ``written_row(players, outcome)`` -> (the
    #: game or kind in the game's words, the declarer, who takes part) of a stored deal object;
    #: ``None`` for a family of payments.
    written_row: Callable[[tuple[str, ...], dict], tuple[str, str, set]] | None = None
    #: The game's highlights in the season report: for a rule set's name, (figure name, heading) of
    #: the stored per-deal figures (``Family.figures``) the report sums and names a leader of (the
    #: Danish ultimos, bagud, tout and nolo a card pays). ``None``: ``default_highlights``.
    season_highlights: Callable[[str], tuple[tuple[str, Any], ...]] | None = None
    #: How ``describe``'s items are joined on one line: the Karlsruhe seed's table writes
    #: "Sechserbock, Schneider, im Radl"; the others a middle dot.
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
    #: ``signatures`` (beside the PDF's signature heading); and, for any family, how a voided deal
    #: is told: ``voided`` (the note under its struck-through row on the sheets, the PDF and the
    #: player's mail) and ``void_explain`` (the void page's first sentence). A role not given reads
    #: in the app's words (``written_words``), which for a voided deal are a payment's: a written
    #: score has no payments and says what it does instead (Selca: the deal is no longer written).
    written_words: Mapping[str, Any] = {}

    # The templates, by the family's name, else the shared default ------------------------------------

    def template(self, part: str) -> tuple[str, ...]:
        """The family's own ``<name>/_<part>.html`` where it has one, else the shared default
        (``templates/scoring/family/``: the seats, the header's totals and cups, the preview)."""
        return f"{self.name}/_{part}.html", f"scoring/family/_{part}.html"

    @property
    def form_template(self) -> str:      # the deal form's fields (inside the table page's form)
        return f"{self.name}/_deal_form.html"

    @property
    def preview_template(self) -> tuple[str, ...]:
        return self.template("preview")

    @property
    def sheet_template(self) -> str:
        return f"{self.name}/_sheet.html"

    @property
    def header_template(self) -> tuple[str, ...]:
        return self.template("table_header")

    @property
    def seating_template(self) -> tuple[str, ...]:   # who deals, leads, plays and sits out
        return self.template("seating")

    @property
    def engine(self) -> families.Family:
        return families.family(self.name)

    # The deal form --------------------------------------------------------------------------------

    def make_form(self, table, sheet, *, data=None, dealer: str | None = None, initial=None):
        """The deal form; unbound it proposes the sheet's next dealer. Its values are the names as
        seated, which the deal records; its words name the players as a page does (``called_by``)."""
        form = self.form_class(sheet.players, data=data, dealer=dealer or sheet.next_seating().dealer,
                               initial=initial, card=table.card)
        called_by(form, sheet)
        return form

    def carry_over(self, form_data, players: tuple[str, ...], dealer: str) -> tuple[dict, list]:
        """What another dealer keeps of the form (GET or POST data) and what it clears per player:
        everything kept, nothing cleared (a family where a seat's fields depend on the dealer says
        otherwise)."""
        return {n: form_data.get(n) for n in form_data
                if n not in ("dealer", "version", "csrfmiddlewaretoken") and form_data.get(n) not in (None, "")}, []

    def initial_from_outcome(self, players: tuple[str, ...], outcome: dict, version: int) -> tuple[str, dict]:
        """(dealer, the form's initial data) of a stored deal object, to correct it: each value by its
        path, as ``FamilyDealForm`` names its fields."""
        return outcome["dealer"], {"version": version, **field_paths(outcome)}

    # A deal in words (history pages, the evening's log, the sheet) ------------------------------

    def deal_lines(self, outcome: dict) -> list[tuple[str, str]]:
        """A deal object as (label, text) lines, as it reads at the table."""
        raise NotImplementedError

    def deal_changes(self, old: dict, new: dict) -> list[str]:
        """What a correction changed, one phrase per line that differs ("Spil: Dreier → Sechserbock")."""
        return line_changes(self.deal_lines(old), self.deal_lines(new))

    def deal_summary(self, outcome: dict) -> str:
        """The deal in one line for the evening's log."""
        return lines_summary(self.deal_lines(outcome))

    def leg_account(self, leg) -> str:
        """A stored leg's account as the history page names it: the player, or the family's pot (by
        its stored name unless the family names its own)."""
        return pot_or_player(leg)

    def describe(self, outcome: dict, players: tuple[str, ...], card: Any, facts: dict) -> tuple[str, ...]:
        """What was played, for the sheet's row (web and PDF): short items in the game's own words
        (the interface words around them through gettext), the game and who played it first:
        ("Sechserbock Bernd", "Schneider", "im Radl"), ("pagat ultimo Anne", "nolo Bent"). ``outcome``
        is the stored deal object, ``card`` the table's rate card, ``facts`` the deal's entry's facts
        (``Entry.info``: the Karlsruhe formula and Radl). None by default (``no_words``)."""
        return no_words(outcome, players, card, facts)

    def words(self, outcome: dict, players: tuple[str, ...], card: Any, facts: dict | None = None) -> tuple[str, ...]:
        """``describe``'s items of a stored deal; a deal object it cannot read (an old or damaged
        version) shows none rather than fail the sheet."""
        try:
            return tuple(str(item) for item in self.describe(outcome, players, card, facts or {}) if item)
        except (KeyError, TypeError, ValueError, AttributeError):
            return ()

    # The live preview and a correction's effect -------------------------------------------------

    def preview_context(self, table, sheet, form, editing: int | None) -> dict:
        """Settle the deal as entered with the engine, without saving: parse it, read the state the
        deals before it leave, settle it; each player's amount (0 for one who takes no part), the
        family's ``preview_words``, and for a correction its effect on every total; or the problems
        (the form's and the engine's, at once)."""
        valid = form.is_valid()
        context: dict = {"table": table, "players": sheet.players, "pots": sheet.pots,
                         **self.preview_always(form)}
        if not valid:
            context["problems"] = form.problem_list()
            return context
        number, outcome = editing or sheet.next_number, form.to_outcome()
        try:
            deal, entry = self.settle(table, sheet, outcome, number)
        except EveningError as exc:
            context["problems"] = [(form.label_for(p.field), p.message(engine_language())) for p in exc.problems]
            return context
        playing = self.playing(form, outcome)
        context.update({"number": number, "net": [(p, entry.net[p], p in playing) for p in sheet.players],
                        "cups_after": [(self.pot_names.get(pot, pot), amount) for pot, amount in cup_contents(entry).items()],
                        **self.preview_words(table, sheet, form, deal, entry)})
        if editing:
            context.update(self.correction_effect(table, sheet, editing, entry))
        return context

    def settle(self, table, sheet, outcome: dict, number: int):
        """The deal object ``outcome`` read and settled by the engine as deal ``number`` of the sheet,
        from the state the deals before it leave, without saving: (the engine's deal, its entry).
        ``EveningError`` when the engine refuses it."""
        engine = self.engine
        deal = engine.parse_deal(outcome, number, table.card)
        return deal, engine.settle_deal(sheet.players, number, deal, self.state_before(table, sheet, number),
                                        table.card)

    def preview_always(self, form) -> dict:
        """What the preview shows even of a form with problems (Selca's other side's count)."""
        return {}

    def preview_words(self, table, sheet, form, deal, entry) -> dict:
        """What the family's preview shows of a settled deal besides the amounts and the cups after
        (``cups_after``, by ``pot_names``): its formula, the game in its words; the shared preview
        shows a ``headline`` (the game, the winner)."""
        return {}

    def playing(self, form, outcome: dict) -> set[str]:
        """Who takes part in the deal (the others' amounts are shown as sitting out)."""
        return set(form.seats.active)

    def state_before(self, table, sheet, number: int):
        """What deal ``number`` needs from the deals before it (the family engine's ``state_before``):
        from the pots after the sheet's row before it and the table's current deals before it."""
        from scoring import services

        before = None
        for row in sheet.rows:
            if row.number is not None and row.number >= number:
                break
            before = row
        return services.table_state(table, number, dict(before.pots) if before is not None else {})

    def resettle(self, table, sheet, row, state):
        """A later deal of the sheet settled again from ``state`` (a correction's replay)."""
        deal = self.engine.parse_deal(row.deal.outcome, row.number, table.card)
        return self.engine.settle_deal(sheet.players, row.number, deal, state, table.card)

    def correction_effect(self, table, sheet, number: int, entry) -> dict:
        """What correcting deal ``number`` to the settled ``entry`` changes: the deal's own amounts
        before and after, and each player's total now and after every later deal is settled again,
        in memory (``replay_correction``; ``services.deal_correct`` writes the same)."""
        effect, _state = replay_correction(sheet, number, entry, state_of=lambda settled: settled.state,
                                           resettle=lambda row, state: self.resettle(table, sheet, row, state))
        return effect


def called_by(form, sheet) -> None:
    """A deal form's labels and choices that name a player as seated, worded as a page names him:
    the name now, and the seated one beside it where they differ ("Bent (Bnet)", docs/names.md,
    point 3); the values stay the names as seated. Nothing to do at a table whose players are
    called as they sat down."""
    from scoring.selectors.members import shown_words

    changed = {seated: now for seated, now in zip(sheet.players, sheet.shown) if seated != now}
    if not changed:
        return

    def worded(label):
        return shown_words((str(label),), changed)[0] if isinstance(label, (str, Promise)) else label

    for field in form.fields.values():
        field.label = worded(field.label) if field.label is not None else None
        if getattr(field, "choices", None):
            field.choices = [(value, worded(label)) for value, label in field.choices]


class FamilyApp(AppConfig):
    """A family's Django app (``families/<name>/apps.py``): when ready, a family outside ``families/``
    (the tests' own) registers its engine (``engine.FAMILY``), and every family's ``table.py`` adds
    its table side (``register``)."""

    def ready(self):
        if self.label not in families.built_in():
            families.register(import_module(f"{self.name}.engine").FAMILY)
        import_module(f"{self.name}.table")


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
    """A family's words by role (``TableFamily.written_words``): a written score's sheet and, for
    every family, a voided deal's; the app's own words where the family gives none (a voided deal
    is paid back)."""
    side = table_family(name) if families.has_table(name) else None
    words = {"sheet": "", "number": "#", "dealer": _("Giver"), "game": _("Spil"), "declarer": _("Spilfører"),
             # "spil" is also the game (a table's family): the column under each player is this deal's amount
             "points": pgettext_lazy("spillets beløb", "spil"), "running": _("stilling"), "sum": "", "signatures": "",
             "voided": _("annulleret – betalt tilbage"), "void_explain": _("Spillets betalinger føres tilbage."),
             **(side.written_words if side is not None else {})}
    return {role: str(word) for role, word in words.items()}


def void_note(name: str, reason: str = "") -> str:
    """The words under a voided deal of the family ``name`` (its ``voided`` word) and why it was
    voided, in the active language: the sheets, the PDF and a player's mail say it alike."""
    word = written_words(name)["voided"]
    return f"{word}: {reason}" if reason else word


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
