"""Rating history (C11) and player rankings."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from campaign.models.campaigns import Campaign, Warband
from campaign.models.games import GameReport


class RatingPoint(models.Model):
    """A warband's team rating (C11) after a game: its rating history."""

    warband = models.ForeignKey(Warband, on_delete=models.CASCADE, related_name="rating_points")
    game = models.ForeignKey(
        GameReport, on_delete=models.CASCADE, null=True, blank=True, related_name="rating_points"
    )
    rating = models.IntegerField()
    recorded_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["warband", "game__played_on", "game_id"]
        constraints = [
            models.UniqueConstraint(fields=["warband", "game"], name="one_point_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.warband}: {self.rating}"


class Ranking(models.Model):
    """A player's Glicko-2 ranking in a campaign, rebuilt from the confirmed games."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="rankings")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    rating = models.FloatField(default=1500.0)
    deviation = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    games = models.PositiveIntegerField(default=0)
    history = models.JSONField(default=list, blank=True, help_text="[game id, rating, deviation]")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-rating"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="one_ranking_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.campaign}: {self.rating:.0f}"
