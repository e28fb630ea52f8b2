"""The campaign's activity feed: one line per thing that happened, written by the services.

A row of its own rather than derived from reports, sequences and figures: a death or a recruit
leaves no dated row of its own, and the feed is read on every campaign page, so it should be
one indexed query.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from campaign.models.campaigns import Campaign


class Activity(models.Model):
    class Kind(models.TextChoices):
        REPORT = "report", "Report filed"
        CONFIRMATION = "confirmation", "Report confirmed"
        COMMIT = "commit", "Post-game committed"
        RECRUIT = "recruit", "Recruit"
        DEATH = "death", "Death"
        CAPTIVE = "captive", "Captive settled"
        CORRECTION = "correction", "Figure corrected"
        MEMBER = "member", "Player joined or left"
        RENAME = "rename", "Warband renamed"
        HOUSE_RULES = "house_rules", "House rules changed"
        RELEASE = "release", "Stuck post-game released"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="activity")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    text = models.CharField(max_length=300)
    url = models.CharField(max_length=200, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["campaign", "-created_at"])]
        verbose_name_plural = "activity"

    def __str__(self) -> str:
        return self.text
