"""The older Danish book's cup's contents replaced on the deal form (docs/rules/danish.md §7.4), without
a request or the database: who replaces which cup, into the cup or to whom, becomes the deal's
``cup_fines``; the engine's refusal lands at its row's field; only a card with the rule offers it.
The table page's wiring of it is tested in tests/web/test_text_rules.py."""
import pytest
from django.http import QueryDict
from django.utils import translation

from families.danish.engine.rates import AELDRE1900, VLK
from families.danish.forms import DealForm

THREE = ("Anne", "Bent", "Carl")
#: Anne deals; Carl's revoke gave Bent his pagat ultimo (SPILLET l. 189-194)
CAUSED = {"kind": "played", "dealer": "Anne", "pagat_owner": "Bent", "pagat_fate": "ultimo", "last_trick": "Bent",
          "counts.Anne": "20", "counts.Bent": "35", "fine_1_player": "Carl", "fine_1_kind": "revoke",
          "cup_fine_1_player": "Carl", "cup_fine_1_cup": "pagat"}


def form(card, data: dict) -> DealForm:
    posted = QueryDict(mutable=True)
    for key, value in {"version": "1", "confirm_dealer": "1", **data}.items():
        posted[key] = value
    return DealForm(THREE, data=posted, dealer=data.get("dealer"), card=card)


@pytest.fixture(autouse=True)
def danish():
    with translation.override("da"):
        yield


def test_who_replaces_which_cup_and_to_whom_becomes_the_deal_s_cup_fines():
    found = form(AELDRE1900, CAUSED)
    assert found.is_valid(), found.problem_list()
    assert found.to_outcome()["cup_fines"] == [{"player": "Carl", "cup": "pagat"}]
    to_bent = form(AELDRE1900, {**CAUSED, "cup_fine_1_cup": "king", "cup_fine_1_to": "Bent"})
    assert to_bent.is_valid(), to_bent.problem_list()
    assert to_bent.to_outcome()["cup_fines"] == [{"player": "Carl", "cup": "king", "to": "Bent"}]
    assert "cup_fine_1_player" not in form(VLK, {}).fields


def test_a_cup_s_contents_replaced_without_its_fine_is_refused_at_its_row():
    found = form(AELDRE1900, {**CAUSED, "fine_1_player": "", "fine_1_kind": ""})
    if found.is_valid():
        found.add_engine_problems(found.engine_problems())
    assert [str(m) for m in found.errors["cup_fine_1_player"]] == [
        "Carl skal også have bøden for svigtet kulør eller forkert antal kort i dette spil"]
    half = form(AELDRE1900, {**CAUSED, "cup_fine_1_cup": ""})
    assert not half.is_valid() and "cup_fine_1_cup" in half.errors
