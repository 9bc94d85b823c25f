"""``python manage.py send_evening_mail [--every SECONDS]``: the outbox's sender (scoring/mail.py).

Once: render the queued mails and send them, then stop (for a systemd timer or cron). With
``--every``: the same again and again, waiting that many seconds between rounds (``make run`` runs
it so beside the server)."""
import time

from django.core.management.base import BaseCommand, CommandError
from django.db import close_old_connections

from scoring.mail import send_round


class Command(BaseCommand):
    help = "Render and send the players' queued sheets (the outbox), once or every N seconds."

    def add_arguments(self, parser):
        parser.add_argument("--every", type=float, default=0,
                            help="repeat every SECONDS (default: one round, then stop)")

    def handle(self, *args, **options):
        every = options["every"]
        if every < 0:
            raise CommandError("--every: must be 0 (once) or a number of seconds", returncode=2)
        while True:
            done = send_round()
            if done is not None and (done.rendered or done.sent or done.failed or done.requeued):
                self.stdout.write(f"rendered {done.rendered}, sent {done.sent}, failed {done.failed}, "
                                  f"to retry {done.requeued}")
            if not every:
                return
            close_old_connections()
            time.sleep(every)
