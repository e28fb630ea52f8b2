"""Reads that need care (prefetching, aggregates), a module per subject.

The warband reads are re-exported here: `selectors.roster_cards(...)`.
"""

from campaign.selectors.warbands import (
    FigureCard,
    campaign_warbands,
    draft_check,
    figure_card,
    load_roster,
    retired_warbands,
    roster_cards,
    storage,
    warbands_with_roster,
)

__all__ = [
    "warbands_with_roster",
    "campaign_warbands",
    "retired_warbands",
    "FigureCard",
    "figure_card",
    "roster_cards",
    "load_roster",
    "storage",
    "draft_check",
]
