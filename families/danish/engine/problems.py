"""The Danish family's own message codes for the rules of docs/rules/danish.md §7.4 (Danish first,
English complete), registered in the engine's catalogue (``problems.register``) when the family
is loaded. The generic codes (``key_not_on_card``, ``sits_out`` …) are reused."""
from __future__ import annotations

from scoring.engine.problems import register

CATALOGUE: dict[str, tuple[str, str]] = {
    "redeal_not_on_card": ("takstkortet '{rules}' kender ikke en ny give uden betaling",
                           "the '{rules}' rate card has no free redeal"),
    "redeal_only_dealer": ("en ny give har kun giveren og den, der bad om den; ingen bøder",
                           "a redeal carries only the dealer and who asked for it; no fines"),
    "asked_by_not_redeal": ("kun en ny give har en, der bad om den",
                            "only a redeal has a player who asked for it"),
    "passed_not_misdeal": ("kun en fejlgivning kan gå videre uden bøde",
                           "only a misdeal can be passed instead of paying its fine"),
    "passed_no_fine": ("en fejlgivning, der går videre, koster ingen fejlgivningsbøde",
                       "a passed misdeal pays no misdeal fine"),
    "forfeited_twice": ("{name} er nævnt to gange", "{name} is named twice"),
}

register(CATALOGUE)
