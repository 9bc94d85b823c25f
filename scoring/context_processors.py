from . import access


def clubs(request):
    """The clubs the user may read, for the header's links (one query, evaluated lazily)."""
    user = getattr(request, "user", None)
    return {"my_clubs": access.visible_clubs(user).only("id", "name") if user is not None else []}
