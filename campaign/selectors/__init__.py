"""Reads that need care (prefetching, aggregates), a module per subject.

The warband reads are re-exported here: `selectors.roster_cards(...)`.
"""

from campaign.selectors.content import cached, content_version
from campaign.selectors.warbands import (
    FigureCard,
    campaign_warbands,
    draft_check,
    figure_card,
    roster,
    roster_cards,
    storage,
    warbands_with_roster,
)

__all__ = [
    "cached",
    "content_version",
    "warbands_with_roster",
    "campaign_warbands",
    "FigureCard",
    "figure_card",
    "roster",
    "roster_cards",
    "storage",
    "draft_check",
]
