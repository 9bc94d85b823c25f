"""The pages that read the per-deal figures by name (docs/architecture.md, Storage) on a phone's
390×844 and at 1280 wide: a Karlsruhe and a Selca player's own figures (the declared games and the
family's counts, as ``history.family_figures`` reads them) and the club page's largest cups (a
Danish figure, ``cup_won``), neither page scrolling sideways. ``SHOTS=/dir`` keeps the screenshots."""
import json

import pytest
from playwright.sync_api import expect

from scoring import services
from scoring.models import Club, Evening, Player, Role
from scoring.selectors.history import family_figures, largest_cups_won
from tests.browser.helpers import no_sideways_scroll, open_page, shot
from tests.conftest import GOLDEN
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def club():
    club = Club.objects.create(name="Golden")
    make_user(club, Role.SCOREKEEPER, "skriver")
    for name in ("karlsruhe/seed-table", "selca/four-players", "random-42"):
        table = services.evening_import(club=club, data=json.loads((GOLDEN / f"{name}.json").read_text()))
        services.evening_close(evening=table.evening)
    return club


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)])
@pytest.mark.parametrize("family", ["karlsruhe", "selca"])
def test_a_players_own_figures_are_shown_as_stored(live_server, browser, club, family, width, height):
    player = Player.objects.filter(club=club, seats__table__family=family).order_by("name").first()
    figures = family_figures(player, Evening.objects.filter(club=club), family)
    context, page = open_page(browser, live_server, f"/players/{player.pk}/", "skriver", width, height)
    try:
        expect(page.locator("#player-games tbody tr")).to_have_count(max(1, len(figures.games)))
        declared = [int(v) for v in page.locator("#player-games tbody td:nth-child(2)").all_text_contents() if v != "—"]
        assert declared == [d for _, d, _, _ in figures.games]
        values = page.locator("#player-figures dd").all_text_contents()
        assert values[:2] == [str(figures.deals), str(figures.declared)]
        # the page never scrolls sideways; its evenings table may scroll inside its own box (as the standings')
        assert page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]") == [width, width]
        shot(page, f"figures-{family}-{width}", full=True)
    finally:
        context.close()


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)])
def test_the_club_page_shows_the_largest_cups_as_stored(live_server, browser, club, width, height):
    cups = largest_cups_won(Evening.objects.filter(club=club))
    assert cups
    context, page = open_page(browser, live_server, f"/clubs/{club.pk}/?family=danish", "skriver", width, height)
    try:
        items = page.locator("#largest-cups li").all_text_contents()
        assert [item.split(" (")[0] for item in items] == [f"{c.player} {c.amount}" for c in cups]
        no_sideways_scroll(page)
        shot(page, f"club-cups-{width}", full=True)
    finally:
        context.close()
