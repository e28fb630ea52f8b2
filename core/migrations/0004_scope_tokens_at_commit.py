"""No table changes: on PostgreSQL the content tokens are now drawn at each commit
(core.content_version), by triggers that `migrate` installs after its migrations. This
migration makes a server refuse to start until `migrate` has put those triggers in place (the
old ones with the new code would let two clubs' writers wait for each other in a cycle)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("core", "0003_idempotent_requests")]
    operations = []
