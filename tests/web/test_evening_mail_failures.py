"""The outbox after a rename or a merge: a statement finds each player by his seat, never by his
name now."""
import pytest
from django.core import mail as outbox

from scoring import services
from scoring.mail import send_round
from scoring.models import EveningMail, Player

from .test_evening_mail import ADDRESSES, addresses

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"   # the outbox's attachments
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture
def lock(tmp_path):
    return str(tmp_path / "mail.lock")


@pytest.fixture
def evening(golden_table, club):
    """The golden Danish evening (Anne, Bent, Carl, Dorte), closed; Anne, Bent and Carl have an address."""
    addresses(club)
    return services.evening_close(evening=golden_table.evening)


def bodies(to_domain="example.org"):
    return {m.to[0]: m.body for m in outbox.outbox if m.to[0].endswith(to_domain)}


# A statement finds the player by his seat -----------------------------------------------------------

def test_a_renamed_player_gets_his_mail_by_his_name_now(evening, club, scorekeeper, keeper_client, lock):
    services.player_rename(player=Player.objects.get(club=club, name="Anne"), name="Annette")
    services.evening_mail_queue(evening=evening, user=scorekeeper)
    done = send_round(lock)
    assert (done.rendered, done.sent, done.failed) == (3, 3, 0)
    sent = bodies()
    assert sent[ADDRESSES["Anne"]].startswith("Kære Annette")
    assert "Bent betaler dig 275 point (68,75 kr.)" in sent[ADDRESSES["Anne"]]
    # the other players' statements name him as he is called now, too
    assert "Du betaler Annette 275 point (68,75 kr.)" in sent[ADDRESSES["Bent"]]
    assert not EveningMail.objects.exclude(problem="").exists()
    page = keeper_client.get(f"/evenings/{evening.pk}/").content.decode()
    assert page.count('data-state="sent"') == 3 and "<td>Annette</td>" in page


def test_a_player_merged_after_his_mail_was_queued_gets_it_as_the_player_he_is_now(evening, club, scorekeeper,
                                                                                      keeper_client, lock):
    services.evening_mail_queue(evening=evening, user=scorekeeper)
    hansen = services.player_get_or_create(club=club, name="Anne Hansen")
    services.player_merge(duplicate=Player.objects.get(club=club, name="Anne"), into=hansen)
    assert send_round(lock).sent == 3
    assert bodies()[ADDRESSES["Anne"]].startswith("Kære Anne Hansen")   # the address queued, his name now
    page = keeper_client.get(f"/evenings/{evening.pk}/").content.decode()
    assert page.count('data-state="sent"') == 3 and "<td>Anne Hansen</td>" in page
