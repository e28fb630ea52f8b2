"""Every write goes through a service: keyword-only arguments, one transaction, domain errors.

A module per subject; this package re-exports them so callers write `services.warband_found(...)`.
"""

from campaign.services.ratings import rankings_queue_rebuild, ratings_queue_recalculation
from campaign.services.warbands import (
    MAX_DRAFT_FIGURES,
    NewFigure,
    SkillRoll,
    campaign_create,
    campaign_join,
    campaign_join_by_code,
    campaign_update,
    figure_set_equipment,
    treasury_change,
    warband_add_figure,
    warband_create_draft,
    warband_create_founded,
    warband_found,
    warband_rating,
    warband_recalculate_rating,
    warband_remove_figure,
)

__all__ = [
    "rankings_queue_rebuild",
    "ratings_queue_recalculation",
    "MAX_DRAFT_FIGURES",
    "NewFigure",
    "SkillRoll",
    "campaign_create",
    "campaign_join",
    "campaign_join_by_code",
    "campaign_update",
    "figure_set_equipment",
    "treasury_change",
    "warband_add_figure",
    "warband_create_draft",
    "warband_create_founded",
    "warband_found",
    "warband_rating",
    "warband_recalculate_rating",
    "warband_remove_figure",
]
