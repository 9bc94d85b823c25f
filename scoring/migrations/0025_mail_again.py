"""The outbox's mails sent again: a mail keeps the version of the sheet it was rendered from
(``sheet``), and a mail sent again in another's place (a failed one to a corrected address, the
corrected sheet to a player who holds an outdated one) is a new current row that ``replaces`` it.

A mail rendered before this migration was rendered from the sheet its evening has now when it was
rendered after the evening's latest close (the sheet cannot have changed since without a reopening,
which clears ``closed_at``); it is given that version, so that nobody is told he holds an outdated
sheet he does not. One rendered before a later close keeps no version: it is outdated, as it is."""
import hashlib

import django.db.models.deletion
from django.db import migrations, models


def sheet_version(Deal, Table, evening) -> str:
    """``selectors.statements.sheet_version`` as of this migration."""
    tables = list(Table.objects.filter(evening=evening).order_by("pk").values_list("pk", flat=True))
    deals = list(Deal.objects.filter(table__evening=evening, current=True).order_by("pk").values_list("pk", flat=True))
    text = f"{tables}|{deals}"
    return hashlib.sha1(text.encode()).hexdigest()


def versions(apps, schema_editor):
    EveningMail, Deal, Table = (apps.get_model("scoring", n) for n in ("EveningMail", "Deal", "Table"))
    found = {}
    for mail in EveningMail.objects.filter(rendered_at__isnull=False, evening__closed_at__isnull=False
                                           ).select_related("evening"):
        if mail.rendered_at >= mail.evening.closed_at:
            if mail.evening_id not in found:
                found[mail.evening_id] = sheet_version(Deal, Table, mail.evening)
            EveningMail.objects.filter(pk=mail.pk).update(sheet=found[mail.evening_id])


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0024_club_event_kinds'),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='eveningmail',
            name='mail_once_per_kind',
        ),
        migrations.AddField(
            model_name='eveningmail',
            name='corrected',
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name='eveningmail',
            name='current',
            field=models.BooleanField(default=True),
        ),
        migrations.AddField(
            model_name='eveningmail',
            name='replaces',
            field=models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='replaced_by', to='scoring.eveningmail'),
        ),
        migrations.AddField(
            model_name='eveningmail',
            name='sheet',
            field=models.CharField(blank=True, default='', max_length=40),
        ),
        migrations.AlterField(
            model_name='eveningevent',
            name='kind',
            field=models.CharField(choices=[('created', 'aften oprettet'), ('table', 'bord oprettet'), ('recorded', 'spil gemt'), ('corrected', 'spil rettet'), ('voided', 'spil annulleret'), ('imported', 'importeret'), ('closed', 'lukket'), ('reopened', 'genåbnet'), ('mailed', 'arket lagt i udbakken til spillerne'), ('remailed', 'arket sendt igen'), ('paid', 'betaling markeret'), ('unpaid', 'betaling afmarkeret'), ('cleared', 'betaling ryddet ved genåbning'), ('kept', 'betaling bevaret ved lukning')], max_length=10),
        ),
        migrations.AddConstraint(
            model_name='eveningmail',
            constraint=models.UniqueConstraint(condition=models.Q(('current', True)), fields=('evening', 'player', 'kind'), name='mail_once_per_kind'),
        ),
        migrations.RunPython(versions, migrations.RunPython.noop),
    ]
