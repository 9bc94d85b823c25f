"""``python manage.py check_ledger``: re-settle every stored evening with the engine and compare.

Exits 1 and names the evening, table and deal of every difference, every entry that does not sum
to zero and every cup below zero; prints a one-line summary and exits 0 when all is well."""
import sys

from django.core.management.base import BaseCommand

from scoring.selectors.ledger_audit import ledger_differences


class Command(BaseCommand):
    help = "Compare the stored journal with the engine's settlement of every evening."

    def handle(self, *args, **options):
        tables, differences = ledger_differences()
        for line in differences:
            self.stderr.write(line)
        if differences:
            self.stderr.write(f"{len(differences)} difference(s) in {tables} table(s)")
            sys.exit(1)
        self.stdout.write(f"ledger ok: {tables} table(s) agree with the engine")
