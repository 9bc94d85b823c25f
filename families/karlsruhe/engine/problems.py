"""The Karlsruhe family's own message codes (docs/rules/karlsruhe.md §9), each a Danish msgid of the
catalogues marked ``pgettext_lazy("engine", …)``, with English, German and Slovenian there
(docs/architecture.md); registered in the engine's catalogue (``problems.register``) when the family
is loaded. The generic codes (``required``, ``not_at_table``, ``sits_out``, ``number_range`` …) are
reused."""
from __future__ import annotations

from scoring.engine.problems import register
from scoring.engine.translation import Text, pgettext_lazy

CATALOGUE: dict[str, Text] = {
    "karlsruhe_player_count": pgettext_lazy("engine", "et Karlsruhe-bord har 4 eller 5 spillere, ikke {count}"),
    "karlsruhe_field_unused": pgettext_lazy("engine", "bruges ikke i {game}"),
    "karlsruhe_only_dealer_and_kind": pgettext_lazy("engine", "en fejlgivning eller ny give har kun giver og art"),
    "karlsruhe_radl_derived": pgettext_lazy("engine", "Radl udledes af spillene og indtastes ikke"),
    "karlsruhe_count_beside_valat": pgettext_lazy("engine", "ved en Valat tælles der ikke"),
    "karlsruhe_silent_beside_valat": pgettext_lazy("engine", "ved en Valat tæller kun ansagte bonusser"),
    "karlsruhe_king_caught_beside_valat": pgettext_lazy("engine", "ved en Valat er der ingen fanget konge"),
    "karlsruhe_announced_by_opponents": pgettext_lazy("engine", "kun spilføreren ansager, for spilførernes side"),
    "karlsruhe_not_announced": pgettext_lazy("engine", "{bonus} kan ikke ansages"),
    "karlsruhe_silent_cannot_fail": pgettext_lazy("engine", "en stille {bonus} kan ikke mislykkes"),
    "karlsruhe_pagat_and_trull": pgettext_lazy("engine", "pagaten kan ikke være i begge siders stik: som pagat er "
                                                         "registreret, ligger den hos den anden side"),
    "karlsruhe_king_caught_four_kings": pgettext_lazy("engine", "spilførerne har alle fire konger, så kongen er "
                                                                "ikke fanget"),
    "karlsruhe_king_not_caught_four_kings": pgettext_lazy("engine", "modspillerne har alle fire konger, så den "
                                                                    "kaldte konge er fanget"),
    "karlsruhe_kontra_target": pgettext_lazy("engine", "kontra kun på spillet eller en ansagt bonus"),
    "karlsruhe_kontra_bettel": pgettext_lazy("engine", "ved Bettel ouvert kun kontra på spillet"),
    "karlsruhe_counts_players": pgettext_lazy("engine", "der skal være tal for netop de aktive spillere: {names}"),
    # Counts: in thirds, the evening file's unit (docs/format.md), and in Punkte and Blätter (§3).
    "karlsruhe_counts_sum": pgettext_lazy("engine", "tallene giver {total} tredjedele = {total_said}; de skal give "
                                                    "{expected} = {expected_said}"),
    "karlsruhe_count_range": pgettext_lazy("engine", "skal være fra {low} til {high} tredjedele = {low_said} til "
                                                     "{high_said}, ikke {value} = {value_said}"),
}

register(CATALOGUE)
