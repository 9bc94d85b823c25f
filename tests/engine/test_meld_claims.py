"""A Danish meld's claims (``_claims_of``, ``_meld_cards``) are the cards it implies its melder holds
(``_implied_cards``, docs/rules/danish.md §3.1, §5), for every meld a card can hold."""
import itertools

from families.danish.engine.model import Court, Group, Meld, MeldKind, Rank, Suit
from families.danish.engine.validate import _claims_of, _implied_cards, _meld_cards


def every_group_meld():
    for kind, group, missing, pagat in itertools.product(
            (MeldKind.OVERFULL, MeldKind.FULL, MeldKind.HALF), (*Group, *Rank, None), (None, *Suit, *Court),
            (None, False, True)):
        yield Meld("Anne", kind, pagat=pagat, group=group, missing=missing)


def test_a_group_melds_claims_are_its_implied_cards_however_often_asked():
    for meld in every_group_meld():
        if not isinstance(meld.group, Group):   # a rank or nothing: no group meld's cards (_check_melds says so)
            assert _claims_of(meld) == _claims_of(meld) == (), meld
            continue
        expected = tuple(_implied_cards(meld))
        for _ in range(2):
            assert _meld_cards(meld) == expected, meld
            assert _claims_of(meld) == tuple((key, "") for key in expected), meld


def test_melds_that_differ_only_in_what_the_claims_do_not_read_share_them():
    """The player is not part of a group meld's claims: two players' same meld has the same claims;
    a half meld claims the scies and the group's three cards but the missing one (docs/rules/danish.md §3.1)."""
    anne = Meld("Anne", MeldKind.HALF, group=Group.HEARTS, missing=Court.QUEEN)
    bent = Meld("Bent", MeldKind.HALF, group=Group.HEARTS, missing=Court.QUEEN)
    assert _claims_of(anne) == _claims_of(bent)
    assert ("scies", "") in _claims_of(anne)
    assert ("hearts.queen", "") not in _claims_of(anne) and len(_claims_of(anne)) == 4
    kings = Meld("Anne", MeldKind.HALF, group=Group.KINGS, missing=Suit.CLUBS)
    assert ("clubs.king", "") not in _claims_of(kings) and len(_claims_of(kings)) == 4
