from django.apps import AppConfig
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from chase.engines.base import IllegalMove
from chase.engines.moosehead import BoardError, register_board
from core.domain_errors import DomainError


class ChaseConfig(AppConfig):
    name = "chase"
    verbose_name = "Canoe games"

    def ready(self) -> None:
        # Registers the canoe games' inbox source (it needs the models, loaded only now).
        from chase import inbox  # noqa: F401

        # A lab run's job answers its result (`GET /api/jobs/{id}/`); the models load only now.
        from chase.services.lab import LAB, job_result
        from core.job_api import register_job_result  # DRF wants the apps loaded first

        register_job_result(LAB, job_result)

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
