"""Players' own lines in the campaign's chronicle: their words about a game, kept apart from
the lines the chronicle writes from the records (campaign.selectors.chronicle)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from campaign.models.games import GameReport

LINE_MAX = 500  # characters: a line or two at the club, not an essay


class ChronicleLine(models.Model):
    """One player's line about one game, shown with their name under the game's entry."""

    game = models.ForeignKey(GameReport, on_delete=models.CASCADE, related_name="chronicle_lines")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.CharField(max_length=LINE_MAX)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.author} on {self.game}: {self.text[:40]}"
