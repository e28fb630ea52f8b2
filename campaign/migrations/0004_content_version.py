import secrets

from django.db import migrations, models


def first_version(apps, schema_editor):
    ContentVersion = apps.get_model("campaign", "ContentVersion")
    ContentVersion.objects.get_or_create(pk=1, defaults={"number": secrets.randbelow(2**52)})


class Migration(migrations.Migration):
    dependencies = [("campaign", "0003_figure_ransom_offer")]

    operations = [
        migrations.CreateModel(
            name="ContentVersion",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.BigIntegerField()),
            ],
        ),
        migrations.RunPython(first_version, migrations.RunPython.noop),
    ]
