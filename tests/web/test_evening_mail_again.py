"""A mail sent again: a mail the server refused shows the server's answer on the evening page, and
is sent again from the page to the address an admin corrected; a mail not sent yet follows a
corrected address and a corrected evening by itself; after a reopening, a correction and a new
close the page names the players who hold an outdated sheet and sends them the new one, marked as
corrected, in one press. One address is one recipient; the subject names the club as written; each
mail says what of it is paid already."""
import smtplib

import pytest
from django.core import mail as outbox
from django.urls import reverse
from post_office.models import STATUS, Email

from scoring import services
from scoring.outbox_sender import send_round
from scoring.models import EveningEvent, EveningMail, EveningTransfer, Player, Role

from .conftest import make_user
from .test_evening_mail import addresses

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


class BouncingBackend:
    """Django's locmem backend behind a server that refuses the addresses of ``refused`` for good
    (550) and those of ``away`` for the moment (451)."""
    refused: set[str] = set()
    away: set[str] = set()

    def __init__(self, *args, **kwargs):
        from django.core.mail.backends.locmem import EmailBackend
        self.backend = EmailBackend(*args, **kwargs)

    def open(self):
        return False

    def close(self):
        pass

    def send_messages(self, messages):
        for message in messages:
            if set(message.to) & self.refused:
                raise smtplib.SMTPRecipientsRefused({message.to[0]: (550, b"5.1.1 No such user here")})
            if set(message.to) & self.away:
                raise smtplib.SMTPRecipientsRefused({message.to[0]: (451, b"4.3.0 Try again later")})
        return self.backend.send_messages(messages)


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.EMAIL_BACKEND = "tests.web.test_evening_mail_again.BouncingBackend"
    BouncingBackend.refused, BouncingBackend.away = set(), set()


@pytest.fixture
def lock(tmp_path):
    return str(tmp_path / "mail.lock")


@pytest.fixture
def evening(golden_table, club):
    addresses(club)
    return services.evening_close(evening=golden_table.evening)


@pytest.fixture
def admin_client(client, club):
    client.force_login(make_user(club, Role.ADMIN, "kasserer"))
    return client


def page(client, evening) -> str:
    return client.get(reverse("scoring:evening_detail", args=[evening.pk])).content.decode()


def sent_to() -> list[str]:
    return [m.to[0] for m in outbox.outbox]


def test_a_bounced_mail_shows_why_and_goes_again_to_the_corrected_address(admin_client, evening, club, lock):
    BouncingBackend.refused = {"bent@example.org"}
    services.evening_mail_queue(evening=evening)
    done = send_round(lock)
    assert (done.sent, done.failed, done.requeued) == (2, 1, 0)   # a 550 is not tried again
    html = page(admin_client, evening)
    assert html.count('data-state="failed"') == 1 and "550 5.1.1 No such user here" in html
    bent = Player.objects.get(club=club, name="Bent")
    assert reverse("scoring:member_edit", args=[club.pk, bent.pk]) in html   # "Ret adressen", for an admin
    admin_client.post(reverse("scoring:member_edit", args=[club.pk, bent.pk]),
                      {"action": "contact", "email": "bent@rettet.example", "login": "", "language": ""})
    failed = EveningMail.objects.get(player=bent)
    answer = admin_client.post(reverse("scoring:evening_mail_again", args=[evening.pk, failed.pk]))
    assert answer.status_code == 302
    assert send_round(lock).sent == 1
    assert sent_to().count("bent@rettet.example") == 1 and "bent@example.org" not in sent_to()
    again = EveningMail.objects.get(player=bent, current=True)
    assert again.replaces_id == failed.pk and again.address == "bent@rettet.example"
    assert EveningEvent.objects.filter(evening=evening, kind="remailed", count=1).exists()
    html = page(admin_client, evening)
    assert html.count('data-state="sent"') == 3 and "No such user" not in html
    # sent once: another press finds nothing failed (409), nothing written
    assert admin_client.post(reverse("scoring:evening_mail_again", args=[evening.pk, again.pk])).status_code == 409
    assert EveningMail.objects.filter(player=bent).count() == 2


def test_a_mail_waiting_to_be_tried_again_follows_a_corrected_address(evening, club, lock):
    BouncingBackend.away = {"carl@example.org"}
    services.evening_mail_queue(evening=evening)
    assert (send_round(lock).requeued) == 1
    carl = Player.objects.get(club=club, name="Carl")
    services.player_contact_set(player=carl, email="carl@ny.example")
    Email.objects.filter(status=STATUS.requeued).update(scheduled_time=None)   # its time to be tried again
    done = send_round(lock)
    assert (done.withdrawn, done.rendered, done.sent) == (1, 1, 1)
    assert "carl@ny.example" in sent_to() and "carl@example.org" not in sent_to()


def test_a_member_may_not_send_again(client, evening, club, lock):
    BouncingBackend.refused = {"bent@example.org"}
    services.evening_mail_queue(evening=evening)
    send_round(lock)
    client.force_login(make_user(club, Role.MEMBER, "medlem"))
    failed = EveningMail.objects.get(player__name="Bent")
    assert client.post(reverse("scoring:evening_mail_again", args=[evening.pk, failed.pk])).status_code == 403
    assert "mail-again" not in page(client, evening) and "No such user" in page(client, evening)


def _correct(evening, club, admin):
    """Reopen, correct the first deal into a misdeal, close again."""
    services.evening_reopen(evening=evening, user=admin, reason="spil 1 var forkert")
    table = evening.tables.get()
    first = table.deals.get(number=1, current=True)
    services.deal_correct(deal=first, outcome={"dealer": first.outcome["dealer"], "kind": "misdeal"}, reason="fejl")
    return services.evening_close(evening=evening)


def test_after_a_correction_the_page_names_the_outdated_sheets_and_sends_the_new_one(admin_client, evening, club,
                                                                                      lock):
    services.evening_mail_queue(evening=evening)
    assert send_round(lock).sent == 3
    admin = make_user(club, Role.ADMIN, "formand")
    # reopened and closed again with nothing changed: nobody holds an outdated sheet
    services.evening_reopen(evening=evening, user=admin, reason="blot et kig")
    services.evening_close(evening=evening)
    assert 'id="mail-outdated"' not in page(admin_client, evening)
    _correct(evening, club, admin)
    html = page(admin_client, evening)
    assert 'id="mail-outdated"' in html and html.count('data-outdated="1"') == 3
    assert "Anne, Bent, Carl har et forældet ark" in html
    answer = admin_client.post(reverse("scoring:evening_mail_corrected", args=[evening.pk]))
    assert answer.status_code == 302
    assert send_round(lock).sent == 3
    corrected = outbox.outbox[3:]
    assert sorted(m.to[0] for m in corrected) == ["anne@example.org", "bent@example.org", "carl@example.org"]
    assert all(m.subject.startswith("Rettet ark: Tarok") for m in corrected)
    assert all("dette ark afløser det, du fik før" in m.body for m in corrected)
    html = page(admin_client, evening)
    assert 'id="mail-outdated"' not in html and html.count("rettet ark") == 3
    assert EveningMail.objects.filter(corrected=True, current=True).count() == 3


def test_a_mail_not_sent_before_the_reopening_carries_the_corrected_sheet(evening, club, lock, settings):
    services.evening_mail_queue(evening=evening)
    settings.EMAIL_BACKEND = "tests.web.test_evening_mail_again.BouncingBackend"
    BouncingBackend.away = {"anne@example.org"}
    send_round(lock)
    anne = EveningMail.objects.get(player__name="Anne")
    before = anne.email.message
    _correct(evening, club, make_user(club, Role.ADMIN, "formand"))
    BouncingBackend.away = set()
    Email.objects.filter(status=STATUS.requeued).update(scheduled_time=None)
    done = send_round(lock)
    assert (done.withdrawn, done.rendered, done.sent) == (1, 1, 1)
    sent = [m for m in outbox.outbox if m.to == ["anne@example.org"]]
    assert len(sent) == 1 and sent[0].body != before   # the figures of the corrected evening, never the old
    anne.refresh_from_db()
    assert anne.email.message == sent[0].body and not anne.corrected


def test_an_address_of_several_recipients_is_refused_and_never_split(admin_client, evening, club, lock):
    hidden = '"x,evil@attacker.test,y"@a-club.test'
    bent = Player.objects.get(club=club, name="Bent")
    answer = admin_client.post(reverse("scoring:member_edit", args=[club.pk, bent.pk]),
                               {"action": "contact", "email": hidden, "login": "", "language": ""})
    assert answer.status_code == 422 and "uden anførselstegn, kommaer" in answer.content.decode()
    assert Player.objects.get(pk=bent.pk).email == "bent@example.org"
    Player.objects.filter(pk=bent.pk).update(email=hidden)   # stored before the rule
    services.evening_mail_queue(evening=evening)
    done = send_round(lock)
    assert (done.rendered, done.sent) == (2, 2)
    assert not any("attacker" in address for m in outbox.outbox for address in m.recipients())
    assert not Email.objects.filter(to__icontains="attacker").exists()
    html = page(admin_client, evening)
    assert html.count('data-state="failed"') == 1 and "Adressen er ikke én modtager" in html


def test_the_subject_names_the_club_as_written(evening, club, lock, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    club.name = "<b>Pagat</b> & Co"
    club.save()
    services.evening_mail_queue(evening=evening)
    send_round(lock)
    assert {m.subject for m in outbox.outbox} == {"Tarok <b>Pagat</b> & Co 20. november 2026: din opgørelse og "
                                                  "afregningsarket"}
    assert all("&lt;b&gt;Pagat&lt;/b&gt; &amp; Co" in m.alternatives[0][0] for m in outbox.outbox)


def test_each_mail_says_what_is_paid(evening, club, lock, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    paid = EveningTransfer.objects.filter(evening=evening).order_by("position").first()
    services.payment_record(club=club, payer=paid.payer_id, receiver=paid.receiver_id, amount=paid.amount,
                            currency=paid.currency, method="mobilepay")
    services.evening_mail_queue(evening=evening)
    send_round(lock)
    bodies = {m.to[0]: m.body for m in outbox.outbox}
    lines = [line for body in bodies.values() for line in body.splitlines() if "point (" in line]
    assert sum(line.endswith("– betalt") for line in lines) == 2   # the payer's line and the receiver's
    assert all(line.endswith(("– betalt", "– ubetalt")) for line in lines), lines
