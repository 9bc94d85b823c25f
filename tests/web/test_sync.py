"""The phone's queue endpoint (tables/<pk>/sync/, scoring/views/sync.py) and the two-phones rules
(scoring/table/conflicts.py): every answer is JSON a program reads (saved, retry, conflict, login,
invalid), a phone-made key is the user's own and bound to its table, a repeat never writes twice,
a dealer the sheet does not expect needs a confirmation, and bad input writes nothing."""
import json
import re
import uuid

import pytest
from django.db import OperationalError
from django.test import Client

from scoring import services
from scoring.table import submissions
from scoring.models import Deal, EveningEvent, EveningEventKind, Role, Submission, Table
from tests.web.conftest import make_user
from tests.web.family_tables import rows, seat

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


def url(table) -> str:
    return f"/tables/{table.pk}/sync/"


def plain(table, **extra) -> dict:
    """Anne deals (Carl sits out): Bent's pagat home, Dorte the last trick, counts Bent 31, Dorte 20;
    a fresh phone-made key, the table's version and the next number."""
    table = Table.objects.get(pk=table.pk)
    data = {"version": table.version, "number": table.deals.filter(current=True).count() + 1,
            "submission": str(uuid.uuid4()), "kind": "played", "dealer": "Anne", "pagat_owner": "Bent",
            "pagat_fate": "home", "last_trick": "Dorte", "counts.Bent": "31", "counts.Dorte": "20"}
    data.update(extra)
    return {k: v for k, v in data.items() if v is not None}


def dealt_by(table, dealer: str, **extra) -> dict:
    """A plain deal dealt by ``dealer``: the first active player owns the pagat (home), the second
    takes the last trick, they count 31 and 20."""
    players = ("Anne", "Bent", "Carl", "Dorte")
    active = Table.objects.get(pk=table.pk).engine.seating(players, dealer).active
    data = plain(table, dealer=dealer, pagat_owner=active[0], last_trick=active[1],
                 **{f"counts.{p}": None for p in players})
    data.update({f"counts.{active[0]}": "31", f"counts.{active[1]}": "20"}, **extra)
    return data


def post(client, table, data):
    response = client.post(url(table), data)
    assert response["Content-Type"].startswith("application/json"), response.content[:200]
    return response, response.json()


# Saved, once ----------------------------------------------------------------------------------

def test_a_queued_deal_is_saved_and_its_repeat_answers_the_same_number(keeper_client, four_table):
    data = plain(four_table)
    response, body = post(keeper_client, four_table, data)
    assert response.status_code == 200 and body["status"] == "saved"
    assert (body["number"], body["version"]) == (1, 1)
    assert body["next"]["dealer"] == "Bent" and body["next"]["number"] == 2
    assert Deal.objects.count() == 1 and Submission.objects.get().key == uuid.UUID(data["submission"])
    before = rows()
    again, repeat = post(keeper_client, four_table, data)          # the answer was lost: sent again
    assert again.status_code == 200 and repeat["status"] == "saved" and repeat["number"] == 1
    assert rows() == before and EveningEvent.objects.filter(kind=EveningEventKind.DEAL_RECORDED).count() == 1


def test_a_key_sent_again_with_another_deal_is_a_conflict_with_the_deal_it_saved(keeper_client, four_table):
    data = plain(four_table)
    assert post(keeper_client, four_table, data)[0].status_code == 200
    before = rows()
    response, body = post(keeper_client, four_table, {**data, "counts.Bent": "33"})   # mended, same key
    assert response.status_code == 409 and body["status"] == "conflict" and rows() == before
    assert "Spil 1 er allerede gemt under denne nøgle" in body["message"] and body["new_key"] is True
    assert [(s["number"], s["dealer"], s["same"]) for s in body["since"]] == [(1, "Anne", False)]
    assert body["same"] is None and body["number"] == 2 and body["version"] == 1
    # the same hand under another dealer is another deal too; the panel offers to drop it as the same hand
    response, body = post(keeper_client, four_table, {**data, "dealer": "Bent", "confirm_dealer": "1"})
    assert body["status"] == "conflict" and body["same"]["number"] == 1 and rows() == before


def test_three_queued_deals_each_expect_the_version_the_one_before_makes(keeper_client, four_table):
    """The phone chains the versions itself: the page's for the first, one more for each later."""
    numbers = []
    for i, dealer in enumerate(("Anne", "Bent", "Carl")):
        data = plain(four_table, version=i, number=i + 1, dealer=dealer, pagat_owner="Dorte" if dealer == "Bent" else "Bent",
                     last_trick="Anne" if dealer == "Carl" else "Dorte",
                     **{"counts.Bent": None, "counts.Dorte": None, "counts.Anne": None})
        active = [p for p in Table.objects.get(pk=four_table.pk).engine.seating(("Anne", "Bent", "Carl", "Dorte"),
                                                                                 dealer).active]
        data[f"counts.{active[0]}"], data[f"counts.{active[1]}"] = "31", "20"
        data["pagat_owner"], data["last_trick"] = active[0], active[1]
        response, body = post(keeper_client, four_table, data)
        assert response.status_code == 200, body
        numbers.append(body["number"])
    assert numbers == [1, 2, 3]
    assert [d.dealer.name for d in Deal.objects.order_by("number")] == ["Anne", "Bent", "Carl"]


# A key is the user's own and bound to its table -------------------------------------------------

def test_a_key_used_by_another_user_or_at_another_table_is_refused(keeper_client, four_table, club):
    data = plain(four_table)
    assert post(keeper_client, four_table, data)[0].status_code == 200
    second = seat(club, ("Eva", "Finn", "Gert"), "vlk", date="2026-11-21")
    before = rows()
    other = Client()
    other.force_login(make_user(club, Role.SCOREKEEPER, "phone-2"))
    response, body = post(other, four_table, plain(four_table, submission=data["submission"]))
    assert response.status_code == 409 and body["status"] == "invalid"
    assert body["problems"][0]["field"] == "submission"
    response, body = post(keeper_client, second, plain(second, submission=data["submission"]))
    assert response.status_code == 409 and body["status"] == "invalid" and rows() == before


def test_a_key_of_another_action_is_refused(keeper_client, four_table, scorekeeper):
    key = uuid.uuid4()
    Submission.objects.create(key=key, user=scorekeeper, action="evening_new", object_id=four_table.evening_id)
    response, body = post(keeper_client, four_table, plain(four_table, submission=str(key)))
    assert response.status_code == 409 and body["status"] == "invalid" and not Deal.objects.exists()


# Conflict: the table moved on (item 2's choices) ------------------------------------------------

def test_the_same_hand_saved_by_another_phone_is_named(keeper_client, four_table, club):
    bent = make_user(club, Role.SCOREKEEPER, "bent")
    other = Client()
    other.force_login(bent)
    assert post(other, four_table, plain(four_table))[0].status_code == 200
    before = rows()
    # the same hand, the queued phone naming another dealer as its first deal: still the same hand
    response, body = post(keeper_client, four_table, plain(four_table, version=0, number=1))
    assert response.status_code == 409 and body["status"] == "conflict" and rows() == before
    assert body["same"] == {"number": 1, "by": "bent", "note": "bent har allerede gemt dette spil som spil 1."}
    assert [(s["number"], s["dealer"], s["same"]) for s in body["since"]] == [(1, "Anne", True)]
    assert body["version"] == 1 and body["number"] == 2 and body["next"]["dealer"] == "Bent"
    assert body["reset"]["dealer"] == "Bent" and "du havde valgt Anne" in body["reset"]["note"]
    # the saved deal beside the queued one, in words and amounts, and where to correct it
    compare = body["compare"]
    deal = Deal.objects.get()
    assert (compare["number"], compare["by"], compare["same"]) == (1, "bent", True)
    assert compare["edit"] == f"/deals/{deal.pk}/edit/" and compare["amounts_label"] == "Betalinger"
    assert ["Pagat", "Bent hjem", "Bent hjem"] in compare["lines"]
    assert all(theirs == mine for _label, theirs, mine in compare["lines"] + compare["amounts"])
    assert [p for p, _t, _m in compare["amounts"]] == ["Anne", "Bent", "Carl", "Dorte"]


def test_the_form_path_names_the_same_hand_with_a_first_button_that_drops_the_input(keeper_client, four_table,
                                                                                     club):
    other = Client()
    other.force_login(make_user(club, Role.SCOREKEEPER, "bent"))
    form = {k: v for k, v in plain(four_table).items() if k != "number"}
    assert other.post(f"/tables/{four_table.pk}/", form).status_code == 302
    response = keeper_client.post(f"/tables/{four_table.pk}/", {**form, "submission": str(uuid.uuid4()), "number": 1})
    html = response.content.decode()
    assert response.status_code == 409 and Deal.objects.count() == 1
    assert 'id="stale">bent har allerede gemt dette spil som spil 1.</p>' in html
    drop = re.search(r'<a class="button" id="drop-kept" href="([^"]+)"', html)
    assert drop and drop.group(1) == f"/tables/{four_table.pk}/"
    assert html.index('id="drop-kept"') < html.index('id="keep-kept"')        # the first button drops


def test_another_hand_gets_the_dealer_reset_and_what_it_cleared(keeper_client, four_table):
    services.deal_record(table=four_table, outcome={"dealer": "Anne", "kind": "misdeal"})
    response, body = post(keeper_client, four_table, plain(four_table, version=0, number=1, pagat_owner="Dorte"))
    assert response.status_code == 409 and body["status"] == "conflict" and body["same"] is None
    assert body["since"][0]["same"] is False and body["since"][0]["summary"]
    compare = body["compare"]
    assert ["Spillet", "fejlgivning", "—"] in compare["lines"] and ["Sidste stik", "—", "Dorte"] in compare["lines"]
    theirs = {p: t for p, t, _m in compare["amounts"]}
    mine = {p: m for p, _t, m in compare["amounts"]}
    assert mine["Carl"] == 0 and mine["Dorte"] > 0 and mine != theirs      # settled in deal 1's place (Carl out)
    reset = body["reset"]
    assert reset["dealer"] == "Bent"
    fields = dict(reset["fields"])
    assert "pagat_owner" not in fields and fields["counts.Bent"] == "31"     # Dorte sits out when Bent deals
    assert any(line.startswith("Dorte sidder over nu; ryddet:") for line in reset["cleared"])


def test_the_same_hand_is_the_same_outcome_whoever_dealt(four_table):
    from scoring.table import conflicts
    from scoring.selectors import table_sheet
    services.deal_record(table=four_table, outcome={"dealer": "Anne", "kind": "misdeal"})
    deal = Deal.objects.get()
    assert conflicts.same_hand(four_table, {"dealer": "Bent", "kind": "misdeal"}, deal)
    assert not conflicts.same_hand(four_table, {"dealer": "Bent", "kind": "scrapped"}, deal)
    assert not conflicts.same_hand(four_table, {"nonsense": True}, deal)
    sheet = table_sheet(Table.objects.get(pk=four_table.pk))
    assert conflicts.expected_dealer(sheet) == "Bent"


# The dealer the sheet expects --------------------------------------------------------------------

def test_a_dealer_the_sheet_does_not_expect_needs_a_confirmation(keeper_client, four_table):
    response, body = post(keeper_client, four_table, dealt_by(four_table, "Carl"))
    assert response.status_code == 422 and body["status"] == "invalid" and body["confirm_dealer"] == "Anne"
    dealer = [p for p in body["problems"] if p["field"] == "dealer"]
    assert "Ifølge arket giver Anne dette spil, ikke Carl." in dealer[0]["message"] and not Deal.objects.exists()
    data = dealt_by(four_table, "Carl", confirm_dealer="1")
    response, body = post(keeper_client, four_table, data)
    assert response.status_code == 200 and body["status"] == "saved"


def test_the_form_asks_too_and_a_scrapped_deal_keeps_the_expected_dealer(keeper_client, four_table):
    page = f"/tables/{four_table.pk}/"
    form = dealt_by(four_table, "Bent")
    response = keeper_client.post(page, form)
    html = response.content.decode()
    assert response.status_code == 422 and not Deal.objects.exists()
    assert "Ifølge arket giver Anne dette spil, ikke Bent." in html
    assert re.search(r'<label class="confirm-dealer" id="confirm-dealer">', html)     # shown, not hidden
    assert keeper_client.post(page, {**form, "confirm_dealer": "1"}).status_code == 302
    # after a scrapped deal the same dealer deals again (RULES.md §1): that is what the sheet expects
    scrapped = plain(four_table, dealer="Carl", kind="scrapped", pagat_owner=None, last_trick=None, pagat_fate=None,
                     **{"counts.Bent": None, "counts.Dorte": None})
    assert keeper_client.post(page, scrapped).status_code == 302
    again = plain(four_table, dealer="Carl", kind="scrapped", pagat_owner=None, last_trick=None, pagat_fate=None,
                  **{"counts.Bent": None, "counts.Dorte": None})
    assert keeper_client.post(page, again).status_code == 302 and Deal.objects.count() == 3


def test_an_import_never_asks_about_the_dealer(club):
    table = seat(club, ("Anne", "Bent", "Carl", "Dorte"), "vlk")
    services.deal_record(table=table, outcome={"dealer": "Dorte", "kind": "misdeal"})   # not Anne: no question
    assert Deal.objects.get().dealer.name == "Dorte"


# Retry, login, invalid ---------------------------------------------------------------------------

def test_busy_and_a_server_that_cannot_write_answer_retry(keeper_client, four_table, monkeypatch):
    monkeypatch.setattr(submissions.time, "sleep", lambda s: None)

    def locked(**kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(services, "deal_record", locked)
    response, body = post(keeper_client, four_table, plain(four_table))
    assert response.status_code == 409 and body["status"] == "retry" and not Submission.objects.exists()

    def broken(*args, **kwargs):
        from django.db import DatabaseError
        raise DatabaseError("disk I/O error")

    monkeypatch.setattr(submissions, "write", broken)
    response, body = post(keeper_client, four_table, plain(four_table))
    assert response.status_code == 503 and body["status"] == "retry" and not Deal.objects.exists()


def test_an_expired_session_or_a_member_gets_login(client, four_table, club):
    response, body = post(client, four_table, plain(four_table))
    assert response.status_code == 401 and body["status"] == "login"
    assert body["login"] == f"/login/?next=%2Ftables%2F{four_table.pk}%2F"
    client.force_login(make_user(club, Role.MEMBER, "medlem"))
    response, body = post(client, four_table, plain(four_table))
    assert response.status_code == 403 and body["status"] == "login" and not Deal.objects.exists()


def test_a_user_of_another_club_sees_no_table(client, four_table):
    from scoring.models import Club
    client.force_login(make_user(Club.objects.create(name="Andre"), Role.SCOREKEEPER, "fremmed"))
    response, body = post(client, four_table, plain(four_table))
    assert response.status_code == 404 and body["status"] == "invalid" and not Deal.objects.exists()


def _refused(kind, client, table, monkeypatch):
    from scoring.engine import bounds
    from scoring.views import sync
    if kind == "too large":       # refused by the body limit, unread (scoring/middleware.py)
        return client.generic("POST", url(table), b"x", CONTENT_LENGTH=str(bounds.MAX_REQUEST_BYTES + 1),
                              content_type="application/x-www-form-urlencoded")
    if kind == "unreadable body":
        return client.generic("POST", url(table), b"--x\r\n", content_type="multipart/form-data; boundary=")
    if kind == "refused CSRF token":
        strict = Client(enforce_csrf_checks=True)
        strict.force_login(Table.objects.get(pk=table.pk).evening.club.memberships.get().user)
        return strict.post(url(table), plain(table))
    if kind == "wrong method":
        return client.put(url(table))
    if kind == "no such table":
        return client.post(f"/tables/{table.pk + 1000}/sync/", plain(table))
    monkeypatch.setattr(sync, "table_sheet", lambda table: 1 / 0)   # a bug: the server's 500 page
    client.raise_request_exception = False
    return client.post(url(table), plain(table))


@pytest.mark.parametrize("kind, code, status", [
    ("too large", 413, "invalid"), ("unreadable body", 400, "invalid"), ("refused CSRF token", 403, "login"),
    ("wrong method", 405, "invalid"), ("no such table", 404, "invalid"), ("server error", 500, "retry"),
])
def test_every_refusal_is_json_the_queue_reads(keeper_client, four_table, monkeypatch, kind, code, status):
    response = _refused(kind, keeper_client, four_table, monkeypatch)
    assert response.status_code == code and response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["status"] == status and body["message" if status != "invalid" else "problems"]
    if code not in (404, 500):   # django-csp leaves Django's debug pages of these alone under DEBUG
        assert "default-src" in response["Content-Security-Policy"]
    assert not Deal.objects.exists()


def test_problems_come_by_field_as_the_form_shows_them(keeper_client, four_table):
    response, body = post(keeper_client, four_table, plain(four_table, last_trick="Carl", **{"counts.Dorte": "500"}))
    assert response.status_code == 422 and body["status"] == "invalid" and not Deal.objects.exists()
    fields = {p["field"] for p in body["problems"]}
    assert fields & {"last_trick", "counts.Dorte"}, body


@pytest.mark.parametrize("hostile", [
    {"submission": "not-a-key"}, {"submission": None}, {"version": "x" * 5000}, {"dealer": "Nobody"},
    {"kind": "\x00"}, {"counts.Bent": "9" * 40}, {"number": "-3"},
])
def test_hostile_input_is_a_4xx_json_answer_and_writes_nothing(keeper_client, four_table, hostile):
    data = {**plain(four_table), **hostile}
    response = keeper_client.post(url(four_table), {k: v for k, v in data.items() if v is not None})
    assert 400 <= response.status_code < 500 or (response.status_code == 200 and hostile == {"number": "-3"})
    assert response["Content-Type"].startswith("application/json")
    if response.status_code != 200:
        assert response.json()["status"] == "invalid" and not Deal.objects.exists()


def test_a_closed_evening_refuses_the_queue(keeper_client, four_table):
    services.evening_close(evening=four_table.evening)
    response, body = post(keeper_client, four_table, plain(four_table))
    assert response.status_code == 403 and body["status"] == "invalid" and body["closed"] is True


def test_the_state_says_whether_a_key_was_saved(keeper_client, four_table):
    data = plain(four_table)
    post(keeper_client, four_table, data)
    state = keeper_client.get(url(four_table), {"key": data["submission"]}).json()
    assert state["key"] == {"saved": True, "number": 1} and state["version"] == 1
    unknown = keeper_client.get(url(four_table), {"key": str(uuid.uuid4())}).json()
    assert unknown["key"] == {"saved": False, "number": None}


# What the page carries, the service worker, the manifest ------------------------------------------

def test_the_page_carries_who_deals_next_after_each_kind_of_deal(keeper_client, four_table):
    html = keeper_client.get(f"/tables/{four_table.pk}/").content.decode()
    block = re.search(r'<script id="table-sync-data" type="application/json">(.*?)</script>', html, re.S)
    data = json.loads(block.group(1))
    rotation = data["rotation"]
    assert rotation["dealer"] == "Anne" and rotation["version"] == 0 and rotation["number"] == 1
    assert rotation["kinds"] == ["played", "misdeal", "scrapped"]
    assert rotation["after"]["Anne"] == {"played": "Bent", "misdeal": "Bent", "scrapped": "Anne"}
    assert rotation["seating"]["Bent"]["sitting_out"] == ["Dorte"]
    # every seat the family names, so the phone seats the form of any deal itself
    assert rotation["players"] == ["Anne", "Bent", "Carl", "Dorte"]
    assert rotation["seating"]["Anne"] == {"dealer": "Anne", "forehand": "Bent", "middlehand": "Dorte",
                                           "active": ["Bent", "Dorte", "Anne"], "sitting_out": ["Carl"],
                                           "next_dealer": "Bent", "default_derived": "Bent"}
    assert data["sync"] == url(four_table) and data["words"]["unsent_many"] == "%(n)s spil ikke sendt endnu"
    assert 'rel="manifest"' in html and "js/table-sync.js" in html
    assert "<script>" not in html and " style=" not in html            # no inline script or style


def test_every_family_carries_its_own_kinds(keeper_client, club):
    karlsruhe = seat(club, ("K1", "K2", "K3", "K4"), "karlsruhe", date="2026-11-21")
    selca = seat(club, ("S1", "S2", "S3"), "selca", date="2026-11-22")
    for table, kinds, same in ((karlsruhe, ["played", "misdeal", "redeal"], "misdeal"),
                               (selca, ["game", "klop", "misdeal", "shown"], "misdeal")):
        html = keeper_client.get(f"/tables/{table.pk}/").content.decode()
        data = json.loads(re.search(r'id="table-sync-data" type="application/json">(.*?)</script>', html, re.S).group(1))
        first = data["rotation"]["dealer"]
        assert data["rotation"]["kinds"] == kinds
        assert data["rotation"]["after"][first][same] == first        # the same dealer deals again


def test_the_service_worker_and_the_manifest_need_no_login(client):
    sw = client.get("/sw.js")
    assert sw.status_code == 200 and sw["Content-Type"].startswith("application/javascript")
    assert sw.content.decode().startswith('self.TAROKKLUB_STATIC = "/static/";')
    assert "vendor/workbox/workbox-sw.js" in sw.content.decode()
    manifest = client.get("/manifest.webmanifest")
    assert manifest.status_code == 200 and manifest["Content-Type"] == "application/manifest+json"
    body = manifest.json()
    assert body["display"] == "standalone" and [i["sizes"] for i in body["icons"]] == ["192x192", "512x512"]
