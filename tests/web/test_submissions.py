"""One-time submission keys (``scoring.table.submissions``) and the two-phones guard through a
rebuilt deal form: a repeated key answers with the first result and writes nothing; a phone that is
behind gets the 409 page however often its form was rebuilt. The races themselves, with threads
against the live server: tests/web/test_concurrency.py."""
import datetime as dt
import io
import json
import re

import pytest
from django.db import OperationalError
from django.test import Client
from django.utils import timezone

from scoring import services
from scoring.table import submissions
from scoring.models import (
    ClubRateCard, Deal, Evening, EveningEvent, JournalEntry, Player, Role, Season, Submission, Table,
)
from tests.web.conftest import make_user

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


def key_in(response) -> str:
    found = re.findall(r'<input type="hidden" name="submission" value="([0-9a-f]{32})">', response.content.decode())
    assert found, "no submission key on the page"
    return found[0]


def version_in(response) -> str:
    return re.search(r'<input type="hidden" name="version" value="(\d*)"', response.content.decode()).group(1)


def plain(version, **extra):
    """Anne deals (Carl sits out): Bent's pagat home, Dorte the last trick, counts Bent 31, Dorte 20."""
    data = {"version": version, "kind": "played", "dealer": "Anne", "pagat_owner": "Bent", "pagat_fate": "home",
            "last_trick": "Dorte", "counts.Bent": "31", "counts.Dorte": "20"}
    return {**data, **extra}


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


@pytest.fixture
def admin_client(client, club):
    client.force_login(make_user(club, Role.ADMIN, "admin-keys"))
    return client


# Every writing form carries a fresh key ----------------------------------------------------------

def test_every_writing_form_carries_a_fresh_submission_key(admin_client, four_table, club):
    services.deal_record(table=four_table, outcome={"dealer": "Anne", "kind": "misdeal"})
    deal = Deal.objects.get()
    e = four_table.evening
    card = ClubRateCard.objects.create(club=club, name=f"{club.pk}-vlk-1", based_on="vlk",
                                       data=json.dumps(services.club_card(club).to_dict()))
    pages = [f"/tables/{four_table.pk}/", f"/deals/{deal.pk}/edit/", f"/deals/{deal.pk}/void/", "/evenings/new/",
             f"/evenings/{e.pk}/tables/new/", f"/evenings/{e.pk}/close/", "/evenings/import/",
             f"/evenings/{e.pk}/tables/import/", f"/clubs/{club.pk}/players/", f"/clubs/{club.pk}/seasons/",
             f"/clubs/{club.pk}/cards/", f"/clubs/{club.pk}/cards/{card.pk}/"]
    for url in pages:
        first, second = admin_client.get(url), admin_client.get(url)
        assert first.status_code == 200, url
        assert key_in(first) != key_in(second), url
    services.evening_close(evening=e)
    assert key_in(admin_client.get(f"/evenings/{e.pk}/reopen/"))


# A repeated key answers with the first result ----------------------------------------------------

def test_a_double_tapped_deal_is_saved_once_and_the_repeat_gets_the_first_result(keeper_client, four_table):
    page = keeper_client.get(f"/tables/{four_table.pk}/")
    data = plain(version_in(page), submission=key_in(page))
    first = keeper_client.post(f"/tables/{four_table.pk}/", data)
    again = keeper_client.post(f"/tables/{four_table.pk}/", data)    # a double tap, or a retry after a lost answer
    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"] == f"/tables/{four_table.pk}/"
    assert Deal.objects.count() == 1 and JournalEntry.objects.filter(kind="deal").count() == 1
    shown = keeper_client.get(again["Location"])
    assert "Det var allerede gemt" in " ".join(messages_of(shown))
    stored = Submission.objects.get()
    assert (stored.action, stored.object_id, stored.user.username) == ("deal_record", Deal.objects.get().pk,
                                                                       f"scorekeeper-{four_table.evening.club_id}")


def test_the_first_result_is_given_before_any_check_that_would_now_refuse(keeper_client, four_table):
    """The repeat of a save that a later deal made stale still answers with the first result, not
    the 409 page; the repeat of a close answers with the evening, not "already closed"."""
    page = keeper_client.get(f"/tables/{four_table.pk}/")
    data = plain(version_in(page), submission=key_in(page))
    assert keeper_client.post(f"/tables/{four_table.pk}/", data).status_code == 302
    services.deal_record(table=four_table, outcome={"dealer": "Bent", "kind": "misdeal"})
    again = keeper_client.post(f"/tables/{four_table.pk}/", data)
    assert again.status_code == 302 and Deal.objects.count() == 2

    evening = four_table.evening
    close = {"submission": key_in(keeper_client.get(f"/evenings/{evening.pk}/close/"))}
    assert keeper_client.post(f"/evenings/{evening.pk}/close/", close).status_code == 302
    again = keeper_client.post(f"/evenings/{evening.pk}/close/", close)
    assert again.status_code == 302 and again["Location"] == f"/evenings/{evening.pk}/"
    shown = keeper_client.get(again["Location"])
    assert "Det var allerede gemt" in " ".join(messages_of(shown))
    assert not any("allerede lukket" in m for m in messages_of(shown))
    assert EveningEvent.objects.filter(kind="closed").count() == 1


def test_each_write_happens_once_per_key(admin_client, four_table, club, golden_dir):
    """Ny aften, new table, correction, void, close, reopen, import and the club forms: sent twice
    with one key, each writes once and both answers go to the same place."""
    def twice(url, data, files=None):
        replies = []
        for _ in range(2):
            body = dict(data)
            if files:
                body["file"] = io.BytesIO(files)
                body["file"].name = "aften.json"
            replies.append(admin_client.post(url, body))
        assert [r.status_code for r in replies] == [302, 302], (url, [r.status_code for r in replies])
        assert replies[0]["Location"] == replies[1]["Location"], url
        return replies[0]

    def key(url):
        return key_in(admin_client.get(url))

    before = Evening.objects.count()
    twice("/evenings/new/", {"club": club.pk, "date": "2026-11-25", "new_1": "Xa", "new_2": "Xb", "new_3": "Xc",
                             "submission": key("/evenings/new/")})
    assert Evening.objects.count() == before + 1

    e = four_table.evening
    twice(f"/evenings/{e.pk}/tables/new/", {"new_1": "Ya", "new_2": "Yb", "new_3": "Yc",
                                            "submission": key(f"/evenings/{e.pk}/tables/new/")})
    assert e.tables.count() == 2

    services.deal_record(table=four_table, outcome={"dealer": "Anne", "kind": "misdeal"})
    deal = Deal.objects.get(table=four_table)
    edit = admin_client.get(f"/deals/{deal.pk}/edit/")
    twice(f"/deals/{deal.pk}/edit/", plain(version_in(edit), submission=key_in(edit), editing="1"))
    assert EveningEvent.objects.filter(kind="corrected").count() == 1 and Deal.objects.filter(table=four_table).count() == 2

    latest = Deal.objects.get(table=four_table, current=True)
    twice(f"/deals/{latest.pk}/void/", {"reason": "forkert bord", "submission": key(f"/deals/{latest.pk}/void/")})
    assert EveningEvent.objects.filter(kind="voided").count() == 1

    twice(f"/evenings/{e.pk}/close/", {"submission": key(f"/evenings/{e.pk}/close/")})
    twice(f"/evenings/{e.pk}/reopen/", {"reason": "glemt spil", "submission": key(f"/evenings/{e.pk}/reopen/")})
    assert EveningEvent.objects.filter(kind="closed").count() == EveningEvent.objects.filter(kind="reopened").count() == 1

    tables = Table.objects.count()
    file = (golden_dir / "three-players-basic.json").read_bytes()
    twice("/evenings/import/", {"club": club.pk, "submission": key("/evenings/import/")}, files=file)
    assert Table.objects.count() == tables + 1

    twice(f"/clubs/{club.pk}/players/", {"name": "Zita", "submission": key(f"/clubs/{club.pk}/players/")})
    assert Player.objects.filter(name="Zita").count() == 1
    twice(f"/clubs/{club.pk}/seasons/", {"name": "2026/27", "starts": "2026-08-01", "ends": "2027-07-31",
                                         "submission": key(f"/clubs/{club.pk}/seasons/")})
    assert Season.objects.count() == 1
    twice(f"/clubs/{club.pk}/cards/", {"action": "copy", "source": "vlk", "submission": key(f"/clubs/{club.pk}/cards/")})
    assert ClubRateCard.objects.count() == 1
    assert Submission.objects.count() == 10


def test_a_refused_write_leaves_its_key_unused(keeper_client, four_table):
    page = keeper_client.get(f"/tables/{four_table.pk}/")
    key, version = key_in(page), version_in(page)
    refused = keeper_client.post(f"/tables/{four_table.pk}/", plain(version, submission=key, last_trick="Carl"))
    assert refused.status_code == 422 and not Submission.objects.exists() and not Deal.objects.exists()
    fixed = keeper_client.post(f"/tables/{four_table.pk}/", plain(version, submission=key))
    assert fixed.status_code == 302 and Deal.objects.count() == 1


def test_a_key_sent_by_another_user_is_refused(keeper_client, four_table, club):
    page = keeper_client.get(f"/tables/{four_table.pk}/")
    data = plain(version_in(page), submission=key_in(page))
    assert keeper_client.post(f"/tables/{four_table.pk}/", data).status_code == 302
    other = Client()
    other.force_login(make_user(club, Role.SCOREKEEPER, "other-keeper"))
    response = other.post(f"/tables/{four_table.pk}/", data)
    assert response.status_code == 409 and Deal.objects.count() == 1


def test_a_post_without_a_key_is_written_as_before(keeper_client, four_table):
    assert keeper_client.post(f"/tables/{four_table.pk}/", plain("0", submission="not-a-key")).status_code == 302
    assert Deal.objects.count() == 1 and not Submission.objects.exists()


def test_keys_older_than_a_week_are_pruned_when_an_evening_is_created(keeper_client, club):
    old = Submission.objects.create(key="0" * 32, action="deal_record", result_url="/")
    Submission.objects.filter(pk=old.pk).update(created_at=timezone.now() - dt.timedelta(days=8))
    recent = Submission.objects.create(key="1" * 32, action="deal_record", result_url="/")
    page = keeper_client.get("/evenings/new/")
    keeper_client.post("/evenings/new/", {"club": club.pk, "date": "2026-11-25", "new_1": "Xa", "new_2": "Xb",
                                          "new_3": "Xc", "submission": key_in(page)})
    assert set(Submission.objects.values_list("pk", flat=True)) == {recent.pk, Submission.objects.latest("id").pk}


# Races the database reports: tried again, else a clear 409 with the input kept --------------------

def test_a_write_that_loses_a_race_is_tried_again(keeper_client, four_table, monkeypatch):
    real, calls = services.deal_record, []

    def locked_once(**kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise OperationalError("database is locked")
        return real(**kwargs)

    monkeypatch.setattr(services, "deal_record", locked_once)
    page = keeper_client.get(f"/tables/{four_table.pk}/")
    response = keeper_client.post(f"/tables/{four_table.pk}/", plain(version_in(page), submission=key_in(page)))
    assert response.status_code == 302 and len(calls) == 2 and Deal.objects.count() == 1


def test_a_write_that_keeps_losing_gets_409_with_the_input_kept(keeper_client, four_table, monkeypatch):
    def always_locked(**kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(services, "deal_record", always_locked)
    monkeypatch.setattr(submissions.time, "sleep", lambda s: None)
    page = keeper_client.get(f"/tables/{four_table.pk}/")
    response = keeper_client.post(f"/tables/{four_table.pk}/", plain(version_in(page), submission=key_in(page),
                                                                     **{"counts.Bent": "44"}))
    assert response.status_code == 409 and not Deal.objects.exists() and not Submission.objects.exists()
    html = response.content.decode()
    assert "Der var travlt ved bordene, og intet blev gemt" in html
    assert 'name="counts.Bent" value="44"' in html and version_in(response) == version_in(page)


def test_two_new_tables_at_once_get_their_numbers_one_after_the_other(four_table, club):
    """The service takes the evening's lock before it numbers the table (the live test races it)."""
    players = [services.player_get_or_create(club=club, name=n) for n in ("Eva", "Finn", "Gert")]
    table = services.table_create(evening=four_table.evening, players=players)
    assert table.number == 2


# The two-phones guard survives a rebuilt form -----------------------------------------------------

def test_a_phone_behind_gets_409_after_repicking_the_dealer(keeper_client, four_table, club):
    """Phone 1 loads the form (version v); phone 2 saves a deal; phone 1 picks another dealer (the
    form is rebuilt by htmx from what it carries) and saves: the 409 page, its input kept, nothing
    saved — not a second copy of the deal phone 2 saved."""
    page = keeper_client.get(f"/tables/{four_table.pk}/")
    loaded = version_in(page)

    phone2 = Client()
    phone2.force_login(make_user(club, Role.SCOREKEEPER, "phone-2"))
    assert phone2.post(f"/tables/{four_table.pk}/", plain(loaded)).status_code == 302
    saved = (Deal.objects.count(), JournalEntry.objects.count())

    # hx-get with hx-include="#form-body": the partial's own fields, the version as loaded among them
    rebuilt = keeper_client.get(f"/tables/{four_table.pk}/form/", {
        "version": loaded, "dealer": "Bent", "kind": "played", "pagat_owner": "Carl", "last_trick": "Carl",
        "counts.Carl": "40", "counts.Anne": "20"})
    assert rebuilt.status_code == 200 and version_in(rebuilt) == loaded
    response = keeper_client.post(f"/tables/{four_table.pk}/", {
        "version": version_in(rebuilt), "submission": key_in(page), "kind": "played", "dealer": "Bent",
        "pagat_owner": "Carl", "pagat_fate": "home", "last_trick": "Carl", "counts.Carl": "40", "counts.Anne": "20"})
    assert response.status_code == 409
    assert (Deal.objects.count(), JournalEntry.objects.count()) == saved
    html = response.content.decode()
    assert "En anden har registreret et spil" in html
    assert 'name="counts.Carl" value="40"' in html and 'name="counts.Anne" value="20"' in html


def test_a_repeat_that_finds_the_key_only_when_it_writes_gets_the_first_result(keeper_client, four_table,
                                                                               monkeypatch):
    """The second of two taps at once: the first was not committed when the second looked, so the
    second meets the key at its own claim (SQLite: after BEGIN IMMEDIATE; PostgreSQL: the unique
    index) and answers with the first result, not a conflict."""
    page = keeper_client.get(f"/tables/{four_table.pk}/")
    data = plain(version_in(page), submission=key_in(page))
    assert keeper_client.post(f"/tables/{four_table.pk}/", data).status_code == 302
    looked = []
    monkeypatch.setattr(submissions, "applied", lambda request: looked.append(1))   # "not there yet"
    again = keeper_client.post(f"/tables/{four_table.pk}/", data)
    assert again.status_code == 302 and again["Location"] == f"/tables/{four_table.pk}/" and looked
    assert Deal.objects.count() == 1 and Submission.objects.count() == 1


def test_the_form_of_a_409_page_sent_twice_saves_once(keeper_client, four_table):
    """The 409 page keeps the input under the fresh version and a fresh key: sending it is a
    deliberate new deal, sending it twice is still one."""
    page = keeper_client.get(f"/tables/{four_table.pk}/")
    stale_key = key_in(page)
    services.deal_record(table=four_table, outcome={"dealer": "Anne", "kind": "misdeal"})
    conflict = keeper_client.post(f"/tables/{four_table.pk}/", plain(version_in(page), submission=stale_key,
                                                                     dealer="Bent", pagat_owner="Carl",
                                                                     last_trick="Carl", **{"counts.Carl": "40",
                                                                                           "counts.Anne": "20"}))
    assert conflict.status_code == 409 and Deal.objects.count() == 1
    fresh_key = key_in(conflict)
    assert fresh_key != stale_key and version_in(conflict) == "1"
    data = plain("1", submission=fresh_key, dealer="Bent", pagat_owner="Carl", last_trick="Carl",
                 **{"counts.Bent": None, "counts.Dorte": None, "counts.Carl": "40", "counts.Anne": "20"})
    data = {k: v for k, v in data.items() if v is not None}
    replies = [keeper_client.post(f"/tables/{four_table.pk}/", data) for _ in range(2)]
    assert [r.status_code for r in replies] == [302, 302] and Deal.objects.filter(current=True).count() == 2


def test_a_correction_that_lost_the_race_before_it_reached_the_service_gets_409(keeper_client, four_table):
    """The correction's page was loaded, then another phone recorded the next deal: the service
    refuses the stale version; it is the 409 page with the input kept, nothing saved."""
    services.deal_record(table=four_table, outcome={"dealer": "Anne", "kind": "misdeal"})
    deal = Deal.objects.get()
    edit = keeper_client.get(f"/deals/{deal.pk}/edit/")
    services.deal_record(table=four_table, outcome={"dealer": "Bent", "kind": "misdeal"})
    response = keeper_client.post(f"/deals/{deal.pk}/edit/", plain(version_in(edit), submission=key_in(edit),
                                                                    kind="misdeal", editing="1"))
    assert response.status_code == 409 and Deal.objects.count() == 2
    assert "En anden har registreret et spil ved bordet" in response.content.decode()


def test_the_messages_are_danish_first_and_english_when_chosen(keeper_client, four_table, monkeypatch):
    from django.conf import settings
    keeper_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = keeper_client.get(f"/tables/{four_table.pk}/")
    data = plain(version_in(page), submission=key_in(page))
    keeper_client.post(f"/tables/{four_table.pk}/", data)
    again = keeper_client.post(f"/tables/{four_table.pk}/", data, follow=True)
    assert "That was already saved – here is the result; nothing was saved twice." in messages_of(again)

    def always_locked(**kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(services, "deal_record", always_locked)
    monkeypatch.setattr(submissions.time, "sleep", lambda s: None)
    page = keeper_client.get(f"/tables/{four_table.pk}/")
    busy = keeper_client.post(f"/tables/{four_table.pk}/", plain(version_in(page), submission=key_in(page),
                                                                 confirm_dealer="1"))
    assert busy.status_code == 409 and "The tables were busy and nothing was saved." in busy.content.decode()
