"""The outbox after a rename or a merge, and when an evening or a mail cannot be rendered: a
statement finds each player by his seat, never by his name now; a failure to summarise one evening
or to render one mail is that evening's or that mail's problem, the sender goes on with every other
evening and club, and a failed rendering is tried again a bounded number of rounds
(``EveningMail.RENDER_ATTEMPTS``), then stays failed with its reason; ``send_evening_mail --every``
goes on past any of it, and past a round that raises."""
import json

import pytest
from django.core import mail as outbox
from django.core.management import call_command

from scoring import services
from scoring.outbox_sender import send_round
from scoring.models import Club, EveningMail, Player

from .test_evening_mail import ADDRESSES, addresses

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


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


@pytest.fixture
def other_evening(golden_dir):
    """Another club's closed evening, the same four names, each with an address of that club."""
    other = Club.objects.create(name="Østerbro")
    data = json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text())
    table = services.evening_import(club=other, data=data)
    addresses(other, {name: f"{name.lower()}@osterbro.example" for name in ("Anne", "Bent", "Carl", "Dorte")})
    return services.evening_close(evening=table.evening)


def bodies(to_domain="example.org"):
    return {m.to[0]: m.body for m in outbox.outbox if m.to[0].endswith(to_domain)}


def failing_summary(monkeypatch, evening):
    """``evening``'s summary raises in the sender; every other evening's is read as always."""
    import scoring.outbox_sender

    real = scoring.outbox_sender.evening_summary

    def summary(e):
        if e.pk == evening.pk:
            raise RuntimeError("the settlement cannot be read")
        return real(e)

    monkeypatch.setattr(scoring.outbox_sender, "evening_summary", summary)


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


# One evening's failure is its own -------------------------------------------------------------------

def test_an_evening_that_cannot_be_summarised_stops_no_other_club(evening, other_evening, scorekeeper,
                                                                   keeper_client, monkeypatch, lock):
    assert evening.pk < other_evening.pk   # the failing evening comes first in the round
    services.evening_mail_queue(evening=evening, user=scorekeeper)
    services.evening_mail_queue(evening=other_evening)
    failing_summary(monkeypatch, evening)
    done = send_round(lock)
    assert (done.rendered, done.sent, done.failed) == (4, 4, 0)
    assert set(bodies("osterbro.example")) == {f"{n}@osterbro.example" for n in ("anne", "bent", "carl", "dorte")}
    failed = EveningMail.objects.filter(evening=evening)
    assert [(m.email_id, m.render_attempts) for m in failed] == [(None, 1)] * 3
    assert all("the settlement cannot be read" in m.problem for m in failed)
    page = keeper_client.get(f"/evenings/{evening.pk}/").content.decode()
    assert page.count('data-state="retrying"') == 3 and "fejlet, prøves igen" in page
    assert "i kø" not in page


def test_a_failed_rendering_is_tried_again_then_stays_failed_with_its_reason(evening, other_evening, scorekeeper,
                                                                              keeper_client, monkeypatch, lock):
    services.evening_mail_queue(evening=evening, user=scorekeeper)
    failing_summary(monkeypatch, evening)
    for attempt in range(1, EveningMail.RENDER_ATTEMPTS + 1):
        assert send_round(lock).rendered == 0
        assert set(EveningMail.objects.values_list("render_attempts", flat=True)) == {attempt}
    page = keeper_client.get(f"/evenings/{evening.pk}/").content.decode()
    assert page.count('data-state="failed"') == 3 and "the settlement cannot be read" in page
    assert 'data-state="retrying"' not in page
    # past the bound it is not tried again, and a mail queued later for another evening still goes
    services.evening_mail_queue(evening=other_evening)
    done = send_round(lock)
    assert (done.rendered, done.sent) == (4, 4)
    assert set(EveningMail.objects.filter(evening=evening).values_list("render_attempts", flat=True)) == {
        EveningMail.RENDER_ATTEMPTS}
    assert not bodies()


def test_a_mail_whose_rendering_failed_once_goes_in_the_next_round(evening, scorekeeper, keeper_client,
                                                                    monkeypatch, lock):
    import scoring.outbox_sender

    real, calls = scoring.outbox_sender.render_statement, []

    def render_once_failing(statement, *args):
        calls.append(statement.name)
        if statement.name == "Bent" and calls.count("Bent") == 1:
            raise OSError("disk full")
        return real(statement, *args)

    monkeypatch.setattr(scoring.outbox_sender, "render_statement", render_once_failing)
    services.evening_mail_queue(evening=evening, user=scorekeeper)
    assert send_round(lock).sent == 2
    bent = EveningMail.objects.get(player__name="Bent")
    assert bent.problem == "OSError: disk full" and bent.render_attempts == 1
    assert send_round(lock).sent == 1
    bent.refresh_from_db()
    assert bent.problem == "" and bent.email is not None
    assert set(bodies()) == set(ADDRESSES.values())
    assert keeper_client.get(f"/evenings/{evening.pk}/").content.decode().count('data-state="sent"') == 3


# The command ----------------------------------------------------------------------------------------

class _Stop(BaseException):
    """Ends the endless ``--every`` loop from its sleep."""


def test_every_goes_on_past_an_evening_that_fails(evening, other_evening, scorekeeper, monkeypatch, lock, capsys):
    import scoring.management.commands.worker as command

    monkeypatch.setattr("scoring.outbox_sender.LOCK_FILE", lock)
    rounds = []

    def sleep(seconds):
        rounds.append(seconds)
        if len(rounds) == EveningMail.RENDER_ATTEMPTS + 1:
            raise _Stop

    monkeypatch.setattr(command.time, "sleep", sleep)
    services.evening_mail_queue(evening=evening, user=scorekeeper)
    services.evening_mail_queue(evening=other_evening)
    failing_summary(monkeypatch, evening)
    with pytest.raises(_Stop):   # never a CommandError, SystemExit or the evening's own error
        call_command("send_evening_mail", every=0.01)
    assert len(rounds) == EveningMail.RENDER_ATTEMPTS + 1
    assert len(outbox.outbox) == 4 and "sent 4" in capsys.readouterr().out


def test_every_goes_on_past_a_round_that_raises(monkeypatch, capsys):
    import scoring.management.commands.worker as command
    from scoring.worker import Done

    rounds = []

    def one_round():
        rounds.append(1)
        if len(rounds) == 1:
            raise RuntimeError("database gone away")
        return Done(None)   # another worker holds the outbox

    def sleep(seconds):
        if len(rounds) == 2:
            raise _Stop

    monkeypatch.setattr(command, "work_round", one_round)
    monkeypatch.setattr(command.time, "sleep", sleep)
    with pytest.raises(_Stop):
        call_command("send_evening_mail", every=0.01)
    assert len(rounds) == 2 and "database gone away" in capsys.readouterr().err

