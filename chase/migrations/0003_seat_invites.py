"""Seats get a single-use invite code (the join link) beside their secret token.

Existing free human seats get a fresh invite each (one value per row, so the unique index
holds); taken and computer seats get none. New seats get one by default.
"""

import chase.models
from django.db import migrations, models


def give_free_seats_an_invite(apps, schema_editor):
    Seat = apps.get_model("chase", "Seat")
    for seat in Seat.objects.filter(kind="human", taken_at__isnull=True).only("pk"):
        Seat.objects.filter(pk=seat.pk).update(invite=chase.models.new_invite())


class Migration(migrations.Migration):
    dependencies = [("chase", "0002_session_rematch_of")]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="invite",
            field=models.CharField(
                blank=True, editable=False, max_length=64, null=True, unique=True
            ),
        ),
        migrations.RunPython(give_free_seats_an_invite, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="seat",
            name="invite",
            field=models.CharField(
                blank=True,
                default=chase.models.new_invite,
                editable=False,
                max_length=64,
                null=True,
                unique=True,
            ),
        ),
    ]
