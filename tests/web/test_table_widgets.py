"""The deal forms' widgets written without Django's widget templates (``scoring/family_forms.py``)
give the markup Django's own templates give, byte for byte: the table page must look as before."""
from __future__ import annotations

import pytest
from django import forms
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy, override

from scoring.family_forms import OptionsSelect

CHOICES = [
    ("", "—"),
    ("plain", "Anne"),
    ("quote", 'Bent "B" <b> & Co'),
    ("safe", mark_safe("<i>Carl</i>")),
    ("lazy", gettext_lazy("Melding")),
    (7, 7),
    ("Taroks med pagat", [("taroks:10:1", "10 med"), ("taroks:11:1", "11 med")]),
    ("<Ø & \"grp\">", [("x&y", "x & y"), ("z", "z")]),
]


class _Form(forms.Form):
    def __init__(self, widget, *args, choices=CHOICES, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["pick"] = forms.ChoiceField(choices=choices, required=False, widget=widget)


def _both(**kwargs) -> tuple[str, str]:
    """The field rendered by Django's Select and by ``OptionsSelect`` (same form otherwise)."""
    attrs = kwargs.pop("attrs", None)
    django_form = _Form(forms.Select(attrs=attrs), **kwargs)
    ours = _Form(OptionsSelect(attrs=attrs), **kwargs)
    return str(django_form["pick"]), str(ours["pick"])


@pytest.mark.parametrize("kwargs", [
    {},
    {"initial": {"pick": "quote"}},
    {"initial": {"pick": "taroks:11:1"}},
    {"data": {"pick": "x&y"}},
    {"data": {"pick": "not offered"}},   # bound to a value not offered: an error, nothing selected
    {"initial": {"pick": 7}},
    {"attrs": {"autocomplete": "off", "required": True, "disabled": False, "data-x": 'a"b', "data-n": 3}},
    {"attrs": {"data-safe": mark_safe("&amp;")}},
    {"choices": [("", "—")]},
    {"choices": []},
])
def test_options_select_writes_what_djangos_select_writes(kwargs):
    django_markup, ours = _both(**kwargs)
    assert ours == django_markup
    assert "<option" in ours or kwargs.get("choices") == []


def test_options_select_translates_lazy_labels_in_the_active_language():
    with override("en"):
        django_markup, ours = _both()
    assert ours == django_markup


def test_a_subclass_with_its_own_template_is_rendered_by_it():
    class Listed(OptionsSelect):
        option_template_name = "django/forms/widgets/radio_option.html"

    markup = str(_Form(Listed())["pick"])
    assert "<input" in markup and "<option" not in markup   # the option template's markup, not ours
