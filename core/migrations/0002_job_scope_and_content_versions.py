"""Core names no app's table (issue 31): its three tables take core's names.

- The background Job points at a content scope (`c:<campaign id>`) instead of a foreign key to
  the campaign: every row keeps its campaign (`scope` is filled from `campaign_id`, and back on
  a reverse), then the column goes, and the table `campaign_job` is renamed `core_job`.
- The content versions (`ContentVersion`, `ScopeVersion`) move from the campaign app to core,
  the mechanism's own app: taken over in the state here (campaign's 0016 forgets them), their
  tables renamed `core_contentversion` and `core_scopeversion`, rows and all. Their content
  type rows move with them, so the admin's history keeps theirs.

The content-version triggers are off while a migration runs and put back after it, on the
tables as they are then (core.content_version), so the renames need nothing more.
"""

from django.db import migrations, models
from django.db.models import CharField, Value
from django.db.models.functions import Cast, Concat


def scope_from_campaign(apps, schema_editor):
    Job = apps.get_model("core", "Job")
    db = schema_editor.connection.alias
    Job.objects.using(db).filter(campaign__isnull=False).update(
        scope=Concat(Value("c:"), Cast("campaign_id", CharField()))
    )


def campaign_from_scope(apps, schema_editor):
    Job = apps.get_model("core", "Job")
    db = schema_editor.connection.alias
    for job in Job.objects.using(db).filter(scope__startswith="c:"):
        Job.objects.using(db).filter(pk=job.pk).update(campaign_id=int(job.scope[2:]))


def move_content_types(apps, schema_editor, old="campaign", new="core"):
    ContentType = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    for model in ("contentversion", "scopeversion"):
        if not ContentType.objects.using(db).filter(app_label=new, model=model).exists():
            ContentType.objects.using(db).filter(app_label=old, model=model).update(
                app_label=new
            )


def move_content_types_back(apps, schema_editor):
    move_content_types(apps, schema_editor, old="core", new="campaign")


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0001_job_from_campaign"),
        ("campaign", "0015_job_to_core"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        # The job's scope, from its campaign.
        migrations.AddField(
            model_name="job",
            name="scope",
            field=models.CharField(blank=True, db_index=True, default="", max_length=40),
        ),
        migrations.RunPython(scope_from_campaign, campaign_from_scope),
        migrations.RemoveField(model_name="job", name="campaign"),
        migrations.AlterModelTable(name="job", table=None),
        # The content versions: core's models, then core's tables.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="ContentVersion",
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
                        ("token", models.CharField(max_length=32)),
                    ],
                    options={"db_table": "campaign_contentversion"},
                ),
                migrations.CreateModel(
                    name="ScopeVersion",
                    fields=[
                        (
                            "scope",
                            models.CharField(max_length=40, primary_key=True, serialize=False),
                        ),
                        ("token", models.CharField(max_length=32)),
                    ],
                    options={"db_table": "campaign_scopeversion"},
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_types, move_content_types_back, elidable=True),
        migrations.AlterModelTable(name="contentversion", table=None),
        migrations.AlterModelTable(name="scopeversion", table=None),
    ]
