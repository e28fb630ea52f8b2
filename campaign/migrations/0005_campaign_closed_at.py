from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("campaign", "0004_figure_bonus_ended_and_game_figure_put_down_by"),
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
