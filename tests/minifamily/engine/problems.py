"""The minimal family's own message codes, Danish msgids marked as every family marks them
(docs/architecture.md). The tests' folder is outside ``make messages``, so they read in Danish in
every language: what a family outside the project's catalogues gets."""
from __future__ import annotations

from scoring.engine.problems import register
from scoring.engine.translation import Text, pgettext_lazy

CATALOGUE: dict[str, Text] = {
    "minifamily_player_count": pgettext_lazy("engine", "et minibord har 2 til 4 spillere, ikke {count}"),
    "minifamily_counts_players": pgettext_lazy("engine", "der skal være tal for netop spillerne ved bordet: {names}"),
    "minifamily_tie": pgettext_lazy("engine", "flere har det højeste tal ({count}); ét spil har én vinder"),
}

register(CATALOGUE)
