"""German pages in a browser: a member of a German-speaking club (the club's default language) sees
the table, the evening and the standings at a phone's 390×844 with no Danish interface word and no
sideways scroll. The games' own words are not interface words (GAME_WORDS). Screenshots: /tmp/shots/E/."""
import re

import pytest

from scoring.models import Club, Deal, Player
from tests.browser.test_english_pages import DANISH
from tests.browser.test_standings_layout import SHOTS, club_with_evenings, open_page, page_overflow

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Danish interface words beyond the English test's list, which a German page must not show either.
MORE_DANISH = ("og", "af", "ved", "efter", "med", "ikke", "eller", "point", "sæson", "klub", "Log ud", "betaler",
               "Tabt", "Vundet", "Meldt", "Forhånd", "Samlet", "Skrevet", "spil", "stilling", "arket", "Slutresultat")
#: The games' own words (docs/rules/danish.md), the same in every page language.
GAME_WORDS = {"pagat", "bagud", "ultimo", "nolo", "tout", "sküs", "skis", "klop", "radl", "valat", "trull"}


def danish_words_on(page, names: set[str]) -> list[str]:
    text = page.inner_text("body")
    found = [w for w in DANISH + MORE_DANISH if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text, re.I)]
    # æ, ø and å are written in Danish only (German and Slovenian have none): any such word is Danish,
    # unless it is a player's name ("Ø" alone is the German sign for an average, "Ø pro Spiel").
    found += [w for w in re.findall(r"\w*[æøåÆØÅ]\w*", text)
              if len(w) > 1 and w not in names and w.lower() not in GAME_WORDS]
    return sorted(set(found))


def test_german_pages_show_no_danish_words(live_server, browser):
    club = club_with_evenings(closed=2, open_deals=6)
    Club.objects.filter(pk=club.pk).update(language="de")      # the skriver has not chosen: the club's German
    table = club.open_table
    names = {part for name in Player.objects.filter(club=club).values_list("name", flat=True)
             for part in re.findall(r"\w+", name)}
    context, page = open_page(browser, live_server, 390, 844)
    try:
        pages = {"table": f"/tables/{table.pk}/", "evening": f"/evenings/{table.evening_id}/",
                 "standings": f"/clubs/{club.pk}/standings/",
                 "player": f"/players/{Player.objects.get(club=club, name='Bent').pk}/",
                 "history": f"/deals/{Deal.objects.filter(table=table, current=True).last().pk}/history/"}
        found, overflow = {}, {}
        for name, url in pages.items():
            page.goto(live_server.url + url)
            assert page.evaluate("document.documentElement.lang") == "de", name
            page.screenshot(path=str(SHOTS / f"de-{name}-390.png"), full_page=True)
            found[name] = danish_words_on(page, names)
            overflow[name] = page_overflow(page)
        page.goto(f"{live_server.url}/clubs/{club.pk}/standings/")
        page.check("#all-columns")
        found["standings, all columns"] = danish_words_on(page, names)
        assert all(not words for words in found.values()), found
        assert all(px <= 0 for px in overflow.values()), overflow
        page.goto(live_server.url + pages["player"])
        labels = [t.text_content() for t in page.locator("svg.chart text").all()]
        assert "01.10.2026" in labels and "02.10.2026" in labels, labels      # German dates in the chart
    finally:
        context.close()


@pytest.mark.parametrize("family, file", [("karlsruhe", "karlsruhe/seed-table.json"), ("selca", "selca/four-players.json")])
def test_german_pages_of_the_other_families_show_no_danish_words(live_server, browser, family, file):
    import json

    from scoring import services
    from scoring.models import Role
    from tests.conftest import GOLDEN
    from tests.web.conftest import make_user

    club = Club.objects.create(name=f"Tarock {family}", language="de")
    make_user(club, Role.SCOREKEEPER, "skriver")
    table = services.evening_import(club=club, data=json.loads((GOLDEN / file).read_text()))
    names = {part for name in Player.objects.filter(club=club).values_list("name", flat=True)
             for part in re.findall(r"\w+", name)}
    context, page = open_page(browser, live_server, 390, 844)
    try:
        found, overflow = {}, {}
        for name, url in {"table": f"/tables/{table.pk}/", "evening": f"/evenings/{table.evening_id}/",
                          "standings": f"/clubs/{club.pk}/standings/"}.items():
            page.goto(live_server.url + url)
            assert page.evaluate("document.documentElement.lang") == "de", name
            page.screenshot(path=str(SHOTS / f"de-{family}-{name}-390.png"), full_page=True)
            found[name] = danish_words_on(page, names)
            overflow[name] = page_overflow(page)
        assert all(not words for words in found.values()), found
        assert all(px <= 0 for px in overflow.values()), overflow
    finally:
        context.close()


def test_an_admin_sets_german_for_the_club_and_a_members_choice_follows_him_to_another_phone(live_server, browser):
    from scoring.models import Role
    from tests.browser.helpers import login, no_sideways_scroll, phone_context
    from tests.web.conftest import make_user

    club = club_with_evenings(closed=1)
    make_user(club, Role.ADMIN, "formand")
    context, page = phone_context(browser, 390, 844)
    try:
        login(page, live_server, f"/clubs/{club.pk}/", "formand")
        page.click("#club-language-link")
        page.select_option("#id_language", "de")
        with page.expect_navigation():
            page.click("main button[type=submit]")
        assert page.evaluate("document.documentElement.lang") == "de"
        assert "Die Sprache des Clubs ist gespeichert." in page.inner_text("main")
        no_sideways_scroll(page)
        page.screenshot(path=str(SHOTS / "de-club-language-390.png"), full_page=True)
    finally:
        context.close()
    assert Club.objects.get(pk=club.pk).language == "de"

    # The skriver has not chosen: his club's German; he picks English, and his next phone is English too.
    context, page = phone_context(browser, 1280, 900, is_mobile=False)
    try:
        login(page, live_server, f"/clubs/{club.pk}/standings/", "skriver")
        assert page.evaluate("document.documentElement.lang") == "de"
        assert [b.inner_text() for b in page.locator("form.language button").all()] == ["Dansk", "English", "Slovenščina"]
        page.screenshot(path=str(SHOTS / "de-standings-1280.png"), full_page=True)
        with page.expect_navigation():
            page.click("#lang-en")
        assert page.evaluate("document.documentElement.lang") == "en"
    finally:
        context.close()
    context, page = phone_context(browser, 390, 844)
    try:
        login(page, live_server, f"/clubs/{club.pk}/standings/", "skriver")
        assert page.evaluate("document.documentElement.lang") == "en"
    finally:
        context.close()
