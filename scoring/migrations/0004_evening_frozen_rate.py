from collections import defaultdict

from django.db import migrations, models
from django.db.models import OuterRef, Subquery, Sum


def freeze_closed(apps, schema_editor):
    """Closed evenings take the rate their club has now (the rate they were read with until now),
    and their summaries the kroner of the evening's payments at that rate."""
    from scoring.engine.money import evening_kroner

    Evening = apps.get_model("scoring", "Evening")
    Club = apps.get_model("scoring", "Club")
    Seat = apps.get_model("scoring", "Seat")
    Leg = apps.get_model("scoring", "Leg")
    Summary = apps.get_model("scoring", "PlayerEveningSummary")
    rate = Subquery(Club.objects.filter(pk=OuterRef("club_id")).values("kroner_per_point")[:1])
    Evening.objects.filter(closed_at__isnull=False, kroner_per_point__isnull=True).update(kroner_per_point=rate)
    for evening in Evening.objects.filter(closed_at__isnull=False):
        seats = Seat.objects.filter(table__evening=evening).order_by("table__number", "position")
        points = defaultdict(int, Leg.objects.filter(entry__table__evening=evening, account="player")
                             .values_list("player_id").annotate(t=Sum("amount")).values_list("player_id", "t"))
        totals = tuple((str(s.player_id), points[s.player_id] or 0) for s in seats)
        amounts, _ = evening_kroner(totals, evening.kroner_per_point, settled=bool(totals))
        for player_id, amount in amounts.items():
            Summary.objects.filter(evening=evening, player_id=int(player_id)).update(kroner=amount)


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0003_club_rate_cards'),
    ]

    operations = [
        migrations.AddField(
            model_name='evening',
            name='kroner_per_point',
            field=models.DecimalField(blank=True, decimal_places=4, max_digits=8, null=True,
                                      verbose_name='kroner pr. point'),
        ),
        migrations.AddField(
            model_name='playereveningsummary',
            name='kroner',
            field=models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True),
        ),
        migrations.RunPython(freeze_closed, migrations.RunPython.noop),
    ]
