"""The content versions are core's now (core's 0002 takes them over and renames their tables):
the campaign forgets the models in its state only."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("campaign", "0015_job_to_core"),
        ("core", "0002_job_scope_and_content_versions"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="ContentVersion"),
                migrations.DeleteModel(name="ScopeVersion"),
            ],
            database_operations=[],
        ),
    ]
