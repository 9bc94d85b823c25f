"""The rating on the standings page, its exports and the player page, and ``manage.py ratings``
(the rating itself: tests/engine/test_rating.py)."""
import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from scoring.models import Evening, Player, Seat
from scoring.selectors.ratings import club_ratings, rating_rows
from scoring.services.seed import seed_history

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


@pytest.fixture
def history():
    """Four closed evenings of two tables; the last kept out of the standings (a tournament's round
    whose director kept it out), which the rating counts all the same."""
    club = seed_history(seasons=1, evenings=4, tables=2, deals=6, seed=3, name_prefix="Rating")[0]
    last = Evening.objects.filter(club=club).order_by("-date", "-id").first()
    Evening.objects.filter(pk=last.pk).update(counts_in_standings=False)
    return club


def test_the_standings_show_each_players_rating_beside_his_points_and_export_it(client, history):
    client.force_login(get_user_model().objects.create_superuser("admin", password="pw-secret-1"))
    found = club_ratings(history, "vlk", "danish").players
    # every seat of every table, the round's too
    assert sum(r.evenings for r in found.values()) == Seat.objects.filter(table__evening__club=history).count()
    page = client.get(f"/clubs/{history.pk}/standings/").content.decode()
    head = page[page.index('id="standings"'):]
    assert head.index(">Point<") < head.index(">Rating<") < head.index(">Beløb<")
    # the rating as it stood after the last evening the standings show (the round kept out is later)
    cut = club_ratings(history, "vlk", "danish").at(
        Evening.objects.filter(club=history, counts_in_standings=True).order_by("-date").first().date)
    provisional = [p for p, r in cut.items() if r.provisional]
    assert provisional and page.count('class="tag provisional"') == len(provisional)
    rows = [line.split(";") for line in client.get(f"/clubs/{history.pk}/standings/?_export=csv")
            .content.decode("utf-8-sig").splitlines()]
    names = dict(Player.objects.filter(club=history).values_list("name", "pk"))
    at = rows[0].index("Rating")
    assert rows[0][at + 1] == "Foreløbig rating"
    shown = {row[0]: (row[at], row[at + 1]) for row in rows[1:]}
    assert shown == {name: (f"{cut[names[name]].shown:.1f}".replace(".", ","),
                            "ja" if cut[names[name]].provisional else "nej") for name in shown}


def test_the_player_page_charts_his_rating_evening_by_evening(client, history):
    client.force_login(get_user_model().objects.create_superuser("admin", password="pw-secret-1"))
    ratings = club_ratings(history, "vlk", "danish")
    player = max(ratings.history, key=lambda p: len(ratings.history[p]))
    page = client.get(f"/players/{player}/").content.decode()
    chart = page[page.index('id="player-rating-chart"'):page.index("</figure>", page.index('id="player-rating-chart"'))]
    steps = ratings.history[player][:-1]   # up to the last evening the page shows (the last is kept out)
    assert chart.count("<circle") == len(steps)
    assert f'id="player-rating">{steps[-1].rating.shown:.1f}'.replace(".", ",") in page


def test_the_ratings_command_prints_the_selectors_rows(history):
    out = io.StringIO()
    call_command("ratings", "--club", history.name, "--json", stdout=out)
    rows = rating_rows(club_ratings(history, "vlk", "danish"))
    assert json.loads(out.getvalue()) == [{"player_id": r.player_id, "player": r.player, "rating": r.rating,
                                           "provisional": r.provisional, "evenings": r.evenings, "mu": r.mu,
                                           "sigma": r.sigma} for r in rows]
    text = io.StringIO()
    call_command("ratings", "--club", history.name, stdout=text)
    assert text.getvalue().splitlines()[0] == "rules: vlk (Dansk tarok · VLK)"
    assert len(text.getvalue().splitlines()) == 2 + len(rows)


def test_the_kept_ratings_are_never_those_of_another_history(history):
    """A page asking again gets the ratings kept for the same history; a reopening, a close and a
    merge each make another (``selectors.ratings.history_key``)."""
    from scoring import services
    from scoring.engine.rating import ratings
    from scoring.selectors.ratings import rated_tables

    def fresh():
        return ratings(rated_tables(history, "vlk", "danish"))

    first = club_ratings(history, "vlk", "danish")
    assert club_ratings(history, "vlk", "danish") is first
    evening = Evening.objects.filter(club=history, closed_at__isnull=False).order_by("date", "id").first()
    services.evening_reopen(evening=evening, reason="test")
    assert club_ratings(history, "vlk", "danish") == fresh() != first
    services.evening_close(evening=evening)
    assert club_ratings(history, "vlk", "danish") == fresh() == first
    # Anne's evenings are now those of the player she was merged into: the same ratings, his key
    anne = Player.objects.get(club=history, name="Anne")
    now = services.player_get_or_create(club=history, name="Anne Holm")
    services.player_merge(duplicate=anne, into=now)
    merged = club_ratings(history, "vlk", "danish")
    assert merged == fresh() and merged.players[now.pk] == first.players[anne.pk] and anne.pk not in merged.players
