"""The canoe games' models, a module per subject (sessions, ratings, lab); all of them
importable from here."""

from chase.models.lab import LabRun, Variant
from chase.models.ratings import RatedPlace, Rating, RatingBoard, RatingQuerySet
from chase.models.sessions import (
    ActionLog,
    GameSession,
    GameSessionQuerySet,
    Seat,
    is_code,
    new_invite,
    new_token,
)

__all__ = [
    "ActionLog",
    "GameSession",
    "GameSessionQuerySet",
    "LabRun",
    "RatedPlace",
    "Rating",
    "RatingBoard",
    "RatingQuerySet",
    "Seat",
    "Variant",
    "is_code",
    "new_invite",
    "new_token",
]
