"""``python manage.py seed_demo``: the demo club with its players and two evenings, created through
the importer from the evening files in ``fixtures/demo`` so the data is valid. Runs once: a second
call leaves an existing demo club alone."""
import json
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import transaction

from scoring import services
from scoring.models import Club

DEMO_CLUB = "Demo Tarokklub"
DEMO_DIR = Path(settings.BASE_DIR) / "fixtures" / "demo"


class Command(BaseCommand):
    help = "Create the demo club and its evenings (the older ones closed, the newest left open)."

    @transaction.atomic
    def handle(self, *args, **options):
        if Club.objects.filter(name=DEMO_CLUB).exists():
            self.stdout.write("demo data already present")
            return
        club = Club.objects.create(name=DEMO_CLUB, kroner_per_point=Decimal("0.25"))
        by_date = defaultdict(list)
        for path in sorted(DEMO_DIR.glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            by_date[data["date"]].append(data)
        evenings = []
        for date in sorted(by_date):
            evening = None
            for data in by_date[date]:
                evening = services.evening_import(club=club, data=data, evening=evening).evening
            evenings.append(evening)
        for evening in evenings[:-1]:
            services.evening_close(evening=evening)
        self.stdout.write(f"demo club '{club.name}' with {len(evenings)} evenings")
