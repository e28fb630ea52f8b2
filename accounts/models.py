"""A player's profile: the name others see and which e-mails they want."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Profile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(max_length=60, blank=True)
    # Inbox kinds this player does not want by e-mail (opt-out: new kinds are mailed).
    email_off = models.JSONField(default=list, blank=True)

    def __str__(self) -> str:
        return self.display_name or self.user.get_username()

    def wants_email(self, kind: str) -> bool:
        return bool(self.user.email) and kind not in self.email_off
