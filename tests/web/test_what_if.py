"""The what-if pages (an evening's, a season's, their PDF) and ``manage.py what_if`` (the what-if
itself: tests/engine/test_what_if.py)."""
import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from scoring.engine import families
from scoring.models import Evening, Season
from scoring.selectors.what_if import card_named, what_if_report
from scoring.services.seed import seed_history

pytestmark = pytest.mark.django_db


@pytest.fixture
def history(client):
    club = seed_history(seasons=1, evenings=2, tables=2, deals=8, seed=4, name_prefix="Hvis")[0]
    client.force_login(get_user_model().objects.create_superuser("admin", password="pw-secret-1"))
    return club


def test_the_evening_page_settles_its_deals_under_the_card_asked_for_by_key(client, history):
    evening = Evening.objects.filter(club=history).order_by("date").first()
    assert 'id="what-if-link"' in client.get(f"/evenings/{evening.pk}/").content.decode()
    page = client.get(f"/evenings/{evening.pk}/what-if/?card=rules:aeldre1900").content.decode()
    report = what_if_report(history, Evening.objects.filter(pk=evening.pk), card_named(history, "aeldre1900"), "da")
    for row in report.rows:   # each player's line, read back by his key
        line = page[page.index(f'data-player="{row.player_id}"'):]
        line = line[:line.index("</tr>")]
        assert f">{row.recorded_points}<" in line and f">{'—' if row.points is None else row.points}<" in line
    seated = {t.number: t.seats.count() for t in evening.tables.all()}
    assert [u.table for u in report.unseated] == [n for n, count in seated.items() if count > 4]
    # the picker shows the card settled under; with none asked, a card the evening was not played with
    assert '<option value="rules:aeldre1900" selected>' in page
    assert '<option value="rules:dtf2011" selected>' in client.get(f"/evenings/{evening.pk}/what-if/").content.decode()
    bad = client.get(f"/evenings/{evening.pk}/what-if/?card=rules:nonsense")
    assert bad.status_code == 400 and 'id="id_card"' in bad.content.decode()


def test_the_season_page_and_its_pdf(client, history):
    season = Season.objects.get(club=history)
    assert 'id="season-what-if"' in client.get(f"/clubs/{history.pk}/season/?season={season.pk}").content.decode()
    page = client.get(f"/clubs/{history.pk}/season/what-if/?season={season.pk}&card=rules:grosstarock")
    assert page.status_code == 200
    text = page.content.decode()
    report = what_if_report(history, Evening.objects.filter(season.evenings_q()), card_named(history, "grosstarock"), "da")
    assert report.refused and text.count("<li>") >= len(report.refused) + len(report.unseated)
    pdf = client.get(f"/clubs/{history.pk}/season/what-if/pdf/?season={season.pk}&card=rules:grosstarock")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_the_what_if_command_prints_the_selectors_report(history):
    evening = Evening.objects.filter(club=history).order_by("date").first()
    out = io.StringIO()
    call_command("what_if", str(evening.pk), "--card", "dtf2011", "--json", stdout=out)
    data = json.loads(out.getvalue())
    report = what_if_report(history, Evening.objects.filter(pk=evening.pk), card_named(history, "dtf2011"), "en")
    assert [(p["player_id"], p["recorded_points"], p["points"]) for p in data["players"]] == [
        (r.player_id, r.recorded_points, r.points) for r in report.rows]
    season = io.StringIO()
    call_command("what_if", "--season", Season.objects.get(club=history).name, "--card", "dtf2011", stdout=season)
    assert season.getvalue().startswith("Dansk tarok: 2 evening(s) under dtf2011")
    with pytest.raises(Exception, match="--card"):
        call_command("what_if", str(evening.pk), "--card", families.family("karlsruhe").default_card.name)
