"""The deal form of the old German cards and the engine's rules behind it, without a request or the
database (docs/rules/grosstarock.md §5): every kind of bad input on a `grosstarock` or `taroc1754`
table is refused at its field, none at the top of the form. The table page's POST builds this form;
what the form lets through, the service refuses with the engine's problems (``validate_deal``),
which the page shows next to their fields as ``add_engine_problems`` does here. The wiring (a 422
naming the field, nothing written) is tested by posting two of these, one of each kind, in
tests/web/test_grosstarock_form.py."""
import pytest
from django.http import QueryDict
from django.utils import translation

from families.danish.engine.rates import GROSSTAROCK, TAROC1754
from families.danish.forms import DealForm
from tests.web.test_grosstarock_form import BAD_GT, BAD_TAROC1754, DEAL_A, DEAL_B, THREE


def form(card, data: dict) -> DealForm:
    """The form of a table of three as the table page's POST fills it (the dealer confirmed)."""
    posted = QueryDict(mutable=True)
    for key, value in {"version": "1", "confirm_dealer": "1", **data}.items():
        posted[key] = value
    return DealForm(THREE, data=posted, dealer=data.get("dealer"), card=card)


@pytest.fixture(autouse=True)
def danish():
    with translation.override("da"):
        yield


def refused_at(found: DealForm, field: str, text: str | None) -> None:
    if found.is_valid():   # the form's widgets take it: the engine's rules judge it, as the service does
        found.add_engine_problems(found.engine_problems())
    messages = [str(m) for m in found.errors.get(field, [])] + (
        list(found.section_errors.get("counts", [])) if field == "counts" else [])
    assert messages, (field, found.problem_list())
    if text:
        assert any(text in m for m in messages), (field, messages)
    assert not found.non_field_errors(), found.non_field_errors()


def test_the_worked_deals_are_valid_as_tapped():
    """The deals every case below spoils are themselves valid."""
    for card, deal in ((GROSSTAROCK, DEAL_B), (TAROC1754, DEAL_A)):
        found = form(card, deal)
        assert found.is_valid(), found.problem_list()


@pytest.mark.parametrize("extra, field, text", BAD_GT)
def test_grosstarock_s5_bad_input_is_refused_at_its_field(extra, field, text):
    refused_at(form(GROSSTAROCK, {**DEAL_B, **extra}), field, text)


@pytest.mark.parametrize("extra, field, text", BAD_TAROC1754)
def test_taroc1754_s5_bad_input_is_refused_at_its_field(extra, field, text):
    refused_at(form(TAROC1754, {**DEAL_A, **extra}), field, text)
