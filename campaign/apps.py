from django.apps import AppConfig
from django.db.backends.signals import connection_created


class CampaignConfig(AppConfig):
    name = "campaign"
    verbose_name = "Campaigns"

    def ready(self) -> None:
        connection_created.connect(_watch_writes, dispatch_uid="campaign-content-version")


def _watch_writes(sender, connection, **kwargs) -> None:
    """Every new database connection bumps the content version before a write that changes
    what the pages show (campaign.services.content)."""
    # Imported here: the models it needs are not ready when this module is imported.
    from campaign.services.content import watch_writes

    if watch_writes not in connection.execute_wrappers:
        connection.execute_wrappers.append(watch_writes)
