"""A lab run's job is core's Job now (the same table, `campaign_job`): the state only, so the
database keeps its column and its foreign key as they are."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("chase", "0006_variants_and_lab_runs"),
        ("core", "0001_job_from_campaign"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="labrun",
                    name="job",
                    field=models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="lab_run",
                        to="core.job",
                    ),
                ),
            ],
            database_operations=[],
        ),
    ]
