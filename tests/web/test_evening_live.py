"""The evening live: the evening page's polled fragment and the table page's line of the other
tables answer a conditional GET (an unchanged poll is a 304 at a constant, small number of queries,
whatever the history); every write to any table changes them; only the club's members see them;
the close confirmation names the tables with no deal for 15 minutes or none at all."""
import datetime as dt
import random

import pytest
from django.conf import settings
from django.utils import timezone

from scoring import services
from families.danish.engine.generate import random_deal
from families.danish.engine.interchange import deal_to_dict
from scoring.models import Club, Deal, Role, Table
from scoring.selectors import live_tables, table_sheet
from tests.web.conftest import make_user

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]

#: An unchanged poll: the session, the user, the club membership and the evening's state.
UNCHANGED_POLL_QUERIES = 4


def record(table: Table, count: int = 1, seed: int = 1) -> list[Deal]:
    """``count`` random Danish deals at ``table``, each dealt by the dealer the sheet expects."""
    rng, saved = random.Random(seed), []
    for _ in range(count):
        table.refresh_from_db()
        sheet = table_sheet(table)
        deal = random_deal(rng, sheet.players, sheet.next_seating().dealer)
        saved.append(services.deal_record(table=table, outcome=deal_to_dict(deal)))
    return saved


def seat(evening, names) -> Table:
    players = [services.player_get_or_create(club=evening.club, name=n) for n in names]
    return services.table_create(evening=evening, players=players)


@pytest.fixture
def evening(club):
    return services.evening_create(club=club, date=dt.date(2026, 11, 20))


@pytest.fixture
def tables(evening):
    return [seat(evening, ("Anne", "Bent", "Carl", "Dorte")), seat(evening, ("Erik", "Finn", "Gitte"))]


@pytest.fixture
def member_client(client, club):
    client.force_login(make_user(club, Role.MEMBER))
    return client


def live_url(evening) -> str:
    return f"/evenings/{evening.pk}/live/"


def poll(client, url: str, etag: str | None = None, **headers):
    if etag:
        headers["HTTP_IF_NONE_MATCH"] = etag
    return client.get(url, HTTP_HX_REQUEST="true", **headers)


# The conditional GET ----------------------------------------------------------------------------

def test_a_poll_is_200_with_an_etag_then_304_while_nothing_changes(member_client, evening, tables):
    record(tables[0], 2)
    first = poll(member_client, live_url(evening))
    assert first.status_code == 200
    etag = first["ETag"]
    # weak: compressed (GZipMiddleware) the same fragment is other bytes each time, and the
    # middleware would weaken a strong tag on a compressed answer only, not the page's (live.js)
    assert etag.startswith('W/"') and etag.endswith('"')
    assert "no-cache" in first["Cache-Control"] and "private" in first["Cache-Control"]
    again = poll(member_client, live_url(evening), etag)
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == etag
    assert poll(member_client, live_url(evening), etag[2:]).status_code == 304   # a weak match is enough
    compressed = poll(member_client, live_url(evening), HTTP_ACCEPT_ENCODING="gzip")
    assert compressed["Content-Encoding"] == "gzip" and compressed["ETag"] == etag
    assert poll(member_client, live_url(evening), '"something-else"').status_code == 200


def test_an_unchanged_poll_costs_the_same_few_queries_however_long_the_evening(
        member_client, evening, tables, django_assert_num_queries):
    record(tables[0], 1)
    etag = poll(member_client, live_url(evening))["ETag"]
    with django_assert_num_queries(UNCHANGED_POLL_QUERIES):
        assert poll(member_client, live_url(evening), etag).status_code == 304
    record(tables[0], 25, seed=2)
    record(tables[1], 25, seed=3)
    seat(evening, ("Hans", "Ida", "Jens"))
    etag = poll(member_client, live_url(evening))["ETag"]
    with django_assert_num_queries(UNCHANGED_POLL_QUERIES):
        assert poll(member_client, live_url(evening), etag).status_code == 304
    others = f"/tables/{tables[0].pk}/others/"
    etag = poll(member_client, others)["ETag"]
    with django_assert_num_queries(UNCHANGED_POLL_QUERIES):
        assert poll(member_client, others, etag).status_code == 304


def test_a_changed_poll_reads_the_same_number_of_queries_however_long_the_evening(member_client, evening, tables):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries():
        with CaptureQueriesContext(connection) as captured:
            assert poll(member_client, live_url(evening)).status_code == 200
        return len(captured)

    record(tables[0], 1)
    few = queries()
    record(tables[0], 20, seed=4)
    record(tables[1], 20, seed=5)
    assert queries() == few


def test_after_a_save_the_fragment_is_rendered_once_for_every_phone(client, club, evening, tables,
                                                                     django_assert_num_queries):
    record(tables[0], 2)
    client.force_login(make_user(club, Role.MEMBER, "first"))
    first = poll(client, live_url(evening))
    client.force_login(make_user(club, Role.MEMBER, "second"))
    with django_assert_num_queries(UNCHANGED_POLL_QUERIES):    # nothing read but the state
        second = poll(client, live_url(evening))
    assert second.status_code == 200 and second.content == first.content and second["ETag"] == first["ETag"]


def test_every_write_to_any_table_changes_the_etag(member_client, evening, tables, scorekeeper):
    seen = []

    def etag():
        response = poll(member_client, live_url(evening))
        seen.append(response["ETag"] if response.status_code == 200 else response.status_code)
        return seen[-1]

    etag()
    record(tables[1], 2)                                           # a save at another table
    etag()
    deal = Deal.objects.get(table=tables[1], number=2, current=True)
    services.deal_correct(deal=deal, outcome=deal.outcome, reason="samme igen")   # a correction
    etag()
    latest = Deal.objects.get(table=tables[1], number=2, current=True)
    services.deal_void(deal=latest, reason="forkert bord")         # a void
    etag()
    seat(evening, ("Hans", "Ida", "Jens"))                         # a new table, no deal yet
    etag()
    assert len(set(seen)) == len(seen), seen
    services.evening_close(evening=evening)
    closed = poll(member_client, live_url(evening), seen[-1])
    assert closed.status_code == 286                               # htmx stops polling
    assert "Aftenen er lukket." in closed.content.decode()
    services.evening_reopen(evening=evening, reason="et spil manglede")
    assert etag() not in seen[:-1]


def test_the_fragment_shows_each_table_deals_last_time_totals_cups_and_dealer(member_client, evening, tables):
    deals = record(tables[0], 3)
    at = timezone.make_aware(dt.datetime(2026, 11, 20, 21, 42))
    Deal.objects.filter(table=tables[0]).update(recorded_at=at - dt.timedelta(minutes=10))
    Deal.objects.filter(pk=deals[-1].pk).update(recorded_at=at)
    html = poll(member_client, live_url(evening)).content.decode()
    sheet = table_sheet(Table.objects.get(pk=tables[0].pk))
    first = html[html.index('id="table-1"'):html.index('id="table-2"')]
    assert "3 spil" in first and "sidst 21:42" in first
    assert f"{sheet.next_seating().dealer} giver" in first
    assert f"kongekop {sheet.cups[0]}" in first and f"pagatkop {sheet.cups[1]}" in first
    for total in sheet.totals:
        assert f">{total}<" in first
    second = html[html.index('id="table-2"'):]
    assert "0 spil" in second and "Erik giver" in second and "sidst" not in second
    assert "<html" not in html                                     # a fragment, not a page


def test_the_evening_page_polls_while_open_and_not_once_closed(member_client, evening, tables):
    html = member_client.get(f"/evenings/{evening.pk}/").content.decode()
    assert f'hx-get="{live_url(evening)}"' in html and 'hx-trigger="every 5s"' in html
    assert "js/live.js" in html and "<script>" not in html
    # the page names the ETag of what it shows: the first poll, unchanged, swaps nothing in
    etag = poll(member_client, live_url(evening))["ETag"]
    assert f'data-etag="{etag}"' in html.replace("&quot;", '"')
    services.evening_close(evening=evening)
    html = member_client.get(f"/evenings/{evening.pk}/").content.decode()
    assert "hx-get" not in html


def test_the_fragment_speaks_the_chosen_language_and_has_its_own_etag(member_client, evening, tables):
    record(tables[0], 1)
    danish = poll(member_client, live_url(evening))
    member_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = poll(member_client, live_url(evening), danish["ETag"])
    assert english.status_code == 200 and english["ETag"] != danish["ETag"]
    text = english.content.decode()
    assert "1 deal" in text and "Bent deals" in text and "last " in text and " giver" not in text


# Who may poll -----------------------------------------------------------------------------------

def test_only_the_clubs_members_see_the_fragments(client, evening, tables):
    other = Club.objects.create(name="Anden klub")
    client.force_login(make_user(other, Role.ADMIN, "outsider"))
    assert poll(client, live_url(evening)).status_code == 404
    assert poll(client, f"/tables/{tables[0].pk}/others/").status_code == 404
    assert poll(client, "/evenings/999999/live/").status_code == 404
    assert poll(client, "/tables/999999/others/").status_code == 404
    for huge in (2 ** 63, 10 ** 30):                                # never a server error
        assert poll(client, f"/evenings/{huge}/live/").status_code == 404
        assert poll(client, f"/tables/{huge}/others/").status_code == 404


def test_an_expired_session_gets_401_on_a_poll_and_the_login_page_by_hand(client, evening, tables):
    assert poll(client, live_url(evening)).status_code == 401
    assert poll(client, f"/tables/{tables[0].pk}/others/").status_code == 401
    response = client.get(live_url(evening))
    assert response.status_code == 302 and "login" in response["Location"]


def test_a_scorekeeper_gets_the_table_links_a_member_the_sheet_links(client, club, evening, tables):
    client.force_login(make_user(club, Role.SCOREKEEPER, "keeper"))
    keeper = poll(client, live_url(evening))
    assert "Til bordet" in keeper.content.decode()
    client.force_login(make_user(club, Role.MEMBER, "reader"))
    reader = poll(client, live_url(evening), keeper["ETag"])
    assert reader.status_code == 200 and "Se arket" in reader.content.decode()


# The table page's other tables ------------------------------------------------------------------

def test_the_table_page_shows_the_other_tables_in_one_line(keeper_client, evening, tables):
    record(tables[1], 2)
    html = keeper_client.get(f"/tables/{tables[0].pk}/").content.decode()
    line = html[html.index('id="other-tables"'):]
    line = line[:line.index("</p>")]
    assert f'hx-get="/tables/{tables[0].pk}/others/"' in line
    assert "Bord 2" in line and "2 spil" in line and "sidst" in line and " giver" in line
    assert "Bord 1" not in line
    fragment = poll(keeper_client, f"/tables/{tables[0].pk}/others/")
    assert f'data-etag="{fragment["ETag"]}"' in line.replace("&quot;", '"')
    assert fragment.status_code == 200 and "Bord 2" in fragment.content.decode()
    record(tables[1], 1, seed=9)
    again = poll(keeper_client, f"/tables/{tables[0].pk}/others/", fragment["ETag"])
    assert again.status_code == 200 and "3 spil" in again.content.decode()


# The close confirmation -------------------------------------------------------------------------

def test_idle_tables_by_a_fixed_clock():
    now = timezone.make_aware(dt.datetime(2026, 11, 20, 22, 0))
    status = lambda n, deals, minutes: live_tables.TableStatus(
        n, n, ("A", "B", "C"), deals, None if minutes is None else now - dt.timedelta(minutes=minutes), "A")
    quiet, empty = live_tables.idle_tables([status(1, 10, 15), status(2, 10, 14), status(3, 0, None), status(4, 0, 30)],
                                    now)
    assert [s.number for s in quiet] == [1]
    assert [s.number for s in empty] == [3, 4]          # a table whose only deal was voided has none


def test_the_close_confirmation_names_quiet_and_empty_tables(keeper_client, evening, tables):
    record(tables[0], 2)
    record(tables[1], 2, seed=7)
    third = seat(evening, ("Hans", "Ida", "Jens"))
    long_ago = timezone.now() - dt.timedelta(minutes=20)
    Deal.objects.filter(table=tables[0]).update(recorded_at=long_ago)
    html = keeper_client.get(f"/evenings/{evening.pk}/close/").content.decode()
    box = html[html.index('id="idle-tables"'):]
    box = box[:box.index("</div>")]
    assert "Er alle borde færdige?" in box
    assert f"Bord 1: intet spil i 20 minutter (sidst {timezone.localtime(long_ago):%H:%M})." in box
    assert f"Bord {third.number}: ingen spil." in box
    assert "Bord 2" not in box


def test_the_close_confirmation_names_nothing_when_every_table_is_playing(keeper_client, evening, tables):
    record(tables[0], 1)
    record(tables[1], 1)
    html = keeper_client.get(f"/evenings/{evening.pk}/close/").content.decode()
    assert 'id="idle-tables"' not in html


def test_a_closed_evenings_table_page_shows_the_other_tables_still_and_polls_no_more(keeper_client, evening, tables):
    record(tables[1], 1)
    services.evening_close(evening=evening)
    html = keeper_client.get(f"/tables/{tables[0].pk}/").content.decode()
    line = html[html.index('id="other-tables"'):]
    line = line[:line.index("</p>")]
    assert "hx-get" not in line and "Bord 2" in line and "1 spil" in line and " giver" not in line


def test_a_lone_table_has_no_other_tables_until_one_is_seated(keeper_client, club):
    evening = services.evening_create(club=club, date=dt.date(2026, 11, 21))
    lone = seat(evening, ("Anne", "Bent", "Carl"))
    html = keeper_client.get(f"/tables/{lone.pk}/").content.decode()
    assert f'hx-get="/tables/{lone.pk}/others/"' in html and 'class="other-table"' not in html
    seat(evening, ("Dorte", "Erik", "Finn"))
    fragment = poll(keeper_client, f"/tables/{lone.pk}/others/").content.decode()
    assert ">Bord 2</a>: 0 spil, Dorte giver" in fragment and "Bord 1" not in fragment
