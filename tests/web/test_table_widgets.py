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


#: The per-row partial ``{% deal_links %}`` replaced, as it stood: the tag must write what it wrote.
OLD_DEAL_LINKS = (
    '{% load i18n %}<td class="pin links"><span class="deal-links">{% if can_record and not sheet.closed and not '
    'row.voided %}<a class="edit-link" id="{% if row.deal.pk == sheet.last_deal.pk %}edit-last{% else %}edit-'
    '{{ row.number }}{% endif %}" data-deal="{{ row.number }}" href="{% url \'scoring:deal_edit\' row.deal.pk %}" '
    'aria-label="{% blocktranslate with n=row.number %}Ret spil {{ n }}{% endblocktranslate %}">{% translate "Ret" '
    'context "knap på arket" %}</a>{% endif %}<a class="history-link" id="history-{{ row.number }}" href="{% url '
    '\'scoring:deal_history\' row.deal.pk %}" title="{% blocktranslate with n=row.number %}Historik for spil {{ n }}'
    '{% endblocktranslate %}" aria-label="{% blocktranslate with n=row.number %}Historik for spil {{ n }}'
    '{% endblocktranslate %}">⋯</a></span></td>')


@pytest.mark.parametrize("language", ["da", "en", "de", "sl"])
@pytest.mark.parametrize("can_record, closed, voided, last", [
    (True, False, False, True), (True, False, False, False), (True, False, True, False), (True, True, False, True),
    (False, False, False, True), (None, False, False, False), (True, False, False, None),
])
def test_deal_links_writes_what_the_partial_wrote(language, can_record, closed, voided, last):
    from types import SimpleNamespace

    from django.template import Context, Template

    deal = SimpleNamespace(pk=1234)
    last_deal = None if last is None else SimpleNamespace(pk=1234 if last else 99)
    context = {"row": SimpleNamespace(deal=deal, number=1007, voided=voided),
               "sheet": SimpleNamespace(closed=closed, last_deal=last_deal)}
    if can_record is not None:
        context["can_record"] = can_record
    with override(language):
        old = Template(OLD_DEAL_LINKS).render(Context(context))
        new = Template("{% load sheet %}{% deal_links %}").render(Context(context))
    assert new == old
    assert "/deals/1234/history/" in new and ("edit-link" in new) == bool(can_record and not closed and not voided)
