"""The club's models in Django's admin for the superuser; the ledger's rows read-only there."""
import uuid

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth import get_user_model

from scoring.models import Deal, JournalEntry, Leg, Submission
from tests.web.conftest import make_user

#: Written only by the services, in one transaction with what depends on them: never edited in the admin.
READ_ONLY = ("Table", "Seat", "Submission", "Deal", "JournalEntry", "Leg", "PlayerDealStat", "PlayerEveningSummary",
             "EveningEvent", "ClubEvent", "EveningMail", "EveningTransfer", "Tournament", "Entrant", "TournamentRound",
             "TournamentEvent", "ImportDraft", "Payment", "Cup", "ReportFile", "Absence", "PendingDeal")
EDITABLE = ("Club", "ClubRateCard", "Season", "Player", "Membership", "Evening", "LanguageChoice")


@pytest.fixture
def superuser_client(client, db):
    client.force_login(get_user_model().objects.create_superuser("root", password="pw-secret-1"))
    return client


def test_every_model_of_the_club_is_in_the_admin():
    ours = {m.__name__ for m in apps.get_app_config("scoring").get_models()}
    assert ours == {m.__name__ for m in admin.site._registry if m._meta.app_label == "scoring"}
    assert set(READ_ONLY) | set(EDITABLE) == ours - {"EventFigures"}


@pytest.mark.parametrize("name", READ_ONLY + EDITABLE)
def test_each_list_and_row_opens_for_the_superuser(superuser_client, golden_table, name):
    from scoring.models import LanguageChoice
    LanguageChoice.objects.create(user=make_user(golden_table.evening.club, "member", "chooser"), language="de")
    assert superuser_client.get(f"/admin/scoring/{name.lower()}/").status_code == 200
    model = apps.get_model("scoring", name)
    row = model.objects.first()
    if row is not None:
        assert superuser_client.get(f"/admin/scoring/{name.lower()}/{row.pk}/change/").status_code == 200


@pytest.mark.parametrize("name", READ_ONLY)
def test_the_ledger_rows_cannot_be_added_changed_or_deleted(superuser_client, golden_table, name):
    model = apps.get_model("scoring", name)
    assert superuser_client.get(f"/admin/scoring/{name.lower()}/add/").status_code == 403
    row = model.objects.first()
    if row is None:
        return
    page = superuser_client.get(f"/admin/scoring/{name.lower()}/{row.pk}/change/")
    assert b'name="_save"' not in page.content     # shown, not offered for saving
    assert superuser_client.post(f"/admin/scoring/{name.lower()}/{row.pk}/delete/", {"post": "yes"}).status_code == 403
    assert model.objects.filter(pk=row.pk).exists()


def test_a_post_to_a_ledger_row_changes_nothing(superuser_client, golden_table):
    leg = Leg.objects.first()
    answer = superuser_client.post(f"/admin/scoring/leg/{leg.pk}/change/", {"amount": leg.amount + 100})
    assert answer.status_code == 403
    assert Leg.objects.get(pk=leg.pk).amount == leg.amount
    assert JournalEntry.objects.count() and Deal.objects.count()


def test_the_admin_refuses_a_club_admin_who_is_not_staff(client, club):
    client.force_login(make_user(club, "admin"))
    assert client.get("/admin/scoring/deal/").status_code == 302   # to the admin's own login


def test_a_submission_is_listed(superuser_client, club):
    Submission.objects.create(key=uuid.uuid4(), action="deal_record")
    assert b"deal_record" in superuser_client.get("/admin/scoring/submission/").content
