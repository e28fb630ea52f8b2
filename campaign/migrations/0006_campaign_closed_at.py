from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("campaign", "0005_activity"),
    ]

    operations = [
        migrations.AddField(
            model_name="campaign",
            name="closed_at",
            field=models.DateTimeField(
                blank=True,
                help_text="A closed campaign is read-only: its season is over.",
                null=True,
            ),
        ),
    ]
