"""Errors of the game sessions, on top of the engines' own (GameError, OptionsError).

Each carries the HTTP status it maps to; campaign.api_errors turns any of them (and an
engine's GameError) into the project's JSON error body, chase.views into a readable fragment.
"""

from __future__ import annotations

from chase.engines.base import GameError, OptionsError


class SessionError(Exception):
    """A request on a game session that cannot be done. The message is for people."""

    status_code = 400

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


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


def error_body(error: Exception) -> dict:
    """The project's 400 shape: {"detail", "errors": [{"rule", "field", "message"}]}."""
    message = getattr(error, "message", None) or str(error)
    field = getattr(error, "field", None)
    return {"detail": message, "errors": [{"rule": None, "field": field, "message": message}]}


def status_of(error: Exception) -> int:
    return getattr(error, "status_code", 400)


__all__ = [
    "GameError",
    "NoSuchInvite",
    "NoSuchSession",
    "OptionsError",
    "SeatRefused",
    "SessionError",
    "StaleVersion",
    "error_body",
    "status_of",
]
