"""The Selca deal form on its own, without a request or the database (docs/rules/selca.md §2, §12,
§14): a count as the players say it becomes the declarer's thirds, and bad input is refused next
to its field in točke, never in the engine's thirds. The form is what the table page's POST and its
live preview both build (tests/web/test_selca_table.py posts one of these through the view: a 422,
the words next to the field, nothing written)."""
import pytest
from django.http import QueryDict
from django.utils import translation

from families.selca import forms as sf

THREE = ("Ana", "Bojan", "Cene")


def form(**taps) -> sf.SelcaDealForm:
    """The form of a table of three as the table page's POST fills it (a game unless ``kind`` says
    otherwise; the dealer confirmed, as tests.web.family_tables.form_data does)."""
    data = QueryDict(mutable=True)
    for key, value in {"version": "1", "kind": "game", "confirm_dealer": "1", **taps}.items():
        data[key] = value
    return sf.SelcaDealForm(THREE, data=data, dealer=taps.get("dealer"))


@pytest.fixture(autouse=True)
def danish():
    with translation.override("da"):
        yield


@pytest.mark.parametrize("typed, platelci, thirds", [
    ("35,3", "0", 106), ("37,6", "0", 113), ("35 in 1 platelc", "0", 106), ("35", "1", 106),
    ("35 in 2 platelca", "0", 107), ("35,0", "0", 105), ("70", "0", 210), ("0", "2", 2)])
def test_selca_s14_counts_as_players_say_them(typed, platelci, thirds):
    found = form(dealer="Ana", declarer="Bojan", game="2", count=typed, count_platelci=platelci)
    assert found.is_valid(), found.problem_list()
    assert found.to_outcome()["count"] == thirds


#: (taps, the field refused, words of its message): each a deal the page refuses with a 422.
BAD = [
    (dict(dealer="Ana", game="2", count="40"), "declarer", "skal udfyldes"),
    (dict(dealer="Ana", declarer="Bojan", count="40"), "game", "skal udfyldes"),
    (dict(dealer="Ana", declarer="Bojan", game="2", count="35,5"), "count", "som man siger den"),
    (dict(dealer="Ana", declarer="Bojan", game="2", count="71"), "count", "som man siger den"),
    (dict(dealer="Ana", declarer="Bojan", game="2", count="35,3", count_platelci="1"), "count",
     "som man siger den"),
    (dict(dealer="Ana", declarer="Bojan", game="2"), "count", "skal udfyldes"),
    # the count in the players' točke, never the engine's thirds (§2)
    (dict(dealer="Ana", declarer="Bojan", game="2", count="30", valat="silent"), "valat",
     "valat, men licitator tabte med 30 točk."),
    (dict(dealer="Ana", declarer="Bojan", game="2", count_side="opponents", count="35,3", valat="silent"), "valat",
     "valat, men licitator tabte med 34 in 2 platelca."),
    (dict(dealer="Ana", declarer="Bojan", game="2", count="40", kontra_game="kontra"), "kontra_by", "skal udfyldes"),
    (dict(dealer="Ana", declarer="Bojan", game="2", count="40", kontra_game="kontra", kontra_by="Bojan"),
     "kontra_by", "ikke af spilføreren"),
    (dict(dealer="Ana", declarer="Bojan", game="2", count="40", mondfang_owner="Cene", mondfang_by="Cene"),
     "mondfang_by", "egen mond"),
    (dict(dealer="Ana", declarer="Bojan", game="2", count="40", mondfang_owner="Cene"), "mondfang_by", "skal udfyldes"),
    (dict(dealer="Ana", declarer="Bojan", game="2", count="40", pagatfonk_skis="Ana", pagatfonk_pagat="Bojan",
          trula="opponents"), "trula", "pagatfonk"),
    (dict(dealer="Ana", kind="shown"), "shown_by", "skal udfyldes"),
]


@pytest.mark.parametrize("taps, field, words", BAD)
def test_selca_s12_bad_input_is_refused_next_to_its_field(taps, field, words):
    found = form(**taps)
    assert not found.is_valid()
    assert any(words in str(message) for message in found.errors.get(field, [])), (field, found.problem_list())
    assert not any("tredjedel" in message for _label, message in found.problem_list())


def test_selca_s12_kontra_on_an_announced_pagat_with_its_by_is_no_error():
    found = form(dealer="Ana", declarer="Bojan", game="2", count="40", pagat="announced_lost", kontra_pagat="re",
                 kontra_by="Cene")
    assert found.is_valid(), found.problem_list()
    assert found.to_outcome()["kontra"] == {"by": "Cene", "pagat": "re"}
