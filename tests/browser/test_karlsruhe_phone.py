"""The Karlsruhe table on a phone (docs/rules/karlsruhe.md §2-§6, §11 "Form"), as a person taps it at
390×844: the seed's nine deals (golden/karlsruhe/seed-table.json) recorded through the deal form —
the game as a big button, declarer, king and partner as chips, each count typed as the players say
it ("38 Punkte", "35 Punkte 1 Blatt"), birds, Valat and the caught king — each deal's live preview showing the
seed's formula before it is saved; then the running totals and formulas read off the sheet equal
golden/karlsruhe/seed-table.expected.json, and the page never scrolls sideways.

``SHOTS=/some/dir`` keeps a screenshot of each step there, to look at."""
import json

import pytest
from playwright.sync_api import expect

from scoring import services
from scoring.models import Club, Deal, Role
from tests.browser.helpers import login, no_sideways_scroll, phone_context, shot
from tests.web.conftest import make_user
from tests.conftest import GOLDEN as GOLDEN_DIR

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GOLDEN = GOLDEN_DIR / "karlsruhe"


@pytest.fixture
def seed_table():
    club = Club.objects.create(name="Tarock Karlsruhe")
    make_user(club, Role.SCOREKEEPER, "schreiber")
    seed = json.loads((GOLDEN / "seed-table.json").read_text())
    players = [services.player_get_or_create(club=club, name=n) for n in seed["players"]]
    evening = services.evening_create(club=club, date=seed["date"])
    return services.table_create(evening=evening, players=players, rules="karlsruhe"), seed


def chip(page, group: str, text: str) -> None:
    """Tap the chip of ``group`` whose text is exactly ``text``."""
    page.locator(f"#{group} label").filter(has_text=text).first.click()


def say_count(page, scope, thirds: int) -> None:
    """Type a count as the players say it: points, then tap the Blätter (114 = 38 Punkte)."""
    points, blaetter = divmod(thirds, 3)
    scope.locator("input.count").fill(str(points))
    scope.locator(".blaetter label").filter(has_text=str(blaetter)).click()


GAME_WORDS = {"koenigsrufer": "Königsrufer", "solorufer": "Solorufer", "dreier": "Dreier",
              "sechserbock": "Sechserbock", "bettel_ouvert": "Bettel ouvert", "fahrer": "Fahrer"}
SUITS = {"hearts": "Herz", "diamonds": "Karo", "clubs": "Kreuz", "spades": "Pik"}


def tap_deal(page, deal: dict) -> None:
    """Enter one deal of the seed file as a scorekeeper would."""
    expect(page.locator("#id_dealer")).to_have_value(deal["dealer"])    # the app proposes the seed's dealer
    chip(page, "game", GAME_WORDS[deal["game"]])
    if "declarer" in deal:
        chip(page, "declarer", deal["declarer"])
    if "called_king" in deal:
        chip(page, "called-king", SUITS[deal["called_king"]])
        chip(page, "partner", "allein" if deal["partner"] == deal["declarer"] else deal["partner"])
    if "declarers_count" in deal:
        say_count(page, page.locator(".k-count"), deal["declarers_count"])
    if "valat" in deal or "bonuses" in deal:
        if page.locator("#k-bonuses").get_attribute("open") is None:
            page.locator("#k-bonuses summary").click()
    if "valat" in deal:
        page.select_option("#id_valat", "declarers")
    for bird, entry in (deal.get("bonuses") or {}).items():
        code = ("announced_" + ("made" if entry["won"] else "failed") if entry.get("announced")
                else f"{entry['side']}_{'made' if entry['won'] else 'lost'}")
        page.select_option(f"#id_bird_{bird}", code)
    if deal.get("king_caught"):
        page.check("#id_king_caught")
    if "won" in deal:
        chip(page, "won", "vundet" if deal["won"] else "tabt")
    for player, thirds in (deal.get("counts") or {}).items():
        say_count(page, page.locator(f'.k-fahrer-row[data-field="counts.{player}"]'), thirds)


def test_karlsruhe_the_seed_tapped_on_a_phone_gives_the_seeds_totals(live_server, browser, seed_table):
    table, seed = seed_table
    expected = json.loads((GOLDEN / "seed-table.expected.json").read_text())
    context, page = phone_context(browser)
    try:
        login(page, live_server, f"/tables/{table.pk}/", "schreiber")
        expect(page.locator("#k-declarer")).to_be_hidden()       # nothing but the games before one is chosen
        shot(page, "k-390-empty", full=True)
        no_sideways_scroll(page)
        for number, (deal, result) in enumerate(zip(seed["deals"], expected["deals"]), 1):
            tap_deal(page, deal)
            expect(page.locator("#preview-formula")).to_have_text(result["formula"])
            cells = page.locator("#preview-net td")
            expect(cells).to_have_text([str(result["net"][p]) for p in seed["players"]])
            if number in (1, 3, 7, 9):
                shot(page, f"k-390-deal-{number}", full=True)
            no_sideways_scroll(page)
            with page.expect_navigation():
                page.click("#save")
            expect(page.locator(".messages")).to_contain_text(f"Spil {number} er gemt.")
            if number == 3:   # the Fahrer starts a Radl of four deals (§5.4)
                expect(page.locator("#radl-status")).to_contain_text("Radl: noch 4 doppelte Spiele")
        assert Deal.objects.filter(table=table).count() == 9

        # the sheet: the seed's formulas and running totals, on the phone's width
        totals = page.locator("#sheet-%d tfoot th.num" % table.pk).all_inner_texts()
        assert totals == [str(expected["totals"][p]) for p in seed["players"]]
        assert page.locator("#running td").all_inner_texts() == ["-256", "-168", "368", "56"]
        for result in expected["deals"]:
            n = result["number"]
            expect(page.locator(f"#formula-{n}")).to_have_text(result["formula"])
            running = page.locator(f"#running-{n} td.num").all_inner_texts()
            assert [int(t) for t in running] == [
                sum(d["net"][p] for d in expected["deals"][:n]) for p in seed["players"]]
            radl = page.locator(f"#deal-row-{n} .k-radl")
            expect(radl).to_have_count(1 if result["radl"] else 0)
        expect(page.locator("#radl-status")).to_have_count(0)    # deals 4-7 used up the Radl
        no_sideways_scroll(page)
        page.locator("#sheet-title").scroll_into_view_if_needed()
        shot(page, "k-390-sheet")
        shot(page, "k-390-full", full=True)

        # correcting the Fahrer (deal 3) into a Dreier: the preview says which later deals leave the Radl
        page.locator("#edit-3").click()
        page.wait_for_load_state()
        expect(page.locator("#game input[value=fahrer]")).to_be_checked()
        chip(page, "game", "Dreier")
        chip(page, "declarer", "Spieler 4")
        say_count(page, page.locator(".k-count"), 120)
        expect(page.locator("#radl-changes li")).to_have_count(4)
        expect(page.locator("#radl-changes")).to_contain_text("Spil 4 er ikke længere i en Radl")
        shot(page, "k-390-correction", full=True)
        no_sideways_scroll(page)
    finally:
        context.close()


def test_karlsruhe_the_form_shows_only_what_the_game_uses(live_server, browser, seed_table):
    table, _seed = seed_table
    context, page = phone_context(browser)
    try:
        login(page, live_server, f"/tables/{table.pk}/", "schreiber")
        chip(page, "game", "Königsrufer")
        for shown in ("#k-declarer", "#k-king", "#k-count", "#k-bonuses", "#k-kontra"):
            expect(page.locator(shown)).to_be_visible()
        for hidden in ("#k-won", "#k-fahrer"):
            expect(page.locator(hidden)).to_be_hidden()
        chip(page, "declarer", "Spieler 2")
        # the declarer's own chip is not offered as his partner: "allein" says it
        expect(page.locator("#partner label").filter(has_text="Spieler 2")).to_be_hidden()
        expect(page.locator("#partner label").filter(has_text="allein")).to_be_visible()
        chip(page, "game", "Dreier")
        expect(page.locator("#k-king")).to_be_hidden()
        page.locator("#k-bonuses summary").click()
        page.select_option("#id_valat", "declarers")
        expect(page.locator("#k-count")).to_be_hidden()            # beside a Valat no count (§5.2)
        expect(page.locator("#k-bonuses [data-field=trull]")).to_be_hidden()
        page.select_option("#id_bird_pagat", "announced_made")
        expect(page.locator("#id_kontra_pagat")).to_be_visible()   # Kontra on an announced bird only
        expect(page.locator("#preview-formula")).to_have_text("(8x8)+12=76")
        chip(page, "game", "Bettel ouvert")
        expect(page.locator("#k-won")).to_be_visible()
        expect(page.locator("#k-bonuses")).to_be_hidden()
        chip(page, "game", "Fahrer")
        expect(page.locator("#k-declarer")).to_be_hidden()
        expect(page.locator(".k-fahrer-row")).to_have_count(4)
        chip(page, "kind", "fejlgivning")
        expect(page.locator("#game")).to_be_hidden()
        expect(page.locator("#why-misdeal")).to_be_visible()
        chip(page, "kind", "spillet")

        # a bad count is refused next to its field, in the engine's words; nothing is saved
        chip(page, "game", "Sechserbock")
        chip(page, "declarer", "Spieler 3")
        expect(page.locator("#k-count")).to_be_hidden()            # the Valat chosen above still holds
        page.select_option("#id_valat", "")
        page.select_option("#id_bird_pagat", "")
        page.fill("#id_count_points", "0")
        # in the players' Punkte and Blätter, never the engine's thirds (§3)
        refused = "Spielmacher 0 Punkte: en side har mindst 0 Punkte 1 Blatt og højst 69 Punkte 2 Blätter"
        expect(page.locator("#preview-problems")).to_contain_text(refused)
        with page.expect_navigation():
            page.click("#save")
        expect(page.locator("#not-saved")).to_be_visible()
        expect(page.locator(".k-count .errorlist")).to_contain_text(refused)
        assert Deal.objects.count() == 0
        shot(page, "k-390-refused", full=True)
        no_sideways_scroll(page)

        # Fahrer counts that do not add up to 70 Punkte are refused in Punkte too (§6)
        chip(page, "game", "Fahrer")
        for i, points in enumerate(("30", "20", "10", "9")):
            page.fill(f"#id_fahrer_{i}", points)
        expect(page.locator("#preview-problems")).to_contain_text("Tallene giver 69 Punkte; de skal give 70 Punkte.")
        with page.expect_navigation():
            page.click("#save")
        expect(page.locator(".k-fahrer-grid")).to_contain_text("Tallene giver 69 Punkte; de skal give 70 Punkte.")
        expect(page.locator("#k-form")).not_to_contain_text("tredjedel")
        assert Deal.objects.count() == 0
        shot(page, "k-390-refused-fahrer", full=True)
        no_sideways_scroll(page)
        chip(page, "game", "Sechserbock")

        # in English the words around the game's terms are English
        page.click("#lang-en")
        chip(page, "game", "Königsrufer")
        expect(page.locator("#k-declarer legend")).to_have_text("Declarer")
        shot(page, "k-390-en", full=True)
        no_sideways_scroll(page)
    finally:
        context.close()
