"""A Grosstarock table on a phone (docs/rules/grosstarock.md §2, §3), as a person taps it at
390×844: a deal with a ladons meld, a king ultimo and an announced vole that is won, recorded
through the phone form — all four kings as chips, the announcement as player and trick — whose
live preview shows the engine's amounts before it is saved; the saved sheet shows the same, with no
cup anywhere (the card has none), and the page never scrolls sideways, also at 1280 wide.

``SHOTS=/some/dir`` keeps a screenshot of each step there, to look at."""

import pytest
from playwright.sync_api import expect

from scoring import services
from families.danish.engine import interchange
from families.danish.engine.settle import settle_deal
from scoring.models import Club, Deal, Role
from tests.browser.helpers import no_sideways_scroll, open_page, shot
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ("Anne", "Bent", "Carl")


def chip(scope, text: str) -> None:
    """Tap the chip whose text is exactly ``text`` inside ``scope``."""
    scope.locator("label").filter(has_text=text).first.click()


def open_section(page, section: str) -> None:
    if page.locator(f"#{section}").get_attribute("open") is None:
        page.locator(f"#{section} > summary").click()


@pytest.fixture
def gt_table():
    club = Club.objects.create(name="Grosstarock-Runde")
    make_user(club, Role.SCOREKEEPER, "schreiber")
    players = [services.player_get_or_create(club=club, name=n) for n in PLAYERS]
    evening = services.evening_create(club=club, date="2026-11-20")
    return services.table_create(evening=evening, players=players, rules="grosstarock")


def test_grosstarock_s3_ladons_king_ultimo_and_a_won_announced_vole_tapped_on_a_phone(live_server, browser,
                                                                                       gt_table):
    """Anne deals (Bent leads, Carl middlehand). Bent melds 16 ladons (15 from each); Carl's pagat
    comes home (5 each); kings: hearts Carl ultimo (10 each), diamonds Carl home (5 each), clubs Bent
    and spades Anne lost (5 to each); Carl announced a vole before trick 1 and took every trick: 52
    from each instead of the tout's 26; counts Carl 76 (+50), Anne 2 (−24), Bent derived (−26).
    Carl 189, Anne −116, Bent −73."""
    context, page = open_page(browser, live_server, f"/tables/{gt_table.pk}/", "schreiber", 390, 844)
    no_sideways_scroll(page)
    # no cups on this card: neither in the header nor on the sheet
    expect(page.locator("#king-cup")).to_have_count(0)
    expect(page.locator("table.sheet th.cup")).to_have_count(0)
    expect(page.locator("#card-name")).to_contain_text("Grosstarock")
    shot(page, "gt-390-empty", full=True)

    open_section(page, "melds")
    page.select_option("#id_meld_1_player", "Bent")
    page.select_option("#id_meld_1_kind", "ladons:16")
    chip(page.locator("#pagat-owner"), "Carl")
    for suit, owner, fate in (("hearts", "Carl", "ultimo"), ("diamonds", "Carl", "hjem"), ("clubs", "Bent", "tabt"),
                              ("spades", "Anne", "tabt")):
        row = page.locator(f"#king-{suit}")
        chip(row.locator(f"[data-field=king_{suit}_owner]"), owner)
        chip(row.locator(f"[data-field=king_{suit}_fate]"), fate)
    chip(page.locator("#last-trick"), "Carl")
    open_section(page, "tout-nolo")
    page.select_option("#id_tout", "Carl")
    open_section(page, "announced")
    page.select_option("#id_announced_vole_player", "Carl")
    page.fill("#id_announced_vole_before_trick", "1")
    # the counts in the order of play: Bent (forehand), Carl, Anne (the dealer); Bent derived
    page.fill("#id_count_1", "76")
    page.fill("#id_count_2", "2")

    net = page.locator("#preview-net")
    expect(net).to_be_visible()
    expect(net.locator("tr").nth(1)).to_have_text("-116-73189")
    expect(net.locator(".cup")).to_have_count(0)
    postings = page.locator("#preview-postings")
    expect(postings).to_contain_text("Anne → Carl 52 meldt vole (før stik 1)")
    expect(postings).to_contain_text("Bent → Carl 10 kongeultimo (hjerter)")
    expect(postings).to_contain_text("Anne → Bent 15 melding: 16 ladoner")
    expect(postings).not_to_contain_text("kop")
    no_sideways_scroll(page)
    page.locator("#preview").scroll_into_view_if_needed()
    shot(page, "gt-390-preview")
    shot(page, "gt-390-form", full=True)

    with page.expect_navigation():
        page.click("#save")
    deal = Deal.objects.get(table=gt_table)
    assert deal.outcome["announced_vole"] == {"player": "Carl", "before_trick": 1}
    assert deal.outcome["melds"] == [{"player": "Bent", "kind": "ladons", "count": 16}]
    assert deal.outcome["kings"]["hearts"] == {"owner": "Carl", "fate": "ultimo"}
    engine = settle_deal(PLAYERS, 1, interchange.parse_deal(deal.outcome, 1, gt_table.card),
                         gt_table.engine.state_before(PLAYERS, gt_table.card, {}, lambda: ()), gt_table.card)
    assert dict(engine.net) == {"Anne": -116, "Bent": -73, "Carl": 189}

    row = page.locator("#deal-row-1 td")
    expect(row).to_have_count(4)                       # the deal, then one cell per player, no cups
    assert row.all_inner_texts()[1:] == ["-116", "-73", "189"]
    expect(page.locator("#running td")).to_have_text(["-116", "-73", "189"])
    expect(page.locator("table.sheet th.cup, table.sheet td.cup")).to_have_count(0)
    legend = page.locator("#sheet-legend").inner_text()
    assert "kongekop" not in legend and "pagatkop" not in legend
    no_sideways_scroll(page)
    shot(page, "gt-390-saved", full=True)
    context.close()

    context, page = open_page(browser, live_server, f"/tables/{gt_table.pk}/", "schreiber", 1280, 900, is_mobile=False)
    no_sideways_scroll(page)
    expect(page.locator("table.sheet th.cup")).to_have_count(0)
    shot(page, "gt-1280", full=True)
    context.close()
