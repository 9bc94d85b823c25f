"""Seasons by their dates: a season's evenings are those dated within its dates, imports included,
on the report, the standings and ``standings --season``; a new season that overlaps another of the
club is refused at the field whose date lies in it; an evening set to a season by hand (kept from
before) is listed on the season page and handed back to its date there; a season kept without dates
is given them."""
import datetime as dt
import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from scoring import services
from scoring.models import Evening, EveningEvent, Role, Season
from scoring.selectors.season import season_report, season_scope, unsettled

from .conftest import make_user

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


@pytest.fixture
def admin_client(client, club):
    client.force_login(make_user(club, Role.ADMIN, "formand"))
    return client


def imported(club, golden_dir, day: str, name: str = "four-players-tout-nolo-fines") -> Evening:
    data = json.loads((golden_dir / f"{name}.json").read_text())
    data["date"] = day
    return services.evening_close(evening=services.evening_import(club=club, data=data).evening)


def test_a_season_holds_the_evenings_of_its_dates_imports_included(club, golden_dir):
    season = services.season_create(club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31))
    inside = [imported(club, golden_dir, day) for day in ("2026-01-08", "2026-12-31")]
    imported(club, golden_dir, "2027-01-01")
    report = season_report(season_scope(club, season="2026"))
    assert [e.evening_id for e in report.evenings] == [e.pk for e in inside]
    out = io.StringIO()
    call_command("standings", "--club", club.name, "--season", season.name, "--json", stdout=out)
    assert {row["evenings"] for row in json.loads(out.getvalue())} == {2}


def test_a_new_season_that_overlaps_another_is_refused_at_its_field(admin_client, club):
    services.season_create(club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31))
    url = reverse("scoring:club_seasons", args=[club.pk])
    for starts, ends, field in (("2026-12-01", "2027-06-30", "starts"), ("2025-08-01", "2026-01-01", "ends"),
                                ("2025-01-01", "2027-12-31", "starts")):
        answer = admin_client.post(url, {"name": "Vinter", "starts": starts, "ends": ends})
        assert answer.status_code == 422
        errors = answer.context["form"].errors
        assert list(errors) == [field] and "overlapper sæsonen 2026 (01.01.2026–31.12.2026)" in errors[field][0]
    answer = admin_client.post(url, {"name": "Vinter", "starts": "2027-01-01", "ends": ""})
    assert answer.status_code == 422 and list(answer.context["form"].errors) == ["ends"]
    assert list(Season.objects.filter(club=club).values_list("name", flat=True)) == ["2026"]
    assert admin_client.post(url, {"name": "2027", "starts": "2027-01-01", "ends": "2027-12-31"}).status_code == 302
    assert Season.objects.filter(club=club).count() == 2


def test_what_the_dates_do_not_settle_is_listed_and_settled_on_the_season_page(admin_client, club, golden_dir):
    kept = Season.objects.create(club=club, name="Gammel")   # kept from before: no dates
    year = services.season_create(club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31))
    evening = imported(club, golden_dir, "2026-03-05")
    Evening.objects.filter(pk=evening.pk).update(season_override=kept)   # picked by hand before
    assert not season_report(season_scope(club, season="2026")).evenings
    url = reverse("scoring:club_seasons", args=[club.pk])
    html = admin_client.get(url).content.decode()
    assert 'id="seasons-undated"' in html and f'data-evening="{evening.pk}"' in html
    left = unsettled(club)
    assert [(b.season.name, b.by_date.name) for b in left.by_hand] == [("Gammel", "2026")]
    answer = admin_client.post(reverse("scoring:evening_season_by_date", args=[evening.pk]))
    assert answer.status_code == 302 and answer["Location"] == url
    assert [e.evening_id for e in season_report(season_scope(club, season=year.pk)).evenings] == [evening.pk]
    assert EveningEvent.objects.get(evening=evening, kind="season").reason == "Gammel"
    # the season kept without dates is given them (not overlapping 2026)
    edit = reverse("scoring:club_season_edit", args=[club.pk, kept.pk])
    assert admin_client.post(edit, {"name": "Gammel", "starts": "2025-06-01", "ends": "2026-01-31"}).status_code == 422
    assert admin_client.post(edit, {"name": "Gammel", "starts": "2025-01-01", "ends": "2025-12-31"}).status_code == 302
    assert not unsettled(club)
    assert f'data-evening="{evening.pk}"' not in admin_client.get(url).content.decode()


def test_a_member_may_not_settle(client, club, golden_dir):
    kept = Season.objects.create(club=club, name="Gammel")
    evening = imported(club, golden_dir, "2026-03-05")
    Evening.objects.filter(pk=evening.pk).update(season_override=kept)
    client.force_login(make_user(club, Role.MEMBER, "medlem"))
    assert client.post(reverse("scoring:evening_season_by_date", args=[evening.pk])).status_code == 403
    assert Evening.objects.get(pk=evening.pk).season_override_id == kept.pk


def test_the_money_table_says_what_its_figures_are(client, club, golden_dir):
    services.season_create(club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31))
    imported(club, golden_dir, "2026-03-05")
    client.force_login(make_user(club, Role.MEMBER, "medlem"))
    html = client.get(reverse("scoring:season", args=[club.pk])).content.decode()
    head = html.split('class="season-paid"')[1].split("</thead>")[0]
    assert "Har til gode" in head and "Skylder" in head and "Betalt" not in head
