"""A save at the table is light on a slow phone (docs/performance.md, "A table on a slow phone"): the
phone's one request to the queue's endpoint and its answer, as they go over the wire (the answer
compressed), fit in 15 kB at a 5-player Danish table with 20 deals; the answer carries the parts of the
page the save changed (views.table.saved_parts), so that the phone loads nothing else. The seconds
are the bench's (scripts/bench_phone.py); the single request is the browser's (tests/browser)."""
import gzip
import json
import random
import uuid
from html.parser import HTMLParser
from urllib.parse import urlencode

import pytest

from families.danish.engine.generate import random_deal
from families.danish.engine.interchange import deal_to_dict
from scoring import services
from scoring.models import Role
from scoring.selectors import table_sheet
from scoring.table import conflicts
from tests.web.conftest import make_user
from tests.web.family_tables import seat

pytestmark = pytest.mark.django_db

NAMES = ("Anne", "Bent", "Carl", "Dorte", "Erik")
BUDGET_BYTES = 15 * 1024
#: What Chrome on a phone sends with the page's fetch besides the cookies and the body's length.
PHONE_HEADERS = {
    "HTTP_USER_AGENT": "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) "
                       "Chrome/131.0.0.0 Mobile Safari/537.36",
    "HTTP_ACCEPT": "application/json", "HTTP_ACCEPT_ENCODING": "gzip, deflate, br, zstd",
    "HTTP_ACCEPT_LANGUAGE": "da-DK,da;q=0.9", "HTTP_ORIGIN": "https://tarokklub.example",
    "HTTP_X_TABLE_PARTS": "1", "HTTP_SEC_FETCH_MODE": "cors", "HTTP_SEC_FETCH_SITE": "same-origin",
    "HTTP_SEC_FETCH_DEST": "empty",
}
#: The lines the web server adds to every answer (status, Date, Server, Connection), generously.
SERVER_LINES = 160


class FormFields(HTMLParser):
    """The fields of the page's deal form as the browser sends them (``new FormData(form)``): every
    text field and hidden field, a select's chosen option (else its first), a checked box or radio."""

    def __init__(self):
        super().__init__()
        self.fields, self.inside, self.select, self.first = [], False, None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside = a.get("id") == "deal-form"
        elif not self.inside:
            return
        elif tag == "input" and a.get("name"):
            if a.get("type") not in ("checkbox", "radio") or "checked" in a:
                self.fields.append([a["name"], a.get("value") or ("on" if a.get("type") == "checkbox" else "")])
        elif tag == "select":
            self.select, self.first = a.get("name"), None
        elif tag == "option" and self.select:
            if self.first is None:
                self.first = [self.select, a.get("value", "")]
                self.fields.append(self.first)
            if "selected" in a:
                self.first[1] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None


def typed(page: str, values: dict) -> list[list[str]]:
    """The form's fields as the phone sends them after ``values`` were typed (the CSRF token goes in
    a header, as table-sync.js sends it)."""
    parser = FormFields()
    parser.feed(page)
    fields = [[k, values.pop(k) if k in values else v] for k, v in parser.fields if k != "csrfmiddlewaretoken"]
    return fields + [[k, v] for k, v in values.items()]


def wire(method: str, url: str, headers: dict, body: bytes) -> int:
    """The length of the request as HTTP/1.1 writes it."""
    lines = [f"{method} {url} HTTP/1.1", "Host: tarokklub.example", f"Content-Length: {len(body)}"]
    lines += [f"{name[5:].replace('_', '-').title()}: {value}" for name, value in headers.items()]
    return len(("\r\n".join(lines) + "\r\n\r\n").encode()) + len(body)


@pytest.fixture
def twenty_deals(club):
    """A 5-player Danish table (the default rules) with 20 deals of every kind."""
    table = seat(club, NAMES, "vlk")
    rng = random.Random(20)
    for _ in range(20):
        dealer = conflicts.expected_dealer(table_sheet(table))
        services.deal_record(table=table, outcome=deal_to_dict(random_deal(rng, NAMES, dealer)))
    return table


def test_a_save_and_its_answer_fit_in_15_kb_and_carry_the_changed_parts(client, club, twenty_deals):
    table = twenty_deals
    client.force_login(make_user(club, Role.SCOREKEEPER, "skriver"))
    page = client.get(f"/tables/{table.pk}/").content.decode()
    sheet = table_sheet(table)
    seats = table.engine.seating(NAMES, conflicts.expected_dealer(sheet))
    first, second = seats.active[:2]
    fields = typed(page, {"pagat_owner": first, "last_trick": second, f"counts.{first}": "31",
                          f"counts.{second}": "20", "submission": str(uuid.uuid4())})
    body = urlencode([tuple(f) for f in fields]).encode()   # as URLSearchParams sends it
    cookies = "; ".join(f"{c.key}={c.value}" for c in client.cookies.values())   # the session's and CSRF's
    content_type = "application/x-www-form-urlencoded;charset=UTF-8"
    headers = {**PHONE_HEADERS, "HTTP_REFERER": f"https://tarokklub.example/tables/{table.pk}/",
               "HTTP_X_CSRFTOKEN": "x" * 64}
    url = f"/tables/{table.pk}/sync/"

    response = client.post(url, body, content_type=content_type, **headers)

    assert response.status_code == 200 and response["Content-Encoding"] == "gzip"
    sent = wire("POST", url, {**headers, "HTTP_CONTENT_TYPE": content_type, "HTTP_COOKIE": cookies}, body)
    received = SERVER_LINES + len(response.serialize())
    assert sent + received <= BUDGET_BYTES, (sent, received)
    answer = json.loads(gzip.decompress(response.content))
    assert answer["status"] == "saved" and answer["number"] == 21 and answer["message"] == "Spil 21 er gemt."
    parts = answer["parts"]
    assert set(parts) == {"table-state", "form-body", "preview", "table-sheet"}
    assert 'id="deal-row-21"' in parts["table-sheet"]
    assert f'data-seat="dealer">{answer["next"]["dealer"]}</b>' in parts["table-state"]   # who deals next
    assert "Annullér spil 21" in parts["table-state"]
    assert f'<option value="{answer["next"]["dealer"]}" selected>' in parts["form-body"]
    # the message is in the answer, not kept for the page loaded next
    assert 'class="messages"' not in client.get(f"/tables/{table.pk}/").content.decode()
