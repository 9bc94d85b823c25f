"""The standings page per rule set in a browser, at a phone's 390×844 and at 1280: the rule-set
picker (labelled by the card's title) chooses one rule set, the table shows its points alone, and
the page never scrolls sideways. ``SHOTS=/dir`` keeps the screenshots."""
import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoring import services
from scoring.models import Club, Role
from tests.browser.helpers import login, no_sideways_scroll, phone_context, shot
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
GOLDEN = Path(__file__).resolve().parent.parent / "golden"


def club_of_three_cards() -> Club:
    club = Club.objects.create(name="VLK")
    make_user(club, Role.SCOREKEEPER, "skriver")
    for day, name in enumerate(("four-players-tout-nolo-fines", "grosstarock/grosstarock-worked",
                                "grosstarock/taroc1754-worked"), start=10):
        data = json.loads((GOLDEN / f"{name}.json").read_text())
        services.evening_close(evening=services.evening_import(club=club, data=dict(data, date=f"2026-10-{day}")).evening)
    return club


@pytest.mark.parametrize("width", [390, 1280])
def test_the_rule_set_picker_shows_one_rule_set_at_a_time(live_server, browser, width):
    club = club_of_three_cards()
    context, page = phone_context(browser, width, 844 if width < 600 else 900, is_mobile=width < 600)
    try:
        login(page, live_server, f"/clubs/{club.pk}/standings/", "skriver")
        expect(page.locator("#standings-family")).to_have_text("Dansk tarok · VLK")
        expect(page.locator("#standings tbody tr")).to_have_count(4)
        expect(page.locator("#standings tbody tr").first).to_contain_text("320")
        page.select_option("select[name=rules]", "grosstarock")
        page.locator("select[name=rules]").evaluate("s => s.form.requestSubmit()")
        page.wait_for_url("**rules=grosstarock**")
        expect(page.locator("#standings-family")).to_have_text("Dansk tarok · Grosstarock")
        expect(page.locator("#standings tbody tr")).to_have_count(3)    # Dorte never played grosstarock
        expect(page.locator("#standings tbody tr").first).to_contain_text("32")
        expect(page.locator("#standings")).not_to_contain_text("320")
        no_sideways_scroll(page)
        shot(page, f"standings-rule-set-{width}", full=True)
        page.locator("#standings tbody a", has_text="Anne").click()
        page.wait_for_url("**/players/**")
        # her page keeps the rule set; kroner across the three cards only in a labelled total
        expect(page.locator("#player-family")).to_have_text("Dansk tarok · Grosstarock")
        expect(page.locator("#player-kroner-across")).to_contain_text("alle spil")
        expect(page.locator("#player-kroner-across .kr")).to_have_text("68,00\u00a0kr.")   # (320 − 31 − 17) × 0,25
        no_sideways_scroll(page)
        shot(page, f"player-rule-set-{width}", full=True)
    finally:
        context.close()
