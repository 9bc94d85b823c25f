"""Tournaments a director can run (docs/tournaments.md): what counts towards a round's length stored
per tournament (``length_counts``), the placement scheme equal at every table size (``scaled``)
beside the one the tournaments before were played with (``places``, n − 1 … 0), a round's rulings on
its unfinished tables, a player absent for one round, a deal past the round's length kept out of the
ledger until the director decides (``PendingDeal``), and the log's new kinds (a deleted round keeps
its draw and evening in ``detail``).

Every tournament that exists keeps what it was played with, so no past standings and no past round's
closing change: its scheme is left as stored ("places" still means n − 1 … 0), and its rounds go on
counting every deal recorded (``length_counts`` "deals", the rule they were closed under); a
tournament created from now on counts the games played ("games", the model's default)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0030_club_payment_details'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='tournament',
            name='length_counts',
            field=models.CharField(choices=[('games', 'spillede spil'), ('deals', 'alle indtastede spil')], default='deals', max_length=8, verbose_name='rundens længde tæller'),
            preserve_default=False,
        ),
        # the tournaments created from now on: the games played (the model's default)
        migrations.AlterField(
            model_name='tournament',
            name='length_counts',
            field=models.CharField(choices=[('games', 'spillede spil'), ('deals', 'alle indtastede spil')], default='games', max_length=8, verbose_name='rundens længde tæller'),
        ),
        migrations.AddField(
            model_name='tournamentevent',
            name='detail',
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='tournamentround',
            name='rulings',
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AlterField(
            model_name='tournament',
            name='scoring',
            field=models.CharField(choices=[('points', 'point'), ('scaled', 'placeringspoint, lige meget værd ved alle borde (12 … 0)'), ('places', 'placeringspoint efter bordets størrelse (n − 1 … 0)')], default='points', max_length=8, verbose_name='stilling efter'),
        ),
        migrations.AlterField(
            model_name='tournamentevent',
            name='kind',
            field=models.CharField(choices=[('created', 'turnering oprettet'), ('registered', 'spiller tilmeldt'), ('unregistered', 'spiller afmeldt'), ('drawn', 'runde trukket'), ('confirmed', 'lodtrækning godkendt'), ('closed', 'runde afsluttet'), ('withdrawn', 'spiller trukket sig'), ('disqualified', 'spiller diskvalificeret'), ('dropped', 'lodtrækning kasseret ved opdatering'), ('assigned', 'navn i lodtrækningen tildelt'), ('reinstated', 'spiller taget med igen'), ('absent', 'spiller fraværende i en runde'), ('present', 'fravær taget tilbage'), ('discarded', 'vist lodtrækning kasseret'), ('deleted', 'runde slettet'), ('ruled', 'ufærdigt bord afgjort'), ('deal_kept', 'spil ud over runden godkendt'), ('deal_dropped', 'spil ud over runden kasseret')], max_length=12),
        ),
        migrations.CreateModel(
            name='PendingDeal',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('outcome_json', models.TextField()),
                ('key', models.UUIDField(blank=True, null=True, unique=True)),
                ('sent_at', models.DateTimeField(auto_now_add=True)),
                ('state', models.CharField(choices=[('pending', 'venter'), ('kept', 'godkendt'), ('dropped', 'kasseret')], default='pending', max_length=8)),
                ('decided_at', models.DateTimeField(blank=True, null=True)),
                ('reason', models.TextField(blank=True, verbose_name='begrundelse')),
                ('deal', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='pending', to='scoring.deal')),
                ('decided_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('sent_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='pending_deals', to='scoring.table')),
            ],
            options={
                'ordering': ['table', 'sent_at', 'id'],
            },
        ),
        migrations.CreateModel(
            name='Absence',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('round', models.PositiveSmallIntegerField(verbose_name='runde')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='scoring.player')),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='absences', to='scoring.tournament')),
            ],
            options={
                'ordering': ['tournament', 'round', 'player__name'],
                'constraints': [models.UniqueConstraint(fields=('tournament', 'player', 'round'), name='absence_once')],
            },
        ),
    ]
