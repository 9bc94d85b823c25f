"""Issue 12, item 13 in a browser: the English table, evening, standings and player pages show none of
the app's own Danish terms (cups, payment reasons, page words, "kr."). Screenshots: /tmp/shots/E/."""
import re

import pytest

from scoring.models import Deal, Player
from tests.browser.test_standings_layout import SHOTS, club_with_evenings, open_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: The app's own Danish terms, which an English page must not show.
DANISH = ("kongekop", "pagatkop", "K-kop", "P-kop", "giverafgift", "pagat hjem", "pagat tabt", "sidste stik",
          "Stilling", "Spil", "Spiller", "Aften", "Aftenen", "Aftener", "Luk aftenen", "kr.", "Bøder", "Hent", "Vis",
          "Gem", "Ret", "Bord", "Lukket", "Åben", "Kopper", "udregnes", "melding", "tælling", "Giver",
          "Betalinger", "Aftenens", "uden")


def danish_words_on(page) -> list[str]:
    text = page.inner_text("body")
    return [word for word in DANISH if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, re.I)]


def test_english_pages_show_no_danish_words(live_server, browser):
    club = club_with_evenings(closed=2, open_deals=6)
    table = club.open_table
    context, page = open_page(browser, live_server, 390, 844, lang="en")
    try:
        pages = {"table": f"/tables/{table.pk}/", "evening": f"/evenings/{table.evening_id}/",
                 "standings": f"/clubs/{club.pk}/standings/",
                 "player": f"/players/{Player.objects.get(club=club, name='Bent').pk}/",
                 "history": f"/deals/{Deal.objects.filter(table=table, current=True).last().pk}/history/"}
        found = {}
        for name, url in pages.items():
            page.goto(live_server.url + url)
            page.screenshot(path=str(SHOTS / f"en-{name}-390.png"), full_page=True)
            found[name] = danish_words_on(page)
        page.goto(f"{live_server.url}/clubs/{club.pk}/standings/")
        page.check("#all-columns")
        found["standings, all columns"] = danish_words_on(page)
        assert all(not words for words in found.values()), found
        page.goto(live_server.url + pages["player"])
        labels = [t.text_content() for t in page.locator("svg.chart text").all()]
        assert "1 Oct 2026" in labels and "2 Oct 2026" in labels      # English dates in the chart
    finally:
        context.close()
