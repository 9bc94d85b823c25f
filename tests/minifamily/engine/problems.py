"""The minimal family's own message codes (Danish, English), registered with the engine's catalogue."""
from __future__ import annotations

from scoring.engine.problems import register

CATALOGUE: dict[str, tuple[str, str]] = {
    "minifamily_player_count": ("et minibord har 2 til 4 spillere, ikke {count}",
                                "a mini table seats 2 to 4 players, not {count}"),
    "minifamily_counts_players": ("der skal være tal for netop spillerne ved bordet: {names}",
                                  "there must be counts for exactly the players at the table: {names}"),
    "minifamily_tie": ("flere har det højeste tal ({count}); ét spil har én vinder",
                       "more than one player holds the highest count ({count}); a deal has one winner"),
}

register(CATALOGUE)
