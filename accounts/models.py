"""A player's profile: the name others see and which e-mails they want."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Profile(models.Model):
    class TurnAlerts(models.TextChoices):
        NOW = "now", "As soon as it is my turn"
        LATER = "10min", "After 10 minutes"
        DAILY = "daily", "Once a day, all my games in one mail"
        NEVER = "never", "Never"

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(max_length=60, blank=True)
    # Inbox kinds this player does not want by e-mail (opt-out: new kinds are mailed).
    email_off = models.JSONField(default=list, blank=True)
    # E-mail when it is my turn in a canoe game across browsers (chase.services.alerts).
    turn_alerts = models.CharField(
        max_length=10, choices=TurnAlerts.choices, default=TurnAlerts.LATER
    )
    turn_digest_at = models.DateTimeField(null=True, blank=True)  # the last daily digest

    def __str__(self) -> str:
        return self.display_name or self.user.get_username()

    def wants_email(self, kind: str) -> bool:
        return bool(self.user.email) and kind not in self.email_off
