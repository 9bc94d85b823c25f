"""The Danish family's own message codes for the rules of docs/rules/danish.md §7.4 (Danish msgids
marked for the engine's catalogues, docs/architecture.md "The engine's words"), registered in the
engine's catalogue (``problems.register``) when the family is loaded. The generic codes
(``key_not_on_card``, ``sits_out`` …) are reused."""
from __future__ import annotations

from scoring.engine.problems import register
from scoring.engine.translation import Text, pgettext_lazy

CATALOGUE: dict[str, Text] = {
    "redeal_not_on_card": pgettext_lazy("engine", "takstkortet '{rules}' kender ikke en ny give uden betaling"),
    "redeal_only_dealer": pgettext_lazy("engine", "en ny give har kun giveren og den, der bad om den; ingen bøder"),
    "asked_by_not_redeal": pgettext_lazy("engine", "kun en ny give har en, der bad om den"),
    "passed_not_misdeal": pgettext_lazy("engine", "kun en fejlgivning kan gå videre uden bøde"),
    "passed_no_fine": pgettext_lazy("engine", "en fejlgivning, der går videre, koster ingen fejlgivningsbøde"),
    "forfeited_twice": pgettext_lazy("engine", "{name} er nævnt to gange"),
}

register(CATALOGUE)
