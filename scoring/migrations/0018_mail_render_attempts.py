from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0017_seat_name_member_events"),
    ]

    operations = [
        migrations.AddField(
            model_name="eveningmail",
            name="render_attempts",
            field=models.PositiveSmallIntegerField(default=0),
        ),
    ]
