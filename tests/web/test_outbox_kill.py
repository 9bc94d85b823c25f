"""The outbox never sends a mail twice: ``manage.py send_evening_mail`` as a process of its own,
sending through SMTP to a local server (``smtp_sink``), killed with ``kill -9`` while the server has
not yet answered the fourth of nine mails, then started again: each player got exactly one mail
(every mail is marked sent the moment the server accepted it, scoring/outbox_sender.py). And the
one mail that can go twice, in-process: the mail in flight, accepted by the server when the process
died before its mark, is sent again by the next round, and no other."""
from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys

import pytest
from django.core import mail as outbox
from django.db import connection

from scoring import services
from scoring.outbox_sender import deliver, prepare
from scoring.models import Player
from scoring.services.seed import seed_history
from tests.conftest import ROOT

from .smtp_sink import Sink, serve

pytestmark = pytest.mark.every_database


def queued_mails() -> list[str]:
    """A closed evening of two tables (nine players), each player with an address, their sheets
    queued: the addresses."""
    club = seed_history(seasons=1, evenings=1, tables=2, deals=3, seed=4, name_prefix="Udbakke")[0]
    evening = club.evenings.get()
    seated = Player.objects.filter(seats__table__evening=evening).order_by("pk")
    assert seated.count() == 9
    for player in seated:
        services.player_contact_set(player=player, email=f"p{player.pk}@udbakke.test")
    services.evening_mail_queue(evening=evening)
    return [f"p{p.pk}@udbakke.test" for p in seated]


def database_for_a_process(tmp_path) -> str:
    """A DATABASE_URL a child process can open with the test's data: SQLite's test database lives in
    this process's memory, so it is copied to a file; PostgreSQL's is the test database itself."""
    if connection.vendor == "sqlite":
        connection.ensure_connection()
        path = tmp_path / "outbox.sqlite3"
        with sqlite3.connect(path) as copy:
            connection.connection.backup(copy)
        return f"sqlite:///{path}"
    info, settings = connection.connection.info, connection.settings_dict
    password = f":{settings['PASSWORD']}" if settings.get("PASSWORD") else ""
    return f"postgres://{info.user}{password}@/{settings['NAME']}?host={info.host}&port={info.port}"


def sender(env: dict) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "manage.py", "send_evening_mail"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.django_db(transaction=True)
def test_a_sender_killed_mid_round_and_started_again_sends_each_mail_once(tmp_path):
    addresses = queued_mails()
    sink = Sink(hold_after=3)   # the fourth mail's answer is late: the sender is killed waiting for it
    server = serve(sink)
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    env.update(DATABASE_URL=database_for_a_process(tmp_path), EMAIL_HOST="127.0.0.1", EMAIL_PORT=str(sink.port),
               EMAIL_USE_TLS="0", EMAIL_USE_SSL="0", EMAIL_TIMEOUT="60", MEDIA_ROOT=str(tmp_path / "media"),
               TMPDIR=str(tmp_path), SECRET_KEY="outbox-kill-test", DEBUG="0")
    try:
        first = sender(env)
        if not sink.held.wait(timeout=180):
            first.kill()
            pytest.fail("the sender never reached the fourth mail:\n" + "".join(first.communicate()))
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=30)
        assert first.returncode == -signal.SIGKILL
        assert len(sink.accepted) == 3
        sink.release.set()   # the held connection is dropped: the fourth mail was never accepted
        again = sender(env)
        out, err = again.communicate(timeout=180)
        assert again.returncode == 0, out + err
        assert "sent 6" in out, out + err
    finally:
        server.shutdown()
        server.server_close()
    assert {address: sink.count(address) for address in addresses} == {address: 1 for address in addresses}
    assert len(sink.accepted) == 9


class DiesAfterAcceptingTheThird:
    """Django's locmem backend, standing in for a server that accepts every mail, in a process that
    dies (``SystemExit``, as ``kill -9`` ends it) right after the third mail was accepted, before
    its mark."""
    sent = 0

    def __init__(self, *args, **kwargs):
        from django.core.mail.backends.locmem import EmailBackend
        self.backend = EmailBackend(*args, **kwargs)

    def open(self):
        return False

    def close(self):
        pass

    def send_messages(self, messages):
        done = self.backend.send_messages(messages)
        type(self).sent += 1
        if type(self).sent == 3:
            raise SystemExit("killed")
        return done


@pytest.mark.django_db
def test_the_mail_in_flight_is_the_only_one_sent_twice(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    addresses = queued_mails()
    assert prepare() == 9
    settings.EMAIL_BACKEND = "tests.web.test_outbox_kill.DiesAfterAcceptingTheThird"
    DiesAfterAcceptingTheThird.sent = 0
    with pytest.raises(SystemExit):
        deliver()
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    assert deliver() == (7, 0, 0)   # the third (accepted, not marked) and the four never tried
    received = [m.to[0] for m in outbox.outbox]
    third = received[2]
    assert {a: received.count(a) for a in addresses} == {a: 2 if a == third else 1 for a in addresses}
