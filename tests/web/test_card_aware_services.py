"""Services read and seat by the table's own card: a Danish card may seat fewer players
and reads a deal's structure its own way (a 1754 taroks meld need not say the pagat)."""
import pytest

from scoring import services
from scoring.models import Deal, Table

pytestmark = pytest.mark.every_database


def _players(club, names):
    return [services.player_get_or_create(club=club, name=n) for n in names]


def test_a_grosstarock_table_of_five_is_refused_naming_players_and_nothing_is_written(club):
    evening = services.evening_create(club=club, date="2026-11-20")
    with pytest.raises(services.RecordingError) as caught:
        services.table_create(evening=evening, players=_players(club, ("A1", "B2", "C3", "D4", "E5")),
                              rules="grosstarock")
    assert [e.field for e in caught.value.errors] == ["players"]
    assert not Table.objects.filter(evening=evening).exists()


def test_a_vlk_table_of_five_is_still_seated(club):
    evening = services.evening_create(club=club, date="2026-11-20")
    table = services.table_create(evening=evening, players=_players(club, ("A1", "B2", "C3", "D4", "E5")), rules="vlk")
    assert table.seats.count() == 5


TAROKS_WITHOUT_PAGAT = {"dealer": "Carl", "melds": [{"player": "Anne", "kind": "taroks", "count": 11}],
                        "pagat": {"owner": "Bent", "fate": "home"}, "last_trick": "Anne",
                        "counts": {"Anne": 40, "Bent": 20}}


def test_a_1754_taroks_meld_that_does_not_say_the_pagat_is_recorded_and_read_back(club):
    """docs/rules/grosstarock.md §2.1: on taroc1754 the taroks meld's ``pagat`` is optional; the service
    reads the deal with the table's card (VLK would require it)."""
    evening = services.evening_create(club=club, date="2026-11-20")
    table = services.table_create(evening=evening, players=_players(club, ("Anne", "Bent", "Carl")), rules="taroc1754")
    first = services.deal_record(table=table, outcome=TAROKS_WITHOUT_PAGAT)
    services.deal_record(table=table, outcome={**TAROKS_WITHOUT_PAGAT, "dealer": "Anne"})
    # correcting the first deal re-reads the second, stored without "pagat"
    services.deal_correct(deal=first, outcome={**TAROKS_WITHOUT_PAGAT, "counts": {"Anne": 41, "Bent": 20}},
                          reason="recount")
    assert Deal.objects.filter(table=table, current=True).count() == 2
    with pytest.raises(services.RecordingError):   # the same meld at a VLK table is refused
        vlk = services.table_create(evening=evening, players=_players(club, ("Dora", "Emil", "Finn")), rules="vlk")
        services.deal_record(table=vlk, outcome={**TAROKS_WITHOUT_PAGAT, "dealer": "Finn",
                                                 "melds": [{"player": "Dora", "kind": "taroks", "count": 11}],
                                                 "pagat": {"owner": "Emil", "fate": "home"}, "last_trick": "Dora",
                                                 "counts": {"Dora": 40, "Emil": 20}})
