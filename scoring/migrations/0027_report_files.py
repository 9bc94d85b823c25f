"""The long reports the worker makes in the background (``ReportFile``): a season report of more evenings
than a request may cover."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0026_seasons_by_date'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='ReportFile',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(max_length=20)),
                ('scope', models.CharField(max_length=200)),
                ('language', models.CharField(choices=[('da', 'Dansk'), ('en', 'English'), ('de', 'Deutsch'), ('sl', 'Slovenščina')], max_length=8)),
                ('books', models.CharField(max_length=40)),
                ('requested_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('started_at', models.DateTimeField(blank=True, null=True)),
                ('finished_at', models.DateTimeField(blank=True, null=True)),
                ('content', models.BinaryField(blank=True, null=True)),
                ('name', models.CharField(blank=True, max_length=200)),
                ('problem', models.TextField(blank=True, default='')),
                ('attempts', models.PositiveSmallIntegerField(default=0)),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='scoring.club')),
                ('requested_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['requested_at', 'id'],
                'indexes': [models.Index(fields=['finished_at', 'requested_at'], name='scoring_rep_finishe_82f3dc_idx')],
                'constraints': [models.UniqueConstraint(fields=('club', 'kind', 'scope', 'language', 'books'), name='report_file_once')],
            },
        ),
    ]
