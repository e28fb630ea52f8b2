"""Reading a campaign's house rules (C31): the rule book in force, or the one a game keeps."""

from __future__ import annotations

import copy
from typing import Any

from campaign.models import Campaign, GameReport, HouseRules, PostGame, Warband
from campaign.rules.book import RuleBook, diff, leaves, read_path, write_path


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
    budget defaults to the campaign's own starting-treasury setting (C2). The book is shared
    with every request that plays by the same rules (`RuleBook.shared`): it cannot be changed."""
    if version is None:
        row = house_rules_current(campaign)
    elif version == 0:
        row = None
    else:
        row = campaign.house_rules.filter(version=version).first()
    return RuleBook.shared(row.overrides if row else {}, budget=campaign.starting_treasury)


def rulebook_for_game(game: GameReport) -> RuleBook:
    """C31: the rules in force when the game was reported, whatever changed since."""
    return rulebook_for(game.campaign, game.rules_version)


def rulebook_for_postgame(postgame: PostGame) -> RuleBook:
    """C31: the rules its game keeps, or those the organiser restarted it under."""
    game = postgame.game
    version = game.rules_version if postgame.rules_version is None else postgame.rules_version
    return rulebook_for(_campaign_of(postgame, game), version)


def _campaign_of(postgame: PostGame, game: GameReport) -> Campaign:
    """The game's campaign, as fetched with the game or else with the warband (the same row:
    `access.postgame_for` fetches the sequence with its warband's), read only when neither was."""
    if not GameReport.campaign.is_cached(game) and PostGame.warband.is_cached(postgame):
        warband = postgame.warband
        if warband.campaign_id == game.campaign_id and Warband.campaign.is_cached(warband):
            return warband.campaign
    return game.campaign


def house_rules_history(campaign: Campaign):
    return campaign.house_rules.select_related("author").order_by("-version")


def house_rules_conflict(
    campaign: Campaign, *, started: int, document: dict[str, Any]
) -> dict[str, Any]:
    """Both sides of a save refused because another version came first (C31): what the
    organiser changed since the version they started from (`document` is what they posted),
    what was saved meanwhile, and `merged`: the rules saved now with the organiser's changes
    written over them, so saving it again reapplies their change without undoing the other's.

    {"started", "version", "merged", "rows": [{path, was, mine, now, mine_changed,
    theirs_changed}]}, a row for every path either side changed.
    """
    version = house_rules_version(campaign)
    now = rulebook_for(campaign).document
    base = rulebook_for(campaign, started).document if started <= version else now
    paths = dict(leaves(base))
    # Only the rules' own paths: anything else in a posted document is refused on saving.
    mine = {path: value for path, value in diff(base, document).items() if path in paths}
    theirs = diff(base, now)
    merged = copy.deepcopy(now)
    for path, value in mine.items():
        write_path(merged, path, value)
    rows = [
        {
            "path": path,
            "was": was,
            "mine": mine.get(path, was),
            "now": read_path(now, path),
            "mine_changed": path in mine,
            "theirs_changed": path in theirs,
        }
        for path, was in paths.items()
        if path in mine or path in theirs
    ]
    return {"started": started, "version": version, "merged": merged, "rows": rows}
