"""django-tables2's per-cell signature, asked once per function (``scoring.tables_speed``): the
same answer as django-tables2's own for every kind of callable a column hands it."""
import functools
from decimal import Decimal

import django_tables2 as tables
from django_tables2 import utils

from scoring import tables_speed
from scoring.engine.money import Purse
from scoring.reports.listings import MoneyColumn, TypedDateColumn, standings_table


class Column(tables.Column):
    def render(self, value, record):
        return value

    def value(self, **kwargs):
        return kwargs


def _plain(record, table=None):
    return record


CALLABLES = [
    Column().render, Column().value, MoneyColumn().render, TypedDateColumn().render,
    _plain, lambda record: record, lambda: None, functools.partial(_plain, table=1), print,
]


def test_installed_in_django_tables2():
    assert utils.signature is tables_speed.cached_signature
    assert tables_speed.original_signature() is not tables_speed.cached_signature


def test_same_answer_as_django_tables2():
    own = tables_speed.original_signature()
    for fn in CALLABLES:
        assert tables_speed.cached_signature(fn) == own(fn), fn
        assert tables_speed.cached_signature(fn) == own(fn), fn   # asked again: from the cache


def test_bound_methods_of_one_function_share_an_answer_without_self():
    first, second = Column(), Column()
    assert tables_speed.cached_signature(first.render) == (("value", "record"), None)
    assert tables_speed.cached_signature(second.render) == (("value", "record"), None)
    assert tables_speed.cached_signature(Column.render) == (("self", "value", "record"), None)


def test_methods_of_different_classes_differ():
    assert tables_speed.cached_signature(Column().value) == ((), "kwargs")
    assert tables_speed.cached_signature(TypedDateColumn().render) == (("value", "bound_column"), None)


def test_a_table_renders_its_cells_through_it():
    table = standings_table([{"player_id": 1, "player": "Anne", "evenings": 2, "deals": 10, "points": 30,
                              "money": 30, "amounts": Purse.of("DKK", Decimal("7.5")), "average": 3, "best_evening": 20,
                              "worst_evening": 10}], "danish")
    row = table.rows[0]
    assert row.get_cell("player").startswith('<a href="/players/1/"')
    assert row.get_cell("points") == 30
