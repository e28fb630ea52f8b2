"""The content version: one row whose token changes with every write to the app's content.

Cached page fragments and API answers are keyed by it (campaign.content_version), so a write
changes the key and no stale page is served. A token, not a counter: a rolled-back write puts
the old token back, and the next write draws a new one, never the one rolled back (a counter
would count to the same number again and meet what was cached inside the rolled-back
transaction).
"""

from __future__ import annotations

from django.db import models


class ContentVersion(models.Model):
    token = models.CharField(max_length=32)

    class Meta:
        db_table = "campaign_contentversion"

    def __str__(self) -> str:
        return self.token


class ScopeVersion(models.Model):
    """The token of one scope of content (a campaign, an account, an inbox, a canoe game...),
    drawn by the database's triggers on every write to it (core.content_version)."""

    scope = models.CharField(max_length=40, primary_key=True)
    token = models.CharField(max_length=32)

    class Meta:
        db_table = "campaign_scopeversion"

    def __str__(self) -> str:
        return f"{self.scope}: {self.token}"
