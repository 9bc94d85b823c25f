"""A club's player found by his name, or a new one with a name the bounds accept."""
from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.engine import bounds
from scoring.engine import names as player_names
from scoring.engine.problems import problem
from scoring.models import Club, Player

from .errors import RecordingError


def player_get_or_create(*, club: Club, name: str) -> Player:
    """The club's player of that name; a new player only with a name ``bounds.name_problem``
    accepts (a player stored before the rule keeps his name). The name is ``names.tidy``'d, and a
    name that folds equal to a club player's (``names.match``: "bent ", "BENT", "Bént" for Bent)
    is that player, never a second one. A near name ("Bnet") is asked about by
    the forms before they call this; here it is a new player."""
    name = player_names.tidy(name)
    if not name:
        raise RecordingError.single("name", _("Navnet må ikke være tomt."))
    player = Player.objects.filter(club=club, name=name).first()
    if player is not None:
        return player
    same = player_names.match(name, Player.objects.filter(club=club).order_by("pk").values_list("name", flat=True)).exact
    if same is not None:
        return Player.objects.filter(club=club, name=same).first()
    found = bounds.name_problem(name)
    if found is not None:
        raise RecordingError.from_problems([problem(None, "name", found[0], **dict(found[1]))])
    player, _created = Player.objects.get_or_create(club=club, name=name)
    return player
