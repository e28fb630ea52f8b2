from django.apps import AppConfig


class CampaignConfig(AppConfig):
    name = "campaign"
    verbose_name = "Campaigns"

    def ready(self):
        # Registers the campaign's inbox sources (it needs the models, loaded only now).
        from campaign import inbox  # noqa: F401
