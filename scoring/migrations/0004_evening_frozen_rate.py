from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def freeze_closed(apps, schema_editor):
    """Closed evenings take the rate their club has now: the rate they were read with until now."""
    Evening = apps.get_model("scoring", "Evening")
    Club = apps.get_model("scoring", "Club")
    rate = Subquery(Club.objects.filter(pk=OuterRef("club_id")).values("kroner_per_point")[:1])
    Evening.objects.filter(closed_at__isnull=False, kroner_per_point__isnull=True).update(kroner_per_point=rate)


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
        migrations.RunPython(freeze_closed, migrations.RunPython.noop),
    ]
