"""Hostile input: random and mutated data posted to every form, htmx endpoint and the import never
gives a 500, and a rejected request leaves every row count unchanged."""
import io
import json

import pytest
from django.apps import apps
from hypothesis import HealthCheck, given, settings, strategies as st

from families.danish.forms import DealForm
from scoring.models import Deal, Role

pytestmark = pytest.mark.django_db
FUZZ = settings(max_examples=30, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

values = st.one_of(st.text(max_size=30), st.integers(-10**9, 10**9).map(str), st.sampled_from(
    ["", "Anne", "Bent", "Carl", "Dorte", "Zoe", "played", "misdeal", "scrapped", "home", "lost", "ultimo", "bagud",
     "taroks:11:1", "half:kings:hearts", "matadors:99", "custom", "out_of_turn", "0", "78", "-1", "1e9", "\x00",
     "<script>", "' OR 1=1 --", "NaN", "on"]))


def row_counts():
    return {m.__name__: m.objects.count() for m in apps.get_app_config("scoring").get_models()}


def form_keys(table):
    players = tuple(s.player.name for s in table.seats.order_by("position"))
    return sorted(DealForm(players).fields)


@st.composite
def deal_posts(draw, keys):
    chosen = draw(st.lists(st.sampled_from(keys + ["junk", "version", "editing"]), max_size=len(keys)))
    return {key: draw(values) for key in chosen}


def check(response, before):
    assert response.status_code < 500
    if response.status_code >= 400:
        assert row_counts() == before, response.status_code


@pytest.fixture
def admin_client(client, club, golden_table):
    from tests.web.conftest import make_user
    client.force_login(make_user(club, Role.ADMIN, "fuzz-admin"))
    return client


def test_deal_form_preview_and_edit(admin_client, golden_table):
    keys = form_keys(golden_table)
    latest = Deal.objects.filter(table=golden_table, current=True).order_by("-number").first()

    @FUZZ
    @given(data=deal_posts(keys))
    def run(data):
        for url in (f"/tables/{golden_table.pk}/preview/", f"/tables/{golden_table.pk}/",
                    f"/deals/{latest.pk}/edit/"):
            before = row_counts()
            check(admin_client.post(url, data), before)
        check(admin_client.get(f"/tables/{golden_table.pk}/form/", data), row_counts())

    run()


def test_evening_table_and_club_forms(admin_client, golden_table, club):
    evening = golden_table.evening
    keys = ["club", "date", "season"] + [f"seat_{i}" for i in range(1, 6)] + [f"new_{i}" for i in range(1, 6)]

    @FUZZ
    @given(data=st.dictionaries(st.sampled_from(keys + ["reason", "name", "starts", "ends"]), values, max_size=12))
    def run(data):
        for url in ("/evenings/new/", f"/evenings/{evening.pk}/tables/new/", f"/clubs/{club.pk}/players/",
                    f"/clubs/{club.pk}/seasons/"):
            before = row_counts()
            check(admin_client.post(url, data), before)
        check(admin_client.get(f"/clubs/{club.pk}/standings/", data), row_counts())

    run()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3),
    max_leaves=15)


def test_import_of_random_and_mutated_files(admin_client, golden_table, golden_dir):
    original = json.loads((golden_dir / "random-42.json").read_text())

    @FUZZ
    @given(st.one_of(
        st.binary(max_size=200),
        json_values.map(lambda v: json.dumps(v).encode()),
        st.tuples(st.integers(0, 19), st.sampled_from(["dealer", "pagat", "counts", "kings", "melds", "x"]),
                  json_values).map(lambda t: _mutate(original, *t)),
    ))
    def run(raw):
        handle = io.BytesIO(raw)
        handle.name = "evening.json"
        before = row_counts()
        check(admin_client.post("/evenings/import/", {"file": handle}), before)
        handle.seek(0)
        before = row_counts()
        check(admin_client.post(f"/evenings/{golden_table.evening_id}/tables/import/", {"file": handle}), before)

    run()


def _mutate(original, index, key, value):
    data = json.loads(json.dumps(original))
    data["deals"][index][key] = value
    return json.dumps(data).encode()


def test_reopen_void_close_with_garbage(admin_client, golden_table):
    deal = Deal.objects.filter(table=golden_table, current=True).order_by("-number").first()

    @FUZZ
    @given(data=st.dictionaries(st.sampled_from(["reason", "version", "x"]), values, max_size=3))
    def run(data):
        for url in (f"/evenings/{golden_table.evening_id}/reopen/", f"/deals/{deal.pk}/history/"):
            check(admin_client.post(url, data), row_counts())

    run()
