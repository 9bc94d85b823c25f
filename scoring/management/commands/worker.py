"""``python manage.py worker [--every SECONDS]``: the worker (scoring/worker.py): the outbox's mails,
then the long reports asked for.

Once: one round, then stop (for a systemd timer or cron); a round that raises ends the command with
its error, which the timer or cron reports. With ``--every``: the same again and again, waiting that
many seconds between rounds (``make run`` runs it so beside the server; in production a service of
its own, docs/operations.md). One evening, mail or report that cannot be made is its own problem
inside a round; a whole round that raises (the database away for a moment) is logged and the next
round comes all the same, since a service that stops would leave every club's mail unsent."""
import logging
import time

from django.core.management.base import BaseCommand, CommandError
from django.db import close_old_connections

from scoring.worker import work_round

log = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Send the players' queued sheets (the outbox) and make the long reports asked for, once or every N seconds."

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
                log.exception("a round of the worker failed")
                self.stderr.write(f"round failed: {type(exc).__name__}: {exc}")
            close_old_connections()
            time.sleep(every)

    def one_round(self) -> None:
        done = work_round()
        mail = done.mail
        if mail is not None and (mail.rendered or mail.sent or mail.failed or mail.requeued or mail.withdrawn):
            self.stdout.write(f"rendered {mail.rendered}, sent {mail.sent}, failed {mail.failed}, "
                              f"to retry {mail.requeued}, withdrawn {mail.withdrawn}")
        if done.reports or done.reports_failed:
            self.stdout.write(f"reports made {done.reports}, failed {done.reports_failed}")
