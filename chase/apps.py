from django.apps import AppConfig
from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.core.exceptions import ImproperlyConfigured

from chase.engines.base import IllegalMove
from chase.engines.moosehead import BoardError, register_board
from core.domain_errors import DomainError
from core.ticker import register as register_periodic


class ChaseConfig(AppConfig):
    name = "chase"
    verbose_name = "Canoe games"

    def ready(self) -> None:
        # Registers the canoe games' inbox source (it needs the models, loaded only now).
        from chase import inbox  # noqa: F401

        # The canoe games are content: a write draws the scopes it shows in (core.content_version).
        from chase.content_scopes import SCOPES  # core's: the apps first
        from core.content_version import register_content  # the app registry: loaded only now

        register_content(self.label, SCOPES)

        # A lab run's job (`GET /api/jobs/{id}/`): nothing private, anyone signed in reads it
        # (the API asks for a sign-in), and it answers its result once done.
        # Its lost runs (never sent, or their worker died) are sent again by the periodic sweep.
        from chase.services.lab import LAB, job_result, lab_sweep, may_read_job  # models: now
        from core.jobs import register_job_kind  # the same

        register_job_kind(LAB, read_check=may_read_job, result=job_result, sweep=lab_sweep)

        # The turn alerts run on celery beat on a club server, and in the demo server's own
        # process without one (core.ticker starts it only there).
        from chase.services.alerts import turn_alerts_send  # the models: only now

        register_periodic(turn_alerts_send)

        # A guest who signs up or logs in keeps the seats their browser holds (issue 33).
        from chase.access import claim_on_login  # the models: only now

        user_logged_in.connect(claim_on_login, dispatch_uid="chase-claim-guest-seats")

        # An illegal move is the player's mistake (400), not a server error.
        DomainError.register(IllegalMove)

        use_club_board(settings.MOOSEHEAD_BOARD_FILE)


def use_club_board(path: str | None) -> str | None:
    """The MOOSEHEAD_BOARD_FILE setting: the club's own Moosehead board, checked now and made
    the default board. A board that makes no trip stops the server, naming the fault."""
    if not path:
        return None
    try:
        data = register_board(path, default=True)
    except BoardError as error:
        raise ImproperlyConfigured(f"MOOSEHEAD_BOARD_FILE: {error}") from None
    return data["name"]
