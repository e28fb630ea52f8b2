from django.apps import AppConfig

from campaign.rules.errors import RulesError
from core.domain_errors import DomainError


class CampaignConfig(AppConfig):
    name = "campaign"
    verbose_name = "Campaigns"

    def ready(self):
        # Registers the campaign's inbox sources (it needs the models, loaded only now).
        from campaign import inbox  # noqa: F401

        # The rules' errors are domain errors: a view or the API answers them as the player's
        # mistake (400), not a server error.
        DomainError.register(RulesError)
