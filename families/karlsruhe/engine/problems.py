"""The Karlsruhe family's own message codes (docs/rules/karlsruhe.md §9), Danish first, English
complete; registered in the engine's catalogue (``problems.register``) when the family is loaded.
The generic codes (``required``, ``not_at_table``, ``sits_out``, ``number_range`` …) are reused."""
from __future__ import annotations

from scoring.engine.problems import register

CATALOGUE: dict[str, tuple[str, str]] = {
    "karlsruhe_player_count": ("et Karlsruhe-bord har 4 eller 5 spillere, ikke {count}",
                               "a Karlsruhe table seats 4 or 5 players, not {count}"),
    "karlsruhe_field_unused": ("bruges ikke i {game}", "is not used in {game}"),
    "karlsruhe_only_dealer_and_kind": ("en fejlgivning eller ny give har kun giver og art",
                                       "a misdeal or redeal carries only dealer and kind"),
    "karlsruhe_radl_derived": ("Radl udledes af spillene og indtastes ikke",
                               "the Radl derives from the deals and is never entered"),
    "karlsruhe_count_beside_valat": ("ved en Valat tælles der ikke", "no count is entered beside a Valat"),
    "karlsruhe_silent_beside_valat": ("ved en Valat tæller kun ansagte bonusser",
                                      "beside a Valat only announced bonuses count"),
    "karlsruhe_king_caught_beside_valat": ("ved en Valat er der ingen fanget konge",
                                           "no king is caught beside a Valat"),
    "karlsruhe_announced_by_opponents": ("kun spilføreren ansager, for spilførernes side",
                                         "only the declarer announces, for the declarers' side"),
    "karlsruhe_not_announced": ("{bonus} kan ikke ansages", "{bonus} cannot be announced"),
    "karlsruhe_silent_cannot_fail": ("en stille {bonus} kan ikke mislykkes", "a silent {bonus} cannot fail"),
    "karlsruhe_pagat_and_trull": (
        "pagaten kan ikke være i begge siders stik: som pagat er registreret, ligger den hos den anden side",
        "the Pagat cannot be in both sides' tricks: as the pagat is recorded, it lies with the other side",
    ),
    "karlsruhe_king_caught_four_kings": ("spilførerne har alle fire konger, så kongen er ikke fanget",
                                         "the declarers hold all four kings, so the king was not caught"),
    "karlsruhe_king_not_caught_four_kings": ("modspillerne har alle fire konger, så den kaldte konge er fanget",
                                             "the opponents hold all four kings, so the called king was caught"),
    "karlsruhe_kontra_target": ("kontra kun på spillet eller en ansagt bonus",
                                "kontra only on the game or an announced bonus"),
    "karlsruhe_kontra_bettel": ("ved Bettel ouvert kun kontra på spillet",
                                "in a Bettel ouvert kontra only on the game"),
    "karlsruhe_counts_players": ("der skal være tal for netop de aktive spillere: {names}",
                                 "there must be counts for exactly the active players: {names}"),
    # Counts: in thirds, the evening file's unit (docs/format.md), and in Punkte and Blätter (§3).
    "karlsruhe_counts_sum": ("tallene giver {total} tredjedele = {total_said}; de skal give {expected} = {expected_said}",
                             "the counts add up to {total} thirds = {total_said}; they must add up to "
                             "{expected} = {expected_said}"),
    "karlsruhe_count_range": ("skal være fra {low} til {high} tredjedele = {low_said} til {high_said}, "
                              "ikke {value} = {value_said}",
                              "must be from {low} to {high} thirds = {low_said} to {high_said}, "
                              "not {value} = {value_said}"),
}

register(CATALOGUE)
