"""An entry keeps its postings as rows of atoms (``ledger.Row``) and reads them back as ``Posting``
objects: what was handed to ``make_entry`` (objects or plain tuples) is what ``postings`` gives,
no row holds an object the garbage collector must walk, a pickled entry carries its postings by
name into a process that numbered the reasons otherwise, and every check of ``make_entry`` holds
for a tuple as for an object."""
import dataclasses
import gc
import pickle
from pathlib import Path

import pytest

from scoring.engine import ledger
from scoring.engine.interchange import load
from scoring.engine.ledger import Entry, EntryKind, IdentityEnum, LedgerError, Posting, make_entry, player_totals
from scoring.engine.settle import settle_evening

ROOT = Path(__file__).resolve().parents[2]
TABLE = ("Anne", "Bent", "Carl")


class Pot(IdentityEnum):
    KITTY = "kitty"


class Why(IdentityEnum):
    WIN = "win"
    FEE = "fee"


def test_postings_read_back_as_handed_in_objects_or_tuples_zero_amounts_dropped():
    handed = [Posting("Bent", "Anne", 5, Why.WIN, "ace"), ("Carl", "Anne", 5, Why.WIN, "ace"),
              ("Anne", Pot.KITTY, 2, Why.FEE, ""), Posting("Bent", "Carl", 0, Why.FEE)]
    entry = make_entry(EntryKind.DEAL, 4, TABLE, handed, pots=(Pot.KITTY,), before=(3,), state=5)
    assert entry.postings == (Posting("Bent", "Anne", 5, Why.WIN, "ace"), Posting("Carl", "Anne", 5, Why.WIN, "ace"),
                              Posting("Anne", Pot.KITTY, 2, Why.FEE, ""))
    assert entry.amounts == (8, -5, -5, 2) and entry.contents == (5,) and entry.number == 4
    assert entry.net == {"Anne": 8, "Bent": -5, "Carl": -5, Pot.KITTY: 2}


def test_rows_hold_only_atoms():
    """The point of keeping rows: once the collector has looked at them it no longer tracks them
    (a Posting object it would walk in every full collection)."""
    evening = load(ROOT / "tests/golden/selca/four-players.json")
    settled = settle_evening(evening)
    gc.collect()
    rows = [row for entry in settled.deals for row in entry.rows]
    assert rows and not any(gc.is_tracked(row) for row in rows)
    assert all(isinstance(atom, (str, int)) for row in rows for atom in row)


def test_a_pickled_entry_reads_its_postings_in_a_process_that_numbered_the_reasons_otherwise(monkeypatch):
    entry = make_entry(EntryKind.DEAL, 1, TABLE, [("Bent", "Anne", 5, Why.WIN, ""), ("Anne", Pot.KITTY, 2, Why.FEE, "")],
                       pots=(Pot.KITTY,))
    data = pickle.dumps(entry)
    # Another process: its reasons numbered in another order (FEE met first).
    monkeypatch.setattr(ledger, "_REASONS", [])
    monkeypatch.setattr(ledger, "_REASON_NUMBERS", {})
    make_entry(EntryKind.DEAL, 1, TABLE, [("Anne", "Bent", 1, Why.FEE, "")])
    again = pickle.loads(data)
    assert again.postings == (Posting("Bent", "Anne", 5, Why.WIN, ""), Posting("Anne", Pot.KITTY, 2, Why.FEE, ""))
    assert again.amounts == entry.amounts and again.contents == entry.contents


@pytest.mark.parametrize("posting", [("Dorte", "Anne", 5, Why.WIN, ""), Posting("Anne", "Dorte", 5, Why.WIN)])
def test_an_account_outside_the_table_is_refused_as_a_tuple_or_an_object(posting):
    with pytest.raises(LedgerError, match="outside the table: Posting"):
        make_entry(EntryKind.DEAL, 1, TABLE, [posting])


def test_make_entry_makes_the_entry_the_dataclass_makes_every_field_in_its_place():
    entry = make_entry(EntryKind.DEAL, 4, TABLE, [("Bent", "Anne", 5, Why.WIN, "x"), ("Anne", Pot.KITTY, 2, Why.FEE, "")],
                       pots=(Pot.KITTY,), before=(3,), state=7, info=(("formula", "5+2"),))
    assert type(entry) is Entry
    assert (entry.kind, entry.number, entry.players, entry.amounts, entry.pots, entry.contents, entry.state,
            entry.info) == (EntryKind.DEAL, 4, TABLE, (3, -5, 0, 2), (Pot.KITTY,), (5,), 7, (("formula", "5+2"),))
    assert entry.rows == (("Bent", "Anne", 5, ledger._REASON_NUMBERS[Why.WIN], "x"),
                          ("Anne", 0, 2, ledger._REASON_NUMBERS[Why.FEE], ""))
    same = Entry(*(getattr(entry, field.name) for field in dataclasses.fields(Entry)))
    assert entry == same and hash(entry) == hash(same) and repr(entry) == repr(same)
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.number = 5


def test_an_entry_without_pots_keeps_its_accounts_by_name_and_refuses_a_pot_it_does_not_have():
    entry = make_entry(EntryKind.DEAL, 3, TABLE, [("Bent", "Anne", 4, Why.WIN, ""), ("Carl", "Anne", 0, Why.FEE, "")])
    assert entry.rows == (("Bent", "Anne", 4, ledger._REASON_NUMBERS[Why.WIN], ""),)
    assert entry.amounts == (4, -4, 0) and entry.contents == () and entry.pot_contents == {}
    with pytest.raises(LedgerError, match="outside the table: Posting"):
        make_entry(EntryKind.DEAL, 3, TABLE, [("Anne", Pot.KITTY, 2, Why.FEE, "")])


def test_a_pot_below_zero_is_refused_unless_it_has_no_floor():
    with pytest.raises(LedgerError, match="a pot went below zero"):
        make_entry(EntryKind.DEAL, 2, TABLE, [(Pot.KITTY, "Anne", 3, Why.WIN, "")], pots=(Pot.KITTY,), before=(2,))
    entry = make_entry(EntryKind.DEAL, 2, TABLE, [(Pot.KITTY, "Anne", 3, Why.WIN, "")], pots=(Pot.KITTY,),
                       before=(2,), floored=False)
    assert entry.contents == (-1,)


def test_player_totals_sum_each_players_amounts_over_the_entries():
    entries = [make_entry(EntryKind.DEAL, n, TABLE, [("Bent", "Anne", n, Why.WIN, ""), ("Carl", Pot.KITTY, 1, Why.FEE, "")],
                          pots=(Pot.KITTY,)) for n in (1, 2, 3)]
    assert player_totals(TABLE, entries) == {"Anne": 6, "Bent": -6, "Carl": -3}
    assert player_totals(TABLE, []) == {"Anne": 0, "Bent": 0, "Carl": 0}


def test_the_totals_from_the_running_totals_and_the_split_are_every_entry_summed():
    """``settle_in_turn`` hands ``settlement`` the totals it worked out for the split: the totals
    and transfers are those of every entry summed."""
    entries = [make_entry(EntryKind.DEAL, n, TABLE, [("Bent", "Anne", 4 * n, Why.WIN, ""), ("Carl", Pot.KITTY, 1, Why.FEE, "")],
                          pots=(Pot.KITTY,)) for n in (1, 2, 3)]
    split = make_entry(EntryKind.SPLIT, None, TABLE, [(Pot.KITTY, "Carl", 3, Why.WIN, "")], pots=(Pot.KITTY,), before=(3,))
    every = ledger.settlement(TABLE, "r", entries[0], entries[1:], split)
    given = ledger.settlement(TABLE, "r", entries[0], entries[1:], split, running=player_totals(TABLE, entries))
    assert given == every
    assert given.totals == (("Anne", 24), ("Bent", -24), ("Carl", 0)) and given.transfers
