"""A campaign's house rules (C31): every saved version is kept; the latest is in force."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from campaign.models.campaigns import Campaign


class HouseRules(models.Model):
    """One saved version of a campaign's house rules: the overrides on the seed's tables.

    Versions count from 1; a campaign without a row plays the seed's rules (version 0). A game
    stores the version in force when it was reported, so its post-game keeps those rules.
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="house_rules")
    version = models.PositiveIntegerField()
    overrides = models.JSONField(
        default=dict, blank=True, help_text="Only what differs from the seed, keyed as the API"
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-version"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "version"], name="one_house_rules_version")
        ]
        verbose_name_plural = "house rules"

    def __str__(self) -> str:
        return f"House rules v{self.version} of {self.campaign}"
