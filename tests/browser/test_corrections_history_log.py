"""Issue 12 items 2, 7, 10, 11 on a 390×844 phone: correcting deal 2 of 4 (the preview shows how
every total changes), a deal's history and the evening log, in Danish and in English."""
import os

import pytest
from playwright.sync_api import expect

from scoring import services
from scoring.models import Club, Deal, Role
from tests.web.conftest import make_user
from tests.web.test_corrections import NAMES, corrected_second, expected_totals, four_deals, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = "/tmp/shots/H"
#: The app's own Danish terms that must not appear on an English page.
DANISH = ("kongekop", "pagatkop", "Giver", "Sidste stik", "Meldinger", "Tælling", "Betalinger", "Tilbageført",
          "Gældende udgave", "Tidligere udgave", " med", " hjem", " tabt", "udregnes", "Aften oprettet", "rettet",
          "gemt", "Historik", "Ændret", "Tilbage til bordet")


def shot(page, name):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def no_overflow(page):
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, (width, inner)


def evening_with_four_deals(user):
    """Deal 2: Carl melds "11 med" (the generator's 12 made 11)."""
    club = Club.objects.get(pk=user.memberships.first().club_id)
    players = [services.player_get_or_create(club=club, name=n) for n in NAMES]
    evening = services.evening_create(club=club, date="2026-11-20", user=user)
    table = services.table_create(evening=evening, players=players, user=user)
    deals = four_deals()
    deals[1]["melds"][0]["count"] = 11
    record(table, deals, user=user)
    return table, deals


def login(page, url, username):
    page.goto(f"{url}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "pw-secret-1")
    with page.expect_navigation():
        page.click("#login-submit")


def test_correct_deal_2_of_4_on_the_phone(live_server, phone390):
    club = Club.objects.create(name="VLK")
    keeper = make_user(club, Role.SCOREKEEPER, "skriver")
    table, deals = evening_with_four_deals(keeper)
    second = Deal.objects.get(number=2, current=True)
    page = phone390
    login(page, live_server.url, "skriver")
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    link = page.locator(f'a[href="/deals/{second.pk}/edit/"]')
    expect(link).to_have_count(1)
    with page.expect_navigation():
        link.click()
    expect(page.locator("h1")).to_contain_text("Ret spil 2")
    expect(page.locator("#correction-effect")).to_be_visible()      # shown at once, before any change
    # Carl's pagat came home after all, and Carl took the last trick
    page.locator("#pagat-fate label", has_text="hjem").click()
    page.locator("#last-trick label", has_text="Carl").click()
    fixed = [deals[0], corrected_second(deals), deals[2], deals[3]]
    totals = expected_totals(fixed)
    for name in NAMES:
        expect(page.locator(f'#effect-table tr[data-player="{name}"] .effect-after b')).to_have_text(str(totals[name]))
    expect(page.locator("#correction-effect")).to_contain_text("de 2 senere spil")
    expect(page.locator("#preview-postings")).to_contain_text("melding: 11 med")
    effect = page.locator("#effect-table")
    effect.scroll_into_view_if_needed()
    box = effect.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    shot(page, "edit-deal-2-390")
    with page.expect_navigation():
        page.click("#save")
    expect(page.locator(".messages")).to_contain_text("Spil 2 er rettet")
    from scoring.selectors import table_sheet
    from scoring.models import Table
    sheet = table_sheet(Table.objects.get(pk=table.pk))
    assert dict(zip(sheet.players, sheet.totals)) == totals
    # the correction page in English: the effect in English words
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    current = Deal.objects.get(number=2, current=True)
    page.goto(f"{live_server.url}/deals/{current.pk}/edit/")
    expect(page.locator("#correction-effect")).to_contain_text("Totals now")
    effect = page.inner_text("#correction-effect") + page.inner_text("#preview-postings")
    assert not [w for w in ("Stilling", "Efter rettelsen", "Spiller", "senere spil", "melding", " med") if w in effect]
    no_overflow(page)
    shot(page, "edit-deal-2-390-en")


def test_the_history_and_the_log_on_the_phone(live_server, phone390):
    club = Club.objects.create(name="VLK")
    keeper = make_user(club, Role.SCOREKEEPER, "skriver")
    table, deals = evening_with_four_deals(keeper)
    second = Deal.objects.get(number=2, current=True)
    fixed = corrected_second(deals)
    services.deal_correct(deal=second, outcome=fixed, user=keeper, reason="Carls pagat")
    page = phone390
    login(page, live_server.url, "skriver")

    page.goto(f"{live_server.url}/deals/{second.pk}/history/")
    no_overflow(page)
    versions = page.locator("section.version")
    expect(versions).to_have_count(2)
    expect(versions.nth(0)).to_contain_text("Carl 11 med")
    expect(versions.nth(0)).to_contain_text("kongekop")
    expect(versions.nth(0)).to_contain_text("Tilbageført")
    expect(versions.nth(1)).to_contain_text("Gældende udgave")
    expect(versions.nth(1).locator(".change-list")).to_contain_text("Sidste stik: Anne → Carl")
    text = page.inner_text("main")
    assert "king" not in text and '"dealer"' not in text and "pagat_cup" not in text
    shot(page, "history-390")

    page.goto(f"{live_server.url}/evenings/{table.evening_id}/log/")
    no_overflow(page)
    log = page.locator("#evening-log > li")
    expect(log).to_have_count(7)   # created, table, 4 deals saved, deal 2 corrected
    expect(log.nth(0)).to_contain_text("Aften oprettet")
    expect(log.nth(1)).to_contain_text("Bord 1 oprettet")
    expect(log.nth(2)).to_contain_text("Spil 1 gemt")
    expect(log.nth(6)).to_contain_text("Spil 2 rettet")
    expect(log.nth(6)).to_contain_text("Sidste stik: Anne → Carl")
    expect(log.nth(6)).to_contain_text("2 senere spil genberegnet")
    expect(log.nth(6)).to_contain_text("skriver")
    expect(log.nth(6)).to_contain_text("Carls pagat")
    shot(page, "log-390")

    # English: the same pages in the user's language, none of the app's Danish terms left
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    for url, name in ((f"/deals/{second.pk}/history/", "history-390-en"),
                      (f"/evenings/{table.evening_id}/log/", "log-390-en")):
        page.goto(live_server.url + url)
        no_overflow(page)
        main = page.inner_text("main")
        found = [w for w in DANISH if w in main]
        assert not found, (url, found)
        shot(page, name)


def test_the_correction_history_and_log_on_a_wide_screen(live_server, browser):
    """The same pages at 1280×900: nothing overflows, the effect of a correction sits by the form."""
    club = Club.objects.create(name="VLK")
    keeper = make_user(club, Role.SCOREKEEPER, "skriver")
    table, deals = evening_with_four_deals(keeper)
    second = Deal.objects.get(number=2, current=True)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="da-DK")
    page = context.new_page()
    try:
        login(page, live_server.url, "skriver")
        page.goto(f"{live_server.url}/deals/{second.pk}/edit/")
        expect(page.locator("#correction-effect")).to_be_visible()
        no_overflow(page)
        shot(page, "edit-deal-2-1280")
        services.deal_correct(deal=second, outcome=corrected_second(deals), user=keeper)
        for url, name in ((f"/deals/{second.pk}/history/", "history-1280"),
                          (f"/evenings/{table.evening_id}/log/", "log-1280")):
            page.goto(live_server.url + url)
            no_overflow(page)
            shot(page, name)
    finally:
        context.close()
