"""Hardening: request bodies bounded before they are read, a write never lands in a club the user
did not name, a database that cannot be written answers 503 with the input kept."""
import io
import logging
import os
import uuid
from decimal import Decimal

import pytest
from django.core.files.uploadhandler import TemporaryFileUploadHandler
from django.db import OperationalError

from scoring import services
from scoring.engine import bounds
from scoring.models import Club, Deal, Evening, Role
from tests.web.conftest import make_user
from tests.web.test_sync import plain, url as sync_url

pytestmark = pytest.mark.django_db

BOUNDARY = "xYzBoUnDaRy"
BIG = 50 * 1024 * 1024


def multipart_body(size: int) -> bytes:
    """A multipart body with one file part of ``size`` bytes, made here (never stored)."""
    head = (f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"csrfmiddlewaretoken\"\r\n\r\nx\r\n"
            f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"e.json\"\r\n"
            "Content-Type: application/json\r\n\r\n").encode()
    return head + b" " * size + f"\r\n--{BOUNDARY}--\r\n".encode()


@pytest.fixture
def spooled(monkeypatch, settings, tmp_path):
    """The temporary folder an upload would be spooled to, and a list of every file begun there."""
    settings.FILE_UPLOAD_TEMP_DIR = str(tmp_path)
    begun = []
    original = TemporaryFileUploadHandler.new_file

    def new_file(self, *args, **kwargs):
        begun.append(args)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(TemporaryFileUploadHandler, "new_file", new_file)
    return tmp_path, begun


@pytest.mark.parametrize("path", ["/login/", "/evenings/import/"])
def test_a_50_mb_body_is_refused_unread(client, club, spooled, path):
    folder, begun = spooled
    if path != "/login/":
        client.force_login(make_user(club, Role.SCOREKEEPER))
    response = client.generic("POST", path, multipart_body(BIG),
                              content_type=f"multipart/form-data; boundary={BOUNDARY}")
    assert response.status_code == 413
    assert "højst" in response.content.decode()
    assert begun == [] and os.listdir(folder) == []
    assert Evening.objects.count() == 0


def test_a_chunked_body_is_cut_off_at_the_limit(client, club, spooled):
    folder, begun = spooled
    client.force_login(make_user(club, Role.SCOREKEEPER))
    body = multipart_body(BIG)
    stream = io.BytesIO(body)   # as a server hands over a chunked body: read until it ends
    response = client.generic("POST", "/evenings/import/", body, CONTENT_LENGTH="",
                              HTTP_TRANSFER_ENCODING="chunked", **{"wsgi.input": stream},
                              content_type=f"multipart/form-data; boundary={BOUNDARY}")
    assert response.status_code == 413
    assert begun == [] and os.listdir(folder) == []
    assert stream.tell() <= bounds.MAX_REQUEST_BYTES + 1   # read no further than the bound


def test_a_small_chunked_body_is_read_as_usual(client, club):
    """Under the bound a chunked body reaches the view whole (here: a login form, answered 200)."""
    body = b"username=nobody&password=wrong"
    response = client.generic("POST", "/login/", body, CONTENT_LENGTH="", HTTP_TRANSFER_ENCODING="chunked",
                              **{"wsgi.input": io.BytesIO(body)}, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 200
    assert response.context["form"].data["username"] == "nobody"


def test_a_body_at_the_limit_passes(client, club):
    assert bounds.MAX_REQUEST_BYTES > bounds.MAX_FILE_BYTES
    client.force_login(make_user(club, Role.SCOREKEEPER))
    response = client.generic("POST", "/evenings/import/", multipart_body(1000),
                              content_type=f"multipart/form-data; boundary={BOUNDARY}")
    assert response.status_code != 413


# A write names the club it writes ----------------------------------------------------------------

@pytest.fixture
def other_club(db):
    return Club.objects.create(name="Andet", kroner_per_point=Decimal("0.25"))


NEW_EVENING = {"date": "2026-11-20", "rule_set": "vlk", "names": ["Anne", "Bent", "Carl", "Dorte"]}


@pytest.mark.parametrize("path", ["/evenings/new/", "/evenings/import/"])
def test_a_write_naming_a_club_the_user_may_not_write_is_refused(keeper_client, club, other_club, path):
    before = Evening.objects.count()
    response = keeper_client.post(path, {"club": other_club.pk, "date": "2026-11-20",
                                         "players": "Anne\nBent\nCarl\nDorte"})
    assert response.status_code == 404
    assert Evening.objects.count() == before


def test_a_write_naming_a_club_the_user_only_reads_is_forbidden(keeper_client, scorekeeper, other_club):
    from scoring.models import Membership
    Membership.objects.create(user=scorekeeper, club=other_club, role=Role.MEMBER)
    response = keeper_client.post("/evenings/new/", {"club": other_club.pk, "date": "2026-11-20"})
    assert response.status_code == 403
    assert Evening.objects.count() == 0


# A database that cannot be written -----------------------------------------------------------------

UNWRITABLE = ["database or disk is full", "attempt to write a readonly database"]


class PgError(Exception):
    def __init__(self, sqlstate):
        super().__init__("could not extend file")
        self.sqlstate = sqlstate


def failing_create(error):
    def create(*args, **kwargs):
        raise error
    return create


@pytest.mark.parametrize("error", [OperationalError(UNWRITABLE[0]), OperationalError(UNWRITABLE[1])])
def test_a_deal_the_database_cannot_store_answers_503_and_keeps_the_input(keeper_client, four_table, monkeypatch,
                                                                          caplog, error):
    monkeypatch.setattr(services, "deal_record", failing_create(error))
    data = plain(four_table)
    with caplog.at_level(logging.WARNING):
        response = keeper_client.post(sync_url(four_table), data)
    assert response.status_code == 503
    assert response.json()["status"] == "retry"
    assert "kan ikke gemme lige nu" in response.json()["message"]
    records = [r for r in caplog.records if "cannot be written" in r.getMessage()]
    assert records and all(r.levelno == logging.ERROR for r in records)
    assert not any("lost a race" in r.getMessage() for r in caplog.records)   # not tried again as a race
    assert Deal.objects.count() == 0


def test_postgres_disk_full_and_read_only_are_recognised():
    from scoring import storage
    for state in ("53100", "25006"):
        error = OperationalError("x")
        error.__cause__ = PgError(state)
        assert storage.is_unwritable(error)
    assert not storage.is_unwritable(OperationalError("database is locked"))
    assert not storage.is_unwritable(ValueError("database or disk is full"))


def test_a_new_evening_the_database_cannot_store_keeps_the_form(keeper_client, club, monkeypatch):
    monkeypatch.setattr(services, "evening_create", failing_create(OperationalError(UNWRITABLE[0])))
    page = keeper_client.get("/evenings/new/")
    assert page.status_code == 200   # reads still work
    form = page.context["form"]
    data = {name: "" for name in form.fields}
    response = keeper_client.post("/evenings/new/", {**data, **_new_evening_data(form)})
    assert response.status_code == 503, response.content[:300]
    assert "kan ikke gemme lige nu" in response.content.decode()
    assert "Dorte" in response.content.decode()   # the input is kept
    assert Evening.objects.count() == 0


def _new_evening_data(form) -> dict:
    data = {"date": "2026-11-20", "submission": str(uuid.uuid4())}
    names = ["Anne", "Bent", "Carl", "Dorte"]
    for i, name in enumerate(names, start=1):
        data[f"new_{i}"] = name
        data[f"sure_{i}"] = name
    return data


def test_a_login_the_database_cannot_store_answers_503(client, club, monkeypatch, caplog):
    make_user(club, Role.MEMBER, "anne")
    from django.contrib.sessions.backends.db import SessionStore

    def refuse(self, *args, **kwargs):
        raise OperationalError("attempt to write a readonly database")
    monkeypatch.setattr(SessionStore, "save", refuse)
    with caplog.at_level(logging.ERROR):
        response = client.post("/login/", {"username": "anne", "password": "pw-secret-1"})
    assert response.status_code == 503
    assert "kan ikke gemme lige nu" in response.content.decode()
    assert any(r.levelno == logging.ERROR for r in caplog.records)


# manage.py backup refuses a target it must not write ----------------------------------------------

def run_backup(out) -> tuple[int, str]:
    import contextlib
    from scoring.management.commands.backup import Command
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as exit_info:
        Command(stderr=err).run_from_argv(["manage.py", "backup", str(out)])
    return exit_info.value.code, err.getvalue()


def test_backup_refuses_a_missing_folder(tmp_path):
    code, err = run_backup(tmp_path / "missing" / "db.sqlite3")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "does not exist" in err
    assert "Traceback" not in err


def test_backup_refuses_an_existing_file_of_another_kind(tmp_path):
    target = tmp_path / "notes.txt"
    target.write_text("my notes")
    code, err = run_backup(target)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "refusing to overwrite" in err
    assert target.read_text() == "my notes"


# A name that imitates a member's by mixing scripts -----------------------------------------------

CYRILLIC_ANNE = "\u0410nne"   # "Аnne": a Cyrillic capital A, then Latin letters


def test_lookalikes_compare_mixed_script_names_only():
    from scoring import lookalikes
    assert lookalikes.lookalike(CYRILLIC_ANNE, ["Bent", "Anne"])[0] == "Anne"
    assert lookalikes.lookalike("Anne", ["\u0410nne"]) is None       # wholly Latin: not a disguise
    assert lookalikes.lookalike("Ema", ["Erna"]) is None
    assert lookalikes.lookalike("Ольга", ["Olga"]) is None            # wholly Cyrillic
    assert lookalikes.lookalike("Søren", ["Soren"]) is None
    assert lookalikes.lookalike(CYRILLIC_ANNE, ["Bent"]) is None


def test_seating_refuses_a_lookalike_of_a_member_naming_both(keeper_client, club):
    services.player_get_or_create(club=club, name="Anne")
    data = {"date": "2026-11-20", "submission": str(uuid.uuid4())}
    for i, name in enumerate([CYRILLIC_ANNE, "Bent", "Carl", "Dorte"], start=1):
        data[f"new_{i}"] = name
        data[f"sure_{i}"] = name
    response = keeper_client.post("/evenings/new/", data)
    assert response.status_code in (400, 422, 200)
    errors = response.context["form"].errors.get("new_1", [])
    assert any(CYRILLIC_ANNE in e and "Anne" in e and "U+0410" in e for e in errors), errors
    assert Evening.objects.count() == 0 and not club.players.filter(name=CYRILLIC_ANNE).exists()


def test_import_asks_a_lookalike_of_a_member_naming_both_and_offers_only_him(keeper_client, club):
    from tests.web.test_import_limits import PLAIN, evening_file, upload
    anne = services.player_get_or_create(club=club, name="Anne")
    data = evening_file(players=[CYRILLIC_ANNE, "Bent", "Carl", "Dorte"],
                        deals=[{**PLAIN, "dealer": CYRILLIC_ANNE}])
    response = keeper_client.post("/evenings/import/", {"file": upload(data)})
    assert response.status_code == 200
    [question] = response.context["questions"]
    assert CYRILLIC_ANNE in question.lookalike and "Anne" in question.lookalike and "U+0410" in question.lookalike
    html = response.content.decode()
    assert f'value="use:{anne.pk}"' in html and 'value="new"' not in html   # only Anne may answer it
    assert Evening.objects.count() == 0 and not club.players.filter(name=CYRILLIC_ANNE).exists()


# Bounds of a table and an evening ------------------------------------------------------------------

def record_misdeals(table, count):
    for _ in range(count):
        services.deal_record(table=table, outcome={"dealer": "Anne", "kind": "misdeal"})


def test_a_deal_beyond_the_table_bound_is_refused_and_nothing_written(four_table, monkeypatch):
    monkeypatch.setattr(bounds, "MAX_DEALS_PER_TABLE", 2)
    record_misdeals(four_table, 2)
    with pytest.raises(services.RecordingError) as refused:
        record_misdeals(four_table, 1)
    assert "højst have 2 spil" in str(refused.value)
    assert Deal.objects.filter(table=four_table).count() == 2


def test_a_deal_beyond_the_evening_bound_is_refused(club, four_table, monkeypatch):
    monkeypatch.setattr(bounds, "MAX_DEALS_PER_EVENING", 3)
    record_misdeals(four_table, 2)
    players = list(four_table.seats.order_by("position").values_list("player__name", flat=True))
    other = services.table_create(evening=four_table.evening,
                                  players=[services.player_get_or_create(club=club, name=n + " 2") for n in players])
    services.deal_record(table=other, outcome={"dealer": players[0] + " 2", "kind": "misdeal"})
    with pytest.raises(services.RecordingError) as refused:
        services.deal_record(table=other, outcome={"dealer": players[0] + " 2", "kind": "misdeal"})
    assert "højst have 3 spil" in str(refused.value)


def test_the_pdf_of_an_evening_beyond_the_bound_is_refused_naming_it(client, club, four_table, monkeypatch):
    record_misdeals(four_table, 3)
    monkeypatch.setattr(bounds, "MAX_DEALS_PER_EVENING", 2)
    client.force_login(make_user(club, Role.MEMBER))
    response = client.get(f"/evenings/{four_table.evening.pk}/pdf/")
    assert response.status_code == 413
    assert "højst 2 spil" in response.content.decode()
    assert client.get(f"/evenings/{four_table.evening.pk}/").status_code == 200   # still readable


# An evening file is one table: the import holds to the table and evening bounds --------------------

def misdeal_file(count: int, players=("Anne", "Bent", "Carl", "Dorte")) -> dict:
    from tests.web.test_import_limits import evening_file
    return evening_file(players=list(players), deals=[{"dealer": players[i % len(players)], "kind": "misdeal"}
                                                      for i in range(count)])


def test_an_import_beyond_the_table_bound_is_refused_naming_the_table_and_the_bound(keeper_client, tmp_path):
    from tests.web.test_import_limits import row_counts, run_command, upload
    data = misdeal_file(bounds.MAX_DEALS_PER_TABLE + 1)
    before = row_counts()
    response = keeper_client.post("/evenings/import/", {"file": upload(data)})
    assert response.status_code == 422
    assert response.context["problems"] == [
        f"deals: Bordet i filen (Anne, Bent, Carl, Dorte) har {bounds.MAX_DEALS_PER_TABLE + 1} spil; et bord kan "
        f"højst have {bounds.MAX_DEALS_PER_TABLE} spil på en aften."]
    code, out, err = run_command(tmp_path, data)
    assert code == 2 and err.splitlines() == [
        f"deals: The table in the file (Anne, Bent, Carl, Dorte) has {bounds.MAX_DEALS_PER_TABLE + 1} deals; a "
        f"table may have at most {bounds.MAX_DEALS_PER_TABLE} deals in an evening."]
    assert row_counts() == before


def test_an_import_at_the_table_bound_is_written(keeper_client):
    from tests.web.test_import_limits import upload
    response = keeper_client.post("/evenings/import/", {"file": upload(misdeal_file(bounds.MAX_DEALS_PER_TABLE))})
    assert response.status_code == 302
    assert Deal.objects.count() == bounds.MAX_DEALS_PER_TABLE


def test_an_import_beyond_the_evening_bound_is_refused_and_nothing_written(keeper_client, four_table, monkeypatch):
    from tests.web.test_import_limits import row_counts, upload
    record_misdeals(four_table, 3)
    monkeypatch.setattr(bounds, "MAX_DEALS_PER_EVENING", 5)
    evening = four_table.evening
    other = ("Erik", "Frida", "Gorm", "Ivar")
    before = row_counts()
    response = keeper_client.post(f"/evenings/{evening.pk}/tables/import/", {"file": upload(misdeal_file(3, other))})
    assert response.status_code == 422
    assert response.context["problems"] == [
        "deals: Bordet i filen (Erik, Frida, Gorm, Ivar) har 3 spil, og aftenen har allerede 3; en aften kan "
        "højst have 5 spil."]
    assert row_counts() == before
    response = keeper_client.post(f"/evenings/{evening.pk}/tables/import/", {"file": upload(misdeal_file(2, other))})
    assert response.status_code == 302   # exactly at the bound
    assert Deal.objects.filter(table__evening=evening).count() == 5


@pytest.mark.django_db(transaction=True)
def test_a_real_server_answers_an_oversized_body_413(live_server):
    """Through a WSGI server (wsgiref, as runserver): the refusal is a response it accepts."""
    import urllib.error
    import urllib.request
    request = urllib.request.Request(f"{live_server.url}/login/", data=b"x" * (bounds.MAX_REQUEST_BYTES + 1),
                                     headers={"Content-Type": "application/octet-stream"}, method="POST")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.code == 413
