"""Reads of a campaign's webhook posts (campaign.services.webhooks writes them)."""

from __future__ import annotations

from campaign.models import Campaign, WebhookPost


def webhook_last_post(campaign: Campaign) -> WebhookPost | None:
    """The campaign's latest chronicle post, for its organiser's settings page: whether the
    webhook works."""
    posts = WebhookPost.objects.filter(campaign=campaign).select_related("game")
    return posts.order_by("-created_at", "-pk").first()
