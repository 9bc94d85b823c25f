"""The Selca family's own message codes (docs/rules/selca.md §12, §14), each a Danish msgid of the
catalogues marked ``pgettext_lazy("engine", …)``, with English, German and Slovenian there
(docs/architecture.md); registered in the engine's catalogue (``problems.register``) when the family
is loaded. The generic codes (``required``, ``not_at_table``, ``sits_out``, ``number_range``,
``unknown_key`` …) are reused."""
from __future__ import annotations

from scoring.engine.problems import register
from scoring.engine.translation import Text, pgettext_lazy

CATALOGUE: dict[str, Text] = {
    "selca_player_count": pgettext_lazy("engine", "et Selca-bord har 3 eller 4 spillere, ikke {count}"),
    "selca_field_unused": pgettext_lazy("engine", "hører ikke til et spil af arten {kind}"),
    "selca_game": pgettext_lazy("engine", "skal være 1, 2 eller 3 (ena, dve, tri)"),
    "selca_counts_players": pgettext_lazy("engine", "der skal være et tal for hver spiller ved bordet; mangler: "
                                                    "{names}"),
    # Counts: in thirds, the evening file's unit (docs/format.md), and in točke (§2).
    "selca_counts_sum": pgettext_lazy("engine", "tallene giver {total} tredjedele = {total_said}; de skal give "
                                                "{expected} = 70 točk"),
    "selca_count_range": pgettext_lazy("engine", "skal være fra {low} til {high} tredjedele = {low_said} til "
                                                 "{high_said}, ikke {value} = {value_said}"),
    "selca_mondfang_own": pgettext_lazy("engine", "ingen fanger sin egen mond"),
    "selca_pagatfonk_own": pgettext_lazy("engine", "skisen og pagaten har hver sin ejer"),
    "selca_kontra_by_declarer": pgettext_lazy("engine", "kontra siges af en modspiller, ikke af spilføreren {name}"),
    "selca_kontra_empty": pgettext_lazy("engine", "kontra skal gælde spillet, den ansagte pagat eller den ansagte "
                                                  "valat"),
    "selca_kontra_not_announced": pgettext_lazy("engine", "{item} er ikke ansagt"),
    "selca_pagat_announced_opponents": pgettext_lazy("engine", "spilføreren ansagde pagat, så pagaten i sidste "
                                                               "stik er hans"),
    "selca_pagat_lost_and_ultimo": pgettext_lazy("engine", "pagaten kan ikke både tage og tabe sidste stik"),
    "selca_valat_lost": pgettext_lazy("engine", "valat, men spilføreren tabte ({count} tredjedele = {count_said})"),
    "selca_valat_trick": pgettext_lazy("engine", "valat: spilføreren tog alle stik, men {other} siger at "
                                                 "modspillerne tog et"),
    "selca_pagatfonk_announced": pgettext_lazy("engine", "spilføreren ansagde pagat, så pagaten i pagatfonk er hans"),
    "selca_pagatfonk_with": pgettext_lazy("engine", "et pagatfonk-stik har ingen {other} (mond, škis og pagat er i "
                                                    "samme stik)"),
    "selca_pagatfonk_side": pgettext_lazy("engine", "pagatfonk: trulaen og pagaten er hos {name}s side ({side})"),
    "selca_trula_side": pgettext_lazy("engine", "trulaen kan kun være hos den side, der har {what} ({side})"),
}

register(CATALOGUE)
