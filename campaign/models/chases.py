"""Chases that feed the campaign (P14): a Pelts chase played between two warbands, its rowers
named from their rosters, and the game report filed from it."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from campaign.models.campaigns import Campaign, Warband
from campaign.models.games import GameReport
from chase.models import GameSession


class CampaignChase(models.Model):
    """A game session of Pelts, Paddling and Powder between two warbands of a campaign.

    `rowers` names the figures in each canoe, two per canoe, by side and canoe index as the
    engine numbers them: {"trapper": [[id, id]], "indian": [[id, id], [id, id]]}. The chase
    itself is the chase app's (its table, log and replay); this row ties it to the campaign.
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="chases")
    session = models.OneToOneField(
        GameSession, on_delete=models.CASCADE, related_name="campaign_chase"
    )
    trappers = models.ForeignKey(Warband, on_delete=models.PROTECT, related_name="+")
    indians = models.ForeignKey(Warband, on_delete=models.PROTECT, related_name="+")
    rowers = models.JSONField()
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    report = models.OneToOneField(
        GameReport, on_delete=models.SET_NULL, null=True, blank=True, related_name="chase"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(trappers=models.F("indians")),
                name="chase_two_different_warbands",
            )
        ]

    def __str__(self) -> str:
        return f"{self.trappers} (trappers) v {self.indians} (Indians)"

    def warband_of(self, side: str) -> Warband:
        return self.trappers if side == "trapper" else self.indians

    def may_sit(self, user, side: str) -> bool:
        """Who takes a side's seat (issue 25, finding 3): the owner of its warband, or the
        organiser. Nobody else, by the lobby, an invite link or the API."""
        return bool(user is not None and user.is_authenticated) and user.id in (
            self.warband_of(side).owner_id,
            self.campaign.organiser_id,
        )
