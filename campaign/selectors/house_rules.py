"""Reading a campaign's house rules (C31): the rule book in force, or the one a game keeps."""

from __future__ import annotations

from campaign.models import Campaign, GameReport, HouseRules
from campaign.rules.book import RuleBook


def house_rules_current(campaign: Campaign) -> HouseRules | None:
    """The latest saved version; None while the campaign plays the seed's rules. Uses the rows
    prefetched with the campaign (`campaign__house_rules`) when a list did so."""
    prefetched = getattr(campaign, "_prefetched_objects_cache", {}).get("house_rules")
    if prefetched is not None:
        return max(prefetched, key=lambda row: row.version, default=None)
    return campaign.house_rules.order_by("-version").first()


def house_rules_version(campaign: Campaign) -> int:
    current = house_rules_current(campaign)
    return current.version if current else 0


def rulebook_for(campaign: Campaign, version: int | None = None) -> RuleBook:
    """The campaign's rule book: the latest version, or `version` (0: the seed's tables). The
    budget defaults to the campaign's own starting-treasury setting (C2)."""
    if version is None:
        row = house_rules_current(campaign)
    elif version == 0:
        row = None
    else:
        row = campaign.house_rules.filter(version=version).first()
    return RuleBook(row.overrides if row else {}, budget=campaign.starting_treasury)


def rulebook_for_game(game: GameReport) -> RuleBook:
    """C31: the rules in force when the game was reported, whatever changed since."""
    return rulebook_for(game.campaign, game.rules_version)


def house_rules_history(campaign: Campaign):
    return campaign.house_rules.select_related("author").order_by("-version")
