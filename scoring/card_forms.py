"""A club's copy of a rate card, edited on the club card page (``views.club.club_card_edit``): the
title and every whole number of the card, each field named by its path in the card
(``game.koenigsrufer``, ``bonus.pagat.2``); a club copy may change any number
(docs/rules/karlsruhe.md §8). A family whose copies change only some numbers, or in steps of a
jeton, gives its own form as ``TableFamily.card_form`` on ``CardForm``. The family's
``card_from_dict`` has the last word; its message is shown next to the field it names."""
from __future__ import annotations

import json

from django import forms
from django.utils.translation import gettext as _, gettext_lazy

from scoring.engine import bounds
from scoring.forms import validate_text


class CardForm(forms.Form):
    """What every card form shares: its title, never another card's (built-in or the club's)."""

    #: The page says every amount goes up in the card's jeton (else: whole points).
    multiples = False

    title = forms.CharField(label=gettext_lazy("Titel"),
                            validators=[lambda value: validate_text(value, bounds.CARD_TITLE_MAX_LENGTH)],
                            widget=forms.TextInput(attrs={"maxlength": bounds.CARD_TITLE_MAX_LENGTH}))

    def __init__(self, base: dict, *args, other_titles=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.base = base
        self.other_titles = {t.casefold() for t in other_titles}
        self.fields["title"].initial = base["title"]

    def clean_title(self):
        """A sheet shows a card's title: never the title of another card (built-in or the club's)."""
        title = self.cleaned_data["title"]
        if title.casefold() in self.other_titles:
            raise forms.ValidationError(_("Der er allerede et takstkort med den titel."))
        return title


class NumbersCardForm(CardForm):
    """Every whole number of the card, named by its path (the default ``TableFamily.card_form``)."""

    def __init__(self, base: dict, *args, **kwargs):
        super().__init__(base, *args, **kwargs)
        for path, value in number_leaves(base):
            self.fields[path] = forms.IntegerField(label=path.replace(".", " · ").replace("_", " "), min_value=0,
                                                   max_value=bounds.CARD_AMOUNT_MAX, initial=value)

    def card_data(self, name: str) -> dict:
        data = json.loads(json.dumps(self.base))
        for path, _value in number_leaves(self.base):
            *parents, last = path.split(".")
            node = data
            for key in parents:
                node = node[int(key) - 1] if isinstance(node, list) else node[key]
            if isinstance(node, list):
                node[int(last) - 1] = self.cleaned_data[path]
            else:
                node[last] = self.cleaned_data[path]
        return dict(data, name=name, title=self.cleaned_data["title"])


def number_leaves(data, prefix: str = "") -> list[tuple[str, int]]:
    """Every whole number of a card's JSON with its path (list items counted from 1)."""
    items = enumerate(data, 1) if isinstance(data, list) else data.items()
    leaves = []
    for key, value in items:
        path = f"{prefix}{key}"
        if isinstance(value, (dict, list)):
            leaves += number_leaves(value, path + ".")
        elif isinstance(value, int) and not isinstance(value, bool):
            leaves.append((path, value))
    return leaves
