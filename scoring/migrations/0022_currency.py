"""The club's currency (docs/money.md). Every club and every book kept before it is in kroner: each
club gets DKK, and each evening whose rate is frozen (closed, or closed and reopened, or a
tournament's round) gets DKK frozen beside it; an evening whose rate is not frozen yet keeps neither,
and takes the club's at its close. Every transfer is in DKK. Nothing else changes: the rate, the
amounts, the marks (tests/migration/test_currency_migration.py)."""
import django.core.validators
from decimal import Decimal
from django.db import migrations, models


def kroner_frozen_with_the_rate(apps, schema_editor):
    Evening = apps.get_model("scoring", "Evening")
    Evening.objects.filter(kroner_per_point__isnull=False).update(currency="DKK")


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0021_import_drafts'),
    ]

    operations = [
        migrations.AddField(
            model_name='club',
            name='currency',
            field=models.CharField(choices=[('DKK', 'danske kroner (DKK)'), ('EUR', 'euro (EUR)'), ('CHF', 'schweizerfranc (CHF)')], default='DKK', max_length=3, verbose_name='valuta'),
        ),
        migrations.AddField(
            model_name='evening',
            name='currency',
            field=models.CharField(blank=True, choices=[('DKK', 'danske kroner (DKK)'), ('EUR', 'euro (EUR)'), ('CHF', 'schweizerfranc (CHF)')], max_length=3, null=True, verbose_name='valuta'),
        ),
        migrations.AddField(
            model_name='eveningtransfer',
            name='currency',
            field=models.CharField(choices=[('DKK', 'danske kroner (DKK)'), ('EUR', 'euro (EUR)'), ('CHF', 'schweizerfranc (CHF)')], default='DKK', max_length=3),
        ),
        migrations.AlterField(
            model_name='club',
            name='kroner_per_point',
            field=models.DecimalField(decimal_places=4, default=Decimal('0.25'), max_digits=8, validators=[django.core.validators.MinValueValidator(Decimal('0'))], verbose_name='sats pr. point'),
        ),
        migrations.AlterField(
            model_name='clubevent',
            name='kind',
            field=models.CharField(choices=[('unlocked', 'udelåsning ophævet'), ('renamed', 'spiller omdøbt'), ('merged', 'spillere lagt sammen'), ('retired', 'spiller udtrådt'), ('returned', 'spiller tilbage'), ('contact', 'e-mail eller login ændret'), ('rate', 'sats pr. point ændret'), ('currency', 'valuta ændret')], max_length=10),
        ),
        migrations.AlterField(
            model_name='evening',
            name='kroner_per_point',
            field=models.DecimalField(blank=True, decimal_places=4, max_digits=8, null=True, verbose_name='sats pr. point'),
        ),
        migrations.AlterField(
            model_name='eveningevent',
            name='amount',
            field=models.BigIntegerField(blank=True, null=True, verbose_name='beløb (hundrededele)'),
        ),
        migrations.AlterField(
            model_name='eveningevent',
            name='method',
            field=models.CharField(blank=True, choices=[('cash', 'kontant'), ('mobilepay', 'MobilePay'), ('twint', 'TWINT'), ('bank', 'bank'), ('other', 'andet')], default='', max_length=10, verbose_name='betalt med'),
        ),
        migrations.AlterField(
            model_name='tournament',
            name='kroner_per_point',
            field=models.DecimalField(decimal_places=4, default=Decimal('0'), max_digits=8, validators=[django.core.validators.MinValueValidator(Decimal('0'))], verbose_name='sats pr. point'),
        ),
        migrations.RunPython(kroner_frozen_with_the_rate, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='evening',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('currency__isnull', True), ('kroner_per_point__isnull', True)), models.Q(('currency__isnull', False), ('kroner_per_point__isnull', False)), _connector='OR'), name='evening_rate_with_currency'),
        ),
    ]
