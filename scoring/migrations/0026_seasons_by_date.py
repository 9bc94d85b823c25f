"""Seasons by their dates: a season's evenings are those dated within its dates (``Season.evenings_q``),
imports included; the season picked for an evening becomes a setting by hand (``Evening.season_override``),
kept only where the dates do not already say the same; the summaries' copy of the season goes.

What the dates cannot settle is kept, never moved: an evening picked for a season whose dates do not
hold it, for a season without both dates, or for one of two overlapping seasons whose dates both hold
it, keeps its season by hand, and the season page lists it (``selectors.season.unsettled``) with the
seasons without dates and the overlapping ones, for an admin to settle. An evening picked for the one
season whose dates hold it is read by its date from now on: the same season. An evening that no one
picked a season for (an import) joins the season its date falls in.

Backwards, every evening without a season by hand is given the season its date falls in (the first
by its start where two overlap), so that the code before reads the seasons as this code did; the
summaries' copy is written again from the evenings."""
import django.db.models.deletion
from django.db import migrations, models


def _dated(seasons):
    return [s for s in seasons if s.starts is not None and s.ends is not None]


def by_dates(apps, schema_editor):
    """Clear the season picked for an evening where exactly one season's dates hold the evening's
    date and it is that season."""
    Season, Evening = apps.get_model("scoring", "Season"), apps.get_model("scoring", "Evening")
    for club_id in Season.objects.values_list("club_id", flat=True).distinct():
        dated = _dated(Season.objects.filter(club_id=club_id))
        agreeing = []
        for evening_id, date, season_id in Evening.objects.filter(club_id=club_id, season_override__isnull=False
                                                                  ).values_list("id", "date", "season_override_id"):
            holding = [s.pk for s in dated if s.starts <= date <= s.ends]
            if holding == [season_id]:
                agreeing.append(evening_id)
        Evening.objects.filter(pk__in=agreeing).update(season_override=None)


def picked_again(apps, schema_editor):
    """Backwards: every evening without a season by hand picked for the season its date falls in."""
    Season, Evening = apps.get_model("scoring", "Season"), apps.get_model("scoring", "Evening")
    for club_id in Season.objects.values_list("club_id", flat=True).distinct():
        dated = sorted(_dated(Season.objects.filter(club_id=club_id)), key=lambda s: (s.starts, s.pk))
        for season in reversed(dated):   # the first by its start wins where two overlap
            Evening.objects.filter(club_id=club_id, season_override__isnull=True, date__gte=season.starts,
                                   date__lte=season.ends).update(season_override=season.pk)


def summaries_again(apps, schema_editor):
    """Backwards: the summaries' copy of each evening's season."""
    Evening, Summary = apps.get_model("scoring", "Evening"), apps.get_model("scoring", "PlayerEveningSummary")
    for evening_id, season_id in Evening.objects.filter(season_override__isnull=False).values_list(
            "id", "season_override_id"):
        Summary.objects.filter(evening_id=evening_id).update(season_id=season_id)


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0025_mail_again'),
    ]

    operations = [
        migrations.RenameField(
            model_name='evening',
            old_name='season',
            new_name='season_override',
        ),
        migrations.AlterField(
            model_name='evening',
            name='season_override',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT,
                                    related_name='overridden_evenings', to='scoring.season',
                                    verbose_name='sæson sat i hånden'),
        ),
        migrations.RunPython(by_dates, picked_again),
        migrations.RunPython(migrations.RunPython.noop, summaries_again),
        migrations.RemoveField(
            model_name='playereveningsummary',
            name='season',
        ),
        migrations.AlterField(
            model_name='eveningevent',
            name='kind',
            field=models.CharField(choices=[('created', 'aften oprettet'), ('table', 'bord oprettet'), ('recorded', 'spil gemt'), ('corrected', 'spil rettet'), ('voided', 'spil annulleret'), ('imported', 'importeret'), ('closed', 'lukket'), ('reopened', 'genåbnet'), ('mailed', 'arket lagt i udbakken til spillerne'), ('remailed', 'arket sendt igen'), ('season', 'sæson efter datoen'), ('paid', 'betaling markeret'), ('unpaid', 'betaling afmarkeret'), ('cleared', 'betaling ryddet ved genåbning'), ('kept', 'betaling bevaret ved lukning')], max_length=10),
        ),
    ]
