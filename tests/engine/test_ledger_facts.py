"""An entry's facts worded when read (``ledger.Facts``): settling keeps a deal's atoms, and the
words (a Selca formula in English and as its catalogue words) are built the first time the entry's
facts are read, once, and read as the tuple of pairs they stand for."""
import pickle
from pathlib import Path

from scoring.engine.interchange import loads
from scoring.engine.ledger import FORMULA_WORDS, EntryKind, Facts, make_entry
from scoring.engine.settle import settle_evening

ROOT = Path(__file__).resolve().parents[2]
PAIRS = (("formula", "Anne +1"), (FORMULA_WORDS, [["spil", {}], " +1"]))


class Counted:
    """A wording function that counts its calls."""

    def __init__(self, pairs):
        self.pairs, self.calls = pairs, 0

    def __call__(self, *atoms):
        self.calls += 1
        return self.pairs + (("atoms", atoms),)


def test_facts_are_worded_once_when_first_read():
    word = Counted(PAIRS)
    entry = make_entry(EntryKind.DEAL, 1, ("Anne", "Bent"), [], info=Facts(word, 7, "x"))
    assert word.calls == 0
    assert entry.facts == {"formula": "Anne +1", FORMULA_WORDS: [["spil", {}], " +1"], "atoms": (7, "x")}
    assert list(entry.info) == [*PAIRS, ("atoms", (7, "x"))] and len(entry.info) == 3
    assert entry.info[0] == ("formula", "Anne +1")
    assert word.calls == 1


def test_facts_read_as_the_tuple_of_their_pairs():
    pairs = (*PAIRS, ("atoms", ()))
    facts = Facts(Counted(PAIRS))
    assert facts == pairs and pairs == facts and facts == Facts(Counted(PAIRS))
    assert facts != pairs[:1] and facts != list(pairs)
    assert repr(facts) == repr(pairs)
    copied = pickle.loads(pickle.dumps(facts))
    assert type(copied) is tuple and copied == pairs
    players = ("Anne", "Bent")
    assert (make_entry(EntryKind.DEAL, 1, players, [], info=Facts(Counted(PAIRS)))
            == make_entry(EntryKind.DEAL, 1, players, [], info=pairs))


def test_a_selca_evening_is_settled_without_wording_its_formulas(monkeypatch):
    from families.selca.engine import settle as selca

    calls = []
    for name in ("game_formula", "klop_formula", "misdeal_formula", "shown_formula"):
        built = getattr(selca, name)
        monkeypatch.setattr(selca, name, lambda *atoms, built=built, name=name: calls.append(name) or built(*atoms))
    settled = settle_evening(loads((ROOT / "tests" / "golden" / "selca" / "worked-examples.json").read_text()))
    assert calls == []
    first = settled.deals[0].facts
    assert first["formula"].startswith("Bojan plays three, wins 43:27")
    assert settled.deals[0].facts == first and calls == ["game_formula"]
    assert settled.deals[1].facts["formula"] == "klop: Ana took most (34) -5"
    assert calls == ["game_formula", "klop_formula"]
