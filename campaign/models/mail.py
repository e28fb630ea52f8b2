"""An e-mail about an inbox item that could not be sent while the broker (Redis) was down: kept
for the sweep (campaign.services.jobs.jobs_sweep) to send once it is back."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class UnsentMail(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=40)
    title = models.TextField()
    url = models.CharField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.kind} to user {self.user_id}"

    def as_kwargs(self) -> dict:
        return {"user_id": self.user_id, "kind": self.kind, "title": self.title, "url": self.url}
