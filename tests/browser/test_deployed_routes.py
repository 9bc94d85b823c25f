"""Every named GET route outside the admin, as deployed (DEBUG off, the manifest storage, WhiteNoise:
tests/settings_production.py), asked of the live server for each role and for a user of another club: no 5xx anywhere. A page
that renders only with DEBUG on (a static file the manifest does not know, a template that reads
something only the debug settings give) answers 500 here. The routes are read from the URL
configuration, so a new route is asked for without being added here; one whose arguments this test
cannot fill fails it until ``ARGUMENTS`` knows them."""
import datetime as dt
import json

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from scoring import services
from scoring.models import Club, ClubRateCard, Deal, EveningMail, EveningTransfer, Role, Season
from scoring.selectors.season import season_scope
from tests.browser.helpers import fetch
from tests.web.conftest import make_user



def named_routes(resolver=None, prefix: str = "") -> list[tuple[str, object]]:
    """(name, pattern) of every named route, the admin's aside (Django's own pages)."""
    found = []
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            if entry.app_name != "admin":
                found += named_routes(entry, f"{prefix}{entry.namespace}:" if entry.namespace else prefix)
        elif isinstance(entry, URLPattern) and entry.name:
            found.append((prefix + entry.name, entry.pattern))
    return found


@pytest.fixture
def club_year(golden_dir):
    """A club with something behind every route: an open and a closed evening, a deal, a player with
    an address and a login, a mail queued, a payment due, a season, a report file asked for, its own
    card, a tournament with a round drawn and one confirmed; the users of every role, a user of another club and a superuser."""
    club = Club.objects.create(name="Hjemmeklub")
    data = json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text())
    open_table = services.evening_import(club=club, data=data)
    closed_table = services.evening_import(club=club, data=data)
    services.evening_close(evening=closed_table.evening)
    player = open_table.seats.first().player
    services.player_contact_set(player=player, email="anne@example.org")
    services.evening_mail_queue(evening=closed_table.evening)
    season = Season.objects.create(club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31))
    report = services.report_ask(club=club, scope=season_scope(club, season=season.pk), kind="pdf", language="da")
    card = ClubRateCard.objects.create(club=club, name=f"{club.pk}-vlk-1", based_on="vlk", family="danish",
                                       data=json.dumps(open_table.card.to_dict() | {"name": f"{club.pk}-vlk-1",
                                                                                     "title": "Klubbens kort"}))
    tournament = services.tournament_create(club=club, name="Klubmesterskab", rules="vlk", rounds=3, round_length=1,
                                            seed=3)
    for i in range(1, 9):
        services.entrant_register(tournament=tournament, name=f"Spiller {i}")
    services.round_confirm(round=services.round_draw(tournament=tournament))
    users = {role: make_user(club, role) for role in (Role.MEMBER, Role.SCOREKEEPER, Role.ADMIN)}
    users["outsider"] = make_user(Club.objects.create(name="Naboklub"), Role.ADMIN, "outsider")
    users["superuser"] = get_user_model().objects.create_superuser("root", "root@example.org", "pw-secret-1")
    transfer = EveningTransfer.objects.filter(evening=closed_table.evening).first()
    return {
        "club": club, "evening": open_table.evening, "closed": closed_table.evening, "table": open_table,
        "deal": Deal.objects.filter(table=open_table, current=True).first(), "player": player, "season": season,
        "card": card, "transfer": transfer,
        "payment": services.payment_record(club=club, payer=transfer.payer_id, receiver=transfer.receiver_id,
                                           amount=transfer.amount, currency="DKK", method="cash"),
        "tournament": tournament, "users": users, "report": report, "mail": EveningMail.objects.get(),
    }


def arguments(name: str, path: str, world: dict) -> list[dict]:
    """The keyword arguments to ask ``path`` with, each set one request, by what its first part names
    (``evenings/<pk>/…`` an evening): a route about an evening is asked for the open and the closed one."""
    by_first = {
        "evenings": [{"pk": world["evening"].pk, "mail": world["mail"].pk},
                     {"pk": world["closed"].pk, "mail": world["mail"].pk}],
        "tables": [{"pk": world["table"].pk}], "deals": [{"pk": world["deal"].pk}],
        "payments": [{"pk": world["payment"].pk}], "players": [{"pk": world["player"].pk}],
        "tournaments": [{"pk": world["tournament"].pk, "number": n} for n in (1, 2)],
    }
    first = path.split("/")[0]
    if first in by_first:
        return by_first[first]
    club = {"pk": world["club"].pk, "player": world["player"].pk, "card": world["card"].pk,
            "season": world["season"].pk, "file": world["report"].pk}
    return [club | {"fmt": fmt} for fmt in ("csv", "xlsx")] if name.endswith("season_export") else [club]


def url_of(pattern, kwargs: dict) -> str:
    """The route's path with its arguments filled in, each taken from ``kwargs`` by its name."""
    path = str(pattern).lstrip("^").rstrip("$")
    for converter in pattern.converters:
        value = kwargs.get(converter)
        if value is None:
            raise KeyError(f"no value for <{converter}> in {path}")
        path = path.replace(f"<int:{converter}>", str(value)).replace(f"<str:{converter}>", str(value))
    return "/" + path


def addresses(world: dict) -> list[str]:
    urls = []
    for name, pattern in named_routes():
        for kwargs in arguments(name, str(pattern), world):
            url = url_of(pattern, kwargs)
            if url not in urls:
                urls.append(url)
    return urls


@pytest.mark.parametrize("who", ["anonymous", Role.MEMBER, Role.SCOREKEEPER, Role.ADMIN, "outsider", "superuser"])
def test_every_named_route_answers_without_a_server_error_for_every_role(live_server, club_year, who):
    cookies = {}
    if who != "anonymous":
        client = Client()
        client.force_login(club_year["users"][who])
        cookies = {settings.SESSION_COOKIE_NAME: client.cookies[settings.SESSION_COOKIE_NAME].value}
    urls = addresses(club_year)
    assert len(urls) > 50, urls                       # the walk found the routes
    answers = {url: fetch(live_server, url, cookies).status for url in urls}
    assert [(url, status) for url, status in answers.items() if status >= 500] == []
    # the walk reached the pages themselves, not only the login page's redirect or a 404
    assert who in ("anonymous", "outsider") or sum(status == 200 for status in answers.values()) > 25, sorted(answers.items())


def test_pages_and_refusals_carry_the_security_headers_as_deployed(live_server, db):
    """What production adds or keeps beside the page (docs/operations.md "Production"): the same
    headers on a page, on a 404 and on a static file's refusal, none of Django's debug pages."""
    for path, status in (("/login/", 200), ("/no-such-page/", 404), ("/evenings/999999/", 302)):
        answer = fetch(live_server, path)
        assert answer.status == status, (path, answer.status)
        headers = answer.headers
        assert "default-src 'self'" in headers["Content-Security-Policy"], path
        assert headers["X-Content-Type-Options"] == "nosniff", path
        assert headers["X-Frame-Options"] == "DENY", path
        assert headers["Referrer-Policy"] == "same-origin", path
        assert "Traceback" not in answer.text and "DEBUG = True" not in answer.text, path
