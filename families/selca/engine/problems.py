"""The Selca family's own message codes (docs/rules/selca.md §12, §14), Danish first, English complete;
registered in the engine's catalogue (``problems.register``) when the family is loaded. The
generic codes (``required``, ``not_at_table``, ``sits_out``, ``number_range``, ``unknown_key`` …)
are reused."""
from __future__ import annotations

from scoring.engine.problems import register

CATALOGUE: dict[str, tuple[str, str]] = {
    "selca_player_count": ("et Selca-bord har 3 eller 4 spillere, ikke {count}",
                           "a Selca table seats 3 or 4 players, not {count}"),
    "selca_field_unused": ("hører ikke til et spil af arten {kind}", "does not belong to a deal of kind {kind}"),
    "selca_game": ("skal være 1, 2 eller 3 (ena, dve, tri)", "must be 1, 2 or 3 (ena, dve, tri)"),
    "selca_counts_players": ("der skal være et tal for hver spiller ved bordet; mangler: {names}",
                             "there must be a count for every player at the table; missing: {names}"),
    # Counts: in thirds, the evening file's unit (docs/format.md), and in točke (§2).
    "selca_counts_sum": ("tallene giver {total} tredjedele = {total_said}; de skal give {expected} = 70 točk",
                         "the counts add up to {total} thirds = {total_said}; they must add up to {expected} = 70 točk"),
    "selca_count_range": ("skal være fra {low} til {high} tredjedele = {low_said} til {high_said}, "
                          "ikke {value} = {value_said}",
                          "must be from {low} to {high} thirds = {low_said} to {high_said}, "
                          "not {value} = {value_said}"),
    "selca_mondfang_own": ("ingen fanger sin egen mond", "nobody catches his own mond"),
    "selca_pagatfonk_own": ("skisen og pagaten har hver sin ejer", "the škis and the pagat have different owners"),
    "selca_kontra_by_declarer": ("kontra siges af en modspiller, ikke af spilføreren {name}",
                                 "kontra is said by an opponent, not by the declarer {name}"),
    "selca_kontra_empty": ("kontra skal gælde spillet, den ansagte pagat eller den ansagte valat",
                           "kontra must be on the game, the announced pagat or the announced valat"),
    "selca_kontra_not_announced": ("{item} er ikke ansagt", "{item} was not announced"),
    "selca_pagat_announced_opponents": (
        "spilføreren ansagde pagat, så pagaten i sidste stik er hans",
        "the declarer announced pagat, so the pagat in the last trick is his"),
    "selca_pagat_lost_and_ultimo": ("pagaten kan ikke både tage og tabe sidste stik",
                                    "the pagat cannot both win and lose the last trick"),
    "selca_valat_lost": ("valat, men spilføreren tabte ({count} tredjedele = {count_said})",
                         "valat, but the declarer lost ({count} thirds = {count_said})"),
    "selca_valat_trick": ("valat: spilføreren tog alle stik, men {other} siger at modspillerne tog et",
                          "valat: the declarer took every trick, but {other} says the opponents took one"),
    "selca_pagatfonk_announced": ("spilføreren ansagde pagat, så pagaten i pagatfonk er hans",
                                  "the declarer announced pagat, so the pagat of the pagatfonk is his"),
    "selca_pagatfonk_with": ("et pagatfonk-stik har ingen {other} (mond, škis og pagat er i samme stik)",
                             "a pagatfonk trick leaves no {other} (mond, škis and pagat are in one trick)"),
    "selca_pagatfonk_side": ("pagatfonk: trulaen og pagaten er hos {name}s side ({side})",
                             "pagatfonk: the trula and the pagat end with {name}'s side ({side})"),
    "selca_trula_side": ("trulaen kan kun være hos den side, der har {what} ({side})",
                         "the trula can only be with the side that ended with the {what} ({side})"),
}

register(CATALOGUE)
