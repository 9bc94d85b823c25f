"""``python manage.py send_evening_mail [--every SECONDS]``: the outbox's sender (scoring/outbox_sender.py).

Once: render the queued mails and send them, then stop (for a systemd timer or cron); a round that
raises ends the command with its error, which the timer or cron reports. With ``--every``: the same
again and again, waiting that many seconds between rounds (``make run`` runs it so beside the
server). One evening or one mail that cannot be rendered is its own problem inside a round
(``mail.prepare``); a whole round that raises (the database away for a moment) is logged and the
next round comes all the same, since a service that stops would leave every club's mail unsent."""
import logging
import time

from django.core.management.base import BaseCommand, CommandError
from django.db import close_old_connections

from scoring.outbox_sender import send_round

log = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Render and send the players' queued sheets (the outbox), once or every N seconds."

    def add_arguments(self, parser):
        parser.add_argument("--every", type=float, default=0,
                            help="repeat every SECONDS (default: one round, then stop)")

    def handle(self, *args, **options):
        every = options["every"]
        if every < 0:
            raise CommandError("--every: must be 0 (once) or a number of seconds", returncode=2)
        if not every:
            self.one_round()
            return
        while True:
            try:
                self.one_round()
            except Exception as exc:   # the next round may well succeed: the loop goes on
                log.exception("a round of the sender failed")
                self.stderr.write(f"round failed: {type(exc).__name__}: {exc}")
            close_old_connections()
            time.sleep(every)

    def one_round(self) -> None:
        done = send_round()
        if done is not None and (done.rendered or done.sent or done.failed or done.requeued):
            self.stdout.write(f"rendered {done.rendered}, sent {done.sent}, failed {done.failed}, "
                              f"to retry {done.requeued}")
