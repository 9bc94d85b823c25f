import json
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model

from scoring import services
from scoring.models import Club, Membership, Role


@pytest.fixture
def club(db):
    return Club.objects.create(name="VLK", kroner_per_point=Decimal("0.25"))


def make_user(club, role, username=None):
    user = get_user_model().objects.create_user(username or f"{role}-{club.pk}", password="pw-secret-1")
    Membership.objects.create(user=user, club=club, role=role)
    return user


@pytest.fixture
def scorekeeper(club):
    return make_user(club, Role.SCOREKEEPER)


@pytest.fixture
def keeper_client(client, scorekeeper):
    client.force_login(scorekeeper)
    return client


@pytest.fixture
def four_table(club):
    """An open evening with one 4-player table and no deals."""
    players = [services.player_get_or_create(club=club, name=n) for n in ("Anne", "Bent", "Carl", "Dorte")]
    evening = services.evening_create(club=club, date="2026-11-20")
    return services.table_create(evening=evening, players=players)


@pytest.fixture
def golden_table(club, golden_dir):
    data = json.loads((golden_dir / "four-players-tout-nolo-fines.json").read_text())
    return services.evening_import(club=club, data=data)
