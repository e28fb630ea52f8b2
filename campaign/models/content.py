"""The content version: one number that every write to the campaign's tables changes."""

from __future__ import annotations

from django.db import models


class ContentVersion(models.Model):
    """A single row (id 1). Every statement that writes to a campaign table, or to the users,
    changes `number` first, in the same transaction (campaign.services.content watches the
    connection for them): cached fragments of pages are keyed by it, so once a write is
    committed, nothing cached before it is found again. It starts at a random number, so two
    databases (or a database made again) never share a cache key."""

    number = models.BigIntegerField()

    def __str__(self) -> str:
        return f"content version {self.number}"
