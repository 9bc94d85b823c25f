"""``python manage.py send_evening_mail [--every SECONDS]``: the worker's old name, from when it only
sent the outbox's mails: the same command as ``manage.py worker`` (a timer or service set up with
this name goes on working, and makes the long reports too)."""
from .worker import Command as Worker


class Command(Worker):
    pass
