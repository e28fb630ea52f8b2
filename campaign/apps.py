from django.apps import AppConfig

from campaign.rules.errors import RulesError
from chase import hooks
from core.domain_errors import DomainError


class CampaignConfig(AppConfig):
    name = "campaign"
    verbose_name = "Campaigns"

    def ready(self):
        # Registers the campaign's inbox sources, and its tasks with Celery (the services send
        # them by name, core.queue): they need the models, loaded only now.
        from campaign import inbox, tasks  # noqa: F401

        # What the canoe games need of the campaigns, handed to them (chase imports nothing of
        # campaign): who may read a campaign chase's game or take its seats, and the crews a
        # member may bring into a lobby game.
        from campaign.access import (  # the models: only now
            CHASE_GAME_RELATED,
            chase_seat_refusal,
            may_read_chase_game,
        )
        from campaign.selectors.chases import member_crews  # the models: only now

        hooks.register_read_check(may_read_chase_game, related=CHASE_GAME_RELATED)
        hooks.register_seat_check(chase_seat_refusal)
        hooks.register_crews(member_crews)

        # The rules' errors are domain errors: a view or the API answers them as the player's
        # mistake (400), not a server error.
        DomainError.register(RulesError)
