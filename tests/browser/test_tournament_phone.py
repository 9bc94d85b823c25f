"""A tournament on a phone (390×844) and a desktop (1280): the director creates it, registers the
players, draws round 1, draws it again, confirms it, records a deal at a round's table with the
ordinary phone form, and reads the standings; in Danish and in German, with no sideways scroll.
Screenshots: ``SHOTS=/dir``."""
from decimal import Decimal

import pytest

from scoring.models import Club, Role, RoundState, Tournament, TournamentRound
from tests.browser.helpers import no_sideways_scroll, open_page, shot
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = [f"Spiller {i}" for i in range(1, 9)] + ["Bjørn Kristoffer Vestergaard-Sørensen"]


@pytest.mark.parametrize(("width", "height", "language"), [(390, 844, "da"), (1280, 900, "de")])
def test_a_director_runs_a_round_on_a_phone_and_a_desktop(live_server, browser, width, height, language):
    club = Club.objects.create(name="Turneringsklubben", kroner_per_point=Decimal("0.25"))
    director = make_user(club, Role.SCOREKEEPER, "turneringsleder")
    club.language = language
    club.save(update_fields=["language"])
    context, page = open_page(browser, live_server, f"/clubs/{club.pk}/tournaments/", director.username,
                              width, height)
    tag = f"{language}-{width}"
    try:
        page.fill("#id_name", "Klubmesterskab")
        page.select_option("#id_rules", "vlk")
        page.fill("#id_rounds", "3")
        page.fill("#id_round_length", "1")
        page.select_option("#id_scoring", "places")
        shot(page, f"tournament-new-{tag}", full=True)
        no_sideways_scroll(page)
        with page.expect_navigation():
            page.click("#tournament-new button[type=submit]")
        tournament = Tournament.objects.get()
        for name in PLAYERS:
            page.fill("#register-form input[name=name]", name)
            with page.expect_navigation():
                page.click("#register-form button[type=submit]")
        assert page.locator("#entrants > li").count() == len(PLAYERS)
        with page.expect_navigation():
            page.click("#draw-form button")
        first = TournamentRound.objects.get().seed
        assert page.locator(".draw-table").count() == 2        # nine players at fours: 5 + 4
        with page.expect_navigation():
            page.click("#redraw-form button")
        assert TournamentRound.objects.get().seed != first
        shot(page, f"tournament-draw-{tag}", full=True)
        no_sideways_scroll(page)
        with page.expect_navigation():
            page.click("#confirm-form button")
        assert TournamentRound.objects.get().state == RoundState.PLAYING
        # the round's table is an ordinary table: its phone form is the one every evening uses
        table = TournamentRound.objects.get().evening.tables.order_by("number").first()
        page.goto(f"{live_server.url}/tables/{table.pk}/")
        assert page.locator("form").count() >= 1
        no_sideways_scroll(page)
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/standings/")
        assert page.locator("table.tournament tbody tr").count() == len(PLAYERS)
        assert page.locator("#live").is_visible()
        shot(page, f"tournament-standings-{tag}", full=True)
        no_sideways_scroll(page)
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
        shot(page, f"tournament-detail-{tag}", full=True)
        no_sideways_scroll(page)
    finally:
        context.close()


def test_a_deal_queued_past_the_round_s_length_waits_for_the_director_in_the_phone_s_panel(live_server, browser):
    """A phone's offline queue meets a table that has played its round: the server keeps the deal for
    the director (pending, outside the ledger), the queue's panel says so, and "Forstået" takes it off
    the phone; the table page then counts the deal waiting."""
    import random

    from playwright.sync_api import expect

    from scoring import services
    from scoring.engine import families
    from scoring.models import PendingDeal
    from scoring.selectors.tournaments import table_progress
    from tests.browser.helpers import login, phone_context, wait_until

    club = Club.objects.create(name="Turneringsklubben")
    make_user(club, Role.SCOREKEEPER, "skriver")
    made = services.tournament_create(club=club, name="Pokal", rules="vlk", rounds=1, round_length=1, seed=3)
    for name in ("Anne", "Bent", "Carl", "Dorte"):
        services.entrant_register(tournament=made, name=name)
    playing = services.round_confirm(round=services.round_draw(tournament=made, seed=1))
    table = playing.evening.tables.get()
    game, rng = families.family(table.family), random.Random(2)
    seated = tuple(table.seats.order_by("position").values_list("player__name", flat=True))
    dealer = seated[0]
    while not table_progress(playing, table)[0].complete:
        deal = game.random_deal(rng, seated, dealer, table.card)
        services.deal_record(table=table, outcome=game.deal_to_dict(deal))
        dealer = game.dealer_after(seated, dealer, deal.kind.value)
    context, page = phone_context(browser)
    try:
        login(page, live_server, f"/tables/{table.pk}/", "skriver")
        expect(page.locator("#round-played")).to_be_visible()
        wait_until(page, "navigator.serviceWorker && navigator.serviceWorker.controller !== null")
        context.set_offline(True)
        page.locator("#kind label", has_text="fejlgivning").click()
        page.click("#save")
        expect(page.locator("#unsent-count")).to_have_text("1 spil ikke sendt endnu")
        context.set_offline(False)
        page.click("#send-now")
        expect(page.locator("#queue")).to_contain_text("venter på turneringslederens godkendelse")
        shot(page, "tournament-pending-panel", full=True)
        assert PendingDeal.objects.filter(table=table, state="pending").count() == 1
        with page.expect_navigation():
            page.click("[id^=pending-ok-]")
        expect(page.locator("#round-pending")).to_contain_text("1 spil venter på turneringslederen")
        expect(page.locator("#queue")).to_be_hidden()
    finally:
        context.close()
