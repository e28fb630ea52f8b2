"""The background Job is core's now (core's 0001 takes it over): the campaign forgets the model
in its state only, and its table `campaign_job` stays, rows and all."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("campaign", "0014_house_rules"),
        ("core", "0001_job_from_campaign"),
        ("chase", "0007_labrun_job_in_core"),  # the lab run points at core's Job first
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="Job")],
            database_operations=[],
        ),
    ]
