"""No table changes: an API token made or deleted is now a write to its account's scope
(accounts.content_scopes.TOKEN_SCOPES), by a trigger `migrate` installs after its migrations.
This migration makes a server refuse to start until `migrate` has put that trigger in place
(without it a deleted token would keep working in the processes that kept it, core.token_auth)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("accounts", "0002_turn_alerts"), ("authtoken", "0004_alter_tokenproxy_options")]
    operations = []
