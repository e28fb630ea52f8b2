from django.apps import AppConfig
from django.db.models.signals import post_delete

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

        # The demo server's ticker works out the chronicle's turning points its pages ask for.
        from campaign.services.chronicle import chronicle_swings_asked_here  # the models
        from core.ticker import register as register_periodic  # beside its only use

        register_periodic(chronicle_swings_asked_here)

        # The campaigns are content: a write draws the scopes it shows in (core.content_version).
        from campaign.content_scopes import SCOPES, WARBAND_POINTER  # core's: the apps first
        from core.content_version import register_content, register_pointer  # the same

        register_content(self.label, SCOPES)
        register_pointer("w", WARBAND_POINTER)

        # The campaign's jobs: read by whoever may read their campaign (core.jobs answers
        # `GET /api/jobs/{id}/`), and deleted with it.
        from campaign.access import may_read_job  # the models: only now
        from campaign.models import Campaign  # the same
        from campaign.services.jobs import KINDS, campaign_jobs_delete  # the same
        from core.jobs import register_job_kind  # the same

        for kind in KINDS:
            register_job_kind(kind, read_check=may_read_job)
        post_delete.connect(campaign_jobs_delete, sender=Campaign, dispatch_uid="campaign-jobs")
        # The campaign book's job: read as the book is; its own sweep of lost jobs.
        from campaign.access import may_read_book_job  # the models: only now
        from campaign.services.book import BOOK, book_jobs_delete, book_jobs_sweep  # the same

        register_job_kind(BOOK, read_check=may_read_book_job, sweep=book_jobs_sweep)
        post_delete.connect(book_jobs_delete, sender=Campaign, dispatch_uid="campaign-book-jobs")

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
