"""The content version, read: what cached page fragments are keyed by (see
campaign.services.content for why no stale fragment can be served)."""

from __future__ import annotations

from campaign.models import ContentVersion


def content_version() -> int:
    """The current content version (0 while the row is missing, until the next write)."""
    return ContentVersion.objects.filter(pk=1).values_list("number", flat=True).first() or 0
