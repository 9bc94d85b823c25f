"""Issue 12, item 9, on a 390×844 phone: "bent " typed next to the member Bent on Ny aften seats
Bent (no second player); "Bnet" asks "Mente du Bent?" before anything is written, and one tap on
the answer creates the evening (with Bent, or with the new player Bnet)."""
import pytest
from playwright.sync_api import expect

from scoring import services
from scoring.models import Club, Evening, Player, Role, Table
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = "/tmp/shots/N"


@pytest.fixture
def club_page(live_server, phone390):
    club = Club.objects.create(name="VLK")
    for name in ("Anne", "Bent", "Carl"):
        services.player_get_or_create(club=club, name=name)
    make_user(club, Role.SCOREKEEPER, "skriver")
    page = phone390
    page.goto(f"{live_server.url}/login/?next=/evenings/new/")
    page.fill("#id_username", "skriver")
    page.fill("#id_password", "pw-secret-1")
    with page.expect_navigation():
        page.click("#login-submit")
    expect(page.locator("h1")).to_have_text("Ny aften")
    return club, page


def seat(page, typed_2: str) -> None:
    page.select_option("#id_seat_1", "Anne")
    page.fill("#id_new_2", typed_2)
    page.select_option("#id_seat_3", "Carl")
    page.fill("#id_new_4", "Dorte")


def seated() -> list[str]:
    return [s.player.name for s in Table.objects.get().seats.order_by("position")]


def in_view(page, locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"] \
        and box["y"] + box["height"] <= size["height"]


def no_overflow(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_typing_bent_with_a_space_next_to_the_member_bent_seats_bent(club_page):
    club, page = club_page
    seat(page, "bent ")
    with page.expect_navigation():
        page.click("#create-evening")
    expect(page.locator("#seating")).to_contain_text("Bent")
    assert seated() == ["Anne", "Bent", "Carl", "Dorte"]
    assert sorted(Player.objects.filter(club=club).values_list("name", flat=True)) == ["Anne", "Bent", "Carl", "Dorte"]


def test_bnet_asks_mente_du_bent_and_one_tap_seats_bent(club_page):
    club, page = club_page
    seat(page, "Bnet")
    with page.expect_navigation():
        page.click("#create-evening")
    question = page.locator("#did-you-mean")
    expect(question).to_contain_text("Mente du Bent?")
    yes = question.get_by_role("button", name="Ja, Bent")
    no = question.get_by_role("button", name="Nej, Bnet er en ny spiller")
    page.screenshot(path=f"{SHOTS}/mente-du-bent-390.png", full_page=True)
    assert in_view(page, question) and in_view(page, yes) and in_view(page, no) and no_overflow(page)
    assert Evening.objects.count() == 0 and Player.objects.filter(club=club).count() == 3   # nothing written yet
    expect(page.locator("#id_new_2")).to_have_value("Bnet")                             # the input is kept
    page.press("#id_new_4", "Enter")                                                      # Enter is no answer
    expect(page.locator("#did-you-mean")).to_contain_text("Mente du Bent?")
    assert Evening.objects.count() == 0
    with page.expect_navigation():
        page.locator("#did-you-mean").get_by_role("button", name="Ja, Bent").tap()
    expect(page.locator("#seating")).to_contain_text("Bent")
    assert seated() == ["Anne", "Bent", "Carl", "Dorte"]
    assert sorted(Player.objects.filter(club=club).values_list("name", flat=True)) == ["Anne", "Bent", "Carl", "Dorte"]


def test_bnet_is_really_a_new_player_with_one_tap(club_page):
    club, page = club_page
    seat(page, "Bnet")
    with page.expect_navigation():
        page.click("#create-evening")
    with page.expect_navigation():
        page.locator("#did-you-mean").get_by_role("button", name="Nej, Bnet er en ny spiller").tap()
    expect(page.locator("#seating")).to_contain_text("Bnet")
    assert seated() == ["Anne", "Bnet", "Carl", "Dorte"]
    assert Player.objects.filter(club=club, name="Bnet").exists()
