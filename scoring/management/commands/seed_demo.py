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
from django.contrib.auth import get_user_model

from scoring.models import Club, Membership, Role

DEMO_CLUB = "Demo Tarokklub"
#: Demo logins (username, role); the password of each is DEMO_PASSWORD. Demo data only.
DEMO_USERS = (("admin", Role.ADMIN), ("skriver", Role.SCOREKEEPER), ("medlem", Role.MEMBER))
DEMO_PASSWORD = "tarok-demo"
DEMO_DIR = Path(settings.BASE_DIR) / "fixtures" / "demo"


class Command(BaseCommand):
    help = "Create the demo club and its evenings (the older ones closed, the newest left open)."

    @transaction.atomic
    def handle(self, *args, **options):
        if Club.objects.filter(name=DEMO_CLUB).exists():
            self.stdout.write("demo data already present")
            return
        club = Club.objects.create(name=DEMO_CLUB, kroner_per_point=Decimal("0.25"))
        for username, role in DEMO_USERS:
            user, created = get_user_model().objects.get_or_create(username=username)
            if created:
                user.set_password(DEMO_PASSWORD)
                user.is_staff = role == Role.ADMIN
                user.save()
            Membership.objects.get_or_create(user=user, club=club, defaults={"role": role})
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
        self.stdout.write(f"demo club '{club.name}' with {len(evenings)} evenings; log in as "
                          + ", ".join(u for u, _ in DEMO_USERS) + f" (password {DEMO_PASSWORD})")
