"""``python manage.py seed_history --clubs 1 --seasons 10 --evenings 50 --tables 3 --deals 30 --seed 1``:
random valid closed evenings recorded through the engine and the recording service."""
import time

from django.core.management.base import BaseCommand

from scoring.services.seed import seed_history


class Command(BaseCommand):
    help = "Create a random but valid club history (deterministic for --seed)."

    def add_arguments(self, parser):
        for name, default in (("clubs", 1), ("seasons", 10), ("evenings", 50), ("tables", 3), ("deals", 30),
                              ("seed", 1)):
            parser.add_argument(f"--{name}", type=int, default=default)

    def handle(self, *args, **o):
        start = time.perf_counter()
        total = o["clubs"] * o["seasons"] * o["evenings"] * o["tables"] * o["deals"]

        def progress(c, s, e):
            if e == o["evenings"] - 1:
                self.stdout.write(f"club {c + 1} season {s + 1}/{o['seasons']} done")

        clubs = seed_history(clubs=o["clubs"], seasons=o["seasons"], evenings=o["evenings"], tables=o["tables"],
                             deals=o["deals"], seed=o["seed"], progress=progress)
        seconds = time.perf_counter() - start
        self.stdout.write(f"{len(clubs)} club(s), {total} deals in {seconds:.1f} s "
                          f"({total / seconds:.0f} deals/s through the recording service)")
