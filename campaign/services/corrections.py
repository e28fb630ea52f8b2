"""Corrections of a founded figure (C30): by the organiser, or by the owner with the
organiser's confirmation when the campaign confirms reports. Each is a record with who, when,
why, before and after, told in the activity feed; an applied one has the team rating
recalculated (C11)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from campaign.access import is_organiser
from campaign.errors import CampaignError, ConflictError
from campaign.models import Activity, Correction, EquipmentPiece, Figure
from campaign.rules import corrections as rules
from campaign.rules.factions import SPECIALISTS
from campaign.selectors.house_rules import rulebook_for
from campaign.services.activity import activity_record
from campaign.services.campaigns import require_open
from campaign.services.jobs import ratings_queue_recalculation

MAX_REASON = 300


def figure_values(figure: Figure) -> dict[str, Any]:
    """The figure's correctable fields as the rules read them (kit as sorted item keys)."""
    return {
        "reputation": figure.reputation,
        "melee_increase": figure.melee_increase,
        "shooting_increase": figure.shooting_increase,
        "morale_increase": figure.morale_increase,
        "skills": list(figure.skills),
        "injuries": list(figure.injuries),
        "experience": figure.experience,
        "kit": sorted(figure.equipment.values_list("key", flat=True)),
        "state": rules.STATE_OF[figure.state],  # C30: alive, dead, captive or missing
    }


def _locked(figure_id: int) -> Figure:
    return (
        Figure.objects.select_for_update(of=("self",))
        .select_related("warband__campaign", "warband__owner")
        .get(pk=figure_id)
    )


@transaction.atomic
def figure_correct(*, figure: Figure, actor, changes: Any, reason: str) -> Correction:
    """C30: correct a founded figure. The organiser's correction applies at once; the owner's
    too when the campaign does not confirm reports, otherwise it awaits the organiser."""
    figure = _locked(figure.pk)
    warband, campaign = figure.warband, figure.warband.campaign
    require_open(campaign)
    organiser = is_organiser(campaign, actor)
    if not (organiser or actor.id == warband.owner_id):
        raise PermissionDenied(f"Only {warband.name}'s owner or the organiser corrects it.")
    if warband.is_draft:
        raise CampaignError(
            f"{warband.name} is a draft: change it in the builder.", field="figure", rule="C30"
        )
    reason = (reason or "").strip()
    if not reason:
        raise CampaignError("Say why the figure is corrected.", field="reason", rule="C30")
    if len(reason) > MAX_REASON:
        raise CampaignError(
            f"The reason is {MAX_REASON} characters at most.", field="reason", rule="C30"
        )
    book = rulebook_for(campaign)  # C31: the rules in force now
    before, after = rules.check_correction(
        book=book,
        faction=book.factions[warband.faction],
        status=figure.status,
        specialist=figure.specialist or None,
        experience_start=figure.experience_start,
        before=figure_values(figure),
        changes=changes,
    )
    applies = organiser or not campaign.report_confirmation
    correction = Correction.objects.create(
        figure=figure,
        by=actor,
        reason=reason,
        before=before,
        after=after,
        state=Correction.State.APPLIED if applies else Correction.State.AWAITING,
    )
    words = rules.correction_words(before, after)
    if applies:
        _apply(correction, figure)
        text = f"{actor} corrected {figure.name} of {warband.name}: {words}. Why: {reason}"
    else:
        text = (
            f"{actor} asks to correct {figure.name} of {warband.name}: {words}. Why: {reason}. "
            "Awaiting the organiser."
        )
    activity_record(
        campaign=campaign, kind=Activity.Kind.CORRECTION, text=text, url=_url(figure), actor=actor
    )
    return correction


@transaction.atomic
def correction_confirm(*, correction: Correction, actor) -> Correction:
    """C30: the organiser confirms an owner's correction; it applies then, if the figure
    still has the values it was asked against (else 409: nothing changed)."""
    correction = Correction.objects.select_for_update(of=("self",)).get(pk=correction.pk)
    figure = _locked(correction.figure_id)
    campaign = figure.warband.campaign
    require_open(campaign)
    if not is_organiser(campaign, actor):
        raise PermissionDenied("Only the organiser confirms a correction.")
    if correction.state == Correction.State.APPLIED:
        raise CampaignError("This correction is applied already.", field="state", rule="C30")
    now = figure_values(figure)
    moved = [f for f in correction.before if now[f] != correction.before[f]]
    if moved:
        raise ConflictError(
            f"{figure.name}'s {', '.join(rules.FIELD_WORDS[f] for f in moved)} changed since "
            "this correction was asked: nothing was applied. Ask for it again.",
            field="state",
            rule="C30",
        )
    correction.state = Correction.State.APPLIED
    correction.confirmed_by = actor
    correction.save(update_fields=["state", "confirmed_by"])
    _apply(correction, figure)
    activity_record(
        campaign=campaign,
        kind=Activity.Kind.CORRECTION,
        text=f"{actor} confirmed {correction.by}'s correction of {figure.name} of "
        f"{figure.warband.name}: {rules.correction_words(correction.before, correction.after)}",
        url=_url(figure),
        actor=actor,
    )
    return correction


def _apply(correction: Correction, figure: Figure) -> None:
    after = correction.after
    fields = [f for f in after if f not in ("kit", "state")]
    for field in fields:
        setattr(figure, field, after[field])
    if "state" in after:
        fields += _set_state(figure, after["state"])
    if fields:
        figure.save(update_fields=fields)
    if "kit" in after:
        _set_kit(figure, correction.before["kit"], after["kit"])
    if after.get("state") == "dead":  # C28: a dead figure's kit goes to the warband's storage
        figure.equipment.update(figure=None)
    correction.applied_at = timezone.now()
    correction.save(update_fields=["applied_at"])
    ratings_queue_recalculation(warband_ids=[figure.warband_id])  # C11


def _set_state(figure: Figure, word: str) -> list[str]:
    """C30: the figure's state from the ruling's word; a figure no longer captive has no
    ransom offer standing (C16). The fields changed, to save."""
    figure.state = rules.STATES[word]
    if figure.state == Figure.State.CAPTURED:
        return ["state"]
    figure.ransom_offer = figure.ransom_offered_at = None
    return ["state", "ransom_offer", "ransom_offered_at"]


def _set_kit(figure: Figure, before: list[str], after: list[str]) -> None:
    """Pieces no longer carried were never the figure's: they go. Pieces added are priced
    from the faction's list (a specialist's printed kit at no price, C21); no money moves."""
    faction = rulebook_for(figure.warband.campaign).factions[figure.warband.faction]  # C31
    printed = set(SPECIALISTS[figure.specialist].equipment) if figure.specialist else set()
    gone, added = Counter(before) - Counter(after), Counter(after) - Counter(before)
    for key, count in gone.items():
        pieces = figure.equipment.filter(key=key).order_by("-price", "-id")
        EquipmentPiece.objects.filter(
            pk__in=list(pieces.values_list("id", flat=True)[:count])
        ).delete()
    for key, count in added.items():
        item = faction.item(key)
        price = 0 if key in printed or item is None else item.price
        for _ in range(count):
            EquipmentPiece.objects.create(
                warband=figure.warband, figure=figure, key=key, price=price
            )


def _url(figure: Figure) -> str:
    return reverse("warband", args=[figure.warband_id]) + f"#figure-{figure.id}"
