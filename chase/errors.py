"""Errors of the game sessions, on top of the engines' own (IllegalMove, OptionsError).

Each is a core.domain_errors.DomainError and carries the HTTP status it answers: the DRF
handler (core.api_errors) turns any of them into the project's JSON error body, the
`domain_errors` decorator into a fragment the player reads.
"""

from __future__ import annotations

from chase.engines.base import IllegalMove, OptionsError
from core.domain_errors import DomainError


class SessionError(DomainError):
    """A request on a game session that cannot be done. The message is for people."""


class SeatRefused(SessionError):
    """The seat token is missing, unknown, or not for this game."""

    status_code = 403


class NoSuchSession(SessionError):
    status_code = 404


class NoSuchInvite(SessionError):
    """An invite code that is spent (its seat is taken), unknown or malformed: the same 404
    for all, so a code cannot be told from a guess."""

    status_code = 404

    def __init__(self) -> None:
        super().__init__(
            "That invite link has been used already, or there is no such link: each one seats one "
            "player, once.",
            field="invite",
        )


class StaleVersion(SessionError):
    """The action was chosen from an older version of the game. Carries nothing: the caller
    answers with the fresh view of the seat that posted."""

    status_code = 409

    def __init__(self) -> None:
        super().__init__("The game moved on: here is the current table.", field="version")


__all__ = [
    "IllegalMove",
    "NoSuchInvite",
    "NoSuchSession",
    "OptionsError",
    "SeatRefused",
    "SessionError",
    "StaleVersion",
]
