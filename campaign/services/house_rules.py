"""Saving a campaign's house rules (C31): a new version each time, never an edit in place."""

from __future__ import annotations

import copy
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Max
from django.urls import reverse

from campaign.errors import HouseRulesConflict
from campaign.models import Activity, Campaign, HouseRules, Warband
from campaign.rules import labels
from campaign.rules.book import HouseRulesError, RuleBook, check, diff, nest, write_path
from campaign.rules.book_schema import MAX_VALUES
from campaign.rules.house_preview import numbers, warband_preview
from campaign.rules.warband import FigureDraft, check_warband
from campaign.selectors.games import warband_sheet
from campaign.selectors.house_rules import house_rules_version, rulebook_for
from campaign.services.activity import activity_record
from campaign.services.campaigns import require_open


def house_rules_proposed(
    *,
    campaign: Campaign,
    rules: dict[str, Any] | None = None,
    changes: dict[str, Any] | None = None,
) -> RuleBook:
    """The rule book a whole document (`rules`) or a set of {path: value} changes would make.
    Raises HouseRulesError naming every bad path; reads and writes nothing else."""
    current = rulebook_for(campaign)
    if rules is not None:
        if not isinstance(rules, dict):
            raise HouseRulesError("rules must be an object of tables.", field="rules")
        document = rules
    else:
        if not isinstance(changes, dict) or not changes:
            raise HouseRulesError("changes must be an object of {path: value}.", field="changes")
        if len(changes) > MAX_VALUES:
            raise HouseRulesError(
                f"At most {MAX_VALUES} changes at once: a rulebook holds about 230 values.",
                field="changes",
            )
        document = copy.deepcopy(current.document)  # the book in force is shared: a copy
        found = []
        for path, value in changes.items():
            try:
                write_path(document, str(path), value)
            except HouseRulesError as error:
                found.append((str(path), error.message))
        if found:
            raise HouseRulesError.of(found)
    document = check(document)  # the declared shape, then the rules between fields (C31)
    return RuleBook(nest(diff(current.base, document)), budget=campaign.starting_treasury)


@transaction.atomic
def house_rules_save(
    *,
    campaign: Campaign,
    actor,
    rules: dict[str, Any] | None = None,
    changes: dict[str, Any] | None = None,
    version: int | None = None,
) -> HouseRules:
    """C31: the organiser saves the whole set or some changes as the next version; it applies
    from now on (games reported earlier keep theirs). Nothing is saved on an error.

    `version` is the version the organiser started from: when another save came in between it
    raises HouseRulesConflict (409) and saves nothing. The check holds under parallel saves:
    it is made after the campaign row is locked, so writers from one version queue and only the
    first finds its version still the latest. The API and the page always pass it; None (no
    check) is for the app's own callers (the demo, tests)."""
    require_open(campaign)
    if actor.id != campaign.organiser_id:
        raise PermissionDenied("Only the organiser may change the house rules.")
    Campaign.objects.lock(campaign.id)  # versions are numbered one at a time
    latest = HouseRules.objects.filter(campaign=campaign).aggregate(n=Max("version"))["n"] or 0
    if version is not None and version != latest:
        raise HouseRulesConflict(started=version, version=latest)
    book = house_rules_proposed(campaign=campaign, rules=rules, changes=changes)
    version = latest + 1
    row = HouseRules.objects.create(
        campaign=campaign, version=version, overrides=copy.deepcopy(book.overrides), author=actor
    )
    changed = book.changed
    activity_record(
        campaign=campaign,
        kind=Activity.Kind.HOUSE_RULES,
        text=f"House rules version {version} saved by {actor.username}: "
        + (f"changed {labels.said(changed)}" if changed else "the seed's rules"),
        url=reverse("house-rules", args=[campaign.id]),
        actor=actor,
    )
    return row


def house_rules_preview(
    *,
    campaign: Campaign,
    rules: dict[str, Any] | None = None,
    changes: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """What saving would do, saving nothing (C31): every warband's team rating at the list
    prices before and after, kit no longer allowed, limits now broken, and the numbers a player
    feels, worked out from the dice. Raises HouseRulesError as saving would."""
    before = rulebook_for(campaign)
    after = house_rules_proposed(campaign=campaign, rules=rules, changes=changes)
    warbands = []
    for warband in campaign.warbands.exclude(state=Warband.State.RETIRED).order_by("name", "id"):
        if warband.is_draft:
            warbands.append(_draft_preview(before, after, warband))
        else:
            warbands.append(
                {**warband_preview(before, after, warband_sheet(warband)), "draft": False}
            )
    return {
        "version": house_rules_version(campaign),
        "changed": sorted(diff(before.document, after.document)),  # against the rules in force
        "warbands": warbands,
        "numbers": {"before": numbers(before), "after": numbers(after)},
    }


def _draft_preview(before: RuleBook, after: RuleBook, warband: Warband) -> dict[str, Any]:
    """A warband still being built: its cost and the C2-C5 problems the new rules add."""
    drafts = [
        FigureDraft(f.name, f.profile, tuple(p.key for p in f.equipment.all()))
        for f in warband.figures.prefetch_related("equipment")
    ]
    old = check_warband(warband.faction, drafts, before.budget, before)
    new = check_warband(warband.faction, drafts, after.budget, after)
    known = {p.message for p in old.problems}
    fresh = [p for p in new.problems if p.message not in known]
    return {
        "id": warband.id,
        "name": warband.name,
        "draft": True,
        "rating_before": old.cost,
        "rating_after": new.cost,
        # C4/C5 are about a figure's kit; C2/C3 about the warband's budget and limits.
        "kit_not_allowed": [p.message for p in fresh if p.rule in ("C4", "C5")],
        "over_limits": [p.message for p in fresh if p.rule not in ("C4", "C5")],
        "income": None,
    }
