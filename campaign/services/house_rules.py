"""Saving a campaign's house rules (C31): a new version each time, never an edit in place."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction

from campaign.models import Activity, Campaign, HouseRules
from campaign.rules.book import HouseRulesError, RuleBook, diff, nest, validate, write_path
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
        document = current.document
        found = []
        for path, value in changes.items():
            try:
                write_path(document, str(path), value)
            except HouseRulesError as error:
                found.append((str(path), error.message))
        if found:
            raise HouseRulesError.of(found)
    found = validate(document)
    if found:
        raise HouseRulesError.of(found)
    return RuleBook(nest(diff(current.base, document)), budget=campaign.starting_treasury)


@transaction.atomic
def house_rules_save(
    *,
    campaign: Campaign,
    actor,
    rules: dict[str, Any] | None = None,
    changes: dict[str, Any] | None = None,
) -> HouseRules:
    """C31: the organiser saves the whole set or some changes as the next version; it applies
    from now on (games reported earlier keep theirs). Nothing is saved on an error."""
    require_open(campaign)
    if actor.id != campaign.organiser_id:
        raise PermissionDenied("Only the organiser may change the house rules.")
    Campaign.objects.lock(campaign.id)  # versions are numbered one at a time
    book = house_rules_proposed(campaign=campaign, rules=rules, changes=changes)
    version = house_rules_version(campaign) + 1
    row = HouseRules.objects.create(
        campaign=campaign, version=version, overrides=book.overrides, author=actor
    )
    changed = book.changed
    said = ", ".join(changed[:3]) + (f" and {len(changed) - 3} more" if len(changed) > 3 else "")
    activity_record(
        campaign=campaign,
        kind=Activity.Kind.HOUSE_RULES,
        text=f"House rules version {version} saved by {actor.username}: "
        + (f"changed {said}" if changed else "the seed's rules"),
        url=f"/campaigns/{campaign.id}/house-rules/",
        actor=actor,
    )
    return row
