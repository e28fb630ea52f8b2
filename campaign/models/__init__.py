"""The campaign app's models, a module per subject; all of them importable from here."""

from campaign.models.activity import Activity
from campaign.models.battles import Battle, BattleFigure, BattleQuerySet, TableLog
from campaign.models.book import CampaignBook, WebhookPost
from campaign.models.campaigns import (
    FACTION_CHOICES,
    Campaign,
    CampaignQuerySet,
    EquipmentPiece,
    Figure,
    FigureQuerySet,
    LedgerEntry,
    Membership,
    RollRecord,
    Warband,
    new_invite_code,
)
from campaign.models.chases import CampaignChase
from campaign.models.chronicle import ChronicleLine
from campaign.models.corrections import Correction
from campaign.models.games import GameFigure, GameReport, GameReportQuerySet, PostGame
from campaign.models.house_rules import HouseRules
from campaign.models.mail import UnsentMail
from campaign.models.ratings import Ranking, RatingPoint

__all__ = [
    "Activity",
    "Battle",
    "BattleFigure",
    "BattleQuerySet",
    "TableLog",
    "UnsentMail",
    "FACTION_CHOICES",
    "Campaign",
    "CampaignBook",
    "CampaignChase",
    "CampaignQuerySet",
    "ChronicleLine",
    "Correction",
    "EquipmentPiece",
    "Figure",
    "FigureQuerySet",
    "GameFigure",
    "GameReport",
    "GameReportQuerySet",
    "HouseRules",
    "LedgerEntry",
    "Membership",
    "PostGame",
    "Ranking",
    "RatingPoint",
    "RollRecord",
    "Warband",
    "WebhookPost",
    "new_invite_code",
]
