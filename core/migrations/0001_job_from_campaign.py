"""The background Job moves from the campaign app to core (issue 24): the model only. Its table
stays `campaign_job` with its rows, so the database is not touched (campaign's 0015 takes the
model out of the campaign's state; chase's 0007 points a lab run at this one).

The content type row moves with it (campaign.job becomes core.job), so the permissions and the
admin's history of jobs keep theirs."""

import django.db.models.deletion
from django.db import migrations, models


def move_content_type(apps, schema_editor, old="campaign", new="core"):
    ContentType = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    if not ContentType.objects.using(db).filter(app_label=new, model="job").exists():
        ContentType.objects.using(db).filter(app_label=old, model="job").update(app_label=new)


def move_content_type_back(apps, schema_editor):
    move_content_type(apps, schema_editor, old="core", new="campaign")


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("campaign", "0014_house_rules"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Job",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("kind", models.CharField(max_length=40)),
                        (
                            "state",
                            models.CharField(
                                choices=[
                                    ("queued", "Queued"),
                                    ("running", "Running"),
                                    ("done", "Done"),
                                    ("failed", "Failed"),
                                ],
                                default="queued",
                                max_length=10,
                            ),
                        ),
                        ("done", models.PositiveIntegerField(default=0)),
                        ("total", models.PositiveIntegerField(default=0)),
                        ("message", models.CharField(blank=True, max_length=200)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        (
                            "campaign",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="jobs",
                                to="campaign.campaign",
                            ),
                        ),
                    ],
                    options={"db_table": "campaign_job", "ordering": ["-created_at"]},
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_type, move_content_type_back, elidable=True),
    ]
