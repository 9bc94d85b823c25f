"""Every page's query count is independent of the history's size."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.services.seed import seed_history
from scoring.models import Deal, Evening, Player, Role, Table
from tests.web.conftest import make_user

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


def pages(club):
    evening = Evening.objects.filter(club=club).order_by("-date", "-id").first()
    table = Table.objects.filter(evening=evening).order_by("number").first()
    deal = Deal.objects.filter(table=table, current=True).order_by("-number").first()
    player = Player.objects.filter(club=club).order_by("name").first()
    return ["/", f"/clubs/{club.pk}/", f"/clubs/{club.pk}/standings/", f"/clubs/{club.pk}/standings/?include_open=on",
            f"/players/{player.pk}/", f"/evenings/{evening.pk}/", f"/evenings/{evening.pk}/log/",
            f"/tables/{table.pk}/", f"/deals/{deal.pk}/history/", f"/clubs/{club.pk}/players/"]


def counts(client, club):
    found = []
    for url in pages(club):
        client.get(url)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200, url
        found.append(len(queries))
    return found


def test_query_counts_at_two_history_sizes(client):
    small = seed_history(seasons=1, evenings=2, tables=2, deals=4, seed=3, name_prefix="Lille")[0]
    large = seed_history(seasons=1, evenings=4, tables=3, deals=8, seed=4, name_prefix="Stor")[0]
    user = make_user(small, Role.ADMIN, "both")
    from scoring.models import Membership
    Membership.objects.create(user=user, club=large, role=Role.ADMIN)
    client.force_login(user)
    assert counts(client, small) == counts(client, large)
