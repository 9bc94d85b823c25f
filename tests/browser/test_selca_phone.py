"""The Selca table on a phone (docs/rules/selca.md §1-§9, §14 "Form hints"), as a person taps it at
390×844: the evening of golden/selca/worked-examples.json recorded through the deal form — the kind
and the game as chips, each count typed as the players say it ("43", "30,6", "33 in 2 platelca",
"55" and the +2 platelc chip, or the opponents' "17,6"), klop counts with the last one left for
the app to derive, kralji, trula, pagat, valat, kontra, mondfang, pagatfonk and renons — each
deal's live preview showing what is written before it is saved; then the totals and each deal's
written points read off the sheet equal worked-examples.expected.json, and the page never scrolls
sideways.

``SHOTS=/some/dir`` keeps a screenshot of each step there, to look at."""
import json

import pytest
from playwright.sync_api import expect

from scoring import services
from scoring.engine.interchange import loads
from scoring.engine.settle import settle_evening
from scoring.engine.translation import phrase_text
from scoring.models import Club, Deal, Role
from tests.browser.helpers import login, no_sideways_scroll, phone_context, shot
from tests.web.conftest import make_user
from tests.conftest import GOLDEN as GOLDEN_DIR
from tests.engine.selca.test_golden import as_the_seed_writes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GOLDEN = GOLDEN_DIR / "selca"


def make_table(names, date="2026-11-20"):
    club = Club.objects.create(name="Tarok Selca")
    make_user(club, Role.SCOREKEEPER, "zapisnikar")
    players = [services.player_get_or_create(club=club, name=n) for n in names]
    evening = services.evening_create(club=club, date=date)
    return services.table_create(evening=evening, players=players, rules="selca")


@pytest.fixture
def worked():
    data = json.loads((GOLDEN / "worked-examples.json").read_text())
    return make_table(data["players"], data["date"]), data


def chip(page, group: str, text: str) -> None:
    """Tap the chip of ``group`` whose text is exactly ``text``."""
    page.locator(f"#{group} label").filter(has_text=text).first.click()


def say(thirds: int, how: str) -> tuple[str, int]:
    """A count as the players say it, in one of the ways of §14's form hints: (typed, platelc chip)."""
    points, platelci = divmod(thirds, 3)
    if how == "comma":
        return f"{points},{('0', '3', '6')[platelci]}" if platelci else str(points), 0
    if how == "words":
        return (f"{points} in {platelci} {'platelc' if platelci == 1 else 'platelca'}" if platelci
                else str(points)), 0
    return str(points), platelci     # "chip": the points typed, the platelci tapped


#: How each game's count is said (by deal number): for which side, in which way.
SAYING = {1: ("declarer", "chip"), 3: ("declarer", "comma"), 5: ("opponents", "comma"), 8: ("declarer", "chip"),
          9: ("declarer", "words"), 10: ("opponents", "comma"), 11: ("declarer", "comma"), 13: ("declarer", "comma"),
          14: ("declarer", "chip"), 15: ("opponents", "words")}
KINDS = {"game": "igra", "klop": "klop", "misdeal": "zatala", "shown": "pokazane karte"}
GAMES = {3: "tri", 2: "dve", 1: "ena"}
SIDES = {"declarer": "licitator", "opponents": "nasprotnika"}


def pagat_choice(deal: dict) -> str:
    if "pagat" in (deal.get("announced") or []):
        return "announced_ultimo" if deal.get("pagat_ultimo") == "declarer" else "announced_lost"
    if "pagat_ultimo" in deal:
        return f"{deal['pagat_ultimo']}_ultimo"
    if "pagat_lost" in deal:
        return f"{deal['pagat_lost']}_lost"
    return ""


def valat_choice(deal: dict) -> str:
    if "valat" in (deal.get("announced") or []):
        return "announced_made" if deal.get("valat") else "announced_failed"
    return "silent" if deal.get("valat") else ""


def tap_deal(page, number: int, deal: dict) -> None:
    """Enter one deal of the file as a scorekeeper would."""
    expect(page.locator("#id_dealer")).to_have_value(deal["dealer"])    # the app proposes the file's dealer
    chip(page, "kind", KINDS[deal["kind"]])
    if deal["kind"] == "shown":
        chip(page, "shown-by", deal["shown_by"])
    elif deal["kind"] == "klop":
        counts = list(deal["counts"].items())
        for player, thirds in counts[:-1]:     # the last one is left for the app: the rest of 70
            typed, _chip = say(thirds, "comma")
            page.locator(f'.s-klop-row[data-field="counts.{player}"] input').fill(typed)
        last, thirds = counts[-1]
        expect(page.locator("#klop-derived")).to_have_text(f"{last}: {typed_said(thirds)} (resten af 70)")
    elif deal["kind"] == "game":
        chip(page, "declarer", deal["declarer"])
        chip(page, "game", GAMES[deal["game"]])
        side, how = SAYING[number]
        thirds = deal["count"] if side == "declarer" else 210 - deal["count"]
        typed, platelci = say(thirds, how)
        chip(page, "count-side", SIDES[side])
        page.fill("#id_count", typed)
        if platelci:
            chip(page, "count-platelci", f"+{platelci}")
        other = "nasprotnika" if side == "declarer" else "licitator"
        expect(page.locator("#count-other")).to_have_text(f"{other} {typed_said(210 - thirds)}")
        for name, group in (("kings", "kings"), ("trula", "trula")):
            if name in deal:
                chip(page, group, SIDES[deal[name]])
        if pagat_choice(deal):
            page.select_option("#id_pagat", pagat_choice(deal))
        if valat_choice(deal):
            page.select_option("#id_valat", valat_choice(deal))
        kontra = deal.get("kontra") or {}
        for item in ("game", "pagat", "valat"):
            if item in kontra:
                chip(page, f"kontra-{item}", kontra[item])
        if "by" in kontra:
            chip(page, "kontra-by", kontra["by"])
        if any(k in deal for k in ("mondfang", "pagatfonk", "renons")):
            if page.locator("#s-extras").get_attribute("open") is None:
                page.locator("#s-extras summary").click()
        for key, a, b in (("mondfang", "owner", "by"), ("pagatfonk", "skis", "pagat")):
            if key in deal:
                chip(page, f"{key}-{a}", deal[key][a])
                chip(page, f"{key}-{b}", deal[key][b])
        for player in deal.get("renons") or []:
            chip(page, "renons", player)


def typed_said(thirds: int) -> str:
    points, platelci = divmod(thirds, 3)
    return f"{points},{3 * platelci}" if platelci else str(points)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def test_selca_the_worked_examples_tapped_on_a_phone_give_the_golden_totals(live_server, browser, worked):
    table, data = worked
    expected = json.loads((GOLDEN / "worked-examples.expected.json").read_text())
    players = data["players"]
    # the page is Danish (the club's language): the formula in its words, English in the golden
    worded = [phrase_text(e.facts["formula_words"], "da") for e in settle_evening(loads(json.dumps(data))).deals]
    assert [e.facts["formula"] for e in settle_evening(loads(json.dumps(data))).deals] == \
        [as_the_seed_writes(d["formula"]) for d in expected["deals"]]
    context, page = phone_context(browser)
    try:
        login(page, live_server, f"/tables/{table.pk}/", "zapisnikar")
        expect(page.locator("#s-declarer")).to_be_visible()
        expect(page.locator("#s-klop")).to_be_hidden()
        shot(page, "s-390-empty", full=True)
        no_sideways_scroll(page)
        for number, (deal, result) in enumerate(zip(data["deals"], expected["deals"]), 1):
            tap_deal(page, number, deal)
            expect(page.locator("#preview-formula")).to_have_text(worded[number - 1])
            expect(page.locator("#preview-net td")).to_have_text([signed(result["net"][p]) for p in players])
            if number in (2, 3, 8, 11, 14):
                shot(page, f"s-390-deal-{number}", full=True)
            no_sideways_scroll(page)
            with page.expect_navigation():
                page.click("#save")
            expect(page.locator(".messages")).to_contain_text(f"Spil {number} er gemt.")
        assert Deal.objects.filter(table=table).count() == len(data["deals"])
        stored = [d.outcome for d in Deal.objects.filter(table=table, current=True).order_by("number")]
        assert stored == data["deals"]

        # the sheet: each deal's written points, the running and final totals, on the phone's width
        totals = page.locator(f"#sheet-{table.pk} tfoot th.num").all_inner_texts()
        assert [int(t) for t in totals] == [expected["totals"][p] for p in players]
        assert [int(t) for t in page.locator("#running td").all_inner_texts()] == [
            expected["totals"][p] for p in players]
        for result in expected["deals"]:
            n = result["number"]
            cells = page.locator(f"#written-{n} td.num").all_inner_texts()
            assert [int(t) for t in cells] == [result["net"][p] for p in players], n
            running = page.locator(f"#running-{n} td.num").all_inner_texts()
            assert [int(t) for t in running] == [
                sum(d["net"][p] for d in expected["deals"][:n]) for p in players]
        expect(page.locator("#game-5")).to_have_text("tri Cene")
        expect(page.locator("#game-12")).to_have_text("klop")
        no_sideways_scroll(page)
        page.locator("#sheet-title").scroll_into_view_if_needed()
        shot(page, "s-390-sheet")
        page.locator("#deal-row-14 summary").click()
        expect(page.locator("#formula-14")).to_be_visible()
        shot(page, "s-390-sheet-formula")
        no_sideways_scroll(page)
        shot(page, "s-390-full", full=True)

        # a deal's history in the game's words
        page.locator("#history-8").click()
        page.wait_for_load_state()
        expect(page.locator("main")).to_contain_text("napovedan: ultimo")
        shot(page, "s-390-history-8", full=True)
        no_sideways_scroll(page)
        page.go_back()
        page.wait_for_load_state()

        # correcting deal 1 (tri → dve): the preview shows the effect on every total
        page.locator("#edit-1").click()
        page.wait_for_load_state()
        expect(page.locator("#game input[value='3']")).to_be_checked()
        expect(page.locator("#id_count")).to_have_value("43")
        chip(page, "game", "dve")
        expect(page.locator("#effect-table tr[data-player=Ana] .effect-after")).to_contain_text("-149")
        shot(page, "s-390-correction", full=True)
        no_sideways_scroll(page)

        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(f"{live_server.url}/tables/{table.pk}/")
        shot(page, "s-1280-full", full=True)
    finally:
        context.close()


def test_selca_at_four_the_resting_dealer_is_never_offered(live_server, browser):
    table = make_table(("Ana", "Bojan", "Cene", "Darja"), "2026-11-21")
    context, page = phone_context(browser)
    try:
        login(page, live_server, f"/tables/{table.pk}/", "zapisnikar")
        expect(page.locator("#s-resting")).to_contain_text("Ana")
        expect(page.locator("#declarer label")).to_have_text(["Bojan", "Cene", "Darja"])
        chip(page, "declarer", "Cene")
        chip(page, "game", "dve")
        page.fill("#id_count", "40")
        chip(page, "kontra-game", "kontra")
        # who said kontra: an opponent, never the declarer, never the resting dealer
        expect(page.locator("#kontra-by label:visible")).to_have_text(["—", "Bojan", "Darja"])
        chip(page, "kontra-by", "Bojan")
        expect(page.locator("#preview-net td")).to_have_text(["0", "-8", "+8", "-8"])
        shot(page, "s-390-four", full=True)
        # another dealer: the form is rebuilt, the declarer Cene now rests and is cleared
        page.select_option("#id_dealer", "Cene")
        expect(page.locator("#dealer-cleared")).to_contain_text("Cene sidder over nu")
        expect(page.locator("#declarer label")).to_have_text(["Ana", "Bojan", "Darja"])
        expect(page.locator("#id_count")).to_have_value("40")
        # klop: the resting dealer plays the talon and is counted
        chip(page, "kind", "klop")
        expect(page.locator(".s-klop-row")).to_have_count(4)
        for player, typed in (("Ana", "20"), ("Bojan", "20,3"), ("Cene", "15")):
            page.locator(f'.s-klop-row[data-field="counts.{player}"] input').fill(typed)
        expect(page.locator("#klop-derived")).to_have_text("Darja: 14,6 (resten af 70)")
        page.locator('.s-klop-row[data-field="counts.Darja"] input').fill("20")
        # in the players' točke, never the engine's thirds (§2)
        refused = "Tallene giver 75 in 1 platelc; de skal give 70 točk."
        expect(page.locator("#preview-problems")).to_contain_text(refused)
        with page.expect_navigation():
            page.click("#save")
        expect(page.locator("#not-saved")).to_be_visible()
        expect(page.locator('[data-field="counts"]').first).to_contain_text(refused)
        expect(page.locator("#s-form")).not_to_contain_text("tredjedel")
        assert Deal.objects.count() == 0
        shot(page, "s-390-klop-refused", full=True)
        no_sideways_scroll(page)
        # in English the words around the game's terms are English
        page.click("#lang-en")
        expect(page.locator("#s-declarer legend")).to_have_text("Declarer (licitator)")
        shot(page, "s-390-en", full=True)
        no_sideways_scroll(page)
    finally:
        context.close()


def test_selca_a_table_of_four_reads_on_a_phone(live_server, browser):
    """golden/selca/four-players.json imported: the zapisnik at 390 px writes each deal's golden
    points (the resting dealer greyed, 0, except his own zatala and in klop) and the totals, with
    no sideways scroll."""
    data = json.loads((GOLDEN / "four-players.json").read_text())
    expected = json.loads((GOLDEN / "four-players.expected.json").read_text())
    club = Club.objects.create(name="Tarok Selca")
    make_user(club, Role.SCOREKEEPER, "zapisnikar")
    table = services.evening_import(club=club, data=data)
    players = data["players"]
    context, page = phone_context(browser)
    try:
        login(page, live_server, f"/tables/{table.pk}/", "zapisnikar")
        for result in expected["deals"]:
            n = result["number"]
            cells = page.locator(f"#written-{n} td.num")
            assert [int(t) for t in cells.all_inner_texts()] == [result["net"][p] for p in players], n
            dealer = data["deals"][n - 1]["dealer"]
            resting = cells.nth(players.index(dealer))
            kind = data["deals"][n - 1]["kind"]
            assert ("out" in resting.get_attribute("class")) == (kind in ("game", "shown")), n
        totals = page.locator(f"#sheet-{table.pk} tfoot th.num").all_inner_texts()
        assert [int(t) for t in totals] == [expected["totals"][p] for p in players]
        no_sideways_scroll(page)
        page.locator("#sheet-title").scroll_into_view_if_needed()
        shot(page, "s-390-four-sheet")
        shot(page, "s-390-four-full", full=True)
    finally:
        context.close()
